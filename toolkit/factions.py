"""Which factions are scum (the informed minority that kills at night) under each rule set.

The faction ids come from the rule sets themselves, so that a renamed faction cannot drift
from this list:

- mafiascum: "mafia" (the site's convention; the corpus names no other scum faction);
- open-roles: the rule set's `MAFIA` ("mafia");
- world-cup-2018: the three mafia clans (`CLANS`: "corrupt", "dirty", "doping") and "dark"
  (`DARK`: a mayor, journalist or jester who chose the mafia's side and is not yet
  recruited into a clan). The cops win with the town; the neutrals (maniac, vampire) play
  for themselves and are not scum here;
- contested-island: the factions of kind "mafia" ("order-of-li", "infected"); the maniac is
  a third party, not scum.

A rule set not listed falls back to ("mafia",), the usual name of the scum faction.
"""

from __future__ import annotations

from engine.rulesets import contested_island, open_roles
from engine.rulesets.world_cup_2018_night.common import CLANS, DARK

DEFAULT_SCUM = ("mafia",)

SCUM: dict[str, tuple[str, ...]] = {
    "mafiascum": DEFAULT_SCUM,
    "open-roles": (open_roles.MAFIA,),
    "world-cup-2018": (*CLANS, DARK),
    "contested-island": tuple(f.id for f in contested_island.FACTIONS.values()
                              if f.kind == "mafia"),
}


def scum_factions(ruleset_id: str) -> tuple[str, ...]:
    """The scum factions of the rule set `ruleset_id` (a `GameLog.meta.ruleset`), in the
    order above; ("mafia",) for a rule set not listed."""
    return SCUM.get(ruleset_id, DEFAULT_SCUM)
