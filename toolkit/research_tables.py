"""The cross-game research's inputs as store tables (`toolkit.store`, issue 9), so that the
research (`toolkit.research`) runs from a store without reading or re-counting any game log.

`research_tables(log)` gives, for one game, exactly what `research.GameWagons` holds, and
`game_from_tables` builds the `GameWagons` back: its `draws` (the counts under the true
labels and under every shuffle) are the same numbers as those of `game_wagons(thread, log)`.
The tables (the store adds `game_id` to every row; `seq` numbers rows whose order matters,
from 0, over the game):

- `research_game`: one row per game: `final_day` (the game-ending day, NULL when the log
  ends at night), `scum` and `town` (the factions of the two groups compared, JSON lists);
- `research_days`: one row per counted day: `day`, how many slots were alive at its start
  (`alive_start`) and when it was decided (`alive_end`, the eliminated included), how many
  votes entered its count (`votes`);
- `research_labels`: one row per day and slot: the slot's `faction` at the day's start
  (NULL for a slot alive that day the roster does not hold), `start_order` and `end_order`:
  its place among the slots alive at the day's start and when the day was decided (NULL:
  not alive then). The order of the living at the start is the order the null model
  permutes them in (`nulls.shuffle_labels`), so it is kept, not only who was alive;
- `research_cast`: every vote that entered a day's count and stood after its post
  (`DayVotes.cast`), in post order: `seq`, `day`, `post`, `voter`, `target`;
- `research_seats`: the seats of the final wagons in the research's order (`seq`, `day`,
  `target`, `voter`, `terminal`, `entry` (NULL where the research has NaN: no votes
  needed, a day no majority decides), `hammerer`);
- `research_wagons`: the final wagons (`seq`, `day`, `living`: how many slots were alive
  when the day was decided; the living themselves are the day's `end_order` rows);
- `research_scum_rates`: the game's per-day scum-on-scum rates (`nulls.scum_on_scum`,
  "cast" basis): `day`, `votes`, `on_scum`, `rate`, `expected`, `baseline`.

The rebuilt `GameWagons` leaves empty what the research never reads: each day's `final`
standing votes and `spans` (the blocs metrics' over-time view), and each cast vote's
`living` (only the scum-on-scum baseline reads it, and its per-day result is stored whole
in `research_scum_rates`).

`cross_game_store(db)` is `research.cross_game` read from a store built by `mafiakit
corpus`: the same numbers for the same mafiascum games."""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import numpy as np
import pandas as pd

from engine.day import DayResult
from engine.gamelog import GameLog
from toolkit.frames import BOOL, FLOAT, INT, STR, typed_frame
from toolkit.metrics.blocs import NO_LYNCH, Cast, DayVotes
from toolkit.metrics.nulls import (
    DEFAULT_RUNS,
    DEFAULT_SEED,
    SCUM_COLUMNS,
    null_band,
    shuffled_members,
    summarize_null,
)
from toolkit.research import CrossGame, GameWagons, Seat, analyse_games, game_wagons

COLUMNS: dict[str, dict[str, str]] = {
    "research_game": {"final_day": INT, "scum": STR, "town": STR},
    "research_days": {"day": INT, "alive_start": INT, "alive_end": INT, "votes": INT},
    "research_labels": {"day": INT, "slot": STR, "faction": STR, "start_order": INT,
                        "end_order": INT},
    "research_cast": {"seq": INT, "day": INT, "post": INT, "voter": STR, "target": STR},
    "research_seats": {"seq": INT, "day": INT, "target": STR, "voter": STR,
                       "terminal": FLOAT, "entry": FLOAT, "hammerer": BOOL},
    "research_wagons": {"seq": INT, "day": INT, "living": INT},
    "research_scum_rates": {name: INT if dtype == "int64" else FLOAT
                            for name, dtype in SCUM_COLUMNS.items()},
}
RESEARCH_TABLES = tuple(COLUMNS)
# the order a game's rows are read back in (labels: any order, they fill a mapping)
_ORDER = {"research_game": "", "research_days": "day", "research_labels": "day, slot",
          "research_cast": "seq", "research_seats": "seq", "research_wagons": "seq",
          "research_scum_rates": "day"}
