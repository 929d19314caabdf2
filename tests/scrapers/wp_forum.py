"""What the tests of the WordPress forum plugin families (bbPress, wpForo, Simple:Press,
Asgaros Forum) share: their real pages under shared/fixtures/real-threads, read and checked
against the page's expected.json, and pages of other WordPress forums and blogs no plugin
family may claim."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from lxml import etree

from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.spec import EngineSpec
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
UTC = ZoneInfo("UTC")
# the real pages of the four plugins and of the WordPress forums left to the generic reader
WORDPRESS_PAGES = ("bbpress-weddingbee-nails", "wpforo-tudodetectores-nokta",
                   "simplepress-speakout-android-data", "asgaros-support-bloecke",
                   "forumengine-newpackages", "wpdiscussionboard-art-commissions")

# a WordPress blog post with its comments (the default theme's markup): no plugin's page
BLOG = """<!DOCTYPE html><html><head><meta name="generator" content="WordPress 6.5">
<link rel="stylesheet" href="https://blog.example.org/wp-content/themes/twentytwentyone/style.css">
</head><body class="post-template-default single single-post postid-7">
<article id="post-7" class="post-7 post type-post status-publish"><h1 class="entry-title">Hi</h1>
<div class="entry-content"><p>Post text.</p></div></article>
<div id="comments" class="comments-area"><ol class="comment-list">
<li id="comment-2" class="comment even thread-even depth-1"><article id="div-comment-2"
class="comment-body"><footer class="comment-meta"><div class="comment-author vcard">
<b class="fn"><a href="https://kent.example.org" class="url">Kent</a></b>
<span class="says">says:</span></div><div class="comment-metadata"><a href="#comment-2">
<time datetime="2024-05-16T20:16:00+00:00">May 16, 2024 at 8:16 pm</time></a></div></footer>
<div class="comment-content"><p>Nice post.</p></div></article></li></ol></div>
</body></html>"""


def real_page(folder: str) -> Path:
    path = shared_dir() / "fixtures" / "real-threads" / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"real page not found at {path} (set MAFIAKIT_SHARED)")
    return path


def read(path: Path, **kw: Any) -> ParsedPage:
    _, parsed = read_page(path.name, path.read_bytes(), kw.pop("tz", UTC), **kw)
    return parsed


def detected(detect: Callable[[etree._Element, str], EngineSpec | None], path: Path
             ) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def others(own: str) -> list[Path]:
    """Every fixture page of the other families, and the real WordPress forum pages of the
    others (those present)."""
    pages = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != own]
    folder = shared_dir() / "fixtures" / "real-threads"
    pages += [folder / f / "page.html" for f in WORDPRESS_PAGES
              if not f.startswith(own) and (folder / f / "page.html").is_file()]
    return pages


def words(text: str, n: int = 5) -> str:
    return " ".join(text.split()[:n])


def matches_expected(folder: str, parsed: ParsedPage) -> None:
    """Authors, printed times, first words and quote counts as the page's expected.json
    gives them (made by hand from the page, see its SOURCE.md)."""
    want = json.loads((real_page(folder).parent / "expected.json").read_text(encoding="utf-8"))
    posts = parsed.posts
    assert [p.author for p in posts] == want["authors"]
    assert [" ".join((p.time_text or "").split()) for p in posts] == want["times"]
    assert all(p.time is not None and p.time.tzinfo is not None for p in posts)
    assert [words(p.text) for p in posts] == want["first_words"]
    assert [len(p.quotes) for p in posts] == want["quotes"]
