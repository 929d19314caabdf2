"""Marks the text alone does not give, confirmed by the GM's next vote count.

Players forget the bold ("Vote: X" as a plain line) or call a player by a name of the
thread's making (a riddle, an avatar's name, a nick spelt backwards): the text gives no vote,
but the moderator understood one and the next vote count shows it. Under the rule set's
ruling ``<ruleset>.gm-confirmed-marks`` (mafiascum: on by default) such a mark counts for the
player the count places the voter on, with reason ``gm-count``, when the count can only be
showing this mark:

- the count is the first of the mark's day after it, and comes before the voter's next mark
  (a mark in a quote, a spoiler or hidden text is no mark of theirs);
- it places the voter on exactly one player;
- that player is neither the voter's standing vote before the mark's post nor where the
  previous count of the day already placed them (else the count shows nothing new);
- an unbolded vote for a name the text resolves must be placed on that player; an ambiguous
  name, on one of the players it could mean;
- one placement confirms one mark.

The written name is then learnt as that voter's name for the player: their later marks that
write it count for the same player (unless the count after one shows them elsewhere). A name
no player has that the counts confirm for the same player behind two or more voters' marks
(and for no other player) is the thread's name for them: anyone's mark that writes it counts
for that player, unless the count after it places the voter elsewhere (players take up each
other's nicknames: a nick spelt backwards, an avatar's name). One voter's riddle ("scum")
stays theirs. Every confirmation, every use of a learnt name and every mark left unconfirmed
is reported.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Literal

from lxml import etree

from engine.day.count import GM_CONFIRMED
from engine.day.window import days_of, vote_resets
from engine.gamelog import GameLog, ParseIssue, Vote, Where
from engine.gamelog.published import VoteCount
from engine.rulesets import RuleSet
from scrapers.names.keys import fold
from scrapers.votes.grammars import Command, Grammar
from scrapers.votes.marks import Mark, own_lines

# a post whose HTML may hold a plain "Vote: X" line (at the start of the body or of a line)
HINT = re.compile(r"(?:^|[>\n])\s*vote\s*:", re.I)


def may_hold_line(html: str) -> bool:
    """`HINT`'s answer by `lower()`, `find` and a look at each "vote" found: the pattern
    has no literal start, so its case-blind search tries it at every character (a thousand
    times dearer on a long post than finding "vote"). The same answers: "vote" matches
    case-blind only what lowers to it (checked over all of Unicode in
    tests/scrapers/test_vote_line_hint.py), and lowering makes no space, '>' or ':'."""
    low = html.lower()
    end = len(low)
    at = low.find("vote")
    while at >= 0:
        j = at + 4
        while j < end and low[j].isspace():
            j += 1
        if j < end and low[j] == ":":
            # back over the spaces before it (a line break among them is a line start)
            i = at
            while i > 0 and low[i - 1] not in ">\n" and low[i - 1].isspace():
                i -= 1
            if i == 0 or low[i - 1] in ">\n":
                return True
        at = low.find("vote", at + 1)
    return False
# the whole line is the vote: "Vote: X", a name of at most four words and nothing after it
_LINE = re.compile(r"^vote\s*:\s*[^\s:][^:;,.!?()\[\]]{0,38}$", re.I)
_MAX_WORDS = 4
# what makes a mark no mark of its author's: the moderator will not have counted it either
_NOT_THEIRS = frozenset({"in-quote", "in-spoiler", "hidden-text", "gm-post", "not-a-player"})
_NAMELESS = frozenset({"unknown-name", "ambiguous-name"})


def ruling_on(log: GameLog, rs: RuleSet) -> bool:
    """Whether the log's rulings (over the rule set's defaults) take GM-confirmed marks; a
    rule set without the ruling does not."""
    key = f"{rs.id}.{GM_CONFIRMED}"
    if not any(r.key == key for r in rs.rulings):
        return False
    return rs.choose(log.meta.rulings).get(key) == "on"


def unbolded(root: etree._Element, marks: list[Mark], gram: Grammar) -> Iterator[
        tuple[Mark, Command]]:
    """The post's own plain lines that are only "Vote: X", read by the grammar as if bold;
    a line that is the text of a mark is the mark's (bold, or set aside as talk)."""
    taken = {line for m in marks for line in m.text.split("\n")}
    for line in own_lines(root):
        if line in taken or not _LINE.match(line) or len(line.split()) > _MAX_WORDS + 1:
            continue
        mark = Mark(kind="plain", text=line, index=len(marks), bold=False, color=None)
        cmds = gram.read(Mark(kind="bold", text=line, index=mark.index, bold=True, color=None))
        if len(cmds) == 1 and cmds[0].kind == "vote" and cmds[0].name is not None:
            yield mark, cmds[0]


