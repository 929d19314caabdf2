"""FluxBB/punBB adapter: both PunBB generations, apart from mybb.ru (PunBB's descendant), on
the project's fixtures and the shared real page."""

from __future__ import annotations

import json
from datetime import UTC, datetime, tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import fluxbb, mybbru
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "fluxbb"
FLUX = OWN / "fluxbb14-air.html"
PUN = OWN / "punbb14-oxygen.html"
MSK = ZoneInfo("Europe/Moscow")
REAL = shared_dir() / "fixtures" / "real-threads" / "fluxbb-archlinux-thunderbolt-dock"


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = fluxbb.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(path: Path, tz: tzinfo = MSK, mtime: datetime | None = None) -> ParsedPage:
    return read_page(path.name, path.read_bytes(), tz, mtime=mtime)[1]


def _html(text: str) -> ParsedPage:
    return read_page("t.html", text.encode("utf-8"), UTC)[1]


def test_detects_both_generations() -> None:
    assert _detect(FLUX) == "fluxbb"
    assert _detect(PUN) == "punbb13"


def test_mybbru_pages_stay_mybbru() -> None:
    """mybb.ru writes PunBB's div#pun and div.post#pN: its pages are refused here and read
    by the mybbru adapter."""
    pages = [*sorted((FIXTURES / "mybbru").glob("*.html")),
             *sorted((FIXTURES / "threads" / "open-roles").glob("*.html"))]
    assert pages
    for path in pages:
        assert _detect(path) is None, path.name
        page = load_page(path.name, path.read_bytes())
        assert mybbru.detect(parse_html(page.text), page.text) is not None
        assert _parse(path).info.engine == "mybbru"


def test_rejects_other_families_fixtures() -> None:
    others = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != "fluxbb"]
    assert [p.name for p in others if _detect(p) is not None] == []


def test_fluxbb14_posts() -> None:
    saved = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)
    parsed = _parse(FLUX, mtime=saved)
    info = parsed.info
    assert (info.engine, info.thread_id, info.page_number, info.page_count) == (
        "fluxbb", "77", 2, 3)
    assert info.thread_title == "Мафия №12: Город в тумане"
    posts = parsed.posts
    assert [(p.post_id, p.number, p.author, p.author_id) for p in posts] == [
        ("1201", 26, "Кент", "12"), ("1202", 27, "Сова", "5"), ("1203", 28, "Прохожий", None),
        ("1204", 29, "Лиса", "9")]
    assert posts[0].time == datetime(2019, 3, 4, 9, 5, 12, tzinfo=MSK)
    # "Сегодня 10:02:45": today is the day the page was saved
    assert posts[2].time == datetime(2019, 3, 5, 10, 2, 45, tzinfo=MSK)
    # the edit line and the signature stay out of the body
    edit = posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("Кент", datetime(2019, 3, 4, 9, 10, tzinfo=MSK))
    assert "Отредактировано" not in posts[0].text
    assert "Ведущий клуба" not in posts[0].text
    # the quote box: author from "X пишет:", text out of the post's own
    assert [(q.author, q.text) for q in posts[1].quotes] == [
        ("Кент", "Голосование открыто до 21:00.")]
    assert posts[1].text == "Голосую против Лисы, она вчера молчала."
    # a nested quote is one top-level quote of the outer author
    assert [q.author for q in posts[3].quotes] == ["Сова"]
    assert posts[3].text.startswith("Я не молчала")
    # the quick-reply form is no post
    assert len(posts) == parsed.census == 4


def test_punbb14_posts() -> None:
    saved = datetime(2019, 3, 5, 12, 0, tzinfo=UTC)
    parsed = _parse(PUN, UTC, saved)
    info = parsed.info
    assert (info.engine, info.thread_id, info.page_number, info.page_count) == (
        "punbb13", "41", 1, 2)
    assert info.thread_title == "Mafia XII: Foggy Town"
    posts = parsed.posts
    assert [(p.post_id, p.number, p.author, p.author_id) for p in posts] == [
        ("301", 1, "Kent", "2"), ("305", 2, "Owl", "5"), ("306", 3, "Passer-by", None)]
    assert posts[1].time == datetime(2019, 3, 4, 22, 14, 9, tzinfo=UTC)  # "Yesterday"
    edit = posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("Kent", datetime(2019, 3, 3, 21, 4, 10, tzinfo=UTC))
    assert posts[0].text == ("Welcome to Foggy Town. Day one begins now; votes are counted "
                             "at 21:00.")
    assert [(q.author, q.text) for q in posts[1].quotes] == [
        ("Kent", "votes are counted at 21:00")]
    assert posts[1].text == "Vote: Fox"


def test_fluxbb12_quote_markup() -> None:
    """FluxBB/punBB 1.2 write a quote as blockquote > div.incqbox > h4 "X wrote:"."""
    page = ("<html><body><div id='punviewtopic' class='pun'><div id='p7' class='blockpost "
            "rowodd'><h2><span><span class='conr'>#1&nbsp;</span><a href='viewtopic.php?pid=7"
            "#p7'>2008-05-01 10:00:00</a></span></h2><div class='box'><div class='inbox'>"
            "<div class='postleft'><dl><dt><strong><a href='profile.php?id=3'>Kent</a>"
            "</strong></dt></dl></div><div class='postright'><h3>Re: Game</h3>"
            "<div class='postmsg'><blockquote><div class='incqbox'><h4>Owl wrote:</h4>"
            "<p>vote Fox</p></div></blockquote><p>I agree.</p></div><div class='postsignature'>"
            "<hr />Host</div></div></div></div></div><p>Powered by <a href='http://www.punbb"
            ".org/'>PunBB</a></p></div></body></html>")
    parsed = _html(page)
    assert parsed.info.engine == "fluxbb"
    (post,) = parsed.posts
    assert (post.author, post.author_id, post.number) == ("Kent", "3", 1)
    assert [(q.author, q.text) for q in post.quotes] == [("Owl", "vote Fox")]
    assert post.text == "I agree."


def test_real_archlinux_page() -> None:
    if not REAL.is_dir():
        pytest.skip(f"real thread page not found at {REAL} (set MAFIAKIT_SHARED)")
    want = json.loads((REAL / "expected.json").read_text(encoding="utf-8"))
    parsed = _parse(REAL / "page.html", UTC)
    posts = parsed.posts
    assert parsed.info.engine == "fluxbb"
    assert [p.author for p in posts] == want["authors"]
    assert [p.time_text for p in posts] == want["times"]
    assert all(p.time is not None and p.time.tzinfo is not None for p in posts)
    assert [" ".join(p.text.split()[:5]) for p in posts] == want["first_words"]
    assert [len(p.quotes) for p in posts] == want["quotes"]
    assert [p.number for p in posts] == [1, 2, 3, 4, 5]
    assert posts[0].time == datetime(2019, 9, 29, 10, 46, 47, tzinfo=UTC)
    edit = posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("wzrdtales", datetime(2019, 9, 30, 11, 46, 18, tzinfo=UTC))
    assert "Last edited" not in posts[0].text
    assert (parsed.info.thread_id, parsed.info.page_number, parsed.info.page_count) == (
        "249553", 1, 1)
    assert parsed.census == 5
