"""`mafiakit corpus` over the shared mafiascum corpus (issue 9): every game read, its votes
read, verified and stored, with 1 local worker and with 2, each run as the command in a
fresh process (as cron runs it): games/s, posts/s, the scaling ratio, a re-run with nothing
changed as a share of the first, and the peak memory of the runs (the largest process);
then the same over the bundled archived threads (scraped from their saved pages)."""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import duckdb

from tests.benchmarks.common import SkipBenchmark, corpus_dir, machine


def _children_peak_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return peak * (1 if sys.platform == "darwin" else 1024) / 1e6


def run() -> None:
    corpus = corpus_dir()
    if not (corpus / "archive.txt").is_file():
        raise SkipBenchmark(f"no mafiascum corpus at {corpus} (set MAFIAKIT_SHARED)")
    print(f"machine: {machine()}")
    print(f"{'workers':>7} {'games':>6} {'posts':>8} {'seconds':>8} {'games/s':>8} "
          f"{'posts/s':>8}")
    with tempfile.TemporaryDirectory() as tmp:
        took = _one_and_two(corpus, Path(tmp))
        rerun = _command(corpus, Path(tmp) / "w2.duckdb", 2)
        _dask(corpus, Path(tmp) / "w2.duckdb", Path(tmp) / "dask.duckdb")
    print(f"2 workers / 1 worker: {took[1] / took[2]:.2f}x (goal 1.7x)")
    print(f"re-run with nothing changed: {rerun:.1f} s = {100 * rerun / took[2]:.1f}% of the "
          f"first run (goal under 10%)")
    print(f"peak memory: the largest process {_children_peak_mb():.0f} MB")
    _threads()


def _one_and_two(folder: Path, tmp: Path) -> dict[int, float]:
    """The command over `folder` with 1 worker then 2 (stores w1, w2 in `tmp`), a row each;
    the seconds each took."""
    took: dict[int, float] = {}
    for workers in (1, 2):
        db = tmp / f"w{workers}.duckdb"
        took[workers] = _command(folder, db, workers)
        games, posts = _stored(db)
        print(f"{workers:7} {games:6} {posts:8} {took[workers]:8.1f} "
              f"{games / took[workers]:8.2f} {posts / took[workers]:8.0f}")
    return took


def _threads() -> None:
    """The bundled archived threads (data/games: each folder with its game.toml, saved pages
    and GM log) scraped, verified and stored the same way."""
    games = Path(__file__).resolve().parents[2] / "data" / "games"
    print(f"archived threads ({games.name}/: saved pages + GM log, scraped):")
    with tempfile.TemporaryDirectory() as tmp:
        took = _one_and_two(games, Path(tmp))
    print(f"2 workers / 1 worker: {took[1] / took[2]:.2f}x")


def _dask(corpus: Path, local: Path, db: Path) -> None:
    """The same corpus on a Dask LocalCluster of 2 worker processes: its time (start-up
    included) and whether every table is identical to the local run's."""
    import pandas as pd
    from distributed import LocalCluster

    from toolkit.batch import run as run_corpus
    from toolkit.store import TABLES, Store

    start = time.perf_counter()
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster:
        run_corpus([corpus], db, dask=cluster.scheduler_address)
    took = time.perf_counter() - start
    differ = []
    with Store(local) as a, Store(db) as b:
        for name in ("games", *TABLES):
            try:
                pd.testing.assert_frame_equal(a.table(name), b.table(name))
            except AssertionError:
                differ.append(name)
    print(f"Dask LocalCluster (2 worker processes): {took:.1f} s; tables identical to the "
          f"local run's: {'all ' + str(1 + len(TABLES)) if not differ else 'NOT ' + str(differ)}")


def _command(corpus: Path, db: Path, workers: int) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "toolkit.cli", "corpus", str(corpus), "--db",
                    str(db), "--workers", str(workers), "--quiet"], check=True)
    return time.perf_counter() - start


def _stored(db: Path) -> tuple[int, int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        games = con.execute("SELECT count(*) FROM games WHERE status = 'ok'").fetchall()
        posts = con.execute("SELECT count(*) FROM posts").fetchall()
    finally:
        con.close()
    return int(games[0][0]), int(posts[0][0])
