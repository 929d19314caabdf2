"""Standing votes over time, vote counts, L-n, hammers, vote switches and first-vote latency.

Everything here reads the day engine's own count (`engine.day.count_day` ->
`DayResult.standings`): what counts as a vote, when it stops standing (unvote, a new vote,
the voter's or target's death, a GM reset) is the rule set's, never re-decided here.

Shared conventions of this module and `toolkit.metrics.wagons`:

- A *standing* is the map voter slot -> target (a slot id or ``"no-lynch"``) after a post.
  A *change post* is a post after which the standing differs from the one before it (the
  vote's post number is ignored: re-voting the target one already votes changes nothing,
  even where the rule set would weigh the new ballot differently).
- A day's *rounds*: 1, and on a double-lynch day 2 after the first hammer, where the engine
  starts the votes again among the living. Each round starts from no votes.
- ``heads``: the voters standing on a target. ``votes``: the same weighted as the rule set
  weighs each standing ballot (double voters 2, voteless 0, late half votes ...), with the
  rule set's own weight function (votes added only at the close, e.g. penalties, are not in
  it). ``majority`` at a post: half the living at that post, rounded down, plus one (the
  living: alive at the day's start, less those who left at or before the post by a day-kill
  or modkill with a known post, less the round-1 lynch in round 2). ``needed``: the votes
  the target needs then, with the rule set's per-target thresholds (Loved +1, Hated -1, one
  less for No Lynch), as the engine computes it. Both None (``<NA>``) on a day whose rule
  set decides by plurality (`DayResult.majority` is None).
- Every function takes the log and, optionally, the days already counted (`results`, e.g.
  `toolkit.daycount.count_all(log)`) so that a notebook counts once, and the `rulings` they
  were counted under (as given to `count_day`); the log's votes must be read
  (`toolkit.daycount.ensure_votes`). Frames have fixed columns and dtypes even when
  empty; times are UTC; rows are sorted as each docstring says.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pandas as pd
from pandas.api.types import pandas_dtype

from engine.day import Ballot, DayResult, count_days, day_window

# the engine's own table of each rule set's count rules and its per-target threshold: the
# thresholds and weights here must be the engine's, not a copy of them
from engine.day.count import count_rules
from engine.day.standing import CountRules, majority_of, needed
from engine.day.window import alive_at_start, departures
from engine.gamelog import GameLog
from toolkit.frames import BOOL, FLOAT, INT, STR, TIME, typed_frame

Standing = dict[str, tuple[str, int]]  # voter -> (target, post of the vote)
Rulings = Mapping[str, str] | None


@dataclass(frozen=True)
class Round:
    """One voting round of a day: its change posts in order, each with the standing after
    it (the first compared with no votes), and the hammer that ended it, if any."""

    day: int
    number: int
    changes: list[tuple[int, Standing]]
    hammer: int | None


def counted(log: GameLog, results: Sequence[DayResult] | None,
            rulings: Rulings = None) -> list[DayResult]:
    """The given day counts, or every day counted by the engine."""
    return list(results) if results is not None else count_days(log, rulings)


def post_times(log: GameLog) -> dict[int, datetime | None]:
    return {p.number: p.time for p in log.posts}


def hammer_posts(result: DayResult) -> list[int]:
    """The posts where a vote reached the majority, in order (two on a double-lynch day)."""
    return sorted(e.post for e in result.events if e.kind == "hammer" and e.post is not None)


def _targets(standing: Standing) -> dict[str, str]:
    return {v: t for v, (t, _) in standing.items()}


def rounds(result: DayResult) -> list[Round]:
    """The day's rounds with their change posts (see the module's conventions)."""
    hammers = hammer_posts(result)
    # a round ends at an earlier lynch's hammer; the last round ends with the day
    bounds = [*hammers[: len(result.earlier)], None]
    out: list[Round] = []
    low = -1
    for i, high in enumerate(bounds, start=1):
        changes: list[tuple[int, Standing]] = []
        before: dict[str, str] = {}
        for post, standing in result.standings:
            if post <= low or (high is not None and post > high):
                continue
            now = _targets(standing)
            if now != before:
                changes.append((post, dict(standing)))
                before = now
        hammer = high if high is not None else (
            result.decided_at_post if result.decided_by == "hammer" else None)
        out.append(Round(result.day, i, changes, hammer))
        low = high if high is not None else low
    return out


class DayScale:
    """A day's majority, per-target thresholds and ballot weights, from the engine."""

    def __init__(self, log: GameLog, result: DayResult, rulings: Rulings = None) -> None:
        self.rules: CountRules = count_rules(log, result.day, rulings)
        self.decides = result.majority is not None
        self.alive = set(alive_at_start(log, result.day))
        self.left = [(d.post, d.slot) for d in departures(log, result.day)
                     if d.post is not None]
        self.lynched = list(zip(hammer_posts(result), result.earlier, strict=False))
        self.marks: dict[tuple[int, str], list[Ballot]] = {}
        for v in log.votes:
            if v.voter is not None and v.counts:
                self.marks.setdefault((v.post, v.voter), []).append(Ballot(
                    post=v.post, voter=v.voter, raw=v.raw, target=v.target,
                    special=v.special, time=v.time, weight=v.weight, line_start=v.line_start))

    def living(self, post: int) -> int:
        # a death announced in a post applies from that post on (as in the engine)
        gone = {s for p, s in self.left if p <= post} | {s for h, s in self.lynched if h < post}
        return len(self.alive - gone)

    def majority(self, post: int) -> int | None:
        return majority_of(self.living(post)) if self.decides else None

    def needed(self, post: int, target: str) -> int | None:
        return needed(target, self.living(post), self.rules) if self.decides else None

    def weight(self, voter: str, target: str, at: int) -> float:
        """The rule set's weight of the ballot at post `at` that put `voter` on `target`."""
        for b in reversed(self.marks.get((at, voter), [])):
            if b.target == target or (target == "no-lynch" and b.special == "no-lynch"):
                return self.rules.weight(b)
        return 1.0  # not found among the marks (cannot happen for a counted vote)

    def votes(self, standing: Standing) -> dict[str, float]:
        out: dict[str, float] = {}
        for voter, (target, at) in standing.items():
            out[target] = out.get(target, 0.0) + self.weight(voter, target, at)
        return out


