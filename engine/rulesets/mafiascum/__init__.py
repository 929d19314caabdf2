"""mafiascum.net conventions (no seed document: the site's written norms for Normal and Mini
games, as the donbot corpus in ../shared records them).

- A vote is written in bold (``Vote: X``, ``vote X``, ``VOTE:X``) or with the ``[vote]`` tag;
  ``Unvote`` withdraws; ``No lynch`` is a vote for nobody; the last mark in a post wins.
- Majority: half the living players rounded down, plus one. The vote that reaches it (the
  hammer) ends the day at once.
- A mark the text alone does not give (an unbolded ``Vote: X`` line, a name no player has: a
  riddle, an avatar's name, a nick spelt backwards) counts when the GM's next vote count
  places the voter on a player (ruling ``mafiascum.gm-confirmed-marks``).
- Role modifiers that touch the vote: Doublevoter (two votes), Voteless (none), Loved (one
  more vote needed to lynch them), Hated (one fewer).
"""

from __future__ import annotations

from engine.rulesets.base import DayRules, RuleSet
from engine.rulesets.mafiascum import day, vocab
from engine.rulesets.mafiascum.rulings import RULINGS

RULESET = RuleSet(
    id=vocab.ID,
    title="mafiascum.net majority lynch",
    source="mafiascum.net conventions (Normal and Mini games)",
    language="en",
    day=DayRules(count=day.count_rules),
    roles=vocab.ROLES,
    factions=vocab.FACTIONS,
    roster=vocab.roster,
    rulings=RULINGS,
)

__all__ = ["RULESET", "day", "vocab"]