MAFIASCUM = "mafiascum:"  # the store's id of a corpus thread: "mafiascum:<thread>"
CHUNK = 128  # games read per query (see `cross_game_store`)
T = TypeVar("T")


def research_tables(log: GameLog, results: Sequence[DayResult] | None = None
                    ) -> dict[str, pd.DataFrame]:
    """The research's tables of one game (see the module); `results`: its days counted
    (`count_all(log)` when not given)."""
    return wagons_tables(game_wagons("", log, results))


def wagons_tables(game: GameWagons) -> dict[str, pd.DataFrame]:
    """A `GameWagons` as the research tables (its `thread` is not kept: the store's game id
    names the game)."""
    days: list[dict[str, Any]] = []
    labels: list[dict[str, Any]] = []
    cast: list[dict[str, Any]] = []
    for d in game.days:  # one per day number (`engine.day.days_of`)
        days.append({"day": d.day, "alive_start": len(d.alive), "alive_end": len(d.end_alive),
                     "votes": len(d.cast)})
        start = {s: i for i, s in enumerate(d.alive)}
        end = {s: i for i, s in enumerate(d.end_alive)}
        faction = game.labels.get(d.day, {})
        slots = [*faction, *(s for s in (*d.alive, *d.end_alive) if s not in faction)]
        for slot in dict.fromkeys(slots):
            labels.append({"day": d.day, "slot": slot, "faction": faction.get(slot),
                           "start_order": start.get(slot), "end_order": end.get(slot)})
        cast.extend({"day": d.day, "post": c.post, "voter": c.voter, "target": c.target}
                    for c in d.cast)
    seats = [{"day": s.day, "target": s.target, "voter": s.voter, "terminal": s.terminal,
              "entry": None if math.isnan(s.entry) else s.entry, "hammerer": s.hammerer}
             for s in game.seats]
    wagons = [{"day": day, "living": len(living)} for day, living in game.wagons]
    rows: dict[str, list[dict[str, Any]]] = {
        "research_game": [{"final_day": game.final_day, "scum": json.dumps(list(game.scum)),
                           "town": json.dumps(list(game.town))}],
        "research_days": days, "research_labels": labels,
        "research_cast": _numbered(cast), "research_seats": _numbered(seats),
        "research_wagons": _numbered(wagons),
        "research_scum_rates": _records(game.scum_rates)}
    return {name: typed_frame(rows[name], COLUMNS[name]) for name in RESEARCH_TABLES}


def _numbered(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"seq": i, **r} for i, r in enumerate(rows)]


def _records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    return [{str(k): v for k, v in r.items()} for r in frame.to_dict("records")]


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))


def game_from_tables(thread: str, tables: Mapping[str, pd.DataFrame]) -> GameWagons:
    """The `GameWagons` of one game's research tables (its rows, in the order of `_ORDER`;
    a `game_id` column is ignored): `draws` of it equals `draws` of the game read from its
    log under the same `thread` (see the module for what it leaves empty)."""
    game = _records(tables["research_game"])
    if len(game) != 1:
        raise ValueError(f"{thread}: {len(game)} research_game rows, one expected")
    by_day: dict[int, list[dict[str, Any]]] = {}
    for r in _records(tables["research_labels"]):
        by_day.setdefault(int(r["day"]), []).append(r)
    casts: dict[int, list[Cast]] = {}
    for r in _records(tables["research_cast"]):
        casts.setdefault(int(r["day"]), []).append(
            Cast(int(r["post"]), str(r["voter"]), str(r["target"]), ()))
    days: list[DayVotes] = []
    labels: dict[int, dict[str, str]] = {}
    for r in _records(tables["research_days"]):
        day = int(r["day"])
        rows = by_day.get(day, [])
        labels[day] = {str(x["slot"]): str(x["faction"]) for x in rows
                       if not _missing(x["faction"])}
        days.append(DayVotes(day=day, alive=_in_order(rows, "start_order"),
                             end_alive=_in_order(rows, "end_order"), final={},
                             cast=tuple(casts.get(day, [])), spans=()))
    living = {d.day: d.end_alive for d in days}
    seats = [Seat(day=int(r["day"]), target=str(r["target"]), voter=str(r["voter"]),
                  terminal=float(r["terminal"]),
                  entry=math.nan if _missing(r["entry"]) else float(r["entry"]),
                  hammerer=bool(r["hammerer"]))
             for r in _records(tables["research_seats"])]
    wagons = [(int(r["day"]), tuple(living.get(int(r["day"]), ())))
              for r in _records(tables["research_wagons"])]
    rates = tables["research_scum_rates"]
    rates = typed_frame(_records(rates.drop(columns=["game_id"], errors="ignore")),
                        SCUM_COLUMNS)
    final = game[0]["final_day"]
    return GameWagons(thread=thread, days=days, labels=labels, seats=seats, wagons=wagons,
                      final_day=None if _missing(final) else int(final),
                      scum=tuple(json.loads(game[0]["scum"])),
                      town=tuple(json.loads(game[0]["town"])), scum_rates=rates)


