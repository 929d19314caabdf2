"""The vBulletin adapter: variant detection, and the oddities of vBulletin pages it handles."""

from __future__ import annotations

import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import vbulletin
from scrapers.forum.page import evidence, load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "vbulletin"
MSK = ZoneInfo("Europe/Moscow")
REAL_VB = {"vBulletin3.html": "vbulletin3", "vBulletin4.html": "vbulletin4",
           "vBulletin5.html": "vbulletin5"}


def _real() -> Path:
    return shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = vbulletin.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def _parse(html: str, *, mtime: datetime | None = None) -> ParsedPage:
    return read_page("t.html", html.encode("utf-8"), MSK, mtime=mtime)[1]


@pytest.mark.parametrize(("name", "engine"), [
    ("vb38_ru_cp1251.html", "vbulletin3"), ("vb38_ru_cp1251_wayback.html", "vbulletin3"),
    ("vb42_ru_utf8.html", "vbulletin4"), ("vb42_ru_utf8_saved.html", "vbulletin4")])
def test_own_fixtures_detected(name: str, engine: str) -> None:
    assert _detect(OWN / name) == engine


@pytest.mark.parametrize(("name", "engine"), sorted(REAL_VB.items()))
def test_real_pages_detected(name: str, engine: str) -> None:
    path = _real() / name
    if not path.is_file():
        pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
    assert _detect(path) == engine


def _other_pages() -> list[Path]:
    pages = [p for p in FIXTURES.rglob("*") if p.is_file() and not p.name.endswith(".json")
             and p.parent.name not in ("vbulletin", "real")]
    real = _real()
    if real.is_dir():
        pages += [p for p in sorted(real.glob("*.html")) if p.name not in REAL_VB]
    return sorted(pages)


def test_other_engines_not_claimed() -> None:
    pages = _other_pages()
    if not pages:
        pytest.skip("no other engines' pages present yet")
    claimed = [str(p) for p in pages if _detect(p) is not None]
    assert claimed == []


def test_text_mentioning_vbulletin_is_not_claimed() -> None:
    html = ("<html><head><meta name='generator' content='phpBB'></head><body><div class='post'>"
            "We moved from vBulletin 3.8 last year.</div></body></html>")
    assert vbulletin.detect(parse_html(html), html) is None


def _vb3(posts: str, lang: str = "ru") -> str:
    return (f'<html lang="{lang}"><head><meta name="generator" content="vBulletin 3.8.7" />'
            f"</head><body><div id='posts'>{posts}</div></body></html>")


def _vb3_post(pid: int, count: int, message: str, *, date: str = "04.03.2019, 09:05",
              author: str = '<a class="bigusername" href="member.php?u=5">Kent</a>',
              extra: str = "") -> str:
    return f"""<table id="post{pid}" class="tborder"><tr><td class="thead">
<!-- status icon and date --><a name="post{pid}"><img class="inlineimg" src="i.gif"
alt="Старый" /></a> {date} <!-- / status icon and date --></td>
<td class="thead">#<a href="showpost.php?p={pid}&amp;postcount={count}" id="postcount{pid}"
name="{count}"><strong>{count}</strong></a></td></tr>
<tr><td class="alt2"><div id="postmenu_{pid}">{author}</div></td>
<td class="alt1" id="td_post_{pid}"><div id="post_message_{pid}">{message}</div>{extra}
</td></tr></table><div id="post_thanks_box_{pid}"><table class="tborder"><tr>
<td class="alt1">Сказали спасибо: Ласточка</td></tr></table></div>"""


AD = """<table class="tborder" id="post"><tr><td class="thead">Реклама</td></tr><tr>
<td class="alt2"><span class="bigusername">Google</span></td><td class="alt1">
<div id="post_message_ad">Купите слона</div></td></tr></table>"""


def test_vb3_ads_and_thanks_boxes_are_not_posts() -> None:
    parsed = _parse(_vb3(_vb3_post(1, 1, "раз") + AD + _vb3_post(2, 2, "два")))
    assert [(p.post_id, p.number, p.text) for p in parsed.posts] == [
        ("1", 1, "раз"), ("2", 2, "два")]


