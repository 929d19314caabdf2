"""Fuzzing at length: every target of tests/fuzz/targets.py with 10,000 hypothesis examples
(the acceptance figure of issue 10; `./run test` runs a few of each).

Printed per target: the examples run (calls of the target, shrinking included), seconds,
and the failures found (distinct exceptions other than mafiakit's documented errors; each
is printed with its minimised input, to keep in tests/fuzz/test_crashers.py). Nothing is
asserted. `MAFIAKIT_FUZZ_BENCH_EXAMPLES` changes the count, `MAFIAKIT_FUZZ_TARGETS` (names
separated by commas, a name matching when it contains one, or equals one written with a
"$" after it) picks targets.
"""

from __future__ import annotations

import os
import time
import traceback
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings

from tests.benchmarks.common import machine
from tests.fuzz.targets import targets


def _failures(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [e for sub in exc.exceptions for e in _failures(sub)]
    return [exc]


def _counted(function: Callable[..., None], calls: list[int]
             ) -> Callable[[tuple[Any, ...]], None]:
    def fuzz(args: tuple[Any, ...]) -> None:
        calls[0] += 1
        function(*args)
    return fuzz


def run() -> None:
    examples = int(os.environ.get("MAFIAKIT_FUZZ_BENCH_EXAMPLES", "10000"))
    picked = [p for p in os.environ.get("MAFIAKIT_FUZZ_TARGETS", "").split(",") if p]
    print(f"machine: {machine()}")
    print(f"{examples} examples per target (derandomized)")
    print(f"{'target':28} {'examples':>9} {'seconds':>8} {'failures':>8}")
    total = 0
    for name, (function, strategy) in sorted(targets().items()):
        if picked and not any(name == p[:-1] if p.endswith("$") else p in name
                              for p in picked):
            continue
        calls = [0]
        fuzz = _counted(function, calls)
        test = settings(max_examples=examples, deadline=None, derandomize=True, database=None,
                        report_multiple_bugs=True,
                        suppress_health_check=list(HealthCheck))(given(strategy)(fuzz))
        start = time.perf_counter()
        found: list[BaseException] = []
        try:
            test()
        except Exception as exc:
            found = _failures(exc)
        seconds = time.perf_counter() - start
        total += len(found)
        print(f"{name:28} {calls[0]:9d} {seconds:8.1f} {len(found):8d}", flush=True)
        for failure in found:
            # the minimised input is a whole page at worst: its line is cut short here
            text = "".join(traceback.format_exception(failure)).rstrip()
            print("\n".join(line if len(line) <= 400 else f"{line[:400]}... ({len(line)} chars)"
                            for line in text.splitlines()))
    print(f"failures in all: {total}")
