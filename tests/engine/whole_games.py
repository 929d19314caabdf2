"""What the whole-game tests share (tests/engine/games/*.json)."""

from __future__ import annotations

from pathlib import Path

from engine.gamelog import load
from engine.night import replay_game


def deterministic_deaths(path: Path) -> list[list[str]]:
    """Each night's deaths of the game's replay, after checking that a second replay gives
    the same events, night by night."""
    log = load(path)
    first, second = replay_game(log), replay_game(log)
    assert [(r.night, r.deaths, r.events) for r in first] == \
        [(r.night, r.deaths, r.events) for r in second]
    return [r.deaths for r in first]
