"""Scraping throughput: a 200-page thread end to end (read, decode, detect, parse,
normalise, assemble) against bare `lxml.html.fromstring` of the same bytes, in the same run;
and the peak memory of a 2,000-page thread, scraped in a child process.

The thread is made from one saved page (the real phpBB page in ../shared, else the bundled
phpBB fixture) by giving every page its own post ids, so nothing is merged away.
"""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import lxml.html

from tests.benchmarks.common import ROOT, SkipBenchmark, machine, shared_dir


def template() -> bytes:
    candidates = [shared_dir() / "fixtures/real/Kinematics__NetTally/phpBB.html",
                  *sorted((ROOT / "tests/scrapers/fixtures/phpbb").glob("*.html"))]
    for path in candidates:
        if path.is_file():
            return path.read_bytes()
    raise SkipBenchmark("no phpBB page to build the thread from")


def make_thread(folder: Path, pages: int) -> int:
    """Write `pages` pages of one thread, each with its own post ids (found by reading the
    template once); return the bytes written."""
    from zoneinfo import ZoneInfo

    from scrapers.forum.page import read_page

    base = template()
    _, parsed = read_page("template.html", base, ZoneInfo("UTC"))
    ids = sorted({p.post_id for p in parsed.posts if p.post_id}, key=len, reverse=True)
    pattern = re.compile(rb"(?<!\d)(" + b"|".join(i.encode() for i in ids) + rb")(?!\d)")
    total = 0
    for i in range(pages):
        def shift(m: re.Match[bytes], i: int = i) -> bytes:
            return str(int(m.group(1)) + (i + 1) * 10_000_000).encode()

        data = pattern.sub(shift, base)
        (folder / f"page{i:05d}.html").write_bytes(data)
        total += len(data)
    return total


def _child_peak(folder: Path) -> float:
    code = ("import resource, sys\nfrom pathlib import Path\nfrom scrapers.scrape import scrape\n"
            f"log = scrape([Path({str(folder)!r})])\n"
            "print(len(log.posts), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT).stdout.split()
    return int(out[1]) / 1024


def run() -> None:
    from scrapers.scrape import scrape

    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "t200"
        folder.mkdir()
        size = make_thread(folder, 200)
        files = sorted(folder.iterdir())

        def bare_lxml() -> None:
            for f in files:
                lxml.html.fromstring(f.read_bytes())

        # the best of three runs of each, taken in turn, so that a busy moment of the
        # machine does not fall on one side of a ratio only
        runs: dict[str, float] = {}
        for _ in range(3):
            for name, job in (("bare", bare_lxml),
                              ("posts", lambda: scrape([folder], posts_only=True)),
                              ("full", lambda: scrape([folder]))):
                start = time.perf_counter()
                job()
                runs[name] = min(runs.get(name, float("inf")), time.perf_counter() - start)
        log = scrape([folder])
        bare, posts, full = runs["bare"], runs["posts"], runs["full"]
        mb = size / 1e6
        print(f"200-page thread: {mb:.1f} MB, {len(log.posts)} posts (best of 3 runs each)")
        print(f"{'step':34} {'seconds':>8} {'pages/s':>9} {'MB/s':>7} {'/ lxml':>7}")
        for name, took in (("bare lxml.html.fromstring", bare),
                           ("scrape --posts-only (stages 1-3)", posts),
                           ("scrape (posts, players, phases)", full)):
            print(f"{name:34} {took:8.2f} {200 / took:9.1f} {mb / took:7.1f} "
                  f"{took / bare:6.2f}x")
        print(f"scrape / bare lxml: {full / bare:.2f}x, posts only {posts / bare:.2f}x "
              "(goal: within 3x)")
        _real_pages()
        big = Path(tmp) / "t2000"
        big.mkdir()
        make_thread(big, 2000)
        peak = _child_peak(big)
        print(f"2,000-page thread: peak RSS of the scraping process {peak:.0f} MB "
              f"(goal: under 1,024 MB); this process {_self_mb():.0f} MB")


def _real_pages() -> None:
    """The real pages of many engines (shared/fixtures/real-threads): each page read as a
    scrape reads it (detection by signals, a family or the generic reader), against bare
    lxml of the same bytes; and the pages no family claims read by the generic reader alone,
    against bare lxml of those pages."""
    from zoneinfo import ZoneInfo

    from scrapers.forum.page import read_page

    folder = shared_dir() / "fixtures" / "real-threads"
    pages = sorted(p / "page.html" for p in folder.iterdir()) if folder.is_dir() else []
    pages = [p for p in pages if p.is_file()]
    if not pages:
        print(f"real pages: none under {folder} (set MAFIAKIT_SHARED)")
        return
    data = [p.read_bytes() for p in pages]
    utc = ZoneInfo("UTC")
    generic = [d for p, d in zip(pages, data, strict=True)
               if read_page(p.parent.name, d, utc)[1].info.engine == "generic"]

    def timed(batch: list[bytes], read: bool) -> float:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            for d in batch:
                if read:
                    read_page("p.html", d, utc)
                else:
                    lxml.html.fromstring(d)
            best = min(best, time.perf_counter() - start)
        return best

    for label, batch in ((f"{len(data)} real pages, all engines", data),
                         (f"{len(generic)} of them read by the generic reader", generic)):
        bare, read = timed(batch, False), timed(batch, True)
        print(f"{label}: read_page {read:.2f} s, bare lxml {bare:.2f} s, {read / bare:.2f}x")


def _self_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
