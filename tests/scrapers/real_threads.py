"""Scoring the scraper on the real thread pages of ../shared/fixtures/real-threads.

Each folder holds ``page.html`` and an ``expected.json`` made by hand from the page's HTML
(authors in page order, the visible time text of each post or null, the first five words of
the body without quotes and signatures, the number of top-level quotes). This module reads a
page the way a scrape does (`read_page`) and lines the posts read up with the expected ones.

Two figures, both per post:

- **right** (the issue's figure): a post with the same author comes out in order, with a
  non-empty body and, where the page prints a time, a time: an aware one, or, where the
  printed time needs the page's capture date and the page carries none ("2 years ago",
  "Sunday 8th March" in a DOM dump), the printed text kept (and reported unplaced);
- **exact** (the acceptance test's): right, and the time's printed text is the expected one
  and parsed to an aware time, the first words are the expected ones and the number of quotes
  too.

Posts are lined up by author, in order (a longest common subsequence), so that one post lost
or one extra block read costs that post only, not every post after it.

``python -m tests.scrapers.real_threads`` prints the per-page table (``-v``: every post
that is not exact, and why).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from scrapers.forum.dates import needs_capture, parse_forum_date
from scrapers.forum.page import read_page
from scrapers.forum.types import ForumPost, ParsedPage
from tests.conftest import shared_dir

REAL_THREADS = Path("fixtures") / "real-threads"
_UTC = ZoneInfo("UTC")


def folder() -> Path:
    return shared_dir() / REAL_THREADS


def cases() -> list[Path]:
    """The page folders (each with page.html and expected.json), sorted by name."""
    root = folder()
    if not root.is_dir():
        return []
    return sorted(p for p in root.iterdir() if (p / "expected.json").is_file())


def _norm(text: str) -> str:
    """Whitespace collapsed and Unicode compatibility forms folded (a non-breaking space, a
    full-width colon), the way a reader compares two printed strings."""
    return " ".join(unicodedata.normalize("NFKC", text).split())


def first_words(text: str, n: int = 5) -> str:
    return " ".join(text.split()[:n])


@dataclass
class PostScore:
    index: int  # the expected post's position
    author: str
    matched: bool = False
    body: bool = False
    time: bool = False  # a time where the page prints one (always true where none is printed)
    time_text: bool = False
    words: bool = False
    quotes: bool = False
    why: list[str] = field(default_factory=list)

    @property
    def right(self) -> bool:
        return self.matched and self.body and self.time

    @property
    def exact(self) -> bool:
        return self.right and self.time_text and self.words and self.quotes


@dataclass
class PageScore:
    name: str
    engine: str
    expected: int
    read: int
    posts: list[PostScore]
    refused: str | None = None  # the error that refused the page, if it was refused
    warnings: list[str] = field(default_factory=list)

    @property
    def right(self) -> int:
        return sum(p.right for p in self.posts)

    @property
    def exact(self) -> int:
        return sum(p.exact for p in self.posts)


def _align(expected: list[str], got: list[str]) -> dict[int, int]:
    """Expected index -> index of the post read, by a longest common subsequence of
    authors (names compared as a reader would: case and spacing aside)."""
    a = [_norm(x).casefold() for x in expected]
    b = [_norm(x).casefold() for x in got]
    n, m = len(a), len(b)
    table = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            table[i][j] = (table[i + 1][j + 1] + 1 if a[i] == b[j]
                           else max(table[i + 1][j], table[i][j + 1]))
    pairs: dict[int, int] = {}
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs[i] = j
            i += 1
            j += 1
        elif table[i + 1][j] >= table[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs


def _time_text_ok(expected: str, post: ForumPost) -> bool:
    """The post's printed time is the expected text: the visible text the reader took the
    time from holds it (a reader may keep a label around it, "Posted on ..."), or the
    attribute it read gives the same wall-clock minute as the expected text does."""
    shown = _norm(post.time_text or post.time_raw or "")
    want = _norm(expected)
    return bool(want) and (want in shown or (shown in want and len(shown) >= len(want) * 0.6))


_CLOCK = re.compile(r"\d{1,2}[:.h]\d{2}")


def _time_agrees(expected: str, post: ForumPost, day_first: bool) -> bool | None:
    """Whether the aware time read agrees with the printed text, read on its own: the same
    wall-clock time up to a whole zone offset (a page prints the viewer's zone while its
    attribute is UTC) and a minute's rounding, the same date within a day when the text
    prints no clock. A page that prints an edited post's time of editing (Discourse) agrees
    through the post's edit marker. None when the text alone cannot be read as a date (a
    relative "3 hours ago" needs the capture time, which these pages do not carry)."""
    alone = parse_forum_date(expected, _UTC, day_first=day_first)
    if alone is None:
        return None
    printed = alone.replace(tzinfo=None, second=0, microsecond=0)
    candidates = [post.time, post.edit.time if post.edit is not None else None]
    for read in (t for t in candidates if t is not None):
        got = read.replace(tzinfo=None, second=0, microsecond=0)  # texts print minutes
        diff = abs((got - printed).total_seconds())
        off = diff % 900
        if (diff < 48 * 3600 if not _CLOCK.search(expected)
                else diff <= 14 * 3600 + 60 and (off <= 60 or off >= 840)):
            return True
    return False


def score_page(path: Path, *, timezone: str = "UTC") -> PageScore:
    want: dict[str, Any] = json.loads((path / "expected.json").read_text(encoding="utf-8"))
    data = (path / "page.html").read_bytes()
    page, parsed = read_page(path.name, data, ZoneInfo(timezone))
    return score_parsed(path.name, want, parsed, captured=page.captured_at is not None)


def score_parsed(name: str, want: dict[str, Any], parsed: ParsedPage, *,
                 captured: bool = False) -> PageScore:
    """`captured`: whether the page's capture or save date was known to the reader."""
    authors: list[str] = want["authors"]
    times: list[str | None] = want["times"]
    words: list[str] = want["first_words"]
    quotes: list[int] = want["quotes"]
    errors = [i.message for i in parsed.issues if i.severity == "error"]
    posts = parsed.posts
    pairs = _align(authors, [p.author for p in posts])
    scores: list[PostScore] = []
    for i, author in enumerate(authors):
        s = PostScore(index=i, author=author)
        scores.append(s)
        j = pairs.get(i)
        if j is None:
            s.why.append("not read (no post by this author in its place)")
            continue
        post = posts[j]
        s.matched = True
        s.body = bool(post.text.strip()) or (not words[i] and bool(post.html.strip()))
        if not s.body:
            s.why.append("empty body")
        t = times[i]
        if t is None:
            s.time = s.time_text = True
        else:
            s.time = post.time is not None and post.time.tzinfo is not None
            if not s.time and not captured and needs_capture(t, _UTC):
                # "2 years ago", "Sunday 8th March" on a page saved without its date: no
                # reader can place it; the time is right when it is kept as printed (and
                # the page's issues say why it is not placed)
                s.time = _time_text_ok(t, post)
            if not s.time:
                s.why.append(f"no time (page shows {t!r}; read {post.time_raw!r})")
            s.time_text = _time_text_ok(t, post)
            if s.time and not s.time_text:
                s.why.append(f"time text {post.time_text or post.time_raw!r}, "
                             f"expected {t!r}")
            if post.time is not None:
                agrees = (_time_agrees(t, post, day_first=True)
                          or _time_agrees(t, post, day_first=False))
                if agrees is False:
                    s.time_text = False
                    s.why.append(f"time read {post.time.isoformat()} disagrees with the "
                                 f"printed {t!r}")
        got_words = _norm(first_words(post.text))
        s.words = got_words == _norm(words[i])
        if not s.words:
            s.why.append(f"first words {got_words!r}, expected {words[i]!r}")
        s.quotes = len(post.quotes) == quotes[i]
        if not s.quotes:
            s.why.append(f"{len(post.quotes)} quotes, expected {quotes[i]}")
    return PageScore(name=name, engine=parsed.info.engine, expected=len(authors),
                     read=len(posts), posts=scores,
                     refused="; ".join(errors) if errors and not posts else None,
                     warnings=sorted({i.code for i in parsed.issues
                                      if i.severity == "warning"}))


