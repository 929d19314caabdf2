"""What a reader sees in place of ids (toolkit.labels)."""

from __future__ import annotations

from engine.gamelog import load
from engine.rulesets import get_ruleset
from tests.conftest import ROOT
from toolkit.labels import ability_label, faction_kind, faction_label, role_label

GAMES = ROOT / "tests" / "engine" / "games"


def test_role_and_ability_names_in_place_of_ids() -> None:
    island = load(GAMES / "island-16.json")
    assert role_label(island, "rick-morgan") == "Rick Morgan"
    assert ability_label(island, "who-are-you") == "Who are you?"
    assert faction_label(island, "order-of-li") == "Order of Li"
    assert faction_kind(island, "order-of-li") == "mafia"
    cup = get_ruleset("world-cup-2018")
    assert role_label(cup, "corrupt-boss") == "Corrupt boss «Главный коррупционер»"
    assert role_label(cup, "Главный коррупционер") == role_label(cup, "corrupt-boss")
    # a name that already carries its original is not given it twice
    assert faction_label(get_ruleset("open-roles"), "mafia") == "Mafia («мафия»)"


def test_what_the_rule_set_does_not_know_is_marked() -> None:
    island = get_ruleset("contested-island")
    assert role_label(island, "no-such-role") == "no-such-role?"
    assert ability_label(island, "no-such-move") == "no-such-move?"
    assert role_label(island, "Mayor of X") == "Mayor of X"  # a name as the GM wrote it
    assert faction_kind(island, None) == "unknown"
    assert role_label(island, None) == ""
    assert ability_label(island, "") == ""
