"""mafiascum's roles and factions: a Normal or Mini game's roles are written freely by each
moderator ("Town Doublevoter", "Mafia Hated Goon"); the day reads their vote modifiers from
those words (`day`). The table holds what a simulated mini is made of."""

from __future__ import annotations

import random

from engine.rulesets.base import Faction, Role, Roster

ID = "mafiascum"

FACTIONS: tuple[Faction, ...] = (
    Faction("town", "Town", "town"),
    Faction("mafia", "Mafia", "mafia"),  # the site's name of the scum; the corpus names no other
)

ROLES: tuple[Role, ...] = (
    Role("vanilla-townie", "Vanilla Townie", None, "town"),
    Role("goon", "Mafia Goon", None, "mafia"),
)


def roster(rnd: random.Random) -> Roster:
    """A mini: 12 vanilla players, 3 of them mafia goons."""
    mafia = set(rnd.sample(range(12), 3))
    return [("goon" if i in mafia else "vanilla-townie", "mafia" if i in mafia else "town")
            for i in range(12)]
