"""Stage 3: the posts of every page into one thread: same thread only, duplicates from
overlapping saves merged, ordered, numbered, and gaps reported.

Nothing is lost silently: a post left out (another thread's, a duplicate) is named in an
issue with the reason.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import datetime
from itertools import pairwise

from engine.gamelog import ParseIssue, Post, Where
from engine.gamelog.issues import Severity
from scrapers.forum.types import ForumPost, PageInfo


@dataclass(frozen=True)
class PageMeta:
    """What is kept of a page once its posts are read (the HTML is let go)."""

    name: str
    url: str | None
    captured_at: datetime | None
    wayback: bool
    encoding: str
    sha256: str
    size: int


@dataclass
class PageResult:
    meta: PageMeta
    info: PageInfo
    posts: list[ForumPost]
    not_read: int = 0  # posts the page carries that its reader missed (reported)


@dataclass
class Thread:
    engine: str | None
    thread_id: str | None
    title: str | None
    urls: list[str]
    posts: list[Post]
    issues: list[ParseIssue] = field(default_factory=list)
    # posts read from the pages but not in `posts`, by the code of the issue reporting them
    left_out: Counter[str] = field(default_factory=Counter)


def _warn(issues: list[ParseIssue], severity: Severity, code: str, message: str,
          file: str | None = None) -> None:
    issues.append(ParseIssue(severity=severity, code=code, where=Where(file=file),
                             message=message))


def _choose_thread(pages: list[PageResult], issues: list[ParseIssue], left_out: Counter[str]
                   ) -> list[PageResult]:
    """Keep the pages of the thread most pages belong to; report the others' posts."""
    ids = Counter(p.info.thread_id for p in pages if p.info.thread_id is not None)
    engines = Counter(p.info.engine for p in pages)
    if len(engines) > 1:
        _warn(issues, "warning", "engines-mixed",
              "pages of different forum engines: " + ", ".join(
                  f"{e} ({n})" for e, n in sorted(engines.items())))
    if len(ids) <= 1:
        return pages
    first_seen = {tid: i for i, tid in reversed(list(enumerate(
        p.info.thread_id for p in pages)))}
    # most pages win; a tie goes to the thread of the first page given
    main = sorted(ids.items(), key=lambda kv: (-kv[1], first_seen[kv[0]]))[0][0]
    kept: list[PageResult] = []
    for page in pages:
        if page.info.thread_id not in (None, main):
            _warn(issues, "error", "thread-mixed",
                  f"page of thread {page.info.thread_id}, not of thread {main} like the "
                  f"others: its {len(page.posts)} posts are left out", page.meta.name)
            left_out["thread-mixed"] += len(page.posts)
        else:
            kept.append(page)
    return kept


def _post_key(post: ForumPost) -> tuple[str, ...]:
    if post.post_id:
        return ("id", post.post_id)
    return ("noid", post.author, post.time.isoformat() if post.time else "", post.text)


def _page_key(page: PageResult) -> tuple[float, float, str]:
    number = page.info.page_number if page.info.page_number is not None else math.inf
    times = [p.time.timestamp() for p in page.posts if p.time is not None]
    return (number, min(times) if times else math.inf, page.meta.name)


def assemble(pages: list[PageResult]) -> Thread:
    issues: list[ParseIssue] = []
    left_out: Counter[str] = Counter()
    left_out["posts-not-read"] = sum(p.not_read for p in pages)  # reported as each page was read
    pages = _choose_thread(pages, issues, left_out)
    pages = sorted(pages, key=_page_key)
    seen: dict[tuple[str, ...], tuple[ForumPost, PageResult]] = {}
    ordered: list[tuple[ForumPost, PageResult]] = []
    for page in pages:
        for post in page.posts:
            key = _post_key(post)
            if key not in seen:
                seen[key] = (post, page)
                ordered.append((post, page))
                continue
            first, first_page = seen[key]
            if (first.html, first.author) == (post.html, post.author):
                _warn(issues, "info", "duplicate-post",
                      f"post {post.post_id or post.order} also on {first_page.meta.name}; "
                      "kept once", page.meta.name)
                left_out["duplicate-post"] += 1
                continue
            # the same post saved twice with different text: keep the later capture
            newer = _later(page, first_page)
            _warn(issues, "warning", "post-differs-between-pages",
                  f"post {post.post_id} differs between {first_page.meta.name} and "
                  f"{page.meta.name}; kept the {'second' if newer else 'first'} (later "
                  "capture)" if newer is not None else
                  f"post {post.post_id} differs between {first_page.meta.name} and "
                  f"{page.meta.name}; captures undated, kept the first", page.meta.name)
            left_out["post-differs-between-pages"] += 1
            if newer:
                index = ordered.index((first, first_page))
                ordered[index] = (post, page)
                seen[key] = (post, page)
    numbered = _numbers(ordered, pages, issues)
    _report_missing_pages(pages, issues)
    posts = [
        Post(number=number, id=fp.post_id, author=fp.author, author_id=fp.author_id,
             time=fp.time, page=page.meta.name, html=fp.html, text=fp.text, quotes=fp.quotes,
             edit=fp.edit, avatar=fp.avatar, deleted=fp.deleted)
        for number, (fp, page) in numbered
    ]
    head = pages[0].info if pages else None
    urls = sorted({p.meta.url for p in pages if p.meta.url})
    return Thread(engine=head.engine if head else None,
                  thread_id=next((p.info.thread_id for p in pages if p.info.thread_id), None),
                  title=next((p.info.thread_title for p in pages if p.info.thread_title), None),
                  urls=urls, posts=posts, issues=issues, left_out=left_out)


