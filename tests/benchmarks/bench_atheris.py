"""Coverage-guided fuzzing with atheris: each target of tests/fuzz/atheris_main.py (page
reading through every engine, the GM-log parser, vote extraction, game-log loading) for
10,000 runs, each in a process of its own (libFuzzer ends the process when it is done).

Printed per target: the seeds, the runs (libFuzzer's executions, the seeds included),
seconds, coverage (libFuzzer's counters of instrumented branches: after the seeds, at the
end), the inputs it kept for new coverage, and crashes (an exception other than mafiakit's
documented errors: libFuzzer stops at the first, prints it and the file holding the input).
Nothing is asserted. `MAFIAKIT_ATHERIS_RUNS` changes the runs, `MAFIAKIT_ATHERIS_SECONDS`
caps each target's time (libFuzzer's -max_total_time; 0, the default, is no cap),
`MAFIAKIT_ATHERIS_TARGETS` (names separated by commas) picks targets.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.benchmarks.common import ROOT, SkipBenchmark, machine
from tests.fuzz.atheris_main import TARGETS

# an input as slow as this is a hang worth a report (the slowest real page takes a second)
TIMEOUT_S = 60


@dataclass
class Outcome:
    seeds: int
    runs: int
    seconds: float
    cov_start: int | None
    cov_end: int | None
    added: int
    crashed: bool
    report: list[str]


def _stat(name: str, text: str) -> int:
    m = re.search(rf"^stat::{name}:\s*(\d+)", text, flags=re.M)
    return int(m[1]) if m else 0


def parse(output: str, returncode: int, seconds: float) -> Outcome:
    """What libFuzzer and atheris printed, summed up."""
    seeds = re.search(r"^atheris: \w+: (\d+) seeds", output, flags=re.M)
    inited = re.search(r"INITED cov: (\d+)", output)
    covs = re.findall(r"^#\d+\s+\w+\s+cov: (\d+)", output, flags=re.M)
    crashed = returncode != 0 or "Test unit written to" in output
    report: list[str] = []
    if crashed:
        lines = output.splitlines()
        start = next((i for i, line in enumerate(lines) if "Uncaught Python exception" in line
                      or "ERROR: libFuzzer" in line), max(len(lines) - 30, 0))
        report = [line if len(line) <= 300 else f"{line[:300]}... ({len(line)} chars)"
                  for line in lines[start:start + 60]
                  if not line.startswith(("stat::", "MS:", "0x", "\\x"))]
    return Outcome(seeds=int(seeds[1]) if seeds else 0,
                   runs=_stat("number_of_executed_units", output), seconds=seconds,
                   cov_start=int(inited[1]) if inited else None,
                   cov_end=int(covs[-1]) if covs else None,
                   added=_stat("new_units_added", output), crashed=crashed, report=report)


def fuzz(target: str, runs: int, max_seconds: int) -> Outcome:
    cmd = [sys.executable, "-m", "tests.fuzz.atheris_main", target, f"-runs={runs}",
           "-seed=1", f"-timeout={TIMEOUT_S}", "-rss_limit_mb=4096", "-print_final_stats=1",
           f"-max_total_time={max_seconds}"]
    work = Path(tempfile.mkdtemp(prefix=f"mafiakit-atheris-{target}-"))
    start = time.perf_counter()
    # libFuzzer writes on stderr, atheris the uncaught exception on stdout: one stream
    done = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace", check=False,
                          env={**os.environ, "MAFIAKIT_ATHERIS_WORK": str(work)})
    out = parse(done.stdout, done.returncode, time.perf_counter() - start)
    if not out.crashed:  # the crashing input stays there, its path in the report
        shutil.rmtree(work, ignore_errors=True)
    return out


def run() -> None:
    if importlib.util.find_spec("atheris") is None:
        raise SkipBenchmark("atheris is not installed (the fuzz extra: pip install -e "
                            "'.[fuzz]'; ./run bench installs it)")
    runs = int(os.environ.get("MAFIAKIT_ATHERIS_RUNS", "10000"))
    max_seconds = int(os.environ.get("MAFIAKIT_ATHERIS_SECONDS", "0"))
    picked = [p for p in os.environ.get("MAFIAKIT_ATHERIS_TARGETS", "").split(",") if p]
    print(f"machine: {machine()}")
    cap = f", at most {max_seconds} s each" if max_seconds else ""
    print(f"{runs} runs per target (libFuzzer -runs, -seed=1{cap})")
    print(f"{'target':12} {'seeds':>6} {'runs':>7} {'seconds':>8} {'cov seeds':>10} "
          f"{'cov end':>8} {'new inputs':>10} {'crashes':>7}")
    crashes = 0
    for target in TARGETS:
        if picked and target not in picked:
            continue
        out = fuzz(target, runs, max_seconds)
        crashes += out.crashed
        print(f"{target:12} {out.seeds:6d} {out.runs:7d} {out.seconds:8.1f} "
              f"{_num(out.cov_start):>10} {_num(out.cov_end):>8} {out.added:10d} "
              f"{int(out.crashed):7d}", flush=True)
        if out.crashed:
            print("\n".join(out.report))
    print(f"crashes in all: {crashes}")


def _num(n: int | None) -> str:
    return "?" if n is None else str(n)
