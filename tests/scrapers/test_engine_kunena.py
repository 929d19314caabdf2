"""Kunena adapter: the Bootstrap templates and blue_eagle, kwho- profile links, kdate titles,
the #N permalink with the post id, the three quote forms, the edit note, deleted messages and
module positions (ads) between posts."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from scrapers.forum.engines import kunena
from scrapers.forum.page import read_page
from scrapers.forum.types import ParsedPage
from tests.scrapers.family_checks import FIXTURES, check_real_pages, claimed_elsewhere, variant

AURELIA = FIXTURES / "kunena" / "kunena-aurelia.html"
BLUE = FIXTURES / "kunena" / "kunena20-blue-eagle.html"
MSK = ZoneInfo("Europe/Moscow")


def _parse(path: Path, tz: ZoneInfo | None = None) -> ParsedPage:
    _, parsed = read_page(path.name, path.read_bytes(), tz or MSK)
    return parsed


def test_detects_each_template() -> None:
    assert variant(kunena.ADAPTER, AURELIA) == "kunena-bootstrap"
    assert variant(kunena.ADAPTER, BLUE) == "kunena-blue-eagle"


def test_claims_no_other_familys_page() -> None:
    assert claimed_elsewhere(kunena.ADAPTER) == []


def test_bootstrap_posts_numbers_and_authors() -> None:
    parsed = _parse(AURELIA)
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("9001", 7, "Ведущий", "62"), ("9004", 8, "Лиса", "75"), ("9007", 9, "Кузнец", "80"),
        ("9010", 10, "Сапожник", "91")]
    assert parsed.census == 4
    assert "Реклама" not in " ".join(p.text for p in parsed.posts)
    assert (parsed.info.thread_id, parsed.info.page_number, parsed.info.page_count) == (
        "1234", 2, 3)


def test_time_is_the_title_and_the_text_kept() -> None:
    post = _parse(AURELIA).posts[0]
    assert post.time == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert post.time_text == "1 день 2 часа назад"


def test_edit_note_signature_and_deleted() -> None:
    posts = _parse(AURELIA).posts
    assert posts[0].edit is not None
    assert (posts[0].edit.editor, posts[0].edit.time) == (
        "Ведущий", datetime(2019, 3, 4, 9, 10, tzinfo=MSK))
    assert "Ведущий всегда прав" not in posts[0].text
    assert posts[3].deleted
    assert not posts[2].deleted


def test_quotes_of_kunena_5_and_6() -> None:
    posts = _parse(AURELIA).posts
    assert [(q.author, q.post_id, q.text) for q in posts[1].quotes] == [
        ("Ведущий", None, "Наступила ночь. Город засыпает.")]
    assert [(q.author, q.post_id, q.text) for q in posts[2].quotes] == [
        ("Лиса", "9004", "Голосую за Кузнеца.")]
    assert "написал" not in posts[1].text + posts[2].text
    assert posts[2].text == "Я кузнец, я чинил всем замки. Голосую за Лису."


def test_blue_eagle_posts_quotes_and_edit() -> None:
    parsed = _parse(BLUE, ZoneInfo("UTC"))
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("2301", 1, "Narrator", "42"), ("2305", 2, "Tobias", "57"), ("2308", 3, "Visitor", None)]
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=UTC)
    assert parsed.posts[0].edit is not None
    assert parsed.posts[0].edit.time == datetime(2019, 3, 4, 9, 12, tzinfo=UTC)
    assert "GM of the Werewolf" not in parsed.posts[0].text
    assert [q.author for q in parsed.posts[1].quotes] == ["Narrator"]
    assert parsed.posts[1].text == "Mira was the seer. I vote Ansel."
    assert [q.author for q in parsed.posts[2].quotes] == ["Tobias"]
    assert "DiceMart" not in " ".join(p.text for p in parsed.posts)
    assert parsed.census == 3


def test_real_pages() -> None:
    check_real_pages(kunena.ADAPTER)


def test_a_style_without_the_message_class_or_kdate_is_read_by_the_fallbacks() -> None:
    text = AURELIA.read_text(encoding="utf-8").replace(
        'class="row message', 'class="row-fluid post').replace('class="kdate " ', "")
    _, parsed = read_page("k.html", text.encode("utf-8"), MSK)
    assert [(p.post_id, p.author) for p in parsed.posts] == [
        ("9001", "Ведущий"), ("9004", "Лиса"), ("9007", "Кузнец"), ("9010", "Сапожник")]
    assert parsed.posts[1].time == datetime(2019, 3, 4, 10, 20, tzinfo=MSK)
    assert parsed.census == 4
