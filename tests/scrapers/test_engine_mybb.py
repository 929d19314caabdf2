"""MyBB adapter: detection (and not of mybb.ru pages), and the oddities it handles."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import mybb
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "mybb"
PAGE = OWN / "mybb18-default.html"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)
REAL = "fixtures/real/Kinematics__NetTally"


def _pages(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(".json"))


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = mybb.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _text() -> str:
    return PAGE.read_text(encoding="utf-8")


def _parse(text: str, *, mtime: datetime | None = SAVED) -> ParsedPage:
    _, parsed = read_page("t.html", text.encode("utf-8"), MSK, mtime=mtime)
    return parsed


def test_detects_mybb18() -> None:
    assert _detect(PAGE) == "mybb18"


def test_rejects_other_families_fixtures_including_mybbru() -> None:
    others = [p for p in _pages(FIXTURES) if OWN not in p.parents]
    if not others:
        pytest.skip("no other family's fixture pages yet")
    claimed = [str(p.relative_to(FIXTURES)) for p in others if _detect(p) is not None]
    assert claimed == []


def test_rejects_mybbru_page_even_with_mybb_words() -> None:
    # a mybb.ru page that also mentions "MyBB Group" stays with the mybbru family
    path = FIXTURES / "mybbru" / "mybbru-mayak.html"
    text = path.read_text(encoding="utf-8").replace("</body>", "MyBB Group</body>")
    assert mybb.detect(parse_html(text), text) is None


def test_rejects_real_pages_of_other_engines() -> None:
    folder = shared_dir() / REAL
    if not folder.is_dir():
        pytest.skip(f"real pages not found at {folder} (set MAFIAKIT_SHARED)")
    claimed = [p.name for p in sorted(folder.glob("*.html")) if _detect(p) is not None]
    assert claimed == []


def test_relative_date_is_read_from_the_title_without_an_anchor() -> None:
    # no capture date: "Вчера"/"Сегодня" alone could not be placed, the title can
    parsed = _parse(_text(), mtime=None)
    assert parsed.posts[5].time == datetime(2019, 3, 4, 23, 15, tzinfo=MSK)
    assert parsed.posts[6].time == datetime(2019, 3, 5, 8, 2, tzinfo=MSK)
    assert "bad-time" not in {i.code for i in parsed.issues}


def test_title_wins_over_a_wrong_anchor() -> None:
    parsed = _parse(_text(), mtime=datetime(2019, 3, 20, 12, tzinfo=MSK))
    assert parsed.posts[5].time == datetime(2019, 3, 4, 23, 15, tzinfo=MSK)


def test_time_ignores_the_edit_marker_inside_post_date() -> None:
    post = _parse(_text()).posts[1]
    assert post.time == datetime(2019, 3, 4, 9, 40, tzinfo=MSK)
    assert post.time_raw == "04.03.2019, 09:40"


def test_edit_marker_time_before_editor() -> None:
    posts = _parse(_text()).posts
    own = posts[1].edit
    assert own is not None
    assert own.editor == "Носильщик"
    assert own.time == datetime(2019, 3, 4, 9, 52, tzinfo=MSK)
    moderator = posts[7].edit
    assert moderator is not None
    assert moderator.editor == "Диспетчер"
    assert moderator.time == datetime(2019, 3, 5, 9, 30, tzinfo=MSK)


def test_quote_cite_date_does_not_become_the_author() -> None:
    post = _parse(_text()).posts[2]
    assert [(q.author, q.post_id) for q in post.quotes] == [("Носильщик", "641")]
    bare = _parse(_text()).posts[6]
    assert [(q.author, q.post_id) for q in bare.quotes] == [(None, None)]


def test_soft_deleted_post_is_flagged() -> None:
    flags = [p.deleted for p in _parse(_text()).posts]
    assert flags == [False] * 4 + [True] + [False] * 3


def test_guest_and_default_avatar() -> None:
    posts = _parse(_text()).posts
    guest = posts[3]
    assert (guest.author, guest.author_id) == ("Вася", None)
    assert guest.avatar is not None
    assert guest.avatar.url is None
    assert posts[1].avatar is not None
    assert posts[1].avatar.url == "https://polustanok-mafia.ru/forum/images/default_avatar.png"


def test_thread_id_is_not_a_stylesheet_timestamp() -> None:
    info = _parse(_text()).info
    assert (info.thread_id, info.page_number, info.page_count) == ("41", 2, 2)


def test_mycode_bold_and_colour_spans() -> None:
    post = _parse(_text()).posts[1]
    assert '<span class="mk-color" data-color="#ff0000"><b>голосую против Кассира</b></span>' \
        in post.html


def test_spoiler_button_is_chrome() -> None:
    post = _parse(_text()).posts[5]
    assert 'data-title="Для Кассира"' in post.html
    assert "Показать" not in post.text


def test_theme_renaming_the_author_and_body_classes() -> None:
    """A theme's own author box and body class: the profile link and div#pid_123 remain."""
    text = PAGE.read_bytes().decode("utf-8").replace('class="largetext"', 'class="name"')
    text = text.replace('class="post_body scaleimages"', 'class="message"')
    _, before = read_page("t.html", PAGE.read_bytes(), MSK)
    _, after = read_page("t.html", text.encode("utf-8"), MSK)
    members = [p.author for p in before.posts if p.author_id]
    assert [p.author for p in after.posts if p.author_id] == members
    assert [p.text for p in after.posts] == [p.text for p in before.posts]