def _in_order(rows: list[dict[str, Any]], column: str) -> tuple[str, ...]:
    placed = sorted((int(r[column]), str(r["slot"])) for r in rows if not _missing(r[column]))
    return tuple(slot for _, slot in placed)


def thread_of(game_id: str) -> str:
    """The research's name of a stored game (it seeds the game's null draws): a mafiascum
    corpus game's thread id, as `research.cross_game` names it; any other game's store id."""
    return game_id.removeprefix(MAFIASCUM)


def cross_game_store(db: str | Path | None = None, *, ruleset: str | None = "mafiascum",
                     limit: int | None = None,
                     progress: Callable[[int, int, str], None] | None = None,
                     runs: int = DEFAULT_RUNS, seed: int = DEFAULT_SEED) -> CrossGame:
    """The research (`research.analyse_games`) over the games stored in `db` (by default
    `toolkit.store.default_store()`) without error, of rule set `ruleset` (None: every
    game), the first `limit` of them in game-id order: for the same corpus games, the
    numbers of `research.cross_game`. A missing store, one built before the research
    tables, or one another process holds locked, gives no games and a `source` saying what
    to do.

    The games are read `CHUNK` at a time (one query per table for each chunk), not one
    query per game: the tables have no index, so each query scans its table, and a query
    per game would scan it once for every game; nor every table whole, which for an
    archive of thousands of games would hold them all in memory at once."""
    value, source = _read_store(db, ruleset, limit, progress,
                                lambda games: analyse_games(games, runs=runs, seed=seed))
    if value is None:
        return _nothing(source)
    return CrossGame(value.games, value.per_game, value.pooled, value.scum_rates, value.null,
                     source)


def _read_store(db: str | Path | None, ruleset: str | None, limit: int | None,
                progress: Callable[[int, int, str], None] | None,
                use: Callable[[Iterable[GameWagons]], T]) -> tuple[T | None, str]:
    """`use` applied to the games of the store (see `cross_game_store`), and the `source`
    saying what was read; (None, why) when the store cannot be read."""
    from toolkit.store import default_store  # the store imports this module

    path = Path(db) if db is not None else default_store()
    build = f"build it with `mafiakit corpus <corpus folder> --db {path}`"
    if not path.is_file():
        return None, f"no games: the store {path} was not found; {build}"
    try:
        con = duckdb.connect(str(path), read_only=True)
    except duckdb.Error as exc:
        # most often locked by a `mafiakit corpus` run still writing it (DuckDB names the
        # process holding it); a notebook says so rather than failing
        return None, (f"no games: the store {path} cannot be opened ({exc}); try again "
                      "when no `mafiakit corpus` run is writing it")
    read = 0

    def counted(items: Iterable[GameWagons]) -> Iterator[GameWagons]:
        nonlocal read
        for game in items:
            read += 1
            yield game

    try:
        if not _has(con, "games") or not all(_has(con, t) for t in RESEARCH_TABLES):
            return None, (f"no games: the store {path} has no research tables (built "
                          f"before them); {build} (the games are stored again)")
        ids = _game_ids(con, ruleset, limit)
        ready = set(_column(con, "SELECT game_id FROM research_game"))
        todo = [g for g in ids if g in ready]
        value = use(counted(_games(con, todo, progress)))
    finally:
        con.close()
    which = f"rule set {ruleset}" if ruleset is not None else "every rule set"
    source = f"{read} games of the store {path.name} ({which})"
    if len(todo) < len(ids):
        source += (f"; {len(ids) - len(todo)} games stored before the research tables left "
                   f"out: run `mafiakit corpus <corpus folder> --db {path}` again")
    elif not ids:
        source = f"no games: the store {path} holds no game of {which}; {build}"
    return value, source


