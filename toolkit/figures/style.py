"""Shared looks: a colour per faction, per ability and per name, from fixed palettes, so that
the same thing has the same colour in every figure of a game and no two things a reader must
tell apart share one.

Factions are coloured by their KIND in the rule set (`toolkit.labels.faction_kind`), from the
Okabe-Ito palette (safe for the common colour-blindnesses): town sides blue, scum sides warm
(several mafia clans each a shade of their own), third parties reddish purple or green, never
blue. Within a kind, the factions take the shades in the rule set's order, so a faction keeps
its colour whichever others a figure shows. The dead are a light grey, apart from every
faction. Abilities take well-separated hues (`ABILITY_PALETTE`), spread so that the
abilities of one night never share a colour (up to 18 in a night)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from engine.gamelog import GameLog
from engine.rulesets import RuleSet, RulingError, ruleset_of
from toolkit.labels import faction_kind

# Okabe & Ito (2008), "Color Universal Design"; the extra warm shades (dark red, yellow)
# keep four mafia clans apart where Okabe-Ito has two warm hues
KIND_SHADES: dict[str, tuple[str, ...]] = {
    "town": ("#0072B2", "#56B4E9"),  # blue, sky blue
    "mafia": ("#D55E00", "#E69F00", "#8C1C13", "#F0E442"),  # vermillion, orange, ...
    "third-party": ("#CC79A7", "#009E73"),  # reddish purple, bluish green: not blue
}
UNKNOWN = "#666666"  # no faction known
OTHER_SHADES = ("#000000", "#999933", "#44AA99", "#332288")  # factions the rules do not list
DEAD = "#d0d0d0"  # a player dead at that point of the game: nodes, labels, ticks
DEAD_TEXT = "#9a9a9a"  # a dead player's name: grey, darker than the markers, to be read
FAILED = "#8c8c8c"  # a night move the replay says did not take place
# the first shade of each kind, for callers that colour by kind alone
FACTION_COLOURS = {kind: shades[0] for kind, shades in KIND_SHADES.items()} | \
    {"unknown": UNKNOWN}

# well-separated hues, at most two of a hue family (a dark and a light one), without greys
# (grey is the failed moves' and the dead's); the most distinct first. From Okabe-Ito, Tableau
# 10, ColorBrewer's Paired and Trubetskoy's 20 distinct colours.
ABILITY_PALETTE = ("#0072B2", "#E69F00", "#009E73", "#D62728", "#6A3D9A", "#8C564B",
                   "#E377C2", "#808000", "#17BECF", "#000075", "#800000", "#8DB600",
                   "#FB9A99", "#A6CEE3", "#B2DF8A", "#CAB2D6", "#FDBF6F", "#F032E6")
MODEBAR = 36  # px: plotly's toolbar strip at the figure's top (30 px buttons and padding)
TITLE = 34  # px: one line of a figure's title


def colours(names: Iterable[str], fixed: dict[str, str] | None = None) -> dict[str, str]:
    """A colour per name (a vote target, ...): `fixed` first, then `ABILITY_PALETTE`'s
    well-separated hues in sorted order (cycling past its 18)."""
    out = dict(fixed or {})
    free = [c for c in ABILITY_PALETTE if c not in out.values()]
    for i, name in enumerate(sorted(set(names) - set(out))):
        out[name] = free[i % len(free)]
    return out


def _kind(source: GameLog | RuleSet | None, faction: str) -> str:
    if source is not None:
        return faction_kind(source, faction)
    # no rule set to ask: the two names every rule set uses alike
    return faction if faction in ("town", "mafia") else "unknown"


def _listed(source: GameLog | RuleSet | None) -> list[str]:
    """The rule set's factions in its order (empty without one)."""
    if source is None:
        return []
    try:
        rs = source if isinstance(source, RuleSet) else ruleset_of(source)
    except RulingError:  # a log of rules this toolkit does not have
        return []
    return [f.id for f in rs.factions]


def faction_colours(factions: Iterable[str | None],
                    source: GameLog | RuleSet | None = None) -> dict[str, str]:
    """A colour per faction id (None as "unknown"), by the faction's kind in `source`'s rule
    set (see the module). Without `source`, "town" and "mafia" are taken for what they say and
    any other name is of unknown kind."""
    names = {f or "unknown" for f in factions}
    order = _listed(source)
    out: dict[str, str] = {}
    others = sorted(n for n in names if n != "unknown" and _kind(source, n) not in KIND_SHADES)
    for name in names:
        kind = _kind(source, name) if name != "unknown" else "unknown"
        if kind in KIND_SHADES:
            mates = [f for f in order if _kind(source, f) == kind] or [name]
            at = mates.index(name) if name in mates else len(mates)
            shades = KIND_SHADES[kind]
            out[name] = shades[at % len(shades)]
        elif name == "unknown":
            out[name] = UNKNOWN
        else:
            out[name] = OTHER_SHADES[others.index(name) % len(OTHER_SHADES)]
    return dict(sorted(out.items()))


def ability_colours(nights: Mapping[Any, Iterable[str]]) -> dict[Any, dict[str, str]]:
    """Night -> ability -> colour, `nights` the abilities used each night: on any one night
    (up to the palette's 18) a colour each, and an ability's colour the same on every night
    where that allows. Each ability, in the order of the nights with the most abilities
    first (then sorted), takes the first palette colour no ability of a night it shares
    already has (a greedy colouring of the "used the same night" graph); a night where two
    of its abilities still met on one colour gives the later one (sorted) a colour free
    that night."""
    groups = {night: sorted(set(used)) for night, used in nights.items()}
    together: dict[str, set[str]] = {}
    for group in groups.values():
        for ability in group:
            together.setdefault(ability, set()).update(set(group) - {ability})
    game: dict[str, str] = {}
    for _, group in sorted(groups.items(), key=lambda item: (-len(item[1]), str(item[0]))):
        for ability in group:
            if ability in game:
                continue
            taken = {game[a] for a in together[ability] if a in game}
            free = [c for c in ABILITY_PALETTE if c not in taken]
            game[ability] = free[0] if free else ABILITY_PALETTE[len(game) %
                                                                 len(ABILITY_PALETTE)]
    out: dict[Any, dict[str, str]] = {}
    for night, group in groups.items():
        here: dict[str, str] = {}
        for ability in group:
            colour = game[ability]
            if colour in here.values():
                spare = [c for c in ABILITY_PALETTE if c not in here.values()]
                colour = spare[0] if spare else colour  # more abilities than colours
            here[ability] = colour
        out[night] = here
    return out


def clear_of_modebar(fig: Any, top: int = 0) -> None:
    """Keep plotly's toolbar (the modebar, at the top right of the figure, about 30 px high)
    off the title: the title is put in the top margin below the toolbar's strip, and the
    margin grows by the strip. `top`: the room the figure needs above the plot besides (tick
    labels on top, an axis title)."""
    fig.update_layout(
        title={"yref": "container", "y": 1.0, "yanchor": "top", "x": 0.0, "xanchor": "left",
               "pad": {"t": MODEBAR, "l": 10}},
        margin={"t": MODEBAR + TITLE + top})
