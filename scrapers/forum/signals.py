"""Engine detection from several independent signals, each with its weight.

One marker is a weak witness: a theme renames classes, a host strips the generator `<meta>`,
a "Powered by" line is cut from a custom footer, an imitation skin copies another engine's
class names. An engine family therefore declares the evidence it leaves (`Signal`s of a few
kinds: the generator meta, the "Powered by" footer, characteristic class names and ids,
script and stylesheet addresses, form actions, any other markup), each with a weight, and the
page's score for a family is the sum of the weights of the signals it shows. Families are then
tried in order of score, so that the family with the most evidence claims the page first; a
family's own `detect` still decides the variant and may refuse (an imitation it knows of).

The archive decides once (`decide`): when the pages of one archive agree on a family, a page
that no family claims is read with that family's variants tried first, and a page whose best
score names another family is reported.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from scrapers.forum.marks import contains, places

# signals are searched in the page's first and last part: generator metas, stylesheets and
# scripts sit in the head, "Powered by" lines in the footer, class names everywhere (a post
# list repeats them, so the head of the body shows them too)
_HEAD = 400_000
_TAIL = 100_000


@dataclass(frozen=True)
class Signal:
    """One piece of evidence: `pattern` (a regular expression over the page's HTML) and the
    weight it carries. `what` says in words what it is, for messages."""

    what: str
    pattern: str
    weight: float = 1.0
    # lowercase ASCII that every match holds: looked for first, by a substring scan of the
    # page lowercased once for all signals (`marks.contains`), where a case-insensitive
    # regex costs several milliseconds a page however rare its first letters are
    needle: str | None = None
    compiled: re.Pattern[str] = field(init=False, repr=False, compare=False)
    # for a pattern of alternatives without a common needle: a needle of each alternative
    any_of: tuple[str, ...] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "compiled", re.compile(self.pattern, re.I))
        if self.needle is None:
            object.__setattr__(self, "needle", literal_run(self.pattern))
        object.__setattr__(self, "any_of",
                           branch_needles(self.pattern) if self.needle is None else None)

    def found(self, text: str) -> bool:
        if self.needle is None:
            if self.any_of is not None and not contains(text, *self.any_of):
                return False  # no branch's needle: no branch can match
            return self.compiled.search(text) is not None
        if not contains(text, self.needle):
            return False
        # a match holds the needle: the regex runs only around the needle's places (a
        # needle such as "username" stands on many pages, and the whole page's search costs
        # a millisecond a signal), unless it stands in so many that one search is cheaper
        at = places(text, self.needle) if self.needle.isascii() else []
        if not at or len(at) > _MAX_WINDOWS:
            return self.compiled.search(text) is not None
        search = self.compiled.search
        return any(search(text, max(0, i - _WINDOW), i + len(self.needle) + _WINDOW)
                   is not None for i in at)


# how far from its needle a signal's match may reach, and how many needle places are worth
# searching one by one
_WINDOW = 4000
_MAX_WINDOWS = 40
_META = frozenset("()[]{}|^$.?*+")
_COMMON = re.compile(r"^(?:<?(?:a|div|span|script|link|meta|form|li|img)\b|\s*(?:class|href|src|id|"
                     r"name|content|action|rel|type|data-\w+)=)")


def literal_run(pattern: str, shortest: int = 3) -> str | None:
    """The longest run of plain characters every match of `pattern` must hold, lowercased,
    as a needle; None when there is no such run of `shortest` characters or more. Only what
    stands outside groups and classes counts, and never a character a quantifier may drop, so
    the run is in every match; a pattern with an alternation outside groups has none."""
    runs: list[str] = []
    run: list[str] = []
    depth = 0
    i = 0
    n = len(pattern)

    def close() -> None:
        if run:
            runs.append("".join(run))
            run.clear()

    while i < n:
        c = pattern[i]
        if c == "\\" and i + 1 < n:
            nxt = pattern[i + 1]
            i += 2
            if depth == 0 and not nxt.isalnum():
                run.append(nxt)  # an escaped punctuation character is itself
                continue
            close()  # a class (\s, \d, \w) or an assertion (\b)
            continue
        if c == "[":  # a character class: skip to its end
            close()
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            i = j + 1
            continue
        if c == "(":
            depth += 1
            close()
        elif c == ")":
            depth = max(0, depth - 1)
            close()
        elif c == "|" and depth == 0:
            return None  # either side may match: no run is in every match
        elif c in "?*{" and depth == 0:
            if run:
                run.pop()  # the character before may be absent
            close()
            if c == "{":
                while i < n and pattern[i] != "}":
                    i += 1
        elif c in _META:
            close()
        elif depth == 0:
            run.append(c)
        i += 1
    close()
    # the most telling run: markup every page has ("class=", "href=") only when nothing
    # else is there
    runs = [r for r in runs if len(r) >= shortest and r.isascii()]
    best = max(runs, key=lambda r: (not _COMMON.search(r.lower()), len(r)), default="")
    return _needle(best) if best else None


def branch_needles(pattern: str) -> tuple[str, ...] | None:
    """For a pattern that is an alternation at its top level ("Simple Machines|SMF"), a
    needle for each branch: a page that holds none of them cannot match. None when a branch
    has no needle of its own."""
    branches: list[str] = []
    depth = start = 0
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            i += 2
            continue
        if c == "[":
            j = i + 1
            while j < len(pattern) and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            i = j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            branches.append(pattern[start:i])
            start = i + 1
        i += 1
    if not branches:
        return None
    branches.append(pattern[start:])
    needles = tuple(literal_run(b) for b in branches)
    return None if any(n is None for n in needles) else tuple(n for n in needles if n)


def _needle(literal: str) -> str | None:
    """`literal` as a needle, when it is ASCII (the page's lowercasing folds only ASCII)."""
    low = literal.lower()
    return low if low and low.isascii() else None


def generator(name: str, weight: float = 3.0) -> Signal:
    """`<meta name="generator" content="NAME ...">` (either attribute first)."""
    n = re.escape(name)
    return Signal(f"generator meta {name!r}",
                  rf"<meta\s[^>]*(?:name=[\"']?generator[\"']?[^>]*content=[\"'][^\"']*{n}"
                  rf"|content=[\"'][^\"']*{n}[^\"']*[\"'][^>]*name=[\"']?generator)", weight,
                  needle=_needle(name))


def powered_by(name: str, weight: float = 2.0) -> Signal:
    """A "Powered by NAME" footer (the words may be split by a link or a span)."""
    n = re.escape(name).replace(r"\ ", r"\s*")
    return Signal(f"'Powered by {name}'",
                  rf"(?:powered\s+by|работает\s+на|forum\s+software\s+by|движок)\W*(?:<[^>]*>\s*)*"
                  rf"(?:&nbsp;|\s)*{n}", weight, needle=_needle(name.split()[0]))


def css_class(name: str, weight: float = 1.0) -> Signal:
    """An element with class NAME among its classes."""
    n = re.escape(name)
    return Signal(f"class {name!r}",
                  rf"class=[\"'](?:[^\"']*\s)?{n}(?:\s[^\"']*)?[\"']", weight,
                  needle=_needle(name))


def element_id(prefix: str, weight: float = 1.0) -> Signal:
    """An element whose id starts with PREFIX (followed by digits when PREFIX ends in '#':
    ``element_id("post_#")``)."""
    if prefix.endswith("#"):
        body = re.escape(prefix[:-1]) + r"\d+"
    else:
        body = re.escape(prefix) + r"[^\"']*"
    return Signal(f"id {prefix!r}", rf"\sid=[\"']{body}[\"']", weight,
                  needle=_needle(prefix.removesuffix("#")))


def asset(pattern: str, weight: float = 1.5, needle: str | None = None) -> Signal:
    """A script or stylesheet address matching PATTERN (a regex on the address); `needle`,
    lowercase ASCII every match holds, makes a page without it cheap to rule out."""
    return Signal(f"asset /{pattern}/",
                  rf"<(?:script|link)\s[^>]*(?:src|href)=[\"'][^\"']*{pattern}", weight,
                  needle=needle)


def form_action(pattern: str, weight: float = 1.0) -> Signal:
    """A form posting to an address matching PATTERN."""
    return Signal(f"form action /{pattern}/",
                  rf"<form\s[^>]*action=[\"'][^\"']*{pattern}", weight)


def markup(what: str, pattern: str, weight: float = 1.0, needle: str | None = None) -> Signal:
    """Any other evidence in the markup, as a regex (`needle` as for `asset`)."""
    return Signal(what, pattern, weight, needle=needle)


def searched(text: str) -> str:
    """The part of a page signals are looked for in (all of it when it is small)."""
    if len(text) <= _HEAD + _TAIL:
        return text
    return text[:_HEAD] + "\n" + text[-_TAIL:]


@dataclass(frozen=True)
class Evidence:
    """A family's score on a page and the signals that made it."""

    family: str
    score: float
    found: tuple[str, ...]


def score(family: str, signals: Iterable[Signal], text: str) -> Evidence:
    hits = tuple(s for s in signals if s.found(text))
    return Evidence(family, sum(s.weight for s in hits), tuple(s.what for s in hits))