def _nothing(source: str) -> CrossGame:
    return analyse_games([], source=source)


def _has(con: duckdb.DuckDBPyConnection, table: str) -> bool:
    found = con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?",
                        [table]).fetchall()
    return bool(found[0][0])


def _column(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None
            ) -> list[str]:
    return [str(r[0]) for r in con.execute(sql, params or []).fetchall()]


def _game_ids(con: duckdb.DuckDBPyConnection, ruleset: str | None, limit: int | None
              ) -> list[str]:
    sql = "SELECT game_id FROM games WHERE status = 'ok'"
    params: list[Any] = []
    if ruleset is not None:
        sql += " AND ruleset = ?"
        params.append(ruleset)
    sql += " ORDER BY game_id"
    if limit is not None:
        sql += " LIMIT ?"
        params.append(max(limit, 0))
    return _column(con, sql, params)


def _games(con: duckdb.DuckDBPyConnection, ids: list[str],
           progress: Callable[[int, int, str], None] | None) -> Iterator[GameWagons]:
    done = 0
    for at in range(0, len(ids), CHUNK):
        chunk = ids[at:at + CHUNK]
        frames = {name: _grouped(con, name, chunk) for name in RESEARCH_TABLES}
        for game_id in chunk:
            tables = {name: frames[name].get(game_id, _empty(name)) for name in RESEARCH_TABLES}
            yield game_from_tables(thread_of(game_id), tables)
            done += 1
            if progress is not None:
                progress(done, len(ids), game_id)


def _grouped(con: duckdb.DuckDBPyConnection, name: str, ids: list[str]
             ) -> dict[str, pd.DataFrame]:
    order = ", ".join(["game_id", *filter(None, [_ORDER[name]])])
    df = con.execute(f"SELECT * FROM {name} WHERE game_id IN (SELECT unnest(?)) "
                     f"ORDER BY {order}", [ids]).df()
    return {str(g): rows for g, rows in df.groupby("game_id", sort=False)}


def _empty(name: str) -> pd.DataFrame:
    return typed_frame([], COLUMNS[name])


# -- the anchor study's charts: the mafia's share of the hammered wagon ---------------------
#
# The Computational-Mafia "vca" study charts, day by day and by place on the wagon, the
# share of mafia among the voters on the wagon that eliminated, against a null that
# shuffles the factions. These tables give those numbers from the same games as the
# research (`toolkit.figures.research` draws them).

BY = ("day", "entry", "distance")
ELIMINATED = ("any", "town", "scum")  # the target's group; "any": every final wagon on a slot
FINAL = ("not final day", "final day")
BAND = (5.0, 95.0)  # the null's band: these percentiles of the draws
NO_LYNCH_WAGONS = "no-lynch wagons"
THIRD_PARTY = "wagons on a third-party slot (in 'any' only)"
NO_HAMMER = "wagons decided without a hammer (not in 'distance')"
LEFT_OUT = (NO_LYNCH_WAGONS, THIRD_PARTY, NO_HAMMER)
SHARE_COLUMNS = {"by": "string", "x": "int64", "eliminated": "string", "final": "string",
                 "games": "int64", "wagons": "int64", "seats": "int64", "mafia": "int64",
                 "observed": "float64", "null_mean": "float64", "null_lo": "float64",
                 "null_hi": "float64", "p_value": "float64", "percentile": "float64",
                 "runs": "int64"}


@dataclass(frozen=True)
class FinalWagon:
    """A final wagon of the research (`research.GameWagons`: hammered, or eliminating at the
    deadline) as the charts read it: its `day` and `target`, the target's group at the
    day's start (`target_group`: scum, town, other, or "no-lynch"), whether the day ended
    the game (`final`), the `voters` still on it at its end in the order they joined (the
    last one: the hammerer on a `hammered` wagon), and the `pool` the null shuffles the
    voters' factions in: the slots alive when the day was decided, the target left out."""

    day: int
    target: str
    target_group: str
    final: bool
    voters: tuple[str, ...]
    pool: tuple[str, ...]
    hammered: bool


