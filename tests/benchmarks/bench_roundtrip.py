"""Simulated games played to their end (up to 15 days), rendered as the saved pages of the
renderer's forum engines (by turns) and a GM log, scraped back and compared, for every
registered rule set: games/s, posts/s, and how many came back whole (the test suite does
200 three-day games a rule set; this plays whole games)."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from engine.rulesets import ruleset_ids
from engine.simulate import play
from tests.benchmarks.common import machine
from tests.scrapers.test_render_roundtrip import differences, round_trip

GAMES = 25


def run() -> None:
    print(f"machine: {machine()}")
    print(f"{'rule set':18} {'games':>5} {'whole':>5} {'posts':>6} {'play s':>7} "
          f"{'trip s':>7} {'games/s':>8} {'posts/s':>8}")
    for ruleset in ruleset_ids():
        played = tripped = 0.0
        whole = posts = 0
        with tempfile.TemporaryDirectory() as tmp:
            for seed in range(GAMES):
                start = time.perf_counter()
                log = play(ruleset, 10_000 + seed)
                played += time.perf_counter() - start
                start = time.perf_counter()
                got = round_trip(log, Path(tmp) / str(seed) / "pages", seed)
                tripped += time.perf_counter() - start
                posts += len(log.posts)
                whole += not differences(log, got)
        took = played + tripped
        print(f"{ruleset:18} {GAMES:5} {whole:5} {posts:6} {played:7.1f} {tripped:7.1f} "
              f"{GAMES / took:8.2f} {posts / took:8.0f}")
