"""The factions in words of mafiascum's games (the site's convention: town and scum), for
the GM-log reader; mafiascum has no role table of its own."""

from __future__ import annotations

FACTIONS: dict[str, tuple[str, ...]] = {
    "town": ("town", "мирный"), "mafia": ("mafia", "scum", "мафия"),
}
