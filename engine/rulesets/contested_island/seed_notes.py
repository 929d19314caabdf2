"""What becomes of the seed's sentences that no scenario case or ruling quotes: the story,
the headings, what is modelled outside the cases (and where), and what is not modelled and
why (`engine.seed_text.SeedNote`). docs/rules/<id>.md shows each in its sentence's row."""

from __future__ import annotations

from engine.seed_text import SeedNote

NOTES: tuple[SeedNote, ...] = (
)
