"""Cross-game research over many games (the mafiascum corpus): where the scum sit on the
wagons that eliminate, and how often they vote for each other, each against chance.

The *final wagons* of a game: the wagons of `toolkit.metrics.wagons.terminal_positions`
that were hammered or whose target the round eliminated (a wagon at the deadline counts
when it eliminated). A *seat*: a voter still on a final wagon at the end of its round, with

- `terminal`: terminal position / wagon size (1: the last to join, e.g. the hammerer; the
  wagon's first voter who stayed has 1 / size);
- `entry`: the position the seat's current entry took (`wagon_entries.position`) over the
  votes the target needed then (`needed`): how complete the wagon was with this vote (1 at
  the hammer when every vote weighs 1; NaN on a day decided by plurality).

Each slot is labelled by its faction at the day's start (`blocs.true_labels`); the groups
compared are "scum" (factions in `scum`, by default the scum factions (`RuleSet.scum`) of the
game's rule set: "mafia" on mafiascum) and "town" (factions in `town`); other factions
(third parties) count only in the totals. The statistics, for each group and for two scopes
("all days"; "not last day": leaving out a game-ending day, the last phase of the log when
it is a day, where a lynch decides the game and the scum vote to win, not to blend in):

- on_wagon: seats of the group / the group's living slots summed over the final wagons
  (living: alive when the wagon's day was decided, `DayVotes.end_alive`);
- share: seats of the group / all seats;
- terminal, entry: the group's mean `terminal`, `entry` over its seats;
- hammer: hammers cast by the group / all hammers (the last seat of a hammered wagon);
- scum_on_scum (group scum, all days): votes cast by scum on scum / scum votes on slots
  (the "cast" basis of `toolkit.metrics.nulls.scum_on_scum`).

Chance is the within-day slot-shuffle null of `toolkit.metrics.nulls` (`shuffle_labels`):
each day's faction labels permuted among the slots alive at its start, independently per
day and per game. A statistic is a ratio of counts; pooled over games, the counts are summed
over the games first, for the observed labels and for each draw alike (draw r of the pool
is the sum of every game's draw r), then `summarize_null` compares them. Each game draws
from its own generator (`numpy.random.default_rng([seed, crc32(thread)])`), so that its
draws do not depend on which other games are read. The scum-on-scum rate is also given
against its random-voter baseline (`nulls.scum_on_scum`, `nulls.pooled`).

The research reads each game as a `GameWagons`: `game_wagons` makes it from a game log
(`cross_game`: the corpus folder, every game imported and counted again), and
`toolkit.research_tables` from the tables `mafiakit corpus` stores with every game
(`cross_game_store`: the same numbers, no log read); `analyse_games` does the rest.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
import zlib
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from engine.day import DayResult
from engine.gamelog import GameLog
from engine.rulesets import ruleset_of
from toolkit.corpus import corpus_dir, games
from toolkit.daycount import count_all
from toolkit.figures.style import faction_colours
from toolkit.metrics.blocs import NO_LYNCH, DayVotes, Labels, day_votes, true_labels, typed_frame
from toolkit.metrics.nulls import (
    DEFAULT_RUNS,
    DEFAULT_SEED,
    pooled,
    scum_on_scum,
    shuffle_labels,
    summarize_null,
)
from toolkit.metrics.wagons import terminal_positions, wagon_entries

TOWN = ("town",)
GROUPS = ("scum", "town")
SCOPES = ("all days", "not last day")
Wagons = Literal["hammered", "eliminated", "either"]
POOLED = "all"  # the `thread` of the pooled rows
Key = tuple[str, str, str]  # counter, scope, group ("" for a scope's totals)


@dataclass(frozen=True)
class Seat:
    """A voter on a final wagon (see the module's definitions)."""

    day: int
    target: str
    voter: str
    terminal: float
    entry: float
    hammerer: bool


@dataclass(frozen=True)
class GameWagons:
    """One game as the research reads it: its days' votes, true labels, the seats of its
    final wagons, for each final wagon its day and living slots, the game-ending day (None
    when the log ends at night), the scum and town factions."""

    thread: str
    days: Sequence[DayVotes]
    labels: Labels
    seats: Sequence[Seat]
    wagons: Sequence[tuple[int, tuple[str, ...]]]
    final_day: int | None
    scum: tuple[str, ...]
    town: tuple[str, ...]
    scum_rates: pd.DataFrame = field(repr=False)


def _final_day(log: GameLog) -> int | None:
    last = max(log.phases, key=lambda p: (p.number, p.kind == "night"), default=None)
    return last.number if last is not None and last.kind == "day" else None


def game_wagons(thread: str, log: GameLog, results: Sequence[DayResult] | None = None, *,
                scum: Collection[str] | None = None, town: Collection[str] = TOWN,
                wagons: Wagons = "either") -> GameWagons:
    """The final wagons of one game (`wagons`: the hammered ones, the eliminated ones or
    either) with their seats, and the game's per-day scum-on-scum rates (`scum_on_scum`,
    "cast" basis). `results`: the days counted (`count_all(log)` when not given)."""
    results = count_all(log) if results is None else list(results)
    scum_ids = tuple(scum) if scum is not None else ruleset_of(log).scum
    days = day_votes(log, results)
    ends = terminal_positions(log, results)
    pick = {"hammered": ends["hammered"], "eliminated": ends["eliminated"],
            "either": ends["hammered"] | ends["eliminated"]}[wagons]
    ends = ends[pick.fillna(False).astype(bool)]
    # the entry behind each seat: (day, round, target, voter, post) -> (position, needed)
    entries: dict[tuple[Any, ...], tuple[int, Any]] = {
        (e["day"], e["round"], e["target"], e["voter"], e["post"]): (e["position"], e["needed"])
        for e in _records(wagon_entries(log, results))}
    living = {d.day: d.end_alive for d in days}
    seats: list[Seat] = []
    found: dict[tuple[int, int, str], tuple[int, tuple[str, ...]]] = {}
    for r in _records(ends.sort_values(["day", "round", "target", "position"])):
        day = int(r["day"])
        found.setdefault((day, r["round"], r["target"]), (day, tuple(living.get(day, ()))))
        position, needed = entries[(r["day"], r["round"], r["target"], r["voter"],
                                    r["entry_post"])]
        seats.append(Seat(
            day=day, target=str(r["target"]), voter=str(r["voter"]),
            terminal=int(r["position"]) / int(r["size"]),
            entry=math.nan if pd.isna(needed) or not needed else int(position) / int(needed),
            hammerer=bool(r["hammered"]) and r["position"] == r["size"]))
    return GameWagons(thread=thread, days=days, labels=true_labels(log, days), seats=seats,
                      wagons=list(found.values()), final_day=_final_day(log), scum=scum_ids,
                      town=tuple(town),
                      scum_rates=scum_on_scum(log, results, scum=scum_ids))


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in frame.to_dict("records")]


