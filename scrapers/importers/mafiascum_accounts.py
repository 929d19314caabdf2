"""Archive slots whose nick never posts, paired with the account that played them: a poster
outside the archive whose name is like the nick (`unlisted_accounts`, before anything else is
read), or whose votes the GM's vote counts show under the slot's nick (`counted_accounts`,
once the counts are read and before the votes are).

Each pairing is reported (a warning `unlisted-account`) with the evidence that made it.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine.gamelog import GameLog, ParseIssue, Post, Slot, Vote, Where
from engine.rulesets import RuleSet
from scrapers.html_text import PostBodies

UNLISTED_MIN_POSTS = 5  # a spectator's odd post is not a player's account
UNLISTED_MIN_SCORE = 60.0  # rapidfuzz ratio of the folded names (0-100)
# the GM's counts: at least this many showed the slot voting as the poster had just voted,
# and at least this share of the counts that showed the slot elsewhere agreed
COUNTED_MIN_AGREE = 2
COUNTED_MIN_SHARE = 0.75

Pairs = dict[str, list[tuple[Slot, int]]]  # lower-case poster nick -> [(slot, occupant)]


def unlisted_accounts(posts: list[Post], slots: list[Slot], by_nick: Pairs, known: Pairs,
                      mods: set[str], file: str, issues: list[ParseIssue]) -> Pairs:
    """A slot nick of the archive that never posts, and a nick outside the archive that
    posts all game with a name like it ('BNL' for bulletnlynchproof, 'saporovirus' for
    sapovirus, 'Wake1' for Wake88): the same player under another account name. Paired by
    name likeness (the letters in order from the first, or a close spelling), best pairs
    first; each pairing is reported with its reason."""
    from rapidfuzz import fuzz

    from scrapers.names.keys import fold, is_subsequence

    counts: dict[str, int] = defaultdict(int)
    spelled: dict[str, str] = {}
    for post in posts:
        low = post.author.lower()
        if low in by_nick or low in known or low in mods:
            continue
        counts[low] += 1
        spelled.setdefault(low, post.author)
    posted = {p.author.lower() for p in posts}
    silent = [(slot, i) for slot in slots for i, occ in enumerate(slot.occupants)
              if occ.nick.lower() not in posted]
    strangers = [n for n, c in counts.items() if c >= UNLISTED_MIN_POSTS]
    scored: list[tuple[float, str, Slot, int]] = []
    for slot, i in silent:
        a = fold(slot.occupants[i].nick)
        for low in strangers:
            b = fold(spelled[low])
            if not a or not b:
                continue
            score = float(fuzz.ratio(a, b))
            if len(b) >= 2 and b[0] == a[0] and is_subsequence(b, a):
                score = max(score, 75.0)
            if score >= UNLISTED_MIN_SCORE:
                scored.append((score, low, slot, i))
    out: Pairs = {}
    used: set[tuple[str, int]] = set()
    for score, low, slot, i in sorted(scored, key=lambda t: (-t[0], t[1], t[2].id)):
        if low in out or (slot.id, i) in used:
            continue
        out[low] = [(slot, i)]
        used.add((slot.id, i))
        nick = spelled[low]
        if nick not in slot.aliases:
            slot.aliases.append(nick)
        issues.append(ParseIssue(
            severity="warning", code="unlisted-account", where=Where(file=file),
            message=f"{slot.occupants[i].nick!r} of slot {slot.id!r} never posts, and "
                    f"{nick!r}, not in the archive, posts {counts[low]} times with a name "
                    f"like it (likeness {score:.0f}/100): taken as the same player "
                    "(evidence: the names)", text=nick))
    return out


@dataclass
class _Evidence:
    agree: int = 0
    disagree: int = 0
    first: int | None = None  # the first count that agreed


def counted_accounts(log: GameLog, rs: RuleSet, file: str,
                     bodies: PostBodies | None = None) -> list[ParseIssue]:
    """A slot occupant whose nick never posts, and a poster without a slot whose votes the
    GM's counts show under that nick: the count after the poster's vote (and before their
    next mark) lists the slot voting for the same target, where the count before did not.
    Paired when at least `COUNTED_MIN_AGREE` counts agree and `COUNTED_MIN_SHARE` of those
    that show the slot elsewhere do, one poster to one slot (a tie pairs neither). The
    poster's posts go to the slot and their nick becomes its alias. The log's vote counts
    must be read; its votes are read after."""
    from scrapers.votes import read_votes

    strangers = [p for p in log.posts if p.slot is None and not p.gm and not p.deleted]
    if not strangers:
        return []
    posted = {p.author.lower() for p in log.posts}
    unposted = [(slot, i) for slot in log.players for i, occ in enumerate(slot.occupants)
                if occ.nick.lower() not in posted]
    if not unposted:
        return []  # every nick posts (most games): nobody's posts need placing
    played: set[tuple[str, int]] = set()  # (slot, occupant) with posts of their own
    by_slot = {s.id: s for s in log.players if any(s is u for u, _ in unposted)}
    for p in log.posts:
        slot_of = by_slot.get(p.slot or "")
        if slot_of is not None:
            occ = slot_of.occupant_at(p.number)
            played.add((slot_of.id, next(k for k, o in enumerate(slot_of.occupants)
                                         if o is occ)))
    silent = [(slot, i) for slot, i in unposted if (slot.id, i) not in played]
    if not silent:
        return []
    by_slot = {s.id: s for s in log.players}
    counts = {p.phase: sorted(p.vote_counts, key=lambda c: c.post)
              for p in log.published.phases if p.vote_counts}
    if not counts:
        return []
    votes = read_votes(log.model_copy(update={"posts": strangers, "votes": []}), rs,
                       bodies=bodies).votes
    by_author: dict[str, list[Vote]] = defaultdict(list)
    for v in votes:
        if v.reason == "not-a-player":  # their own mark, void only for want of a slot
            by_author[v.author.lower()].append(v)
    evidence: dict[tuple[str, str, int], _Evidence] = {}
    for low, marks in by_author.items():
        for n, v in enumerate(marks):
            aim = "no-lynch" if v.special == "no-lynch" else v.target
            day = counts.get(v.phase or "")
            if aim is None or day is None:
                continue
            nxt = marks[n + 1].post if n + 1 < len(marks) else None
            after = next((c for c in day if c.post > v.post), None)
            if after is None or (nxt is not None and after.post > nxt):
                continue
            before = next((c for c in reversed(day) if c.post < v.post), None)
            for slot, i in silent:
                if slot.occupant_at(after.post) is not slot.occupants[i]:
                    continue
                shown = after.places(slot.id)
                if not shown:
                    continue
                ev = evidence.setdefault((low, slot.id, i), _Evidence())
                if shown == {aim}:
                    if before is None or before.places(slot.id) != {aim}:
                        ev.agree += 1
                        ev.first = ev.first if ev.first is not None else after.post
                else:
                    ev.disagree += 1
    fit = {k: e for k, e in evidence.items() if e.agree >= COUNTED_MIN_AGREE
           and e.agree >= COUNTED_MIN_SHARE * (e.agree + e.disagree)}
    issues: list[ParseIssue] = []
    spelled = {p.author.lower(): p.author for p in strangers}
    taken: set[object] = set()  # posters and (slot, occupant)s paired
    for (low, sid, i), ev in sorted(fit.items(), key=lambda kv: (-kv[1].agree, kv[0])):
        if low in taken or (sid, i) in taken:
            continue  # paired with a better fit
        slot, nick = by_slot[sid], spelled[low]
        rivals = [k for k, e in fit.items() if k != (low, sid, i) and e.agree == ev.agree
                  and (k[0] == low or (k[1], k[2]) == (sid, i))]
        if rivals:
            taken.update({low, (sid, i), *((k[1], k[2]) for k in rivals),
                          *(k[0] for k in rivals)})
            issues.append(ParseIssue(
                severity="warning", code="unlisted-account-ambiguous", where=Where(file=file),
                message=f"{nick!r}, not in the archive, votes as the GM's counts show "
                        f"{slot.occupants[i].nick!r} of slot {sid!r} voting ({ev.agree} "
                        "counts), and as well for another pairing: left unpaired",
                text=nick))
            continue
        taken.update({low, (sid, i)})
        slot.aliases.append(nick)
        for post in strangers:
            if post.author.lower() == low:
                post.slot = sid
        issues.append(ParseIssue(
            severity="warning", code="unlisted-account", where=Where(file=file, post=ev.first),
            message=f"{slot.occupants[i].nick!r} of slot {sid!r} never posts, and {nick!r}, "
                    "not in the archive, votes as the GM's vote counts show that nick voting: "
                    f"{ev.agree} counts listed {slot.occupants[i].nick!r} on the target "
                    f"{nick!r} had just voted for ({ev.disagree} showed it elsewhere; the "
                    f"first in post {ev.first}): taken as the same player (evidence: the "
                    "vote counts)", text=nick))
    return issues