def _later(a: PageResult, b: PageResult) -> bool | None:
    if a.meta.captured_at is None or b.meta.captured_at is None:
        return None
    return a.meta.captured_at > b.meta.captured_at


def _numbers(ordered: list[tuple[ForumPost, PageResult]], pages: list[PageResult],
             issues: list[ParseIssue]) -> list[tuple[int, tuple[ForumPost, PageResult]]]:
    """The forum's own numbers when every post shows one and they rise; else numbers from
    page and position; else from position alone (each with an issue saying so)."""
    numbers = [p.number for p, _ in ordered]
    if ordered and all(n is not None for n in numbers):
        nums = [n for n in numbers if n is not None]
        if all(a < b for a, b in pairwise(nums)):
            missing = sorted(set(range(nums[0], nums[-1] + 1)) - set(nums))
            if missing:
                shown = ", ".join(map(str, missing[:30])) + (" ..." if len(missing) > 30 else "")
                _warn(issues, "warning", "posts-missing",
                      f"{len(missing)} post numbers between {nums[0]} and {nums[-1]} are not "
                      f"in the pages: {shown}")
            return list(zip(nums, ordered, strict=True))
        ordered.sort(key=lambda pp: (pp[0].number or 0, _page_key(pp[1]), pp[0].order))
        nums = [p.number or 0 for p, _ in ordered]
        if all(a < b for a, b in pairwise(nums)):
            _warn(issues, "info", "posts-reordered", "posts sorted by the forum's numbers")
            return list(zip(nums, ordered, strict=True))
        _warn(issues, "warning", "post-numbers-repeat",
              "the forum's post numbers repeat; posts numbered by position instead")
    per_page = max((len(p.posts) for p in pages), default=0)
    if pages and per_page and all(p.info.page_number is not None for p in pages):
        by_page: dict[str, int] = {}
        for page in pages:
            assert page.info.page_number is not None
            by_page[page.meta.name] = page.info.page_number
        out: list[tuple[int, tuple[ForumPost, PageResult]]] = []
        last = 0
        for fp, page in ordered:
            n = (by_page[page.meta.name] - 1) * per_page + fp.order + 1
            n = max(n, last + 1)
            out.append((n, (fp, page)))
            last = n
        if ordered:
            _warn(issues, "info", "posts-numbered-by-page",
                  f"the pages show no post numbers; numbered from page number and position "
                  f"({per_page} posts a page)")
        return out
    if ordered:
        _warn(issues, "info", "posts-numbered-by-position",
              "the pages show no post numbers nor page numbers; posts numbered 1, 2, ... in "
              "page and time order")
    return [(i + 1, pp) for i, pp in enumerate(ordered)]


def _report_missing_pages(pages: list[PageResult], issues: list[ParseIssue]) -> None:
    counts = [p.info.page_count for p in pages if p.info.page_count]
    have = {p.info.page_number for p in pages if p.info.page_number is not None}
    if not counts or not have:
        return
    total = max(counts)
    missing = sorted(set(range(1, total + 1)) - have)
    if missing:
        shown = ", ".join(map(str, missing[:40])) + (" ..." if len(missing) > 40 else "")
        _warn(issues, "warning", "pages-missing",
              f"the thread has {total} pages; {len(missing)} not among the inputs: {shown}")
    dupes: defaultdict[int, list[str]] = defaultdict(list)
    for p in pages:
        if p.info.page_number is not None:
            dupes[p.info.page_number].append(p.meta.name)
    for number, names in sorted(dupes.items()):
        if len(names) > 1:
            _warn(issues, "info", "page-saved-twice",
                  f"page {number} given {len(names)} times: {', '.join(names)}")
