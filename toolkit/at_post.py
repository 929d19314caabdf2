"""`mafiakit votes --at-post N`: the standing vote count of the day post N is in, as of that
post, for a player disputing a count mid-day ("was it really L-1 when I posted?").

Nothing is counted here: the day is re-counted by the day engine (`engine.day.count_day`,
under the game's rule set and the rulings asked for) and its running standing read at the
post (`DayResult.tally_at`); the threshold is the engine's (`engine.day.standing.needed`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from engine.day import (
    DayResult,
    NotCounted,
    TallyLine,
    alive_at_start,
    count_day,
    count_rules,
    day_window,
    days_of,
)
from engine.day.standing import NO_LYNCH, majority_of, needed
from engine.errors import BadInputError
from engine.gamelog import GameLog
from toolkit.daycount import slot_namer


@dataclass(frozen=True)
class AtPost:
    post: int
    day: int
    tally: list[TallyLine]
    weights: dict[str, float]  # voter slot -> the votes their standing vote carries
    not_counted: list[NotCounted]  # the day's marks up to the post that do not count
    alive: int
    majority: int | None  # votes that eliminate a player (majority rule sets); None: plurality
    needed: dict[str, int]  # targets whose need differs from `majority` (No Lynch, Loved...)
    result: DayResult  # the whole day, for its outcome


def _spans(log: GameLog) -> str:
    out = []
    for day in days_of(log):
        w = day_window(log, day)
        low = (w.start if w.start is not None else w.before) + 1
        out.append(f"day {day}: posts {low}-{w.end if w.end is not None else 'end'}")
    return "; ".join(out) or "the game log has no days"


def standing_at_post(log: GameLog, post: int,
                     rulings: Mapping[str, str] | None = None) -> AtPost:
    """The count of the day holding `post`, as of that post; a post in no day (a night, the
    GM's opening, past the thread) is a `BadInputError` listing where the days are."""
    days = [d for d in days_of(log) if day_window(log, d).holds(post)]
    if not days:
        last = max((p.number for p in log.posts), default=None)
        past = f" (the thread's last post is {last})" if last is not None and post > last else ""
        raise BadInputError(None, "--at-post", f"post {post} is in no day{past}; the days are "
                            f"{_spans(log)}")
    day = days[0]
    result = count_day(log, day, rulings)
    rules = count_rules(log, day, rulings)
    tally = result.tally_at(post)
    standing = result.standing_at(post)
    weights = {voter: result.weights.get((voter, at), 1.0)
               for voter, (_, at) in standing.items()}
    at = result.alive_at(post)
    alive = at if at is not None else len(alive_at_start(log, day))
    majority = majority_of(alive) if rules.decision == "majority" else None
    need: dict[str, int] = {}
    if majority is not None:
        # the rule set's per-target needs: No Lynch (where a vote for it is allowed or
        # standing), a Loved or Hated player on a wagon
        no_lynch = [NO_LYNCH] if rules.no_lynch_less else []
        for target in dict.fromkeys([*no_lynch, *(t.target for t in tally)]):
            if (n := needed(target, alive, rules)) != majority:
                need[target] = n
    return AtPost(post=post, day=day, tally=tally, weights=weights,
                  not_counted=[n for n in result.not_counted if n.post <= post],
                  alive=alive, majority=majority, needed=need, result=result)


def _decided(log: GameLog, at: AtPost) -> str | None:
    """What the day had come to by the post, when it ended at or before it."""
    r = at.result
    if r.decided_at_post is None or r.decided_at_post > at.post:
        return None
    shown = slot_namer(log)
    gone = [*r.earlier, *([r.eliminated] if r.eliminated else [])]
    outcome = " and ".join(shown(s) for s in gone) if gone else (
        "no lynch" if r.no_lynch else "nobody eliminated")
    return f"the day was decided at post {r.decided_at_post} ({r.decided_by}: {outcome}); " \
           "later marks do not count"


def at_post_json(log: GameLog, at: AtPost) -> dict[str, Any]:
    shown = slot_namer(log)
    return {
        "day": at.day, "post": at.post, "alive": at.alive, "majority": at.majority,
        "decision": "majority" if at.majority is not None else "plurality",
        "needed": {shown(t): n for t, n in at.needed.items()},
        "tally": [{"target": shown(t.target), "votes": t.votes,
                   "voters": [{"voter": shown(v), "votes": at.weights.get(v, 1.0)}
                              for v in t.voters]} for t in at.tally],
        "not_counted": [{"post": n.post, "voter": shown(n.voter), "raw": n.raw,
                         "reason": n.reason, "detail": n.detail} for n in at.not_counted],
        "decided": _decided(log, at),
    }


def print_at_post(log: GameLog, at: AtPost, console: Console) -> None:
    shown = slot_namer(log)
    if at.majority is not None:
        rule = f"{at.majority} votes eliminate (majority of {at.alive} alive)"
        rule += "".join(f"; {shown(t)} needs {n}" for t, n in at.needed.items())
    else:
        rule = f"{at.alive} alive; the most votes at the day's close eliminate (plurality)"
    console.print(f"[bold]Day {at.day} as of post {at.post}[/bold]: {rule}")
    table = Table(show_header=True, header_style="dim", box=None, pad_edge=False)
    table.add_column("target")
    table.add_column("votes", justify="right")
    table.add_column("voters")
    for t in at.tally:
        table.add_row(shown(t.target), f"{t.votes:g}", ", ".join(
            shown(v) + (f" (x{at.weights[v]:g})" if at.weights.get(v, 1.0) != 1 else "")
            for v in t.voters))
    if at.tally:
        console.print(table)
    else:
        console.print("  no votes standing")
    if at.not_counted:
        console.print(f"  [dim]{len(at.not_counted)} marks not counted:[/dim]")
        for n in at.not_counted:
            detail = f" ({n.detail})" if n.detail else ""
            console.print(f"    post {n.post} {shown(n.voter)}: {n.raw!r} — {n.reason}{detail}",
                          markup=False, highlight=False)
    decided = _decided(log, at)
    if decided:
        console.print(f"  [yellow]note:[/yellow] {decided}")