def _changes(result: DayResult) -> Iterator[tuple[Round, int, Standing, Standing]]:
    """(round, post, standing before, standing after) for each change post of the day."""
    for rnd in rounds(result):
        before: Standing = {}
        for post, now in rnd.changes:
            yield rnd, post, before, now
            before = now


STANDING_COLUMNS = {"day": INT, "post": INT, "time": TIME, "voter": STR, "target": STR}


def standing_votes(log: GameLog, results: Sequence[DayResult] | None = None,
                   rulings: Rulings = None) -> pd.DataFrame:
    """The standing votes after each change post: one row per (day, change post, voter
    whose vote stands after it), with its target (a slot id or "no-lynch"). A change post
    after which no vote stands (everyone unvoted, a GM reset) gives one row with voter and
    target empty, so that every change post appears. Sorted by day, post, voter."""
    times = post_times(log)
    rows: list[dict[str, Any]] = []
    for result in counted(log, results, rulings):
        for _rnd, post, _before, now in _changes(result):
            base = {"day": result.day, "post": post, "time": times.get(post)}
            if not now:
                rows.append({**base, "voter": None, "target": None})
            rows.extend({**base, "voter": v, "target": now[v][0]} for v in sorted(now))
    return typed_frame(rows, STANDING_COLUMNS)


CHANGE_COLUMNS = {"day": INT, "post": INT, "time": TIME, "voter": STR, "old": STR,
                  "new": STR, "kind": STR}