def as_candidate(vote: Vote) -> Vote | None:
    """An unbolded vote as the text gives it: not counted ('not-formatted'), to be confirmed
    by a count; None when it is void for another reason (then it is no mark, as the grammar
    has it)."""
    if vote.reason not in (None, *_NAMELESS):
        return None
    why = "not in bold: a vote is written in bold"
    if vote.reason is not None and vote.detail:
        why += f"; {vote.detail}"
    return vote.model_copy(update={"counts": False, "reason": "not-formatted", "detail": why})


def confirm_marks(log: GameLog, rs: RuleSet, votes: list[Vote],
                  plain: set[int]) -> tuple[list[Vote], list[ParseIssue]]:
    """`votes` with the marks the GM's counts confirm counted (reason 'gm-count'); `plain`
    holds the indices of the unbolded candidates. Returns the votes and what was reported."""
    counts = _counts_by_day(log)
    resets = _resets_by_day(log)
    out = list(votes)
    issues: list[ParseIssue] = []
    mine: dict[str, list[int]] = defaultdict(list)  # voter -> indices of their own marks
    for i, v in enumerate(out):
        if v.voter is not None and v.reason not in _NOT_THEIRS:
            mine[v.voter].append(i)
    used: set[tuple[int, str]] = set()  # (count post, voter): one placement, one mark
    for indices in mine.values():
        # the standing vote (slot id or "no-lynch") and the post of its mark, as the marks
        # read so far give it; `before` is the standing vote before the current post
        day, standing, since, post, before = None, None, -1, -1, None
        learnt: dict[str, tuple[str, int, int]] = {}  # folded name -> (slot, count, mark post)
        for n, i in enumerate(indices):
            v = out[i]
            if v.phase != day:
                day, standing, since = v.phase, None, -1
            if v.post != post:
                if any(since < r <= v.post for r in resets.get(v.phase or "", [])):
                    standing = None  # the GM cleared every vote since
                post, before = v.post, standing
            if v.special is None and (i in plain or v.reason in _NAMELESS):
                nxt = next((out[j].post for j in indices[n + 1:]), None)
                out[i], issue = _confirm(v, i in plain, counts.get(v.phase or "", []), nxt,
                                         before, used, learnt)
                issues.append(issue)
                done = out[i]
                if done.reason == "gm-count" and done.confirmed_by is not None:
                    name = _written(v)
                    if name and v.target is None and name not in learnt:
                        learnt[name] = (done.target or "", done.confirmed_by, v.post)
                    _supersede_earlier(out, indices[:n], v.post, rs)
            now = out[i]
            if now.counts:
                standing, since = ("no-lynch" if now.special == "no-lynch" else
                                   None if now.special == "unvote" else now.target), now.post
    _shared_names(out, mine, counts, rs, issues)
    return out, issues


SHARED_MIN_VOTERS = 2  # voters whose confirmed marks make a name the thread's


def _shared_names(out: list[Vote], mine: dict[str, list[int]],
                  counts: dict[str, list[VoteCount]], rs: RuleSet,
                  issues: list[ParseIssue]) -> None:
    """Marks still unconfirmed whose name the counts confirmed for one player behind two or
    more other voters' marks: counted for that player (in place), each reported."""
    taught: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(dict))
    for v in out:
        if v.reason == "gm-count" and v.unconfirmed == "unknown-name" and v.target and \
                v.voter and v.confirmed_by is not None:
            taught[_written(v)][v.target].setdefault(v.voter, v.confirmed_by)
    shared = {name: next(iter(by_slot.items())) for name, by_slot in taught.items()
              if name and len(by_slot) == 1 and
              len(next(iter(by_slot.values()))) >= SHARED_MIN_VOTERS}
    if not shared:
        return
    for indices in mine.values():
        for n, i in enumerate(indices):
            v = out[i]
            if v.counts or v.special is not None or v.reason != "unknown-name":
                continue
            found = shared.get(_written(v))
            if found is None:
                continue
            slot, voters = found
            nxt = next((out[j].post for j in indices[n + 1:] if out[j].post > v.post), None)
            count = next((c for c in counts.get(v.phase or "", []) if c.post > v.post), None)
            if count is not None and (nxt is None or count.post < nxt):
                placed = _on(count, v.voter or "")
                if len(placed) == 1 and slot not in placed:
                    continue  # this voter's count says otherwise
            by = ", ".join(f"{voter} (count in post {post})"
                           for voter, post in sorted(voters.items()))
            detail = (f"{_written(v)!r} is the thread's name for {slot}: the GM's counts placed "
                      f"other voters on {slot} after their marks with it: {by}")
            out[i], issue = _taken(v, slot, min(voters.values()), detail,
                                   "gm-confirmed-shared-name")
            issues.append(issue)
            _supersede_earlier(out, indices[:n], v.post, rs)