def seats_frame(game: GameWagons) -> pd.DataFrame:
    """The seats of a game's final wagons with the voter's faction and group (scum, town,
    other): columns day, target, voter, faction, group, terminal, entry, hammerer."""
    rows = []
    for s in game.seats:
        faction = game.labels[s.day][s.voter]
        rows.append({"day": s.day, "target": s.target, "voter": s.voter, "faction": faction,
                     "group": _group(game, faction), "terminal": s.terminal,
                     "entry": s.entry, "hammerer": s.hammerer})
    return typed_frame(rows, {"day": "int64", "target": "string", "voter": "string",
                              "faction": "string", "group": "string", "terminal": "float64",
                              "entry": "float64", "hammerer": "bool"})


def _group(game: GameWagons, faction: str) -> str:
    return "scum" if faction in game.scum else "town" if faction in game.town else "other"


COUNTERS = ("seats", "living", "terminal", "entry", "entry_n", "hammers")
KEYS: tuple[Key, ...] = (
    *((c, s, g) for s in SCOPES for g in GROUPS for c in COUNTERS),
    *((c, s, "") for s in SCOPES for c in ("seats", "hammers")),
    ("votes", "all days", "scum"), ("on_scum", "all days", "scum"))
_INDEX = {k: i for i, k in enumerate(KEYS)}
# metric -> (numerator, denominator) counters; the denominator's group "" is the scope's total
METRICS: dict[str, tuple[str, str, bool]] = {  # numerator, denominator, over the total
    "on_wagon": ("seats", "living", False),
    "share": ("seats", "seats", True),
    "terminal": ("terminal", "seats", False),
    "entry": ("entry", "entry_n", False),
    "hammer": ("hammers", "hammers", True),
}