def test_vb3_quote_author_and_post_id() -> None:
    quote = """<div style="margin:20px; margin-top:5px; "><div class="smallfont">Цитата:</div>
<table><tr><td class="alt2"><div>Сообщение от <strong>Ласточка</strong>
<a href="showthread.php?p=123#post123" rel="nofollow"><img class="inlineimg" src="v.gif"
alt="Посмотреть сообщение"></a></div><div style="font-style:italic">казнить Кубу</div>
</td></tr></table></div>Не согласен. <b>Голосую против Ласточки</b>"""
    post = _parse(_vb3(_vb3_post(1, 1, quote))).posts[0]
    assert [(q.author, q.post_id, q.text) for q in post.quotes] == [
        ("Ласточка", "123", "казнить Кубу")]
    assert post.text == "Не согласен. Голосую против Ласточки"
    assert "Посмотреть" not in post.html


def test_vb3_edit_note_outside_the_message() -> None:
    note = """<!-- edit note --><div class="smallfont"><hr /><em>Последний раз редактировалось
Kent; 04.03.2019 в 09:10. Причина: опечатка</em></div><!-- / edit note -->"""
    post = _parse(_vb3(_vb3_post(1, 1, "текст", extra=note))).posts[0]
    assert post.edit is not None
    assert (post.edit.editor, post.edit.time, post.edit.reason) == (
        "Kent", datetime(2019, 3, 4, 9, 10, tzinfo=MSK), "опечатка")
    assert post.text == "текст"


def test_vb3_relative_date_needs_the_save_date() -> None:
    html = _vb3(_vb3_post(1, 1, "текст", date="Сегодня, 17:38"))
    assert _parse(html).posts[0].time is None
    anchored = _parse(html, mtime=datetime(2019, 3, 5, 12, 0, tzinfo=MSK)).posts[0]
    assert anchored.time == datetime(2019, 3, 5, 17, 38, tzinfo=MSK)


def test_vb3_english_board_reads_dates_month_first() -> None:
    post = _parse(_vb3(_vb3_post(1, 1, "x", date="03-04-2019, 09:05 AM"), lang="en")).posts[0]
    assert post.time == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    post = _parse(_vb3(_vb3_post(1, 1, "x", date="03-04-2019, 09:05"))).posts[0]
    assert post.time == datetime(2019, 4, 3, 9, 5, tzinfo=MSK)


def test_vb3_guest_and_deleted_posts() -> None:
    deleted = """<table id="post7" class="tborder"><tr><td class="thead">
<!-- status icon and date --> 04.03.2019, 10:00 <!-- / status icon and date --></td></tr>
<tr><td class="alt1" id="td_post_7"><div class="smallfont"><a href="member.php?u=9">Штирлиц</a>
</div><div class="smallfont">Это сообщение было удалено пользователем Kent.</div></td></tr>
</table>"""
    guest = _vb3_post(8, 2, "можно мне?", author='<span class="bigusername">Гость</span>')
    parsed = _parse(_vb3(deleted + guest))
    first, second = parsed.posts
    assert (first.author, first.author_id, first.deleted, first.text) == (
        "Штирлиц", "9", True, "")
    assert (second.author, second.author_id, second.deleted) == ("Гость", None, False)
    assert parsed.issues == []


def test_colour_around_a_dropped_video_leaves_no_colour_run() -> None:
    body = ('Видео:<div style="color: #800;"><iframe src="https://youtube.com/x"></iframe>'
            '</div><font color="red">казнить Кубу</font>')
    post = _parse(_vb3(_vb3_post(1, 1, body))).posts[0]
    assert post.html.count("mk-color") == 1
    assert 'data-color="#ff0000">казнить Кубу' in post.html


def test_vb3_spoiler_keeps_its_title() -> None:
    body = """<div style="margin:20px; margin-top:5px"><div class="smallfont"><b>Роли</b>:
<input type="button" value="Показать" /></div><div class="alt2"><div style="display: none;">
мафия — 2</div></div></div>"""
    post = _parse(_vb3(_vb3_post(1, 1, body))).posts[0]
    assert '<div class="mk-spoiler" data-title="Роли">' in post.html


