"""Saved pages next to their expected output (extruct-style golden fixtures).

A fixture is ``<name>.html`` (or any saved-page file) with ``<name>.expected.json`` beside it.
For the real pages in ../shared/fixtures/real, the expected file lives in
tests/scrapers/fixtures/real/ and names the shared file in ``"shared"``.

The expected JSON::

    {"options": {"timezone": "Europe/Moscow", "mtime": "2019-03-05T12:00:00+03:00"},
     "page": {"engine": ..., "thread_id": ..., "thread_title": ..., "page_number": ...,
              "page_count": ..., "encoding": ..., "wayback": ..., "captured_at": ...,
              "url": ...},
     "posts": [{"post_id", "number", "author", "author_id", "time", "text", "quotes",
                "bold", "colors", "spoilers", "hidden", "edit", "avatar", "deleted"}],
     "issues": ["code", ...]}

Write or refresh one after reading the page yourself:
``.venv/bin/python -m tests.scrapers.golden PATH.html [--timezone Europe/Moscow]``
prints the JSON for review; ``--write`` stores it.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import lxml.html

from scrapers.forum.page import read_page
from scrapers.forum.types import ForumPost, Page, ParsedPage


def _runs(html: str, xpath: str) -> list[Any]:
    if not html:
        return []
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    return [" ".join(el.text_content().split()) for el in root.xpath(xpath)]


def post_summary(post: ForumPost) -> dict[str, Any]:
    root = lxml.html.fragment_fromstring(post.html or "<span></span>", create_parent="div")
    colors = [[el.get("data-color"), " ".join(el.text_content().split())]
              for el in root.xpath('.//span[@class="mk-color"]')]
    return {
        "post_id": post.post_id,
        "number": post.number,
        "author": post.author,
        "author_id": post.author_id,
        "time": post.time.isoformat() if post.time else None,
        "text": post.text,
        "quotes": [{"author": q.author, "post_id": q.post_id, "text": q.text}
                   for q in post.quotes],
        "bold": _runs(post.html, ".//b"),
        "colors": colors,
        "spoilers": _runs(post.html, './/div[@class="mk-spoiler"]'),
        "hidden": _runs(post.html, './/*[@class="mk-hidden"]'),
        "edit": None if post.edit is None else {
            "editor": post.edit.editor,
            "time": post.edit.time.isoformat() if post.edit.time else None,
            "count": post.edit.count},
        "avatar": None if post.avatar is None else post.avatar.url,
        "deleted": post.deleted,
    }


def page_summary(page: Page, parsed: ParsedPage) -> dict[str, Any]:
    info = parsed.info
    return {
        "engine": info.engine, "thread_id": info.thread_id, "thread_title": info.thread_title,
        "page_number": info.page_number, "page_count": info.page_count,
        "encoding": page.encoding, "wayback": page.wayback,
        "captured_at": page.captured_at.isoformat() if page.captured_at else None,
        "url": page.url,
    }


def run(path: Path, options: dict[str, Any]) -> dict[str, Any]:
    tz = ZoneInfo(options.get("timezone", "UTC"))
    mtime = datetime.fromisoformat(options["mtime"]) if options.get("mtime") else None
    page, parsed = read_page(path.name, path.read_bytes(), tz, mtime=mtime)
    return {"options": options, "page": page_summary(page, parsed),
            "posts": [post_summary(p) for p in parsed.posts],
            "issues": sorted({i.code for i in parsed.issues})}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("page", type=Path)
    ap.add_argument("--timezone", default="UTC")
    ap.add_argument("--mtime", default=None)
    ap.add_argument("--write", type=Path, default=None, help="expected.json to write")
    args = ap.parse_args(argv)
    options: dict[str, Any] = {"timezone": args.timezone}
    if args.mtime:
        options["mtime"] = args.mtime
    out = json.dumps(run(args.page, options), ensure_ascii=False, indent=1) + "\n"
    if args.write:
        args.write.write_text(out, encoding="utf-8")
    else:
        sys.stdout.write(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
