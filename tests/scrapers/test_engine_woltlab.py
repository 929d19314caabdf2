"""WoltLab Burning Board adapter: WSC's default markup on the project's fixture and the
med1.de theme on the shared real page."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import woltlab
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import PageContext, ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = FIXTURES / "woltlab" / "wbb5-default.html"
CET = ZoneInfo("Europe/Berlin")
REAL = shared_dir() / "fixtures" / "real-threads" / "woltlab-wbb-med1-corona"


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = woltlab.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(path: Path, tz: ZoneInfo = CET) -> ParsedPage:
    return read_page(path.name, path.read_bytes(), tz)[1]


def test_detects_woltlab_and_nothing_else() -> None:
    assert _detect(PAGE) == "wbb"
    others = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != "woltlab"]
    assert [p.name for p in others if _detect(p) is not None] == []


def test_fixture_posts() -> None:
    parsed = _parse(PAGE)
    info = parsed.info
    assert (info.engine, info.thread_id, info.page_number, info.page_count) == (
        "wbb", "77", 2, 3)
    assert info.thread_title == "Mafia #12: Stadt im Nebel"
    posts = parsed.posts
    # the ad between the posts is no post; the guest (data-user-id="0") has no id
    assert [(p.post_id, p.number, p.author, p.author_id) for p in posts] == [
        ("1201", 26, "Kent", "12"), ("1202", 27, "Eule", "5"), ("1203", 28, "Fuchs", "9"),
        ("1204", 29, "Passant", None)]
    assert parsed.census == 4
    assert posts[0].time == datetime(2019, 3, 4, 9, 5, 12, tzinfo=CET)
    assert posts[0].time_text == "4. März 2019, 09:05"
    edit = posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.count, edit.time) == (
        "Kent", 2, datetime(2019, 3, 4, 9, 10, tzinfo=CET))
    assert "Spielleiter" not in posts[0].text  # the signature
    # "Zitat von Kent" and the quoted post from the cite address
    assert [(q.author, q.post_id, q.text) for q in posts[1].quotes] == [
        ("Kent", "1201", "Abstimmung bis 21:00 Uhr.")]
    assert posts[1].text == "Ich stimme gegen Fuchs, sie hat gestern geschwiegen."
    assert [p.deleted for p in posts] == [False, False, True, False]
    assert 'class="mk-spoiler"' in posts[3].html


def test_edit_note_in_english_without_a_time_element() -> None:
    el = parse_html("<p class='wbbPostEditNote'>This post has been edited 3 times, last by "
                    "“Kent” (Mar 4th 2019, 9:10am).</p>").find(".//p")
    assert el is not None
    ctx = PageContext(name="t.html", timezone=UTC, captured_at=None)
    edit = woltlab.edit_marker(el, ctx)
    assert (edit.editor, edit.count, edit.time) == (
        "Kent", 3, datetime(2019, 3, 4, 9, 10, tzinfo=UTC))


def test_german_dates() -> None:
    ctx = PageContext(name="t.html", timezone=UTC, captured_at=None)
    assert woltlab.german_date("9. März 2020, 21:10", ctx) == datetime(2020, 3, 9, 21, 10,
                                                                       tzinfo=UTC)
    assert woltlab.german_date("1. Dez. 2019", ctx) == datetime(2019, 12, 1, tzinfo=UTC)


def test_real_med1_page() -> None:
    if not REAL.is_dir():
        pytest.skip(f"real thread page not found at {REAL} (set MAFIAKIT_SHARED)")
    want = json.loads((REAL / "expected.json").read_text(encoding="utf-8"))
    parsed = _parse(REAL / "page.html", ZoneInfo("UTC"))
    posts = parsed.posts
    assert parsed.info.engine == "wbb"
    assert [p.author for p in posts] == want["authors"]
    assert [p.time_text for p in posts] == want["times"]
    assert [" ".join(p.text.split()[:5]) for p in posts] == want["first_words"]
    assert [len(p.quotes) for p in posts] == want["quotes"]
    # the clock time is only in the attributes: datetime (with its offset) is read
    assert posts[0].time == datetime(2020, 3, 9, 19, 46, 42, tzinfo=UTC)
    assert posts[0].author_id == "645006"  # the article's data-user-id (no profile link)
    assert [(q.author, q.post_id) for q in posts[2].quotes] == [("Barrio", "25657952")]
    assert [q.author for q in posts[11].quotes] == ["HasiX", "HasiX"]
    info = parsed.info
    assert (info.thread_id, info.page_number, info.page_count) == ("972190", 1, 219)
    assert parsed.census == 15
