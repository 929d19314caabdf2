"""Shared looks: a colour per faction and per ability, chosen from fixed palettes in the
order of sorted names, so that the same name has the same colour in every figure of a game."""

from __future__ import annotations

from collections.abc import Iterable

import plotly.express as px

# the town sides blue, the scum sides warm (each clan its own), third parties purple/grey
FACTION_COLOURS = {"town": "#2b8cbe", "survivors": "#2b8cbe", "cops": "#08519c",
                   "mafia": "#d7301f", "order-of-li": "#d7301f", "infected": "#31a354",
                   "corrupt": "#d7301f", "dirty": "#8c510a", "doping": "#f16913",
                   "dark": "#7f0000", "maniac": "#6a51a3", "neutral": "#999999",
                   "unknown": "#bdbdbd"}
_PALETTE = px.colors.qualitative.Dark24


def colours(names: Iterable[str], fixed: dict[str, str] | None = None) -> dict[str, str]:
    """A colour per name: `fixed` first, then the palette in sorted order."""
    out = dict(fixed or {})
    free = [c for c in _PALETTE if c not in out.values()]
    for i, name in enumerate(sorted(set(names) - set(out))):
        out[name] = free[i % len(free)]
    return out


def faction_colours(factions: Iterable[str | None]) -> dict[str, str]:
    return colours((f or "unknown" for f in factions), FACTION_COLOURS)
