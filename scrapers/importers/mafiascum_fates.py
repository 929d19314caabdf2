"""The fate column of a mafiascum `archive.txt` slot line: 'lynched Day 2', 'killed Night 1',
'survived', ...

Read strictly, anything but the known forms is bad input. Read leniently (the default), a
fate still says what it can: a phase word with a typo ('killed ngiht 2') or a verb with one
('lycnhed Day 3') is read as the nearest known word by edit distance, and a verb of no known
kind with a phase ('Suicided Day 1') is kept as a death in that phase under its own word;
each such reading is a warning that quotes the fate as written."""

from __future__ import annotations

import re

from rapidfuzz.distance import OSA

from engine.errors import BadInputError
from engine.gamelog import Fate, ParseIssue, SourceRef, Where, phase_key
from engine.gamelog.slots import FateKind

_FATE = re.compile(
    r"^(?:was\s+)?(?P<verb>killed\s+lynched|lynched|killed|endgamed|modkilled|shot|survived)"
    r"(?:\s+(?P<kind>day|night)\s+(?P<number>\d+))?$",
    re.I,
)
_VERB_KIND: dict[str, tuple[FateKind, str | None]] = {
    "lynched": ("eliminated", None),
    "killed": ("killed", None),
    "shot": ("killed", "shot"),
    "endgamed": ("endgamed", None),
    "modkilled": ("modkilled", None),
    "survived": ("survived", None),
    # seen once ("MTD, Mafia Roleblocker, killed lynched day 3"): the slot was lynched
    "killed lynched": ("eliminated", None),
}
_PHASE_WORDS = ("day", "night")
# the lenient split: '<verb words> <phase word> <number>', the phase part optional
_LOOSE = re.compile(r"^(?:was\s+)?(?P<verb>.*?)(?:\s*(?P<word>[a-z]+)\.?\s*(?P<number>\d+))?$",
                    re.I)
EXPECTED = ("expected e.g. 'survived', 'lynched Day 2', 'killed Night 1', 'modkilled Day 3', "
            "'endgamed'")


def parse_fate(raw: str, *, file: str, line: int) -> Fate:
    """'lynched Day 2' -> Fate(eliminated, D2). An unknown fate is bad input (exit 2): the
    strict reading, for `--strict`."""
    fate = _strict(" ".join(raw.split()), raw, file, line)
    if fate is None:
        raise BadInputError(file, f"line {line}", f"unknown fate {raw.strip()!r}; {EXPECTED}")
    return fate


def _strict(text: str, raw: str, file: str, line: int) -> Fate | None:
    m = _FATE.match(text)
    if m is None:
        return None
    kind, cause = _VERB_KIND[" ".join(m["verb"].lower().split())]
    phase = None
    if m["kind"]:
        phase = phase_key("day" if m["kind"].lower() == "day" else "night", int(m["number"]))
    return _fate(kind, phase, cause, raw, file, line)


def reads_as_fate(text: str) -> bool:
    """Whether `text` is a fate in one of the known forms."""
    return _FATE.match(" ".join(text.split()).rstrip(".;,!")) is not None


def read_fate(raw: str, *, file: str, line: int, issues: list[ParseIssue]) -> Fate:
    """The lenient reading: the strict one when it applies, else the nearest known words,
    else a death of an unknown kind in the phase written, else an unknown fate; every
    reading but the strict one adds a warning to `issues`."""
    text = " ".join(raw.split()).rstrip(".;,!")  # a full stop is no part of the fate
    fate = _strict(text, raw, file, line)
    if fate is not None:
        return fate
    where = Where(file=file, line=line)
    m = _LOOSE.match(text)
    assert m is not None  # every part is optional
    verb_text = " ".join(m["verb"].lower().split())
    word, number = (m["word"] or "").lower(), m["number"]
    phase: str | None = None
    read_as: list[str] = []
    if number is not None:
        # 'D2', 'N1': the site's shorthand for a phase
        near = {"d": "day", "n": "night"}.get(word) or _nearest(word, _PHASE_WORDS)
        if near is None:
            # not a phase word: the number belongs to no phase; keep the words as the verb
            verb_text = " ".join(p for p in (verb_text, word, number) if p)
        else:
            phase = phase_key("day" if near == "day" else "night", int(number))
            if near != word:
                read_as.append(f"{word!r} as {near!r}")
    verb = verb_text if verb_text in _VERB_KIND else _nearest(verb_text, tuple(_VERB_KIND))
    if verb is not None:
        if verb != verb_text:
            read_as.append(f"{verb_text!r} as {verb!r}")
        kind, cause = _VERB_KIND[verb]
        issues.append(ParseIssue(
            severity="warning", code="archive-fate-typo", where=where,
            message=f"fate {raw.strip()!r} read as {verb}"
                    f"{' ' + phase if phase else ''}: {', '.join(read_as)} by edit distance",
            text=raw.strip()))
        return _fate(kind, phase, cause, raw, file, line)
    if phase is not None and verb_text:
        issues.append(ParseIssue(
            severity="warning", code="archive-fate-unknown-kind", where=where,
            message=f"fate {raw.strip()!r}: {verb_text!r} is no known kind of fate; kept as a "
                    f"death in {phase} (cause {verb_text!r})"
                    + (f"; {', '.join(read_as)} by edit distance" if read_as else ""),
            text=raw.strip()))
        return _fate("killed", phase, verb_text, raw, file, line)
    issues.append(ParseIssue(
        severity="warning", code="archive-fate-unknown", where=where,
        message=f"fate {raw.strip()!r} not understood ({EXPECTED}); the slot's fate is left "
                "unknown", text=raw.strip()))
    return _fate("unknown", None, None, raw, file, line)


def _nearest(word: str, known: tuple[str, ...]) -> str | None:
    """The one known word within the edit distance a typo allows (1 up to 6 letters, 2 past
    that; a swap of neighbours is one edit), else None (none, or a tie)."""
    if len(word) < 3:
        return None
    limit = 1 if len(word) <= 6 else 2
    scored = sorted((OSA.distance(word, k), k) for k in known)
    best = [k for d, k in scored if d == scored[0][0] and d <= limit]
    return best[0] if len(best) == 1 else None


def _fate(kind: FateKind, phase: str | None, cause: str | None, raw: str, file: str,
          line: int) -> Fate:
    if kind == "survived":
        phase = None
    source = SourceRef(kind="archive", file=file, line=line, text=raw.strip())
    return Fate(kind=kind, phase=phase, cause=cause, raw=raw.strip(), source=source)
