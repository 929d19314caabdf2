"""JSON written by another tool, handed to `mafiakit` as a game log (issue 23): the message
says what the file looks like and what reads it, not that `meta` is missing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import GameLogError
from engine.gamelog import parse_game_log
from tests.scrapers.mafiascum_fixture import _post
from toolkit.cli import app

IMPORTER = "mafiakit import mafiascum --posts FILE --archive archive.txt"


def _error(doc: object | str, name: str = "x.json") -> str:
    text = doc if isinstance(doc, str) else json.dumps(doc)
    with pytest.raises(GameLogError) as err:
        parse_game_log(text, name)
    return str(err.value)


def test_mafiascum_posts_name_their_importer() -> None:
    one = _error(_post(1, "Alice", "hi"))
    assert "x.json: (top level): not a game log: the file is a JSON object with the " \
           "top-level keys 'number', 'id', 'user'" in one
    assert "one post of the mafiascum corpus format" in one
    assert IMPORTER in one
    listed = _error([_post(1, "Alice", "hi"), _post(2, "Bob", "yo")])
    assert "a JSON list of 2 items (dict): posts of the mafiascum corpus format" in listed
    assert IMPORTER in listed
    lines = _error("\n".join(json.dumps(_post(n, "Alice", "hi")) for n in (1, 2)), "t.json")
    assert "not valid JSON: Extra data; the file is JSON lines" in lines
    assert IMPORTER in lines


def test_another_commands_output_is_named() -> None:
    assert "the output of `mafiakit votes --format json`, not a game log" in _error(
        {"days": []})
    assert "the output of `mafiakit verify --format json`" in _error(
        {"game": "g", "rulings": {}, "summary": {}, "findings": []})


def test_unknown_json_says_what_it_looks_like() -> None:
    said = _error({"foo": 1, "bar": [2]})
    assert "the top-level keys 'foo', 'bar'; a game log has 'schema_version', 'meta'" in said
    assert "mafiakit scrape" in said
    assert "a JSON list of 2 items (str); a game log is one JSON object" in _error(["a", "b"])
    # a game log with a broken field is still told about the field, not its shape
    assert "schema_version" in _error({"meta": {}})


def test_the_command_says_it(tmp_path: Path) -> None:
    posts = tmp_path / "15783.json"
    posts.write_text(json.dumps(_post(1, "Alice", "hi")), encoding="utf-8")
    out = CliRunner().invoke(app, ["summary", str(posts)])
    assert out.exit_code == 2
    text = " ".join(out.output.split())
    assert f"{posts}: (top level): not a game log" in text
    assert IMPORTER in text