def final_wagons(game: GameWagons) -> list[FinalWagon]:
    """The game's final wagons. The seats of a wagon follow each other in the research's
    order (day, round, target, terminal position), and a wagon's last seat has terminal
    position 1: that is where one wagon ends and the next begins."""
    groups: list[list[Seat]] = [[]]
    for seat in game.seats:
        groups[-1].append(seat)
        if seat.terminal == 1:  # position == size: exactly 1.0
            groups.append([])
    groups = [g for g in groups if g]
    if len(groups) != len(game.wagons):
        raise ValueError(f"{game.thread}: {len(groups)} wagons in the seats, "
                         f"{len(game.wagons)} final wagons")
    out = []
    for seats, (day, living) in zip(groups, game.wagons, strict=True):
        target = seats[0].target
        voters = tuple(s.voter for s in seats)
        # a voter the day's living lack (not expected) still keeps a seat in the pool
        pool = tuple(dict.fromkeys([*(s for s in living if s != target), *voters]))
        faction = game.labels.get(day, {}).get(target)
        group = NO_LYNCH if target == NO_LYNCH else \
            "scum" if faction in game.scum else "town" if faction in game.town else "other"
        out.append(FinalWagon(day=day, target=target, target_group=group,
                              final=day == game.final_day, voters=voters, pool=pool,
                              hammered=seats[-1].hammerer))
    return out


@dataclass
class _Bin:
    games: set[str] = field(default_factory=set)
    wagons: int = 0
    seats: int = 0
    mafia: int = 0
    null: np.ndarray | None = None  # mafia seats under each draw


@dataclass(frozen=True)
class WagonShares:
    """The mafia's share of the final wagons' seats against the shuffled-faction null.

    `table`: one row per bin: `by` ("day": the wagon's day number `x`; "entry": the `x`-th
    voter to join, among those still on the wagon at its end; "distance", hammered wagons
    only: `x` joins before the hammer, 0 the hammerer), `eliminated` (the target's group:
    town, scum, or any), `final` ("final day": the day that ended the game; "not final
    day"), how many `games`, `wagons` and `seats` (voters on them) the bin holds, the
    `mafia` among the seats, their share (`observed`), and the null's mean, band
    (`null_lo`, `null_hi`: the `band` percentiles of its draws), two-sided p-value and the
    observed share's percentile (`nulls.summarize_null`) over `runs` draws. `left_out`:
    the final wagons no chart holds (on no-lynch), those only "any" holds (on a
    third-party slot), and those the distance bins leave out (decided at the deadline,
    without a hammer)."""

    games: int
    wagons: int
    table: pd.DataFrame
    left_out: dict[str, int]
    runs: int
    seed: int
    band: tuple[float, float]
    source: str


def wagon_shares(games: Iterable[GameWagons], *, runs: int = DEFAULT_RUNS,
                 seed: int = DEFAULT_SEED, band: tuple[float, float] = BAND,
                 source: str = "") -> WagonShares:
    """The mafia's share of the final wagons (`final_wagons`) by day, entry and distance.

    The null: for each wagon, the factions at the day's start permuted among the wagon's
    `pool` (the slots alive when the day was decided, the target left out, so that the
    target's group, a bin of the charts, stays what it was) `runs` times
    (`nulls.shuffled_members`); each game from its own generator
    (`numpy.random.default_rng([seed, crc32(thread)])`, as the research), so that its draws
    do not depend on the other games read. A bin's share pools its seats over the games:
    mafia seats / seats, for the observed labels and for each draw alike."""
    bins: dict[tuple[str, int, str, str], _Bin] = {}
    left_out = dict.fromkeys(LEFT_OUT, 0)
    n_games = n_wagons = 0
    for game in games:
        n_games += 1
        rng = np.random.default_rng([seed, zlib.crc32(game.thread.encode())])
        for wagon in final_wagons(game):
            if wagon.target_group == NO_LYNCH:
                left_out[NO_LYNCH_WAGONS] += 1
                continue
            if wagon.target_group == "other":
                left_out[THIRD_PARTY] += 1
            if not wagon.hammered:
                left_out[NO_HAMMER] += 1
            n_wagons += 1
            labels = game.labels.get(wagon.day, {})
            observed = [labels.get(v) in game.scum for v in wagon.voters]
            drawn = shuffled_members(wagon.pool, labels, wagon.voters, game.scum, rng, runs)
            _add_wagon(bins, game.thread, wagon, observed, drawn)
    rows = [_share_row(key, b, runs, band) for key, b in sorted(bins.items(), key=_order)]
    return WagonShares(games=n_games, wagons=n_wagons,
                       table=typed_frame(rows, SHARE_COLUMNS), left_out=left_out, runs=runs,
                       seed=seed, band=band, source=source or f"{n_games} games")


