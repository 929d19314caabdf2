"""Vote-count findings: each vote count the GM posted during a day, checked against the
re-count's standing votes as of that post.

A count is confirmed when every voter stands where the GM put them. A GM writes a count from
the thread as it was when they began, so a count that matches the standing a few posts
earlier (after the previous count) is confirmed "as of" that post, and the votes that came in
meanwhile are named. Otherwise each voter the GM placed differently is a disputed line, with
the post of the vote the re-count stands on.

A voter the GM counts who has no vote mark in the log that day up to the count (the votes
were not read: a grammar that missed them, a thread scraped without them) is not placed
differently by the re-count, which knows nothing of them: such a line is unverifiable, and
a count with only such lines is `unverifiable`, not `disputed`."""

from __future__ import annotations

from collections.abc import Callable

from engine.day import DayResult, day_window
from engine.gamelog import GameLog, VoteCount
from engine.verify.findings import Finding

Names = Callable[[str], str]


def verify_vote_counts(log: GameLog, result: DayResult, names: Names) -> list[Finding]:
    """A finding per vote count the GM published for the day of `result`."""
    item = log.published.for_phase(f"D{result.day}")
    if item is None:
        return []
    window = day_window(log, result.day)
    # each voter's vote marks of the day (counted or not), by post: what the log knows
    marks: dict[str, list[int]] = {}
    for vote in log.votes:
        if vote.voter is not None and vote.post > window.before:
            marks.setdefault(vote.voter, []).append(vote.post)
    findings: list[Finding] = []
    since = -1
    for vc in sorted(item.vote_counts, key=lambda c: c.post):
        findings.append(_check(vc, result, since, names, marks))
        since = vc.post
    return findings


def _check(vc: VoteCount, result: DayResult, since: int, names: Names,
           marks: dict[str, list[int]]) -> Finding:
    theirs = {voter: line.target for line in vc.tally for voter in line.voters}
    ours = result.standing_at(vc.post)
    where = f"post {vc.post}"
    item = f"vote count ({where})"
    published = _show(theirs, names)
    if _same(ours, theirs):
        return Finding(f"D{result.day}", item, "confirmed", published, published,
                       "every voter stands where the GM's count puts them", source=where)
    # the count as the thread stood a few posts before it was posted
    for at, standing in reversed(result.standings):
        if since < at < vc.post and _same(standing, theirs):
            late = [p for p, _ in result.standings if at < p <= vc.post]
            tail = f"; the votes of post{'s' if len(late) > 1 else ''} " \
                   f"{', '.join(map(str, late))} came after" if late else ""
            return Finding(f"D{result.day}", item, "confirmed", published, published,
                           f"as of post {at}{tail}", source=where)
    lines, unread = [], []
    for voter in sorted(set(ours) | set(theirs), key=names):
        mine, gm = ours.get(voter), theirs.get(voter)
        if (mine[0] if mine else None) == gm:
            continue
        said = f"on {_target(gm, names)}" if gm else "not voting"
        if mine is None and gm is not None and not any(
                p <= vc.post for p in marks.get(voter, ())):
            unread.append(f"{names(voter)}: the GM has them {said}; the log holds no vote "
                          f"mark of theirs this day up to post {vc.post}")
            continue
        now = (f"on {_target(mine[0], names)} since post {mine[1]}" if mine
               else "not voting")
        lines.append(f"{names(voter)}: the GM has them {said}, the re-count {now}")
    expected = _show({v: t for v, (t, _) in ours.items()}, names)
    if not lines:
        return Finding(f"D{result.day}", item, "unverifiable", expected, published,
                       f"no vote in the log supports the GM's count of {len(unread)} "
                       f"voter{'s' if len(unread) > 1 else ''}: their votes were not read",
                       tuple(unread), source=where)
    return Finding(f"D{result.day}", item, "disputed", expected, published,
                   f"{len(lines)} voter{'s' if len(lines) > 1 else ''} placed differently"
                   + (f" ({len(unread)} more with no vote read)" if unread else ""),
                   (*lines, *unread), source=where)


def _same(ours: dict[str, tuple[str, int]], theirs: dict[str, str]) -> bool:
    return {v: t for v, (t, _) in ours.items()} == theirs


def _target(slot: str, names: Names) -> str:
    return "No Lynch" if slot == "no-lynch" else names(slot)


def _show(standing: dict[str, str], names: Names) -> str:
    """'Hiraki: AGar, bvoigt; pod person: Barry Allen' (most votes first)."""
    by: dict[str, list[str]] = {}
    for voter, target in standing.items():
        by.setdefault(target, []).append(names(voter))
    ordered = sorted(by.items(), key=lambda kv: (-len(kv[1]), _target(kv[0], names)))
    return "; ".join(f"{_target(t, names)}: {', '.join(sorted(v))}" for t, v in ordered) \
        or "no votes"