def counts(game: GameWagons, labels: Labels) -> np.ndarray:
    """The counts behind every statistic under `labels`, one float per `KEYS` entry."""
    out = np.zeros(len(KEYS))

    def add(counter: str, scope: str, group: str, value: float) -> None:
        out[_INDEX[(counter, scope, group)]] += value

    scopes = [(s, lambda day: True) if s == "all days" else
              (s, lambda day: day != game.final_day) for s in SCOPES]
    for scope, keep in scopes:
        for day, living in game.wagons:
            if keep(day):
                for slot in living:
                    g = _group(game, labels[day][slot])
                    if g != "other":
                        add("living", scope, g, 1)
        for s in game.seats:
            if not keep(s.day):
                continue
            g = _group(game, labels[s.day][s.voter])
            add("seats", scope, "", 1)
            add("hammers", scope, "", s.hammerer)
            if g == "other":
                continue
            add("seats", scope, g, 1)
            add("terminal", scope, g, s.terminal)
            add("hammers", scope, g, s.hammerer)
            if not math.isnan(s.entry):
                add("entry", scope, g, s.entry)
                add("entry_n", scope, g, 1)
    for d in game.days:
        label = labels[d.day]
        for c in d.cast:
            if c.target != NO_LYNCH and label[c.voter] in game.scum:
                add("votes", "all days", "scum", 1)
                add("on_scum", "all days", "scum", label[c.target] in game.scum)
    return out


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), math.nan)


def statistics(table: np.ndarray) -> dict[Key, tuple[np.ndarray, np.ndarray]]:
    """Each statistic (metric, scope, group) of counts (`counts` rows: one per labelling)
    as (values, denominators)."""
    t = np.atleast_2d(table)
    out: dict[Key, tuple[np.ndarray, np.ndarray]] = {}
    for metric, (num, den, total) in METRICS.items():
        for scope in SCOPES:
            for group in GROUPS:
                n = t[:, _INDEX[(num, scope, group)]]
                d = t[:, _INDEX[(den, scope, "" if total else group)]]
                out[(metric, scope, group)] = (_ratio(n, d), d)
    key = ("scum_on_scum", "all days", "scum")
    d = t[:, _INDEX[("votes", *key[1:])]]
    out[key] = (_ratio(t[:, _INDEX[("on_scum", *key[1:])]], d), d)
    return out


def draws(game: GameWagons, *, runs: int = DEFAULT_RUNS, seed: int = DEFAULT_SEED
          ) -> np.ndarray:
    """The counts under the true labels (row 0) and under `runs` within-day shuffles
    (rows 1..runs) drawn from the game's own generator (see the module)."""
    rng = np.random.default_rng([seed, zlib.crc32(game.thread.encode())])
    rows = [counts(game, game.labels)]
    rows.extend(counts(game, shuffle_labels(game.days, game.labels, rng)) for _ in range(runs))
    return np.array(rows)


TABLE_COLUMNS = {"thread": "string", "metric": "string", "scope": "string",
                 "group": "string", "n": "float64", "observed": "float64",
                 "null_mean": "float64", "null_sd": "float64", "p_value": "float64",
                 "percentile": "float64", "runs": "int64"}


def _rows(thread: str, table: np.ndarray) -> list[dict[str, Any]]:
    rows = []
    for (metric, scope, group), (values, dens) in statistics(table).items():
        res = summarize_null(float(values[0]), [float(v) for v in values[1:]])
        rows.append({"thread": thread, "metric": metric, "scope": scope, "group": group,
                     "n": float(dens[0]), "observed": res.observed,
                     "null_mean": res.null_mean, "null_sd": res.null_sd,
                     "p_value": res.p_value, "percentile": res.percentile,
                     "runs": res.runs})
    return rows


