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


def test_an_empty_page_beside_good_ones_is_named(tmp_path: Path) -> None:
    """A 0-byte page among saved pages: the thread is read, and the empty file is an error
    issue of its own naming it (not an unknown engine or a missing post)."""
    pages = tmp_path / "pages"
    pages.mkdir()
    good = Path(__file__).parent / "fixtures" / "phpbb" / "phpbb33_prosilver_ru.html"
    (pages / "page-1.html").write_bytes(good.read_bytes())
    (pages / "page-2.html").write_bytes(b"")
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["scrape", str(pages), "-o", str(out), "--posts-only"])
    assert result.exit_code == 0, result.output
    [empty] = [i for i in load(out).issues if i.where.file == "page-2.html"]
    assert (empty.code, empty.severity) == ("empty-page", "error")
    assert empty.message.startswith("empty file (0 bytes)")
    assert "page-2.html: error: empty file (0 bytes)" in " ".join(result.output.split())
