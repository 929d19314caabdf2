"""The vca study's charts from the store (issue 23, item 7): the mafia's share of the
wagons that eliminate by day, entry position and distance from the hammer against the
shuffled-faction null (`research_tables.wagon_shares`, `figures.research`), on synthetic
stores (factions at random; mafia all on the wagon) and a store built by hand; the whole
corpus behind the `corpus` marker."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import plotly.graph_objects as go
import pytest

from tests.conftest import ROOT
from tests.toolkit.test_research import two_days
from tests.toolkit.test_research_store import three_days
from toolkit.figures.research import (
    day_share_figure,
    distance_share_figure,
    entry_share_figure,
)
from toolkit.frames import typed_frame
from toolkit.metrics.blocs import NO_LYNCH, Cast, DayVotes
from toolkit.metrics.nulls import SCUM_COLUMNS, null_band, shuffled_members
from toolkit.research import GameWagons, Seat, game_wagons
from toolkit.research_tables import (
    NO_LYNCH_WAGONS,
    THIRD_PARTY,
    final_wagons,
    wagon_shares,
    wagon_shares_store,
    wagons_tables,
)
from toolkit.store import Store

FIGURES = (day_share_figure, entry_share_figure, distance_share_figure)


# -- games and stores made for the tests ----------------------------------------------------

def made_game(thread: str, factions: dict[str, str],
              wagons: list[tuple[str, list[str]]], *, killed: dict[int, str] | None = None,
              ends: bool = True) -> GameWagons:
    """A game as the research reads it: day d + 1 has the wagon `wagons[d]` (target,
    voters in the order they joined, the last one hammering); every slot votes once per day
    at most, the target leaves at the day's end, `killed[day]` in the night after it. The
    game ends with its last day when `ends`."""
    alive = list(factions)
    days: list[DayVotes] = []
    seats: list[Seat] = []
    found: list[tuple[int, tuple[str, ...]]] = []
    post = 0
    for day, (target, voters) in enumerate(wagons, start=1):
        cast = []
        for voter in voters:
            post += 1
            cast.append(Cast(post, voter, target, ()))
        days.append(DayVotes(day=day, alive=tuple(alive), end_alive=tuple(alive), final={},
                             cast=tuple(cast), spans=()))
        seats.extend(Seat(day=day, target=target, voter=v, terminal=(i + 1) / len(voters),
                          entry=(i + 1) / len(voters), hammerer=i + 1 == len(voters))
                     for i, v in enumerate(voters))
        found.append((day, tuple(alive)))
        alive = [s for s in alive if s != target and s != (killed or {}).get(day)]
    return GameWagons(thread=thread, days=days,
                      labels={d.day: dict(factions) for d in days}, seats=seats,
                      wagons=found, final_day=len(wagons) if ends else None,
                      scum=("mafia",), town=("town",),
                      scum_rates=typed_frame([], SCUM_COLUMNS))


def synthetic_game(thread: str, rng: np.random.Generator, *, rigged: bool) -> GameWagons:
    """12 slots, 3 of them mafia at random; each day a random living slot is eliminated by
    a majority of the others: chosen at random, or (`rigged`) every living mafioso but the
    target first among them. The mafia kill a random townie each night; four days."""
    slots = [f"s{i:02d}" for i in range(12)]
    mafia = set(rng.choice(slots, 3, replace=False))
    factions = {s: "mafia" if s in mafia else "town" for s in slots}
    alive = list(slots)
    wagons: list[tuple[str, list[str]]] = []
    killed: dict[int, str] = {}
    for day in range(1, 5):
        target = str(rng.choice(alive))
        others = [s for s in alive if s != target]
        k = len(alive) // 2 + 1
        if rigged:
            first = [s for s in others if factions[s] == "mafia"]
            rest = [s for s in others if s not in first]
            voters = first + [str(s) for s in rng.choice(rest, k - len(first), replace=False)]
            voters = [str(s) for s in rng.permutation(voters)]
        else:
            voters = [str(s) for s in rng.choice(others, k, replace=False)]
        wagons.append((target, voters))
        town = [s for s in others if factions[s] == "town"]
        killed[day] = str(rng.choice(town))
        alive = [s for s in others if s != killed[day]]
    return made_game(thread, factions, wagons, killed=killed)


def write_store(db: Path, games: list[GameWagons], ruleset: str = "mafiascum") -> Path:
    """A store holding only what the research reads of `games` (the `games` rows and the
    research tables), as `mafiakit corpus` stores them."""
    with Store(db) as store:
        for game in games:
            game_id = f"mafiascum:{game.thread}"
            for name, frame in wagons_tables(game).items():
                store._insert(name, game_id, frame)  # the store's own row writer
            store.con.execute("INSERT INTO games VALUES (?, 'made', '', ?, ?, 0, 'ok', NULL)",
                              [game_id, ruleset, game.thread]).fetchall()
    return db


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The synthetic stores: "random" (factions at random), "rigged" (mafia all on the
    wagon), 40 games each."""
    base = tmp_path_factory.mktemp("charts")
    out = {}
    for name in ("random", "rigged"):
        rng = np.random.default_rng(7)
        games = [synthetic_game(f"g{i:02d}", rng, rigged=name == "rigged") for i in range(40)]
        out[name] = write_store(base / f"{name}.duckdb", games)
    return out


