"""The game-log format: schema file, integrity checks, and errors that name the JSON path."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from engine.errors import GameLogError
from engine.gamelog import (
    GameLog,
    Vote,
    json_schema_text,
    load,
    parse_game_log,
    phase_sort_key,
    save,
    split_phase_key,
)
from tests.conftest import ROOT, SAMPLE
from toolkit.cli import app


def _sample_doc() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(SAMPLE.read_text(encoding="utf-8"))
    return doc


def _error_of(doc: dict[str, Any]) -> GameLogError:
    with pytest.raises(GameLogError) as info:
        parse_game_log(json.dumps(doc, ensure_ascii=False), "game.json")
    return info.value


def test_schema_file_is_up_to_date() -> None:
    committed = (ROOT / "docs" / "gamelog.schema.json").read_text(encoding="utf-8")
    assert committed == json_schema_text(), (
        "docs/gamelog.schema.json is out of date: run `mafiakit schema`")


def test_schema_check_command_detects_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "schema.json"
    stale.write_text("{}\n", encoding="utf-8")
    runner = CliRunner()
    assert runner.invoke(app, ["schema", "--check", "-o", str(stale)]).exit_code == 1
    assert runner.invoke(app, ["schema", "-o", str(stale)]).exit_code == 0
    assert runner.invoke(app, ["schema", "--check", "-o", str(stale)]).exit_code == 0


def test_sample_round_trips_byte_for_byte(tmp_path: Path) -> None:
    log = load(SAMPLE)
    for name in ("a.json", "a.json.gz"):
        save(log, tmp_path / name)
        assert load(tmp_path / name) == log
    save(log, tmp_path / "b.json.gz")
    assert (tmp_path / "a.json.gz").read_bytes() == (tmp_path / "b.json.gz").read_bytes()


def test_wrong_type_names_the_json_path() -> None:
    doc = _sample_doc()
    doc["players"][2]["number"] = "three"
    err = _error_of(doc)
    assert err.file == "game.json"
    assert err.where == "players[2].number"
    assert "got 'three'" in str(err)


def test_unknown_field_is_an_error_not_dropped() -> None:
    doc = _sample_doc()
    doc["posts"][0]["likes"] = 5
    assert _error_of(doc).where == "posts[0].likes"


def test_unknown_fate_kind() -> None:
    doc = _sample_doc()
    doc["players"][0]["fate"]["kind"] = "dead"
    err = _error_of(doc)
    assert err.where == "players[0].fate.kind"
    assert "'dead'" in str(err)


def test_dangling_slot_reference_names_its_path() -> None:
    doc = _sample_doc()
    doc["votes"][3]["target"] = "Кипр"
    err = _error_of(doc)
    assert err.where == "votes[3].target"
    assert "unknown slot 'Кипр'" in str(err)


def test_duplicate_slot_and_unordered_posts() -> None:
    doc = _sample_doc()
    doc["players"][1]["id"] = "Куба"
    assert _error_of(doc).where == "players[1].id"
    doc = _sample_doc()
    doc["posts"][1]["number"] = 1
    assert _error_of(doc).where == "posts[1].number"


def test_phases_out_of_order() -> None:
    doc = _sample_doc()
    doc["phases"].reverse()
    assert "not in chronological order" in str(_error_of(doc))


def test_naive_time_is_refused() -> None:
    doc = _sample_doc()
    doc["posts"][0]["time"] = "2019-03-01T20:00:00"
    assert _error_of(doc).where == "posts[0].time"


def test_bad_timezone_and_ruling_key() -> None:
    doc = _sample_doc()
    doc["meta"]["timezone"] = "Moscow"
    assert _error_of(doc).where == "meta.timezone"
    doc = _sample_doc()
    doc["meta"]["rulings"] = {"no dot": "x"}
    assert _error_of(doc).where == "meta.rulings"


def test_vote_status_must_be_consistent() -> None:
    with pytest.raises(ValueError, match="needs a reason"):
        Vote(post=1, author="a", raw="vote b", counts=False)
    with pytest.raises(ValueError, match="has no reason"):
        Vote(post=1, author="a", raw="vote b", reason="in-quote")
    with pytest.raises(ValueError, match="has no target"):
        Vote(post=1, author="a", raw="unvote", special="unvote", target="b")


def test_broken_json_names_line_and_column() -> None:
    with pytest.raises(GameLogError) as info:
        parse_game_log(b'{\n "schema_version": 1,\n "meta": {,\n}', "broken.json")
    assert info.value.where == "line 3, column 11"
    assert str(info.value).startswith("broken.json: line 3, column 11: not valid JSON")


def test_other_schema_version() -> None:
    doc = _sample_doc()
    doc["schema_version"] = 99
    err = _error_of(doc)
    assert err.where == "schema_version"
    assert "has 99" in str(err)


def test_not_an_object_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(GameLogError, match="expected a JSON object, got list"):
        parse_game_log(b"[]", "list.json")
    with pytest.raises(GameLogError, match="cannot read"):
        load(tmp_path / "nope.json")
    (tmp_path / "bad.json.gz").write_bytes(b"not gzip")
    with pytest.raises(GameLogError, match="not a valid gzip file"):
        load(tmp_path / "bad.json.gz")


def test_cli_exit_2_for_wrong_type(tmp_path: Path) -> None:
    doc = _sample_doc()
    doc["posts"][4]["gm"] = "maybe"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    result = CliRunner().invoke(app, ["summary", str(bad)])
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "bad.json: posts[4].gm:" in text


@pytest.mark.parametrize(("key", "order"), [("N0", (0, 1)), ("D1", (1, 0)), ("N1", (1, 1)),
                                            ("D12", (12, 0))])
def test_phase_keys(key: str, order: tuple[int, int]) -> None:
    assert phase_sort_key(key) == order
    with pytest.raises(ValueError, match="not a phase key"):
        split_phase_key("Day1")


def test_lookup_errors_say_what_exists() -> None:
    log: GameLog = load(SAMPLE)
    with pytest.raises(KeyError, match="slots are"):
        log.slot("Кипр")
    with pytest.raises(KeyError, match="phases are"):
        log.phase("D9")


def test_save_creates_folders_and_names_an_unwritable_path(tmp_path: Path) -> None:
    log = load(SAMPLE)
    save(log, tmp_path / "a" / "b" / "game.json")
    assert load(tmp_path / "a" / "b" / "game.json") == log
    (tmp_path / "file").write_text("x")
    with pytest.raises(GameLogError, match="cannot write"):
        save(log, tmp_path / "file" / "game.json")