RATE_COLUMNS = {"thread": "string", "votes": "int64", "on_scum": "int64", "rate": "float64",
                "expected": "float64", "baseline": "float64"}


@dataclass(frozen=True)
class CrossGame:
    """The research over a set of games.

    `per_game` and `pooled`: one row per statistic (and game), columns thread ("all" when
    pooled), metric, scope, group, n (the statistic's denominator: living slot-wagons,
    seats, hammers or votes), observed, null_mean, null_sd, p_value, percentile, runs (see
    `nulls.NullResult`). `scum_rates`: each game's scum-on-scum rate against its random
    baseline (`nulls.pooled`) and the pooled row ("all": sums of votes, on_scum and
    expected). `null`: each pooled statistic's draws (observed first). `source`: what was
    read, or why nothing was."""

    games: int
    per_game: pd.DataFrame
    pooled: pd.DataFrame
    scum_rates: pd.DataFrame
    null: dict[Key, np.ndarray]
    source: str


def analyse(items: Iterable[tuple[str, GameLog]], *, runs: int = DEFAULT_RUNS,
            seed: int = DEFAULT_SEED, scum: Collection[str] | None = None,
            town: Collection[str] = TOWN, wagons: Wagons = "either",
            source: str = "") -> CrossGame:
    """The research over (thread id, game log) pairs, read one at a time."""
    return analyse_games((game_wagons(thread, log, scum=scum, town=town, wagons=wagons)
                          for thread, log in items), runs=runs, seed=seed, source=source)


def analyse_games(items: Iterable[GameWagons], *, runs: int = DEFAULT_RUNS,
                  seed: int = DEFAULT_SEED, source: str = "") -> CrossGame:
    """The research over games as `game_wagons` gives them (or as the store keeps them:
    `toolkit.research_tables`), read one at a time."""
    per_game: list[dict[str, Any]] = []
    rates: list[dict[str, Any]] = []
    total: np.ndarray | None = None
    n = 0
    for game in items:
        table = draws(game, runs=runs, seed=seed)
        total = table if total is None else total + table
        per_game.extend(_rows(game.thread, table))
        r = pooled(game.scum_rates)
        rates.append({"thread": game.thread, **r.__dict__})
        n += 1
    if rates:
        votes, on = sum(r["votes"] for r in rates), sum(r["on_scum"] for r in rates)
        expected = sum(r["expected"] for r in rates)
        rates.append({"thread": POOLED, "votes": votes, "on_scum": on,
                      "rate": on / votes if votes else math.nan, "expected": expected,
                      "baseline": expected / votes if votes else math.nan})
    null = {} if total is None else {k: v for k, (v, _) in statistics(total).items()}
    return CrossGame(games=n, per_game=typed_frame(per_game, TABLE_COLUMNS),
                     pooled=typed_frame(_rows(POOLED, total) if total is not None else [],
                                        TABLE_COLUMNS),
                     scum_rates=typed_frame(rates, RATE_COLUMNS), null=null,
                     source=source or f"{n} games")


def cross_game(folder: str | Path | None = None, *, limit: int | None = None,
               progress: Callable[[int, int, str], None] | None = None,
               runs: int = DEFAULT_RUNS, seed: int = DEFAULT_SEED) -> CrossGame:
    """The research over the first `limit` games of the corpus at `folder` (by default
    `toolkit.corpus.corpus_dir()`); no games, and `source` saying so, when it is absent."""
    base = Path(folder) if folder else corpus_dir()
    found = analyse(games(base, limit=limit, progress=progress), runs=runs, seed=seed)
    where = f"the mafiascum corpus ({base.name})"
    source = f"{found.games} games of {where}" if found.games else \
        f"no games: {where} was not found (set MAFIAKIT_SHARED); nothing to show"
    return CrossGame(found.games, found.per_game, found.pooled, found.scum_rates,
                     found.null, source)


def cross_game_table(folder: str | Path | None = None, limit: int | None = None,
                     progress: Callable[[int, int, str], None] | None = None
                     ) -> pd.DataFrame:
    """The pooled table of `cross_game` (see `CrossGame.pooled`)."""
    return cross_game(folder, limit=limit, progress=progress).pooled


