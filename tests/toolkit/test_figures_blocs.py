"""The voting-bloc figures: what each draws, on the tiny game of the bloc metrics' tests
(A, B town; C, D mafia; night 1 kills B) and on the bundled games; and the scum mapping."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from engine.gamelog import load
from engine.rulesets import RulingError
from engine.rulesets.contested_island import vocab as contested_island
from engine.rulesets.world_cup_2018.night.common import CLANS, DARK
from tests.conftest import ROOT
from tests.toolkit.metrics.test_blocs import main_game
from toolkit.daycount import count_all
from toolkit.factions import scum_factions
from toolkit.figures.blocs import (
    NODE_RADIUS,
    OFFSET,
    arrow,
    coassignment_heatmap,
    community_order,
    covote_heatmap,
    pair_heatmap,
    vote_network,
)
from toolkit.figures.style import DEAD, FACTION_COLOURS
from toolkit.metrics import blocs, communities

GAMES = sorted((ROOT / "data" / "games").glob("*/expected.json"))
TOWN, MAFIA = FACTION_COLOURS["town"], FACTION_COLOURS["mafia"]


def test_scum_factions_by_rule_set() -> None:
    assert scum_factions("mafiascum") == ("mafia",)
    assert scum_factions("open-roles") == ("mafia",)
    assert scum_factions("world-cup-2018") == (*CLANS, DARK)
    assert scum_factions("contested-island") == ("order-of-li", "infected")
    assert set(scum_factions("contested-island")) <= set(contested_island.FACTIONS)
    assert "maniac" not in scum_factions("contested-island")
    with pytest.raises(RulingError, match="no-such-rules"):  # no guess of "mafia"
        scum_factions("no-such-rules")


@pytest.mark.parametrize("name", ["open-roles", "world-cup-2018", "contested-island"])
def test_every_bundled_game_with_factions_has_scum_by_the_mapping(name: str) -> None:
    log = load(ROOT / "data" / "games" / name / "expected.json")
    factions = {s.faction for s in log.players}
    assert set(scum_factions(log.meta.ruleset)) & factions
    # every faction of the game is either scum or named otherwise on purpose
    assert factions - set(scum_factions(log.meta.ruleset)) <= \
        {"town", "survivors", "cops", "neutral", "maniac"}


def test_community_order_is_community_then_faction_then_seat() -> None:
    log = main_game()
    # C (mafia) before B (town) in community 0; D (mafia) before A in 1
    assert community_order(log, {"A": 1, "B": 0, "C": 0, "D": 1}) == ["C", "B", "D", "A"]
    assert community_order(log, {"B": 0}) == ["B", "C", "D", "A"]  # the rest last, by faction


def test_the_heatmap_draws_the_pair_values_in_community_order() -> None:
    log = main_game()
    pairs = blocs.final_agreement(log)
    fig = pair_heatmap(log, pairs, "agreement", communities={"A": 1, "B": 0, "C": 0, "D": 1})
    heat = fig.data[0]
    assert fig.layout.xaxis.ticktext == fig.layout.yaxis.ticktext
    assert [t.split(">")[1].split("<")[0] for t in fig.layout.xaxis.ticktext] == \
        ["C", "B", "D", "A"]
    order = ["C", "B", "D", "A"]
    value = {frozenset((a, b)): v for a, b, v in zip(pairs.a, pairs.b, pairs.agreement,
                                                     strict=True)}
    for i, a in enumerate(order):
        for j, b in enumerate(order):
            if i == j:
                assert math.isnan(heat.z[i][j])
            else:
                assert heat.z[i][j] == value[frozenset((a, b))]
    assert heat.z[0][2] == 1.0  # C and D both on A twice
    assert "days_both: 2" in heat.text[0][2]  # the pair table's other columns in the hover
    assert (heat.zmin, heat.zmax) == (0.0, 1.0)
    # the tick labels and the strip are coloured by faction
    assert fig.layout.xaxis.ticktext[0] == f'<span style="color:{MAFIA}">C</span>'
    strip = {t.name: t for t in fig.data[1:]}
    assert set(strip) == {"Mafia", "Town"}
    assert strip["Mafia"].marker.color == MAFIA
    assert strip["Town"].marker.color == TOWN
    # town: rows 1 and 3 on the left (x = -1), columns 1 and 3 on top (y = -1)
    assert list(strip["Town"].x) == [-1, -1, 1, 3]
    assert list(strip["Town"].y) == [1, 3, -1, -1]
    # a frame around each community's block
    assert [(s.x0, s.x1) for s in fig.layout.shapes] == [(-0.5, 1.5), (1.5, 3.5)]


def test_the_covoting_heatmap_finds_its_communities_by_louvain() -> None:
    log = main_game()
    # agreement 1 for A-B and C-D, 0 otherwise: two communities, numbered by earliest member
    fig = covote_heatmap(log, blocs.final_agreement(log))
    assert [t.split(">")[1].split("<")[0] for t in fig.layout.yaxis.ticktext] == \
        ["A", "B", "C", "D"]
    assert len(fig.layout.shapes) == 2
    assert fig.layout.title.text.startswith("Final-vote agreement")
    assert fig.layout.xaxis.title.text == "slot"


def test_a_signed_table_gets_a_diverging_scale() -> None:
    log = main_game()
    fig = covote_heatmap(log, blocs.signed_agreement(log), "signed")
    assert (fig.data[0].zmin, fig.data[0].zmid, fig.data[0].colorscale[0][1]) == \
        (-1.0, 0.0, "rgb(103,0,31)")  # RdBu: -1 (opposed) dark red, +1 blue


def test_the_coassignment_heatmap_shows_the_share() -> None:
    log = main_game()
    graph = communities.covote_graph(log, blocs.co_wagon_overlap_game(log))
    shares = communities.coassignment(communities.community_sweep(graph, seeds=(0, 1)))
    fig = coassignment_heatmap(log, shares)
    names = [t.split(">")[1].split("<")[0] for t in fig.layout.xaxis.ticktext]
    z = fig.data[0].z
    for a, b, share in zip(shares.a, shares.b, shares.share, strict=True):
        i, j = names.index(a), names.index(b)
        assert z[i][j] == z[j][i] == share
    assert fig.data[0].colorbar.title.text == "co-assignment"


def test_an_arrow_stops_short_of_both_ends_and_points_its_way() -> None:
    x0, y0, x1, y1, angle = arrow(0.0, 0.0, 1.0, 0.0)
    assert (x0, x1) == (NODE_RADIUS, 1 - NODE_RADIUS)
    assert y0 == y1 == -OFFSET  # right of the way east is south
    assert angle == 90.0  # clockwise from up
    assert arrow(0.0, 0.0, 0.0, 1.0)[4] == 0.0
    assert arrow(0.0, 0.0, 0.0, -1.0)[4] == 180.0
    assert arrow(1.0, 1.0, 0.0, 1.0)[4] == -90.0


def test_the_vote_network_has_a_view_per_day_on_one_layout() -> None:
    log = main_game()
    fig = vote_network(log)
    legend = [t.name for t in fig.data[:3]]
    assert legend == ["Mafia", "Town", "dead"]
    days = [fig.data[3 + 4 * i: 7 + 4 * i] for i in range(2)]
    assert len(fig.data) == 3 + 4 * 2
    for (earlier, final, heads, nodes), d in zip(days, (1, 2), strict=True):
        edges = blocs.vote_edges(log)
        today = edges[edges.day == d]
        assert len(heads.x) == len(today)
        assert len(final.x) == 3 * int(today.final.sum())  # x0, x1, None a line
        assert len(earlier.x) == 3 * int((today.final == 0).sum())
        # each head sits NODE_RADIUS short of its target, OFFSET to the side
        at = dict(zip([s.id for s in log.players], zip(nodes.x, nodes.y, strict=True),
                      strict=True))
        for (x, y), target in zip(zip(heads.x, heads.y, strict=True), today.target,
                                  strict=True):
            tx, ty = at[target]
            assert math.hypot(x - tx, y - ty) == pytest.approx(math.hypot(NODE_RADIUS,
                                                                          OFFSET))
        # heads coloured by the voter's faction, larger for the final vote
        factions = {"A": TOWN, "B": TOWN, "C": MAFIA, "D": MAFIA}
        assert list(heads.marker.color) == [factions[v] for v in today.voter]
        assert list(heads.marker.size) == [13 if f else 9 for f in today.final]
    # day 1: 2 earlier votes (A>C, B>C), 4 final; the same positions on both days
    assert len(days[0][0].x) == 6
    assert len(days[0][1].x) == 12
    assert days[0][3].x == days[1][3].x
    assert days[0][3].y == days[1][3].y
    # B, killed in night 1, is grey on day 2 only
    assert list(days[0][3].marker.color) == [TOWN, TOWN, MAFIA, MAFIA]
    assert list(days[1][3].marker.color) == [TOWN, DEAD, MAFIA, MAFIA]
    # the slider shows the legend and one day's four traces
    steps = fig.layout.sliders[0].steps
    assert [s.label for s in steps] == ["Day 1", "Day 2"]
    assert steps[1].args[0]["visible"] == [True] * 3 + [False] * 4 + [True] * 4
    assert [t.visible for t in fig.data[3:]] == [True] * 4 + [False] * 4
    assert fig.layout.title.text == "Day 1: who voted whom"


def test_the_figures_are_deterministic() -> None:
    log = main_game()
    assert vote_network(log).to_json() == vote_network(log).to_json()
    pairs = blocs.co_wagon_overlap_game(log)
    assert covote_heatmap(log, pairs, "overlap").to_json() == \
        covote_heatmap(log, pairs, "overlap").to_json()


@pytest.mark.parametrize("path", GAMES, ids=[p.parent.name for p in GAMES])
def test_the_bloc_figures_on_the_bundled_games(path: Path) -> None:
    log = load(path)
    results = count_all(log)
    n = len(log.players)
    for pairs, value in ((blocs.final_agreement(log, results), "agreement"),
                         (blocs.co_wagon_overlap_game(log, results), "overlap"),
                         (blocs.signed_agreement(log, results), "signed")):
        fig = covote_heatmap(log, pairs, value)
        assert len(fig.data[0].z) == n
        assert len(fig.layout.xaxis.ticktext) == n
        assert sum(len(t.x) for t in fig.data[1:]) == 2 * n  # a square per row and column
        assert "http" not in fig.to_json()  # nothing fetched when drawn offline
    fig = vote_network(log, results)
    days = blocs.day_votes(log, results)
    assert len(fig.layout.sliders[0].steps) == len(days)
    nodes = [t for t in fig.data if str(t.name).startswith("slots, day")]
    assert len(nodes) == len(days)
    for trace, d in zip(nodes, days, strict=True):
        assert list(trace.marker.color).count(DEAD) == n - len(d.alive)
    assert "http" not in fig.to_json()


def test_a_recruit_takes_the_colour_of_the_faction_it_joined() -> None:
    log = load(ROOT / "data" / "games" / "contested-island" / "expected.json")
    fig = vote_network(log)
    fiji = [s.id for s in log.players].index("Fiji")  # survivors, order-of-li from N2
    colour = {t.name: t.marker.color for t in fig.data if t.name in ("Group of Survivors",
                                                                        "Order of Li")}
    nodes = [t for t in fig.data if str(t.name).startswith("slots, day")]
    assert nodes[1].marker.color[fiji] == colour["Group of Survivors"]  # day 2
    assert nodes[2].marker.color[fiji] == colour["Order of Li"]  # day 3
