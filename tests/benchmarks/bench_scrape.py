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
        start = time.perf_counter()
        for f in files:
            lxml.html.fromstring(f.read_bytes())
        bare = time.perf_counter() - start
        start = time.perf_counter()
        log = scrape([folder])
        full = time.perf_counter() - start
        mb = size / 1e6
        print(f"200-page thread: {mb:.1f} MB, {len(log.posts)} posts")
        print(f"{'step':30} {'seconds':>8} {'pages/s':>9} {'MB/s':>7}")
        print(f"{'bare lxml.html.fromstring':30} {bare:8.2f} {200 / bare:9.1f} {mb / bare:7.1f}")
        print(f"{'mafiakit scrape':30} {full:8.2f} {200 / full:9.1f} {mb / full:7.1f}")
        print(f"scrape / bare lxml: {full / bare:.2f}x (goal: within 3x)")
        big = Path(tmp) / "t2000"
        big.mkdir()
        make_thread(big, 2000)
        peak = _child_peak(big)
        print(f"2,000-page thread: peak RSS of the scraping process {peak:.0f} MB "
              f"(goal: under 1,024 MB); this process {_self_mb():.0f} MB")


def _self_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
