"""The `mafiakit` command as a newcomer meets it (issue 23): `--version`, help on every
option and argument, `report -o` into a folder not yet made, `corpus` on an empty folder."""

from __future__ import annotations

from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

import toolkit.report
from toolkit.cli import app

GAME = Path(__file__).resolve().parents[2] / "data" / "sample" / "island-mini.json"


def _commands(group: Any, path: str = "mafiakit") -> list[tuple[str, Any]]:
    """Every command under `group`, itself included. (Typer builds its commands on a click
    of its own, so they are walked by their attributes, not by click's classes.)"""
    found = [(path, group)]
    for name, command in sorted(getattr(group, "commands", {}).items()):
        found.extend(_commands(command, f"{path} {name}"))
    return found


def test_version_is_the_packages() -> None:
    out = CliRunner().invoke(app, ["--version"])
    assert out.exit_code == 0, out.output
    assert out.stdout.strip() == f"mafiakit {version('mafiakit')}"


def test_every_option_and_argument_has_help() -> None:
    missing = []
    walked = _commands(typer.main.get_command(app))
    assert {"mafiakit votes", "mafiakit import mafiascum"} <= {p for p, _ in walked}
    for path, command in walked:
        for param in command.params:
            # typer's arguments carry their help as click's options do
            if not getattr(param, "help", None):
                missing.append(f"{path}: {param.name}")
    assert not missing, f"options or arguments without help: {missing}"


def test_report_creates_its_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the notebooks are the report's own tests (test_report.py); here only the CLI's part
    def write(game: Path, output: Path, **_: Any) -> int:
        output.write_text("<html></html>", encoding="utf-8")  # fails without the folder
        return 0

    monkeypatch.setattr(toolkit.report, "build_report", write)
    target = tmp_path / "reports" / "mine" / "REPORT.html"
    out = CliRunner().invoke(app, ["report", str(GAME), "-o", str(target), "-q"])
    assert out.exit_code == 0, out.output
    assert target.is_file()


def test_report_into_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("", encoding="utf-8")
    out = CliRunner().invoke(app, ["report", str(GAME), "-o",
                                   str(tmp_path / "file" / "sub" / "REPORT.html")])
    assert out.exit_code == 2, out.output
    assert "cannot create the report's folder" in out.output
    assert str(tmp_path / "file" / "sub") in out.output.replace("\n", "")


def test_corpus_on_an_empty_folder_is_exit_2(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    db = tmp_path / "c.duckdb"
    out = CliRunner().invoke(app, ["corpus", str(empty), "--db", str(db)])
    assert out.exit_code == 2, out.output
    assert f"no games found under {empty}" in out.output.replace("\n", "")
    assert not db.exists()  # nothing created for nothing found
    (empty / "notes.json").write_text('{"a": 1}', encoding="utf-8")
    out = CliRunner().invoke(app, ["corpus", str(empty), "--db", str(db)])
    assert out.exit_code == 2, out.output
    assert "notes.json (JSON that is no game log" in out.output.replace("\n", "")
