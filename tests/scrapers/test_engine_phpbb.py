"""phpBB adapter: variant detection, refusing other engines' pages, and the oddities handled in
code (the zone a page states, edit notices, phpBB 2 signatures, old and new quote markup)."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import lxml.html
import pytest

from scrapers.forum.dates import stated_zone
from scrapers.forum.engines import phpbb
from scrapers.forum.markup import css, normalise_body, select
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import PageContext
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
OURS = FIXTURES / "phpbb"
THREADS = FIXTURES / "threads"  # whole saved threads of every engine (end-to-end tests)
REAL = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
MOSCOW = ZoneInfo("Europe/Moscow")

VARIANTS = {
    "phpbb30_prosilver_ru.html": "phpbb30-prosilver",
    "phpbb33_prosilver_ru.html": "phpbb31-prosilver",
    "phpbb33_prosilver_ru_saved.html": "phpbb31-prosilver",
    "phpbb3_subsilver2_ru.html": "phpbb3-subsilver2",
    "phpbb2_subsilver_ru.html": "phpbb2-subsilver",
    "phpbb2_subsilver_ru_wayback.html": "phpbb2-subsilver",
    "phpbb3_bboots_theme_en.html": "phpbb3-theme",
    "phpbb2_xs_theme_en.html": "phpbb2-theme",
}


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = phpbb.detect(parse_html(page.text), page.text)
    return spec.engine if spec is not None else None


@pytest.mark.parametrize(("name", "engine"), sorted(VARIANTS.items()))
def test_detects_each_variant(name: str, engine: str) -> None:
    assert _detect(OURS / name) == engine


def test_detects_the_real_phpbb30_page() -> None:
    path = REAL / "phpBB.html"
    if not path.is_file():
        pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
    assert _detect(path) == "phpbb30-prosilver"


def _other_pages() -> list[Path]:
    pages = [p for p in FIXTURES.rglob("*")
             if p.is_file() and not p.name.endswith(".json") and OURS not in p.parents
             and THREADS not in p.parents
             and p.suffix.lower() in (".html", ".htm", ".xhtml", "")]
    return sorted(pages)


def test_claims_no_other_fixture_page() -> None:
    pages = _other_pages()
    if not pages:
        pytest.skip("no other family's fixture pages present yet")
    claimed = [str(p.relative_to(FIXTURES)) for p in pages if _detect(p) is not None]
    assert claimed == []


def test_claims_no_real_page_of_another_engine() -> None:
    if not REAL.is_dir():
        pytest.skip(f"real pages not found at {REAL} (set MAFIAKIT_SHARED)")
    others = sorted(p for p in REAL.glob("*.html") if p.name != "phpBB.html")
    assert others, "expected the real vBulletin/XenForo pages"
    assert [p.name for p in others if _detect(p) is not None] == []


# a Forumotion board with a phpBB3 skin: prosilver-like posts, but hosted scripts and footer
FORUMOTION = """<!DOCTYPE html><html><head><title>Мафия</title>
<link rel="stylesheet" href="https://illiweb.com/rs3/50/frm/lang/ru.css" />
<script>var _userdata = {"username": "Гость"};</script></head>
<body id="phpbb"><div id="page-body">
<h2 class="topic-title"><a href="/t12-topic">Мафия</a></h2>
<div id="p101" class="post row1"><div class="inner"><div class="postbody">
<p class="author">от <a href="/u2"><strong>Кент</strong></a> Пн Мар 04, 2019 9:05 am</p>
<div class="content">казнить Кубу</div></div></div></div>
</div><div class="copyright">Создать форум | © phpBB |
<a href="https://www.forum2x2.ru">Бесплатный форум поддержки</a></div></body></html>"""


def test_rejects_forumotion_skins() -> None:
    assert phpbb.detect(parse_html(FORUMOTION), FORUMOTION) is None
    # the brand alone, in the footer, is enough too
    plain = FORUMOTION.replace("illiweb.com", "static.example.com").replace("_userdata", "_ud")
    assert phpbb.detect(parse_html(plain), plain) is None
    # and without any Forumotion marker the same markup is phpBB
    bare = plain.replace("forum2x2", "example")
    assert phpbb.detect(parse_html(bare), bare) is phpbb.PROSILVER30


def test_a_post_mentioning_forumotion_is_still_phpbb() -> None:
    text = (OURS / "phpbb30_prosilver_ru.html").read_text(encoding="utf-8").replace(
        "Сову жалко", "Сову жалко, как на forumotion")
    assert phpbb.detect(parse_html(text), text) is phpbb.PROSILVER30


# ---- the zone a page states -------------------------------------------------------------------

@pytest.mark.parametrize(("footer", "hours"), [
    ("All times are UTC [ DST ]", 1.0),
    ("All times are UTC", 0.0),
    ("All times are UTC - 5 hours", -5.0),
    ("All times are UTC - 5 hours [ DST ]", -4.0),
    ("Часовой пояс: UTC + 3 часа", 3.0),
    ("Часовой пояс: UTC + 3 часа [ Летнее время ]", 4.0),
    ("Часовой пояс: UTC + 5:30 часов", 5.5),
    ("Часовой пояс: UTC+03:00", 3.0),
    ("Часовой пояс: GMT + 3", 3.0),
])
def test_stated_offset(footer: str, hours: float) -> None:
    found = stated_zone(f"Наша команда • {footer} Powered by phpBB")
    assert found is not None
    assert found[0].utcoffset(None) == timedelta(hours=hours)


def test_no_stated_offset() -> None:
    assert stated_zone("Powered by phpBB © phpBB Group") is None


def test_stated_zone_wins_over_the_callers_zone() -> None:
    path = OURS / "phpbb30_prosilver_ru.html"
    _, parsed = read_page(path.name, path.read_bytes(), ZoneInfo("UTC"))
    # the footer says "UTC + 5 часов": 04 мар 2019, 09:05 is 04:05 UTC, whatever the caller said
    first = parsed.posts[0]
    assert first.time == datetime(2019, 3, 4, 4, 5, tzinfo=ZoneInfo("UTC"))
    assert first.time is not None
    assert first.time.utcoffset() == timedelta(hours=5)
    notes = [i for i in parsed.issues if i.code == "page-timezone"]
    assert len(notes) == 1
    assert notes[0].severity == "info"
    assert "UTC+05:00" in notes[0].message


def test_without_a_stated_zone_the_callers_zone_stays() -> None:
    path = OURS / "phpbb30_prosilver_ru.html"
    data = path.read_bytes().replace("Часовой пояс: UTC + 5 часов".encode(), b"")
    _, parsed = read_page(path.name, data, MOSCOW)
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=MOSCOW)
    assert "page-timezone" not in {i.code for i in parsed.issues}


def test_dst_in_an_abbr_adds_an_hour_with_one_note() -> None:
    # the real 3.0 page: "All times are UTC [ <abbr title=...>DST</abbr> ]"
    path = REAL / "phpBB.html"
    if not path.is_file():
        pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
    _, parsed = read_page(path.name, path.read_bytes(), MOSCOW)
    assert parsed.posts[0].time == datetime(2019, 5, 26, 15, 34, tzinfo=ZoneInfo("UTC"))
    notes = [i for i in parsed.issues if i.code == "page-timezone"]
    assert len(notes) == 1
    assert "UTC+01:00" in notes[0].message


def test_saved_copy_keeps_local_avatar_paths() -> None:
    path = OURS / "phpbb33_prosilver_ru_saved.html"
    page, parsed = read_page(path.name, path.read_bytes(), MOSCOW)
    assert page.url == "https://mafia.example.ru/viewtopic.php?f=7&t=346&start=16"
    avatar = parsed.posts[0].avatar
    assert avatar is not None
    assert avatar.url is not None
    assert avatar.url.startswith("./Мафия «Вокзал»")
    assert avatar.url.endswith("_files/file.php")


def test_utc_datetime_attributes_are_shown_in_the_page_zone() -> None:
    path = OURS / "phpbb33_prosilver_ru.html"
    _, parsed = read_page(path.name, path.read_bytes(), ZoneInfo("UTC"))
    first = parsed.posts[0]
    assert first.time_raw == "2019-03-04T18:00:00+00:00"
    assert first.time is not None
    assert first.time.utcoffset() == timedelta(hours=3)
    assert first.time.hour == 21


def test_relative_dates_without_a_save_date_are_reported() -> None:
    path = OURS / "phpbb3_subsilver2_ru.html"
    _, parsed = read_page(path.name, path.read_bytes(), MOSCOW)  # no mtime
    relative = [p for p in parsed.posts if p.time_raw and p.time_raw.startswith(("Вчера",
                                                                                  "Сегодня"))]
    assert relative
    assert all(p.time is None for p in relative)
    assert "bad-time" in {i.code for i in parsed.issues}


# ---- edit notices ---------------------------------------------------------------------

def _ctx(anchor: datetime | None = None) -> PageContext:
    return PageContext(name="t.html", timezone=MOSCOW, captured_at=anchor)


def _el(html: str) -> lxml.html.HtmlElement:
    return lxml.html.fragment_fromstring(html, create_parent="div")


def test_edit_notice_whose_editor_looks_like_a_month() -> None:
    notice = _el('Последний раз редактировалось <a href="./memberlist.php?mode=viewprofile'
                 '&amp;u=34">Марта</a> Пн апр 01, 2019 9:05 am, всего редактировалось 3 раза.')
    edit = phpbb.edit_marker(notice, _ctx())
    assert edit is not None
    assert (edit.editor, edit.count) == ("Марта", 3)
    assert edit.time == datetime(2019, 4, 1, 9, 5, tzinfo=MOSCOW)


def test_edit_notice_phpbb2_without_link() -> None:
    notice = _el("<br /><br />Последний раз редактировалось: Август (Пн Мар 04, 2019 9:10), "
                 "всего редактировалось 2 раз(а)")
    edit = phpbb.edit_marker(notice, _ctx())
    assert edit is not None
    assert (edit.editor, edit.count) == ("Август", 2)
    assert edit.time == datetime(2019, 3, 4, 9, 10, tzinfo=MOSCOW)


def test_edit_notice_english_with_reason() -> None:
    notice = _el('Last edited by <a href="./memberlist.php?mode=viewprofile&amp;u=5">Kent</a> '
                 'on Sun May 26, 2019 5:35 pm, edited 2 times in total.<br />'
                 '<strong>Reason:</strong> <em>typo</em>')
    edit = phpbb.edit_marker(notice, _ctx())
    assert edit is not None
    assert (edit.editor, edit.count, edit.reason) == ("Kent", 2, "typo")
    assert edit.time == datetime(2019, 5, 26, 17, 35, tzinfo=MOSCOW)


def test_edit_notice_relative_time() -> None:
    notice = _el('Последний раз редактировалось <a href="./memberlist.php?mode=viewprofile'
                 '&amp;u=40">Август</a> Вчера, 23:58, всего редактировалось 1 раз.')
    edit = phpbb.edit_marker(notice, _ctx(datetime(2019, 3, 5, 20, 0, tzinfo=MOSCOW)))
    assert edit is not None
    assert edit.time == datetime(2019, 3, 4, 23, 58, tzinfo=MOSCOW)


def test_a_notice_that_is_not_an_edit() -> None:
    assert phpbb.edit_marker(_el("Последний раз поднималось Кент 04 мар 2019"), _ctx()) is None


# ---- phpBB 2 signatures -------------------------------------------------------------------------

def _cell(html: str) -> lxml.html.HtmlElement:
    cell = lxml.html.fragment_fromstring(f'<td colspan="2">{html}</td>')
    assert isinstance(cell, lxml.html.HtmlElement)
    return cell


def test_cut_signature_after_the_line() -> None:
    cell = _cell('<span class="postbody">казнить Кубу<br />_________________<br />'
                 '<span style="color: red">подпись</span></span><span class="gensmall"></span>')
    assert phpbb.cut_signature(cell)
    assert "подпись" not in cell.text_content()
    assert cell.text_content().strip() == "казнить Кубу"


def test_cut_signature_only_in_the_last_span_after_a_quote() -> None:
    cell = _cell('<span class="postbody">до</span><table><tr><td class="quote">цитата'
                 '</td></tr></table><span class="postbody">после<br />_________________<br />'
                 'подпись</span>')
    assert phpbb.cut_signature(cell)
    text = cell.text_content()
    assert "цитата" in text
    assert "после" in text
    assert "подпись" not in text


def test_no_signature_leaves_the_body_alone() -> None:
    cell = _cell('<span class="postbody">голосую против Ласточки<br />и всё</span>')
    before = lxml.html.tostring(cell)
    assert not phpbb.cut_signature(cell)
    assert lxml.html.tostring(cell) == before


# ---- quotes in the other prosilver generations ------------------------------------------

def test_phpbb32_quote_with_post_link() -> None:
    body = _el('<blockquote cite="./viewtopic.php?p=123#p123"><div><cite>'
               '<a href="./memberlist.php?mode=viewprofile&amp;u=15">Ласточка</a> wrote: '
               '<a href="./viewtopic.php?p=123#p123">↑</a></cite>казнить Кубу</div></blockquote>'
               'Не согласен.')
    norm = normalise_body(body, phpbb.PROSILVER_MARKUP)
    assert [(q.author, q.post_id, q.text) for q in norm.quotes] == [
        ("Ласточка", "123", "казнить Кубу")]
    assert norm.text == "Не согласен."


def test_quote_inside_an_old_spoiler_stays_a_quote() -> None:
    body = _el('<div style="margin:20px; margin-top:5px"><div class="quotetitle"><b>Спойлер:</b>'
               ' <input type="button" value="Показать" /></div><div class="quotecontent">'
               '<div style="display: none;"><div class="quotetitle">Кент писал(а):</div>'
               '<div class="quotecontent">я мирный</div>не верю</div></div></div>')
    norm = normalise_body(body, phpbb.SUBSILVER2_MARKUP)
    assert [(q.author, q.text) for q in norm.quotes] == [("Кент", "я мирный")]
    assert 'data-title="Спойлер:"' in norm.html
    assert norm.text == "не верю"


def test_ad_dressed_as_a_post_is_not_a_post() -> None:
    path = OURS / "phpbb30_prosilver_ru.html"
    root = parse_html(path.read_text(encoding="utf-8"))
    shown = select(css("div.post"), root)
    _, parsed = read_page(path.name, path.read_bytes(), MOSCOW)
    assert len(shown) == len(parsed.posts) + 1
    assert "Google Adsense" not in {p.author for p in parsed.posts}


def test_soft_deleted_post_is_flagged() -> None:
    path = OURS / "phpbb33_prosilver_ru.html"
    _, parsed = read_page(path.name, path.read_bytes(), MOSCOW,
                          mtime=datetime(2019, 3, 5, 20, 0, tzinfo=MOSCOW))
    assert [p.post_id for p in parsed.posts if p.deleted] == ["5206"]


# ---- custom themes ----------------------------------------------------------------------------

REAL_THREADS = shared_dir() / "fixtures" / "real-threads"
UTC = ZoneInfo("UTC")


def _read_real(folder: str) -> tuple[list[str], list[str | None], list[str], list[int]]:
    path = REAL_THREADS / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
    _, parsed = read_page(folder, path.read_bytes(), UTC)
    return ([p.author for p in parsed.posts], [p.time_text for p in parsed.posts],
            [" ".join(p.text.split()[:5]) for p in parsed.posts],
            [len(p.quotes) for p in parsed.posts])


def test_bboots_theme_real_page_is_read_by_its_ids() -> None:
    """BBOOTS renames prosilver's div.post and p.author: the post is div#p123 holding
    div#post_content123, the author the profile link, the date what follows the name."""
    authors, times, words, quotes = _read_real("phpbb3-bboots-ebaumsworld-watching")
    assert authors == ["lemmiwinx", "BDR529", "lemmiwinx", "almostapathetic", "lemmiwinx",
                       "almostapathetic", "BDR529", "Tim_Kerr", "lemmiwinx", "almostapathetic"]
    assert times[0] == "Sun Dec 15, 2019 4:58 pm"
    assert times[-1] == "Thu Feb 13, 2020 6:07 pm"
    assert words[2] == "Hope those muthafukas had insurance"
    assert quotes == [0, 0, 0, 0, 0, 1, 0, 0, 0, 1]