def score_all() -> list[PageScore]:
    return [score_page(p) for p in cases()]


def table(scores: list[PageScore], *, verbose: bool = False) -> str:
    lines = [f"{'page':44} {'engine':22} {'exp':>4} {'read':>4} {'right':>5} {'exact':>5}"]
    for s in scores:
        lines.append(f"{s.name[:44]:44} {s.engine[:22]:22} {s.expected:4} {s.read:4} "
                     f"{s.right:5} {s.exact:5}"
                     + (f"  refused: {s.refused[:80]}" if s.refused else ""))
        if verbose:
            for p in s.posts:
                if not p.exact:
                    lines.append(f"    #{p.index} {p.author!r}: " + "; ".join(p.why))
    total = sum(s.expected for s in scores)
    right = sum(s.right for s in scores)
    exact = sum(s.exact for s in scores)
    full = sum(s.right == s.expected for s in scores)

    def pct(k: int) -> str:
        return f"{100 * k / total:.1f}%" if total else "-"

    lines.append(f"{len(scores)} pages, {total} posts: {right} right ({pct(right)}), "
                 f"{exact} exact ({pct(exact)}); {full} pages fully right")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("pages", nargs="*", help="folder names (default: all)")
    args = ap.parse_args(argv)
    paths = cases()
    if not paths:
        print(f"no real thread pages under {folder()} (set MAFIAKIT_SHARED)", file=sys.stderr)
        return 2
    if args.pages:
        paths = [p for p in paths if any(re.search(k, p.name) for k in args.pages)]
    print(table([score_page(p) for p in paths], verbose=args.verbose))
    return 0


if __name__ == "__main__":
    sys.exit(main())
