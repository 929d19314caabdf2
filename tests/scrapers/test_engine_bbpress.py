"""bbPress adapter: the default reply templates and a theme that keeps only bbPress's classes,
relative times, the revision log, and what is not a post."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from scrapers.forum.engines import bbpress
from scrapers.forum.page import parse_html
from tests.scrapers import wp_forum
from tests.scrapers.wp_forum import FIXTURES, UTC, detected, read, real_page

PAGE = FIXTURES / "bbpress" / "bbpress26-default-ru.html"
REAL = "bbpress-weddingbee-nails"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2023, 3, 5, 12, 0, tzinfo=MSK)


def test_detects_the_default_templates_and_a_themed_page() -> None:
    assert detected(bbpress.detect, PAGE) == "bbpress2"
    assert detected(bbpress.detect, real_page(REAL)) == "bbpress2"


def test_claims_no_other_page() -> None:
    claimed = [str(p) for p in wp_forum.others("bbpress") if detected(bbpress.detect, p)]
    assert claimed == []
    assert bbpress.detect(parse_html(wp_forum.BLOG), wp_forum.BLOG) is None


def test_default_templates_reply_div_beside_its_header() -> None:
    posts = read(PAGE, tz=MSK, mtime=SAVED).posts
    # the list's header and footer rows and the ad between replies are not posts
    assert [p.author for p in posts] == ["Kent", "Анна", "Гость Вася", "Борис"]
    # the id from the header div before the reply, the number and the author's id from the
    # reply's classes (the permalink "#41" is the id, not the number)
    assert [(p.post_id, p.number, p.author_id) for p in posts] == [
        ("41", 1, "3"), ("42", 2, "5"), ("43", 3, None), ("44", 4, "7")]
    assert posts[0].time == datetime(2023, 3, 4, 9, 0, tzinfo=MSK)
    assert posts[0].time_text == "4 марта 2023 в 9:00"


def test_revision_log_is_the_edit_marker_and_not_the_body() -> None:
    post = read(PAGE, tz=MSK, mtime=SAVED).posts[0]
    assert post.edit is not None
    assert (post.edit.editor, post.edit.count) == ("Kent", 2)
    # "1 день, 1 час назад" against the save time
    assert post.edit.time == SAVED - timedelta(days=1, hours=1)
    assert "изменена" not in post.text
    assert "Ключник" not in post.text


def test_quote_signature_spam() -> None:
    posts = read(PAGE, tz=MSK, mtime=SAVED).posts
    assert [(q.author, q.post_id, q.text) for q in posts[1].quotes] == [
        ("Kent", "41", "Наступил день 1.")]
    assert "мирная" not in posts[1].text  # the signature
    assert [p.deleted for p in posts] == [False, False, True, False]


def test_page_facts() -> None:
    info = read(PAGE, tz=MSK, mtime=SAVED).info
    assert (info.thread_id, info.thread_title, info.page_number, info.page_count) == (
        "41", "Мафия: день 1", 1, 2)


def test_themed_real_page() -> None:
    parsed = read(real_page(REAL))
    wp_forum.matches_expected(REAL, parsed)
    posts = parsed.posts
    assert (posts[0].post_id, posts[0].number) == ("12473807", 1)
    # "View original reply" names the quoted post: its author is that post's
    assert [(q.author, q.post_id) for q in posts[3].quotes] == [
        ("februarybride220", "12473819")]


def test_relative_times_without_a_capture_time_are_anchored_on_the_topic() -> None:
    # a DOM dump has no capture time; the topic's datePublished and its "3 weeks ago"
    # place the capture 3 weeks after the topic
    parsed = read(real_page(REAL))
    published = datetime(2024, 5, 9, 14, 32, 9, tzinfo=UTC)
    times = [p.time for p in parsed.posts]
    assert times[0] == published
    assert times[1] == published + timedelta(weeks=1)  # "2 weeks ago"
    assert times[-1] == published + timedelta(weeks=3) - timedelta(days=2)
    assert "relative-times" in {i.code for i in parsed.issues}
    assert "bad-time" not in {i.code for i in parsed.issues}


def test_relative_times_with_a_capture_time_use_it() -> None:
    saved = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)
    posts = read(real_page(REAL), mtime=saved).posts
    assert posts[0].time == saved - timedelta(weeks=3)
    assert posts[-1].time == saved - timedelta(days=2)
