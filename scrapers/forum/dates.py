"""Forum dates in Russian and English, absolute and relative, into aware datetimes.

Forums print times in the viewer's zone in many shapes: "Пт июл 20, 2012 17:38", "20 июля
2012, 17:38", "20.07.2012, 17:38", "07-20-2012, 05:38 PM", "Jul 20 2012, 05:38 PM",
"Сегодня, 17:38", "Yesterday at 5:38 PM", "2012-07-20 17:38:00". Month names are matched in
any case and grammatical case (июль, июля, июле, июл.) by their stem. "Today" and "yesterday"
are anchored to the page's capture or save date, never to the clock of the machine reading it.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache

from scrapers.forum.marks import places

_MONTH_STEMS: tuple[tuple[str, int], ...] = (
    ("янв", 1), ("фев", 2), ("мар", 3), ("апр", 4), ("мая", 5), ("май", 5), ("мае", 5),
    ("июн", 6), ("июл", 7), ("авг", 8), ("сен", 9), ("окт", 10), ("ноя", 11), ("дек", 12),
    ("jan", 1), ("feb", 2), ("mar", 3), ("apr", 4), ("may", 5), ("jun", 6), ("jul", 7),
    ("aug", 8), ("sep", 9), ("oct", 10), ("nov", 11), ("dec", 12),
)
_WORD = re.compile(r"[^\W\d_]+")
_TIME = re.compile(
    r"(?<![\d.:])(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([ap])\.?\s?m\b\.?)?", re.I)
_ISO = re.compile(r"(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)")
_DOTTED = re.compile(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?![\d])")
_SLASHED = re.compile(r"(?<![\d/-])(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?![\d])")
_YEAR = re.compile(r"(?<![\d:.])(\d{4})(?![\d:])")
# "2020年2月9日", "2020년 2월 9일" (Chinese, Japanese, Korean)
_CJK = re.compile(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]?")
# "16-Jun-20", "16 Jun 20" with a two-digit year
_DAY_MON_YY = re.compile(r"(?<![\d:.])(\d{1,2})[-\s]([^\W\d_]{3,})\.?[-\s](\d{2})(?![\d:])")
_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th|er|e|º|ª)\b", re.I)
_RELATIVE = (
    (re.compile(r"позавчера", re.I), 2),
    (re.compile(r"\b(?:сегодня|today)\b", re.I), 0),
    (re.compile(r"\b(?:вчера|yesterday)\b", re.I), 1),
)
_UTC_OFFSET = re.compile(
    r"(?:UTC|GMT)\s*(?P<sign>[+\-−])\s*(?P<hours>\d{1,2})(?:[:.](?P<minutes>\d{2}))?", re.I)


# the stems of other languages' months that differ from the English ones (German,
# French, Spanish, Italian, Portuguese, Dutch), where no common English word starts so:
# "set", "gen", "out", "ago" (which "2 days ago" would make a date) are left out
_OTHER_STEMS: tuple[tuple[str, int], ...] = (
    ("mär", 3), ("mrz", 3), ("mai", 5), ("okt", 10), ("dez", 12), ("fév", 2), ("fev", 2),
    ("avr", 4), ("aoû", 8), ("déc", 12), ("ene", 1), ("abr", 4), ("dic", 12), ("giu", 6),
    ("lug", 7), ("ott", 10), ("mei", 5), ("maa", 3),
)
# four letters where three are not enough (French juin/juillet)
_MONTH_BY_FOUR = {"juin": 6, "juil": 7}
_MONTH_BY_STEM = dict(_MONTH_STEMS + _OTHER_STEMS)


def month_of(word: str) -> int | None:
    """1-12 for a month name in Russian, English (or German, French, Spanish, Italian,
    Portuguese, Dutch) in any form, else None (by the word's first three letters: every
    Russian and English month differs there, "мая"/"май"/"мае" included)."""
    w = word.lower().rstrip(".")
    if len(w) < 3:
        return None
    return _MONTH_BY_FOUR.get(w[:4]) or _MONTH_BY_STEM.get(w[:3])


def _year(text: str) -> int:
    year = int(text)
    return year + 2000 if year < 100 else year


def parse_forum_date(raw: str, tz: tzinfo, *, anchor: datetime | None = None,
                     day_first: bool = True) -> datetime | None:
    """An aware datetime from a forum's date text, or None when it cannot be read.

    `anchor` (aware) resolves "today"/"yesterday" and dates printed without a year.
    `day_first` decides numeric dates like 07-08-2012 when both numbers could be the month.
    """
    text = " ".join(raw.replace("\xa0", " ").split())
    if not text:
        return None
    hour = minute = second = 0
    tm = _TIME.search(text)
    if tm:
        hour, minute = int(tm[1]), int(tm[2])
        second = int(tm[3]) if tm[3] else 0
        if tm[4]:
            if hour > 12:
                return None
            hour = hour % 12 + (12 if tm[4].lower() == "p" else 0)
        text_wo_time = text[: tm.start()] + " " + text[tm.end():]
    else:
        text_wo_time = text
    ymd = _day_of(text_wo_time, tz, anchor, day_first)
    if ymd is None:
        return None
    try:
        return datetime(ymd[0], ymd[1], ymd[2], hour, minute, second, tzinfo=tz)
    except ValueError:
        return None


# the posts of a page share a handful of days ("Thu Aug 31, 2017" before each hh:mm): the
# day is read once per distinct text (in zone and anchor, which "today" and a missing year
# depend on); the time of day is read on every call
@lru_cache(maxsize=4096)
def _day_of(text_wo_time: str, tz: tzinfo, anchor: datetime | None, day_first: bool
            ) -> tuple[int, int, int] | None:
    """Year, month and day of a date text the time of day was taken out of; None when it
    names no day (or is relative and there is no anchor)."""
    local_anchor = anchor.astimezone(tz) if anchor is not None else None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    for rx, back in _RELATIVE:
        if rx.search(text_wo_time):
            if local_anchor is None:
                return None
            d = (local_anchor - timedelta(days=back)).date()
            day, month, year = d.day, d.month, d.year
            break
    if day is None and (m := _CJK.search(text_wo_time)):
        year, month, day = int(m[1]), int(m[2]), int(m[3])
    if day is None and (m := _ISO.search(text_wo_time)):
        year, month, day = int(m[1]), int(m[2]), int(m[3])
    if day is None and (m := _DOTTED.search(text_wo_time)):
        day, month, year = int(m[1]), int(m[2]), _year(m[3])
    if day is None and (m := _SLASHED.search(text_wo_time)):
        a, b, year = int(m[1]), int(m[2]), _year(m[3])
        if a > 12 or (day_first and b <= 12):
            day, month = a, b
        else:
            month, day = a, b
    if day is None and (m := _DAY_MON_YY.search(text_wo_time)) and month_of(m[2]):
        day, month, year = int(m[1]), month_of(m[2]), _year(m[3])
    if day is None:
        # "8th March", "March 8th", "1er mai"
        text_wo_time = _ORDINAL.sub("", text_wo_time)
        words = [(w.start(), w.end(), month_of(w.group(0)))
                 for w in _WORD.finditer(text_wo_time)]
        found = [(s, e, n) for s, e, n in words if n is not None]
        if not found:
            return None
        # the first month word with a day number beside it: a nick or subject before the
        # date ("Марта", "Мартовская мафия") starts with a month stem too
        for start, end, candidate in found:
            after = re.match(r"\.?\s*(\d{1,2})(?!\d)", text_wo_time[end:])
            # "20 April", "20. April" (German), "20 de abril"
            before = re.search(r"(?<![\d.])(\d{1,2})\.?\s*(?:de\s+)?$", text_wo_time[:start])
            if before or after:
                month = candidate
                day = int(before[1]) if before else int(after[1]) if after else None
                break
        if day is None:
            return None
        ym = _YEAR.search(text_wo_time)
        if ym:
            year = int(ym[1])
        elif local_anchor is not None:
            year = local_anchor.year
        else:
            return None
    if year is None or month is None or day is None:
        return None
    return year, month, day


def from_unix(value: str | int | None, tz: tzinfo) -> datetime | None:
    """A Unix timestamp (XenForo `data-time`, vBulletin 5 `data-timestamp`) in `tz`."""
    if value is None:
        return None
    try:
        return datetime.fromtimestamp(int(value), tz=UTC).astimezone(tz)
    except (ValueError, OverflowError, OSError):
        return None


def from_iso(value: str | None, tz: tzinfo) -> datetime | None:
    """An ISO 8601 attribute (`<time datetime=...>`); a naive one is read in `tz`."""
    if not value:
        return None
    try:
        dt = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    # shown in the reading zone, like every other time of the page
    return dt.replace(tzinfo=tz) if dt.tzinfo is None else dt.astimezone(tz)


def utc_offset_in(text: str) -> timezone | None:
    """The zone a page states, e.g. phpBB's "Часовой пояс: UTC + 3 часа" or "All times are
    UTC - 5 hours"; None when the page states none."""
    m = _UTC_OFFSET.search(text)
    if m is None:
        return None
    minutes = int(m["hours"]) * 60 + int(m["minutes"] or 0)
    if minutes > 14 * 60:
        return None
    sign = -1 if m["sign"] in "-−" else 1
    return timezone(sign * timedelta(minutes=minutes))