def vote_changes(log: GameLog, results: Sequence[DayResult] | None = None,
                 rulings: Rulings = None) -> pd.DataFrame:
    """Every change of one voter's standing vote: `old` -> `new` target (empty: no vote)
    at the change post. `kind`: "vote" (none -> a target), "switch" (one target -> another),
    "unvote" (a target -> none by the voter's own mark in that post), "removed" (a target ->
    none without a mark of the voter in that post: a GM reset, the voter's or the target's
    death, a day action). The restart of the votes after a double-lynch day's first hammer
    is not a change. Sorted by day, post, voter."""
    return typed_frame(_change_rows(log, counted(log, results, rulings)), CHANGE_COLUMNS)


def _change_rows(log: GameLog, results: Sequence[DayResult]) -> list[dict[str, Any]]:
    times = post_times(log)
    marks = {(v.post, v.voter) for v in log.votes if v.voter is not None}
    rows: list[dict[str, Any]] = []
    for result in results:
        for _rnd, post, before_votes, now_votes in _changes(result):
            before, now = _targets(before_votes), _targets(now_votes)
            for voter in sorted(set(before) | set(now)):
                old, new = before.get(voter), now.get(voter)
                if old == new:
                    continue
                if old is None:
                    kind = "vote"
                elif new is not None:
                    kind = "switch"
                else:
                    kind = "unvote" if (post, voter) in marks else "removed"
                rows.append({"day": result.day, "post": post, "time": times.get(post),
                             "voter": voter, "old": old, "new": new, "kind": kind})
    return rows


def vote_switches(log: GameLog, results: Sequence[DayResult] | None = None,
                  rulings: Rulings = None) -> pd.DataFrame:
    """The voter's own moves off a target: the rows of `vote_changes` of kind "switch"
    (onto another target) or "unvote" (onto none). A first vote, and a vote removed by the
    GM or a death, are not switches. Same columns and order as `vote_changes`."""
    df = vote_changes(log, results, rulings)
    return df[df["kind"].isin(["switch", "unvote"])].reset_index(drop=True)


COUNT_COLUMNS = {"day": INT, "post": INT, "time": TIME, "target": STR, "heads": INT,
                 "votes": FLOAT, "majority": INT, "needed": INT}


def vote_counts(log: GameLog, results: Sequence[DayResult] | None = None,
                rulings: Rulings = None) -> pd.DataFrame:
    """Votes on each target after each change post, for a step chart: one row per (day,
    change post, target that had a standing vote at some change post of the day up to and
    including this one, 0 once all left), with `heads`, `votes` (weighted), `majority` and
    `needed` at that post (see the module). Sorted by day, post, target."""
    times = post_times(log)
    rows: list[dict[str, Any]] = []
    for result in counted(log, results, rulings):
        scale = DayScale(log, result, rulings)
        seen: set[str] = set()
        for _rnd, post, _before, now in _changes(result):
            heads = _heads(now)
            votes = scale.votes(now)
            seen.update(heads)
            rows.extend({"day": result.day, "post": post, "time": times.get(post),
                         "target": t, "heads": heads.get(t, 0), "votes": votes.get(t, 0.0),
                         "majority": scale.majority(post), "needed": scale.needed(post, t)}
                        for t in sorted(seen))
    return typed_frame(rows, COUNT_COLUMNS)


def _heads(standing: Standing) -> dict[str, int]:
    out: dict[str, int] = {}
    for target, _ in standing.values():
        out[target] = out.get(target, 0) + 1
    return out


L_COLUMNS = {**COUNT_COLUMNS, "short": FLOAT}