def test_image_labels_are_no_text_on_the_real_leftsilver_page() -> None:
    """phpBB writes [img] as <img alt="Image">: a post of pictures has no words."""
    _, _, words, _ = _read_real("phpbb3-leftsilver-ilp")
    assert words[15] == ""


def test_theme_fixture_reads_ids_authors_times_and_skips_ads_and_quick_reply() -> None:
    _, parsed = read_page("t.html", (OURS / "phpbb3_bboots_theme_en.html").read_bytes(), UTC)
    assert parsed.info.engine == "phpbb3-theme"
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("5101", "Keeper", "2"), ("5102", "Gannet", "48"), ("5103", "Puffin", "52")]
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=UTC)
    assert parsed.posts[0].time_text == "Mon Mar 04, 2019 9:05 am"
    assert parsed.posts[0].text == "Day 1 begins. Vote with ##vote name."  # no "Image", no sig
    assert [(q.author, q.post_id) for q in parsed.posts[1].quotes] == [("Keeper", "5101")]
    assert parsed.posts[1].text == "Fog again. ##vote Puffin ;)"  # a smiley's code stays
    edit = parsed.posts[1].edit
    assert edit is not None
    assert (edit.editor, edit.count) == ("Gannet", 1)
    assert parsed.census == 3
    assert parsed.not_read == 0


