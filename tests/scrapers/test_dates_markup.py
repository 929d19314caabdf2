"""Forum dates and the one body markup."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import lxml.html
import pytest

from scrapers.forum.colors import is_red, normalise_color
from scrapers.forum.dates import from_iso, from_unix, month_of, parse_forum_date, utc_offset_in
from scrapers.forum.markup import MarkupSpec, QuoteSpec, normalise_body

MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2019, 3, 5, 12, 0, tzinfo=MSK)


@pytest.mark.parametrize(
    ("raw", "expected", "day_first"),
    [
        ("Пт июл 20, 2012 17:38", "2012-07-20T17:38:00+04:00", True),
        ("20 июля 2012, 17:38", "2012-07-20T17:38:00+04:00", True),
        ("20 Июль 2012 17:38", "2012-07-20T17:38:00+04:00", True),
        ("20.07.2012, 17:38", "2012-07-20T17:38:00+04:00", True),
        ("20.07.12 17:38", "2012-07-20T17:38:00+04:00", True),
        ("07-20-2012, 05:38 PM", "2012-07-20T17:38:00+04:00", False),
        ("08-07-2012, 05:38 PM", "2012-08-07T17:38:00+04:00", False),
        ("08-07-2012, 17:38", "2012-07-08T17:38:00+04:00", True),
        ("Jul 20 2012, 05:38 PM", "2012-07-20T17:38:00+04:00", True),
        ("Fri Jul 20, 2012 5:38 pm", "2012-07-20T17:38:00+04:00", True),
        ("July 20, 2012, 05:38:12 PM", "2012-07-20T17:38:12+04:00", True),
        ("20 July 2012 - 12:38 AM", "2012-07-20T00:38:00+04:00", True),
        ("Пятница, 20 июля 2012 года, 17:38", "2012-07-20T17:38:00+04:00", True),
        ("2012-07-20 17:38:00", "2012-07-20T17:38:00+04:00", True),
        ("« Ответ #12 : 04 Марта 2019, 09:05:12 »", "2019-03-04T09:05:12+03:00", True),
        ("Добавлено: Пн мар 04, 2019 9:05 am", "2019-03-04T09:05:00+03:00", True),
        ("Сегодня, 17:38", "2019-03-05T17:38:00+03:00", True),
        ("Вчера в 23:59", "2019-03-04T23:59:00+03:00", True),
        ("Yesterday at 5:38 PM", "2019-03-04T17:38:00+03:00", True),
        ("Today, 09:00", "2019-03-05T09:00:00+03:00", True),
        ("позавчера, 10:00", "2019-03-03T10:00:00+03:00", True),
        # no year: the latest not after the save date (5 March 2019), so May is 2018's; a
        # weekday printed picks the year it falls on (8 March was a Sunday in 2015)
        ("20 мая, 10:00", "2018-05-20T10:00:00+03:00", True),
        ("1 марта, 10:00", "2019-03-01T10:00:00+03:00", True),
        ("Sunday 8th March", "2015-03-08T00:00:00+03:00", True),
        ("So, 8. März 09:05", "2015-03-08T09:05:00+03:00", True),
        ("Пт 20 дек, 10:00", "2013-12-20T10:00:00+04:00", True),  # Moscow kept summer time then
        # Chinese (Discuz!): absolute, named days, spans before the capture (to the minute)
        ("发表于 2019-3-4 09:05", "2019-03-04T09:05:00+03:00", True),
        ("2019年3月4日 09:05", "2019-03-04T09:05:00+03:00", True),
        ("前天\xa009:05", "2019-03-03T09:05:00+03:00", True),
        ("昨天 09:05", "2019-03-04T09:05:00+03:00", True),
        ("今天 08:30", "2019-03-05T08:30:00+03:00", True),
        ("3 天前", "2019-03-02T12:00:00+03:00", True),
        ("半小时前", "2019-03-05T11:30:00+03:00", True),
        ("5 分钟前", "2019-03-05T11:55:00+03:00", True),
        ("2 小时前", "2019-03-05T10:00:00+03:00", True),
        ("刚刚", "2019-03-05T12:00:00+03:00", True),
        ("半小時前", "2019-03-05T11:30:00+03:00", True),  # traditional characters
        ("10 分鐘前", "2019-03-05T11:50:00+03:00", True),
        ("2 hours ago", "2019-03-05T10:00:00+03:00", True),
        ("1 week 2 days ago", "2019-02-24T12:00:00+03:00", True),
        ("Mar 4th 2019, 09:05", "2019-03-04T09:05:00+03:00", True),
        # the main European languages: month names with their accents and cases, the day's
        # number before them ("7.", "7 de"), today/yesterday, spans before and after
        ("4. März 2019 um 09:05", "2019-03-04T09:05:00+03:00", True),
        ("Heute, 09:05", "2019-03-05T09:05:00+03:00", True),
        ("Gestern um 23:10", "2019-03-04T23:10:00+03:00", True),
        ("vor 3 Stunden", "2019-03-05T09:00:00+03:00", True),
        ("4 février 2019 à 09:05", "2019-02-04T09:05:00+03:00", True),
        ("15 juin 2019 14:00", "2019-06-15T14:00:00+03:00", True),
        ("15 juil. 2019 14:00", "2019-07-15T14:00:00+03:00", True),
        ("hier à 10:12", "2019-03-04T10:12:00+03:00", True),
        ("il y a 2 jours", "2019-03-03T12:00:00+03:00", True),
        ("4 de marzo de 2019, 09:05", "2019-03-04T09:05:00+03:00", True),
        ("hace 5 minutos", "2019-03-05T11:55:00+03:00", True),
        ("12 de março de 2019 às 08:15", "2019-03-12T08:15:00+03:00", True),
        ("3 ago 2019", "2019-08-03T00:00:00+03:00", True),
        ("4 dicembre 2018, 09:05", "2018-12-04T09:05:00+03:00", True),
        ("3 ore fa", "2019-03-05T09:00:00+03:00", True),
        ("2 uur geleden", "2019-03-05T10:00:00+03:00", True),
        ("4 mei 2019 09:05", "2019-05-04T09:05:00+03:00", True),
        ("3 godziny temu", "2019-03-05T09:00:00+03:00", True),
        ("4 października 2018 09:05", "2018-10-04T09:05:00+03:00", True),
        ("4 грудня 2018, 09:05", "2018-12-04T09:05:00+03:00", True),
        ("3 часа назад", "2019-03-05T09:00:00+03:00", True),
        ("an hour ago", "2019-03-05T11:00:00+03:00", True),
    ],
)
def test_forum_dates(raw: str, expected: str, day_first: bool) -> None:
    got = parse_forum_date(raw, MSK, anchor=SAVED, day_first=day_first)
    assert got is not None
    assert got.isoformat() == expected


@pytest.mark.parametrize("raw", ["", "garbage", "31.02.2012 10:00", "13:99", "25:00 PM 1.1.2019"])
def test_unreadable_dates(raw: str) -> None:
    assert parse_forum_date(raw, MSK, anchor=SAVED) is None


def test_relative_dates_need_a_capture_date() -> None:
    assert parse_forum_date("Сегодня, 17:38", MSK, anchor=None) is None
    assert parse_forum_date("昨天 09:05", MSK, anchor=None) is None
    assert parse_forum_date("半小时前", MSK, anchor=None) is None
    assert parse_forum_date("刚刚", MSK, anchor=None) is None


def test_spans_are_counted_back_from_the_capture_in_the_reading_zone() -> None:
    captured = datetime(2019, 3, 5, 9, 0, tzinfo=ZoneInfo("UTC"))
    got = parse_forum_date("30 分钟前", ZoneInfo("Asia/Shanghai"), anchor=captured)
    assert got == datetime(2019, 3, 5, 16, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
    # a word with a number that is no time span is not one ("3 times ago" names no unit)
    assert parse_forum_date("edited 3 times ago", MSK, anchor=SAVED) is None


def test_month_names_in_every_case() -> None:
    for word, n in [("января", 1), ("Февраль", 2), ("марте", 3), ("мая", 5), ("май", 5),
                    ("июня", 6), ("Июл", 7), ("авг.", 8), ("сентябрь", 9), ("Dec", 12)]:
        assert month_of(word) == n
    assert month_of("пн") is None
    assert month_of("Mon") is None


def test_machine_times_and_stated_offsets() -> None:
    assert from_unix("1551679500", MSK) == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert from_iso("2019-03-04T06:05:00Z", MSK) == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert from_iso("2019-03-04T09:05:00", MSK) == datetime(2019, 3, 4, 9, 5, tzinfo=MSK)
    assert utc_offset_in("Часовой пояс: UTC + 3 часа") == timezone(timedelta(hours=3))
    assert utc_offset_in("All times are UTC - 5 hours") == timezone(timedelta(hours=-5))
    assert utc_offset_in("no zone here") is None


@pytest.mark.parametrize(
    ("value", "hex_", "red"),
    [("red", "#ff0000", True), ("#F00", "#ff0000", True), ("rgb(226, 80, 65)", "#e25041", True),
     ("darkred", "#8b0000", True), ("#cc0000", "#cc0000", True), ("blue", "#0000ff", False),
     ("#ff9900", "#ff9900", False), ("purple", "#800080", False)],
)
def test_colours(value: str, hex_: str, red: bool) -> None:
    assert normalise_color(value) == hex_
    assert is_red(hex_) is red


def _norm(html: str, spec: MarkupSpec) -> tuple[str, str, list[tuple[str | None, str]]]:
    body = normalise_body(lxml.html.fragment_fromstring(html, create_parent="div"), spec)
    return body.html, body.text, [(q.author, q.text) for q in body.quotes]


def test_every_bold_and_colour_notation_becomes_one_markup() -> None:
    spec = MarkupSpec(bold_classes=("mycode_b",), color_classes=(("red-text", "red"),))
    html, text, _ = _norm(
        '<strong>a</strong> <b>b</b> <span style="font-weight: bold">c</span> '
        '<span class="mycode_b">d</span> <span style="font-weight:700;color:#C00">e</span> '
        '<font color="red">f</font> <span style="color: rgb(255, 0, 0)">g</span> '
        '<span class="red-text">h</span> <div style="font-weight:bold">i</div>', spec)
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    assert [b.text_content() for b in root.iter("b")] == ["a", "b", "c", "d", "e", "i"]
    colors = [(s.get("data-color"), s.text_content())
              for s in root.xpath('.//span[@class="mk-color"]')]
    assert colors == [("#cc0000", "e"), ("#ff0000", "f"), ("#ff0000", "g"), ("#ff0000", "h")]
    assert "style" not in html
    assert text.split() == list("abcdefghi")


def test_quotes_are_marked_with_author_and_post_and_kept_out_of_the_text() -> None:
    spec = MarkupSpec(quote=QuoteSpec(container="blockquote", header="cite"))
    html, text, quotes = _norm(
        '<blockquote><div><cite>Ласточка писал(а): <a href="./viewtopic.php?p=77#p77">↑</a>'
        "</cite><b>казнить Корсику</b><blockquote><div><cite>Kent wrote:</cite>inner</div>"
        "</blockquote></div></blockquote>Не торопитесь.", spec)
    assert quotes == [("Ласточка", "казнить Корсику\n\ninner")]
    assert text == "Не торопитесь."
    assert 'data-author="Ласточка"' in html
    assert 'data-post-id="77"' in html
    assert 'data-author="Kent"' in html  # the nested quote is marked too
    assert "писал" not in html


def test_spoilers_hidden_and_scripts() -> None:
    spec = MarkupSpec(spoiler="div.sp", spoiler_title="div.t", spoiler_body="div.b",
                      hidden="div.hide")
    html, text, _ = _norm('<div class="sp"><div class="t">Спойлер</div><div class="b">'
                          '<b>казнить Кубу</b></div></div><div class="hide">секрет</div>'
                          "<script>alert(1)</script><input type=button value=Show>", spec)
    assert '<div class="mk-spoiler" data-title="Спойлер"><b>казнить Кубу</b></div>' in html
    assert '<div class="mk-hidden">секрет</div>' in html
    assert "alert" not in html
    assert "Show" not in text


def test_strike_and_invisible_text() -> None:
    html, _, _ = _norm('<strike>vote A</strike> <del>b</del> '
                       '<span style="text-decoration: line-through">c</span> '
                       '<span style="display: none">d</span>', MarkupSpec())
    root = lxml.html.fragment_fromstring(html, create_parent="div")
    assert [s.text_content() for s in root.iter("s")] == ["vote A", "b", "c"]
    assert [e.text_content() for e in root.xpath('.//*[@class="mk-hidden"]')] == ["d"]


@pytest.mark.parametrize(
    ("raw", "editor", "time", "count"),
    [
        ("Последний раз редактировалось Kent Пн мар 04, 2019 9:05 am, всего редактировалось "
         "1 раз.", "Kent", "2019-03-04T09:05:00+03:00", 1),
        ("Последний раз редактировалось Blood Queen 04.03.2019 9:05", "Blood Queen",
         "2019-03-04T09:05:00+03:00", None),
        ("Отредактировано Kent (2019-03-04 09:10:00)", "Kent", "2019-03-04T09:10:00+03:00", None),
        ("(Последний раз редактировалось: 04.03.2019, 09:10 пользователем Kent.)", "Kent",
         "2019-03-04T09:10:00+03:00", None),
        ("« Последнее редактирование: 04 Марта 2019, 09:10:00 от Kent »", "Kent",
         "2019-03-04T09:10:00+03:00", None),
        ("Сообщение отредактировал Kent - 4.3.2019, 9:10", "Kent", "2019-03-04T09:10:00+03:00",
         None),
        ("Это сообщение отредактировал Kent: 04 March 2019 - 09:10", "Kent",
         "2019-03-04T09:10:00+03:00", None),
        ("Последний раз редактировалось: Kent (Пн Мар 04, 2019 9:10), всего редактировалось "
         "2 раз", "Kent", "2019-03-04T09:10:00+03:00", 2),
        ("Last edited: Jul 20, 2012", None, "2012-07-20T00:00:00+04:00", None),
    ],
)
def test_edit_markers(raw: str, editor: str | None, time: str, count: int | None) -> None:
    from scrapers.forum.spec import parse_edit
    from scrapers.forum.types import PageContext

    edit = parse_edit(raw, PageContext(name="p", timezone=MSK, captured_at=SAVED))
    assert edit.editor == editor
    assert edit.time is not None
    assert edit.time.isoformat() == time
    assert edit.count == count


def test_words_that_only_look_like_dates_are_none() -> None:
    """German "hier" (here) is no French yesterday without a time after it; words that are
    also month stems elsewhere ("gen", "set", "out", "ago") are months only beside a year; a
    span in months is no exact time."""
    tz = ZoneInfo("Europe/Moscow")
    anchor = datetime(2019, 3, 5, 12, 0, tzinfo=tz)
    for raw in ("hier", "Ich bin hier", "3 days ago Kent", "vor langer Zeit", "2 months ago",
                "Gen 2 starters", "set 3 of 5", "out 4 now", "5 ago"):
        assert parse_forum_date(raw, tz, anchor=anchor) is None, raw


def test_an_unread_time_says_why() -> None:
    """A time no reader can place is reported with its reason, and only those that need the
    capture date count as such."""
    from scrapers.forum.dates import needs_capture, unread_reason

    tz = ZoneInfo("UTC")
    assert "capture date is unknown" in unread_reason("Sunday 8th March", tz, None)
    assert "capture date is unknown" in unread_reason("Вчера, 10:00", tz, None)
    assert "too coarse" in unread_reason("2 years ago (last modified 2 years ago)", tz, None)
    assert "too coarse" in unread_reason("vor 3 Monaten", tz, None)
    assert unread_reason("Permalink", tz, None) == "not a date this reader knows"
    assert needs_capture("3 hours ago", tz)
    assert needs_capture("1 year ago", tz)
    assert not needs_capture("Permalink", tz)
    assert not needs_capture("", tz)
