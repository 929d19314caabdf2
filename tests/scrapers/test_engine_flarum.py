"""Flarum adapter: the drawn post stream (event posts and the reply placeholder left out)
and the server's noscript list with the payload's ids and times."""

from __future__ import annotations

import json
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import flarum
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = FIXTURES / "flarum" / "stream-ru.html"
UTC = ZoneInfo("UTC")
REAL = shared_dir() / "fixtures" / "real-threads" / "flarum-sunrise-abbonamento" / "page.html"


def _read(text: str) -> ParsedPage:
    return read_page("t.html", text.encode("utf-8"), UTC)[1]


def test_stream_fixture() -> None:
    parsed = _read(PAGE.read_text(encoding="utf-8"))
    assert parsed.info.engine == "flarum-js"
    assert parsed.info.thread_id == "77"
    # the stickied event (902) and the reply placeholder are no posts
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("901", 1, "Kent", "Kent"), ("903", 3, "Blood_Queen", "Blood_Queen"),
        ("904", 4, "Пётр", "petr")]
    queen = parsed.posts[1]
    assert [(q.author, q.post_id, q.text) for q in queen.quotes] == [
        ("Kent", "901", "Голосуем до 21:00.")]
    assert queen.text == "Голос: Kent."
    assert queen.edit is not None
    assert queen.edit.editor == "Blood_Queen"
    assert queen.time is not None
    assert queen.time.isoformat() == "2019-03-04T06:20:00+00:00"
    # a reply's mention is text, not a quote
    assert parsed.posts[2].quotes == []
    assert parsed.posts[2].text.startswith("Blood_Queen")


def test_other_families_fixtures_are_not_flarum() -> None:
    others = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != "flarum"]
    found = []
    for path in others:
        page = load_page(path.name, path.read_bytes())
        if flarum.detect(parse_html(page.text), page.text) is not None:
            found.append(str(path))
    assert found == []


_PAYLOAD = {"apiDocument": {"data": {"type": "discussions", "id": "77"}, "included": [
    {"type": "users", "id": "3", "attributes": {"username": "kent", "displayName": "Kent"}},
    {"type": "posts", "id": "901", "attributes": {
        "number": 1, "createdAt": "2019-03-04T06:05:00+00:00", "contentType": "comment",
        "contentHtml": "<p>Day 1 begins.</p>"},
     "relationships": {"user": {"data": {"type": "users", "id": "3"}}}},
    {"type": "posts", "id": "905", "attributes": {
        "number": 5, "createdAt": "2019-03-04T07:00:00+00:00", "contentType": "comment",
        "contentHtml": "<p>Still day.</p>", "editedAt": "2019-03-04T07:05:00+00:00"},
     "relationships": {"user": {"data": {"type": "users", "id": "3"}}}}]}}
NOSCRIPT = f"""<!doctype html><html><head><title>Mafia 12</title>
<link rel="canonical" href="https://f.example.org/d/77-mafia-12?page=2"></head><body>
<div id="app"><div id="flarum-loading" style="display: none">Loading...</div>
<noscript id="flarum-content"><div class="container"><h1>Mafia 12</h1><div>
<article><div class="PostUser"><h3 class="PostUser-name">Kent</h3></div>
<div class="Post-body"><p>Day 1 begins.</p></div></article><hr>
<article><div class="PostUser"><h3 class="PostUser-name">Kent</h3></div>
<div class="Post-body"><p>Still day.</p></div></article><hr>
</div></div></noscript></div>
<script id="flarum-json-payload" type="application/json">{json.dumps(_PAYLOAD)}</script>
</body></html>"""


def test_noscript_list_with_payload() -> None:
    parsed = _read(NOSCRIPT)
    assert parsed.info.engine == "flarum-noscript"
    assert (parsed.info.thread_title, parsed.info.page_number) == ("Mafia 12", 2)
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("901", 1, "Kent", "kent"), ("905", 5, "Kent", "kent")]
    assert [p.time.isoformat() if p.time else None for p in parsed.posts] == [
        "2019-03-04T06:05:00+00:00", "2019-03-04T07:00:00+00:00"]
    assert parsed.posts[1].edit is not None
    assert parsed.posts[0].edit is None
    assert parsed.census is None


def test_noscript_list_without_payload_keeps_names_and_bodies() -> None:
    text = NOSCRIPT.split('<script id="flarum-json-payload"')[0] + "</body></html>"
    parsed = _read(text)
    assert [(p.post_id, p.author, p.text) for p in parsed.posts] == [
        (None, "Kent", "Day 1 begins."), (None, "Kent", "Still day.")]


def test_real_page() -> None:
    if not REAL.is_file():
        pytest.skip(f"no {REAL} (set MAFIAKIT_SHARED to the shared folder)")
    parsed = read_page(REAL.name, REAL.read_bytes(), UTC)[1]
    assert parsed.info.engine == "flarum-js"  # the stream, not the noscript list as well
    assert [(p.post_id, p.author) for p in parsed.posts] == [
        ("236611", "Ester"), ("236642", "Daniele_Sunrise"), ("236661", "Ester")]
    assert [p.time_text for p in parsed.posts] == ["11 days ago"] * 3
    assert parsed.posts[0].time is not None
    assert parsed.posts[0].time.isoformat() == "2024-05-16T04:23:21+00:00"
    assert parsed.posts[1].text.startswith("Ester È possibile contattare il")


def test_time_from_the_stream_item_without_the_header_time() -> None:
    text = re.sub(r"<time[^>]*>.*?</time>", "", PAGE.read_text(encoding="utf-8"))
    parsed = _read(text)
    assert [p.time.isoformat() if p.time else None for p in parsed.posts] == [
        "2019-03-04T06:05:00+00:00", "2019-03-04T06:20:00+00:00", "2019-03-04T06:40:00+00:00"]
    assert [p.time_text for p in parsed.posts] == [None, None, None]
    assert "post-without-time" not in {i.code for i in parsed.issues}