def null_figure(result: CrossGame, metric: str = "on_wagon", scope: str = "all days"
                ) -> go.Figure | None:
    """The pooled null distribution of `metric` (in `scope`) for each group, a histogram
    in the group's faction colour, with the observed value as a vertical line; None when no
    game was read."""
    if not result.games:
        return None
    colour = faction_colours(["mafia", "town"])
    palette = {"scum": colour["mafia"], "town": colour["town"]}
    fig = go.Figure()
    for group in GROUPS:
        values = result.null.get((metric, scope, group))
        if values is None or math.isnan(values[0]):
            continue
        fig.add_trace(go.Histogram(
            x=values[1:], name=f"{group}: null", marker_color=palette[group], opacity=0.45,
            nbinsx=40, hovertemplate=f"{group} null: %{{x:.3f}}<br>%{{y}} draws"
            "<extra></extra>"))
        row = result.pooled[(result.pooled.metric == metric) & (result.pooled.scope == scope)
                            & (result.pooled.group == group)].iloc[0]
        fig.add_trace(go.Scatter(
            x=[values[0], values[0]], y=[0, int(row.runs) // 8], mode="lines",
            name=f"{group}: observed", line={"color": palette[group], "width": 3},
            hovertext=f"{group} observed {values[0]:.3f} (null mean {row.null_mean:.3f}, "
            f"p = {row.p_value:.3f})", hoverinfo="text"))
    fig.update_layout(title=f"{metric} ({scope}) over {result.games} games: observed "
                      "against the slot-shuffle null", xaxis_title=metric,
                      yaxis_title="null draws", barmode="overlay", template="plotly_white")
    return fig


def format_table(result: CrossGame) -> str:
    """The pooled table and the scum-on-scum rates as plain text."""
    cols = ["metric", "scope", "group", "n", "observed", "null_mean", "null_sd", "p_value",
            "percentile"]
    pooled_rates = result.scum_rates[result.scum_rates.thread == POOLED]
    return "\n\n".join([
        result.source,
        result.pooled[cols].to_string(index=False, float_format=lambda x: f"{x:.3f}"),
        "scum-on-scum against the random-voter baseline (pooled):",
        pooled_rates.to_string(index=False, float_format=lambda x: f"{x:.3f}")])


def main(argv: Sequence[str] | None = None) -> None:
    """`python -m toolkit.research [--db FILE [--shares]] [--limit N]`: the table over the
    whole corpus (the mafiascum games of the store FILE that `mafiakit corpus` built, with
    `--db`; read and counted from the corpus folder otherwise), or with `--shares` the
    numbers of notebook 07's charts (`research_tables.format_shares`), with progress and
    the run time on stderr."""
    parser = argparse.ArgumentParser(prog="python -m toolkit.research",
                                     description="The cross-game research table.")
    parser.add_argument("--db", type=Path, default=None,
                        help="read the games from this store (mafiakit corpus --db)")
    parser.add_argument("--limit", type=int, default=None, help="the first N games only")
    parser.add_argument("--shares", action="store_true",
                        help="with --db: the mafia's share of the wagons that eliminate by "
                        "day, entry position and distance from the hammer, against the null "
                        "(the numbers of notebook 07's charts)")
    args = parser.parse_args(argv)
    start = time.monotonic()

    def show(done: int, todo: int, thread: str) -> None:
        print(f"{done}/{todo} {thread}", file=sys.stderr)

    if args.shares:
        from toolkit.research_tables import format_shares, wagon_shares_store

        if args.db is None:
            parser.error("--shares reads a store: give it with --db")
        print(format_shares(wagon_shares_store(args.db, limit=args.limit, progress=show)))
        print(f"{time.monotonic() - start:.1f} s", file=sys.stderr)
        return
    if args.db is not None:
        from toolkit.research_tables import cross_game_store  # it imports this module

        result = cross_game_store(args.db, limit=args.limit, progress=show)
    else:
        result = cross_game(limit=args.limit, progress=show)
    print(format_table(result))
    print(f"{time.monotonic() - start:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
