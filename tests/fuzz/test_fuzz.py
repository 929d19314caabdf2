"""Fuzzing with hypothesis: every target of tests/fuzz/targets.py, on generated input, lets
through nothing but mafiakit's documented errors.

A short, deterministic run here (`MAFIAKIT_FUZZ_EXAMPLES` examples per target, 20 by
default); the 10,000-example run is `python -m tests.benchmarks fuzz`. A failure prints the
minimised input: keep it in tests/fuzz/test_crashers.py.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from engine.errors import GameLogError
from engine.gamelog import parse_game_log
from scrapers.archive.decode import decode_page
from scrapers.forum.page import parse_html
from tests.fuzz.inputs import engine_pages
from tests.fuzz.targets import ADAPTERS, FAMILY_OF_DIR, game_log, targets

settings.register_profile(
    "mafiakit-fuzz",
    max_examples=int(os.environ.get("MAFIAKIT_FUZZ_EXAMPLES", "20")),
    deadline=None,  # a page takes milliseconds, a slow machine more: time is not the test
    derandomize=True,  # the same examples on every run, so `./run test` is deterministic
    database=None,  # and nothing remembered from other runs changes them
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.large_base_example],
)
TARGETS = targets()


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_nothing_raises_but_documented_errors(name: str) -> None:
    function, strategy = TARGETS[name]

    @settings.get_profile("mafiakit-fuzz")
    @given(strategy)
    def fuzz(args: tuple[Any, ...]) -> None:
        function(*args)

    fuzz()


@pytest.mark.parametrize("directory", sorted(FAMILY_OF_DIR))
def test_engine_seeds_reach_the_parser(directory: str) -> None:
    """The engine fuzzers start from pages their adapter recognises: otherwise every example
    would stop at detection and the parser would go unfuzzed."""
    adapter = ADAPTERS[FAMILY_OF_DIR[directory]]
    for data in engine_pages()[directory]:
        text = decode_page(data).text
        assert adapter.detect(parse_html(text), text) is not None


def test_a_documented_error_is_let_through() -> None:
    with pytest.raises(GameLogError):
        parse_game_log(b"{", "broken.json")
    game_log(b"{")  # the same input through the target: not a failure
