"""Bytes of a saved page to text: BOM, then the page's declared charset (checked), then
detection, with a check that Cyrillic decodes as Cyrillic.

Russian forums are mostly windows-1251, older ones KOI8-R, newer UTF-8; saved copies keep
the bytes but not always a true <meta>: a page re-saved by a browser may declare UTF-8 over
windows-1251 bytes, or ISO-8859-1 over Cyrillic. A declared charset is believed only when
the text it gives is plausible.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from charset_normalizer import from_bytes

_META = re.compile(
    rb"""<meta[^>]+?charset\s*=\s*["']?\s*([a-z0-9_\-:.]+)""", re.I)
_XML = re.compile(rb"""^\s*<\?xml[^>]+encoding\s*=\s*["']([a-z0-9_\-]+)""", re.I)
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"),
         (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_SINGLE_BYTE = ("cp1251", "koi8-r")  # the two that Russian forums really used


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str  # codec used
    declared: str | None  # what the page said, if anything
    how: str  # bom | declared | detected | utf-8 | fallback
    lossy: bool = False  # undecodable bytes were replaced


def _codec(name: str) -> str | None:
    try:
        return codecs.lookup(name.decode("ascii", "replace") if isinstance(name, bytes)
                             else name).name
    except LookupError:
        return None


def declared_charset(data: bytes) -> str | None:
    head = data[:8192]
    m = _XML.search(head) or _META.search(head)
    return m.group(1).decode("ascii", "replace").lower() if m else None


_CYR_LOWER = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
_FREQUENT = frozenset("оеаинтсрвлкмдпу")
_CYR_RUN = re.compile(r"[а-яёА-ЯЁ]{2,}")
_ASCII_BYTES = bytes(range(0x80))
_HIGH_MARKS = bytes(0x80) + b"\1" * 0x80  # ASCII bytes to 0, the others to 1


def _is_cyr(c: str) -> bool:
    return c.lower() in _CYR_LOWER and c.isalpha()


def _score(cyr: int, letters: int, adjacent: int, lower: int, frequent: int) -> float:
    if not letters or not cyr:
        return 0.0
    return (cyr / letters) * (min(adjacent, cyr) / cyr) * (0.4 * lower / cyr
                                                          + 0.6 * frequent / cyr)


def cyrillic_score(text: str) -> float:
    """How much `text` reads like Russian, 0..1: the share of non-ASCII letters that are
    Cyrillic, times the share of those standing next to another Cyrillic letter (words, not
    the lone "й" that a misread "é" becomes), times how lowercase and frequent they are
    (a cp1251 page read as KOI8-R turns into capitals and rare letters)."""
    letters = cyr = lower = frequent = 0
    for c in text:
        if ord(c) > 127 and c.isalpha():
            letters += 1
            if _is_cyr(c):
                cyr += 1
                lower += c.islower()
                frequent += c.lower() in _FREQUENT
    adjacent = len("".join(_CYR_RUN.findall(text)))
    return _score(cyr, letters, adjacent, lower, frequent)


def _strict(data: bytes, codec: str) -> str | None:
    try:
        return data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return None


@lru_cache(maxsize=8)
def _kinds(codec: str) -> tuple[bytes, bytes, bytes, bytes]:
    """The high bytes that `codec` reads as a letter, a Cyrillic letter, a lowercase one and
    a frequent one (in a single-byte charset each byte is one character)."""
    letters, cyr, lower, frequent = bytearray(), bytearray(), bytearray(), bytearray()
    for byte in range(0x80, 0x100):
        c = bytes((byte,)).decode(codec, errors="replace")
        if not c.isalpha():
            continue
        letters.append(byte)
        if _is_cyr(c):
            cyr.append(byte)
            if c.islower():
                lower.append(byte)
            if c.lower() in _FREQUENT:
                frequent.append(byte)
    return bytes(letters), bytes(cyr), bytes(lower), bytes(frequent)


class _Scores:
    """Cyrillic scores of the page's bytes read in each single-byte candidate charset,
    computed from counts of high bytes (so no candidate needs a full decode). Counted on
    first use only: a declared UTF-8 page that decodes strictly never needs them."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._cache: dict[str, float] = {}

    @cached_property
    def high(self) -> bytes:
        return self._data.translate(None, _ASCII_BYTES)  # ASCII deleted, in C

    @cached_property
    def adjacent(self) -> int:
        """High bytes standing next to another high byte: letters inside words. All high
        bytes but the lone ones: runs of them (a start "01" in a 0/1 map of the bytes) less
        the runs longer than one ("011"); counted in C."""
        marks = self._data.translate(_HIGH_MARKS)
        runs = marks.count(b"\0\1") + marks.startswith(b"\1")
        long_runs = marks.count(b"\0\1\1") + marks.startswith(b"\1\1")
        return len(self.high) - (runs - long_runs)

    def _count(self, kind: bytes) -> int:
        return len(self.high) - len(self.high.translate(None, kind))

    def __call__(self, codec: str) -> float:
        if codec not in self._cache:
            letters, cyr, lower, frequent = (self._count(kind) for kind in _kinds(codec))
            self._cache[codec] = _score(cyr, letters, self.adjacent, lower, frequent)
        return self._cache[codec]

    def best(self) -> tuple[str, float]:
        best = (_SINGLE_BYTE[0], self(_SINGLE_BYTE[0]))
        for codec in _SINGLE_BYTE[1:]:
            if self(codec) > best[1] + 0.05:
                best = (codec, self(codec))
        return best


def decode_page(data: bytes) -> Decoded:
    """Decode a saved page; never raises (undecodable bytes are replaced and flagged)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            text = data.decode(codec, errors="replace")
            return Decoded(text, codec, None, "bom", "\ufffd" in text)
    declared_raw = declared_charset(data)
    declared = _codec(declared_raw) if declared_raw else None
    if data.isascii():
        return Decoded(data.decode("ascii", errors="replace"), declared or "ascii",
                       declared_raw, "ascii")
    utf8 = _strict(data, "utf-8")
    scores = _Scores(data)
    if declared is not None and _plausible(declared, utf8 is not None, scores):
        # a declared UTF-8 page is decoded once, not twice
        declared_text = utf8 if declared == "utf-8" else _strict(data, declared)
        if declared_text is not None:
            return Decoded(declared_text, declared, declared_raw, "declared")
    if utf8 is not None:
        # a declaration the bytes contradict (windows-1251 over UTF-8) is a lie the page's
        # issues must name: "detected", not "utf-8", so that they do
        lied = declared is not None and declared != "utf-8"
        return Decoded(utf8, "utf-8", declared_raw, "detected" if lied else "utf-8")
    # UTF-8 with a few broken bytes (a page cut and re-joined, a bad copy): keep it UTF-8
    # rather than read the whole page as cp1251 mojibake
    lossy_utf8 = data.decode("utf-8", errors="replace")
    broken = lossy_utf8.count("\ufffd")
    non_ascii = len(lossy_utf8) - len(lossy_utf8.encode("ascii", errors="ignore"))
    if non_ascii and broken <= max(3, non_ascii // 100) and broken < non_ascii / 2:
        return Decoded(lossy_utf8, "utf-8", declared_raw, "utf-8", True)
    mixed = _mixed(data, non_ascii - broken, broken)
    if mixed is not None:
        # no single charset reads this page; the mixture is named in `encoding`, and with
        # no declaration to contradict, flagged lossy so that the page gets an issue
        return Decoded(mixed[0], mixed[1], declared_raw, "detected", declared_raw is None)
    codec, score = scores.best()
    if score >= 0.5:
        strict_text = _strict(data, codec)
        if strict_text is not None:
            return Decoded(strict_text, codec, declared_raw, "detected")
        # Russian text with a few bytes no charset defines (0x98 in windows-1251)
        return Decoded(data.decode(codec, errors="replace"), codec, declared_raw, "detected",
                       True)
    guess = from_bytes(data).best()
    if guess is not None and guess.encoding:
        return Decoded(str(guess), guess.encoding, declared_raw, "detected")
    text = data.decode("cp1252", errors="replace")
    return Decoded(text, "cp1252", declared_raw, "fallback", True)


# one well-formed UTF-8 sequence (RFC 3629: no overlongs, no surrogates, nothing past
# U+10FFFF); a run of them is text UTF-8 reads
_UTF8_RUN = re.compile(
    rb"(?:[\x00-\x7f]|[\xc2-\xdf][\x80-\xbf]|\xe0[\xa0-\xbf][\x80-\xbf]"
    rb"|[\xe1-\xec\xee\xef][\x80-\xbf]{2}|\xed[\x80-\x9f][\x80-\xbf]"
    rb"|\xf0[\x90-\xbf][\x80-\xbf]{2}|[\xf1-\xf3][\x80-\xbf]{3}|\xf4[\x80-\x8f][\x80-\xbf]{2})+")


def _mixed(data: bytes, valid: int, broken: int) -> tuple[str, str] | None:
    """A page of two encodings (UTF-8 posts and windows-1251 ones pasted into one file, a
    forum that changed charset mid-thread): the valid UTF-8 kept, the bytes UTF-8 cannot
    read decoded in the Cyrillic charset they read best in. Read whole in either charset
    one half would be mojibake. Only when both parts are substantial: a single-byte page
    has next to no valid multi-byte UTF-8 sequences by accident.

    The page is cut into runs with a regex rather than a codec error handler: handlers are
    registered process-wide, and one holding this call's state would be shared by every
    thread decoding at the same time."""
    if valid < 20 or valid * 20 < broken:
        return None
    pieces: list[tuple[bool, bytes]] = []  # (UTF-8, bytes), in order
    pos = 0
    for run in _UTF8_RUN.finditer(data):
        if run.start() > pos:
            pieces.append((False, data[pos:run.start()]))
        pieces.append((True, run.group()))
        pos = run.end()
    if pos < len(data):
        pieces.append((False, data[pos:]))
    codec, score = _Scores(b"".join(b for utf8, b in pieces if not utf8)).best()
    if score < 0.5:
        return None
    text = "".join(b.decode("utf-8") if utf8 else b.decode(codec, errors="replace")
                   for utf8, b in pieces)
    return text, f"utf-8 mixed with {codec}"


def _plausible(codec: str, valid_utf8: bool, scores: _Scores) -> bool:
    """Whether a declared charset is believable: a Latin single-byte declaration over
    Cyrillic or UTF-8 bytes, or a Cyrillic one over other bytes, is a lie worth catching."""
    if codec in ("utf-8", "utf-16", "utf-32"):
        return True
    if codec in _SINGLE_BYTE:
        score = scores(codec)
        if score >= 0.5:
            # cp1251 and KOI8-R both decode any byte: keep the declaration unless the other
            # reads clearly better
            best_codec, best_score = scores.best()
            return best_codec == codec or best_score < score + 0.15
        return not valid_utf8 and scores.best()[1] < 0.5
    # a Western single-byte declaration: a lie when the bytes read as UTF-8 or as Russian
    return not valid_utf8 and scores.best()[1] < 0.5
