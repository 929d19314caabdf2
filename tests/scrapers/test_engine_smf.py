"""SMF adapter: variant detection, and the oddities `scrapers.forum.engines.smf` handles."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import smf
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "smf"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)
REAL = "fixtures/real/Kinematics__NetTally"


def _pages(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.endswith(".json"))


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = smf.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(text: str, *, mtime: datetime | None = SAVED, encoding: str = "utf-8") -> ParsedPage:
    _, parsed = read_page("t.html", text.encode(encoding), MSK, mtime=mtime)
    return parsed


def _fixture(name: str) -> str:
    path = OWN / name
    return load_page(path.name, path.read_bytes()).text


@pytest.mark.parametrize(("name", "engine"), [
    ("smf11-core-cp1251.html", "smf1-core"),
    ("smf20-curve.html", "smf2-curve"),
    ("smf21-default.html", "smf21"),
    ("smf20_core_en.html", "smf2-core"),
])
def test_detects_each_variant(name: str, engine: str) -> None:
    assert _detect(OWN / name) == engine


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


def test_smf11_page_is_windows_1251_and_reads_cyrillic() -> None:
    raw = (OWN / "smf11-core-cp1251.html").read_bytes()
    assert b'charset=windows-1251' in raw
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    _, parsed = read_page("p.html", raw, MSK, mtime=SAVED)
    assert parsed.info.thread_title == "Мафия «Тихий омут». День 2"
    assert [p.author for p in parsed.posts][:3] == ["Ведущий", "Ласточка", "Куба"]


def test_quote_header_gives_author_and_post_not_the_date() -> None:
    # "Цитата: Ласточка от 04 Марта 2019, 09:20:45" with a link to #msg8802
    post = _parse(_fixture("smf11-core-cp1251.html")).posts[2]
    assert [(q.author, q.post_id) for q in post.quotes] == [("Ласточка", "8802")]
    assert "Цитата" not in post.html
    assert "09:20:45" not in post.html


def test_quote_without_link_keeps_author() -> None:
    # SMF 2.0 [quote author=Буфетчица]: no link, so no post id
    post = _parse(_fixture("smf20-curve.html"), mtime=datetime(2019, 2, 2, 15, tzinfo=MSK))
    last = post.posts[-1]
    assert [(q.author, q.post_id) for q in last.quotes] == [("Буфетчица", None)]


def test_bare_quote_has_no_author() -> None:
    post = _parse(_fixture("smf11-core-cp1251.html")).posts[4]
    assert [(q.author, q.post_id) for q in post.quotes] == [(None, None)]


def test_first_post_has_no_reply_number_and_ad_is_not_a_post() -> None:
    parsed = _parse(_fixture("smf20-curve.html"), mtime=datetime(2019, 2, 2, 15, tzinfo=MSK))
    assert parsed.posts[0].number is None
    assert [p.number for p in parsed.posts[1:]] == [1, 2, 3, 4, 5, 6]
    assert all("Реклама" not in p.text for p in parsed.posts)
    assert len(parsed.posts) == 7


def test_guest_post_has_name_without_id_and_no_avatar() -> None:
    for name, index in (("smf11-core-cp1251.html", 3), ("smf20-curve.html", 3),
                        ("smf21-default.html", 3)):
        post = _parse(_fixture(name)).posts[index]
        assert post.author_id is None, name
        assert post.author in ("Зритель", "Пассажир", "Пётр"), name
        assert post.avatar is not None, name
        assert post.avatar.url is None, name


def test_relative_dates_need_the_capture_date() -> None:
    with_anchor = _parse(_fixture("smf11-core-cp1251.html"))
    assert with_anchor.posts[-1].time == datetime(2019, 3, 5, 9, 5, 12, tzinfo=MSK)
    assert with_anchor.posts[-2].time == datetime(2019, 3, 4, 23, 40, 10, tzinfo=MSK)
    without = _parse(_fixture("smf11-core-cp1251.html"), mtime=None)
    assert without.posts[-1].time is None
    assert "bad-time" in {i.code for i in without.issues}


def test_empty_modified_cell_is_no_edit() -> None:
    posts = _parse(_fixture("smf11-core-cp1251.html")).posts
    assert [p.edit is not None for p in posts] == [False, True] + [False] * 5
    edit = posts[1].edit
    assert edit is not None
    assert edit.editor == "Ласточка"


def test_moderator_edit_names_the_moderator() -> None:
    post = _parse(_fixture("smf20-curve.html"), mtime=datetime(2019, 2, 2, 15, tzinfo=MSK))
    edit = post.posts[2].edit
    assert edit is not None
    assert edit.editor == "Проводница"
    assert edit.time == datetime(2019, 2, 1, 21, 15, 40, tzinfo=MSK)


@pytest.mark.parametrize(("name", "signature"), [
    ("smf11-core-cp1251.html", "Ведущий игр клуба"),
    ("smf20-curve.html", "ведущая с 2015 года"),
    ("smf21-default.html", "Следующая остановка"),
])
def test_signature_is_not_in_the_body(name: str, signature: str) -> None:
    assert signature in _fixture(name)
    first = _parse(_fixture(name)).posts[0]
    assert signature not in first.text
    assert signature not in first.html


def test_page_count_from_page_links() -> None:
    text = _fixture("smf20-curve.html")
    assert _parse(text).info.page_count == 2
    more = text.replace('<a class="navPages" href="https://vokzal-mafia.ru/forum/index.php?'
                        'topic=77.15">2</a>',
                        '<a class="navPages" href="#">2</a> <a class="navPages" href="#">5</a>')
    assert _parse(more).info.page_count == 5


def test_not_smf_without_its_marks() -> None:
    text = _fixture("smf20-curve.html")
    for mark in ("smf_scripturl", "smf_theme_url", "Simple Machines", "simplemachines.org"):
        text = text.replace(mark, "x")
    assert smf.detect(parse_html(text), text) is None


# ---- 2.0 "Core" theme and theme-agnostic fallbacks --------------------------------------------

UTC = ZoneInfo("UTC")


def test_core_theme_posts_quotes_edits_and_no_quick_reply() -> None:
    """SMF 2.0's Core theme: div.windowbg > div.poster + div.postarea, no post_wrapper; the
    quick reply box is a windowbg too and is no post; English quote headers name the author
    before "on March 04, 2019"."""
    _, parsed = read_page("t.html", (OWN / "smf20_core_en.html").read_bytes(), UTC)
    assert parsed.info.engine == "smf2-core"
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("9001", None, "Keeper", "1"), ("9002", 1, "Gannet", "48"),
        ("9003", 2, "Lost Tourist", None), ("9004", 3, "Puffin", "52")]
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, 12, tzinfo=UTC)
    assert [(q.author, q.post_id) for q in parsed.posts[1].quotes] == [("Keeper", "9001")]
    assert parsed.posts[1].text == "Understood. vote: Puffin, the lamp was out last night."
    edit = parsed.posts[1].edit
    assert edit is not None
    assert edit.editor == "Gannet"
    assert "Keeper of the light" not in parsed.posts[0].text
    assert (parsed.info.page_number, parsed.info.page_count) == (1, 3)
    assert parsed.census == 4
    assert parsed.not_read == 0


def test_theme_poster_box_renamed_author_from_the_profile_link() -> None:
    """A theme that drops div.poster's h4: the author is the first profile link outside the
    message, the date the line after the subject."""
    page = (OWN / "smf20_core_en.html").read_text(encoding="utf-8")
    page = page.replace("<h4>", '<div class="member-name">').replace("</h4>", "</div>")
    page = page.replace('class="keyinfo"', 'class="post-head"')
    _, parsed = read_page("t.html", page.encode(), UTC)
    assert [p.author for p in parsed.posts][:2] == ["Keeper", "Gannet"]
    assert parsed.posts[1].time == datetime(2019, 3, 4, 9, 40, 3, tzinfo=UTC)


def test_smf1_smiley_description_is_no_text_on_the_real_page() -> None:
    """SMF 1.1 writes a smiley as <img alt="Welcome">: its description, not the poster's
    words."""
    path = shared_dir() / "fixtures" / "real-threads" / "smf1-bpdfamily-silent-treatment"
    if not (path / "page.html").is_file():
        pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
    _, parsed = read_page(path.name, (path / "page.html").read_bytes(), UTC)
    assert len(parsed.posts) == 30
    assert parsed.posts[1].author == "once removed"
    assert parsed.posts[1].text.startswith("hi AnAwkwardGeek, and\n\nit sounds like")
