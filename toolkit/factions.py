"""Which factions are scum (the informed minority that kills at night) under each rule set:
the factions of kind "mafia" of the rule set's own table (`RuleSet.factions`), so that a
renamed faction cannot drift from this list. For instance world-cup-2018's three mafia clans
and "dark" (a mayor, journalist or jester who chose the mafia's side), not its cops (who win
with the town) or its neutrals; contested-island's "order-of-li" and "infected", not its
maniac (a third party)."""

from __future__ import annotations

from engine.gamelog import GameLog
from engine.rulesets import get_ruleset, ruleset_of


def scum_factions(game: str | GameLog) -> tuple[str, ...]:
    """The scum factions of a game's rule set (a game log: the rule set it is counted
    under, its house rules' among them; a `GameLog.meta.ruleset` id: that rule set), in the
    rule set's order; an unknown rule set is a `RulingError` naming the known ones (a guess
    of "mafia" would count a game's scum wrong without a word)."""
    return (get_ruleset(game) if isinstance(game, str) else ruleset_of(game)).scum
