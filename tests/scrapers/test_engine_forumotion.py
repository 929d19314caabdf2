"""Forumotion: detection against phpBB look-alikes, and the oddities the adapter handles."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.archive.decode import decode_page
from scrapers.archive.wayback import unwrap
from scrapers.forum.engines import forumotion
from scrapers.forum.page import parse_html
from scrapers.forum.spec import EngineSpec
from scrapers.forum.types import PageContext, ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "forumotion"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 6, 12, 0, tzinfo=MSK)
HEAD = ('<head><script src="https://illiweb.com/rs3/75/frm/main.js"></script></head>')
FOOT = '<a href="https://www.forumotion.com/ru/">Создать форум</a>'


def _text_of(path: Path) -> str:
    return unwrap(decode_page(path.read_bytes()).text).text


def _other_pages() -> list[Path]:
    pages = [p for p in FIXTURES.rglob("*.htm*") if OWN not in p.parents]
    real = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
    if real.is_dir():
        pages += sorted(real.glob("*.htm*"))
    return sorted(pages)


@pytest.mark.parametrize(("name", "spec"), [
    ("gorod_grehov_phpbb2_p1.html", forumotion.PHPBB2),
    ("gorod_grehov_phpbb3_p2_today.html", forumotion.PHPBB3),
    ("mayak_modernbb_p1.html", forumotion.THEME),
])
def test_detects_own_fixtures(name: str, spec: EngineSpec) -> None:
    text = _text_of(OWN / name)
    root = parse_html(text)
    assert forumotion.detect(root, text) is spec
    assert any("illiweb.com" in m for m in forumotion.forumotion_markers(root))


@pytest.mark.parametrize("path", _other_pages(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rejects_other_engines(path: Path) -> None:
    text = _text_of(path)
    assert forumotion.detect(parse_html(text), text) is None


def test_real_pages_present_or_reason_printed() -> None:
    real = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
    if not real.is_dir():
        pytest.skip(f"real pages not found at {real} (set MAFIAKIT_SHARED)")
    assert list(real.glob("*.html"))


# --- small pages in the two skins ---------------------------------------------------------

def _p2(pid: int, *, name: str = "Марта", uid: int | None = 12,
        subject: str = "Re: Мартовская мафия", date: str = "Пн 4 Мар 2019 - 9:05",
        body: str = "текст", edit: str = "") -> str:
    who = f'<a href="/u{uid}">{name}</a>' if uid else name
    return (f'<tr class="post post--{pid}" id="p{pid}"><td class="row1"><span class="name">'
            f'<a name="{pid}"></a><strong>{who}</strong></span><br /><span class="postdetails '
            f'poster-profile">Игрок<br /></span></td><td class="row1"><table><tr><td>'
            f'<span class="postdetails"><img src="https://illiweb.com/fa/subsilver/'
            f'icon_minipost.gif" alt="Сообщение" />Тема сообщения: <a href="/t45-topic#{pid}">'
            f'{subject}</a>&nbsp; &nbsp;<img src="https://illiweb.com/fa/subsilver/'
            f'icon_minitime.gif" alt="" />{date}</span></td></tr><tr><td colspan="2">'
            f'<div class="postbody"><div>{body}</div><div class="clear"></div></div>'
            f'<span class="gensmall">{edit}</span></td></tr></table></td></tr>'
            f'<tr class="post--{pid}"><td class="row1"></td><td class="row1"></td></tr>')


def _p3(pid: int, *, name: str = "Марта", uid: int | None = 12, date: str = "Сегодня в 9:05",
        body: str = "текст") -> str:
    who = f'<a href="/u{uid}">{name}</a>' if uid else name
    return (f'<div id="p{pid}" class="post row1 post--{pid}"><div class="inner">'
            f'<div class="postbody"><h2 class="topic-title"><a href="/t45p15-topic#{pid}">'
            f'Re: Мартовская мафия</a></h2><p class="author"><img src="https://illiweb.com/fa/'
            f'prosilver/icon_post_target.png" alt="Сообщение" />&nbsp;автор&nbsp;{who} {date}'
            f'</p><div class="content clearfix"><div>{body}</div></div></div>'
            f'<div class="postprofile" id="profile{pid}"><dl><dt><br /><strong>{who}</strong>'
            f'</dt></dl></div></div></div>')


def _table(*rows: str) -> str:
    return '<table class="forumline">' + "".join(rows) + "</table>"


def _page(content: str, *, head: str = HEAD, foot: str = FOOT) -> str:
    return f'<html>{head}<body id="phpbb">{content}{foot}</body></html>'


def _parse(text: str, captured: datetime | None = SAVED) -> ParsedPage:
    root = parse_html(text)
    spec = forumotion.detect(root, text)
    assert spec is not None
    ctx = PageContext(name="t.html", timezone=MSK, captured_at=captured)
    return forumotion.parse(root, spec, ctx, text)


def test_post_rows_without_forumotion_markers_are_not_forumotion() -> None:
    text = _page(_table(_p2(1)), head="<head></head>", foot="")
    # the illiweb icons inside the post rows are in the fixture snippet; strip them too
    text = text.replace("https://illiweb.com/fa/subsilver/", "/images/")
    assert forumotion.detect(parse_html(text), text) is None


def test_forumotion_link_inside_a_post_is_no_marker() -> None:
    body = '<a href="https://mafia.forumotion.com/t1-topic">старая игра</a>'
    text = _page(_table(_p2(1, body=body)), head="<head></head>", foot="")
    text = text.replace("https://illiweb.com/fa/subsilver/", "/images/")
    assert forumotion.detect(parse_html(text), text) is None


def test_userdata_script_is_a_marker() -> None:
    head = '<head><script>var _userdata = {"user_id": 3};</script></head>'
    text = _page(_table(_p2(1)), head=head, foot="").replace(
        "https://illiweb.com/fa/subsilver/", "/images/")
    assert forumotion.detect(parse_html(text), text) is forumotion.PHPBB2


def test_phpbb2_time_follows_the_clock_icon_not_the_subject() -> None:
    # "Мартовская" in the subject would read as March with no day
    (post,) = _parse(_page(_table(_p2(1, date="Вт 5 Мар 2019 - 21:15")))).posts
    assert post.time == datetime(2019, 3, 5, 21, 15, tzinfo=MSK)
    assert post.time_raw == "Вт 5 Мар 2019 - 21:15"


def test_phpbb3_time_follows_the_author_and_guest_name() -> None:
    member, guest = _parse(_page(_p3(1) + _p3(2, name="Декабрист Гость", uid=None,
                                                 date="Вчера в 23:40"))).posts
    assert member.time == datetime(2019, 3, 6, 9, 5, tzinfo=MSK)
    assert (guest.author, guest.author_id) == ("Декабрист Гость", None)
    assert guest.time == datetime(2019, 3, 5, 23, 40, tzinfo=MSK)


def test_relative_date_without_capture_date_is_reported() -> None:
    parsed = _parse(_page(_p3(1)), captured=None)
    assert parsed.posts[0].time is None
    assert [i.code for i in parsed.issues] == ["bad-time"]


@pytest.mark.parametrize(("notice", "editor", "when", "count"), [
    ("Последний раз редактировалось: Марта (Пн 4 Мар 2019 - 10:12), всего редактировалось 1 "
     "раз(а)", "Марта", datetime(2019, 3, 4, 10, 12, tzinfo=MSK), 1),
    ("Последний раз редактировалось: Декабрист (Сегодня в 9:34), всего редактировалось 3 "
     "раз(а)", "Декабрист", datetime(2019, 3, 6, 9, 34, tzinfo=MSK), 3),
    ("Последний раз редактировалось Kent Вчера в 10:02, всего редактировалось 2 раз(а)",
     "Kent", datetime(2019, 3, 5, 10, 2, tzinfo=MSK), 2),
])
def test_edit_notice(notice: str, editor: str, when: datetime, count: int) -> None:
    (post,) = _parse(_page(_table(_p2(1, edit=notice)))).posts
    assert post.edit is not None
    assert (post.edit.editor, post.edit.time, post.edit.count) == (editor, when, count)
    assert "редактировалось" not in post.text


def test_sponsored_block_is_not_a_post_even_with_a_post_id() -> None:
    sponsored = _p3(999, name="Спонсированный контент", uid=None, date="")
    parsed = _parse(_page(_p3(1) + sponsored + _p3(2)))
    assert [(p.post_id, p.order) for p in parsed.posts] == [("1", 0), ("2", 1)]


def test_hidden_posts_placeholder_is_not_a_post() -> None:
    hidden = ('<div class="post row2"><div class="inner"><p style="text-align:center">'
              'Это сообщение скрыто</p></div></div>')
    parsed = _parse(_page(_p3(1) + hidden))
    assert [p.post_id for p in parsed.posts] == ["1"]


def test_spoiler_titles_and_hidden_text() -> None:
    body = ('<dl class="codebox spoiler"><dt>Спойлер:</dt><dd><div class="spoiler_content '
            'hidden">Роли</div></dd></dl><dl class="codebox spoiler"><dt>Живые игроки:</dt><dd>'
            'Марта</dd></dl><dl class="codebox hidecode"><dt>Скрытый текст:</dt><dd>тайна</dd>'
            '</dl>')
    (post,) = _parse(_page(_p3(1, body=body))).posts
    assert post.html.count('class="mk-spoiler"') == 2
    assert 'data-title="Живые игроки"' in post.html
    assert 'data-title="Спойлер' not in post.html
    assert '<div class="mk-hidden">' in post.html
    assert "Скрытый текст" not in post.text
    assert "тайна" in post.text


def test_quotes() -> None:
    body = ('<blockquote><div><cite>Ласточка пишет:</cite><blockquote><div><cite>Куба пишет:'
            '</cite><strong>голосую против Ласточки</strong></div></blockquote>За что?!</div>'
            '</blockquote><strong>казнить Кубу</strong>')
    (post,) = _parse(_page(_p3(1, body=body))).posts
    assert [(q.author, q.text) for q in post.quotes] == [
        ("Ласточка", "голосую против Ласточки\n\nЗа что?!")]
    assert post.text == "казнить Кубу"


def test_page_info() -> None:
    head = HEAD.replace("</head>", '<link rel="canonical" href="https://m.forum2x2.ru/t45p15-'
                        'topic" /></head>')
    numbered = _page(_p3(1) + '<div class="pagination">Страница <strong>2</strong> из '
                     '<strong>3</strong></div>', head=head)
    info = _parse(numbered).info
    assert (info.thread_id, info.page_number, info.page_count) == ("45", 2, 3)
    single = _parse(_page(_p3(1))).info
    assert (single.thread_id, single.page_number, single.page_count) == ("45", 1, 1)


# --- other skins (ModernBB, PunBB, Invision...): what every skin keeps -------------------------

def test_modernbb_skin_authors_times_and_no_ad() -> None:
    """A ModernBB-style skin (no dl/dt profile, the date in its own element): authors come
    from the /u12 profile links without the online marker inside the name box, and the ad
    slot in post markup is no post."""
    text = _text_of(OWN / "mayak_modernbb_p1.html")
    parsed = _parse(text)
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("301", "Смотритель", "1"), ("302", "Чайка", "7"), ("303", "Баклан", "9")]
    assert [p.time for p in parsed.posts] == [datetime(2019, 3, 4, 9, 5, tzinfo=MSK),
                                              datetime(2019, 3, 4, 9, 40, tzinfo=MSK),
                                              datetime(2019, 3, 5, 23, 17, tzinfo=MSK)]
    assert [q.author for q in parsed.posts[1].quotes] == ["Смотритель"]
    assert parsed.posts[1].text == "Голосую: Баклан. Слишком тихий."
    assert parsed.posts[1].edit is not None
    assert parsed.posts[1].edit.editor == "Чайка"
    assert "Свет горит" not in parsed.posts[0].text
    assert not [i for i in parsed.issues if i.code == "post-without-author"]


def test_an_ad_slot_with_a_post_id_is_no_post_whatever_its_label() -> None:
    """The sponsored block told by its ad slot, not only by its "Спонсированный контент"
    label (a skin may print none, or in another language)."""
    ad = _p3(998, name="", uid=None, date="", body='<div id="fa_ad_sponsored"><ins class='
             '"adsbygoogle"></ins></div>')
    parsed = _parse(_page(_p3(1) + ad + _p3(2)))
    assert [(p.post_id, p.order) for p in parsed.posts] == [("1", 0), ("2", 1)]
    assert not [i for i in parsed.issues if i.code == "post-without-author"]
