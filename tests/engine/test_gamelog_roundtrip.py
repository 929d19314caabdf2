"""Property tests: a game log survives JSON and files unchanged, and writing is deterministic.

The logs come from `tests.engine.strategies.game_logs`: varied and valid, with arbitrary
Unicode text, fixed-offset times, floats and mixed option values. Files go to a temporary
folder made inside each example (a function-scoped `tmp_path` would be shared by every
example hypothesis runs).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from engine.gamelog import GameLog, dumps, load, save
from tests.engine.strategies import game_logs

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SUFFIXES = (".json", ".json.gz")


@PROPERTY
@given(game_logs())
def test_json_and_files_round_trip(log: GameLog) -> None:
    assert GameLog.model_validate_json(dumps(log)) == log
    with tempfile.TemporaryDirectory() as tmp:
        for suffix in SUFFIXES:
            path = Path(tmp) / f"game{suffix}"
            save(log, path)
            assert load(path) == log, suffix


@PROPERTY
@given(game_logs())
def test_saving_twice_gives_identical_bytes(log: GameLog) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for suffix in SUFFIXES:
            first, second = Path(tmp) / f"a{suffix}", Path(tmp) / f"b{suffix}"
            save(log, first)
            save(log, second)
            assert first.read_bytes() == second.read_bytes(), suffix


@PROPERTY
@given(game_logs())
def test_text_is_stable_through_a_file(log: GameLog) -> None:
    text = dumps(log)
    with tempfile.TemporaryDirectory() as tmp:
        for suffix in SUFFIXES:
            path = Path(tmp) / f"game{suffix}"
            save(log, path)
            assert dumps(load(path)) == text, suffix
