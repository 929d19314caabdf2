"""How long `mafiakit report` takes against `mafiakit summary` on the same bundled game
(issue 23: at most 8 times).

Each command runs as its own process, as a person runs it, on the contested-island game
(sixteen players, thirteen phases, the game the report test opens), alternately, three
times each; the median wall-clock time of each is kept (the report: its notebooks in one
kernel, the game read and replayed once). Printed: both medians and their ratio, against
the goal. Nothing is asserted: a loaded machine slows both commands, not the ratio much.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.benchmarks.common import ROOT

GAME = ROOT / "data" / "games" / "contested-island" / "expected.json"
GOAL = 8.0
RUNS = 3


def _timed(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "toolkit.cli", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def run() -> None:
    summary: list[float] = []
    report: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.html"
        for _ in range(RUNS):
            summary.append(_timed(["summary", str(GAME)]))
            report.append(_timed(["report", str(GAME), "-o", str(out), "--quiet"]))
        size = out.stat().st_size
    s, r = statistics.median(summary), statistics.median(report)
    print(f"game: {GAME.relative_to(ROOT)}")
    print(f"mafiakit summary: median {s:.2f} s of {RUNS} "
          f"({', '.join(f'{t:.2f}' for t in summary)})")
    print(f"mafiakit report:  median {r:.2f} s of {RUNS} "
          f"({', '.join(f'{t:.2f}' for t in report)}), {size / 1e6:.1f} MB")
    print(f"report / summary: {r / s:.1f}x (goal: at most {GOAL:g}x: "
          f"{'met' if r / s <= GOAL else 'NOT met'})")
