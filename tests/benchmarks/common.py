"""Helpers shared by the benchmark modules: where the data is, what machine ran them, and
how a benchmark says it cannot run here."""

from __future__ import annotations

import os
import platform
import resource
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


class SkipBenchmark(Exception):
    """Raised by a benchmark's `run()` when it cannot run here (e.g. no corpus)."""


def shared_dir() -> Path:
    """$MAFIAKIT_SHARED (a relative value is taken relative to the project root), by
    default ../shared next to the project."""
    return (ROOT / os.environ.get("MAFIAKIT_SHARED", "../shared")).resolve()


def corpus_dir() -> Path:
    return shared_dir() / "corpus" / "mafiascum"


def machine() -> str:
    impl = platform.python_implementation()
    return (f"{platform.platform()} | {impl} {platform.python_version()} | "
            f"{os.cpu_count() or '?'} CPUs")


def peak_rss_mb() -> float:
    """Peak resident set size of this process so far, in MB (ru_maxrss is KiB on Linux,
    bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scale = 1 if sys.platform == "darwin" else 1024
    return peak * scale / 1e6
