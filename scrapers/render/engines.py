"""The forum engines a thread can be rendered in: each one's page templates (templates/
<prefix>_{head,post,tail}.html, cut from the project's own fixture pages), code page, quote
markup, date as the page shows it, edit notice and page address (for Wayback captures).

A post template has the fields post_id, uid, number, nick, iso, shown, content, edit, bg and
title; head and tail have title, topic, start, page and pages."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

MSK = timezone(timedelta(hours=3))  # both fixture forums are Moscow's
_MONTHS = ("янв", "фев", "мар", "апр", "май", "июн", "июл", "авг", "сен", "окт", "ноя", "дек")


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


ENGINES: dict[str, RenderEngine] = {
    "phpbb33": RenderEngine(
        "phpbb33", "utf-8", _phpbb_quote, _phpbb_shown, _phpbb_edit,
        lambda topic, i, per: f"http://mafia.example.ru/viewtopic.php?t={topic}&start={per * i}",
        MSK),
    "vb38": RenderEngine(
        "vb38", "windows-1251", _vb_quote, _vb_shown, _vb_edit,
        lambda topic, i, per: f"http://mafia.example.ru/showthread.php?t={topic}&page={i + 1}",
        MSK),
}
