"""Charts that tell the truth (issue 23): a test per view that misled. Each names what the
chart showed before and checks the fix on a bundled game."""

from __future__ import annotations

import colorsys
import itertools
import math

from engine.gamelog import load
from tests.conftest import ROOT
from toolkit.figures.nights import FAILED_NAME, game_visits, visit_graph, visit_graphs
from toolkit.figures.style import DEAD, FAILED, ability_colours, faction_colours
from toolkit.labels import ability_label, faction_kind, role_label

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
            # no crowd of one hue family: at most two colours of a night within 30 degrees
            # of hue among the saturated ones (the old palette put 8 pinks in 24)
            for c in used:
                near = [d for d in used if min(abs(hue(c) - hue(d)), 360 - abs(hue(c) - hue(d)))
                        < 15 and distance(c, d) < 30]
                assert len(near) <= 2, (path.parent.name, night, c, near)
    log = load(GAMES / "island-16.json")
    fig = visit_graph(log, game_visits(log), 1)
    names = {t.name for t in fig.data} - {"players", FAILED_NAME}
    assert "Who are you?" in names
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
        assert (players.textfont.color[i] == DEAD) == dead, slot.id
        assert players.hovertext[i].endswith(", dead") == dead
    rick = next(s for s in log.players if s.role == "rick-morgan")
    hover = players.hovertext[log.players.index(rick)]
    assert role_label(log, "rick-morgan") in hover
    assert "rick-morgan" not in hover
