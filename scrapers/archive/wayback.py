"""Wayback Machine captures: take the archive's toolbar and scripts out, give links back
their original addresses, and read when the page was captured.

A capture carries the toolbar between ``<!-- BEGIN WAYBACK TOOLBAR INSERT -->`` and
``<!-- END WAYBACK TOOLBAR INSERT -->``, its scripts in the head up to
``<!-- End Wayback Rewrite JS Include -->``, links rewritten to
``https://web.archive.org/web/<14-digit stamp>[im_|js_|cs_]/<original>``, and a trailer
comment "FILE ARCHIVED ON 12:34:56 Jan 01, 2015 AND RETRIEVED FROM THE INTERNET ARCHIVE ON
...". The trailer's time (UTC) is the capture time; the stamp in the page's own address is the
fallback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

_TOOLBAR = re.compile(
    r"<!--\s*BEGIN WAYBACK TOOLBAR INSERT\s*-->.*?<!--\s*END WAYBACK TOOLBAR INSERT\s*-->",
    re.S | re.I)
_HEAD_SCRIPTS = re.compile(
    r"<script[^>]*?(?:archive\.org|/_static/js/)[^>]*>.*?<!--\s*End Wayback Rewrite JS Include"
    r"\s*-->", re.S | re.I)
_LOOSE_SCRIPTS = re.compile(
    r"<script[^>]*(?:src=[\"'][^\"']*(?:archive\.org|/_static/)[^\"']*[\"'])[^>]*>\s*</script>"
    r"|<link[^>]*href=[\"'][^\"']*/_static/[^\"']*[\"'][^>]*>", re.I)
_TRAILER = re.compile(
    r"<!--\s*FILE ARCHIVED ON (?P<time>\d{1,2}:\d{2}:\d{2} \w{3} \d{1,2}, \d{4}) AND RETRIEVED"
    r".*?-->", re.S)
_WOMBAT = re.compile(r"""__wm\.wombat\(\s*["'](?P<url>[^"']+)["']\s*,\s*["'](?P<stamp>\d{14})""")
_REWRITTEN = re.compile(
    r"(?:https?:)?(?://web\.archive\.org)?/web/(?P<stamp>\d{1,14})(?:[a-z]{2}_)?/"
    r"(?=(?:https?:)?//|[a-z0-9.-]+\.[a-z]{2,}/)", re.I)
_MARKERS = re.compile(r"BEGIN WAYBACK TOOLBAR INSERT|FILE ARCHIVED ON|__wm\.wombat|"
                      r"web\.archive\.org/web/\d{14}")
# a literal each of `_MARKERS`' alternatives contains: plain substring scans (fast, in C)
# rule out most pages before the regex, which tests every position, runs at all
_MARKER_LITERALS = ("BEGIN WAYBACK TOOLBAR INSERT", "FILE ARCHIVED ON", "web.archive.org/web/",
                    "__wm.wombat")


@dataclass(frozen=True)
class Unwrapped:
    text: str
    wayback: bool
    captured_at: datetime | None
    original_url: str | None


def is_wayback(text: str) -> bool:
    if not any(literal in text for literal in _MARKER_LITERALS):
        return False
    return _MARKERS.search(text) is not None


def _stamp_time(stamp: str) -> datetime | None:
    stamp = stamp.ljust(14, "0")
    try:
        return datetime.strptime(stamp, "%Y%m%d%H%M%S").replace(tzinfo=UTC)
    except ValueError:
        return None


def unwrap(text: str) -> Unwrapped:
    """The page as the forum served it, and the capture time, when `text` is a capture."""
    if not is_wayback(text):
        return Unwrapped(text, False, None, None)
    captured: datetime | None = None
    m = _TRAILER.search(text)
    if m:
        try:
            captured = datetime.strptime(m["time"], "%H:%M:%S %b %d, %Y").replace(tzinfo=UTC)
        except ValueError:
            captured = None
    original = None
    w = _WOMBAT.search(text)
    if w:
        original = w["url"]
        if captured is None:
            captured = _stamp_time(w["stamp"])
    if captured is None:
        stamps = [s.group("stamp") for s in _REWRITTEN.finditer(text)]
        if stamps:
            captured = _stamp_time(max(set(stamps), key=stamps.count))
    out = _TOOLBAR.sub("", text)
    out = _HEAD_SCRIPTS.sub("", out)
    out = _LOOSE_SCRIPTS.sub("", out)
    out = _TRAILER.sub("", out)
    out = _REWRITTEN.sub("", out)
    return Unwrapped(out, True, captured, original)