def drawn_bins(db: Path, runs: int = 400) -> list[dict[str, Any]]:
    shares = wagon_shares_store(db, runs=runs, seed=3)
    assert shares.games == 40
    t = shares.table
    return [{str(k): v for k, v in r.items()} for r in t[t["seats"] >= 30].to_dict("records")]


# -- the null band --------------------------------------------------------------------------

def test_the_band_holds_the_share_when_factions_are_random(stores: dict[str, Path]) -> None:
    bins = drawn_bins(stores["random"])
    assert len(bins) >= 20
    inside = [r["null_lo"] <= r["observed"] <= r["null_hi"] for r in bins]
    # a 5-95 % band misses about one bin in ten by chance
    assert sum(inside) / len(inside) >= 0.8
    assert all(r["null_lo"] <= r["null_mean"] <= r["null_hi"] for r in bins)


def test_the_band_excludes_the_share_when_mafia_all_join(stores: dict[str, Path]) -> None:
    """Every day bin, and every bin of the days that did not end the game with 60 seats or
    more: late in a game, with few slots alive, a wagon of all the mafia differs little from
    a random one, and a bin of 30 seats cannot tell them apart."""
    bins = drawn_bins(stores["rigged"])
    strong = [r for r in bins if r["by"] == "day"
              or ((r["eliminated"], r["final"]) == ("any", "not final day")
                  and r["seats"] >= 60)]
    assert len(strong) >= 20
    for r in strong:
        assert r["observed"] > r["null_hi"], r
        assert r["percentile"] > 95, r
    assert max(r["p_value"] for r in strong if r["by"] == "day") < 0.01


def test_the_null_keeps_the_eliminated_slot_and_the_faction_sizes() -> None:
    rng = np.random.default_rng(0)
    labels = {"a": "mafia", "b": "mafia", "c": "town", "d": "town", "e": "town"}
    drawn = shuffled_members(list("abcde"), labels, ["e", "a", "c"], ("mafia",), rng, 2000)
    assert drawn.shape == (2000, 3)
    # three of five seats drawn without replacement: 0 to 2 mafia, each seat 2/5
    assert set(drawn.sum(axis=1)) == {1, 2} | ({0} if (drawn.sum(axis=1) == 0).any() else set())
    assert drawn.sum(axis=1).max() == 2
    assert drawn.mean(axis=0) == pytest.approx([0.4] * 3, abs=0.04)
    assert null_band([0.0, 1.0, 2.0, 3.0, 4.0], 25, 75) == (1.0, 3.0)
    assert all(math.isnan(v) for v in null_band([math.nan]))


# -- the split, by hand ---------------------------------------------------------------------

def hand_games() -> list[GameWagons]:
    """Game A (a, b mafia): day 1 a, d, b, e hammer the town c (f killed at night); day 2,
    the last, d, e, b hammer the mafioso a. Game B (p mafia, x a serial killer): day 1 p,
    q, r hammer x; day 2 q, r vote no lynch; day 3, the last, p, s hammer the town q."""
    a = made_game("A", {"a": "mafia", "b": "mafia", "c": "town", "d": "town", "e": "town",
                        "f": "town"}, [("c", ["a", "d", "b", "e"]), ("a", ["d", "e", "b"])],
                  killed={1: "f"})
    b = made_game("B", {"p": "mafia", "q": "town", "r": "town", "s": "town", "t": "town",
                        "x": "serial-killer"},
                  [("x", ["p", "q", "r"]), (NO_LYNCH, ["q", "r"]), ("q", ["p", "s"])])
    return [a, b]


