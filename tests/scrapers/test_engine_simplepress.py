"""Simple:Press adapter: posts, the quote header before a blockquote in any language, the
date and time split by <br>, what is not the body."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from scrapers.forum.engines import simplepress
from scrapers.forum.page import parse_html
from tests.scrapers import wp_forum
from tests.scrapers.wp_forum import FIXTURES, UTC, detected, read, real_page

PAGE = FIXTURES / "simplepress" / "simplepress5-default-de.html"
REAL = "simplepress-speakout-android-data"
CET = ZoneInfo("Europe/Berlin")
SAVED = datetime(2023, 3, 6, 12, 0, tzinfo=CET)


def test_detects_the_fixture_and_the_real_page() -> None:
    assert detected(simplepress.detect, PAGE) == "simplepress"
    assert detected(simplepress.detect, real_page(REAL)) == "simplepress"


def test_claims_no_other_page() -> None:
    claimed = [str(p) for p in wp_forum.others("simplepress")
               if detected(simplepress.detect, p)]
    assert claimed == []
    assert simplepress.detect(parse_html(wp_forum.BLOG), wp_forum.BLOG) is None


def test_posts_numbers_and_times() -> None:
    posts = read(PAGE, tz=CET, mtime=SAVED).posts
    assert [(p.post_id, p.number, p.author) for p in posts] == [
        ("24026", 21, "Kent"), ("24027", 22, "Anna B."), ("24031", 23, "Boris (Gast)")]
    # "04.03.2023<br>09:00": the date and the time are two words
    assert posts[0].time == datetime(2023, 3, 4, 9, 0, tzinfo=CET)
    assert posts[0].time_text == "04.03.2023 09:00"


def test_localised_quote_header_names_the_author() -> None:
    post = read(PAGE, tz=CET, mtime=SAVED).posts[1]
    # "<p><strong>Kent sagte: </strong></p>" before the blockquote; a one-word bold line
    # ("Wichtig:") before another is the post's own text
    assert [(q.author, q.text) for q in post.quotes] == [
        ("Kent", "Tag 2 beginnt."), (None, "Keine Screenshots aus PNs.")]
    assert post.text.startswith("Wichtig:")
    assert "sagte" not in post.text


def test_signature_and_moderation_notice_are_not_the_body() -> None:
    posts = read(PAGE, tz=CET, mtime=SAVED).posts
    assert "Spielleitung" not in posts[0].text
    assert posts[2].text == "Ich schweige nicht. ##vote Anna B."


def test_page_facts() -> None:
    info = read(PAGE, tz=CET, mtime=SAVED).info
    assert (info.thread_id, info.thread_title, info.page_number, info.page_count) == (
        "6284", "Werwolf Runde 3", 2, 3)


def test_real_page() -> None:
    parsed = read(real_page(REAL))
    wp_forum.matches_expected(REAL, parsed)
    posts = parsed.posts
    assert posts[0].time == datetime(2011, 8, 29, 6, 24, tzinfo=UTC)
    assert [(q.author, q.text.split()[:3]) for q in posts[5].quotes] == [
        ("streaker", ["I", "have", "a"])]
    assert parsed.census == 20
