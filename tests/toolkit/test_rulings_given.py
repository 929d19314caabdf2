"""A ruling a person gives is never silently dropped (issue 23): in a game log's
`meta.rulings`, in a notebook's `rulings=`, a key of another rule set or one written without
its rule set is an error naming it (exit 2 in the commands), not a reading ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.day import count_day
from engine.gamelog import GameLog, load, save
from engine.rulesets import RulingError, chosen_rulings, get_ruleset
from engine.verify import verify
from tests.conftest import SAMPLE
from tests.toolkit.test_votes_cli import _game
from toolkit import Game
from toolkit.cli import app
from toolkit.daycount import count_all
from toolkit.metrics.leaks import vote_switches


def test_choose_refuses_a_key_of_another_rule_set_and_a_bare_one() -> None:
    rs = get_ruleset("mafiascum")
    with pytest.raises(RulingError, match=r"'open-roles\.tie': a ruling of rule set 'open-roles'"):
        rs.choose({"open-roles.tie": "last-vote"})
    with pytest.raises(RulingError, match=r"write it whole, 'mafiascum\.deadline'"):
        rs.choose({"deadline": "plurality"})
    assert rs.choose({"mafiascum.deadline": "plurality"})["mafiascum.deadline"] == "plurality"


def _with_meta_ruling(key: str, value: str) -> GameLog:
    log = load(SAMPLE)  # contested-island
    log.meta.rulings[key] = value
    return log


def test_a_foreign_ruling_in_the_game_log_is_an_error_naming_it() -> None:
    log = _with_meta_ruling("mafiascum.deadline", "plurality")
    with pytest.raises(RulingError, match=r"the game log's meta\.rulings: ruling "
                                          r"'mafiascum\.deadline': a ruling of rule set"):
        chosen_rulings(log)
    with pytest.raises(RulingError, match=r"mafiascum\.deadline"):
        verify(log)
    with pytest.raises(RulingError, match=r"mafiascum\.deadline"):
        count_day(log, 1)
    with pytest.raises(RulingError, match=r"mafiascum\.deadline"):
        _ = Game(log).votes


def test_notebook_apis_refuse_a_foreign_ruling() -> None:
    log = load(SAMPLE)
    for call in (lambda: verify(log, {"open-roles.tie": "last-vote"}),
                 lambda: count_all(log, rulings={"open-roles.tie": "last-vote"}),
                 lambda: vote_switches(log, rulings={"open-roles.tie": "last-vote"})):
        with pytest.raises(RulingError, match=r"'open-roles\.tie'"):
            call()


def test_verify_and_votes_exit_2_on_a_foreign_ruling_in_the_log(tmp_path: Path) -> None:
    game = _game(tmp_path, "vote Eve")  # mafiascum
    data = json.loads(game.read_text(encoding="utf-8"))
    data["meta"]["rulings"]["open-roles.tie"] = "last-vote"
    game.write_text(json.dumps(data), encoding="utf-8")
    for command in ("votes", "verify"):
        result = CliRunner().invoke(app, [command, str(game)])
        assert result.exit_code == 2, result.output
        said = " ".join(result.output.split())
        assert "the game log's meta.rulings: ruling 'open-roles.tie'" in said


def test_the_logs_own_rulings_still_apply(tmp_path: Path) -> None:
    log = load(SAMPLE)
    save(log, tmp_path / "g.json")
    assert chosen_rulings(load(tmp_path / "g.json")) == get_ruleset(
        log.meta.ruleset).choose(log.meta.rulings)
