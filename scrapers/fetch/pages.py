"""Which address is page N of a thread, per engine family, and what a fetched page must not
be (a login form, a "no such topic" page, another thread). The engine is the one
`scrapers.forum` detects on the first page; its page parameter is the one the engine's own
pagination links carry (phpBB's ``start=``, vBulletin's ``page=``, SMF's ``topic=T.N``...)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from scrapers.forum.types import ParsedPage

# (page url of the first page, 0-based page index, posts per page) -> the page's address
PageRule = Callable[[str, int, int], str]


def _query(key: str, value: Callable[[int, int], int]) -> PageRule:
    def rule(url: str, index: int, per: int) -> str:
        parts = urlsplit(url)
        query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != key]
        query.append((key, str(value(index, per))))
        return urlunsplit(parts._replace(query=urlencode(query), fragment=""))
    return rule


def _smf(url: str, index: int, per: int) -> str:
    # index.php?topic=346.0 -> topic=346.20 (SMF counts posts, after the topic's dot)
    parts = urlsplit(url)
    query = []
    for k, v in parse_qsl(parts.query, keep_blank_values=True):
        if k == "topic":
            v = f"{v.split('.')[0]}.{per * index}"
        query.append((k, v))
    return urlunsplit(parts._replace(query=urlencode(query, safe="."), fragment=""))


def _xenforo(url: str, index: int, per: int) -> str:
    parts = urlsplit(url)
    path = re.sub(r"/page-\d+/?$", "/", parts.path)
    if not path.endswith("/"):
        path += "/"
    return urlunsplit(parts._replace(path=path + (f"page-{index + 1}" if index else ""),
                                     query="", fragment=""))


def _ucoz(url: str, index: int, per: int) -> str:
    # /forum/5-346-2: forum 5, topic 346, page 2
    parts = urlsplit(url)
    path = re.sub(r"/(\d+)-(\d+)(?:-\d+)?(?=/?$)", lambda m: f"/{m[1]}-{m[2]}-{index + 1}",
                  parts.path)
    return urlunsplit(parts._replace(path=path, fragment=""))


# engine family (the start of the detected engine's name) -> its page rule
RULES: dict[str, PageRule] = {
    "phpbb": _query("start", lambda i, per: per * i),
    "vbulletin": _query("page", lambda i, per: i + 1),
    "smf": _smf,
    "xenforo": _xenforo,
    "ipb": _query("st", lambda i, per: per * i),
    "invision": _query("st", lambda i, per: per * i),
    "ucoz": _ucoz,
    "mybb": _query("page", lambda i, per: i + 1),
    "fluxbb": _query("p", lambda i, per: i + 1),
    "punbb": _query("p", lambda i, per: i + 1),
}


_NEXT = re.compile(
    r"<(?:link|a)\b(?=[^>]*\brel\s*=\s*[\"']?next\b)[^>]*\bhref\s*=\s*[\"']([^\"'>]+)", re.I)


def next_link(text: str, base: str) -> str | None:
    """The page's own next-page link (``rel="next"``), made absolute: the way on for an
    engine without a page rule."""
    m = _NEXT.search(text)
    return urljoin(base, html.unescape(m.group(1))) if m else None


def rule_for(engine: str) -> PageRule | None:
    for family, rule in RULES.items():
        if engine.startswith(family):
            return rule
    return None


_PASSWORD = re.compile(rb"<input\b[^>]*\btype\s*=\s*[\"']?password", re.I)
_NO_TOPIC = re.compile(
    r"(the topic or post you requested does not exist|no thread specified|invalid thread"
    r"|the requested thread could not be found|тема не найдена|такой темы не существует"
    r"|запрашиваемой темы не существует)", re.I)


def refusal(body: bytes, text: str, parsed: ParsedPage | None, status: int) -> str | None:
    """Why this answer is not a page of the thread, or None when it is one."""
    posts = parsed.posts if parsed is not None else []
    if status in (404, 410):
        return f"thread not found (HTTP {status})"
    if status >= 400:
        return f"HTTP {status}"
    if not posts and _PASSWORD.search(body):
        return ("a login page (a password field, no posts): the thread is shown to members "
                "only; give your browser's cookies with --cookies cookies.txt")
    if not posts and _NO_TOPIC.search(text):
        return "the forum's \"thread not found\" page"
    if not posts:
        return "no posts on the page (not a thread page)"
    return None
