"""UBB.threads 7 adapter: post tables and their anchors, joined date and time spans, profile
links, the edit line, ubbcode quotes and spoilers, sponsor rows left out."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from scrapers.forum.engines import ubbthreads
from scrapers.forum.page import read_page
from scrapers.forum.types import ParsedPage
from tests.scrapers.family_checks import FIXTURES, check_real_pages, claimed_elsewhere, variant

PAGE = FIXTURES / "ubbthreads" / "ubbthreads7-showflat.html"
NY = ZoneInfo("America/New_York")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=NY)


def _parse(text: str | None = None) -> ParsedPage:
    data = (text if text is not None else PAGE.read_text(encoding="utf-8")).encode("utf-8")
    _, parsed = read_page("t.html", data, NY, mtime=SAVED)
    return parsed


def test_detects_ubbthreads7() -> None:
    assert variant(ubbthreads.ADAPTER, PAGE) == "ubbthreads7"


def test_claims_no_other_familys_page() -> None:
    assert claimed_elsewhere(ubbthreads.ADAPTER) == []


def test_posts_ids_authors_and_sponsor_rows() -> None:
    parsed = _parse()
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("704530", "Moderator Mo", "1189"), ("704533", "Vera", "2207"),
        ("704540", "Guest Ivo", None)]
    assert parsed.census == 3
    assert "half price" not in " ".join(p.text for p in parsed.posts)
    assert (parsed.info.thread_id, parsed.info.thread_title) == (
        "704512", "Werewolf XII: The Long Night")
    assert (parsed.info.page_number, parsed.info.page_count) == (2, 3)


def test_date_and_time_spans_are_one_time() -> None:
    posts = _parse().posts
    assert posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=NY)
    assert posts[0].time_text == "03/04/19 09:05 AM"
    assert posts[2].time == datetime(2019, 3, 5, 8, 15, tzinfo=NY)  # "Today at 08:15 AM"


def test_edit_line_signature_quotes_and_spoiler() -> None:
    posts = _parse().posts
    edit = posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.time, edit.reason) == (
        "Moderator Mo", datetime(2019, 3, 4, 9, 12, tzinfo=NY), "typo")
    assert "Keep it civil" not in posts[0].text
    assert "Last edited" not in posts[0].text
    assert [(q.author, q.post_id, q.text) for q in posts[1].quotes] == [
        ("Moderator Mo", "704530", "Hugo was found dead.")]
    assert 'class="mk-spoiler"' in posts[1].html
    assert [q.author for q in posts[2].quotes] == [None]  # "Quote:"


def test_the_anchor_before_a_table_gives_its_id_when_the_subject_link_has_none() -> None:
    text = PAGE.read_text(encoding="utf-8").replace(
        "/ubbthreads.php/topics/704533/re-day-2-begins#Post704533", "/ubbthreads.php/x")
    assert _parse(text).posts[1].post_id == "704533"


def test_real_pages() -> None:
    check_real_pages(ubbthreads.ADAPTER)


def test_a_missing_anchor_falls_back_to_the_subject_link() -> None:
    text = PAGE.read_text(encoding="utf-8").replace(
        '<a id="Post704533" name="Post704533"></a>', "")
    assert [p.post_id for p in _parse(text).posts] == ["704530", "704533", "704540"]
