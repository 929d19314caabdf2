"""Misago adapter: both template generations, itemprop authors and profile ids, ISO times,
"X has written:" quote headings, spoilers, hidden and unreadable posts, events left out."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from scrapers.forum.engines import misago
from scrapers.forum.page import read_page
from scrapers.forum.types import ParsedPage
from tests.scrapers.family_checks import FIXTURES, check_real_pages, claimed_elsewhere, variant

NEW = FIXTURES / "misago" / "misago-thread.html"
OLD = FIXTURES / "misago" / "misago05-thread.html"
MSK = ZoneInfo("Europe/Moscow")


def _parse(path: Path, text: str | None = None) -> ParsedPage:
    data = (text if text is not None else path.read_text(encoding="utf-8")).encode("utf-8")
    _, parsed = read_page(path.name, data, MSK)
    return parsed


def test_detects_both_generations() -> None:
    assert variant(misago.ADAPTER, NEW) == "misago"
    assert variant(misago.ADAPTER, OLD) == "misago"


def test_claims_no_other_familys_page() -> None:
    assert claimed_elsewhere(misago.ADAPTER) == []


def test_posts_and_not_the_thread_events() -> None:
    parsed = _parse(NEW)
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("512", "Ведущий", "12"), ("514", "Лиса", "31"), ("515", "Кот", "44"),
        ("517", "Прохожий", None)]
    assert "закрепил" not in " ".join(p.text for p in parsed.posts)
    assert parsed.census == len(parsed.posts)
    assert (parsed.info.thread_id, parsed.info.thread_title) == ("37", "Мафия: Ночной город")
    assert parsed.info.page_number == 2


def test_times_from_the_datetime_attribute_with_the_printed_text() -> None:
    post = _parse(NEW).posts[1]
    assert post.time == datetime(2019, 3, 4, 10, 12, 30, tzinfo=MSK)
    assert post.time_text == "4 марта 2019 г. 10:12"
    old = _parse(OLD).posts[0]
    assert old.time == datetime(2014, 3, 4, 9, 5, tzinfo=UTC)


def test_quote_headings_and_spoilers() -> None:
    posts = _parse(NEW).posts
    assert [(q.author, q.text) for q in posts[1].quotes] == [("Ведущий", "Ночью был убит Бармен.")]
    assert "has written" not in posts[1].html
    assert 'class="mk-spoiler"' in posts[1].html
    assert posts[1].text.startswith("Бармен был чист.")
    # "Quoted message:" names nobody
    assert [(q.author, q.text) for q in posts[3].quotes] == [(None, "Голосуйте до 21:00.")]


def test_hidden_and_unreadable_posts_are_placeholders() -> None:
    hidden = _parse(NEW).posts[2]
    assert hidden.deleted
    assert hidden.text == ""
    corrupt = _parse(OLD).posts[2]
    assert corrupt.deleted
    assert corrupt.author == "Hans"
    assert corrupt.author_id is None
    assert corrupt.avatar is not None
    assert corrupt.avatar.url is None


def test_old_generation_authors_and_ids() -> None:
    parsed = _parse(OLD)
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("101", "Moderator", "2"), ("102", "Greta", "17"), ("103", "Hans", None)]
    assert parsed.posts[0].text == "Day one begins. Vote before the night."


def test_real_pages() -> None:
    check_real_pages(misago.ADAPTER)


def test_a_page_saved_after_the_react_app_rendered_reads_the_title_date() -> None:
    text = NEW.read_text(encoding="utf-8").replace(
        '<time itemprop="datePublished" datetime="2019-03-04T10:12:30+03:00">', "<span>")
    text = text.replace(
        '<a href="/t/mafiia-nochnoi-gorod/37/post/514/" class="posted-on hidden-xs">',
        '<a href="/t/mafiia-nochnoi-gorod/37/post/514/" class="btn btn-link posted-on '
        'hidden-xs" title="March 4, 2019 10:12 AM">')
    assert _parse(NEW, text).posts[1].time == datetime(2019, 3, 4, 10, 12, tzinfo=MSK)
