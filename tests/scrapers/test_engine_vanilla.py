"""Vanilla Forums adapter: the default theme's markup on the project's fixture and two Higher
Logic Vanilla themes on the shared real pages."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import vanilla
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = FIXTURES / "vanilla" / "vanilla2-default.html"
MSK = ZoneInfo("Europe/Moscow")
REAL = shared_dir() / "fixtures" / "real-threads"
PAGES = ("vanilla-bitdefender-process-killed", "vanilla-moneysavingexpert-credit-card")


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = vanilla.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(path: Path, tz: ZoneInfo = MSK) -> ParsedPage:
    return read_page(path.name, path.read_bytes(), tz)[1]


def test_detects_vanilla_and_nothing_else() -> None:
    assert _detect(PAGE) == "vanilla2"
    others = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != "vanilla"]
    assert [p.name for p in others if _detect(p) is not None] == []


def test_markup_without_vanilla_evidence_is_refused() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for mark in ("/applications/", "gdn.meta", "anilla"):
        text = text.replace(mark, "x")
    assert vanilla.detect(parse_html(text), text) is None


def test_fixture_posts() -> None:
    parsed = _parse(PAGE)
    info = parsed.info
    assert (info.engine, info.thread_id, info.page_number, info.page_count) == (
        "vanilla2", "77", 2, 3)
    assert info.thread_title == "Мафия №12: Город в тумане"
    posts = parsed.posts
    # the promoted-content item between the comments is no post
    assert [(p.post_id, p.author, p.author_id) for p in posts] == [
        ("1201", "Кент", "12"), ("1202", "Сова", "5"), ("1204", "Лиса", "9")]
    assert parsed.census == 3
    # the time from <time datetime>, the printed "4 марта" kept beside it
    assert posts[0].time == datetime(2019, 3, 4, 9, 5, 12, tzinfo=MSK)
    assert posts[0].time_text == "4 марта"
    edit = posts[0].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("Кент", datetime(2019, 3, 4, 9, 10, tzinfo=MSK))
    assert "Ведущий клуба" not in posts[0].text  # the signature
    assert [(q.author, q.text) for q in posts[1].quotes] == [
        ("Кент", "Голосование открыто до 21:00.")]
    assert posts[1].text == "Голосую против Лисы, она вчера молчала."
    assert [(q.author, q.text) for q in posts[2].quotes] == [("Сова", "Голосую против Лисы")]
    assert posts[2].text.startswith("Я не молчала")
    assert 'class="mk-spoiler" data-title="Спойлер"' in posts[2].html


def test_edited_title_with_a_name_ending_in_a_period() -> None:
    path = REAL / PAGES[0] / "page.html"
    if not path.is_file():
        pytest.skip(f"real thread page not found at {path} (set MAFIAKIT_SHARED)")
    edit = _parse(path, ZoneInfo("UTC")).posts[3].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("Alex D.", datetime(2020, 4, 9, 17, 17, tzinfo=UTC))


@pytest.mark.parametrize("name", PAGES)
def test_real_pages(name: str) -> None:
    folder = REAL / name
    if not folder.is_dir():
        pytest.skip(f"real thread page not found at {folder} (set MAFIAKIT_SHARED)")
    want = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    parsed = _parse(folder / "page.html", ZoneInfo("UTC"))
    posts = parsed.posts
    assert parsed.info.engine == "vanilla2"
    assert [p.author for p in posts] == want["authors"]
    assert [p.time_text for p in posts] == want["times"]
    assert all(p.time is not None and p.time.tzinfo is not None for p in posts)
    assert [" ".join(p.text.split()[:5]) for p in posts] == want["first_words"]
    assert [len(p.quotes) for p in posts] == want["quotes"]
    assert parsed.census == len(posts)
    assert (parsed.info.page_number, parsed.info.page_count) == (1, 1)
    # the opening post is the discussion's own id
    assert posts[0].post_id == parsed.info.thread_id


def test_accepted_answers_box_repeats_no_post() -> None:
    """The Q&A plugin shows accepted answers above the discussion as well as in their place
    among the comments: each is read once, where the list has it."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index('<li class="Item ItemComment" id="Comment_1202">')
    answer = text[start:text.index('<li class="Item ItemAd')]
    boxed = text.replace(
        '<div class="DataBox DataBox-Comments">',
        '<div class="DataBox DataBox-AcceptedAnswers"><h2 class="CommentHeading">Answers</h2>'
        f'<ul class="MessageList DataList AcceptedAnswers">{answer}</ul></div>'
        '<div class="DataBox DataBox-Comments">', 1)
    parsed = read_page("t.html", boxed.encode("utf-8"), MSK)[1]
    assert [p.post_id for p in parsed.posts] == ["1201", "1202", "1204"]
