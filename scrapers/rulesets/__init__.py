"""The scraper side of each rule set, by the engine's rule-set id (`engine.rulesets`): one
sub-package per rule set holds its vote grammar (`grammar.py`), its GM-log words (`words.py`)
and its vote as a post writes it, gathered into a `ScraperRuleSet` in its `__init__`.

Every scraper asks `scraper_ruleset(id)` for a rule set's pieces: none compares a rule-set
id with a literal, and an id this registry does not have is an error naming it, never a
quiet fall back to another rule set's forms. The registry holds exactly the engine's ids
(`tests/scrapers/test_ruleset_registry.py`).
"""

from __future__ import annotations

from engine.rulesets import RulingError
from scrapers.rulesets import contested_island, forum, mafiascum, open_roles, world_cup_2018
from scrapers.rulesets.base import DayAbility, RoleWords, ScraperRuleSet

_REGISTRY: dict[str, ScraperRuleSet] = {r.id: r for r in (
    mafiascum.RULESET, open_roles.RULESET, contested_island.RULESET, world_cup_2018.RULESET,
    forum.RULESET,
)}


class UnknownRuleSetError(RulingError):
    """A rule-set id the scrapers have no pieces for. A `RulingError` as the engine's own
    unknown rule set is, so that whoever handles that one handles this one too."""


def scraper_ruleset_ids() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def scraper_ruleset(ruleset_id: str | None) -> ScraperRuleSet:
    """The scraper side of the rule set `ruleset_id`; an `UnknownRuleSetError` naming it and
    the known ids otherwise."""
    try:
        return _REGISTRY[ruleset_id or ""]
    except KeyError:
        raise UnknownRuleSetError(
            f"no scraper rule set {ruleset_id!r} (no vote grammar, vote form or GM-log words "
            f"for it); known: {', '.join(scraper_ruleset_ids())}") from None


__all__ = ["DayAbility", "RoleWords", "ScraperRuleSet", "UnknownRuleSetError",
           "scraper_ruleset", "scraper_ruleset_ids"]
