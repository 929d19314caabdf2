"""How fast the mafiascum importer is on the whole corpus, against the bare decode.

For every game of $MAFIAKIT_SHARED/corpus/mafiascum (98 threads, ~151k posts):

- baseline: read the posts file, gunzip it and `json.loads` every line: the least any
  importer must do with the same bytes;
- import: `import_mafiascum` of the game (posts, archive.txt and transitions.tsv);
- save+load, timed apart from the import: `engine.gamelog.save` to a temporary .json.gz
  and `engine.gamelog.load` back.

Printed: games and posts, posts/s of each step, import time / baseline time, and the
process peak RSS after the import loop next to the peak before it. Nothing is asserted.
"""

from __future__ import annotations

import gzip
import json
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tqdm import tqdm

from engine.errors import BadInputError
from engine.gamelog import load, save
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.benchmarks.common import SkipBenchmark, corpus_dir, machine, peak_rss_mb


@dataclass
class GameTiming:
    thread: str
    lines: int = 0
    raw_bytes: int = 0
    baseline_s: float = 0.0
    posts: int = 0
    import_s: float = 0.0
    save_s: float = 0.0
    load_s: float = 0.0
    error: str | None = None


def _corpus() -> tuple[Path, Path, list[Path]]:
    corpus = corpus_dir()
    archive = corpus / "archive.txt"
    transitions = corpus / "transitions.tsv"
    posts = sorted((corpus / "posts").glob("*.jsonl.gz"))
    missing = [p.name for p in (archive, transitions) if not p.is_file()]
    if not posts:
        missing.append("posts/*.jsonl.gz")
    if missing:
        raise SkipBenchmark(f"mafiascum corpus not found at {corpus} (missing "
                            f"{', '.join(missing)}; set MAFIAKIT_SHARED)")
    return archive, transitions, posts


def _baseline(path: Path, timing: GameTiming) -> None:
    """Read, gunzip and json.loads every non-blank line: the bare decode."""
    start = time.perf_counter()
    data = gzip.decompress(path.read_bytes())
    objs = [json.loads(line) for line in data.decode("utf-8").split("\n") if line.strip()]
    timing.baseline_s = time.perf_counter() - start
    timing.lines = len(objs)
    timing.raw_bytes = len(data)


def _import_save_load(files: MafiascumFiles, out: Path, timing: GameTiming) -> None:
    start = time.perf_counter()
    try:
        log = import_mafiascum(files, timezone="UTC")
    except BadInputError as exc:
        timing.error = str(exc)
        return
    timing.import_s = time.perf_counter() - start
    timing.posts = len(log.posts)

    start = time.perf_counter()
    save(log, out)
    timing.save_s = time.perf_counter() - start
    del log

    start = time.perf_counter()
    back = load(out)
    timing.load_s = time.perf_counter() - start
    del back


def _rate(posts: int, seconds: float) -> str:
    return f"{posts / seconds:,.0f}" if seconds > 0 else "-"


def run() -> None:
    archive, transitions, posts_files = _corpus()
    timings = [GameTiming(p.name.removesuffix(".jsonl.gz")) for p in posts_files]

    for path, timing in zip(tqdm(posts_files, desc="baseline", unit="game", file=sys.stderr),
                            timings, strict=True):
        _baseline(path, timing)

    rss_before = peak_rss_mb()
    with tempfile.TemporaryDirectory(prefix="mafiakit-bench-") as tmp:
        out = Path(tmp) / "game.json.gz"
        for path, timing in zip(tqdm(posts_files, desc="import", unit="game", file=sys.stderr),
                                timings, strict=True):
            _import_save_load(MafiascumFiles(path, archive, transitions), out, timing)
    rss_after = peak_rss_mb()

    ok = [t for t in timings if t.error is None]
    failed = [t for t in timings if t.error is not None]
    lines = sum(t.lines for t in ok)
    posts = sum(t.posts for t in ok)
    base_s = sum(t.baseline_s for t in ok)
    import_s = sum(t.import_s for t in ok)
    save_s = sum(t.save_s for t in ok)
    load_s = sum(t.load_s for t in ok)
    mb = sum(t.raw_bytes for t in ok) / 1e6

    def ratio(seconds: float) -> str:
        return f"{seconds / base_s:.1f}x" if base_s > 0 else "-"

    print(f"machine: {machine()}")
    print(f"corpus:  {len(timings)} games, {sum(t.lines for t in timings):,} post lines "
          f"({sum(t.raw_bytes for t in timings) / 1e6:.0f} MB of JSONL after gunzip)")
    if failed:
        print(f"failed:  {len(failed)} games did not import (left out of the rates below):")
        for t in failed:
            print(f"  {t.thread}: {t.error}")
    print(f"timed:   {len(ok)} games, {lines:,} post lines ({mb:.0f} MB), "
          f"{posts:,} posts in the game logs")
    print()
    print(f"{'step':<28}{'seconds':>9}{'posts/s':>11}{'vs baseline':>13}")
    rows = [
        ("baseline (gunzip+json.loads)", base_s),
        ("import_mafiascum", import_s),
        ("save+load (.json.gz)", save_s + load_s),
        ("  save", save_s),
        ("  load", load_s),
    ]
    for label, seconds in rows:
        print(f"{label:<28}{seconds:>9.2f}{_rate(lines, seconds):>11}{ratio(seconds):>13}")
    print()
    print(f"import_time / baseline_time: {import_s / base_s:.1f}" if base_s > 0 else
          "import_time / baseline_time: -")
    slowest = sorted(ok, key=lambda t: t.import_s, reverse=True)[:3]
    print("slowest imports: " + ", ".join(
        f"{t.thread} ({t.lines:,} posts, {t.import_s:.2f} s)" for t in slowest))
    print(f"peak RSS: {rss_before:.0f} MB before the import loop, {rss_after:.0f} MB after it "
          f"(+{rss_after - rss_before:.0f} MB; the loop also saves and loads each game)")
