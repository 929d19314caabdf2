"""Invision: IPB 2.x, IP.Board 3.x, IPS 4 — detection from markup, and what the adapter
does beyond the selectors."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import invision
from scrapers.forum.marks import contains
from scrapers.forum.page import evidence, load_page, parse_html, read_page
from scrapers.forum.spec import author_name
from scrapers.forum.types import PageContext, ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
REAL = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = invision.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(html: str, *, captured: datetime | None = SAVED) -> ParsedPage:
    root = parse_html(html)
    spec = invision.detect(root, html)
    assert spec is not None
    ctx = PageContext(name="t.html", timezone=MSK, captured_at=captured)
    return invision.ADAPTER.parse(root, spec, ctx, html)


@pytest.mark.parametrize(("name", "engine"), [("ipb2-ru-cp1251.html", "ipb2"),
                                              ("ipb3-ru.html", "ipb3"),
                                              ("ips4-ru.html", "ips4")])
def test_detects_each_generation(name: str, engine: str) -> None:
    assert _detect(FIXTURES / "invision" / name) == engine


def test_ipb2_fixture_is_windows_1251() -> None:
    data = (FIXTURES / "invision" / "ipb2-ru-cp1251.html").read_bytes()
    assert "Отправлено".encode("cp1251") in data
    assert load_page("p.html", data).encoding == "cp1251"


def _other_pages() -> list[Path]:
    own = [p for p in FIXTURES.rglob("*") if p.is_file() and not p.name.endswith(".json")
           and p.parent.name not in ("invision", "real")]
    real = sorted(REAL.glob("*.html")) if REAL.is_dir() else []
    if not real:
        print(f"real pages absent at {REAL} (set MAFIAKIT_SHARED): checking fixtures only")
    return sorted(own) + real


@pytest.mark.parametrize("path", _other_pages(), ids=lambda p: p.name)
def test_leaves_other_engines_alone(path: Path) -> None:
    assert _detect(path) is None


def test_xenforo_pages_are_among_the_others() -> None:
    names = {p.name for p in _other_pages()}
    if not names & {"Xenforo1.html", "Xenforo2.html", "xf2-ru-mafia.html"}:
        print("skipping: no XenForo page present")
        pytest.skip("no XenForo page present")
    assert "xf2-ru-mafia.html" in names


def test_a_post_about_invision_on_another_forum_is_not_invision() -> None:
    html = ("<html><body><div class='post_block'>Powered by Invision Power Board, IP.Board "
            "and Invision Community — all three!</div></body></html>")
    assert invision.detect(parse_html(html), html) is None


_IPB2 = """<html><body><div id="ipbwrapper"><div class="borderwrap">
<div class="maintitle"><b>Мафия</b></div>{posts}</div>
<div class="copyright">Powered by Invision Power Board(U) v2.3.6</div></div></body></html>"""
_IPB2_POST = """<a name="entry{pid}"></a><table class="ipbtable"><tr>
<td class="row2" id="post-member-{pid}"><span class="normalname">
<a href="index.php?showuser=5">Кент</a></span></td>
<td class="row2"><div><span class="postdetails">Отправлено: {when}</span></div>
<div align="right"><span class="postdetails">Сообщение <a href="#">#3</a></span></div></td></tr>
<tr><td class="post2"><span class="postdetails">
<img src="style_images/1/pip.gif" alt="*"/><br/>{avatar}Группа: Участники</span></td>
<td class="post2" id="post-main-{pid}"><div class="postcolor" id="post-{pid}">{body}</div>
{edit}</td></tr></table>"""


def _ipb2(body: str = "текст", when: str = "Сегодня, 9:05", edit: str = "",
          avatar: str = "") -> str:
    return _IPB2.format(posts=_IPB2_POST.format(pid=300, body=body, when=when, edit=edit,
                                                avatar=avatar))


def test_ipb2_relative_dates_anchor_to_the_save_date() -> None:
    today = _parse(_ipb2(when="Сегодня, 9:05")).posts[0]
    yesterday = _parse(_ipb2(when="Вчера, 23:50")).posts[0]
    assert today.time == datetime(2019, 3, 5, 9, 5, tzinfo=MSK)
    assert yesterday.time == datetime(2019, 3, 4, 23, 50, tzinfo=MSK)


def test_ipb2_relative_date_without_save_date_is_reported() -> None:
    parsed = _parse(_ipb2(when="Сегодня, 9:05"), captured=None)
    assert parsed.posts[0].time is None
    assert "bad-time" in {i.code for i in parsed.issues}


def test_ipb2_quote_header_gives_author_and_post() -> None:
    body = ("<!--QuoteBegin-Куба+4.3.2019, 9:05--><div class='quotetop'>ЦИТАТА(Куба @ "
            "4.3.2019, 9:05) <a href=\"index.php?act=findpost&amp;pid=299\"><img "
            "src='style_images/1/post_snapback.gif' alt='*' /></a></div><div class='quotemain'>"
            "<!--QuoteEBegin--><b>Казнить Ласточку</b><!--QuoteEnd--></div>Не согласен."
            "<div class='quotetop'>ЦИТАТА</div><div class='quotemain'>безымянная</div>")
    post = _parse(_ipb2(body=body)).posts[0]
    assert [(q.author, q.post_id, q.text) for q in post.quotes] == [
        ("Куба", "299", "Казнить Ласточку"), (None, None, "безымянная")]
    assert post.text == "Не согласен."
    assert "ЦИТАТА" not in post.html


def test_ipb2_quote_header_without_a_date_gives_author_and_post() -> None:
    # [quote name='Куба' post='299'] with no date: "ЦИТАТА(Куба)" and the snapback link
    body = ("<!--QuoteBegin-Куба+--><div class='quotetop'>ЦИТАТА(Куба) <a href=\"index.php?"
            "act=findpost&amp;pid=299\"><img src='style_images/1/post_snapback.gif' alt='*' />"
            "</a></div><div class='quotemain'><!--QuoteEBegin--><b>Казнить Ласточку</b>"
            "<!--QuoteEnd--></div><div class='quotetop'>ЦИТАТА(Кот (рыжий))</div>"
            "<div class='quotemain'>мяу</div>Не согласен.")
    post = _parse(_ipb2(body=body)).posts[0]
    assert [(q.author, q.post_id, q.text) for q in post.quotes] == [
        ("Куба", "299", "Казнить Ласточку"), ("Кот (рыжий)", None, "мяу")]
    assert post.text == "Не согласен."


def test_ipb2_edit_line_names_editor_and_time() -> None:
    edit = '<span class="edit">Сообщение отредактировал Майк - Вчера, 23:59</span>'
    post = _parse(_ipb2(edit=edit)).posts[0]
    assert post.edit is not None
    assert post.edit.editor == "Майк"
    assert post.edit.time == datetime(2019, 3, 4, 23, 59, tzinfo=MSK)


def test_ipb2_avatar_is_not_a_skin_image() -> None:
    without = _parse(_ipb2()).posts[0]
    with_av = _parse(_ipb2(avatar="<img src='uploads/av-5.jpg' alt=''/><br/>")).posts[0]
    assert without.avatar is not None
    assert without.avatar.url is None
    assert with_av.avatar is not None
    assert with_av.avatar.url == "uploads/av-5.jpg"


_IPB3 = """<html><body id="ipboard_body">
<div class="post_block hentry" id="post_id_401"><div class="post_wrap">
<h3 class="row2"><span class="author vcard"><a href="index.php?/user/7-marfa/">Марфа</a></span>
</h3><ul class="basic_info"><li class="avatar"><img class="ipsUserPhoto"
 src="public/style_images/master/profile/default_large.png"/></li></ul>
