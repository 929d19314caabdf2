"""Discuz! X adapter: detection, the named floors, quote headers, the 本帖最后由 edit note,
relative Chinese times, and what is not a post (a deleted placeholder, ads)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from scrapers.forum.engines import discuz
from scrapers.forum.page import read_page
from scrapers.forum.types import ParsedPage
from tests.scrapers.family_checks import FIXTURES, check_real_pages, claimed_elsewhere, variant

PAGE = FIXTURES / "discuz" / "discuzx34-default.html"
CST = ZoneInfo("Asia/Shanghai")
SAVED = datetime(2019, 3, 6, 12, 0, tzinfo=CST)


def _parse(text: str | None = None, *, mtime: datetime | None = SAVED) -> ParsedPage:
    data = (text if text is not None else PAGE.read_text(encoding="utf-8")).encode("utf-8")
    _, parsed = read_page("t.html", data, CST, mtime=mtime)
    return parsed


def test_detects_discuz_x() -> None:
    assert variant(discuz.ADAPTER, PAGE) == "discuz-x"


def test_claims_no_other_familys_page() -> None:
    assert claimed_elsewhere(discuz.ADAPTER) == []


def test_posts_authors_ids_and_named_floors() -> None:
    parsed = _parse()
    assert [(p.post_id, p.number, p.author, p.author_id) for p in parsed.posts] == [
        ("88101", 1, "老刀", "1024"), ("88107", 2, "阿青", "2048"), ("88120", 4, "夜行者", "3096"),
        ("88131", 5, "老刀", "1024")]
    assert parsed.info.thread_id == "4521"
    assert parsed.info.thread_title == "【杀人游戏】第三局：小镇之夜"
    assert (parsed.info.page_number, parsed.info.page_count) == (1, 3)


def test_deleted_placeholder_and_ads_are_not_posts() -> None:
    parsed = _parse()
    assert "88112" not in {p.post_id for p in parsed.posts}  # 该帖已被删除
    assert parsed.census == len(parsed.posts)
    assert all("广告" not in p.text and "礼包" not in p.text for p in parsed.posts)
    assert parsed.posts[2].text == "同意阿青。投票：老刀"


def test_times_printed_and_in_titles() -> None:
    parsed = _parse()
    times = [p.time for p in parsed.posts]
    assert times == [datetime(2019, 3, 4, 9, 5, tzinfo=CST),
                     datetime(2019, 3, 4, 21, 47, 12, tzinfo=CST),
                     datetime(2019, 3, 5, 23, 30, tzinfo=CST),
                     datetime(2019, 3, 6, 11, 30, tzinfo=CST)]
    # the text a reader sees is kept beside the exact time of the title
    assert [p.time_text for p in parsed.posts] == [
        "2019-3-4 09:05", "前天 21:47", "昨天 23:30", "半小时前"]


def test_relative_text_is_read_against_the_capture_when_the_title_is_gone() -> None:
    text = PAGE.read_text(encoding="utf-8").replace('<span title="2019-3-5 23:30">', "<span>")
    text = text.replace('<span title="2019-3-6 11:30">', "<span>")
    parsed = _parse(text)
    assert parsed.posts[2].time == datetime(2019, 3, 5, 23, 30, tzinfo=CST)  # 昨天 23:30
    assert parsed.posts[3].time == datetime(2019, 3, 6, 11, 30, tzinfo=CST)  # 半小时前


def test_quote_header_names_the_author_and_post() -> None:
    quoted = _parse().posts[1]
    assert [(q.author, q.post_id) for q in quoted.quotes] == [("老刀", "88101")]
    assert quoted.quotes[0].text == "第一天白天。我投 阿青，昨晚她的发言太奇怪了。"
    assert "发表于" not in quoted.html
    assert quoted.text == "我是平民，你投错人了。\n\n投票：老刀"
    anonymous = _parse().posts[3]
    assert [(q.author, q.text) for q in anonymous.quotes] == [(None, "没有作者的引用")]


def test_edit_note_names_editor_and_time() -> None:
    first = _parse().posts[0]
    assert first.edit is not None
    assert first.edit.editor == "老刀"
    assert first.edit.time == datetime(2019, 3, 4, 9, 10, tzinfo=CST)
    assert "本帖最后由" not in first.text


def test_signature_stays_out_and_hidden_text_is_marked() -> None:
    posts = _parse().posts
    assert "好人不要乱跳" not in posts[0].text
    assert 'class="mk-hidden"' in posts[3].html
    assert "本帖隐藏的内容" not in posts[3].text


def test_banned_authors_post_is_a_placeholder() -> None:
    text = PAGE.read_text(encoding="utf-8").replace(
        '<div class="t_fsz">\n<table cellspacing="0" cellpadding="0"><tr><td class="t_f" '
        'id="postmessage_88120">',
        '<div class="locked">提示: <em>作者被禁止或删除 内容自动屏蔽</em></div>'
        '<div class="x"><table><tr><td>', 1)
    post = next(p for p in _parse(text).posts if p.post_id == "88120")
    assert post.deleted
    assert post.author == "夜行者"


def test_real_pages() -> None:
    check_real_pages(discuz.ADAPTER)


def test_fixture_path_is_the_familys() -> None:
    assert Path(PAGE).parent.name == discuz.ADAPTER.family
