"""The contested-island role table against the seed (000): 16 characters, 13-1-1-1."""

from __future__ import annotations

from collections import Counter

from engine.day import count_rules
from engine.gamelog import GameLog
from engine.rulesets import get_ruleset
from engine.rulesets.contested_island.vocab import FACTIONS, ROLES, find_role
from scrapers.rulesets import scraper_ruleset
from tests.engine.day_cases import CASES, build_log, load_case


def load_case_log(name: str) -> GameLog:
    return build_log(load_case(CASES / "contested-island" / "day" / name))


def test_sixteen_characters_in_the_seed_ratio() -> None:
    # Set Features 1) "Initial ratio Town - Mafia 1 - Mafia 2 - Maniac - 13-1-1-1."
    assert len(ROLES) == 16
    kinds = Counter(FACTIONS[r.faction or ""].kind for r in ROLES.values())
    assert kinds == {"town": 13, "mafia": 2, "third-party": 1}
    assert {r.faction for r in ROLES.values() if FACTIONS[r.faction or ""].scum} == {
        "order-of-li", "infected"}


def test_genders_for_private_conversation() -> None:
    women = {r.id for r in ROLES.values() if r.gender == "female"}
    assert women == {"nancy-dark", "ru", "lucy-farmer", "baba-nyura", "jen-li"}


def test_roles_are_found_by_id_and_english_name() -> None:
    assert find_role("rick-morgan") is ROLES["rick-morgan"]
    assert find_role("Alex Crow") is ROLES["alex-crow"]
    assert find_role("Andy Hoffman") is ROLES["andy-hoffman"]
    assert find_role("Doctor Andy Hoffman") is ROLES["andy-hoffman"]
    assert find_role("Town Doublevoter") is None
    assert find_role(None) is None


def test_registered_with_its_grammar() -> None:
    rs = get_ruleset("contested-island")
    log = load_case_log("ci-01-plurality-at-close.yaml")
    assert count_rules(log, 1).decision == "plurality"
    assert count_rules(log, 1, {"contested-island.decision": "majority"}).decision == "majority"
    assert rs.day.last_mark_wins is False
    assert scraper_ruleset(rs.id).grammar.id == "contested-island"
    assert all(r.key.startswith("contested-island.") for r in rs.rulings)