def test_theme_needs_phpbb_evidence_besides_the_markup() -> None:
    """div#p123 holding a div.content is not enough: a page must also show phpBB's links."""
    text = ('<html><body><div id="p1"><div class="postbody"><div class="content">hi</div>'
            '</div><a href="./memberlist.php?mode=viewprofile&amp;u=2">Kent</a></div>'
            "</body></html>")
    assert phpbb.detect(parse_html(text), text) is None
    more = text.replace("</body>", '<a href="./posting.php?mode=reply&amp;t=1">Reply</a>'
                        '<p>Powered by <a href="https://www.phpbb.com/">phpBB</a></p></body>')
    spec = phpbb.detect(parse_html(more), more)
    assert spec is phpbb.PHPBB3_THEME


def test_time_after_the_name_not_the_post_number() -> None:
    """"#171193 by Kent Sun Dec 15, 2019 4:58 pm": the number is no day, the name no month."""
    page = (OURS / "phpbb3_bboots_theme_en.html").read_text(encoding="utf-8")
    page = page.replace("Keeper", "Марта")
    _, parsed = read_page("t.html", page.encode(), UTC)
    assert parsed.posts[0].author == "Марта"
    assert parsed.posts[0].time == datetime(2019, 3, 4, 9, 5, tzinfo=UTC)


