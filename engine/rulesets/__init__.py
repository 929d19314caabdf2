"""The registered rule sets, by id. A static table: importing this package changes nothing."""

from __future__ import annotations

from engine.rulesets import contested_island, mafiascum, open_roles, world_cup_2018
from engine.rulesets.base import (
    DayRules,
    Decision,
    Faction,
    Role,
    RuleSet,
    Ruling,
    RulingError,
    RulingOption,
    make_ruling,
    read_option,
)

_RULESETS: dict[str, RuleSet] = {r.id: r for r in (
    mafiascum.RULESET, open_roles.RULESET, contested_island.RULESET,
    world_cup_2018.RULESET,
)}


def ruleset_ids() -> tuple[str, ...]:
    return tuple(sorted(_RULESETS))


def get_ruleset(ruleset_id: str) -> RuleSet:
    """The rule set `ruleset_id`; a `RulingError` naming the known ids otherwise."""
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise RulingError(f"unknown rule set {ruleset_id!r}; known: "
                          f"{', '.join(ruleset_ids())}") from None


__all__ = ["DayRules", "Decision", "Faction", "Role", "RuleSet", "Ruling", "RulingError",
           "RulingOption", "get_ruleset", "make_ruling", "read_option", "ruleset_ids"]
