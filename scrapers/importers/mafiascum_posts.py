"""mafiascum post JSONL (one JSON object per post, as scraped by the donbot project).

Every line becomes a post or stops the import with the file and line: a post that cannot be
read would be lost, so it is never skipped quietly.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import orjson

from engine.errors import BadInputError

REQUIRED: dict[str, type | tuple[type, ...]] = {
    "number": int,
    "id": (str, int),
    "user": str,
    "user_id": (str, int),
    "content": str,
    "time": str,
    "page": str,
    "thread": (str, int),
}
TIME_FORMAT = "%a %b %d, %Y %I:%M %p"  # "Fri Jul 20, 2012 5:38 pm", board-local


@dataclass
class RawPost:
    line: int
    number: int
    id: str
    user: str
    user_id: str
    content: str
    time: str
    page: str
    thread: str
    # the fields whose lone surrogates (half of a character the file's writer split, which
    # no UTF-8 game log can hold) were made U+FFFD: the importer reports them
    repaired: tuple[str, ...] = ()


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _repaired(obj: dict[str, object]) -> tuple[str, ...]:
    """The string fields of a decoded line holding a lone surrogate, each made U+FFFD in
    `obj`. Only the standard reader gives them (orjson refuses the line), so only its
    lines are looked at."""
    fixed = []
    for key in REQUIRED:
        value = obj[key]
        if isinstance(value, str) and _LONE_SURROGATE.search(value):
            obj[key] = _LONE_SURROGATE.sub("\ufffd", value)
            fixed.append(key)
    return tuple(fixed)


def read_bytes(path: Path) -> bytes:
    """The JSONL bytes, gunzipped when the name ends in .gz."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise BadInputError(str(path), None, f"cannot read: {exc.strerror or exc}") from exc
    if path.suffix == ".gz":
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError, zlib.error) as exc:
            raise BadInputError(str(path), None,
                                f"not a complete gzip file ({exc}); was it truncated?") from exc
    return data


def iter_posts(data: bytes, file: str) -> Iterator[RawPost]:
    """Posts of a JSONL file, checked field by field."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        at = data[: exc.start].count(b"\n") + 1
        raise BadInputError(file, f"line {at}", "not UTF-8 text") from exc
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            # orjson reads a line in a third of the standard reader's time; where it
            # refuses (a lone surrogate, NaN) or reads otherwise (an integer beyond 64 bits
            # made a float), the standard reader's answer is taken, so that a line reads
            # the same either way
            obj = orjson.loads(line)
        except orjson.JSONDecodeError:
            obj = None
        if not _well_formed(obj):
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                last = not any(ln.strip() for ln in lines[number:])
                hint = " (the last line is cut short: truncated file?)" if last else ""
                raise BadInputError(
                    file, f"line {number}",
                    f"not valid JSON at column {exc.colno}: {exc.msg}{hint}") from exc
            if not _well_formed(obj):
                _check(obj, file, number)  # raises, naming what is wrong
            assert isinstance(obj, dict)
            repaired = _repaired(obj)
            if repaired:
                yield RawPost(number, obj["number"], str(obj["id"]), obj["user"],
                              str(obj["user_id"]), obj["content"], obj["time"], obj["page"],
                              str(obj["thread"]), repaired)
                continue
        # by position: a keyword call binds each of the nine by name (two fifths of the
        # construction's time)
        yield RawPost(number, obj["number"], str(obj["id"]), obj["user"], str(obj["user_id"]),
                      obj["content"], obj["time"], obj["page"], str(obj["thread"]))


# TIME_FORMAT as the board writes it, read without `strptime` (25 us a post, an eighth of
# the import's time on posts): what this does not match goes to `strptime`
_TIME = re.compile(r"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct"
                   r"|Nov|Dec) (0?[1-9]|[12]\d|3[01]), (\d{4}) (1[0-2]|0?[1-9]):([0-5]\d) ([ap]m)")
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"),
    start=1)}


def _well_formed(obj: object) -> bool:
    """Whether a decoded line is a post with every field of REQUIRED of its type: the test
    `_check` makes, by exact types (JSON gives no subclasses; a bool is no number), in one
    expression, since it runs on every line."""
    if type(obj) is not dict:
        return False
    get = obj.get
    return (type(get("number")) is int and type(get("id")) in _ID_TYPES
            and type(get("user")) is str and type(get("user_id")) in _ID_TYPES
            and type(get("content")) is str and type(get("time")) is str
            and type(get("page")) is str and type(get("thread")) in _ID_TYPES)


_ID_TYPES = (str, int)


def _check(obj: object, file: str, number: int) -> None:
    """Raise for the first thing wrong with a decoded line (`_well_formed` said it is)."""
    if not isinstance(obj, dict):
        raise BadInputError(file, f"line {number}",
                            f"expected a JSON object, got {type(obj).__name__}")
    for key, kind in REQUIRED.items():
        if key not in obj:
            raise BadInputError(file, f"line {number}", f"post is missing the field {key!r}")
        if not isinstance(obj[key], kind) or isinstance(obj[key], bool):
            raise BadInputError(file, f"line {number}",
                                f"field {key!r} has the wrong type: {obj[key]!r}")


# The date ("Fri Jul 20, 2012") and the clock ("5:38", "pm") of times `_TIME` read, each
# as read: a thread's posts share a few hundred days and the 1440 minutes of a day, while
# few share a whole time (a ninth). A time whose date and clock are both here is theirs:
# `_TIME` is a date, a space, a clock and a space and a half-day, none of them holding a
# space, so `rsplit(" ", 2)` parts it as the regex does. At most _KEPT of each are kept.
_DATES: dict[str, tuple[int, int, int]] = {}
_CLOCKS: dict[tuple[str, str], tuple[int, int]] = {}
_KEPT = 100_000


def parse_time(raw: str, zone: ZoneInfo) -> datetime | None:
    """The board-local time as an aware datetime in `zone`; None when it does not parse."""
    parts = raw.rsplit(" ", 2)
    if len(parts) == 3:
        date = _DATES.get(parts[0])
        if date is not None:
            clock = _CLOCKS.get((parts[1], parts[2]))
            if clock is not None:
                return datetime(*date, *clock, tzinfo=zone)
    m = _TIME.fullmatch(raw.strip())
    try:
        if m is None:
            return datetime.strptime(raw.strip(), TIME_FORMAT).replace(tzinfo=zone)
        month, day, year, hour, minute, half = m.groups()
        # %I: 12 am is midnight, 12 pm noon
        hour24 = int(hour) % 12 + (12 if half == "pm" else 0)
        read = datetime(int(year), _MONTHS[month], int(day), hour24, int(minute), tzinfo=zone)
    except ValueError:  # no such time, or a day the month has not ("Feb 30")
        return None
    if m.string is raw and len(_DATES) < _KEPT and len(_CLOCKS) < _KEPT:
        # read from `raw` itself (nothing stripped): its parts are the regex's
        _DATES[parts[0]] = (read.year, read.month, read.day)
        _CLOCKS[parts[1], parts[2]] = (read.hour, read.minute)
    return read
