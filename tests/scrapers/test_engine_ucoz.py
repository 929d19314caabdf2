"""uCoz forum module: detection, and the oddities the adapter handles beyond its selectors."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.archive.decode import decode_page
from scrapers.archive.wayback import unwrap
from scrapers.forum.engines import ucoz
from scrapers.forum.page import parse_html, read_page
from scrapers.forum.types import PageContext, ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OWN = FIXTURES / "ucoz"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)
STAMP_0905 = 1551679500  # 04.03.2019 09:05 MSK


def _text_of(path: Path) -> str:
    return unwrap(decode_page(path.read_bytes()).text).text


def _other_pages() -> list[Path]:
    # threads/ holds whole saved threads of every engine (uCoz among them); each thread's
    # own test checks its engine
    pages = [p for p in FIXTURES.rglob("*.htm*")
             if OWN not in p.parents and FIXTURES / "threads" not in p.parents]
    real = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
    if real.is_dir():
        pages += sorted(real.glob("*.htm*"))
    return sorted(pages)


@pytest.mark.parametrize("name", ["mafia_ostrov_p2.html", "mafia_ostrov_p3_today.html"])
def test_detects_own_fixtures(name: str) -> None:
    text = _text_of(OWN / name)
    spec = ucoz.detect(parse_html(text), text)
    assert spec is ucoz.UCOZ


def test_fixtures_are_windows_1251() -> None:
    page, parsed = read_page("p2.html", (OWN / "mafia_ostrov_p2.html").read_bytes(), MSK)
    assert page.encoding == "cp1251"
    assert parsed.info.engine == "ucoz-forum"


@pytest.mark.parametrize("path", _other_pages(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_rejects_other_engines(path: Path) -> None:
    text = _text_of(path)
    assert ucoz.detect(parse_html(text), text) is None


def test_real_pages_present_or_reason_printed() -> None:
    real = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
    if not real.is_dir():
        pytest.skip(f"real pages not found at {real} (set MAFIAKIT_SHARED)")
    assert list(real.glob("*.html"))


def test_post_table_without_ucoz_is_not_ucoz() -> None:
    text = ('<html><body><table class="postTable"><tr><td class="posttdMessage">x</td></tr>'
            '</table></body></html>')
    assert ucoz.detect(parse_html(text), text) is None


# --- small pages in the uCoz layout, for one oddity at a time ---------------------------

def _post(pid: int, *, author: str = "Kent", uid: int | None = 12, date: str = "Сегодня, 09:05",
          stamp: int | None = STAMP_0905, body: str = "текст", extra: str = "") -> str:
    link = (f"prompt('Прямая ссылка к сообщению', 'https://x.ucoz.ru/forum/5-77-{pid}-16-{stamp}')"
            if stamp else "return false")
    profile = (f"<a href=\"javascript:;\" onclick=\"window.open('/index/8-{uid}', 'up{uid}'); "
               f"return false;\"><img title=\"Профиль\"></a>") if uid else ""
    return (f'<tr id="post{pid}"><td class="postRest1"><table class="postTable">'
            f'<tr><td class="postTdTop"><a class="postUser" href="javascript://">{author}</a></td>'
            f'<td class="postTdTop">Дата: {date} | Сообщение # <a class="postNumberLink" '
            f'href="javascript:;" onclick="{link}">1</a></td></tr>'
            f'<tr><td class="postTdInfo"></td><td class="posttdMessage">'
            f'<span class="ucoz-forum-post" id="ucoz-forum-post-{pid}">{body}</span>{extra}</td>'
            f'</tr><tr><td class="postBottom"></td><td class="postBottom">{profile}</td></tr>'
            f'</table></td></tr>')


def _page(*rows: str, top: str = "") -> str:
    return ('<html><head><meta http-equiv="content-type" content="text/html; '
            'charset=windows-1251"><script src="/.s/src/uwnd.min.js"></script></head><body>'
            f'{top}<a class="forumBarA" href="/forum/5-77-1">Мафия</a>'
            '<table class="gTable">' + "".join(rows) + '</table>'
            '<span>Хостинг от <a href="https://www.ucoz.ru/">uCoz</a></span></body></html>')


def _parse(text: str, captured: datetime | None = SAVED) -> ParsedPage:
    root = parse_html(text)
    spec = ucoz.detect(root, text)
    assert spec is not None
    ctx = PageContext(name="t.html", timezone=MSK, captured_at=captured)
    return ucoz.parse(root, spec, ctx, text)


def _quote(header: str, inner: str = "казнить Кубу") -> str:
    return (f'<div class="bbQuoteBlock"><div class="bbQuoteName">{header}</div>'
            f'<div class="quoteMessage"><!--uzq-->{inner}<!--/uzq--></div></div>')


@pytest.mark.parametrize(("header", "author", "post_id"), [
    ('<b>Цитата</b> <span class="qName"><!--qn-->Kent<!--/qn--></span> <span class="qAnchor">'
     '<a href="https://x.ucoz.ru/forum/5-77-1241-16-1551679500"><img alt=""></a></span>',
     "Kent", "1241"),
    ("<b>Цитата</b> (Мартовский Кот)", "Мартовский Кот", None),
    ("<b>Тётя Ася пишет:</b>", "Тётя Ася", None),
    ("<b>Цитата</b>", None, None),
])
def test_quote_headers(header: str, author: str | None, post_id: str | None) -> None:
    parsed = _parse(_page(_post(1, body=_quote(header) + "мой текст")))
    (post,) = parsed.posts
    assert [(q.author, q.post_id, q.text) for q in post.quotes] == [
        (author, post_id, "казнить Кубу")]
    assert post.text == "мой текст"


def test_stamp_in_post_link_gives_time_without_capture_date() -> None:
    parsed = _parse(_page(_post(1)), captured=None)
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert [i.code for i in parsed.issues] == []


def test_relative_date_without_stamp_needs_capture_date() -> None:
    got = _parse(_page(_post(1, stamp=None)), captured=SAVED)
    assert got.posts[0].time == datetime(2019, 3, 5, 9, 5, tzinfo=MSK)
    unknown = _parse(_page(_post(1, stamp=None)), captured=None)
    assert unknown.posts[0].time is None
    assert [i.code for i in unknown.issues] == ["bad-time"]


def test_printed_time_in_other_zone_is_reported() -> None:
    # the page shows 10:05 for a post made at 09:05 Moscow time: viewed at UTC+4
    parsed = _parse(_page(_post(1, date="Понедельник, 04.03.2019, 10:05")))
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert [i.code for i in parsed.issues] == ["time-zone-mismatch"]


def test_guest_has_no_author_id_and_profile_href_form_is_read() -> None:
    guest = _post(1, author="Зритель", uid=None)
    href = _post(2).replace("<a href=\"javascript:;\" onclick=\"window.open('/index/8-12', "
                            "'up12'); return false;\">", '<a href="/index/8-12">')
    parsed = _parse(_page(guest, href))
    assert [(p.author, p.author_id) for p in parsed.posts] == [("Зритель", None), ("Kent", "12")]


def test_profile_by_nick_is_no_id() -> None:
    by_nick = _post(1).replace("/index/8-12", "/index/8-0-Kent")
    (post,) = _parse(_page(by_nick)).posts
    assert post.author_id is None


def test_ad_rows_are_not_posts() -> None:
    ad = ('<tr><td class="postSeparator"><div class="uzadscope"><script>uzad.show()</script>'
          '<a href="https://www.ucoz.ru/promo/">Реклама</a></div></td></tr>')
    parsed = _parse(_page(_post(1), ad, _post(2)))
    assert [p.post_id for p in parsed.posts] == ["1", "2"]


def test_merged_message_marker_is_not_bold() -> None:
    body = ("<b>казнить Кубу</b><br><br><b>Добавлено</b> (04.03.2019, 10:20)<br>"
            "---------------------------------------------<br>ещё текст")
    (post,) = _parse(_page(_post(1, body=body))).posts
    assert "<b>Добавлено</b>" not in post.html
    assert "Добавлено (04.03.2019, 10:20)" in post.text
    assert post.html.count("<b>") == 1


def _spoiler(value: str) -> str:
    return ('<div class="uSpoilerClosed" id="uSpoilerA"><div class="uSpoilerButBl">'
            f'<input type="button" class="uSpoilerButton" value="{value}"/></div>'
            '<div class="uSpoilerText" style="display:none;">Роли</div></div>')


def test_spoiler_titles() -> None:
    titled, plain = _parse(_page(_post(1, body=_spoiler("['Живые игроки']")),
                                 _post(2, body=_spoiler("['Открыть спойлер']")))).posts
    assert 'data-title="Живые игроки"' in titled.html
    assert "data-title" not in plain.html
    assert 'class="mk-spoiler"' in plain.html
    assert "Роли" in plain.text


def test_edit_notice_outside_body() -> None:
    extra = ('<br><div class="edited">Сообщение отредактировал <span class="editedBy">Мартовский'
             ' Кот</span> - <span class="editedTime">Вчера, 23:10</span></div>'
             '<hr class="signatureHr"><span class="signatureView">подпись</span>')
    (post,) = _parse(_page(_post(1, extra=extra))).posts
    assert post.edit is not None
    assert (post.edit.editor, post.edit.time) == (
        "Мартовский Кот", datetime(2019, 3, 4, 23, 10, tzinfo=MSK))
    assert "подпись" not in post.text
    assert "отредактировал" not in post.text


def test_single_page_thread_is_page_one_of_one() -> None:
    info = _parse(_page(_post(1))).info
    assert (info.thread_id, info.page_number, info.page_count, info.thread_title) == (
        "77", 1, 1, "Мафия")


def test_page_count_from_old_switches() -> None:
    top = ('<span class="pagesBlockuz1"><b>Страница <b>2</b> из <b>5</b></b> '
           '<a class="switchDigit" href="/forum/5-77-1">1</a> <b class="switchActive">2</b></span>')
    info = _parse(_page(_post(1), top=top)).info
    assert (info.page_number, info.page_count) == (2, 5)


def test_design_renaming_the_author_class() -> None:
    """A design without .postUser: uCoz's nick-pasting link still names the author."""
    raw = (OWN / "mafia_ostrov_p2.html").read_bytes()
    _, before = read_page("t.html", raw, MSK, mtime=SAVED)
    _, after = read_page("t.html", raw.replace(b'class="postUser"', b'class="nick"'), MSK,
                         mtime=SAVED)
    assert [p.author for p in after.posts] == [p.author for p in before.posts]
    assert "(unknown)" not in {p.author for p in after.posts}