def l_minus_n(log: GameLog, results: Sequence[DayResult] | None = None,
              rulings: Rulings = None) -> pd.DataFrame:
    """L-n: how many votes each wagon is short of what its target needs after each change
    post, `short` = needed - votes (0 or less: the wagon reached it, i.e. the hammer). Rows
    of `vote_counts` with at least one voter, on days decided by a majority (plurality days
    have no L-n). Sorted by day, post, target."""
    df = vote_counts(log, results, rulings)
    df = df[(df["heads"] > 0) & df["needed"].notna()].reset_index(drop=True)
    df["short"] = (df["needed"] - df["votes"]).astype(pandas_dtype(FLOAT))
    return df


HAMMER_COLUMNS = {"day": INT, "round": INT, "post": INT, "time": TIME, "voter": STR,
                  "target": STR, "heads": INT, "votes": FLOAT, "needed": INT,
                  "eliminated": STR}


def hammers(log: GameLog, results: Sequence[DayResult] | None = None,
            rulings: Rulings = None) -> pd.DataFrame:
    """The hammer of each day the engine decided by a vote reaching the majority: the post,
    the hammerer (the voter whose vote at that post stands on the target), the target,
    `heads` and `votes` on it then, the votes it `needed`, and who the hammer eliminated
    (empty when a protection spared the target or the target was No Lynch). No row for a
    day decided at the deadline or never closed; two for a double-lynch day (`round` 1 and
    2). Sorted by day, post, voter."""
    times = post_times(log)
    rows: list[dict[str, Any]] = []
    for result in counted(log, results, rulings):
        scale = DayScale(log, result, rulings)
        gone = [*result.earlier, result.eliminated]
        for i, post in enumerate(hammer_posts(result)):
            standing = result.standing_at(post)
            heads, votes = _heads(standing), scale.votes(standing)
            for voter in sorted(v for v, (_, at) in standing.items() if at == post):
                target = standing[voter][0]
                rows.append({"day": result.day, "round": i + 1, "post": post,
                             "time": times.get(post), "voter": voter, "target": target,
                             "heads": heads[target], "votes": votes[target],
                             "needed": scale.needed(post, target),
                             "eliminated": gone[i] if i < len(gone) else None})
    return typed_frame(rows, HAMMER_COLUMNS)


LATENCY_COLUMNS = {"day": INT, "voter": STR, "start_post": INT, "start_time": TIME,
                   "first_post": INT, "first_time": TIME, "minutes": FLOAT, "voted": BOOL}


def first_vote_latency(log: GameLog, results: Sequence[DayResult] | None = None,
                       rulings: Rulings = None) -> pd.DataFrame:
    """Minutes from the day's start to each voter's first vote of the day: one row per day
    and slot alive at the day's start. The start is the GM's post opening the day, else the
    previous day's closing post; the first vote is the voter's first change of kind "vote"
    in `vote_changes` (a counted vote that stood; marks the engine did not count are not
    votes). `minutes` = (first vote's time - start's time) in minutes, NaN when the voter
    never voted that day (`voted` False) or a time is unknown. Sorted by day, voter."""
    results = counted(log, results, rulings)
    times = post_times(log)
    firsts: dict[tuple[int, str], int] = {}
    for row in _change_rows(log, results):  # in post order within a day
        if row["kind"] == "vote":
            firsts.setdefault((row["day"], row["voter"]), row["post"])
    rows: list[dict[str, Any]] = []
    for result in results:
        window = day_window(log, result.day)
        start = window.start if window.start is not None else (
            window.before if window.before >= 0 else None)
        began = times.get(start) if start is not None else None
        for voter in sorted(alive_at_start(log, result.day)):
            first = firsts.get((result.day, voter))
            at = times.get(first) if first is not None else None
            minutes = (at - began).total_seconds() / 60 if at is not None and began is not None \
                else None
            rows.append({"day": result.day, "voter": voter, "start_post": start,
                         "start_time": began, "first_post": first, "first_time": at,
                         "minutes": minutes, "voted": first is not None})
    return typed_frame(rows, LATENCY_COLUMNS)
