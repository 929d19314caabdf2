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

from charset_normalizer import from_bytes

_META = re.compile(
    rb"""<meta[^>]+?charset\s*=\s*["']?\s*([a-z0-9_\-:.]+)""", re.I)
_XML = re.compile(rb"""^\s*<\?xml[^>]+encoding\s*=\s*["']([a-z0-9_\-]+)""", re.I)
_BOMS = ((codecs.BOM_UTF8, "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32"),
         (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF16_LE, "utf-16"),
         (codecs.BOM_UTF16_BE, "utf-16"))
_CYRILLIC = re.compile(r"[а-яёА-ЯЁ]")
_LOWER_CYR = re.compile(r"[а-яё]")
_FREQUENT = set("оеаинтсрвлкмдпу")
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


def cyrillic_score(text: str) -> float:
    """How much `text` reads like Russian, 0..1: the share of non-ASCII letters that are
    Cyrillic, times the share of those standing next to another Cyrillic letter (words, not
    the lone "й" that a misread "é" becomes), times how lowercase and frequent they are
    (a cp1251 page read as KOI8-R turns into capitals and rare letters)."""
    letters = [c for c in text if ord(c) > 127 and c.isalpha()]
    if not letters:
        return 0.0
    cyr_positions = [i for i, c in enumerate(text) if _CYRILLIC.match(c)]
    if not cyr_positions:
        return 0.0
    cyr_set = set(cyr_positions)
    adjacent = sum(1 for i in cyr_positions if i - 1 in cyr_set or i + 1 in cyr_set)
    cyr = [text[i] for i in cyr_positions]
    lower = sum(1 for c in cyr if _LOWER_CYR.match(c)) / len(cyr)
    frequent = sum(1 for c in cyr if c.lower() in _FREQUENT) / len(cyr)
    return (len(cyr) / len(letters)) * (adjacent / len(cyr)) * (0.4 * lower + 0.6 * frequent)


def _strict(data: bytes, codec: str) -> str | None:
    try:
        return data.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return None


def _best_cyrillic(data: bytes) -> tuple[str, str, float] | None:
    best: tuple[str, str, float] | None = None
    for codec in _SINGLE_BYTE:
        text = _strict(data, codec)
        if text is None:
            continue
        score = cyrillic_score(text)
        if best is None or score > best[2] + 0.05:
            best = (text, codec, score)
    return best


def decode_page(data: bytes) -> Decoded:
    """Decode a saved page; never raises (undecodable bytes are replaced and flagged)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            text = data.decode(codec, errors="replace")
            return Decoded(text, codec, None, "bom", "\ufffd" in text)
    declared_raw = declared_charset(data)
    declared = _codec(declared_raw) if declared_raw else None
    has_high = re.search(rb"[\x80-\xff]", data) is not None
    if not has_high:
        return Decoded(data.decode("ascii"), declared or "ascii", declared_raw, "ascii")
    utf8 = _strict(data, "utf-8")
    if declared is not None:
        declared_text = _strict(data, declared)
        if declared_text is not None and _plausible(declared_text, declared, data):
            return Decoded(declared_text, declared, declared_raw, "declared")
    if utf8 is not None:
        return Decoded(utf8, "utf-8", declared_raw, "utf-8")
    # UTF-8 with a few broken bytes (a page cut and re-joined, a bad copy): keep it UTF-8
    # rather than read the whole page as cp1251 mojibake
    lossy_utf8 = data.decode("utf-8", errors="replace")
    broken = lossy_utf8.count("\ufffd")
    non_ascii = sum(1 for c in lossy_utf8 if ord(c) > 127)
    if non_ascii and broken <= max(3, non_ascii // 100) and broken < non_ascii / 2:
        return Decoded(lossy_utf8, "utf-8", declared_raw, "utf-8", True)
    cyr = _best_cyrillic(data)
    if cyr is not None and cyr[2] >= 0.5:
        return Decoded(cyr[0], cyr[1], declared_raw, "detected")
    for codec in _SINGLE_BYTE:
        # Russian text with a few bytes no charset defines (0x98 in windows-1251)
        text = data.decode(codec, errors="replace")
        if cyrillic_score(text) >= 0.5:
            return Decoded(text, codec, declared_raw, "detected", True)
    guess = from_bytes(data).best()
    if guess is not None and guess.encoding:
        text = str(guess)
        return Decoded(text, guess.encoding, declared_raw, "detected")
    text = data.decode("cp1252", errors="replace")
    return Decoded(text, "cp1252", declared_raw, "fallback", True)


def _plausible(text: str, codec: str, data: bytes) -> bool:
    """Whether the declared charset's text is believable: a Latin single-byte declaration
    over Cyrillic bytes, or a Cyrillic one over other bytes, is a lie worth catching."""
    if codec in ("utf-8", "utf-16", "utf-32"):
        return True
    score = cyrillic_score(text)
    if codec in _SINGLE_BYTE:
        if score >= 0.5:
            # cp1251 and KOI8-R both decode any byte: keep the declaration unless the other
            # reads clearly better
            best = _best_cyrillic(data)
            return best is None or best[1] == codec or best[2] < score + 0.15
        return _strict(data, "utf-8") is None and (_best_cyrillic(data) or ("", "", 0.0))[2] < 0.5
    # a Western single-byte declaration: a lie when the bytes read as Russian or UTF-8
    if _strict(data, "utf-8") is not None:
        return False
    best = _best_cyrillic(data)
    return not (best is not None and best[2] >= 0.5)
