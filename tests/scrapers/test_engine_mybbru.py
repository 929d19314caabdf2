"""mybb.ru adapter: detection (not MyBB, not plain PunBB), and the oddities it handles."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import mybbru
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "mybbru"
THREADS = FIXTURES / "threads"
PAGE = OWN / "mybbru-mayak.html"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)
REAL = "fixtures/real/Kinematics__NetTally"


def _pages(folder: Path) -> list[Path]:
    # threads/ holds whole-thread fixtures of every engine (mybb.ru among them); each
    # thread's test checks its engine
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(".json")
                  and THREADS not in p.parents)


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = mybbru.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _text() -> str:
    return PAGE.read_text(encoding="utf-8")


def _parse(text: str, *, mtime: datetime | None = SAVED) -> ParsedPage:
    _, parsed = read_page("t.html", text.encode("utf-8"), MSK, mtime=mtime)
    return parsed


def test_detects_mybbru() -> None:
    assert _detect(PAGE) == "mybbru"


def test_rejects_other_families_fixtures() -> None:
    others = [p for p in _pages(FIXTURES) if OWN not in p.parents]
    if not others:
        pytest.skip("no other family's fixture pages yet")
    claimed = [str(p.relative_to(FIXTURES)) for p in others if _detect(p) is not None]
    assert claimed == []


def test_rejects_real_pages_of_other_engines() -> None:
    folder = shared_dir() / REAL
    if not folder.is_dir():
        pytest.skip(f"real pages not found at {folder} (set MAFIAKIT_SHARED)")
    claimed = [p.name for p in sorted(folder.glob("*.html")) if _detect(p) is not None]
    assert claimed == []


def test_rejects_plain_punbb_markup_without_the_hosting_marks() -> None:
    text = re.sub(r"(?i)mybb\.ru|forumstatic\.ru|forumavatars\.ru", "example.org", _text())
    assert mybbru.detect(parse_html(text), text) is None


def test_data_posted_is_used_and_permalink_text_is_the_fallback() -> None:
    text = _text()
    posts = _parse(text).posts
    assert posts[5].time == datetime(2019, 3, 4, 23, 40, tzinfo=MSK)
    assert posts[5].time_raw is not None
    assert posts[5].time_raw.isdigit()
    # older pages have no data-posted: the permalink's "Вчера 23:40:00" is read instead
    old = re.sub(r' data-posted="\d+"', "", text)
    fallback = _parse(old).posts
    assert fallback[5].time_raw == "Вчера 23:40:00"
    assert [p.time for p in fallback] == [p.time for p in posts]


def test_hidden_author_label_is_not_in_the_name() -> None:
    posts = _parse(_text()).posts
    guest = posts[3]
    assert (guest.author, guest.author_id) == ("Чайка", None)
    assert guest.avatar is not None
    assert guest.avatar.url is None
    assert all("Автор" not in p.author for p in posts)


def test_edit_line_reads_editor_and_time() -> None:
    posts = _parse(_text()).posts
    edit = posts[1].edit
    assert edit is not None
    assert edit.editor == "Юнга"
    assert edit.time == datetime(2019, 3, 4, 9, 40, 3, tzinfo=MSK)
    relative = posts[6].edit
    assert relative is not None
    assert relative.editor == "Смотритель"
    assert relative.time == datetime(2019, 3, 5, 9, 11, 45, tzinfo=MSK)
    assert "Отредактировано" not in posts[1].text


def test_page_count_from_links_not_post_counts() -> None:
    info = _parse(_text()).info
    assert (info.thread_id, info.page_number, info.page_count) == ("5", 2, 3)


def test_signature_and_spoiler() -> None:
    posts = _parse(_text()).posts
    assert "Семь футов" not in posts[2].text
    assert posts[4].quotes == []
    assert 'data-title="Расклад Кока"' in posts[4].html


def test_quote_reads_author_from_cite() -> None:
    post = _parse(_text()).posts[2]
    assert [(q.author, q.post_id) for q in post.quotes] == [("Юнга", None)]
    assert "написал" not in post.html


def test_style_renaming_the_author_and_body_classes() -> None:
    """A style's own author item and body class: the profile link and div#p123-content stay."""
    raw = PAGE.read_bytes()
    text = raw.decode("utf-8").replace('class="pa-author"', 'class="pa-name"')
    text = text.replace('class="post-content"', 'class="message"')
    _, before = read_page("t.html", raw, MSK)
    _, after = read_page("t.html", text.encode("utf-8"), MSK)
    assert [p.author for p in after.posts if p.author_id] == [
        p.author for p in before.posts if p.author_id]
    assert [p.text for p in after.posts] == [p.text for p in before.posts]