<div class="post_body"><p class="posted_info">
<span class="post_id"><a href="#entry401">Сообщение #4</a></span>
Отправлено <abbr class="published" title="2019-03-04T06:05:00+00:00">04 March 2019 - 09:05</abbr>
</p><div class="post entry-content">Текст<br/><p class="edit">Это сообщение отредактировал Марфа:
 04 March 2019 - 09:50</p></div></div></div></div>
<p id="copyright">Community Forum Software by IP.Board 3.4.6</p></body></html>"""


def test_ipb3_time_is_shown_in_the_reading_zone() -> None:
    post = _parse(_IPB3).posts[0]
    assert post.time is not None
    assert post.time.isoformat() == "2019-03-04T09:05:00+03:00"
    assert (post.number, post.author_id, post.post_id) == (4, "7", "401")


def test_ipb3_edit_by_a_nick_that_looks_like_a_month() -> None:
    post = _parse(_IPB3).posts[0]
    assert post.edit is not None
    assert (post.edit.editor, post.edit.time) == ("Марфа",
                                                  datetime(2019, 3, 4, 9, 50, tzinfo=MSK))
    assert post.text == "Текст"


def test_ipb3_stock_photo_is_no_avatar() -> None:
    post = _parse(_IPB3).posts[0]
    assert post.avatar is not None
    assert post.avatar.url is None


def test_ips4_edit_reason_is_kept_apart_from_the_editor() -> None:
    page = (FIXTURES / "invision" / "ips4-ru.html").read_text(encoding="utf-8")
    edited = [p for p in _parse(page, captured=None).posts if p.edit is not None]
    assert [(p.edit.editor, p.edit.reason) for p in edited if p.edit] == [
        ("Ренфилд", None), ("Граф", "Убран оффтоп")]


# --- themes (issue 19): names with badges, IP.Board 3.0-3.1, renamed classes, signals

THREADS = shared_dir() / "fixtures" / "real-threads"
UTC = ZoneInfo("UTC")


def _thread(folder: str) -> tuple[dict[str, Any], ParsedPage]:
    path = THREADS / folder
    if not (path / "page.html").is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    want = json.loads((path / "expected.json").read_text(encoding="utf-8"))
    return want, read_page(folder, (path / "page.html").read_bytes(), UTC)[1]


def test_name_keeps_out_a_subscriber_mark_and_the_reputation() -> None:
    """Neowin's skin wraps the name in a badge-classed span with a "+" in a <b>, and puts
    the reputation counter beside it: the name is the name."""
    h3 = parse_html(
        "<h3 class='cAuthorPane_author'><strong><span class='group-subscriber-2'><b>+</b>"
        "forster</span></strong> <span class='ipsResponsive_showPhone'>&nbsp;<span "
        "class='ipsRepBadge ipsRepBadge_positive'><i class='fa fa-plus-circle'></i> 197"
        "</span></span></h3>").find(".//h3")
    assert h3 is not None
    assert author_name(h3) == "forster"
    star = parse_html("<a class='username'><strong><span>&#9733;</span>Kent "
                      "<span class='fl-rep'>(+120)</span></strong></a>").find(".//a")
    assert star is not None
    assert author_name(star) == "Kent"


def test_ips4_skin_with_badged_names_real_page() -> None:
    want, parsed = _thread("ipb4-neowin-hello-dion")
    assert [p.author for p in parsed.posts] == want["authors"]
    assert [p.time_text for p in parsed.posts] == want["times"]
    assert [" ".join(p.text.split()[:5]) for p in parsed.posts] == want["first_words"]


def test_ips4_custom_theme_real_page() -> None:
    want, parsed = _thread("ipb4-squarespace-sameimage")
    assert [p.author for p in parsed.posts] == want["authors"]
    assert [" ".join(p.text.split()[:5]) for p in parsed.posts] == want["first_words"]
    assert [len(p.quotes) for p in parsed.posts] == want["quotes"]


def test_ipb31_default_skin() -> None:
    """IP.Board 3.1: the quote's citation before div.blockquote gives its author and post;
    the edit line names the editor in a <strong>; a guest's name stands in the h3; the ad
    unit and the fast reply form are no posts."""
    path = FIXTURES / "invision" / "ipb31-en.html"
    assert _detect(path) == "ipb3"
    parsed = read_page(path.name, path.read_bytes(), UTC)[1]
    assert [p.author for p in parsed.posts] == ["Harbourmaster", "Marlin", "Gull", "Tern"]
    assert [p.author_id for p in parsed.posts] == ["2", "17", None, "23"]
    assert [p.number for p in parsed.posts] == [1, 2, 3, 4]
    quote = parsed.posts[1].quotes[0]
    assert (quote.author, quote.post_id, quote.text) == ("Harbourmaster", "3101",
                                                         "Vote with bold.")
    assert parsed.posts[1].text == "I vote Gull."
    assert parsed.posts[2].quotes[0].author is None
    edit = parsed.posts[1].edit
    assert edit is not None
    assert (edit.editor, edit.time) == ("Marlin", datetime(2019, 3, 4, 9, 40, tzinfo=UTC))
    assert parsed.posts[0].text.endswith("deadline Wednesday.")  # no signature
    assert parsed.census == 4


_IPB34_DELETED = """<div class='post_block hentry clear moderated' id='post_id_402'>
<a id='entry402'></a><div class='post_wrap'><h3 class='row2'><span class="author vcard">
<a class="url fn" href="index.php?/user/9-zoya/">Зоя</a></span></h3>
<div class='post_body' id='postsDelete_402'><div class='post entry-content'>Сообщение
 удалено Марфа 04 March 2019 - 10:00.</div></div>
