"""Charts that tell the truth (issue 23): a test per view that misled. Each names what the
chart showed before and checks the fix on a bundled game."""

from __future__ import annotations

import colorsys
import itertools
import math

import pytest

from engine.gamelog import load
from tests.conftest import ROOT
from toolkit.daycount import count_all
from toolkit.figures.activity import activity_heatmap
from toolkit.figures.blocs import (
    TAG_SHIFT,
    covote_heatmap,
    died_in,
    name_tags,
    vote_network,
)
from toolkit.figures.nights import FAILED_NAME, game_visits, visit_graph, visit_graphs
from toolkit.figures.style import (
    DEAD,
    DEAD_TEXT,
    FAILED,
    MODEBAR,
    TITLE,
    ability_colours,
    faction_colours,
)
from toolkit.figures.votes import vote_count_charts, vote_flow_sankeys, wagon_rasters
from toolkit.labels import ability_label, faction_kind, role_label
from toolkit.metrics import blocs
from toolkit.metrics.activity import hour_heatmap

GAMES = ROOT / "tests" / "engine" / "games"
BUNDLED = sorted((ROOT / "data" / "games").glob("*/expected.json"))


def lab(colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of '#rrggbb': where colour distances are roughly as seen."""
    h = colour.lstrip("#")
    rgb = [int(h[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def distance(a: str, b: str) -> float:
    return math.dist(lab(a), lab(b))


def hue(colour: str) -> float:
    """The hue in degrees (HSV)."""
    h = colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return 360 * colorsys.rgb_to_hsv(r, g, b)[0]


def saturation(colour: str) -> float:
    h = colour.lstrip("#")
    r, g, b = (int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return colorsys.rgb_to_hsv(r, g, b)[1]


def blue(colour: str) -> bool:
    return 180 <= hue(colour) <= 260


def warm(colour: str) -> bool:
    return hue(colour) <= 60 or hue(colour) >= 345


# factions: third party and town were near-identical blues


def test_every_faction_of_a_game_has_a_colour_of_its_own_by_its_kind() -> None:
    for path in BUNDLED:
        log = load(path)
        factions = sorted({s.faction or "unknown" for s in log.players} |
                          {c.faction for s in log.players for c in s.changes if c.faction})
        palette = faction_colours(factions, log)
        for a, b in itertools.combinations(factions, 2):
            assert distance(palette[a], palette[b]) > 20, (path.parent.name, a, b)
        for f in factions:
            kind = faction_kind(log, f)
            assert blue(palette[f]) == (kind == "town"), (f, kind, palette[f])
            if kind == "mafia":
                assert warm(palette[f]), (f, palette[f])
            assert distance(palette[f], DEAD) > 20  # the dead stand apart from every side


def test_a_third_party_is_not_blue_and_the_clans_are_warm_and_apart() -> None:
    island = load(GAMES / "island-16.json")
    palette = faction_colours(["survivors", "maniac", "order-of-li", "infected"], island)
    assert not blue(palette["maniac"])
    assert distance(palette["maniac"], palette["survivors"]) > 40
    cup = load(GAMES / "world-cup-2018-game.json")
    clans = ["corrupt", "dirty", "doping", "dark"]
    shades = faction_colours([*clans, "cops", "town", "neutral"], cup)
    assert all(warm(shades[c]) for c in clans)
    assert len({shades[c] for c in clans}) == 4
    # the same colour for a faction whichever others a figure shows
    assert faction_colours(["dirty"], cup)["dirty"] == shades["dirty"]


# abilities: 15-20 similar pinks, and ids for names


def test_the_abilities_of_a_night_have_distinct_hues_and_their_names() -> None:
    for path in BUNDLED:
        log = load(path)
        visits = game_visits(log)
        palettes = ability_colours({n: list(g.ability) for n, g in visits.groupby("night")})
        for night, group in visits.groupby("night"):
            used = sorted({palettes[night][a] for a in group.ability})
            assert len(used) == group.ability.nunique(), (path.parent.name, night)
            # no crowd of one hue family: at most three saturated colours of a night in a
            # 30-degree sector of hue, and at most three pinks and magentas (the old palette,
            # Dark24, put 8 pinks in 24 colours)
            vivid = [c for c in used if saturation(c) > 0.3]
            for sector in range(12):
                within = [c for c in vivid if int(hue(c) // 30) == sector]
                assert len(within) <= 3, (path.parent.name, night, within)
            pinks = [c for c in vivid if 280 <= hue(c) < 350]
            assert len(pinks) <= 3, (path.parent.name, night, pinks)
        # and an ability keeps its colour from night to night
        seen: dict[str, set[str]] = {}
        for colours_of_night in palettes.values():
            for ability, colour in colours_of_night.items():
                seen.setdefault(ability, set()).add(colour)
        assert all(len(c) == 1 for c in seen.values()), path.parent.name
    log = load(GAMES / "island-16.json")
    fig = visit_graph(log, game_visits(log), 1)
    names = {t.name for t in fig.data if t.legendgroup != "players"} - {
        "players", FAILED_NAME}
    assert "Who are you?" in names
    lines = [t.line.color for t in fig.data if t.name in names]
    assert len(set(lines)) == len(lines) == len(names)  # the chart's colours, one each
    assert not any(n == n.lower() and "-" in n for n in names)  # no id such as who-are-you


# failed moves drawn as done


def test_a_blocked_swap_is_drawn_failed_with_the_reason() -> None:
    log = load(GAMES / "open-roles-game.json")
    visits = game_visits(log)
    swap = visits[(visits.night == 1) & (visits.ability == "swap")]
    assert set(swap.status) == {"blocked"}  # the replay: Grach was blocked by Mol
    fig = visit_graph(log, visits, 1)
    assert ability_label(log, "swap") not in {t.name for t in fig.data}
    broken = next(t for t in fig.data if t.name == FAILED_NAME)
    assert broken.line.dash == "dash"
    assert broken.line.color == FAILED
    texts = [t for t in broken.hovertext if t]
    assert any(t.startswith("Grach: Swap → Eger") and "blocked by Mol" in t for t in texts)
    assert any("Grach: Swap → Pum" in t for t in texts)
    # the arrow heads of the failed moves are grey too, the others in their ability's colour
    heads = fig.layout.annotations
    assert sum(a.arrowcolor == FAILED for a in heads) == len(texts)


# the dead not greyed; role slugs


def test_the_dead_are_grey_in_the_visit_graph_and_roles_have_names() -> None:
    log = load(GAMES / "island-16.json")
    figs = visit_graphs(log)
    last = max(n.number for n in log.nights)
    out = log.announced_out(f"N{last}")
    assert out
    players = next(t for t in figs[-1].data if t.name == "players")
    for i, slot in enumerate(log.players):
        dead = slot.id in out
        assert (players.marker.color[i] == DEAD) == dead, slot.id
        assert (players.textfont.color[i] == DEAD_TEXT) == dead, slot.id
        assert players.hovertext[i].endswith(", dead") == dead
    # the names outside the circle, away from the arrows (chords inside it)
    for x, y, where in zip(players.x, players.y, players.textposition, strict=True):
        if y > 0.5:
            assert where.startswith("top")
        if y < -0.5:
            assert where.startswith("bottom")
        if x > 0.5:
            assert where.endswith("right")
        if x < -0.5:
            assert where.endswith("left")
    legend = {t.name: t.marker.color for t in figs[-1].data if t.legendgroup == "players"}
    assert legend["dead"] == DEAD
    rick = next(s for s in log.players if s.role == "rick-morgan")
    hover = players.hovertext[log.players.index(rick)]
    assert role_label(log, "rick-morgan") in hover
    assert "rick-morgan" not in hover


# the toolbar over heatmap titles


def test_the_heatmap_titles_sit_below_the_toolbar() -> None:
    log = load(GAMES / "island-16.json")
    results = count_all(log)
    figs = [covote_heatmap(log, blocs.final_agreement(log, results)),
            activity_heatmap(hour_heatmap(log))]
    others = [vote_network(log, results), *visit_graphs(log)[:1],
              *vote_count_charts(log, results)[:1], *wagon_rasters(log, results)[:1],
              *vote_flow_sankeys(log, results)[:1]]
    assert len(others) == 5
    for fig in [*figs, *others]:
        title = fig.layout.title
        # the title hangs from the figure's top edge, below the toolbar's strip, left
        # aligned (the toolbar is at the right), and the top margin holds it
        assert (title.yref, title.y, title.yanchor) == ("container", 1.0, "top")
        assert title.pad.t >= MODEBAR >= 30
        assert title.xanchor == "left"
        assert fig.layout.margin.t >= title.pad.t + TITLE
    # the co-voting heatmap's column names on top get their room besides
    # the network's slider changes the title's text alone, not where it sits
    assert all("title" not in step.args[1] for step in others[0].layout.sliders[0].steps)
    longest = max(len(s.name) for s in log.players)
    assert figs[0].layout.margin.t >= MODEBAR + TITLE + 6 * longest


# the dead not greyed, names under arrows (the vote network); ticks of the dead


def test_the_vote_network_names_sit_on_top_beside_their_nodes_the_dead_grey() -> None:
    log = load(GAMES / "island-16.json")
    fig = vote_network(log)
    steps = fig.layout.sliders[0].steps
    nodes = [t for t in fig.data if str(t.name).startswith("slots, day")]
    assert len(steps) == len(nodes) > 1
    for step, trace in zip(steps, nodes, strict=True):
        assert trace.mode == "markers"  # no text of the trace, which arrows cross over
        tags = step.args[1]["annotations"]
        assert [t["text"] for t in tags] == [s.name for s in log.players]
        for tag, colour, x, y in zip(tags, trace.marker.color, trace.x, trace.y,
                                     strict=True):
            assert (tag["x"], tag["y"]) == (x, y)
            assert math.hypot(tag["xshift"], tag["yshift"]) >= TAG_SHIFT - 0.1
            assert tag["bgcolor"].startswith("rgba(255,255,255")  # a ground over the arrows
            assert (tag["font"]["color"] == DEAD_TEXT) == (colour == DEAD)
    # the figure opens on the first day's tags
    assert [a.text for a in fig.layout.annotations] == [s.name for s in log.players]
    last = steps[-1].args[1]["annotations"]
    assert any(t["font"]["color"] == DEAD_TEXT for t in last)


def test_a_name_tag_sits_away_from_the_arrows_and_the_centre() -> None:
    log = load(GAMES / "island-16.json")
    at = {s.id: (math.cos(i), math.sin(i)) for i, s in enumerate(log.players)}
    # no arrows: every tag outward, the same way as its node from the centre
    for slot, tag in zip(log.players, name_tags(log, at, set()), strict=True):
        x, y = at[slot.id]
        assert tag["xshift"] * x + tag["yshift"] * y > 0
    # arrows into a node from above and from the right, where the centre is not: its tag
    # goes neither up nor right, though outward is up and right
    first, second, third = (s.id for s in log.players[:3])
    at = {s.id: (0.0, 0.0) for s in log.players} | {first: (1.0, 1.0), second: (1.0, 2.0),
                                                    third: (2.0, 1.0)}
    tag = name_tags(log, at, set(), [(second, first), (third, first)])[0]
    assert tag["yshift"] <= 0
    assert tag["xshift"] <= 0
    assert math.hypot(tag["xshift"], tag["yshift"]) == pytest.approx(TAG_SHIFT, abs=0.1)


def test_the_heatmap_ticks_of_the_dead_say_when_in_grey() -> None:
    log = load(GAMES / "island-16.json")
    fig = covote_heatmap(log, blocs.final_agreement(log))
    ticks = list(fig.layout.xaxis.ticktext)
    palette = faction_colours([s.faction for s in log.players], log)
    for slot in log.players:
        name = f'<span style="color:{palette[slot.faction or "unknown"]}">{slot.name}</span>'
        dead = f'<span style="color:{DEAD_TEXT}"> † {died_in(slot)}</span>'
        assert (name + dead if died_in(slot) else name) in ticks
    assert any(died_in(s) for s in log.players)
    assert died_in(next(s for s in log.players if s.name == "Anguilla")) == "D2"


def test_the_bloc_figures_name_roles_and_factions_not_their_ids() -> None:
    log = load(GAMES / "island-16.json")
    heat = covote_heatmap(log, blocs.final_agreement(log))
    network = vote_network(log)
    hovers = [h for t in heat.data[1:] for h in t.hovertext] + \
        [h for t in network.data if str(t.name).startswith("slots, day") for h in t.hovertext]
    assert hovers
    for slot in log.players:
        for slug in (slot.role, slot.faction):
            if slug and "-" in slug:  # rick-morgan, order-of-li: never shown as written
                assert not any(slug in h for h in hovers), slug
    rick = next(s for s in log.players if s.role == "rick-morgan")
    assert any(h.startswith(f"{rick.name}: Rick Morgan; ") for h in hovers)