def test_phpbb2_theme_with_a_table_per_post() -> None:
    """An XS-style phpBB 2 theme: the <a name="123"> anchor stands before each post's table,
    the date after the mini-post link, the signature in a cell of its own; the ad table and
    the quick reply form between and after the posts are no posts."""
    _, parsed = read_page("t.html", (OURS / "phpbb2_xs_theme_en.html").read_bytes(), UTC)
    assert parsed.info.engine == "phpbb2-theme"
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("4101", "Harbourmaster", "2"), ("4102", "Old Sailor", "57"), ("4103", "Gull", None)]
    assert [p.time for p in parsed.posts] == [datetime(2019, 3, 4, 9, 5, tzinfo=UTC),
                                              datetime(2019, 3, 4, 9, 40, tzinfo=UTC),
                                              datetime(2019, 3, 5, 23, 17, tzinfo=UTC)]
    first = parsed.posts[0].text
    assert "Hosting since" not in first
    assert "Wink" not in first
    assert [q.author for q in parsed.posts[1].quotes] == ["Harbourmaster"]
    assert parsed.posts[1].text == "Fog again. ##vote Gull, quiet types worry me."
    assert parsed.posts[1].edit is not None
    assert parsed.posts[1].edit.editor == "Old Sailor"
    assert (parsed.info.page_number, parsed.info.page_count) == (1, 2)
    assert parsed.census == 3
    assert parsed.not_read == 0


