"""Faction metrics and their within-day slot-shuffle null model.

Each faction metric is a function of the days' votes (`blocs.DayVotes`) and a labelling of
the slots by faction for each day (`blocs.Labels`): the true one (`blocs.true_labels`: the
faction at the day's start) gives the observed value; the null model permutes the faction
labels among the slots alive at each day's start, independently for each day (so faction
sizes and who voted whom stay as they were), and recomputes the metric. The metrics:

- Rice index per faction and day (`rice_index`), and its mean over the days per faction;
- the scum-on-scum vote rate per day and pooled over the game (`scum_on_scum`), with its
  random baseline;
- faction modularity of each day's vote graph (`faction_modularity_by_day`), and its mean
  over the days.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import networkx as nx
import numpy as np
import pandas as pd

from engine.day import DayResult
from engine.gamelog import GameLog
from toolkit.metrics.blocs import (
    NO_LYNCH,
    DayVotes,
    Labels,
    day_votes,
    true_labels,
    typed_frame,
)
from toolkit.metrics.communities import faction_modularity

SCUM = ("mafia",)
Weight = Literal["votes", "minutes", "final"]
Basis = Literal["cast", "final"]
DEFAULT_RUNS = 1000
DEFAULT_SEED = 0
K = TypeVar("K", bound=Hashable)
NullKey = tuple[str, str | None, int | None]  # metric, faction, day (None: the game)


def _rice(days: Sequence[DayVotes], labels: Labels) -> list[dict[str, Any]]:
    rows = []
    for d in days:
        label = labels[d.day]
        members: dict[str, list[str]] = {}
        for s in d.end_alive:
            members.setdefault(label[s], []).append(s)
        for faction in sorted(members):
            targets = Counter(d.final[s] for s in members[faction] if s in d.final)
            k = sum(targets.values())
            m = max(targets.values(), default=0)
            modal = min((t for t, n in targets.items() if n == m), default=None)
            rows.append({"day": d.day, "faction": faction, "members": len(members[faction]),
                         "voters": k, "modal_target": modal, "modal_votes": m,
                         "modal_share": m / k if k else math.nan,
                         "rice": (m - 1) / (k - 1) if k >= 2 else math.nan})
    return rows


RICE_COLUMNS = {"day": "int64", "faction": "string", "members": "int64", "voters": "int64",
                "modal_target": "string", "modal_votes": "int64", "modal_share": "float64",
                "rice": "float64"}


def rice_index(log: GameLog, results: Sequence[DayResult] | None = None) -> pd.DataFrame:
    """The Rice index of each faction on each day, generalised to many targets.

    A faction's members on a day: its slots (faction at the day's start) alive when the day
    was decided; its voters: the members with a final standing vote (`DayVotes.final`;
    "no-lynch" is a target; members without one abstain and are left out). With k voters
    and m of them on the faction's modal target, rice = (m - 1) / (k - 1): 1 when all vote
    alike, 0 when all vote differently; for two voters it is the classic |yes - no| /
    (yes + no). NaN with fewer than two voters. Columns: day, faction, members, voters,
    modal_target (ties: the smallest target id), modal_votes (m), modal_share (m / k), rice;
    one row per faction with a living member, sorted by day and faction."""
    days = day_votes(log, results)
    return typed_frame(_rice(days, true_labels(log, days)), RICE_COLUMNS)


@dataclass(frozen=True)
class ScumRate:
    """The scum-on-scum rate pooled over a game: `votes` scum votes on slots, `on_scum` of
    them on scum, rate = on_scum / votes; `expected` the sum of each vote's chance of
    landing on scum at random, baseline = expected / votes (NaN without votes)."""

    votes: int
    on_scum: int
    rate: float
    expected: float
    baseline: float


def _scum(days: Sequence[DayVotes], labels: Labels, scum: Collection[str],
          basis: Basis) -> list[dict[str, Any]]:
    rows = []
    for d in days:
        label = labels[d.day]
        picks = [(c.voter, c.target, c.living) for c in d.cast] if basis == "cast" else \
            [(v, t, d.end_alive) for v, t in sorted(d.final.items())]
        n = on = 0
        expected = 0.0
        for voter, target, living in picks:
            if target == NO_LYNCH or label[voter] not in scum:
                continue
            others = [s for s in living if s != voter]
            if not others:  # nobody else alive: no vote to pick (cannot happen in a count)
                continue
            n += 1
            on += label[target] in scum
            expected += sum(label[s] in scum for s in others) / len(others)
        rows.append({"day": d.day, "votes": n, "on_scum": on,
                     "rate": on / n if n else math.nan, "expected": expected,
                     "baseline": expected / n if n else math.nan})
    return rows


SCUM_COLUMNS = {"day": "int64", "votes": "int64", "on_scum": "int64", "rate": "float64",
                "expected": "float64", "baseline": "float64"}


def scum_on_scum(log: GameLog, results: Sequence[DayResult] | None = None, *,
                 scum: Collection[str] = SCUM, basis: Basis = "cast") -> pd.DataFrame:
    """The scum-on-scum vote rate per day, against its random baseline.

    Scum: slots whose faction at the day's start is in `scum`. The votes: with basis
    "cast", every vote a scum slot cast on a slot that day (`DayVotes.cast`: entered the
    count and stood after its post); with "final", the scum slots' final standing votes on
    slots. No-lynch votes are left out. rate = votes on scum / votes. The baseline is the
    rate expected if each scum voter had picked uniformly among the other living slots:
    each vote adds (living scum other than the voter) / (living slots other than the
    voter), living at the vote's post ("cast") or when the day was decided ("final");
    expected is that sum, baseline = expected / votes. Columns: day, votes, on_scum, rate,
    expected, baseline (NaN rate and baseline on a day without scum votes); by day."""
    days = day_votes(log, results)
    return typed_frame(_scum(days, true_labels(log, days), scum, basis), SCUM_COLUMNS)


def pooled(per_day: pd.DataFrame) -> ScumRate:
    """`scum_on_scum` pooled over its days: sums of votes, on_scum and expected."""
    n, on, expected = (int(per_day["votes"].sum()), int(per_day["on_scum"].sum()),
                       float(per_day["expected"].sum()))
    return ScumRate(votes=n, on_scum=on, rate=on / n if n else math.nan, expected=expected,
                    baseline=expected / n if n else math.nan)


def day_graphs(days: Sequence[DayVotes], weight: Weight = "votes") -> dict[int, nx.DiGraph]:
    """Each day's vote graph: nodes the slots alive at the day's start, an edge voter ->
    target slot weighted by the votes cast on it that day ("votes"), the minutes they
    stood ("minutes") or 1 for the final vote ("final"); no-lynch left out, weight 0 no
    edge."""
    graphs: dict[int, nx.DiGraph] = {}
    for d in days:
        g = nx.DiGraph()
        g.add_nodes_from(d.alive)
        w: dict[tuple[str, str], float] = {}
        if weight == "votes":
            for c in d.cast:
                w[(c.voter, c.target)] = w.get((c.voter, c.target), 0.0) + 1
        elif weight == "final":
            w.update(dict.fromkeys(d.final.items(), 1.0))
        else:
            for s in d.spans:
                for pair in s.standing.items():
                    w[pair] = w.get(pair, 0.0) + s.end - s.start
        for (voter, target), x in sorted(w.items()):
            if target != NO_LYNCH and x > 0:
                g.add_edge(voter, target, weight=float(x))
        graphs[d.day] = g
    return graphs


def _modularities(graphs: Mapping[int, nx.DiGraph], labels: Labels) -> list[dict[str, Any]]:
    return [{"day": day, "weight": g.size(weight="weight"),
             "modularity": faction_modularity(g, labels[day])}
            for day, g in sorted(graphs.items())]


def faction_modularity_by_day(log: GameLog, results: Sequence[DayResult] | None = None, *,
                              weight: Weight = "votes") -> pd.DataFrame:
    """Faction modularity of each day's vote graph (`day_graphs`): networkx's directed
    modularity (resolution 1) under the partition of the day's living slots by faction at
    the day's start. Columns: day, weight (the graph's total edge weight), modularity (NaN
    when the weight is 0); by day."""
    days = day_votes(log, results)
    return typed_frame(_modularities(day_graphs(days, weight), true_labels(log, days)),
                       {"day": "int64", "weight": "float64", "modularity": "float64"})


# --- the null model -------------------------------------------------------------------------

def shuffle_labels(days: Sequence[DayVotes], labels: Labels,
                   rng: np.random.Generator) -> dict[int, dict[str, str]]:
    """One draw of the null: for each day (in day order), the labels of the slots alive at
    its start permuted among them uniformly (`rng.permutation`, roster order); the others'
    labels kept."""
    out: dict[int, dict[str, str]] = {}
    for d in sorted(days, key=lambda d: d.day):
        day = dict(labels[d.day])
        values = [day[s] for s in d.alive]
        for s, i in zip(d.alive, rng.permutation(len(values)), strict=True):
            day[s] = values[int(i)]
        out[d.day] = day
    return out


@dataclass(frozen=True)
class NullResult:
    """A statistic against its null: `observed`, the null's mean and sample sd over the
    `runs` draws where the statistic was defined (not NaN), the two-sided p-value
    min(1, 2 min(P(null >= obs), P(null <= obs))) with each tail (1 + count) / (runs + 1),
    and the percentile of the observed value in the null, 100 (below + ties / 2) / runs.
    Values within 1e-12 count as ties."""

    observed: float
    null_mean: float
    null_sd: float
    p_value: float
    percentile: float
    runs: int


def summarize_null(observed: float, null: Sequence[float]) -> NullResult:
    """`NullResult` of an observed value and its null draws (NaN draws dropped)."""
    values = np.array([x for x in null if not math.isnan(x)], dtype=float)
    n = len(values)
    mean = float(values.mean()) if n else math.nan
    sd = float(values.std(ddof=1)) if n >= 2 else math.nan
    if math.isnan(observed) or n == 0:
        return NullResult(observed, mean, sd, math.nan, math.nan, n)
    tol = 1e-12
    above = int((values >= observed - tol).sum())
    below = int((values <= observed + tol).sum())
    ties = int((abs(values - observed) <= tol).sum())
    p = min(1.0, 2 * min((1 + above) / (n + 1), (1 + below) / (n + 1)))
    return NullResult(observed, mean, sd, p, 100 * (below - ties + ties / 2) / n, n)


def permutation_null(stat: Callable[[Labels], Mapping[K, float]],
                     days: Sequence[DayVotes], labels: Labels, *, runs: int = DEFAULT_RUNS,
                     seed: int = DEFAULT_SEED) -> dict[K, NullResult]:
    """Every statistic `stat` computes (key -> value), observed under `labels` and in
    `runs` within-day shuffles drawn from `numpy.random.default_rng(seed)`; a key missing
    from a draw counts as NaN there."""
    rng = np.random.default_rng(seed)
    observed = stat(labels)
    draws: dict[K, list[float]] = {k: [] for k in observed}
    for _ in range(runs):
        value = stat(shuffle_labels(days, labels, rng))
        for k, v in draws.items():
            v.append(value.get(k, math.nan))
    return {k: summarize_null(observed[k], draws[k]) for k in observed}


def _mean(values: Sequence[float]) -> float:
    kept = [v for v in values if not math.isnan(v)]
    return sum(kept) / len(kept) if kept else math.nan


NULL_COLUMNS = {"metric": "string", "faction": "string", "day": "Int64", "observed": "float64",
                "null_mean": "float64", "null_sd": "float64", "p_value": "float64",
                "percentile": "float64", "runs": "int64"}


def faction_nulls(log: GameLog, results: Sequence[DayResult] | None = None, *,
                  runs: int = DEFAULT_RUNS, seed: int = DEFAULT_SEED,
                  scum: Collection[str] = SCUM, basis: Basis = "cast",
                  weight: Weight = "votes") -> pd.DataFrame:
    """Every faction metric against the within-day slot-shuffle null (`permutation_null`,
    one set of draws for all):

    - "rice": `rice_index`'s rice per faction and day, and (day NA) its mean over the days
      where it is defined;
    - "scum_on_scum": `scum_on_scum`'s rate per day (with `scum`, `basis`) and (day NA) the
      pooled rate (`pooled`);
    - "faction_modularity": `faction_modularity_by_day` per day (with `weight`) and (day NA)
      its mean over the days where it is defined.

    Columns: metric, faction (rice only), day (NA: the whole game), observed, null_mean,
    null_sd, p_value, percentile, runs (draws where defined); see `NullResult`. Sorted by
    metric, faction, day (the game row last)."""
    days = day_votes(log, results)
    graphs = day_graphs(days, weight)

    def stat(labels: Labels) -> dict[NullKey, float]:
        out: dict[NullKey, float] = {}
        by_faction: dict[str, list[float]] = {}
        for r in _rice(days, labels):
            out[("rice", r["faction"], r["day"])] = r["rice"]
            by_faction.setdefault(r["faction"], []).append(r["rice"])
        for faction, values in by_faction.items():
            out[("rice", faction, None)] = _mean(values)
        per_day = _scum(days, labels, scum, basis)
        for r in per_day:
            out[("scum_on_scum", None, r["day"])] = r["rate"]
        n = sum(r["votes"] for r in per_day)
        out[("scum_on_scum", None, None)] = sum(r["on_scum"] for r in per_day) / n \
            if n else math.nan
        mods = _modularities(graphs, labels)
        for r in mods:
            out[("faction_modularity", None, r["day"])] = r["modularity"]
        out[("faction_modularity", None, None)] = _mean([r["modularity"] for r in mods])
        return out

    found = permutation_null(stat, days, true_labels(log, days), runs=runs, seed=seed)
    rows = []
    for key, res in found.items():
        metric, faction, day = key
        rows.append({"metric": metric, "faction": faction, "day": day,
                     "observed": res.observed, "null_mean": res.null_mean,
                     "null_sd": res.null_sd, "p_value": res.p_value,
                     "percentile": res.percentile, "runs": res.runs})
    rows.sort(key=lambda r: (r["metric"], r["faction"] or "", r["day"] is None,
                             r["day"] or 0))
    return typed_frame(rows, NULL_COLUMNS)


# --- the shuffled-faction null of a group of voters ------------------------------------------

def shuffled_members(pool: Sequence[str], labels: Mapping[str, str], voters: Sequence[str],
                     members: Collection[str], rng: np.random.Generator, runs: int
                     ) -> np.ndarray:
    """Whether each of `voters` belongs to `members` (a set of factions) under `runs` draws
    of the null that permutes the factions of `pool` among its slots: a (runs, len(voters))
    boolean array, row r the draw r. Each voter must be in `pool`; a slot `labels` lacks
    counts as no member. One draw is a uniform permutation of the pool's labels
    (`Generator.permuted`, row by row), so each draw puts on the voters' seats a sample
    without replacement of the pool's factions: the faction sizes stay as they were."""
    member = np.array([labels.get(s) in members for s in pool], dtype=bool)
    where = {s: i for i, s in enumerate(pool)}
    columns = [where[v] for v in voters]
    if runs <= 0 or not columns:
        return np.zeros((max(runs, 0), len(columns)), dtype=bool)
    drawn = rng.permuted(np.tile(member, (runs, 1)), axis=1)
    return drawn[:, columns]


def null_band(values: Sequence[float] | np.ndarray, low: float = 5.0, high: float = 95.0
              ) -> tuple[float, float]:
    """The `low` and `high` percentiles of null draws (NaN draws dropped; NaN, NaN when
    none is left): the band a chart draws the null as."""
    kept = np.asarray(values, dtype=float)
    kept = kept[~np.isnan(kept)]
    if not len(kept):
        return math.nan, math.nan
    lo, hi = np.percentile(kept, [low, high])
    return float(lo), float(hi)
