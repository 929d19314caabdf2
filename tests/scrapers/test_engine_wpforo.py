"""wpForo adapter: its layouts (Extended in the fixture, Simplified on the real page, Q&A and
Threaded from their templates), quotes by nicename, edit notices, what is not a post."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from scrapers.forum.engines import wpforo
from scrapers.forum.page import parse_html
from tests.scrapers import wp_forum
from tests.scrapers.wp_forum import FIXTURES, UTC, detected, read, real_page

PAGE = FIXTURES / "wpforo" / "wpforo2-extended-de.html"
REAL = "wpforo-tudodetectores-nokta"
CET = ZoneInfo("Europe/Berlin")
SAVED = datetime(2023, 3, 6, 12, 0, tzinfo=CET)

# the Q&A layout's question and a comment on it, and the Threaded layout's reply, as
# themes/2022/layouts/3/post.php, 3/comment.php and 4/post-thread.php write them
LAYOUTS = FIXTURES / "wpforo" / "wpforo2-qa-threaded.html"


def test_detects_the_fixture_and_the_real_page() -> None:
    assert detected(wpforo.detect, PAGE) == "wpforo"
    assert detected(wpforo.detect, real_page(REAL)) == "wpforo"


def test_claims_no_other_page() -> None:
    claimed = [str(p) for p in wp_forum.others("wpforo") if detected(wpforo.detect, p)]
    assert claimed == []
    assert wpforo.detect(parse_html(wp_forum.BLOG), wp_forum.BLOG) is None


def test_extended_layout() -> None:
    posts = read(PAGE, tz=CET, mtime=SAVED).posts
    # the topic's tag box (a div.wpforo-post too) and the ad are not posts
    assert [(p.post_id, p.author, p.author_id) for p in posts] == [
        ("93", "Kent G.", "2"), ("96", "Anna", "5"), ("110", "Gast Boris", None)]
    assert [p.time for p in posts] == [datetime(2023, 3, 4, 9, 0, tzinfo=CET),
                                       datetime(2023, 3, 4, 9, 12, tzinfo=CET),
                                       datetime(2023, 3, 5, 20, 24, tzinfo=CET)]
    assert posts[0].text.endswith("Der Tag endet um 21:00.")  # no signature, no buttons


def test_edit_notice_names_the_linked_editor_and_a_relative_time() -> None:
    edit = read(PAGE, tz=CET, mtime=SAVED).posts[0].edit
    assert edit is not None
    # "This post was modified 1 day ago by <a>Kent G.</a>": the dot is the name's
    assert (edit.editor, edit.time) == ("Kent G.", SAVED - timedelta(days=1))


def test_quote_by_nicename_gets_the_display_name() -> None:
    post = read(PAGE, tz=CET, mtime=SAVED).posts[1]
    assert [(q.author, q.post_id, q.text) for q in post.quotes] == [
        ("Kent G.", "93", "Tag 1 beginnt.")]
    assert "Posted by" not in post.text


def test_page_facts() -> None:
    info = read(PAGE, tz=CET, mtime=SAVED).info
    assert (info.thread_title, info.page_number, info.page_count) == ("Werwolf Runde 3", 1, 2)


def test_qa_and_threaded_layouts() -> None:
    parsed = read(LAYOUTS)
    assert parsed.info.engine == "wpforo"
    got = [(p.post_id, p.author, p.author_id, p.time, p.text) for p in parsed.posts]
    assert got == [
        ("5", "Kent", "3", datetime(2023, 3, 4, 9, 0, tzinfo=UTC), "Who is the werewolf?"),
        ("6", "Anna", "5", datetime(2023, 3, 5, 20, 24, tzinfo=UTC), "Boris, surely."),
        ("9", "Boris", "7", datetime(2023, 3, 5, 21, 30, tzinfo=UTC), "Not me."),
    ]


def test_simplified_layout_real_page() -> None:
    parsed = read(real_page(REAL))
    wp_forum.matches_expected(REAL, parsed)
    # the label "Postado :" and the "Topic starter" badge are not the date
    assert parsed.posts[0].time == datetime(2023, 6, 10, 23, 38, tzinfo=UTC)
    assert [p.author_id for p in parsed.posts] == ["2", "1", "2", "26"]
    assert parsed.census == 4
