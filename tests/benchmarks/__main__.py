"""Run every benchmark module of this package (`bench_*.py`) and print their results.

    python -m tests.benchmarks            # all of them
    python -m tests.benchmarks import     # only those whose name contains "import"

A benchmark that cannot run here (no corpus) prints "skipped: <reason>"; the exit code is 0
unless a benchmark crashed. What each benchmark printed is also written to
tests/benchmarks/RESULTS.md, a section per benchmark with the machine and the date (a run of
some of them replaces their sections and keeps the others).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import pkgutil
import re
import sys
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from tests.benchmarks.common import SkipBenchmark, machine

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


class _Tee(io.StringIO):
    """What a benchmark prints: shown as it comes, and kept for RESULTS.md."""

    def __init__(self, out: TextIO) -> None:
        super().__init__()
        self.out = out

    def write(self, text: str) -> int:
        self.out.write(text)
        return super().write(text)

    def flush(self) -> None:
        self.out.flush()


def bench_modules() -> list[str]:
    here = Path(__file__).resolve().parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)])
                  if m.name.startswith("bench_"))


def main(argv: list[str]) -> int:
    names = [n for n in bench_modules() if not argv or any(a in n for a in argv)]
    failed = 0
    printed: dict[str, str] = {}
    for name in names:
        tee = _Tee(sys.stdout)
        with contextlib.redirect_stdout(tee):
            print(f"== {name}", flush=True)
            module = importlib.import_module(f"tests.benchmarks.{name}")
            try:
                module.run()
            except SkipBenchmark as exc:
                print(f"skipped: {exc}")
            except Exception:
                failed += 1
                traceback.print_exc()
                print(f"failed: {name} (traceback on stderr)")
            print(flush=True)
        printed[name] = tee.getvalue()
    write_results(printed)
    return 1 if failed else 0


def write_results(printed: dict[str, str]) -> None:
    """Replace the sections of the benchmarks just run in RESULTS.md, keep the others."""
    sections: dict[str, str] = {}
    if RESULTS.is_file():
        for m in re.finditer(r"^## (bench_\w+)\n(.*?)(?=^## |\Z)", RESULTS.read_text(
                encoding="utf-8"), flags=re.M | re.S):
            sections[m[1]] = m[2].strip()
    stamp = f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC on {machine()}"
    for name, text in printed.items():
        body = "\n".join(line for line in text.splitlines() if not line.startswith("== "))
        sections[name] = f"run {stamp}\n\n```\n{body.strip()}\n```"
    parts = ["# Benchmark results", "",
             "Written by `./run bench` (`python -m tests.benchmarks`): each section is what "
             "one benchmark printed when last run, with the machine and the date.", ""]
    for name in sorted(sections):
        parts += [f"## {name}", "", sections[name], ""]
    RESULTS.write_text("\n".join(parts), encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
