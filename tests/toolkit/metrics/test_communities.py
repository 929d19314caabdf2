"""Communities on tiny graphs computed by hand, plus a smoke run on a bundled game."""

from __future__ import annotations

import math

import networkx as nx
import pandas as pd
import pytest

from engine.gamelog import load
from tests.conftest import ROOT
from tests.toolkit.metrics.test_blocs import FACTIONS, main_game, rows
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.metrics import blocs, communities


def covote() -> nx.Graph:
    """The main game's whole-game co-wagon overlap: A-B 0.8, C-D 1.0, the rest 0."""
    log = main_game()
    return communities.covote_graph(log, blocs.co_wagon_overlap_game(log))


def test_covote_graph() -> None:
    g = covote()
    assert list(g.nodes) == ["A", "B", "C", "D"]
    assert g.nodes["A"]["faction"] == "town"
    assert {(u, v): w for u, v, w in g.edges(data="weight")} == {("A", "B"): 0.8,
                                                                ("C", "D"): 1.0}


def test_louvain() -> None:
    g = covote()
    # two pairs of equal size: numbered by their earliest member
    assert communities.louvain(g, 1.0, 0) == {"A": 0, "B": 0, "C": 1, "D": 1}
    # joining A and B gains 0.8/1.8 - r 0.8*0.8/(2*1.8^2) > 0 only for r < 4.5
    assert communities.louvain(g, 5.0, 0) == {"A": 0, "B": 1, "C": 2, "D": 3}


def test_community_sweep_and_coassignment() -> None:
    sweep = communities.community_sweep(covote(), resolutions=(5.0, 1.0), seeds=(1, 0))
    runs = sweep.drop_duplicates(["resolution", "seed"])
    assert rows(runs[["resolution", "seed", "communities"]]) == [
        (1.0, 0, 2), (1.0, 1, 2), (5.0, 0, 4), (5.0, 1, 4)]
    # m = 1.8; r = 1, {A,B},{C,D}: 0.8/1.8 + 1/1.8 - (1.6/3.6)^2 - (2/3.6)^2 = 40/81
    # r = 5, singletons: -5 (2 (0.8/3.6)^2 + 2 (1/3.6)^2) = -410/324
    assert runs["modularity"].tolist() == pytest.approx([40 / 81] * 2 + [-410 / 324] * 2)
    assert len(sweep) == 16
    co = communities.coassignment(sweep)
    assert rows(co) == [("A", "B", 4, 2, 0.5), ("A", "C", 4, 0, 0.0), ("A", "D", 4, 0, 0.0),
                        ("B", "C", 4, 0, 0.0), ("B", "D", 4, 0, 0.0), ("C", "D", 4, 2, 0.5)]
    at_one = communities.coassignment(sweep, resolutions=[1.0])
    assert rows(at_one)[0] == ("A", "B", 2, 2, 1.0)


def test_faction_modularity_undirected() -> None:
    # the factions are the two pairs: the same 40/81 as the Louvain partition
    assert communities.faction_modularity(covote()) == pytest.approx(40 / 81)


def test_faction_modularity_directed() -> None:
    g = blocs.vote_graph(main_game())  # A>C 2, A>D 1, B>C 1, B>D 1, C>A 2, D>A 2; m = 9
    # no edge within a faction; town out 5 x in 4, mafia out 4 x in 5: (0 - 40/9) / 9
    assert communities.faction_modularity(g) == pytest.approx(-40 / 81)
    # {A,C} {B,D}: within A>C 2, C>A 2, B>D 1 = 5; out x in: 5 x 7 + 4 x 2 = 43
    # (5 - 43/9) / 9 = 2/81
    labels = {"A": "x", "C": "x", "B": "y", "D": "y"}
    assert communities.faction_modularity(g, labels) == pytest.approx(2 / 81)
    assert communities.faction_partition(g, labels) == [["A", "C"], ["B", "D"]]


def test_edgeless() -> None:
    log = tiny_game(FACTIONS, [[("talk", "A", "hello")]], eliminated=[None])
    g = blocs.vote_graph(log)
    assert math.isnan(communities.faction_modularity(g))
    sweep = communities.community_sweep(g, resolutions=(1.0,), seeds=(0,))
    assert sweep["community"].tolist() == [0, 1, 2, 3]
    assert sweep["modularity"].isna().all()
    assert communities.coassignment(sweep)["share"].tolist() == [0.0] * 6
    empty = communities.coassignment(sweep.iloc[0:0])
    assert empty.empty
    assert list(empty.columns) == ["a", "b", "runs", "together", "share"]


def test_bundled_game_sweep() -> None:
    log = load(ROOT / "data" / "games" / "open-roles" / "expected.json")
    g = blocs.vote_graph(log, weight="minutes")
    sweep = communities.community_sweep(g, resolutions=(0.5, 1.0, 2.0), seeds=range(5))
    again = communities.community_sweep(g, resolutions=(0.5, 1.0, 2.0), seeds=range(5))
    pd.testing.assert_frame_equal(sweep, again)  # seeded: the same partitions
    assert len(sweep) == 3 * 5 * len(log.players)
    co = communities.coassignment(sweep)
    assert len(co) == len(log.players) * (len(log.players) - 1) // 2
    assert ((co["share"] >= 0) & (co["share"] <= 1)).all()
    # finer partitions at higher resolution (on average over the seeds)
    count = sweep.drop_duplicates(["resolution", "seed"]).groupby("resolution")["communities"]
    assert count.mean().is_monotonic_increasing