def bins_of(table: Any, by: str) -> dict[tuple[Any, ...], tuple[int, int, int, int]]:
    t = table[table["by"] == by]
    return {(r["x"], r["eliminated"], r["final"]): (r["games"], r["wagons"], r["seats"],
                                                    r["mafia"]) for r in t.to_dict("records")}


def test_the_split_by_eliminated_faction_and_final_day(tmp_path: Path) -> None:
    shares = wagon_shares_store(write_store(tmp_path / "hand.duckdb", hand_games()), runs=50)
    assert (shares.games, shares.wagons) == (2, 4)
    assert shares.left_out[NO_LYNCH_WAGONS] == 1
    assert shares.left_out[THIRD_PARTY] == 1
    assert bins_of(shares.table, "day") == {
        (1, "any", "not final day"): (2, 2, 7, 3),  # A: a, b of 4; B: p of 3
        (1, "town", "not final day"): (1, 1, 4, 2),  # the third party x only in "any"
        (2, "any", "final day"): (1, 1, 3, 1),
        (2, "scum", "final day"): (1, 1, 3, 1),
        (3, "any", "final day"): (1, 1, 2, 1),
        (3, "town", "final day"): (1, 1, 2, 1)}
    entry = bins_of(shares.table, "entry")
    assert {k[0]: v[2:] for k, v in entry.items() if k[1:] == ("any", "not final day")} == \
        {1: (2, 2), 2: (2, 0), 3: (2, 1), 4: (1, 0)}  # a | p, d | q, b | r, e
    distance = bins_of(shares.table, "distance")
    assert {k[0]: v[2:] for k, v in distance.items() if k[1:] == ("any", "not final day")} \
        == {0: (2, 0), 1: (2, 1), 2: (2, 1), 3: (1, 1)}  # e | r, b | q, d | p, a
    t = shares.table
    assert list(t[(t["by"] == "day") & (t["x"] == 1) & (t["eliminated"] == "town")]
                .observed) == [0.5]


def test_the_wagons_of_counted_games_follow_their_seats() -> None:
    two = final_wagons(game_wagons("t", two_days()))
    assert [(w.day, w.target, w.target_group, w.final, w.voters, w.hammered) for w in two] \
        == [(1, "a", "scum", False, ("d", "b", "c", "f"), True),
            (2, "b", "scum", True, ("e", "f", "c"), True)]
    assert two[0].pool == ("b", "c", "d", "e", "f")  # the living, the target left out
    # days decided at the deadline: no hammer, not in the distance bins
    three = final_wagons(game_wagons("t", three_days()))
    assert [(w.day, w.target, w.target_group, w.voters, w.hammered) for w in three] == \
        [(1, "c", "town", ("a", "g", "b"), False), (2, "a", "scum", ("e", "g", "f"), True),
         (3, "b", "scum", ("e", "f"), False)]
    shares = wagon_shares([game_wagons("t", three_days())], runs=20)
    t = shares.table
    t = t[(t["by"] == "distance") & (t["eliminated"] == "any")]
    assert set(t.seats.groupby(t["final"]).sum().items()) == {("not final day", 3)}


# -- the figures ----------------------------------------------------------------------------

def panel_titles(fig: go.Figure) -> list[str]:
    return [a.text for a in fig.layout.annotations if "<br>n = " in (a.text or "")]


