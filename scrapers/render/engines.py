"""The forum engines a thread can be rendered in: each one's page templates (templates/
<prefix>_{head,post,tail}.html, cut from the project's own fixture pages), code page, quote
markup, date as the page shows it, edit notice and page address (for Wayback captures).

A post template has the fields post_id, uid, number, nick, iso, shown, content, edit, bg and
title; head and tail have title, topic, start, page and pages.

phpBB 3.3 and vBulletin 3.8 pages state their zone (UTC+3); the SMF 2.1, Invision 2 and uCoz
fixture pages state none, so those are shown in UTC, the zone the scraper reads a page in
unless told. XenForo 2 writes each time as a Unix `data-time` beside its text, which the
scraper reads first: its pages are shown in Moscow time, as the fixture's are.

uCoz's post-number link (and a quote's link to the quoted post) carries the post's Unix time
in its address (``/forum/5-346-100007-16-1578296040``); a post template has no field for it,
so uCoz pages are rendered without those links and their times are read from the printed
date, which is exact to the minute the simulated posts are written in."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

MSK = timezone(timedelta(hours=3))  # the phpBB, vBulletin and XenForo fixture forums' zone
_MONTHS = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")
# SMF 2.1's Russian dates ("04 Марта 2019, 09:05:12"): the month in the genitive
_MONTHS_OF = ("Января", "Февраля", "Марта", "Апреля", "Мая", "Июня", "Июля", "Августа",
              "Сентября", "Октября", "Ноября", "Декабря")
_WEEKDAYS = ("Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье")


@dataclass(frozen=True)
class RenderEngine:
    templates: str  # the prefix of templates/<prefix>_{head,post,tail}.html
    encoding: str
    quote: Callable[[str, int, str], str]  # (author, post id, inner HTML) -> the quote
    shown: Callable[[datetime | None], str]  # a post's time as the page shows it
    edit: Callable[[str, datetime, int], str]  # (editor, time, uid) -> the edit notice
    url: Callable[[int, int, int], str]  # (topic, page index from 0, posts a page) -> address
    zone: timezone  # the zone the page states and shows its times in

    def when(self, time: datetime | None) -> str:
        """A post's time as the page shows it, in the page's zone."""
        return self.shown(time.astimezone(self.zone) if time is not None else None)

    def edited(self, editor: str, time: datetime, uid: int) -> str:
        return self.edit(editor, time.astimezone(self.zone), uid)


def _phpbb_quote(author: str, pid: int, inner: str) -> str:
    return (f'<blockquote cite="./viewtopic.php?p={pid}#p{pid}"><cite>{html.escape(author)} '
            f'писал(а): <a href="./viewtopic.php?p={pid}#p{pid}" data-post-id="{pid}">↑</a>'
            f"</cite>{inner}</blockquote>")


def _phpbb_shown(time: datetime | None) -> str:
    if time is None:
        return ""
    return f"{time.day:02d} {_MONTHS[time.month - 1]} {time.year}, {time:%H:%M}"


def _phpbb_edit(editor: str, time: datetime, uid: int) -> str:
    return ('<div class="notice">\n\t\t\t\t\tПоследний раз редактировалось <a href="./memberlist'
            f'.php?mode=viewprofile&amp;u={uid}" class="username">{html.escape(editor)}</a> '
            f"{_phpbb_shown(time)}, всего редактировалось 1 раз.\n\t\t\t\t\t</div>")


def _vb_quote(author: str, pid: int, inner: str) -> str:
    return ('<div style="margin:20px; margin-top:5px; "><div class="smallfont" '
            'style="margin-bottom:2px">Цитата:</div><table cellpadding="6" cellspacing="0" '
            'border="0" width="100%"><tr><td class="alt2" style="border:1px inset"><div>'
            f"Сообщение от <strong>{html.escape(author)}</strong> "
            f'<a href="showthread.php?p={pid}#post{pid}" rel="nofollow"><img class="inlineimg" '
            'src="images/buttons/viewpost.gif" border="0" alt="Посмотреть сообщение" /></a>'
            f'</div><div style="font-style:italic">{inner}</div></td></tr></table></div>')


def _vb_shown(time: datetime | None) -> str:
    return f"{time:%d.%m.%Y, %H:%M}" if time is not None else ""


def _vb_edit(editor: str, time: datetime, uid: int) -> str:
    return ('<!-- edit note -->\n\t\t\t<div class="smallfont">\n\t\t\t\t<hr size="1" '
            'style="color:#D1D1E1; background-color:#D1D1E1" />\n\t\t\t\t<em>\n\t\t\t\t\t'
            f"Последний раз редактировалось {html.escape(editor)}; {time:%d.%m.%Y в %H:%M}."
            "\n\t\t\t\t</em>\n\t\t\t</div>\n\t\t<!-- / edit note -->")


def _smf_quote(author: str, pid: int, inner: str) -> str:
    # a quote without the quoted post's date ("Цитата: X", as SMF writes [quote author=X
    # link=msg=N]): the quote markup is given no date
    return (f'<blockquote class="bbc_standard_quote"><cite><a href="https://tram-depo.ru/forum/'
            f'index.php?msg={pid}#msg{pid}">Цитата: {html.escape(author)}</a></cite>{inner}<br>'
            "</blockquote>")


def _smf_shown(time: datetime | None) -> str:
    if time is None:
        return ""
    return f"{time.day:02d} {_MONTHS_OF[time.month - 1]} {time.year}, {time:%H:%M:%S}"


def _smf_edit(editor: str, time: datetime, uid: int) -> str:
    return (f'<span class="lastedit">Последнее редактирование</span>: {_smf_shown(time)} от '
            f"{html.escape(editor)}")


def _xf_quote(author: str, pid: int, inner: str) -> str:
    who = html.escape(author)
    return ('<blockquote class="bbCodeBlock bbCodeBlock--expandable bbCodeBlock--quote '
            f'js-expandWatch" data-quote="{who}" data-source="post: {pid}">\n'
            '\t<div class="bbCodeBlock-title">\n'
            f'\t\t<a href="/goto/post?id={pid}" class="bbCodeBlock-sourceJump" rel="nofollow" '
            f'data-xf-click="attribution" data-content-selector="#post-{pid}">{who} сказал(а):'
            "</a>\n\t</div>\n\t<div class=\"bbCodeBlock-content\">\n"
            '\t\t<div class="bbCodeBlock-expandContent js-expandContent ">\n'
            f"\t\t\t{inner}\n\t\t</div>\n"
            '\t\t<div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">'
            "Нажмите для раскрытия...</a></div>\n\t</div>\n</blockquote>")


def _xf_time(time: datetime) -> str:
    """XenForo's DateTime element: the Unix time and ISO time the scraper reads, the date
    as the page prints it ("6 Янв 2020 в 09:03")."""
    date = f"{time.day} {_MONTHS[time.month - 1].capitalize()} {time.year}"
    return (f'<time  class="u-dt" dir="auto" datetime="{time:%Y-%m-%dT%H:%M:%S%z}" '
            f'data-time="{int(time.timestamp())}" data-date-string="{date}" '
            f'data-time-string="{time:%H:%M}" title="{date} в {time:%H:%M}">'
            f"{date} в {time:%H:%M}</time>")


def _xf_shown(time: datetime | None) -> str:
    return _xf_time(time) if time is not None else ""


def _xf_edit(editor: str, time: datetime, uid: int) -> str:
    # XenForo names no editor: plain "Последнее редактирование" is its notice of the
    # author's own edit ("... модератором" of anyone else's), and the edit notice is only
    # given the editor, not the post's author, so the author's form is written
    return ('<div class="message-lastEdit">\n\t\t\t\t\t\t\tПоследнее редактирование: '
            f"{_xf_time(time)}\n\t\t\t\t\t\t</div>")


def _xf_url(topic: int, i: int, per: int) -> str:
    page = f"page-{i + 1}" if i else ""
    return f"https://mafia-club.example/threads/mafiya.{topic}/{page}"


def _ipb_quote(author: str, pid: int, inner: str) -> str:
    # "ЦИТАТА(X)" with the snapback link to the quoted post: IPB 2's header of a quote
    # without a date (the quote markup is given none)
    who = html.escape(author)
    return (f"<!--QuoteBegin-{who}+--><div class='quotetop'>ЦИТАТА({who}) "
            f'<a href="http://mafia-island.example/forum/index.php?act=findpost&amp;pid={pid}">'
            "<img src='style_images/1/post_snapback.gif' alt='*' border='0' /></a></div>"
            f"<div class='quotemain'><!--QuoteEBegin-->{inner}<!--QuoteEnd--></div>"
            "<!--QuoteEEnd-->")


def _ipb_shown(time: datetime | None) -> str:
    # IPB 2's "j.n.Y, G:i": no leading zeros
    if time is None:
        return ""
    return f"{time.day}.{time.month}.{time.year}, {time.hour}:{time.minute:02d}"


def _ipb_edit(editor: str, time: datetime, uid: int) -> str:
    return (f'<br /><br /><span class="edit">Сообщение отредактировал {html.escape(editor)} - '
            f"{_ipb_shown(time)}</span>")


def _ucoz_quote(author: str, pid: int, inner: str) -> str:
    # the quote header names the author; its link to the quoted post (span.qAnchor) is left
    # out: uCoz's post link carries the quoted post's Unix time, which the quote markup is
    # not given
    return ('<!--uzquote--><div class="bbQuoteBlock"><div class="bbQuoteName" '
            'style="padding-left:5px;font-size:7pt"><b>Цитата</b> <span class="qName"><!--qn-->'
            f'{html.escape(author)}<!--/qn--></span></div><div class="quoteMessage" '
            'style="color:#000000;background-color:#F5F5F5;border:1px solid #DDDDDD;'
            f'padding:5px 8px;"><!--uzq-->{inner}<!--/uzq--></div></div><!--/uzquote-->')


def _ucoz_shown(time: datetime | None) -> str:
    if time is None:
        return ""
    return f"{_WEEKDAYS[time.weekday()]}, {time:%d.%m.%Y, %H:%M}"


def _ucoz_edit(editor: str, time: datetime, uid: int) -> str:
    return ('<br><br><div class="edited">Сообщение отредактировал <span class="editedBy">'
            f'{html.escape(editor)}</span> - <span class="editedTime">{_ucoz_shown(time)}'
            "</span></div>")


ENGINES: dict[str, RenderEngine] = {
    "phpbb33": RenderEngine(
        "phpbb33", "utf-8", _phpbb_quote, _phpbb_shown, _phpbb_edit,
        lambda topic, i, per: f"http://mafia.example.ru/viewtopic.php?t={topic}&start={per * i}",
        MSK),
    "vb38": RenderEngine(
        "vb38", "windows-1251", _vb_quote, _vb_shown, _vb_edit,
        lambda topic, i, per: f"http://mafia.example.ru/showthread.php?t={topic}&page={i + 1}",
        MSK),
    "smf21": RenderEngine(
        "smf21", "utf-8", _smf_quote, _smf_shown, _smf_edit,
        lambda topic, i, per: f"https://tram-depo.ru/forum/index.php?topic={topic}.{per * i}",
        UTC),
    "xf2": RenderEngine("xf2", "utf-8", _xf_quote, _xf_shown, _xf_edit, _xf_url, MSK),
    "ipb2": RenderEngine(
        "ipb2", "windows-1251", _ipb_quote, _ipb_shown, _ipb_edit,
        lambda topic, i, per: (f"http://mafia-island.example/forum/index.php?showtopic={topic}"
                               f"&st={per * i}"),
        UTC),
    "ucoz": RenderEngine(
        "ucoz", "windows-1251", _ucoz_quote, _ucoz_shown, _ucoz_edit,
        lambda topic, i, per: f"https://mafia-club.ucoz.ru/forum/5-{topic}-{i + 1}",
        UTC),
}
