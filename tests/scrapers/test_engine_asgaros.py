"""Asgaros Forum adapter: posts, the hidden copy each post carries for the quote button,
localised quote titles, the edit notice, page links."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from scrapers.forum.engines import asgaros
from scrapers.forum.page import parse_html
from tests.scrapers import wp_forum
from tests.scrapers.wp_forum import FIXTURES, UTC, detected, read, real_page

PAGE = FIXTURES / "asgaros" / "asgaros2-default-de.html"
REAL = "asgaros-support-bloecke"
CET = ZoneInfo("Europe/Berlin")
SAVED = datetime(2023, 3, 6, 12, 0, tzinfo=CET)


def test_detects_the_fixture_and_the_real_page() -> None:
    assert detected(asgaros.detect, PAGE) == "asgaros"
    assert detected(asgaros.detect, real_page(REAL)) == "asgaros"


def test_claims_no_other_page() -> None:
    claimed = [str(p) for p in wp_forum.others("asgaros") if detected(asgaros.detect, p)]
    assert claimed == []
    assert asgaros.detect(parse_html(wp_forum.BLOG), wp_forum.BLOG) is None


def test_posts() -> None:
    posts = read(PAGE, tz=CET, mtime=SAVED).posts
    # the ad between posts is not one; a name without a profile link is read too
    assert [(p.post_id, p.number, p.author) for p in posts] == [
        ("501", 21, "Kent"), ("502", 22, "Anna"), ("507", 23, "Boris")]
    # "#21 · 04.03.2023, 09:00": the post link and the dot are not the date
    assert posts[0].time == datetime(2023, 3, 4, 9, 0, tzinfo=CET)
    assert posts[0].time_text == "04.03.2023, 09:00"


def test_hidden_copy_for_the_quote_button_is_no_quote() -> None:
    posts = read(PAGE, tz=CET, mtime=SAVED).posts
    assert posts[0].quotes == []
    assert posts[0].text.startswith("Tag 2 beginnt.")
    assert posts[0].text.count("Tag 2 beginnt.") == 1
    assert "Spielleitung" not in posts[0].text  # the signature


def test_localised_quote_title_names_the_linked_author() -> None:
    post = read(PAGE, tz=CET, mtime=SAVED).posts[1]
    # "Zitat von <a class="profile-link">Kent</a> am ..."
    assert [(q.author, q.text) for q in post.quotes] == [("Kent", "Tag 2 beginnt.")]
    assert post.text == "##vote Boris"


def test_edit_notice() -> None:
    edit = read(PAGE, tz=CET, mtime=SAVED).posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("Kent", datetime(2023, 3, 4, 10, 30, tzinfo=CET))


def test_page_facts() -> None:
    info = read(PAGE, tz=CET, mtime=SAVED).info
    assert (info.thread_title, info.page_number, info.page_count) == ("Werwolf Runde 3", 2, 3)


def test_real_page() -> None:
    parsed = read(real_page(REAL))
    wp_forum.matches_expected(REAL, parsed)
    assert parsed.posts[1].time == datetime(2024, 5, 21, 12, 33, tzinfo=UTC)
    assert all(p.quotes == [] for p in parsed.posts)
    assert parsed.census == 2
