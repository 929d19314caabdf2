"""Run every benchmark module of this package (`bench_*.py`) and print their results.

    python -m tests.benchmarks            # all of them
    python -m tests.benchmarks import     # only those whose name contains "import"

A benchmark that cannot run here (no corpus) prints "skipped: <reason>"; the exit code is 0
unless a benchmark crashed.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import traceback
from pathlib import Path

from tests.benchmarks.common import SkipBenchmark


def bench_modules() -> list[str]:
    here = Path(__file__).resolve().parent
    return sorted(m.name for m in pkgutil.iter_modules([str(here)])
                  if m.name.startswith("bench_"))


def main(argv: list[str]) -> int:
    names = [n for n in bench_modules() if not argv or any(a in n for a in argv)]
    failed = 0
    for name in names:
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
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
