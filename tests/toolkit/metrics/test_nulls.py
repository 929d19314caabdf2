"""Faction metrics and the within-day shuffle null on tiny games computed by hand, plus
smoke runs on a bundled game and a corpus game."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from engine.gamelog import Death, GameLog, SourceRef, load
from tests.conftest import ROOT, corpus_dir, corpus_threads
from tests.toolkit.metrics.test_blocs import FACTIONS, main_game, rows
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.corpus import load_thread
from toolkit.daycount import count_all
from toolkit.metrics import blocs, nulls

NAN = float("nan")


def same(got: list[tuple[object, ...]], want: list[tuple[object, ...]]) -> None:
    """Rows equal, floats to 1e-9, NaN and NA equal to NaN."""
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert len(g) == len(w)
        for x, y in zip(g, w, strict=True):
            if isinstance(y, float) and math.isnan(y):
                assert x is pd.NA or (isinstance(x, float) and math.isnan(x)), (g, w)
            elif isinstance(y, float):
                assert x == pytest.approx(y, abs=1e-9), (g, w)
            else:
                assert x == y, (g, w)


def rice_game() -> GameLog:
    """Day 1, no elimination: A>D, B>D, C>E (town), D>A, E>B (mafia)."""
    return tiny_game({"A": "town", "B": "town", "C": "town", "D": "mafia", "E": "mafia"},
                     [[("A", "D"), ("B", "D"), ("C", "E"), ("D", "A"), ("E", "B")]],
                     eliminated=[None])


def departure_game() -> GameLog:
    """A>C 3, B>C 4, C>B 5, B modkilled at 6, D>C 7, E>C 8 hammers C."""
    log = tiny_game({**FACTIONS, "E": "town"}, [
        [("A", "C"), ("B", "C"), ("C", "B"), ("talk", "E", "hi"), ("D", "C"), ("E", "C")],
    ], eliminated=["C"])
    item = log.published.for_phase("D1")
    assert item is not None
    item.deaths.append(Death(slot="B", kind="modkilled", source=SourceRef(kind="post", post=6)))
    return log


def test_rice_index() -> None:
    same(rows(nulls.rice_index(rice_game())), [
        # mafia: A and B one vote each; tie -> the smaller id; (1 - 1) / (2 - 1)
        (1, "mafia", 2, 2, "A", 1, 0.5, 0.0),
        # town: 2 of 3 on D: (2 - 1) / (3 - 1)
        (1, "town", 3, 3, "D", 2, 2 / 3, 0.5)])


def test_rice_index_dead_and_single() -> None:
    same(rows(nulls.rice_index(main_game())), [
        (1, "mafia", 2, 2, "A", 2, 1.0, 1.0), (1, "town", 2, 2, "D", 2, 1.0, 1.0),
        (2, "mafia", 2, 2, "A", 2, 1.0, 1.0),
        (2, "town", 1, 1, "C", 1, 1.0, NAN)])  # B is dead: one voter, no index


def test_rice_index_no_votes() -> None:
    log = tiny_game(FACTIONS, [[("talk", "A", "hello")]], eliminated=[None])
    same(rows(nulls.rice_index(log)), [(1, "mafia", 2, 0, NAN, 0, NAN, NAN),
                                       (1, "town", 2, 0, NAN, 0, NAN, NAN)])


def test_scum_on_scum() -> None:
    same(rows(nulls.scum_on_scum(main_game())), [
        # C>A, D>A with 4 alive: each 1 scum among 3 others
        (1, 2, 0, 0.0, 2 / 3, 1 / 3),
        # C>A, D>A with A, C, D alive: 1 of 2 others
        (2, 2, 0, 0.0, 1.0, 0.5)])
    total = nulls.pooled(nulls.scum_on_scum(main_game()))
    assert (total.votes, total.on_scum, total.rate) == (4, 0, 0.0)
    assert (total.expected, total.baseline) == pytest.approx((5 / 3, 5 / 12))


def test_scum_on_scum_living_and_basis() -> None:
    log = departure_game()
    # C>B at 5 (others A, B, D, E: 1 scum of 4); D>C at 7, B gone (others A, C, E: 1 of 3)
    same(rows(nulls.scum_on_scum(log)), [(1, 2, 1, 0.5, 1 / 4 + 1 / 3, 7 / 24)])
    # final: D>C only (C has no vote left), alive A, C, D, E when decided
    same(rows(nulls.scum_on_scum(log, basis="final")), [(1, 1, 1, 1.0, 1 / 3, 1 / 3)])


def test_scum_on_scum_other_factions() -> None:
    # town as "scum": D1 A>C, B>C, A>D, B>D, each 1 town among 3 others; D2 A>C, no town
    # among the others C, D
    same(rows(nulls.scum_on_scum(main_game(), scum=("town",))), [
        (1, 4, 0, 0.0, 4 / 3, 1 / 3), (2, 1, 0, 0.0, 0.0, 0.0)])
    log = tiny_game(FACTIONS, [[("talk", "A", "hello")]], eliminated=[None])
    same(rows(nulls.scum_on_scum(log)), [(1, 0, 0, NAN, 0.0, NAN)])
    assert math.isnan(nulls.pooled(nulls.scum_on_scum(log)).rate)


def test_faction_modularity_by_day() -> None:
    same(rows(nulls.faction_modularity_by_day(main_game())), [
        # D1: no edge within a faction; town out 4 x in 2, mafia out 2 x in 4, m = 6
        (1, 6.0, -(8 + 8) / 6 / 6),
        # D2 (A, C, D): town out 1 x in 2, mafia out 2 x in 1, m = 3
        (2, 3.0, -4 / 9)])
    same(rows(nulls.faction_modularity_by_day(main_game(), weight="minutes")), [
        # D1 minutes: town out 120 x in 90, mafia out 90 x in 120, m = 210
        (1, 210.0, -24 / 49),
        # D2: A>C 10, C>A 20 (D>A stood 0 minutes): town 10 x 20, mafia 20 x 10, m = 30
        (2, 30.0, -4 / 9)])


def test_summarize_null() -> None:
    r = nulls.summarize_null(4.0, [1.0, 2.0, 3.0, 4.0, NAN])
    # 4 draws: mean 2.5, sd sqrt(5/3); >= 4: 1 -> 2/5, <= 4: 4 -> 5/5; p = 2 x 2/5
    assert (r.observed, r.null_mean, r.percentile, r.runs) == (4.0, 2.5, 87.5, 4)  # (3 + 1/2)/4
    assert (r.null_sd, r.p_value) == pytest.approx((math.sqrt(5 / 3), 0.8))
    top = nulls.summarize_null(5.0, [1.0, 2.0, 3.0, 4.0])
    assert top.p_value == pytest.approx(0.4)
    assert top.percentile == 100.0
    flat = nulls.summarize_null(2.0, [2.0, 2.0, 2.0])
    assert (flat.null_sd, flat.p_value, flat.percentile) == (0.0, 1.0, 50.0)
    assert math.isnan(nulls.summarize_null(NAN, [1.0, 2.0]).p_value)
    assert nulls.summarize_null(1.0, [NAN]).runs == 0


def test_shuffle_labels() -> None:
    log = main_game()
    days = blocs.day_votes(log)
    truth = blocs.true_labels(log, days)
    rng = np.random.default_rng(7)
    seen: set[tuple[str, ...]] = set()
    for _ in range(200):
        drawn = nulls.shuffle_labels(days, truth, rng)
        assert sorted(drawn[1].values()) == sorted(truth[1].values())
        assert drawn[2]["B"] == "town"  # dead on day 2: kept
        assert sorted(drawn[2][s] for s in "ACD") == ["mafia", "mafia", "town"]
        seen.add(tuple(drawn[2][s] for s in "ACD"))
    # day 2: the town label on A, C or D
    assert seen == {("town", "mafia", "mafia"), ("mafia", "town", "mafia"),
                    ("mafia", "mafia", "town")}
    one = nulls.shuffle_labels(days, truth, np.random.default_rng(3))
    assert one == nulls.shuffle_labels(days, truth, np.random.default_rng(3))


def test_null_of_day_modularity() -> None:
    """Day 2's graph C>A, A>C, D>A under the 3 equally likely labellings: town = A gives
    -4/9 (observed); town = C: within D>A 1, out x in 1x1 + 2x2, (1 - 5/3)/3 = -2/9;
    town = D: within A>C, C>A 2, out x in 1x0 + 2x3, (2 - 2)/3 = 0. Null mean -2/9; the
    observed value is the least, drawn a third of the time: p ~ 2/3, percentile ~ 1/6."""
    df = nulls.faction_nulls(main_game(), runs=3000, seed=1)
    row = df[(df["metric"] == "faction_modularity") & (df["day"] == 2)].iloc[0]
    assert row["observed"] == pytest.approx(-4 / 9)
    assert row["null_mean"] == pytest.approx(-2 / 9, abs=0.01)
    assert row["p_value"] == pytest.approx(2 / 3, abs=0.03)
    assert row["percentile"] == pytest.approx(100 / 6, abs=1.5)


def test_faction_nulls_observed() -> None:
    df = nulls.faction_nulls(main_game(), runs=50, seed=0)
    assert list(df.columns) == list(nulls.NULL_COLUMNS)
    same(rows(df[["metric", "faction", "day", "observed"]]), [
        ("faction_modularity", NAN, 1, -4 / 9), ("faction_modularity", NAN, 2, -4 / 9),
        ("faction_modularity", NAN, NAN, -4 / 9),  # the mean over the days
        ("rice", "mafia", 1, 1.0), ("rice", "mafia", 2, 1.0), ("rice", "mafia", NAN, 1.0),
        ("rice", "town", 1, 1.0), ("rice", "town", 2, NAN), ("rice", "town", NAN, 1.0),
        ("scum_on_scum", NAN, 1, 0.0), ("scum_on_scum", NAN, 2, 0.0),
        ("scum_on_scum", NAN, NAN, 0.0)])  # pooled 0 of 4
    pd.testing.assert_frame_equal(df, nulls.faction_nulls(main_game(), runs=50, seed=0))
    assert not df.equals(nulls.faction_nulls(main_game(), runs=50, seed=1))


def test_faction_nulls_one_faction() -> None:
    """Every slot town: each shuffle is the truth, so the null is the observed value."""
    log = main_game()
    for slot in log.players:
        slot.faction = "town"
    df = nulls.faction_nulls(log, runs=20)
    rice = df[df["metric"] == "rice"]
    # day 1: 2 of 4 on D or A, (2 - 1)/(4 - 1); day 2: A>C, C>A, D>A, (2 - 1)/(3 - 1)
    same(rows(rice[["day", "observed", "null_mean", "null_sd", "p_value", "percentile"]]), [
        (1, 1 / 3, 1 / 3, 0.0, 1.0, 50.0), (2, 0.5, 0.5, 0.0, 1.0, 50.0),
        (NAN, 5 / 12, 5 / 12, 0.0, 1.0, 50.0)])
    assert df[df["metric"] == "scum_on_scum"]["observed"].isna().all()  # no mafia


def _smoke(log: GameLog, runs: int) -> None:
    results = count_all(log)
    df = nulls.faction_nulls(log, results, runs=runs, scum=("mafia",))
    assert set(df["metric"]) == {"rice", "scum_on_scum", "faction_modularity"}
    p = df["p_value"].dropna()
    assert ((p > 0) & (p <= 1)).all()
    assert len(p) > 0
    assert (df["runs"] <= runs).all()
    rate = nulls.pooled(nulls.scum_on_scum(log, results))
    game = df[(df["metric"] == "scum_on_scum") & df["day"].isna()]["observed"].iloc[0]
    assert game == pytest.approx(rate.rate, nan_ok=True)


def test_bundled_game() -> None:
    _smoke(load(ROOT / "data" / "games" / "open-roles" / "expected.json"), 50)


def test_corpus_game() -> None:
    threads = corpus_threads()
    if not threads:
        pytest.skip(f"mafiascum corpus not found at {corpus_dir()} (set MAFIAKIT_SHARED)")
    corpus = corpus_dir()
    smallest = min(threads, key=lambda t: (corpus / "posts" / f"{t}.jsonl.gz").stat().st_size)
    log = load_thread(smallest, corpus)  # imported, its votes read
    _smoke(log, 50)
