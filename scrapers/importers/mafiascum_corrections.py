"""The archive notes' corrections of single marks, applied to a mafiascum game log.

'X voted Y in post N but ...' (`corrected_votes`): the notes, read by a person, say what X
voted in post N. The votes the reader took from that post for X are made to say it: the
post's counted mark gets Y (or the unvote, or No Lynch); a post where no mark of X counted
gets its last own mark counted for Y, or, with none, a vote taken from the note. Each
correction is an issue naming the note's line, and the vote's `detail` quotes it; a note
whose voter, target or post is not in the game is reported and not applied.

The notes' rulings ('tried to vote ... but moderator ignored it', 'did not vote in post N
but ...') go to the published day as `MarkRuledOut` (`scrapers.importers.mafiascum`)."""

from __future__ import annotations

import re

from engine.gamelog import GameLog, ParseIssue, Slot, Vote, Where
from engine.gamelog.votes import VoteSpecial
from scrapers.importers.mafiascum_archive import ArchiveGame
from scrapers.importers.mafiascum_notes import NoteItem, corrected_votes, strip_day

_QUOTED = re.compile(r"\"([^\"]{1,200})\"")
_FOLD = re.compile(r"[\s_\-.]+")


def slot_named(slots: list[Slot], nick: str) -> Slot | None:
    """The slot an archive note's nick names: an occupant's nick or an alias, ignoring case;
    with a day written before it ('D8 Name'), the name after the day."""
    for name in dict.fromkeys((nick.strip(), strip_day(nick))):
        low = name.lower()
        for slot in slots:
            if low in (n.lower() for n in (*slot.nicks, *slot.aliases)):
                return slot
    return None


def _target(slots: list[Slot], written: str) -> tuple[str | None, VoteSpecial | None] | None:
    """(target slot id, special) the note's 'voted Y' names; None when it names nobody."""
    folded = _FOLD.sub("", written.lower())
    if folded in ("nolynch", "nolynching"):
        return None, "no-lynch"
    if folded == "unvote":
        return None, "unvote"
    slot = slot_named(slots, written)
    if slot is None:
        slot = next((s for s in slots if folded in
                     {_FOLD.sub("", n.lower()) for n in (*s.nicks, *s.aliases)}), None)
    return (slot.id, None) if slot is not None else None


def apply_corrected_votes(log: GameLog, game: ArchiveGame, file: str) -> None:
    """Apply each 'X voted Y in post N but ...' of the notes to `log.votes` (in place)."""
    posts = {p.number: p for p in log.posts}
    for item in corrected_votes(game):
        where = Where(file=file, line=item.line, post=item.post)
        slot = slot_named(log.players, item.nick)
        said = _target(log.players, item.target or "")
        post = posts.get(item.post)
        why = ("names no slot of this game" if slot is None else
               f"votes {item.target!r}, who is no slot of this game" if said is None else
               f"post {item.post} is not in the posts file" if post is None else
               f"post {item.post} is by {post.author!r}, not of slot {slot.id!r}"
               if post.slot != slot.id else None)
        if why is not None or slot is None or said is None or post is None:
            log.issues.append(ParseIssue(
                severity="warning", code="note-correction-not-placed", where=where,
                message=f"the notes' correction {item.text!r} {why}; not applied",
                text=item.text))
            continue
        log.issues.append(_apply(log, item, slot.id, said, where))


def _apply(log: GameLog, item: NoteItem, voter: str, said: tuple[str | None, VoteSpecial | None],
           where: Where) -> ParseIssue:
    target, special = said
    detail = f"archive notes, line {item.line}: {item.text}"
    marks = [v for v in log.votes if v.post == item.post and v.voter == voter]
    counted = [v for v in marks if v.counts]
    own = [v for v in marks if v.reason not in ("in-quote", "in-spoiler", "hidden-text")]
    vote = counted[-1] if counted else (own[-1] if own else None)
    if vote is not None and vote.counts and (vote.target, vote.special) == (target, special):
        return ParseIssue(severity="info", code="note-correction", where=where,
                          message=f"the notes' correction {item.text!r} agrees with the "
                                  "vote read", text=item.text)
    shown = "No Lynch" if special == "no-lynch" else "an unvote" if special == "unvote" \
        else repr(target)
    if vote is None:
        post = next(p for p in log.posts if p.number == item.post)
        quoted = _QUOTED.search(item.text)
        log.votes.append(Vote(post=item.post, phase=None, author=post.author, voter=voter,
                              raw=quoted.group(1) if quoted else item.text[:200],
                              target=target, special=special, time=post.time,
                              detail=detail))
        log.votes.sort(key=lambda v: v.post)  # stable: a post's marks keep their order
        return ParseIssue(severity="warning", code="note-correction", where=where,
                          message=f"no mark of {voter!r} read in post {item.post}; the notes' "
                                  f"correction {item.text!r} adds a vote for {shown}",
                          text=item.text)
    before = f"{vote.raw!r} ({'counted' if vote.counts else vote.reason})"
    vote.target, vote.special = target, special
    vote.counts, vote.reason, vote.detail, vote.candidates = True, None, detail, []
    for other in counted[:-1]:  # earlier counted marks of the post: the corrected one stands
        other.counts, other.reason = False, "superseded"
        other.detail = "the archive notes correct a later mark of the post"
    return ParseIssue(severity="warning", code="note-correction", where=where,
                      message=f"the mark {before} of {voter!r} in post {item.post} is taken "
                              f"as a vote for {shown}, as the notes' correction "
                              f"{item.text!r} says", text=item.text)
