"""The figures: what each one draws, checked on the bundled games and tiny ones (issue 8)."""

from __future__ import annotations

from engine.gamelog import load
from tests.conftest import ROOT
from toolkit.figures.activity import activity_heatmap
from toolkit.figures.nights import (
    FAILED_NAME,
    failed,
    game_visits,
    visit_graph,
    visit_graphs,
)
from toolkit.figures.style import FACTION_COLOURS, FAILED, colours, faction_colours
from toolkit.labels import ability_label
from toolkit.metrics.activity import hour_heatmap

ISLAND = ROOT / "data" / "games" / "contested-island" / "expected.json"
MINI = ROOT / "data" / "games" / "mafiascum" / "expected.json"


def test_colours_are_fixed_by_the_names() -> None:
    assert colours(["b", "a"]) == colours(["a", "b", "a"])
    assert faction_colours(["town", "mafia", None])["town"] == FACTION_COLOURS["town"]
    assert "unknown" in faction_colours([None])


def test_a_night_visit_graph_has_an_arrow_per_visit_and_a_colour_per_ability() -> None:
    log = load(ISLAND)
    visits = game_visits(log)
    night = visits[visits.night == 1]
    fig = visit_graph(log, visits, 1)
    assert len(fig.layout.annotations) == len(night)
    legend = {t.name for t in fig.data if t.legendgroup != "players"} - {
        "players", FAILED_NAME}
    done = night[[not failed(r) for r in night.itertuples()]]
    assert legend == {ability_label(log, a) for a in done.ability}
    # a visit that did not take effect is grey and thin
    grey = [a for a in fig.layout.annotations if a.arrowcolor == FAILED]
    assert len(grey) == (~night.status.isin(["resolved", "redirected"])).sum() > 0
    # the players' markers: every slot, with its name
    players = next(t for t in fig.data if t.name == "players")
    assert list(players.text) == [s.name for s in log.players]


def test_one_graph_a_night_and_none_without_a_night_log() -> None:
    log = load(ISLAND)
    assert len(visit_graphs(log)) == len(log.nights)
    assert visit_graphs(load(MINI)) == []


def test_the_activity_heatmap_sums_to_the_players_posts() -> None:
    log = load(MINI)
    hours = hour_heatmap(log)
    fig = activity_heatmap(hours)
    z = fig.data[0].z
    assert len(z[0]) == 24
    assert sum(map(sum, z)) == sum(1 for p in log.posts if not p.gm)
