"""Forum dates in Russian, English, Chinese and the main European languages, absolute and
relative, into aware datetimes.

Forums print times in the viewer's zone in many shapes: "Пт июл 20, 2012 17:38", "20 июля
2012, 17:38", "20.07.2012, 17:38", "07-20-2012, 05:38 PM", "Jul 20 2012, 05:38 PM",
"Сегодня, 17:38", "Yesterday at 5:38 PM", "2012-07-20 17:38:00", and as Chinese boards
(Discuz!) print them: "2019-3-4 09:05", "2019年3月4日 09:05", "前天 09:05", "昨天 09:05",
"3 天前", "半小时前", "5 分钟前", "刚刚". Month names are matched in any case and grammatical
case (июль, июля, июле, июл.) by their stem. "Today", "yesterday" and "N hours ago" are
anchored to the page's capture or save date, never to the clock of the machine reading it.
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
    # German (Jänner in Austria), Dutch, French, Spanish, Portuguese, Italian
    ("jän", 1), ("mär", 3), ("mai", 5), ("okt", 10), ("dez", 12), ("maa", 3), ("mei", 5),
    ("fév", 2), ("avr", 4), ("aoû", 8), ("déc", 12), ("juin", 6), ("juil", 7),
    ("ene", 1), ("abr", 4), ("dic", 12), ("fev", 2), ("set", 9), ("out", 10),
    ("gen", 1), ("mag", 5), ("giu", 6), ("lug", 7), ("ott", 10), ("ago", 8),
    # Polish and Ukrainian (their stems differ from every other here)
    ("sty", 1), ("lut", 2), ("kwi", 4), ("maj", 5), ("cze", 6), ("lip", 7), ("sie", 8),
    ("wrz", 9), ("paź", 10), ("paz", 10), ("lis", 11), ("gru", 12),
    ("січ", 1), ("лют", 2), ("бер", 3), ("кві", 4), ("тра", 5), ("чер", 6), ("лип", 7),
    ("сер", 8), ("вер", 9), ("жов", 10), ("лис", 11), ("гру", 12),
)
# stems that are also common words ("Gen 2", "set 3", "out 5", "3 days ago", Polish "się"):
# a month only in a text that also has a four-digit year
_AMBIGUOUS_STEMS = frozenset({"gen", "set", "out", "ago", "sie", "lis", "lip", "mag", "maj"})
_WORD = re.compile(r"[^\W\d_]+")  # letters of any script ("März", "février", "março")
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
# Chinese has no word boundaries: 前天/昨天/今天 are matched as they stand
# (the day before yesterday first: its words hold yesterday's); French "hier" is German for
# "here", so it counts only before a time
_RELATIVE = (
    (re.compile(r"позавчера|前天|\b(?:vorgestern|avant-hier|anteayer|anteontem|eergisteren|"
                r"przedwczoraj|l'altro\s*ieri)\b", re.I), 2),
    (re.compile(r"\b(?:сегодня|сьогодні|today|heute|aujourd'hui|hoy|hoje|oggi|vandaag|"
                r"dzisiaj|dziś)\b|今天", re.I), 0),
    (re.compile(r"\b(?:вчера|вчора|yesterday|gestern|ayer|ontem|ieri|gisteren|wczoraj)\b|"
                r"\bhier\b(?=\s*(?:à|,|\d))|昨天", re.I), 1),
)
# "3 天前", "2 小时前", "半小时前", "5 分钟前", "10 秒前", "刚刚" (Discuz! prints these for recent
# posts, the exact time in the element's title); "2 hours ago", "1 week 2 days ago"
_AGO_CHUNK = re.compile(
    r"(\d+|半|\ban?\b|\bone\b)\s*(周|週|星期|天|小时|小時|个小时|個小時|分钟|分鐘|秒|"
    # (a word of these ends where its letters do; Chinese has no word boundary to demand)
    r"(?:weeks?|days?|hours?|minutes?|mins?|seconds?|secs?|"
    # Russian and Ukrainian, German, French, Spanish and Portuguese, Italian, Dutch, Polish
    # by their stems (any case and number: "часа", "Stunden", "heures", "horas", "ore")
    r"недел\w*|тиж\w*|дн\w*|день|час\w*|годин\w*|мин\w*|хв\w*|сек\w*|"
    r"woche\w*|tag\w*|stunde\w*|minute\w*|sekunde\w*|semaine\w*|jours?|heures?|"
    r"secondes?|semanas?|d[ií]as?|horas?|minutos?|segundos?|settiman\w*|giorn\w*|ore|ora|"
    r"minut\w*|second\w*|weken|week|dagen|dag|uur|minuut|seconden|tygodni\w*|tydzień|"
    r"dni|dzień|godzin\w*|sekund\w*)\b)",
    re.I)
_AGO_END = re.compile(r"(?:前|\bago|\bназад|\bтому|\bfa|\bgeleden|\btemu)\s*$", re.I)
_AGO_START = re.compile(r"^\s*(?:vor|il y a|hace|há|ha)\s", re.I)
_JUST_NOW = re.compile(r"^\s*(?:刚刚|剛剛|just now|только что|gerade eben|à l'instant)\s*$",
                       re.I)
# simplified and traditional (Big5 boards) Chinese, and English
_AGO_UNIT = {"周": 604800, "週": 604800, "星期": 604800, "天": 86400,
             "小时": 3600, "小時": 3600, "个小时": 3600, "個小時": 3600,
             "分钟": 60, "分鐘": 60, "秒": 1,
             "week": 604800, "day": 86400, "hour": 3600, "minute": 60, "min": 60,
             "second": 1, "sec": 1}
# the other languages' units by the start of the word, longest first where two share one
_AGO_STEMS = (("недел", 604800), ("тиж", 604800), ("woche", 604800), ("semaine", 604800),
              ("semana", 604800), ("settiman", 604800), ("week", 604800), ("tydzień", 604800),
              ("tygodni", 604800), ("дн", 86400), ("день", 86400), ("tag", 86400),
              ("jour", 86400), ("día", 86400), ("dia", 86400), ("giorn", 86400),
              ("dag", 86400), ("dni", 86400), ("dzień", 86400), ("час", 3600),
              ("годин", 3600), ("stunde", 3600), ("heure", 3600), ("hora", 3600),
              ("ore", 3600), ("ora", 3600), ("uur", 3600), ("godzin", 3600),
              ("мин", 60), ("хв", 60), ("minu", 60), ("сек", 1), ("sek", 1), ("second", 1),
              ("segund", 1))
_UTC_OFFSET = re.compile(
    r"(?:UTC|GMT)\s*(?P<sign>[+\-−])\s*(?P<hours>\d{1,2})(?:[:.](?P<minutes>\d{2}))?", re.I)


_MONTH_BY_STEM = dict(_MONTH_STEMS)


def month_of(word: str) -> int | None:
    """1-12 for a month name in any form, else None: by the word's first four letters where
    three are not enough (French "juin"/"juil", Spanish "agosto" beside English "ago"),
    else its first three (every Russian and English month differs there, "мая"/"май"/"мае"
    included)."""
    w = word.lower().rstrip(".")
    if len(w) < 3:
        return None
    return _MONTH_BY_STEM.get(w[:4]) or _MONTH_BY_STEM.get(w[:3])


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
    ago = _ago(text, tz, anchor)
    if ago is not None:
        return ago
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
        has_year = _YEAR.search(text_wo_time) is not None
        # "8th March", "March 8th", "1er mai"
        text_wo_time = _ORDINAL.sub("", text_wo_time)
        words = [(w.start(), w.end(), month_of(w.group(0)))
                 for w in _WORD.finditer(text_wo_time)
                 if has_year or w.group(0).lower()[:3] not in _AMBIGUOUS_STEMS]
        found = [(s, e, n) for s, e, n in words if n is not None]
        if not found:
            return None
        # the first month word with a day number beside it: a nick or subject before the
        # date ("Марта", "Мартовская мафия") starts with a month stem too
        for start, end, candidate in found:
            after = re.match(r"\.?\s*(\d{1,2})(?!\d)", text_wo_time[end:])
            # "7 марта", "7. März" (German), "7 de marzo" (Spanish, Portuguese)
            before = re.search(r"(?<![\d.])(\d{1,2})\.?\s*(?:de\s+)?$", text_wo_time[:start])
            if before or after:
                month = candidate
                day = int(before[1]) if before else int(after[1]) if after else None
                break
        if day is None or month is None:
            return None
        ym = _YEAR.search(text_wo_time)
        if ym:
            year = int(ym[1])
        elif local_anchor is not None:
            year = _year_before(local_anchor, month, day, _weekday(text_wo_time))
        else:
            return None
    if year is None or month is None or day is None:
        return None
    return year, month, day


# weekday names by their first three letters (English, Russian, German, French, Spanish,
# Italian, Portuguese), and the two-letter abbreviations as words of their own ("Пн", "So")
_WEEKDAYS = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6,
             "пон": 0, "вто": 1, "сре": 2, "чет": 3, "пят": 4, "суб": 5, "вос": 6,
             "mit": 2, "don": 3, "fre": 4, "son": 6,
             "lun": 0, "mer": 2, "jeu": 3, "ven": 4, "sam": 5, "dim": 6, "mié": 2, "jue": 3,
             "vie": 4, "sáb": 5, "sab": 5, "dom": 6, "gio": 3, "seg": 0, "ter": 1, "qua": 2,
             "qui": 3, "sex": 4}
_WEEKDAYS_SHORT = {"пн": 0, "вт": 1, "ср": 2, "чт": 3, "пт": 4, "сб": 5, "вс": 6,
                   "mo": 0, "di": 1, "mi": 2, "do": 3, "fr": 4, "sa": 5, "so": 6}


def _weekday(text: str) -> int | None:
    """The weekday a date text names ("Sunday 8th March", "Пн мар 04"), if it names one."""
    for w in _WORD.finditer(text):
        word = w.group(0).lower()
        if len(word) == 2 and word in _WEEKDAYS_SHORT:
            return _WEEKDAYS_SHORT[word]
        if len(word) >= 3 and word[:3] in _WEEKDAYS and month_of(word) is None:
            return _WEEKDAYS[word[:3]]
    return None


def _year_before(anchor: datetime, month: int, day: int, weekday: int | None) -> int:
    """The year of a date printed without one: the latest year whose date is not after the
    capture (a page saved in January shows December's posts of the year before) and, when
    the text names a weekday, falls on it ("Sunday 8th March" saved in 2021 is 2020's);
    the latest year not after the capture when no year of the last twelve has that
    weekday."""
    years: list[int] = []
    for candidate in range(anchor.year, anchor.year - 12, -1):
        try:
            if datetime(candidate, month, day).date() <= anchor.date():
                years.append(candidate)
        except ValueError:  # 29 February of a common year
            continue
    for candidate in years:
        if weekday is None or datetime(candidate, month, day).weekday() == weekday:
            return candidate
    return years[0] if years else anchor.year


def _ago(text: str, tz: tzinfo, anchor: datetime | None) -> datetime | None:
    """A time written as a span before the capture ("3 天前", "半小时前", "2 hours ago",
    "刚刚"): the anchor less the span, to the minute; None for any other text, or when there
    is no anchor to count back from."""
    if anchor is None:
        return None
    if _JUST_NOW.match(text):
        return anchor.astimezone(tz).replace(second=0, microsecond=0)
    if not (_AGO_END.search(text) or _AGO_START.match(text)):
        return None
    seconds = 0
    for m in _AGO_CHUNK.finditer(text):
        factor = _ago_unit(m[2].lower())
        if factor is None:
            return None
        count = m[1].lower()
        seconds += ((factor // 2) if count == "半" else factor if not count.isdigit()
                    else int(count) * factor)
    if not seconds:
        return None
    return (anchor.astimezone(tz) - timedelta(seconds=seconds)).replace(second=0, microsecond=0)


def _ago_unit(unit: str) -> int | None:
    """Seconds in a unit of a relative time, in any of the languages `_AGO_CHUNK` reads."""
    if unit in _AGO_UNIT:
        return _AGO_UNIT[unit]
    if unit.rstrip("s") in _AGO_UNIT:
        return _AGO_UNIT[unit.rstrip("s")]
    return next((n for stem, n in _AGO_STEMS if unit.startswith(stem)), None)


# a span in months or years ("2 years ago", "3 месяца назад", "vor 2 Jahren", "il y a 3 mois"):
# too coarse to place a post in a day's vote count, so never made a time
_COARSE_AGO = re.compile(
    r"(?:\d+|\ban?\b|\bone\b)\s*(?:years?|months?|год\w*|лет|месяц\w*|рок\w*|міс\w*|"
    r"jahr\w*|monat\w*|ans?|années?|mois|años?|mes(?:es)?|anni|anno|mes[ei]|jaar|maand\w*|"
    r"lat|miesi\w*)\b", re.I)
# a span's word anywhere in the text ("2 years ago (last modified 2 years ago)")
_AGO_WORD = re.compile(r"前|\b(?:ago|назад|тому|fa|geleden|temu)\b|^\s*(?:vor|il y a|hace|há)\s",
                       re.I)
# any date printed in a way that the capture's date completes (a weekday, a month, today)
_SOME_ANCHOR = datetime(2000, 6, 15, 12, 0, tzinfo=UTC)


def unread_reason(raw: str, tz: tzinfo, anchor: datetime | None, *, day_first: bool = True
                  ) -> str:
    """Why `parse_forum_date` gives no time for `raw`, in words for the reader's issue list:
    a span too coarse to place, a date the unknown capture date would complete (relative, or
    without a year), or a text that is no date this reader knows."""
    text = " ".join(raw.split())
    if _AGO_WORD.search(text) and _COARSE_AGO.search(text):
        return ("a span in months or years before the capture is too coarse to place the "
                "post in time")
    if anchor is None and parse_forum_date(text, tz, anchor=_SOME_ANCHOR,
                                           day_first=day_first) is not None:
        return ("the date is relative or has no year, and the page's capture date is "
                "unknown (a Wayback capture or a saved file's time gives it)")
    return "not a date this reader knows"


def needs_capture(raw: str, tz: tzinfo, *, day_first: bool = True) -> bool:
    """Whether `raw` is a time that only the page's capture date can place (or none can):
    relative, without a year, or a span in months or years."""
    return unread_reason(raw, tz, None, day_first=day_first) != "not a date this reader knows"


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
