"""`./run demo`: the whole pipeline on the bundled contested-island game (issue 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.gamelog import load
from toolkit.demo import GAME, main


def test_the_demo_scrapes_verifies_and_shows_the_planted_disputes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path)]) == 0
    out = " ".join(capsys.readouterr().out.split())  # rich wraps long lines
    assert "scraped data/games/contested-island: 3 pages" in out
    assert "Wayback capture of 2021-02-17" in out
    assert "Day 3: Nusa Lembongan eliminated at post 24" in out
    assert "33 confirmed, 0 disputed, 0 unverifiable" in out
    # the copy with GM mistakes: each planted mistake disputed, with its chain
    assert "32 confirmed, 2 disputed, 0 unverifiable" in out
    assert "disputed N4 deaths: the replay gives Cuba+Singapore, the GM announced Singapore" \
        in out
    assert "disputed N2 newspaper: pit-dug (Jamaica)" in out
    # the game logs written are the bundle's expected ones
    for name, folder in (("contested-island.json", GAME),
                         ("contested-island-gm-mistakes.json", GAME / "gm-mistakes")):
        written = load(tmp_path / name).model_dump(mode="json")
        assert written == json.loads((folder / "expected.json").read_text(encoding="utf-8"))


def test_the_demo_says_what_is_wrong_with_an_unwritable_folder(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    assert main([str(blocker / "out")]) == 2
    assert "error:" in capsys.readouterr().err