def _confirm(v: Vote, is_plain: bool, counts: list[VoteCount], nxt: int | None,
             standing: str | None, used: set[tuple[int, str]],
             learnt: dict[str, tuple[str, int, int]]) -> tuple[Vote, ParseIssue]:
    voter = v.voter or ""
    count = next((c for c in counts if c.post > v.post), None)
    if count is not None and nxt is not None and count.post > nxt:
        count = None  # the voter marked again before it: the count may show either mark
    placed = _on(count, voter) if count is not None else set()
    known = learnt.get(_written(v)) if not is_plain or v.target is None else None
    if known is not None:
        slot, taught, first = known
        if count is not None and len(placed) == 1 and slot not in placed and \
                standing not in placed:
            return _left(v, f"{_written(v)!r} was learnt as {slot} from the GM's count in post "
                            f"{taught}, but the count in post {count.post} places the voter "
                            f"on {next(iter(placed))}")
        detail = (f"{_written(v)!r} names {slot} for this voter: the GM's vote count in post "
                  f"{taught} placed them there after their mark in post {first}")
        return _taken(v, slot, taught, detail, "gm-confirmed-alias")
    if count is None:
        return _left(v, "no GM vote count of its day follows it before the voter's next mark")
    shown = f"the GM's vote count in post {count.post}"
    if voter in count.not_voting:
        placed = placed | {""}
    if len(placed) != 1:
        what = "does not list the voter" if not placed else "places the voter on " + \
            ", ".join(sorted(p or "not voting" for p in placed))
        return _left(v, f"{shown} {what}")
    target = next(iter(placed))
    if target in ("", "no-lynch"):
        return _left(v, f"{shown} places the voter on {target or 'not voting'}")
    if target == standing:
        return _left(v, f"{shown} places the voter on {target}, their standing vote before "
                        "the mark: it shows nothing new")
    before = next((c for c in reversed(counts) if c.post < v.post), None)
    if before is not None and _on(before, voter) == {target}:
        return _left(v, f"{shown} places the voter on {target}, where the count in post "
                        f"{before.post} already had them")
    if is_plain and v.target is not None and v.target != target:
        return _left(v, f"{shown} places the voter on {target}, not on {v.target}")
    if v.reason == "ambiguous-name" and target not in v.candidates:
        return _left(v, f"{shown} places the voter on {target}, none of the players the name "
                        "could mean")
    if (count.post, voter) in used:
        return _left(v, f"{shown} placing the voter on {target} confirms an earlier mark")
    used.add((count.post, voter))
    what = "an unbolded vote" if is_plain else f"{_written(v)!r} names no player"
    return _taken(v, target, count.post, f"{what}; {shown}, before the voter's next mark, "
                  f"places them on {target}", "gm-confirmed-mark")


def _taken(v: Vote, target: str, count: int, detail: str,
           code: str) -> tuple[Vote, ParseIssue]:
    done = v.model_copy(update={
        "counts": True, "reason": "gm-count", "unconfirmed": v.reason, "confirmed_by": count,
        "target": target, "detail": detail, "candidates": []})
    return done, _issue("warning", code, done, f"counted for {target} on the GM's word: "
                        f"{detail}")


def _left(v: Vote, why: str) -> tuple[Vote, ParseIssue]:
    detail = f"{v.detail}; " if v.detail else ""
    left = v.model_copy(update={"detail": f"{detail}not confirmed: {why}"})
    return left, _issue("info", "gm-count-no-confirmation", left, f"{v.reason}, not "
                        f"confirmed by a GM vote count: {why}")


def _issue(severity: Literal["info", "warning"], code: str, v: Vote,
           message: str) -> ParseIssue:
    return ParseIssue(severity=severity, code=code,
                      where=Where(post=v.post), message=f"{v.voter}'s mark: {message}",
                      text=v.raw)


def _written(v: Vote) -> str:
    """The name as the mark writes it, folded (the text after the vote word)."""
    m = re.match(r"^\s*vote\s*[:=\-]?\s*(.*)$", v.raw, re.I | re.S)
    return fold(m.group(1) if m else v.raw)


def _supersede_earlier(out: list[Vote], earlier: list[int], post: int, rs: RuleSet) -> None:
    """The confirmed mark is the post's last that counts: earlier counted ones are
    superseded where the last mark of a post wins."""
    if not rs.day.last_mark_wins:
        return
    for j in earlier:
        if out[j].post == post and out[j].counts:
            out[j] = out[j].model_copy(update={
                "counts": False, "reason": "superseded", "confirmed_by": None,
                "unconfirmed": None, "detail": "a later mark in the same post stands"})


def _counts_by_day(log: GameLog) -> dict[str, list[VoteCount]]:
    return {p.phase: sorted(p.vote_counts, key=lambda c: c.post)
            for p in log.published.phases if p.vote_counts}


def _resets_by_day(log: GameLog) -> dict[str, list[int]]:
    return {f"D{day}": vote_resets(log, day) for day in days_of(log)}


def _on(count: VoteCount, voter: str) -> set[str]:
    """The players (and No Lynch) the count places the voter on, not-voting aside."""
    return count.places(voter) - {""}
