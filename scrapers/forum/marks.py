"""Case-insensitive looks for an engine's marks in a whole page, for the engines' `detect`.

Every engine is tried on every page, and lowercasing a 100 kB page with Cyrillic in it, or a
case-insensitive regex over it, costs more than the rest of a detection. Marks are ASCII, so
the page is looked at as UTF-8 with ASCII letters lowercased (both in C, a fraction of
`str.lower()`; no other character has an ASCII byte in UTF-8), made once per page and shared
by the engines, and searched with substring scans.
"""

from __future__ import annotations

import re
from functools import lru_cache

# the last page asked about: its text, that text as above, and whether it holds a character
# that `str.lower()` turns into ASCII (KELVIN SIGN "K" -> "k", "İ" -> "i" + a combining dot)
_last: tuple[str, bytes, bool] = ("", b"", False)


def _lowered(text: str) -> tuple[bytes, bool]:
    global _last
    last = _last
    if last[0] is not text:
        low = text.encode("utf-8", "surrogatepass").lower()
        unusual = not text.isascii() and ("\u212a" in text or "\u0130" in text)
        last = _last = (text, low, unusual)
    return last[1], last[2]


@lru_cache(maxsize=64)
def _underscored(marks: tuple[str, ...]) -> re.Pattern[bytes]:
    """One regex for marks that hold "_" ("fa_toolbar", "_board"): it begins with "_", and
    a regex that begins with one character jumps from one of those to the next in C, which
    on most pages (few "_") is several times faster than a substring scan a mark."""
    choices = []
    for mark in marks:
        before, _, after = mark.encode("ascii").partition(b"_")
        behind = b"(?<=" + re.escape(before) + b"_)" if before else b""
        choices.append(behind + re.escape(after))
    return re.compile(b"_(?:" + b"|".join(choices) + b")")


def contains(text: str, *marks: str) -> bool:
    """Whether `text.lower()` contains any of `marks` (lowercase ASCII)."""
    low, unusual = _lowered(text)
    if unusual:  # rare: the exact, slow way
        folded = text.lower()
        return any(mark in folded for mark in marks)
    underscored = tuple(mark for mark in marks if "_" in mark)
    if underscored and _underscored(underscored).search(low):
        return True
    return any(mark.encode("ascii") in low for mark in marks if mark not in underscored)


def places(text: str, mark: str) -> list[int]:
    """Where `mark` (lowercase ASCII) stands in `text` in any ASCII case, in order: the
    offsets at which a case-insensitive regex beginning with `mark` can match, provided
    `mark` holds none of the letters a case-insensitive regex also matches outside ASCII
    ("i", "k", "s": "ı", "K", "ſ")."""
    low, _ = _lowered(text)
    needle = mark.encode("ascii")
    found: list[int] = []
    chars = prev = 0
    at = low.find(needle)
    while at >= 0:
        # bytes to characters: lowercasing kept every byte, and an ASCII byte is a character
        chars += len(low[prev:at].decode("utf-8", "surrogatepass"))
        found.append(chars)
        prev = at
        at = low.find(needle, at + 1)
    return found
