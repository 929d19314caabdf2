"""Rule sets built from declared house rules (`engine.gamelog.HouseRules`): one game's own
day, from the TOML its scraper gave (`--rules`), carried in the game log; and, from the
default declaration, the generic forum rule set (id "forum") that a thread scraped with no
rule set is counted under.

A house declaration states the day only. Its roles and factions are the plainest (vanilla
town, mafia goons), enough for research to tell scum from town by the slot's faction; it has
no night engine and no rulings: every point a ruling would leave open is declared.
"""

from __future__ import annotations

import random
from functools import lru_cache

from engine.gamelog import HouseRules
from engine.gamelog.meta import HOUSE
from engine.rulesets.base import DayRules, Faction, Role, Roster, RuleSet
from engine.rulesets.house.day import count_maker, slot_weights

FORUM = "forum"
# an old log's id before the generic rule set existed ("unspecified": scraped without
# --ruleset); it reads as the generic rule set
UNSPECIFIED = "unspecified"

GENERIC_WARNING = (
    "no rule set and no house rules given: the votes are read and counted under the generic "
    "forum rule set (the common English and Russian vote forms, 'vote X', «голосую за X», "
    "«казнить X», in bold or a vote tag; the most votes at each day's end is eliminated, a "
    "tie eliminates nobody); give --ruleset ID or --rules FILE for the game's own rules")

FACTIONS: tuple[Faction, ...] = (
    Faction("town", "Town", "town", "Мирные"),
    Faction("mafia", "Mafia", "mafia", "Мафия"),
)
ROLES: tuple[Role, ...] = (
    Role("vanilla-townie", "Vanilla Townie", "Мирный житель", "town"),
    Role("goon", "Mafia Goon", "Мафиози", "mafia"),
)


def roster(rnd: random.Random) -> Roster:
    """A simulated game: 10 players, 3 of them mafia."""
    mafia = set(rnd.sample(range(10), 3))
    return [("goon" if i in mafia else "vanilla-townie", "mafia" if i in mafia else "town")
            for i in range(10)]


def house_ruleset(rules: HouseRules, *, ruleset_id: str = HOUSE) -> RuleSet:
    """The rule set `rules` declare. The same declaration gives the same object (a pure
    memo: every count of a game asks for it)."""
    return _built(rules.model_dump_json(), ruleset_id)


@lru_cache(maxsize=64)
def _built(declared: str, ruleset_id: str) -> RuleSet:
    rules = HouseRules.model_validate_json(declared)
    generic = ruleset_id == FORUM
    return RuleSet(
        id=ruleset_id,
        title=rules.title or ("generic forum rules" if generic else "house rules"),
        source=("the common vote forms of English and Russian forums; the most votes at "
                "each day's end" if generic else "the rules declared for this game"),
        language=rules.language,
        day=DayRules(count=count_maker(rules), self_vote=rules.self_vote,
                     last_mark_wins=rules.last_mark_wins, close_at=rules.close_at,
                     close_zone=rules.close_zone,
                     close_clause=f"declared: the day closes at {rules.close_at}"
                     if rules.close_at else None),
        roles=ROLES, factions=FACTIONS, roster=roster,
        aliases=(UNSPECIFIED,) if generic else (),
        house=rules, warning=GENERIC_WARNING if generic else None)


FORUM_RULESET = house_ruleset(HouseRules(), ruleset_id=FORUM)

__all__ = ["FORUM", "FORUM_RULESET", "GENERIC_WARNING", "UNSPECIFIED", "house_ruleset",
           "slot_weights"]
