"""The registered rule sets, by id. A static table: importing this package changes nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

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
from engine.rulesets.house import FORUM_RULESET, house_ruleset

if TYPE_CHECKING:
    from engine.gamelog import GameLog

_RULESETS: dict[str, RuleSet] = {r.id: r for r in (
    mafiascum.RULESET, open_roles.RULESET, contested_island.RULESET,
    world_cup_2018.RULESET, FORUM_RULESET,
)}
# other ids a rule set answers to (never listed: `ruleset_ids` gives each rule set once)
_ALIASES: dict[str, str] = {a: r.id for r in _RULESETS.values() for a in r.aliases}


def ruleset_ids() -> tuple[str, ...]:
    return tuple(sorted(_RULESETS))


def get_ruleset(ruleset_id: str) -> RuleSet:
    """The rule set `ruleset_id`; a `RulingError` naming the known ids otherwise."""
    try:
        return _RULESETS[_ALIASES.get(ruleset_id, ruleset_id)]
    except KeyError:
        raise RulingError(f"unknown rule set {ruleset_id!r}; known: "
                          f"{', '.join(ruleset_ids())}") from None


def ruleset_of(log: GameLog) -> RuleSet:
    """The rule set game `log` is counted under: the one its house rules declare
    (`Meta.house_rules`), else the registered `meta.ruleset`. Every reader of a game's rules
    that has the log asks this, never the registry by the log's id: a house game's id names
    no registered rule set."""
    declared = log.meta.house_rules
    if declared is not None:
        return house_ruleset(declared)
    return get_ruleset(log.meta.ruleset or "")


def chosen_rulings(log: GameLog, rulings: Mapping[str, str] | None = None) -> dict[str, str]:
    """Every ruling of the game's rule set with its option: `rulings` over the log's own
    (`meta.rulings`, checked first so that an error says where the key came from) over the
    defaults. A key not of the game's rule set, written whole, is a `RulingError` naming it
    (`RuleSet.choose`): never ignored."""
    ruleset = ruleset_of(log)
    try:
        ruleset.choose(log.meta.rulings)
    except RulingError as exc:
        raise RulingError(f"the game log's meta.rulings: {exc}") from None
    return ruleset.choose({**log.meta.rulings, **(rulings or {})})


__all__ = ["DayRules", "Decision", "Faction", "Role", "RuleSet", "Ruling", "RulingError",
           "RulingOption", "chosen_rulings", "get_ruleset", "make_ruling", "read_option",
           "ruleset_ids", "ruleset_of"]