_STATED = re.compile(
    r"(?:all times are|часовой пояс|все время|время|times? (?:are|is) in)\s*:?\s*"
    r"(?:указано\s*)?(?:(?:по|в)\s*)?(?:UTC|GMT)"
    r"(?:\s*(?P<sign>[+\-−])\s*(?P<hours>\d{1,2})(?:(?P<sep>[:.])(?P<frac>\d{1,2}))?)?"
    r"(?:\s*(?:hours?|час\w*))?"
    r"(?P<dst>\s*[\[(]\s*(?:DST|Daylight Saving Time|летнее время)\s*[\])])?",
    re.I)

_LAST_ASCII_ALNUM = re.compile(r".*[A-Za-z0-9]", re.S)
_LEAD_MAX = len("all times are")  # the longest of `_STATED`'s leading phrases


def _zone_words(text: str) -> list[int]:
    """Every place `text` has what `_STATED`'s (?:UTC|GMT) matches, in order (those letters
    have no case forms beyond ASCII): found by substring scans, where a case-insensitive
    regex tries every position."""
    return sorted(places(text, "utc") + places(text, "gmt"))


def _statements(text: str) -> list[re.Match[str]]:
    """What `_STATED.finditer(text)` finds, trying only where a statement can start. A
    statement holds a zone word, and between its leading phrase and that word are only
    spaces, ":" and Russian words (no ASCII letter or digit): it starts at most `_LEAD_MAX`
    before the last ASCII letter or digit ahead of a zone word, and not after the word."""
    found: list[re.Match[str]] = []
    pos = prev = 0  # where the next statement may start; a place before the zone word
    for word in _zone_words(text):
        if word < pos:
            continue
        before = _LAST_ASCII_ALNUM.match(text, prev, word)
        prev = word
        start = max(pos, (before.end() if before else 0) - _LEAD_MAX)
        if word - start > 256:
            # a long run of Russian text: let the regex scan it (no statement starts
            # between `pos` and `start`, so its first find is finditer's next)
            m = _STATED.search(text, start)
            if m is None:
                break
            found.append(m)
            pos = m.end()
            continue
        for i in range(start, word + 1):
            m = _STATED.match(text, i)
            if m is not None:
                found.append(m)
                pos = m.end()
                break
    return found


def stated_zone(text: str) -> tuple[timezone, str] | None:
    """The zone a page says its times are in, from its text (not its markup: phpBB writes
    "UTC [ <abbr>DST</abbr> ]"): "All times are GMT -5", "Часовой пояс: UTC + 3 часа
    [ Летнее время ]", "UTC + 5:30", "UTC+03:00". The last statement wins (the footer comes
    last); "[ DST ]" adds an hour, as phpBB 3.0 does. None when the page says nothing."""
    # the footer is near the end; read the tail first, the whole text only if needed
    found = _statements(text[-6000:]) or _statements(text)
    if not found:
        return None
    m = found[-1]
    minutes = 0
    if m["hours"]:
        minutes = int(m["hours"]) * 60
        if m["frac"]:
            # "5:30" is minutes; a decimal "5.5" is tenths of an hour
            minutes += int(m["frac"]) if m["sep"] == ":" else int(m["frac"]) * 6
        if m["sign"] in "-−":
            minutes = -minutes
    if m["dst"]:
        minutes += 60
    if abs(minutes) > 14 * 60:
        return None
    return timezone(timedelta(minutes=minutes)), " ".join(m.group(0).split())
