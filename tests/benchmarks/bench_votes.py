"""Votes over the whole mafiascum corpus: how fast marks are read and days re-counted, and
how often the re-count agrees with the archive (the acceptance figure), with the misses.

For every game: import it without votes (the posts, slots and phases), then time
- read: `extract_votes` (every post's marks, the grammar, names to slots);
- count: `count_day` for every day.
- verify: `verify_days` (each day's outcome under every ruling, and each vote count the GM
  posted, voter by voter).
Printed: posts/s and votes/s of reading, days/s of counting and verifying, the reading time
as a ratio of the import it follows (measured in the same run), the agreement on recorded
days, the table of misses, and how many of the GM's vote counts the re-count confirms.
Nothing is asserted.
"""

from __future__ import annotations

import time
from collections import Counter
from unittest import mock

from tqdm import tqdm

from engine.day import count_day, days_of
from engine.verify import verify_days
from scrapers.importers import mafiascum as importer
from scrapers.importers.mafiascum import MafiascumFiles
from scrapers.votes import extract_votes
from tests.benchmarks.common import SkipBenchmark, corpus_dir, machine
from toolkit.daycheck import DayCheck, agreement, check_days, miss_table


def run() -> None:
    corpus = corpus_dir()
    posts = sorted((corpus / "posts").glob("*.jsonl.gz"))
    if not posts:
        raise SkipBenchmark(f"no mafiascum corpus at {corpus} (set MAFIAKIT_SHARED)")
    print(f"machine: {machine()}")
    import_s = read_s = count_s = 0.0
    n_posts = n_votes = n_days = 0
    checks: list[DayCheck] = []
    verify_s = 0.0
    counts: Counter[str] = Counter()
    for path in tqdm(posts, desc="games", unit="game", leave=False):
        files = MafiascumFiles(path, corpus / "archive.txt", corpus / "transitions.tsv")
        start = time.perf_counter()
        # the import without its vote stage, so that reading is timed alone
        with mock.patch.object(importer, "extract_votes", return_value=[]):
            log = importer.import_mafiascum(files)
        import_s += time.perf_counter() - start
        start = time.perf_counter()
        log.votes = extract_votes(log)
        read_s += time.perf_counter() - start
        start = time.perf_counter()
        for day in days_of(log):
            count_day(log, day)
            n_days += 1
        count_s += time.perf_counter() - start
        start = time.perf_counter()
        findings = verify_days(log)
        verify_s += time.perf_counter() - start
        for f in findings:
            if f.item.startswith("vote count"):
                late = f.status == "confirmed" and f.reason.startswith("as of")
                counts["confirmed as of an earlier post" if late else f.status] += 1
        n_posts += len(log.posts)
        n_votes += len(log.votes)
        checks.extend(check_days(log))
    print(f"{len(posts)} games, {n_posts} posts, {n_votes} vote marks, {n_days} days")
    print(f"{'step':34} {'seconds':>8} {'rate':>18}")
    print(f"{'import (posts, slots, phases)':34} {import_s:8.2f} "
          f"{n_posts / import_s:12.0f} posts/s")
    print(f"{'read votes (extract_votes)':34} {read_s:8.2f} {n_posts / read_s:12.0f} posts/s"
          f"  {n_votes / read_s:8.0f} votes/s")
    print(f"{'count days (count_day)':34} {count_s:8.2f} {n_days / count_s:12.0f} days/s")
    print(f"{'verify days (verify_days)':34} {verify_s:8.2f} {n_days / verify_s:12.0f} days/s")
    print(f"reading votes / import: {read_s / import_s:.2f}x")
    read = sum(counts.values())
    print(f"GM vote counts read: {read}; the re-count " + ", ".join(
        f"{k} {v} ({v / read:.1%})" for k, v in sorted(counts.items())))
    agree, total = agreement(checks)
    print(f"re-count agrees with the archive on {agree}/{total} recorded days "
          f"({agree / total:.1%}; goal 97%)")
    print(miss_table(checks))
