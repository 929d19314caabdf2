"""Shared looks: a colour per faction and per ability, chosen from fixed palettes in the
order of sorted names, so that the same name has the same colour in every figure of a game."""

from __future__ import annotations

from collections.abc import Iterable

import plotly.express as px

FACTION_COLOURS = {"town": "#2b8cbe", "survivors": "#2b8cbe", "mafia": "#d7301f",
                   "maniac": "#6a51a3", "neutral": "#999999"}
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