<div id='postsDeleteShow_402' style='display:none'><div class='post_body'>
<p class='posted_info'>Отправлено <abbr class="published" title="2019-03-04T06:30:00+00:00">
04 March 2019 - 09:30</abbr></p><div class='post entry-content'>Спам</div></div></div>
</div></div>"""


def test_ipb3_soft_deleted_post_is_flagged() -> None:
    parsed = _parse(_IPB3.replace("<p id=", _IPB34_DELETED + "<p id="))
    assert [(p.post_id, p.deleted) for p in parsed.posts] == [("401", False), ("402", True)]


def test_ips4_theme_that_renamed_the_post_class() -> None:
    """A theme's article without "cPost": the template's elComment_ id still makes it a
    post; an "Advertising" article (no id) does not."""
    page = (FIXTURES / "invision" / "ips4-ru.html").read_text(encoding="utf-8")
    before = _parse(page, captured=None).posts
    renamed = page.replace("cPost ", "skinPost ").replace("'cPost'", "'skinPost'")
    renamed = renamed.replace('class="cPost', 'class="skinPost')
    assert "cPost " not in renamed
    ad = ("<article class='skinPost ipsComment'><aside class='cAuthorPane'><h3 class="
          "'cAuthorPane_author'>Advertising</h3></aside><div data-role='commentContent'>"
          "Buy</div></article>")
    renamed = renamed.replace("<article", ad + "<article", 1)
    after = _parse(renamed, captured=None).posts
    assert [(p.post_id, p.author, p.text) for p in after] == [
        (p.post_id, p.author, p.text) for p in before]


@pytest.mark.parametrize("folder", ["ipb4-neowin-hello-dion", "ipb4-squarespace-sameimage"])
def test_signals_rank_invision_first_on_its_pages(folder: str) -> None:
    path = THREADS / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    ranked = evidence(load_page(folder, path.read_bytes()).text)
    assert ranked[0].family == "invision"
    assert ranked[0].score >= 4


def test_ipb3_skin_without_the_body_id_is_claimed_by_its_signals() -> None:
    page = (FIXTURES / "invision" / "ipb31-en.html").read_text(encoding="utf-8")
    bare = page.replace("<body id='ipboard_body'>", "<body>")
    bare = bare.replace("Community Forum Software by IP.Board 3.1.4", "Our community")
    bare = bare.replace("Invision Power Services", "us").replace("invisionpower", "x")
    assert not contains(bare, "invision", "ip.board")
    spec = invision.detect(parse_html(bare), bare)
    assert spec is not None
    assert spec.engine == "ipb3"
    # without the engine's scripts, only the posts' ids are left: not enough
    scriptless = re.sub(r"<script[^>]*src=[^>]*></script>", "", bare)
    scriptless = scriptless.replace("ipb.vars", "x").replace("app=forums&amp;module=post", "")
    assert invision.detect(parse_html(scriptless), scriptless) is None
