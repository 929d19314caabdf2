"""The atheris harness (tests/fuzz/atheris_main.py) without atheris: every target has seeds,
its seeds decode to what the hypothesis targets take, and the bench reads libFuzzer's
output. The fuzzing itself is `python -m tests.benchmarks atheris`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.benchmarks.bench_atheris import parse
from tests.fuzz import atheris_main, targets
from tests.fuzz.inputs import game_logs


@pytest.mark.parametrize("target", atheris_main.TARGETS)
def test_every_target_has_seeds_it_runs_on(target: str, tmp_path: Path) -> None:
    assert atheris_main.write_seeds(target, tmp_path) >= 4
    test = atheris_main.one_input(target, targets)
    for seed in sorted(tmp_path.iterdir())[:2]:
        test(seed.read_bytes())


def test_a_vote_seed_names_its_game_and_post(monkeypatch: pytest.MonkeyPatch) -> None:
    seed = next(atheris_main.SEEDS["votes"]())
    seen: list[tuple[Any, ...]] = []
    monkeypatch.setattr(targets, "votes", lambda *args: seen.append(args))
    atheris_main.one_input("votes", targets)(seed)
    [(game, index, html)] = seen
    assert game_logs()[game].posts[index].html == html


def test_a_gm_seed_picks_its_log_and_strict_mode(monkeypatch: pytest.MonkeyPatch) -> None:
    seeds = list(atheris_main.SEEDS["gm_log"]())
    seen: list[tuple[Any, ...]] = []
    monkeypatch.setattr(targets, "gm_log", lambda *args: seen.append(args))
    test = atheris_main.one_input("gm_log", targets)
    test(seeds[2])
    test(seeds[3])
    key = atheris_main.gm_keys()[1]
    assert [(k, s) for k, _, s in seen] == [(key, False), (key, True)]


CRASH = """atheris: gm_log: 34 seeds in /tmp/x/corpus
#35\tINITED cov: 1200 ft: 3000 corp: 30/100Kb exec/s: 0 rss: 100Mb
#40\tNEW    cov: 1210 ft: 3010 corp: 31/101Kb lim: 6000 exec/s: 0 rss: 100Mb L: 5/5 MS: 1 X-
 === Uncaught Python exception: ===
ValueError: boom
Traceback (most recent call last):
==1== ERROR: libFuzzer: fuzz target exited
artifact_prefix='/tmp/x/'; Test unit written to /tmp/x/crash-0a
stat::number_of_executed_units: 41
stat::new_units_added:          1
"""


def test_the_bench_reads_a_crash() -> None:
    out = parse(CRASH, 77, 2.0)
    assert (out.seeds, out.runs, out.cov_start, out.cov_end, out.added, out.crashed) == (
        34, 41, 1200, 1210, 1, True)
    assert out.report[:2] == [" === Uncaught Python exception: ===", "ValueError: boom"]
    assert not parse(CRASH.replace("Test unit written", "Nothing written"), 0, 2.0).crashed
