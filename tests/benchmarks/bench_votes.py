"""Votes over the whole mafiascum corpus: how fast a game is imported and its days re-counted,
stage by stage, and how often the re-count agrees with the archive (the acceptance figure),
with the misses.

For every game:
- import + count: `import_mafiascum` as the CLI runs it (the posts, slots, phases, house
  rules, the GM's vote counts, every vote mark read, the accounting), each stage timed
  through the importer's `stage` hook, then `count_day` for every day;
- verify, timed apart: `verify_days` (each day's outcome under every ruling, and each vote
  count the GM posted, voter by voter);
- baseline, in the same run: a bare lxml parse of every post's HTML, the least any reader
  of the posts' markup must do.
Times are CPU seconds of this process (`time.process_time`: the work of one core), so that
other processes on a shared machine count less; the wall time of import + count is printed
too. A loaded machine still slows every step: the figure to compare between runs is import +
count as a multiple of the baseline, measured side by side in the same run.
Printed: the CPU seconds and share of each stage, posts/s of import + count, the ratio to the
baseline, days/s of verifying, the agreement on recorded days, the table of misses, and how
many of the GM's vote counts the re-count confirms. Nothing is asserted.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict

from lxml import etree
from tqdm import tqdm

from engine.day import count_day, days_of
from engine.gamelog import GameLog
from engine.verify import verify_days
from scrapers.importers.mafiascum import STAGES, MafiascumFiles, import_mafiascum
from tests.benchmarks.common import SkipBenchmark, corpus_dir, machine
from toolkit.daycheck import DayCheck, agreement, agreement_all, check_days, miss_table


class StageClock:
    """The importer's `stage` hook: the time from each stage's start to the next one's."""

    def __init__(self) -> None:
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self._open: tuple[str, float] | None = None

    def __call__(self, name: str) -> None:
        now = time.process_time()
        if self._open is not None:
            self.seconds[self._open[0]] += now - self._open[1]
        self._open = None if name == "done" else (name, now)


def bare_parse(log: GameLog) -> float:
    """Seconds to parse every post's HTML with a plain lxml HTML parser, nothing read."""
    parser = etree.HTMLParser()
    start = time.process_time()
    for post in log.posts:
        if post.html.strip():
            etree.fromstring(f"<html><body><div>{post.html}</div></body></html>", parser)
    return time.process_time() - start


def run() -> None:
    corpus = corpus_dir()
    posts = sorted((corpus / "posts").glob("*.jsonl.gz"))
    if not posts:
        raise SkipBenchmark(f"no mafiascum corpus at {corpus} (set MAFIAKIT_SHARED)")
    print(f"machine: {machine()}")
    clock = StageClock()
    import_s = count_s = verify_s = base_s = wall_s = 0.0
    n_posts = n_votes = n_days = 0
    checks: list[DayCheck] = []
    counts: Counter[str] = Counter()
    for path in tqdm(posts, desc="games", unit="game", leave=False):
        files = MafiascumFiles(path, corpus / "archive.txt", corpus / "transitions.tsv")
        wall, start = time.perf_counter(), time.process_time()
        log = import_mafiascum(files, stage=clock)
        import_s += time.process_time() - start
        start = time.process_time()
        for day in days_of(log):
            count_day(log, day)
            n_days += 1
        count_s += time.process_time() - start
        wall_s += time.perf_counter() - wall
        start = time.process_time()
        findings = verify_days(log)
        verify_s += time.process_time() - start
        base_s += bare_parse(log)
        for f in findings:
            if f.item.startswith("vote count"):
                late = f.status == "confirmed" and f.reason.startswith("as of")
                counts["confirmed as of an earlier post" if late else f.status] += 1
        n_posts += len(log.posts)
        n_votes += len(log.votes)
        checks.extend(check_days(log))
    total = import_s + count_s
    print(f"{len(posts)} games, {n_posts} posts, {n_votes} vote marks, {n_days} days")
    print(f"{'stage':34} {'CPU s':>8} {'share':>6} {'rate':>16}")
    for name in STAGES:
        s = clock.seconds.get(name, 0.0)
        print(f"{'  import: ' + name:34} {s:8.2f} {s / total:6.1%} "
              f"{n_posts / s if s else 0:10.0f} posts/s")
    rest = import_s - sum(clock.seconds.values())
    # the import's own start and end: its arguments checked, its return (the collection the
    # importer's pause of the cycle collector put off comes at the first allocation after it)
    print(f"{'  import: outside the stages':34} {rest:8.2f} {rest / total:6.1%}")
    print(f"{'  count days (count_day)':34} {count_s:8.2f} {count_s / total:6.1%} "
          f"{n_days / count_s:10.0f} days/s")
    print(f"{'import + count':34} {total:8.2f} {1:6.1%} {n_posts / total:10.0f} posts/s")
    print(f"{'verify days (verify_days), apart':34} {verify_s:8.2f} {'':6} "
          f"{n_days / verify_s:10.0f} days/s")
    print(f"{'baseline: bare lxml parse':34} {base_s:8.2f} {'':6} "
          f"{n_posts / base_s:10.0f} posts/s")
    print(f"import + count: {n_posts / total:.0f} posts per CPU second ({n_posts / wall_s:.0f} "
          f"posts/s of wall time), {total / base_s:.2f}x the time of the bare parse (same run)")
    read = sum(counts.values())
    print(f"GM vote counts read: {read}; the re-count " + ", ".join(
        f"{k} {v} ({v / read:.1%})" for k, v in sorted(counts.items())))
    agree, days = agreement(checks)
    every, recorded = agreement_all(checks)
    print(f"re-count agrees with the archive on {agree}/{days} scored days "
          f"({agree / days:.1%}; goal 99%); {every}/{recorded} of every recorded day, the "
          f"{recorded - days} not scored counted as misses")
    print(miss_table(checks))
