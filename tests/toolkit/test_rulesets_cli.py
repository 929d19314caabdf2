"""`mafiakit rulesets`: every rule set's rulings with options and defaults, and its night."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from engine.rulesets import get_ruleset, ruleset_ids
from toolkit.cli import app


def test_json_lists_every_ruling_with_its_options() -> None:
    result = CliRunner().invoke(app, ["rulesets", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert [r["id"] for r in data["rulesets"]] == list(ruleset_ids())
    island = next(r for r in data["rulesets"] if r["id"] == "contested-island")
    keys = [r["key"] for r in island["rulings"]]
    assert keys == [r.key for r in get_ruleset("contested-island").rulings]
    stun = next(r for r in island["rulings"]
                if r["key"] == "contested-island.stun-vs-unblockable")
    assert stun["default"] == "not-a-block"
    assert [o["value"] for o in stun["options"]] == ["not-a-block", "a-block"]
    assert "murder" in island["night_abilities"]
    # the Features List's gifts the engine does not act on are listed, never given
    assert set(island["night_unmodelled"]) == {"change-status", "inheritance"}
    mafiascum = next(r for r in data["rulesets"] if r["id"] == "mafiascum")
    assert mafiascum["night_abilities"] is None
    assert mafiascum["house_rules"] is None
    forum = next(r for r in data["rulesets"] if r["id"] == "forum")
    assert forum["house_rules"]["decision"] == "plurality"
    assert "голосую за" in forum["house_rules"]["votes"]["vote"]


def test_table_of_one_rule_set_and_an_unknown_id() -> None:
    result = CliRunner().invoke(app, ["rulesets", "mafiascum"])
    assert result.exit_code == 0
    assert "mafiascum.deadline" in result.output
    assert "no-lynch (default)" in result.output
    bad = CliRunner().invoke(app, ["rulesets", "nope"])
    assert bad.exit_code == 2