def _add_wagon(bins: dict[tuple[str, int, str, str], _Bin], thread: str, wagon: FinalWagon,
               observed: list[bool], drawn: np.ndarray) -> None:
    final = FINAL[wagon.final]
    groups = ["any", *([wagon.target_group] if wagon.target_group in ELIMINATED else [])]
    size = len(wagon.voters)
    seats: dict[tuple[str, int], list[int]] = {}  # (by, x) -> the wagon's seats in it
    for i in range(size):
        seats.setdefault(("day", wagon.day), []).append(i)
        seats.setdefault(("entry", i + 1), []).append(i)
        if wagon.hammered:  # a wagon decided at the deadline has no hammer to count from
            seats.setdefault(("distance", size - 1 - i), []).append(i)
    for (by, x), held in seats.items():
        for group in groups:
            b = bins.setdefault((by, x, group, final), _Bin())
            b.games.add(thread)
            b.wagons += 1
            b.seats += len(held)
            b.mafia += sum(observed[i] for i in held)
            counted = drawn[:, held].sum(axis=1)
            b.null = counted if b.null is None else b.null + counted


def _order(item: tuple[tuple[str, int, str, str], _Bin]) -> tuple[int, int, int, int]:
    by, x, group, final = item[0]
    return BY.index(by), FINAL.index(final), ELIMINATED.index(group), x


def _share_row(key: tuple[str, int, str, str], b: _Bin, runs: int,
               band: tuple[float, float]) -> dict[str, Any]:
    by, x, group, final = key
    null = (b.null if b.null is not None else np.zeros(runs)) / b.seats
    res = summarize_null(b.mafia / b.seats, [float(v) for v in null])
    lo, hi = null_band(null, *band)
    return {"by": by, "x": x, "eliminated": group, "final": final, "games": len(b.games),
            "wagons": b.wagons, "seats": b.seats, "mafia": b.mafia, "observed": res.observed,
            "null_mean": res.null_mean, "null_lo": lo, "null_hi": hi, "p_value": res.p_value,
            "percentile": res.percentile, "runs": res.runs}


def wagon_shares_store(db: str | Path | None = None, *, ruleset: str | None = "mafiascum",
                       limit: int | None = None,
                       progress: Callable[[int, int, str], None] | None = None,
                       runs: int = DEFAULT_RUNS, seed: int = DEFAULT_SEED,
                       band: tuple[float, float] = BAND) -> WagonShares:
    """`wagon_shares` over the games of a store, chosen and read as `cross_game_store`
    reads them (no games, and a `source` saying what to do, when the store cannot be
    read)."""
    value, source = _read_store(db, ruleset, limit, progress,
                                lambda games: wagon_shares(games, runs=runs, seed=seed,
                                                           band=band))
    if value is None:
        return wagon_shares([], runs=runs, seed=seed, band=band, source=source)
    return replace(value, source=source)


def format_shares(shares: WagonShares) -> str:
    """The shares as plain text: what was read, what was left out, and the bins of each
    chart (those of fewer than the figures' 30 seats included: the text says every n)."""
    cols = ["by", "x", "eliminated", "final", "games", "wagons", "seats", "observed",
            "null_lo", "null_mean", "null_hi", "p_value"]
    left = "; ".join(f"{k}: {v}" for k, v in shares.left_out.items() if v) or "nothing"
    lo, hi = shares.band
    return "\n\n".join([
        f"{shares.source}; {shares.wagons} final wagons on a slot; left out: {left}",
        f"null: factions shuffled among the living, the eliminated slot kept ({shares.runs} "
        f"draws, seed {shares.seed}); band: {lo:g}-{hi:g} %",
        shares.table[cols].to_string(index=False, float_format=lambda x: f"{x:.3f}")])