def test_phpbb2_theme_row_layout_with_renamed_classes() -> None:
    """A subSilver derivative that renames span.name to b.name and the row classes: the post
    is the row holding the anchor and the message."""
    row = ('<tr><td class="alt1"><b class="name"><a name="{pid}"></a>{who}</b><br />'
           '<span class="postdetails">Joined: 01 Jan 2018</span></td><td class="alt1">'
           '<table><tr><td><a href="viewtopic.php?p={pid}#{pid}"><img src="templates/x/'
           'images/icon_minipost.gif" alt="Post" /></a><span class="postdetails">Posted: '
           'Mon Mar 04, 2019 9:{mm} am</span></td></tr><tr><td><span class="postbody">{body}'
           '</span></td></tr></table></td></tr>')
    rows = (row.format(pid=11, who="Kent", mm="05", body="first")
            + row.format(pid=12, who="Marta", mm="10", body="second"))
    text = ('<html><body><table class="tablebody">' + rows + '</table><a href="profile.php?'
            'mode=viewprofile&amp;u=3">x</a><a href="posting.php?mode=reply&amp;t=1">Reply</a>'
            "<p>Powered by phpBB</p></body></html>")
    _, parsed = read_page("t.html", text.encode(), UTC)
    assert parsed.info.engine == "phpbb2-theme"
    assert [(p.post_id, p.author, p.text) for p in parsed.posts] == [
        ("11", "Kent", "first"), ("12", "Marta", "second")]
    assert parsed.posts[1].time == datetime(2019, 3, 4, 9, 10, tzinfo=UTC)
