"""The vca study's charts over the whole mafiascum corpus (issue 23 item 7): the store built
from the 98 games, the mafia's share of the hammered wagons against the shuffled-faction
null, and the checks the figures must pass there. Corpus-wide, so it runs here and not in
the default test run (`./run bench research`); the same code is tested on small stores in
tests/toolkit/test_research_charts.py."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from tests.benchmarks.common import SkipBenchmark, corpus_dir
from toolkit.batch import run as build_store
from toolkit.figures.research import day_share_figure, distance_share_figure, entry_share_figure
from toolkit.research_tables import RESEARCH_TABLES, format_shares, wagon_shares_store
from toolkit.store import Store


def run() -> None:
    corpus = corpus_dir()
    if not corpus.is_dir():
        raise SkipBenchmark(f"no corpus at {corpus} (set MAFIAKIT_SHARED)")
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "corpus.duckdb"
        start = time.perf_counter()
        summary = build_store([corpus], db, workers=1)
        built = time.perf_counter() - start
        if summary.failed:
            raise AssertionError(f"games that failed to import: {summary.failed}")
        start = time.perf_counter()
        shares = wagon_shares_store(db, runs=1000)
        took = time.perf_counter() - start
        print(f"store built in {built:.1f} s; shares (1000 draws a game) in {took:.1f} s")
        print(format_shares(shares))
        t = shares.table
        # what the figures must hold on the real games: most games read, day 1 with most
        # of its wagons, a share in a sane range, every wagon in exactly one day bin
        if shares.games < 90:
            raise AssertionError(f"only {shares.games} games in the shares")
        day1 = t[(t["by"] == "day") & (t["x"] == 1) & (t["eliminated"] == "any")
                 & (t["final"] == "not final day")].iloc[0]
        if day1["wagons"] < 80 or not 0.1 < day1["observed"] < 0.4:
            raise AssertionError(f"day 1: {day1.to_dict()}")
        days = t[(t["by"] == "day") & (t["eliminated"] == "any")]
        if int(days["wagons"].sum()) != shares.wagons:
            raise AssertionError("a wagon is in no day bin, or in two")
        for make in (day_share_figure, entry_share_figure, distance_share_figure):
            fig = make(shares)
            panels = [] if fig is None else \
                [a.text for a in fig.layout.annotations if "<br>n = " in (a.text or "")]
            if not panels:  # each drawn panel's title ends "<br>n = ..."
                raise AssertionError(f"{make.__name__}: no figure, or no panel with its n")
        with Store(db) as store:
            empty = [name for name in RESEARCH_TABLES if store.table(name).empty]
        if empty:
            raise AssertionError(f"empty research tables: {empty}")
