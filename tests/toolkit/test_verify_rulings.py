"""`ruling-dependent` names only the rulings whose options change the finding, and a ruling
the GM's rules post states decides: the finding is then `disputed` where the count
disagrees, not dependent on a reading the GM ruled out (issue 23)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from engine.gamelog import load
from engine.verify import verify
from engine.verify.stated import stated_rulings
from tests.scrapers.mafiascum_fixture import _post, write
from tests.toolkit.test_votes_cli import _game, _records
from toolkit.cli import app


def _d3(report: dict[str, Any]) -> dict[str, Any]:
    return next(f for f in report["findings"] if f["phase"] == "D3")


def test_ruling_dependent_names_only_the_ruling_that_changes_the_day(tmp_path: Path) -> None:
    # day 3 ends at the deadline with Eve on one vote of two: only the deadline ruling
    # turns it (every other ruling of the rule set gives the same no lynch)
    game = _game(tmp_path, "vote Eve")
    result = CliRunner().invoke(app, ["verify", str(game), "--format", "json"])
    d3 = _d3(json.loads(result.stdout))
    assert d3["status"] == "ruling-dependent"
    assert d3["by_option"] == {"mafiascum.deadline=no-lynch": "No Lynch",
                               "mafiascum.deadline=plurality": "Eve"}
    table = CliRunner().invoke(app, ["verify", str(game)]).stdout
    assert table.count(" -> ") == 2


def _stated_game(tmp_path: Path, rule: str) -> Path:
    """The game with the GM's rules in the opening post, imported as a scrape reads them."""
    records = _records("vote Eve")
    records[0] = _post(0, "Modder", f"Welcome. {rule}")
    data = write(tmp_path / "data", records)
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["import", "mafiascum", "--posts", str(data.posts),
                                      "--archive", str(data.archive), "--transitions",
                                      str(data.transitions), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


def test_a_ruling_the_gms_rules_state_decides_and_the_day_is_disputed(tmp_path: Path) -> None:
    game = _stated_game(tmp_path, "If a majority is not reached by deadline, no one is lynched.")
    log = load(game)
    assert log.meta.rulings["mafiascum.deadline"] == "no-lynch"
    assert str(stated_rulings(log)["mafiascum.deadline"]) == "mafiascum.deadline=no-lynch (post 0)"
    result = CliRunner().invoke(app, ["verify", str(game), "--format", "json"])
    assert result.exit_code == 1, result.output  # a dispute
    d3 = _d3(json.loads(result.stdout))
    assert d3["status"] == "disputed"
    assert d3["by_option"] == {}  # the stated ruling is not tried
    assert d3["reason"] == ("the re-count gives no-lynch, the GM announced Eve, under the "
                            "GM's stated mafiascum.deadline=no-lynch (post 0)")


def test_a_stated_ruling_the_gm_held_to_is_confirmed(tmp_path: Path) -> None:
    game = _stated_game(tmp_path, "If a majority is not reached by deadline, the player "
                                  "with the most votes is lynched.")
    report = verify(load(game))
    assert [f.status for f in report.findings if f.item == "elimination"] == [
        "confirmed"] * 3


def test_a_stated_ruling_the_person_overrode_is_tried_again(tmp_path: Path) -> None:
    # the log's own choice differs from the statement: the statement no longer decides
    game = _stated_game(tmp_path, "If a majority is not reached by deadline, no one is lynched.")
    log = load(game)
    log.meta.rulings["mafiascum.deadline"] = "plurality"
    assert stated_rulings(log) == {}


def test_a_stated_ruling_overridden_on_the_command_line_is_tried(tmp_path: Path) -> None:
    game = _stated_game(tmp_path, "If a majority is not reached by deadline, no one is lynched.")
    result = CliRunner().invoke(app, ["verify", str(game), "--format", "json", "--ruling",
                                      "mafiascum.deadline=plurality"])
    assert result.exit_code == 0, result.output
    d3 = _d3(json.loads(result.stdout))
    assert d3["status"] == "confirmed"
    assert d3["by_option"] == {"mafiascum.deadline=no-lynch": "No Lynch",
                               "mafiascum.deadline=plurality": "Eve"}
