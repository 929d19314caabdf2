"""Cross-game research: seats of the final wagons, the counts behind each statistic, the
pooled null, on tiny games computed by hand; a slice of the corpus when it is present.
The research read from a store, and notebook 07 (which reads a store), are tested in
test_research_store.py."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from engine.gamelog import GameLog
from tests.conftest import need_corpus
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.metrics.nulls import pooled, scum_on_scum
from toolkit.research import (
    POOLED,
    analyse,
    counts,
    cross_game,
    cross_game_table,
    draws,
    game_wagons,
    null_figure,
    seats_frame,
    statistics,
)

FACTIONS = {"a": "mafia", "b": "mafia", "c": "town", "d": "town", "e": "town", "f": "town"}


def pooled_row(table: pd.DataFrame, metric: str, scope: str, group: str) -> dict[str, Any]:
    rows = [r for r in table.to_dict("records")
            if (r["metric"], r["scope"], r["group"]) == (metric, scope, group)]
    assert len(rows) == 1
    return {str(k): v for k, v in rows[0].items()}


def two_days() -> GameLog:
    """Day 1 (6 alive, majority 4): c starts the wagon on a, d joins (2nd), c leaves (d is
    now 1st), b joins (entry 2), c comes back (entry 3), f hammers (4). Night 1 kills d.
    Day 2 (4 alive, majority 3): e, f, c on b, c hammers. The log ends with day 2."""
    return tiny_game(FACTIONS, [
        [("c", "a"), ("a", "c"), ("d", "a"), ("c", None), ("b", "a"), ("c", "a"),
         ("e", "d"), ("f", "a")],
        [("b", "c"), ("e", "b"), ("f", "b"), ("c", "b")]],
        eliminated=["a", "b"], killed=[["d"]], winners=["town"])


def test_seats_of_the_hammered_wagons() -> None:
    game = game_wagons("t", two_days())
    seats = seats_frame(game)
    assert list(zip(seats.day, seats.voter, seats.group, strict=True)) == [
        (1, "d", "town"), (1, "b", "scum"), (1, "c", "town"), (1, "f", "town"),
        (2, "e", "town"), (2, "f", "town"), (2, "c", "town")]
    assert list(seats.terminal) == pytest.approx([1 / 4, 2 / 4, 3 / 4, 1, 1 / 3, 2 / 3, 1])
    # entry position over the votes needed (4 on day 1, 3 on day 2): d and b joined as the
    # 2nd voter, c re-entered as the 3rd
    assert list(seats.entry) == pytest.approx([2 / 4, 2 / 4, 3 / 4, 1, 1 / 3, 2 / 3, 1])
    assert list(seats.hammerer) == [False, False, False, True, False, False, True]
    assert game.final_day == 2
    assert [(day, len(living)) for day, living in game.wagons] == [(1, 6), (2, 4)]


def test_statistics_by_hand() -> None:
    game = game_wagons("t", two_days())
    got = {k: (float(v[0]), float(d[0])) for k, (v, d) in
           statistics(counts(game, game.labels)).items()}
    # all days: living scum 2 + 1 (a, b; then b), town 4 + 3; seats b | d, c, f, e, f, c
    assert got[("on_wagon", "all days", "scum")] == pytest.approx((1 / 3, 3))
    assert got[("on_wagon", "all days", "town")] == pytest.approx((6 / 7, 7))
    assert got[("share", "all days", "scum")] == pytest.approx((1 / 7, 7))
    assert got[("terminal", "all days", "town")] == pytest.approx(
        ((1 / 4 + 3 / 4 + 1 + 1 / 3 + 2 / 3 + 1) / 6, 6))
    assert got[("hammer", "all days", "town")] == pytest.approx((1, 2))
    # leaving out the last day (it ended the game): day 1 alone
    assert got[("on_wagon", "not last day", "scum")] == pytest.approx((1 / 2, 2))
    assert got[("share", "not last day", "scum")] == pytest.approx((1 / 4, 4))
    assert got[("entry", "not last day", "town")] == pytest.approx(((2 / 4 + 3 / 4 + 1) / 3, 3))
    assert got[("hammer", "not last day", "scum")] == pytest.approx((0, 1))
    # scum votes: a on c, b on a, b on c
    assert got[("scum_on_scum", "all days", "scum")] == pytest.approx((1 / 3, 3))


def test_scum_on_scum_counts_agree_with_the_metric() -> None:
    log = two_days()
    game = game_wagons("t", log)
    rate = pooled(scum_on_scum(log))
    values, votes = statistics(counts(game, game.labels))[("scum_on_scum", "all days", "scum")]
    assert rate.votes == int(votes[0])
    assert rate.rate == pytest.approx(float(values[0]))
    # random voters: a's 5 others hold 1 scum, b's too on day 1, none of b's 3 on day 2
    assert rate.baseline == pytest.approx((1 / 5 + 1 / 5 + 0) / 3)


def test_the_null_on_day_one_is_hypergeometric() -> None:
    """Day 1 alone: 2 scum among 6 living slots shuffled, 4 seats on the wagon, so the
    scum seats are hypergeometric: 0, 1, 2 with chances 1/15, 8/15, 6/15; the scum share
    of the seats has mean 1/3 and the observed 1/4 sits at 100 (1/15 + 8/30) = 33.3."""
    log = tiny_game(FACTIONS, [two_days_first()], eliminated=["a"])
    result = analyse([("t", log)], runs=4000, seed=1)
    row = pooled_row(result.pooled, "share", "all days", "scum")
    assert row["observed"] == pytest.approx(1 / 4)
    assert row["null_mean"] == pytest.approx(1 / 3, abs=0.01)
    assert row["percentile"] == pytest.approx(100 * (1 / 15 + 8 / 30), abs=2)
    assert row["runs"] == 4000
    shares = result.null[("share", "all days", "scum")][1:] * 4
    assert set(np.round(shares).astype(int)) == {0, 1, 2}
    assert np.mean(np.round(shares) == 0) == pytest.approx(1 / 15, abs=0.015)


def two_days_first() -> list[tuple[str, str | None]]:
    return [("c", "a"), ("a", "c"), ("d", "a"), ("c", None), ("b", "a"), ("c", "a"),
            ("e", "d"), ("f", "a")]


def test_pooling_sums_the_counts_of_each_draw() -> None:
    log = two_days()
    one = game_wagons("x", log)
    result = analyse([("x", log), ("y", log)], runs=50, seed=3)
    both = draws(one, runs=50, seed=3) + draws(game_wagons("y", log), runs=50, seed=3)
    assert np.allclose(result.null[("on_wagon", "all days", "town")],
                       statistics(both)[("on_wagon", "all days", "town")][0], equal_nan=True)
    # the same game twice: the pooled observed values are the game's own
    per_game = result.per_game[result.per_game.thread == "x"].set_index(
        ["metric", "scope", "group"])
    pool = result.pooled.set_index(["metric", "scope", "group"])
    assert np.allclose(pool.observed, per_game.observed, equal_nan=True)
    assert (pool.n == 2 * per_game.n).all()
    # each game draws from its own generator: x and y differ, and are reproducible
    other = draws(game_wagons("y", log), runs=50, seed=3)
    assert np.array_equal(other[0], draws(one, runs=50, seed=3)[0])
    assert not np.array_equal(other, draws(one, runs=50, seed=3))
    assert list(result.scum_rates.thread) == ["x", "y", POOLED]
    assert result.scum_rates.iloc[-1].votes == 6


def test_the_figure_draws_the_null_and_the_observed_value() -> None:
    result = analyse([("t", two_days())], runs=40)
    fig = null_figure(result)
    assert fig is not None
    kinds = [(t.type, t.name) for t in fig.data]
    assert kinds == [("histogram", "scum: null"), ("scatter", "scum: observed"),
                     ("histogram", "town: null"), ("scatter", "town: observed")]
    assert fig.data[1].x == (pytest.approx(1 / 3), pytest.approx(1 / 3))
    assert len(fig.data[0].x) == 40
    assert fig.data[0].marker.color != fig.data[2].marker.color
    assert fig.layout.title.text
    assert fig.layout.xaxis.title.text


def test_no_corpus_nothing_to_show(tmp_path: Path) -> None:
    result = cross_game(tmp_path, limit=5)
    assert result.games == 0
    assert result.per_game.empty
    assert result.pooled.empty
    assert "not found" in result.source
    assert null_figure(result) is None
    assert cross_game_table(tmp_path).empty


def test_a_slice_of_the_corpus() -> None:
    folder = need_corpus()
    result = cross_game(folder, limit=2, runs=20)
    assert result.games == 2
    share = pooled_row(result.pooled, "share", "all days", "scum")
    assert 0 < share["observed"] < 1
    assert share["n"] > 0
    rates = result.scum_rates.to_dict("records")
    assert [r["thread"] for r in rates][-1] == POOLED
    assert rates[-1]["votes"] == sum(r["votes"] for r in rates[:-1])
    assert not math.isnan(rates[-1]["baseline"])
