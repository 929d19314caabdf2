"""How long `mafiakit report` takes against `mafiakit summary` on the same bundled game
(issue 23: at most 8 times).

Each command runs as its own process, as a person runs it, on the contested-island game
(sixteen players, thirteen phases, the game the report test opens), alternately, three
times each; the median wall-clock time of each is kept (the report: its notebooks in one
kernel, the game read and replayed once). Printed: both medians and their ratio, against
the goal; and the CPU time of each (the process and what it ran: the report's kernel),
which a machine busy with other work disturbs less than the wall clock. Nothing is asserted.
"""

from __future__ import annotations

import resource
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


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _timed(args: list[str]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one `mafiakit` command."""
    start, cpu = time.perf_counter(), _cpu()
    subprocess.run([sys.executable, "-m", "toolkit.cli", *args], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start, _cpu() - cpu


def run() -> None:
    runs: dict[str, list[tuple[float, float]]] = {"summary": [], "report": []}
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.html"
        for _ in range(RUNS):
            runs["summary"].append(_timed(["summary", str(GAME)]))
            runs["report"].append(_timed(["report", str(GAME), "-o", str(out), "--quiet"]))
        size = out.stat().st_size
    summary = [w for w, _ in runs["summary"]]
    report = [w for w, _ in runs["report"]]
    s, r = statistics.median(summary), statistics.median(report)
    cs = statistics.median(c for _, c in runs["summary"])
    cr = statistics.median(c for _, c in runs["report"])
    print(f"game: {GAME.relative_to(ROOT)}")
    print(f"mafiakit summary: median {s:.2f} s of {RUNS} "
          f"({', '.join(f'{t:.2f}' for t in summary)})")
    print(f"mafiakit report:  median {r:.2f} s of {RUNS} "
          f"({', '.join(f'{t:.2f}' for t in report)}), {size / 1e6:.1f} MB")
    print(f"report / summary: {r / s:.1f}x (goal: at most {GOAL:g}x: "
          f"{'met' if r / s <= GOAL else 'NOT met'})")
    print(f"CPU time: summary {cs:.2f} s, report {cr:.2f} s (with its kernel): "
          f"{cr / cs:.1f}x")
