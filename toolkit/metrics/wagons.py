"""Wagons: who joined each target's votes in what order, where they stood at the end, how
far from the hammer, and how close each wagon came to the majority.

A *wagon* is the set of voters standing on one target (a slot id or "no-lynch") in one round
of a day; the conventions (change posts, rounds, heads, the plain majority) are those of
`toolkit.metrics.votes`. An *entry* is a voter's vote coming to stand on a target at a
change post (from no vote or from another target). Leaving (a switch, an unvote, a vote
removed by a reset or a death) ends the entry; coming back later is a new entry (a
*re-entry*, `entry` 2, 3, ...), placed at the back of the wagon like any newcomer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
from pandas.api.types import pandas_dtype

from engine.day import DayResult
from engine.gamelog import GameLog
from toolkit.frames import BOOL, FLOAT, INT, STR, TIME, typed_frame
from toolkit.metrics.votes import (
    DayScale,
    Rulings,
    counted,
    post_times,
    rounds,
    vote_counts,
)


@dataclass
class _Entry:
    day: int
    round: int
    target: str
    voter: str
    entry: int
    post: int
    position: int
    needed: int | None
    left_post: int | None = None
    weight: float = 1.0  # the votes the rule set gives this ballot (a double vote: 2)


@dataclass(frozen=True)
class _Wagons:
    entries: list[_Entry]
    # (day, round, hammer post or None, target -> its entries still standing at the round's
    # end, in the order they joined)
    ends: list[tuple[int, int, int | None, dict[str, list[_Entry]]]]


def _wagons(log: GameLog, results: Sequence[DayResult], rulings: Rulings) -> _Wagons:
    entries: list[_Entry] = []
    ends: list[tuple[int, int, int | None, dict[str, list[_Entry]]]] = []
    for result in results:
        scale = DayScale(log, result, rulings)
        times_on: dict[tuple[str, str], int] = {}  # (target, voter) -> entries so far
        for rnd in rounds(result):
            on: dict[str, list[_Entry]] = {}
            before: dict[str, str] = {}
            for post, standing in rnd.changes:
                now = {v: t for v, (t, _) in standing.items()}
                cast = {v: at for v, (_, at) in standing.items()}
                moved = sorted(v for v in set(before) | set(now) if before.get(v) != now.get(v))
                for voter in moved:  # leave first, so that a joiner's place counts them out
                    old = before.get(voter)
                    if old is not None:
                        left = next(e for e in on[old] if e.voter == voter)
                        left.left_post = post
                        on[old].remove(left)
                for voter in moved:  # several joining one wagon in one post: by slot id
                    new = now.get(voter)
                    if new is None:
                        continue
                    n = times_on[(new, voter)] = times_on.get((new, voter), 0) + 1
                    wagon = on.setdefault(new, [])
                    e = _Entry(result.day, rnd.number, new, voter, n, post, len(wagon) + 1,
                               scale.needed(post, new),
                               weight=scale.weight(voter, new, cast[voter]))
                    wagon.append(e)
                    entries.append(e)
                before = now
            ends.append((result.day, rnd.number, rnd.hammer,
                         {t: list(w) for t, w in on.items() if w}))
    return _Wagons(entries, ends)


ENTRY_COLUMNS = {"day": INT, "round": INT, "target": STR, "voter": STR, "entry": INT,
                 "post": INT, "time": TIME, "position": INT, "needed": INT,
                 "left_post": INT, "weight": FLOAT}


def wagon_entries(log: GameLog, results: Sequence[DayResult] | None = None,
                  rulings: Rulings = None) -> pd.DataFrame:
    """Each entry of a voter onto a wagon: `position` = the heads on the target right after
    the entry (1: the voter started the wagon; voters who left before are not counted),
    `entry` = 1 for the voter's first entry onto this target this day, 2, 3, ... for
    re-entries, `needed` the votes the target needed at that post (as in `vote_counts`),
    `left_post` the change post where the vote left the target (empty: still on it at the
    round's end), `weight` the votes the rule set gives the entering ballot (a double vote
    2; the heads of a wagon are not its votes). Several voters entering one wagon in the
    same post are placed in slot-id order. Sorted by day, post, target, position."""
    times = post_times(log)
    w = _wagons(log, counted(log, results, rulings), rulings)
    rows: list[dict[str, Any]] = [
        {"day": e.day, "round": e.round, "target": e.target, "voter": e.voter,
         "entry": e.entry, "post": e.post, "time": times.get(e.post), "position": e.position,
         "needed": e.needed, "left_post": e.left_post, "weight": e.weight}
        for e in w.entries]
    rows.sort(key=lambda r: (r["day"], r["post"], r["target"], r["position"]))
    return typed_frame(rows, ENTRY_COLUMNS)


TERMINAL_COLUMNS = {"day": INT, "round": INT, "target": STR, "voter": STR, "entry_post": INT,
                    "position": INT, "size": INT, "hammered": BOOL, "eliminated": BOOL}


def terminal_positions(log: GameLog, results: Sequence[DayResult] | None = None,
                       rulings: Rulings = None) -> pd.DataFrame:
    """Where the voters still on each wagon at the end of a round stand in it: `position` =
    1 for the earliest of them to have entered (by the post of their current entry), ...,
    `size` the wagon's heads then. The end of a round is its last change post: the hammer,
    or the last change before the day closed. `hammered`: this wagon reached the majority
    at that post; `eliminated`: the round's lynch was this wagon's target (by a hammer or at
    the deadline; a No Lynch wagon is never eliminated). Voters who left are not counted, so
    a terminal position is at most the entry position. Sorted by day, round, target,
    position."""
    results = counted(log, results, rulings)
    w = _wagons(log, results, rulings)
    hammered = _hammered(w)
    lynched = {(r.day, i): slot for r in results
               for i, slot in enumerate([*r.earlier, r.eliminated], start=1)}
    rows: list[dict[str, Any]] = []
    for day, rnd, _hammer, on in w.ends:
        for target in sorted(on):
            rows.extend({"day": day, "round": rnd, "target": target, "voter": e.voter,
                         "entry_post": e.post, "position": i, "size": len(on[target]),
                         "hammered": (day, rnd, target) in hammered,
                         "eliminated": lynched.get((day, rnd)) == target}
                        for i, e in enumerate(on[target], start=1))
    return typed_frame(rows, TERMINAL_COLUMNS)


def _hammered(w: _Wagons) -> set[tuple[int, int, str]]:
    """(day, round, target) of the wagons that reached the majority: the wagon the entry at
    the hammer post joined."""
    return {(e.day, e.round, e.target) for e in w.entries for day, rnd, hammer, _ in w.ends
            if (e.day, e.round, e.post) == (day, rnd, hammer)}


DISTANCE_COLUMNS = {"day": INT, "round": INT, "target": STR, "voter": STR, "position": INT,
                    "size": INT, "distance": INT, "hammerer": BOOL}


def hammer_distance(log: GameLog, results: Sequence[DayResult] | None = None,
                    rulings: Rulings = None) -> pd.DataFrame:
    """For each hammered wagon, how many votes before the hammer each voter on it at the
    hammer joined: `distance` = `size` - `position` with the terminal position of
    `terminal_positions` (the hammerer, who joined last, 0; the one who started the wagon
    and stayed, size - 1). Days decided at the deadline have no rows. Sorted by day, round,
    position."""
    df = terminal_positions(log, results, rulings)
    df = df[df["hammered"].fillna(False).astype(bool)].reset_index(drop=True)
    df["distance"] = (df["size"] - df["position"]).astype(pandas_dtype(INT))
    df["hammerer"] = (df["distance"] == 0).astype(pandas_dtype(BOOL))
    out = df[list(DISTANCE_COLUMNS)].sort_values(["day", "round", "position"])
    return out.reset_index(drop=True)


COMPLETION_COLUMNS = {"day": INT, "post": INT, "time": TIME, "target": STR, "heads": INT,
                      "votes": FLOAT, "needed": INT, "percent": FLOAT}


def wagon_completion(log: GameLog, results: Sequence[DayResult] | None = None,
                     rulings: Rulings = None) -> pd.DataFrame:
    """Percent completion of each wagon after each change post: `percent` = 100 * votes /
    needed (the weighted votes over what the target needs at that post, see
    `toolkit.metrics.votes`; 100 or more at a hammer). The rows of `vote_counts` on days
    decided by a majority, 0 for a wagon that emptied. Sorted by day, post, target."""
    df = vote_counts(log, results, rulings)
    df = df[df["needed"].notna()].reset_index(drop=True)
    df["percent"] = (100 * df["votes"] / df["needed"]).astype(pandas_dtype(FLOAT))
    return df[list(COMPLETION_COLUMNS)]