def test_vb4_nested_quote_without_author() -> None:
    html = """<html lang="ru"><head><meta name="generator" content="vBulletin 4.2.2" /></head>
<body><ol id="posts"><li class="postbitlegacy postbitim postcontainer" id="post_5">
<span class="date">Вчера,&nbsp;<span class="time">23:50</span></span>
<a class="postcounter" href="#post5">#3</a>
<div class="username_container"><a class="username" href="member.php?u=27"><strong>Куба</strong>
</a></div><div id="post_message_5"><blockquote class="postcontent restore">
<div class="bbcode_container"><div class="bbcode_quote"><div class="quote_container">
<div class="bbcode_quote_container"></div>казнить Кубу</div></div></div>Я не виноват!
</blockquote></div></li>
<li class="postbitlegacy postbitim postcontainer" id="post_ad"><div id="post_message_ad">
<blockquote class="postcontent">Реклама</blockquote></div></li></ol></body></html>"""
    parsed = _parse(html, mtime=datetime(2019, 3, 5, 12, 0, tzinfo=MSK))
    assert len(parsed.posts) == 1
    post = parsed.posts[0]
    assert [(q.author, q.text) for q in post.quotes] == [(None, "казнить Кубу")]
    assert (post.text, post.number, post.author_id) == ("Я не виноват!", 3, "27")
    assert post.time == datetime(2019, 3, 4, 23, 50, tzinfo=MSK)


def test_vb5_time_from_unix_publish_date() -> None:
    html = """<html lang="ru"><body><ul><li class="b-post js-post" data-node-id="42"
data-node-publishdate="1554835218"><div class="b-userinfo__details"><div class="author">
<strong><a href="https://x.example/member/7-kent">Kent</a></strong></div></div>
<a class="b-post__count" href="#post42">#2</a><div class="b-post__timestamp"><time
datetime="2019-04-09T11:40:18">09.04.2019, 21:40</time></div>
<div class="js-post__content-text">текст</div></li></ul>
<div id="footer-vb-copyright">Powered by vBulletin&reg; Version 5.5.2</div></body></html>"""
    post = _parse(html).posts[0]
    assert (post.post_id, post.number, post.author, post.author_id) == ("42", 2, "Kent", "7")
    assert post.time == datetime(2019, 4, 9, 21, 40, 18, tzinfo=MSK)


# --- themes (issue 19): selector chains, detection by signals, dates where themes put them

THREADS = shared_dir() / "fixtures" / "real-threads"


def _thread(folder: str) -> tuple[dict[str, object], ParsedPage]:
    path = THREADS / folder
    if not (path / "page.html").is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    want = json.loads((path / "expected.json").read_text(encoding="utf-8"))
    return want, read_page(folder, (path / "page.html").read_bytes(), ZoneInfo("UTC"))[1]


def test_vb3_date_after_a_themes_label() -> None:
    """A custom postbit prints "Posted <b>Mar 21, 2020, 12:31 AM</b>" after the status
    icon: the date starts at the month name, not at its first digit."""
    date = ('<span style="color:#3f3f3f">Posted <span><b>Mar 21, 2020, 12:31 AM</b></span>'
            "</span>")
    post = _parse(_vb3(_vb3_post(1, 1, "раз", date=date), lang="en")).posts[0]
    assert post.time == datetime(2020, 3, 21, 0, 31, tzinfo=MSK)
    assert post.time_text == "Mar 21, 2020, 12:31 AM"


def test_vb3_custom_postbit_real_page() -> None:
    """SkyscraperPage's vBulletin 3.8.7 postbit: every post right and exact."""
    want, parsed = _thread("vbulletin387-skyscraperpage-custom")
    assert [p.author for p in parsed.posts] == want["authors"]
    assert [p.time_text for p in parsed.posts] == want["times"]
    assert all(p.time is not None for p in parsed.posts)
    assert [" ".join(p.text.split()[:5]) for p in parsed.posts] == want["first_words"]
    assert all(p.author_id for p in parsed.posts)


