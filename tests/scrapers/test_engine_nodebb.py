"""NodeBB adapter: the component markup, quote headers, the hidden editor line and the
ajaxify-data pagination; on the project's fixture and the shared real page."""

from __future__ import annotations

import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import nodebb
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = FIXTURES / "nodebb" / "persona-ru.html"
UTC = ZoneInfo("UTC")
REAL = shared_dir() / "fixtures" / "real-threads" / "nodebb-community-chatdesign" / "page.html"


def _read(path: Path) -> ParsedPage:
    return read_page(path.name, path.read_bytes(), UTC)[1]


def test_fixture_posts_quotes_edit_and_pages() -> None:
    parsed = _read(PAGE)
    assert parsed.info.engine == "nodebb"
    assert (parsed.info.thread_id, parsed.info.page_number, parsed.info.page_count) == (
        "77", 2, 3)
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("501", 1, "Kent", "12"), ("502", 2, "Blood Queen", "15"), ("503", 3, "Оля", "16"),
        ("504", 4, "Пётр", "17")]
    queen = parsed.posts[1]
    # the Russian "@Kent написал в <topic>:" header gives the quote's author and post
    assert [(q.author, q.post_id) for q in queen.quotes] == [("Kent", "501")]
    assert queen.text.startswith("Голос: Kent")
    assert queen.edit is not None
    assert queen.edit.editor == "Blood Queen"
    assert queen.edit.time is not None
    assert queen.edit.time.isoformat() == (
        "2019-03-04T06:31:00+00:00")
    assert parsed.posts[0].edit is None  # the empty editor line of an unedited post
    assert "Ведущий клуба" not in parsed.posts[0].text  # the signature
    assert parsed.posts[2].deleted
    assert not parsed.posts[0].deleted
    assert parsed.posts[3].time_text == "4 мар. 2019 г."  # a filled-in timeago span
    assert parsed.census == 4


def test_other_families_fixtures_are_not_nodebb() -> None:
    others = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != "nodebb"]
    found = []
    for path in others:
        page = load_page(path.name, path.read_bytes())
        if nodebb.detect(parse_html(page.text), page.text) is not None:
            found.append(str(path))
    assert found == []


def test_real_page() -> None:
    if not REAL.is_file():
        pytest.skip(f"no {REAL} (set MAFIAKIT_SHARED to the shared folder)")
    parsed = _read(REAL)
    assert len(parsed.posts) == 13
    assert parsed.census == 13
    first, fourth = parsed.posts[0], parsed.posts[3]
    assert (first.author, first.post_id, first.number) == ("youhosi", "73812", 1)
    # the spans are empty: the title is what was read and what the page shows on hover
    assert first.time_raw == "2019-03-24T19:54:11.505Z"
    assert first.time is not None
    assert first.time.isoformat().startswith("2019-03-24T19:54:11")
    assert [(q.author, q.post_id) for q in fourth.quotes] == [("MJ", "73814")]
    assert fourth.text.startswith("This is what it looks like")
    assert fourth.edit is not None
    assert fourth.edit.editor == "youhosi"
    assert [len(p.quotes) for p in parsed.posts] == [0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0]
    assert (parsed.info.page_number, parsed.info.page_count) == (1, 1)


def test_time_from_the_post_element_when_no_time_span_is_left() -> None:
    text = re.sub(r'<span class="timeago" title="[^"]*">[^<]*</span>', "",
                  PAGE.read_text(encoding="utf-8"))
    parsed = read_page("t.html", text.encode("utf-8"), UTC)[1]
    first = parsed.posts[0]
    assert first.time is not None
    assert first.time.isoformat() == "2019-03-04T06:05:00+00:00"
    assert first.time_text is None  # nothing printed, the post's text is not its time
    assert "post-without-time" not in {i.code for i in parsed.issues}