def test_every_figure_carries_its_n(tmp_path: Path) -> None:
    shares = wagon_shares_store(write_store(tmp_path / "hand.duckdb", hand_games()), runs=50)
    day = day_share_figure(shares, min_seats=3)
    assert day is not None
    assert "2 games, 4 wagons" in day.layout.title.text
    assert panel_titles(day) == [
        "any slot eliminated, not final day<br>n = 2 wagons, 7 seats",
        "town eliminated, not final day<br>n = 1 wagons, 4 seats",
        "mafia eliminated, not final day<br>n = 0 wagons, 0 seats<br><span style="
        "'font-size:10px;color:#555555'>no wagons</span>",
        "any slot eliminated, final day<br>n = 2 wagons, 5 seats<br><span style="
        "'font-size:10px;color:#555555'>not drawn (fewer than 3 seats): day 3 (n = 2)"
        "</span>",
        "town eliminated, final day<br>n = 1 wagons, 2 seats<br><span style="
        "'font-size:10px;color:#555555'>not drawn (fewer than 3 seats): day 3 (n = 2)"
        "</span>",
        "mafia eliminated, final day<br>n = 1 wagons, 3 seats"]
    # the bin too small is not drawn: the observed line breaks there, the null has no bar
    observed = [t for t in day.data if t.name == "observed mafia share"]
    assert list(observed[3].x) == [2, 3]
    assert list(observed[3].y)[1] is None
    nulls = [t for t in day.data if t.name.startswith("null")]
    assert list(nulls[3].x) == [2]
    for make in (entry_share_figure, distance_share_figure):
        fig = make(shares, min_seats=1)
        assert fig is not None
        assert [t.split("<br>")[1] for t in panel_titles(fig)] == [
            "n = 7 entries, 2 wagons", "n = 4 entries, 1 wagons", "n = 0 entries, 0 wagons"]
    notes = " ".join(a.text for a in day.layout.annotations)
    assert "no-lynch wagons: 1" in notes
    assert "50 draws, seed 0" in notes


def test_no_game_no_figure(tmp_path: Path) -> None:
    shares = wagon_shares_store(tmp_path / "none.duckdb")
    assert shares.games == 0
    assert "was not found" in shares.source
    assert all(make(shares) is None for make in FIGURES)


def test_the_figures_are_deterministic(stores: dict[str, Path]) -> None:
    def figures(seed: int) -> list[str]:
        shares = wagon_shares_store(stores["random"], runs=100, seed=seed, limit=10)
        out = []
        for make in FIGURES:
            fig = make(shares)
            assert fig is not None
            out.append(json.dumps(json.loads(fig.to_json()), sort_keys=True))
        return out

    assert figures(4) == figures(4)
    assert figures(4) != figures(5)
    # each game draws from its own generator: the order the games are read in changes
    # nothing (one generator for all would give each game other draws in another order)
    g, h = (synthetic_game(t, np.random.default_rng(i), rigged=False)
            for i, t in enumerate("gh"))
    assert wagon_shares([g, h], runs=30, seed=4).table.equals(
        wagon_shares([h, g], runs=30, seed=4).table)


# -- notebook 07 ----------------------------------------------------------------------------

def test_notebook_07_shows_the_charts(stores: dict[str, Path]) -> None:
    from toolkit.notebooks import execute

    nb = execute(ROOT / "notebooks" / "07_cross_game.py",
                 {"STORE": str(stores["random"]), "LIMIT": 3})
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    titles = [o["data"]["application/vnd.plotly.v1+json"]["layout"]["title"]["text"]
              for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]
    for what in ("by day", "by entry position", "by distance from the hammer"):
        assert any(f"{what}" in t and "3 games" in t for t in titles), (what, titles)


# -- the whole corpus: tests/benchmarks/bench_research.py (`./run bench research`), out of
# the default run (a minute to build the store of the 98 games) -------------------------------


def test_python_m_toolkit_research_prints_the_shares(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    from toolkit.research import main

    db = write_store(tmp_path / "hand.duckdb", hand_games())
    main(["--db", str(db), "--shares"])
    out = capsys.readouterr().out
    assert out.startswith("2 games of the store hand.duckdb (rule set mafiascum); 4 final "
                          "wagons on a slot; left out: no-lynch wagons: 1;")
    assert "1000 draws, seed 0" in out
    # each bin with its n: day 1, any slot eliminated: 2 wagons, 7 seats, 3 of them mafia
    assert any(line.split()[:8] == ["day", "1", "any", "not", "final", "day", "2", "2"]
               and line.split()[8:10] == ["7", "0.429"] for line in out.splitlines())
    with pytest.raises(SystemExit):
        main(["--shares"])