def test_vb4_theme_with_the_date_in_the_user_info() -> None:
    """A vBulletin 4 style that moved the date under the name, writes the message in a
    div.postcontent and renamed the postbit classes: every post has its body and time; the
    ad, the deleted post's placeholder and the quick reply form are no posts."""
    path = OWN / "vb42_en_userinfo_date.html"
    parsed = read_page(path.name, path.read_bytes(), ZoneInfo("UTC"),
                       mtime=datetime(2019, 3, 6, 17, 0, tzinfo=ZoneInfo("UTC")))[1]
    assert parsed.info.engine == "vbulletin4"
    assert [p.author for p in parsed.posts] == ["Kent", "Judy", "Takemura", "Vex", "Panam"]
    assert [p.post_id for p in parsed.posts] == ["5101", "5102", "5103", "5104", "5105"]
    assert [p.deleted for p in parsed.posts] == [False, False, False, True, False]
    live = [p for p in parsed.posts if not p.deleted]
    assert all(p.text for p in live)
    assert [p.time_text for p in parsed.posts][:3] == [
        "03-04-2019, 09:05 AM", "03-04-2019, 09:31 AM", "03-04-2019, 09:58 AM"]
    assert parsed.posts[4].time is not None
    assert parsed.posts[4].time.day == 5
    assert parsed.posts[1].quotes[0].author == "Kent"
    assert parsed.posts[1].edit is not None
    assert parsed.posts[1].edit.editor == "Judy"
    assert "Samurai" not in parsed.posts[0].text  # the signature
    assert parsed.census == 5


def test_vb4_default_theme_real_page_stays_right() -> None:
    want, parsed = _thread("vbulletin4-militarytimes-dorr")
    assert [p.author for p in parsed.posts] == want["authors"]
    assert [p.time_text for p in parsed.posts] == want["times"]


def _unnamed_vb4(extra_head: str) -> str:
    """The fixture's theme with every "vBulletin" taken out (generator, footer, script
    names), `extra_head` put back in."""
    html = (OWN / "vb42_en_userinfo_date.html").read_text(encoding="utf-8")
    html = re.sub(r'<meta name="generator"[^>]*>', "", html)
    html = re.sub(r"(?is)<script[^>]*vbulletin-core[^>]*></script>", "", html)
    html = re.sub(r"(?is)<div id=\"footer_copyright\".*?</div>", "", html)
    html = html.replace("var SESSIONURL", "var S").replace("var SECURITYTOKEN", "var T")
    html = re.sub(r"(?i)vbulletin", "site", html.replace("vb_disable_ajax", "x"))
    html = html.replace("postbitlegacy ", "").replace("postcontainer", "fl-post")
    assert "vbulletin" not in html.lower()
    return html.replace("</head>", extra_head + "</head>")


def test_page_naming_vbulletin_nowhere_is_claimed_by_its_signals() -> None:
    bare = _unnamed_vb4("")
    # the posts' ids alone (post_message_N, postcountN and a reply form) are not enough
    assert vbulletin.detect(parse_html(bare), bare) is None
    scripted = _unnamed_vb4('<script type="text/javascript" src="clientscript/'
                            'vbulletin_menu.js?v=423"></script>')
    spec = vbulletin.detect(parse_html(scripted), scripted)
    assert spec is not None
    assert spec.engine == "vbulletin4"


@pytest.mark.parametrize("folder", ["vbulletin3-animesuki-euphonium",
                                    "vbulletin387-skyscraperpage-custom",
                                    "vbulletin4-militarytimes-dorr",
                                    "vbulletin5-fandompost-isekai"])
def test_signals_rank_vbulletin_first_on_its_pages(folder: str) -> None:
    path = THREADS / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    ranked = evidence(load_page(folder, path.read_bytes()).text)
    assert ranked[0].family == "vbulletin"
    assert ranked[0].score >= 4


def test_vb5_theme_that_renamed_the_post_class() -> None:
    """vBulletin 5 posts found by their node id and the js- text class the engine's scripts
    need, when a theme renamed b-post."""
    path = THREADS / "vbulletin5-fandompost-isekai" / "page.html"
    if not path.is_file():
        pytest.skip(f"real thread page {path} not found (set MAFIAKIT_SHARED)")
    page = load_page(path.name, path.read_bytes()).text
    renamed = re.sub(r'class="b-post\b', 'class="theme-post', page)
    assert 'class="b-post ' not in renamed
    before = read_page("a.html", page.encode("utf-8"), ZoneInfo("UTC"))[1].posts
    after = read_page("b.html", renamed.encode("utf-8"), ZoneInfo("UTC"))[1].posts
    assert len(after) == len(before) == 15
    assert [(p.post_id, p.author, p.time, p.text) for p in after] == [
        (p.post_id, p.author, p.time, p.text) for p in before]
