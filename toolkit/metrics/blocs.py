"""Voting blocs: who votes with whom, from the day engine's standing votes.

Every metric here reads each day's standing votes as `engine.day.count_day` gives them
(`DayResult.standings`: the votes standing after each post that changed something), never
the raw vote marks, so that what counts as a vote is the rule set's. A "target" is a slot id
or "no-lynch" (a standing vote for no elimination), which counts as a choice like any other
in the pairwise metrics and is left out where a slot is needed (the vote graph).

Times are minutes of the thread's clock (post times). A post without a time takes the time
of the latest earlier post that has one; a day whose posts have no time at all has spans of
zero minutes. Pairs are unordered: each appears once with `a` before `b` in the roster.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import combinations
from typing import Any, Literal

import networkx as nx
import pandas as pd

from engine.day import DayResult, alive_at_start, day_window
from engine.day.window import departures
from engine.gamelog import GameLog
from engine.gamelog.base import phase_sort_key
from toolkit.daycount import count_all

NO_LYNCH = "no-lynch"
UNKNOWN = "unknown"  # the faction of a slot the log gives none for

# day -> slot -> faction: a labelling of the slots, the true one or a shuffled one
Labels = Mapping[int, Mapping[str, str]]


@dataclass(frozen=True)
class Span:
    """The standing votes (voter -> target) from minute `start` to minute `end`."""

    start: float
    end: float
    standing: Mapping[str, str]


@dataclass(frozen=True)
class Cast:
    """A vote that entered the count at `post` and stood after it; `living`: the slots
    alive at that post."""

    post: int
    voter: str
    target: str
    living: tuple[str, ...]


@dataclass(frozen=True)
class DayVotes:
    """One day's votes as the metrics read them.

    `alive`: slots alive when the day began; `end_alive`: alive when it was decided
    (`DayResult.alive`, the eliminated included); `final`: the standing votes after the
    day's last counted post (the hammer, the close, or the last vote of a day that never
    closed; on a double-lynch day, those of its last lynch); `cast`: every vote that entered
    the count, in post order; `spans`: the standing votes over time, from the day's start
    post to the post that decided it (the day's last post when nothing did)."""

    day: int
    alive: tuple[str, ...]
    end_alive: tuple[str, ...]
    final: Mapping[str, str]
    cast: tuple[Cast, ...]
    spans: tuple[Span, ...]


def typed_frame(rows: Iterable[Mapping[str, Any]], columns: Mapping[str, str]) -> pd.DataFrame:
    """Rows with fixed, typed columns (the same whatever the game, also when empty)."""
    df = pd.DataFrame.from_records(list(rows), columns=list(columns))
    return df.astype(dict(columns))


def _clock(log: GameLog) -> dict[int, datetime | None]:
    """Post number -> its time, or the latest earlier post's time when it has none."""
    out: dict[int, datetime | None] = {}
    last: datetime | None = None
    for post in sorted(log.posts, key=lambda p: p.number):
        last = post.time or last
        out[post.number] = last
    return out


def _living(log: GameLog, result: DayResult, start: Sequence[str]) -> dict[int, set[str]]:
    """Post -> slots leaving at it (day-kills, modkills, an earlier lynch of a double-lynch
    day at its hammer): a slot is alive at post p unless it left at a post before p, or at p
    itself for a departure the engine applies before the post's votes."""
    gone: dict[int, set[str]] = {}
    for d in departures(log, result.day):
        if d.post is not None and d.slot in start:
            gone.setdefault(d.post - 1, set()).add(d.slot)  # applied before post d.post
    hammers = [e.post for e in result.events if e.kind == "hammer" and e.post is not None]
    for slot, post in zip(result.earlier, hammers, strict=False):
        gone.setdefault(post, set()).add(slot)
    return gone


def day_votes(log: GameLog, results: Sequence[DayResult] | None = None) -> list[DayVotes]:
    """Each day's votes (`DayVotes`) from the day engine's count (`results`: as
    `toolkit.daycount.count_all(log)` gives them, computed when not given)."""
    results = count_all(log) if results is None else results
    clock = _clock(log)
    numbers = sorted(clock)
    out: list[DayVotes] = []
    for result in results:
        window = day_window(log, result.day)
        inside = [n for n in numbers if window.holds(n)
                  and (window.after is None or n < window.after)]
        first = window.start if window.start is not None else (inside[0] if inside else None)
        last = result.decided_at_post if result.decided_at_post is not None else \
            (inside[-1] if inside else None)
        t0 = clock.get(first) if first is not None else None

        def minutes(post: int | None, t0: datetime | None = t0) -> float:
            t = clock.get(post) if post is not None else None
            return 0.0 if t is None or t0 is None else (t - t0).total_seconds() / 60

        start = alive_at_start(log, result.day)
        gone = _living(log, result, start)
        hammers = {e.post for e in result.events if e.kind == "hammer"} - \
            {result.decided_at_post}
        cast: list[Cast] = []
        spans: list[Span] = []
        living = set(start)
        done = -(10**9)  # the last post whose departures are applied
        snaps = dict(result.standings)  # a post snapshotted twice: its last state
        order = sorted(snaps)
        for i, post in enumerate(order):
            for p in sorted(g for g in gone if done < g < post):
                living -= gone[p]
            done = post - 1
            standing = snaps[post]
            here = tuple(s for s in start if s in living)
            cast.extend(Cast(post, v, t, here) for v, (t, at) in sorted(standing.items())
                        if at == post)
            # after an earlier lynch's hammer the votes start again: nothing stands
            now = {} if post in hammers else {v: t for v, (t, _) in standing.items()}
            until = order[i + 1] if i + 1 < len(order) else last
            spans.append(Span(minutes(post), max(minutes(post), minutes(until)), now))
        final = {v: t for v, (t, _) in result.standings[-1][1].items()} \
            if result.standings else {}
        out.append(DayVotes(day=result.day, alive=tuple(start), end_alive=tuple(result.alive),
                            final=final, cast=tuple(cast), spans=tuple(spans)))
    return out


def faction_at(log: GameLog, slot_id: str, day: int) -> str:
    """The slot's faction when day `day` begins: its starting faction, changed by every
    slot change giving a faction in a phase before the day ("unknown" when none)."""
    slot = next(s for s in log.players if s.id == slot_id)
    faction = slot.faction
    for change in sorted(slot.changes, key=lambda c: phase_sort_key(c.phase)):
        if change.faction is not None and \
                phase_sort_key(change.phase) < phase_sort_key(f"D{day}"):
            faction = change.faction
    return faction or UNKNOWN


def true_labels(log: GameLog, days: Sequence[DayVotes]) -> dict[int, dict[str, str]]:
    """Day -> slot -> faction at the day's start, for every slot of the roster."""
    return {d.day: {s.id: faction_at(log, s.id, d.day) for s in log.players} for d in days}


def _pairs(log: GameLog) -> list[tuple[str, str]]:
    return list(combinations([s.id for s in log.players], 2))


def final_agreement(log: GameLog, results: Sequence[DayResult] | None = None) -> pd.DataFrame:
    """Final-vote agreement of each pair of slots.

    Over the days on which both slots had a standing vote at the day's end (`DayVotes.final`;
    "no-lynch" is a target), the share of days their votes were on the same target.
    Columns: a, b (slot ids), days_both (days both had a final vote), days_same (of those,
    days on the same target), agreement = days_same / days_both. Only pairs with
    days_both >= 1; rows in roster order of (a, b)."""
    days = day_votes(log, results)
    rows = []
    for a, b in _pairs(log):
        both = [d for d in days if a in d.final and b in d.final]
        same = sum(1 for d in both if d.final[a] == d.final[b])
        if both:
            rows.append({"a": a, "b": b, "days_both": len(both), "days_same": same,
                         "agreement": same / len(both)})
    return typed_frame(rows, {"a": "string", "b": "string", "days_both": "int64",
                         "days_same": "int64", "agreement": "float64"})


def co_wagon_overlap(log: GameLog, results: Sequence[DayResult] | None = None) -> pd.DataFrame:
    """Time-weighted co-wagon overlap of each pair of slots on each day.

    `together`: minutes both slots' standing votes were on the same target ("no-lynch"
    included); `both_voting`: minutes both had a standing vote (on any targets; a slot
    with a standing vote is alive), from the day's start post to the post that decided it
    (`DayVotes.spans`); overlap = together / both_voting. Columns: day, a, b, together,
    both_voting, overlap. Only pairs with both_voting > 0; sorted by day, then roster."""
    rows = []
    for d in day_votes(log, results):
        for a, b in _pairs(log):
            both = sum(s.end - s.start for s in d.spans if a in s.standing and b in s.standing)
            same = sum(s.end - s.start for s in d.spans if a in s.standing and b in s.standing
                       and s.standing[a] == s.standing[b])
            if both > 0:
                rows.append({"day": d.day, "a": a, "b": b, "together": same,
                             "both_voting": both, "overlap": same / both})
    return typed_frame(rows, {"day": "int64", "a": "string", "b": "string", "together": "float64",
                         "both_voting": "float64", "overlap": "float64"})


def co_wagon_overlap_game(log: GameLog,
                          results: Sequence[DayResult] | None = None) -> pd.DataFrame:
    """`co_wagon_overlap` over the whole game: together and both_voting summed over the
    days, overlap = their ratio (so longer days weigh more). Columns: a, b, together,
    both_voting, overlap; pairs with both_voting > 0 in roster order."""
    total: dict[tuple[str, str], list[float]] = {}
    for a, b, together, both in co_wagon_overlap(log, results)[
            ["a", "b", "together", "both_voting"]].itertuples(index=False):
        sums = total.setdefault((a, b), [0.0, 0.0])
        sums[0] += together
        sums[1] += both
    rank = {s.id: i for i, s in enumerate(log.players)}
    rows = [{"a": a, "b": b, "together": t, "both_voting": n, "overlap": t / n}
            for (a, b), (t, n) in sorted(total.items(),
                                         key=lambda kv: (rank[kv[0][0]], rank[kv[0][1]]))]
    return typed_frame(rows, {"a": "string", "b": "string", "together": "float64",
                              "both_voting": "float64", "overlap": "float64"})


def signed_agreement(log: GameLog, results: Sequence[DayResult] | None = None) -> pd.DataFrame:
    """Signed agreement of each pair of slots, from the final votes.

    On each day both slots were alive when it was decided (`DayVotes.end_alive`), the pair
    scores +1 if both final votes stand on the same target ("no-lynch" included), -1 if
    either's final vote stands on the other (on each other: still -1), else 0 (different
    targets, or one or both without a vote). signed = (same - opposed) / days, in [-1, 1].
    Columns: a, b, days, same, opposed, signed. Pairs with days >= 1 in roster order."""
    rows = []
    days = day_votes(log, results)
    for a, b in _pairs(log):
        on = [d for d in days if a in d.end_alive and b in d.end_alive]
        same = sum(1 for d in on if a in d.final and d.final.get(b) == d.final[a])
        opposed = sum(1 for d in on if d.final.get(a) == b or d.final.get(b) == a)
        if on:
            rows.append({"a": a, "b": b, "days": len(on), "same": same, "opposed": opposed,
                         "signed": (same - opposed) / len(on)})
    return typed_frame(rows, {"a": "string", "b": "string", "days": "int64", "same": "int64",
                         "opposed": "int64", "signed": "float64"})


VOTE_EDGE_COLUMNS = {"day": "int64", "voter": "string", "target": "string", "votes": "int64",
                     "minutes": "float64", "final": "int64"}


def vote_edges(log: GameLog, results: Sequence[DayResult] | None = None) -> pd.DataFrame:
    """Who voted whom on each day: one row per (day, voter, target slot) with a vote.

    votes: how many votes the voter cast on the target that day (`DayVotes.cast`: a vote
    that entered the count and stood after its post; re-voting the same target counts
    again); minutes: how long the voter's vote stood on the target (spans); final: 1 if the
    voter's final vote stood on the target, else 0. No-lynch votes are left out. Columns:
    day, voter, target, votes, minutes, final; sorted by day, voter, target."""
    rows: dict[tuple[int, str, str], dict[str, Any]] = {}

    def row(day: int, voter: str, target: str) -> dict[str, Any]:
        return rows.setdefault((day, voter, target), {"day": day, "voter": voter,
                                                      "target": target, "votes": 0,
                                                      "minutes": 0.0, "final": 0})

    for d in day_votes(log, results):
        for c in d.cast:
            if c.target != NO_LYNCH:
                row(d.day, c.voter, c.target)["votes"] += 1
        for s in d.spans:
            for voter, target in s.standing.items():
                if target != NO_LYNCH and s.end > s.start:
                    row(d.day, voter, target)["minutes"] += s.end - s.start
        for voter, target in d.final.items():
            if target != NO_LYNCH:
                row(d.day, voter, target)["final"] = 1
    return typed_frame([rows[k] for k in sorted(rows)], VOTE_EDGE_COLUMNS)


def vote_graph(log: GameLog, results: Sequence[DayResult] | None = None, *,
               weight: Literal["votes", "minutes", "final"] = "votes",
               days: Iterable[int] | None = None) -> nx.DiGraph:
    """The directed vote graph: a node per slot of the roster (attributes `name`, and
    `faction` at the start, "unknown" when none), an edge voter -> target whose `weight` is
    the sum over the chosen days (all by default) of `vote_edges`' column `weight` (votes
    cast, minutes stood, or days the final vote stood there). Edges of weight 0 are left
    out (a vote cast at the hammer stands 0 minutes)."""
    graph = nx.DiGraph()
    for s in log.players:
        graph.add_node(s.id, name=s.name, faction=s.faction or UNKNOWN)
    edges = vote_edges(log, results)
    if days is not None:
        edges = edges[edges["day"].isin(list(days))]
    summed: dict[tuple[str, str], float] = {}
    for voter, target, w in edges[["voter", "target", weight]].itertuples(index=False):
        summed[(voter, target)] = summed.get((voter, target), 0.0) + float(w)
    for (voter, target), w in sorted(summed.items()):
        if w > 0:
            graph.add_edge(voter, target, weight=w)
    return graph


def pair_matrix(pairs: pd.DataFrame, value: str, slots: Sequence[str],
                diagonal: float = 1.0) -> pd.DataFrame:
    """A symmetric slot x slot matrix (rows and columns in `slots`' order) of a pair
    table's column `value` (columns a, b); `diagonal` on the diagonal, NaN for pairs the
    table lacks. For heatmaps."""
    matrix = pd.DataFrame(float("nan"), index=list(slots), columns=list(slots))
    for a, b, v in zip(pairs["a"], pairs["b"], pairs[value], strict=True):
        if a in matrix.index and b in matrix.index:
            matrix.loc[a, b] = matrix.loc[b, a] = float(v)
    for s in slots:
        matrix.loc[s, s] = diagonal
    return matrix
