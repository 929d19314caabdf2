"""`mafiakit scrape` and `mafiakit verify` say when a thread was misread as a whole
(issue 23): posts and no vote marks; not only in the log's issue list."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.scrapers.test_scrape_cli import PLAIN, _scrape
from toolkit.cli import app

pytestmark = pytest.mark.skipif(not PLAIN.is_file(), reason="vBulletin fixtures missing")


def test_scrape_and_verify_say_no_vote_was_read(tmp_path: Path) -> None:
    # a Russian game read under mafiascum's grammar ("VOTE: X"): «Казнить Кубу» is no mark
    code, output, log = _scrape(tmp_path, PLAIN, args=("--quiet", "--ruleset", "mafiascum"))
    assert code == 0, output
    assert log is not None
    assert not log.votes
    n = sum(not p.deleted for p in log.posts)  # a deleted post is no post of the game
    assert f"warning: {n} posts and no vote marks read" in output
    result = CliRunner().invoke(app, ["verify", str(tmp_path / "game.json")])
    said = " ".join(result.output.split())
    assert said.startswith(f"warning: {n} posts and no vote marks read"), said


def test_posts_only_is_no_misreading(tmp_path: Path) -> None:
    code, output, _ = _scrape(tmp_path, PLAIN, args=("--posts-only",))
    assert code == 0, output
    assert "no vote marks read" not in output
