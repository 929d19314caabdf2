"""A folder of broken inputs, each with the exit code and message or issues it must give.
No input ever produces a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.gamelog import load
from toolkit.cli import app

BROKEN = Path(__file__).parent / "broken"
CASES = sorted(p for p in BROKEN.iterdir() if (p / "expected.json").is_file())


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_broken_input(case: Path, tmp_path: Path) -> None:
    expected = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    inputs = sorted(str(p) for p in case.iterdir() if p.name != "expected.json")
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["scrape", *inputs, "-o", str(out), "--quiet",
                                      *expected.get("args", [])])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"traceback: {result.exception!r}")
    assert result.exit_code == expected["exit"], result.output
    text = " ".join(result.output.split())
    if "message" in expected:
        assert expected["message"] in text
    if expected["exit"] == 0:
        log = load(out)
        codes = {i.code for i in log.issues}
        assert set(expected.get("issues", [])) <= codes, codes
        assert len(log.posts) == expected["posts"]
