"""The votes a lynch takes, as the GM states them in the thread: "With 10 alive, it takes 6
to lynch and 5 to no lynch", "it takes 5 to lynch", "majority is 4", "6 votes to lynch".

A stated threshold is a fact of the day it is stated in, with the number alive (stated, or
the living at the start of that day). It maps onto the day engine through the rulings of
the rule set, which are for the whole game: the No Lynch threshold the GM states against
the lynch threshold chooses `mafiascum.no-lynch-threshold` ('majority' when they are the
same, 'one-less' when No Lynch takes one fewer), when every statement of the game says the
same. A lynch threshold other than the majority of the living (half rounded down, plus
one) has no ruling to go to: it is reported as a warning naming the post and the sentence,
and the count keeps the majority (a different count must be chosen knowingly)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from engine.day.standing import majority_of
from engine.day.window import alive_at_start
from engine.gamelog import GameLog, ParseIssue, Where

NO_LYNCH_KEY = "mafiascum.no-lynch-threshold"

_NUM = r"(\d{1,2})"
_LYNCH = r"(?:lynch|hammer|eliminate)"
_NL = r"no[\s-]?lynch"
# "with 10 alive, it takes 6 to lynch (and 5 to no lynch)", "10 alive - 6 to lynch"
_ALIVE = re.compile(rf"\b{_NUM}\s+(?:players\s+)?(?:are\s+)?(?:alive|living|remaining|left)\b",
                    re.I)
_TO_LYNCH = re.compile(
    rf"(?:\b(?:it\s+)?(?:takes|requires|needs|need|is)\s+)?\b{_NUM}\s+(?:votes?\s+)?"
    rf"(?:(?:are\s+)?(?:needed|required)\s+)?to\s+{_LYNCH}\b"
    rf"|\bmajority\s+(?:is|=|:)\s*{_NUM}\b|\bL-0\s+(?:is|=|:)\s*{_NUM}\b", re.I)
_TO_NO_LYNCH = re.compile(rf"\b{_NUM}\s+(?:votes?\s+)?(?:to|for)\s+(?:a\s+)?{_NL}\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")
# a word each match of _TO_LYNCH or _TO_NO_LYNCH holds (lower case): the quick test first
_WORDS = ("lynch", "hammer", "eliminate", "majority", "l-0")


@dataclass(frozen=True)
class Stated:
    """One statement: day, alive (stated or the living at the day's start), the votes to
    lynch, the votes to no lynch (None: not stated), and where."""

    day: int
    alive: int
    alive_stated: bool
    lynch: int | None
    no_lynch: int | None
    post: int
    sentence: str


def stated_thresholds(log: GameLog) -> list[Stated]:
    """Every threshold statement of the GM's posts in a day, once per day and numbers."""
    days = sorted((p.number, p.start.post if p.start else None,
                    p.end.post if p.end else None) for p in log.phases if p.kind == "day")
    if not days:
        return []
    alive_at: dict[int, int] = {}
    out: list[Stated] = []
    seen: set[tuple[int, int, int | None, int | None]] = set()
    for post in log.posts:
        if not post.gm or post.deleted or not may_hold(post.text, _WORDS):
            continue
        day = _day_of(days, post.number)
        if day is None:
            continue
        # each match of `_TO_LYNCH` or `_TO_NO_LYNCH` holds one of `_WORDS` (lower case)
        for sentence in sentences(post.text, _WORDS):
            if len(sentence) > 300:
                continue  # a run-on block, not one statement
            lynch_m = _TO_LYNCH.search(_TO_NO_LYNCH.sub(" ", sentence))
            nl_m = _TO_NO_LYNCH.search(sentence)
            if lynch_m is None and nl_m is None:
                continue
            alive_m = _ALIVE.search(sentence)
            if alive_m is None and day not in alive_at:
                alive_at[day] = len(alive_at_start(log, day))
            alive = int(alive_m.group(1)) if alive_m else alive_at[day]
            lynch = int(next(g for g in lynch_m.groups() if g)) if lynch_m else None
            no_lynch = int(nl_m.group(1)) if nl_m else None
            key = (day, alive, lynch, no_lynch)
            if key in seen or alive < 2:
                continue
            seen.add(key)
            out.append(Stated(day, alive, alive_m is not None, lynch, no_lynch, post.number,
                              sentence))
    return out


def sentences(text: str, needles: tuple[str, ...]) -> Iterator[str]:
    """The sentences of `text` (split at `_SENTENCE`) that may hold one of `needles` (lower
    case, no spaces; `may_hold`), spaces collapsed, in order: what a reader looking for
    those words reads. Only the lines that may hold one are split: most lines of a long post
    hold none, and a sentence holds no word its line does not.

    The same sentences as the whole text split: every line break is in a boundary (a break
    alone, or in the spaces after a sentence's end), so no sentence runs over two lines, and
    a line split alone finds the same boundaries in it (the spaces a boundary runs on into
    the next line start that line's first sentence, and collapsing drops them)."""
    for line in _lines_with(text, needles):
        for sentence in _SENTENCE.split(line):
            sentence = " ".join(sentence.split())
            if sentence and may_hold(sentence, needles):
                yield sentence


def may_hold(text: str, needles: tuple[str, ...]) -> bool:
    """Whether a case-blind pattern that matches only around one of `needles` (lower case)
    may match in `text`: in ASCII text, whether its lower case holds one; elsewhere always
    (case-blind matching takes more than `lower()` there: a Turkish 'İ' for an 'i', the
    Kelvin sign for a 'k')."""
    if not text.isascii():
        return True
    low = text.lower()
    return any(needle in low for needle in needles)


def _lines_with(text: str, needles: tuple[str, ...]) -> list[str]:
    """The lines of `text` that `may_hold` one of `needles`, in order; in ASCII text found
    by `find` in the whole text's lower case (a test a line costs a call a line)."""
    if not text.isascii():
        return [line for line in text.split("\n") if may_hold(line, needles)]
    low = text.lower()
    starts: set[int] = set()
    for needle in needles:
        at = low.find(needle)
        while at >= 0:
            starts.add(low.rfind("\n", 0, at) + 1)
            end = low.find("\n", at)
            at = -1 if end < 0 else low.find(needle, end)
    lines = []
    for start in sorted(starts):
        end = text.find("\n", start)
        lines.append(text[start:] if end < 0 else text[start:end])
    return lines


def _day_of(days: list[tuple[int, int | None, int | None]], post: int) -> int | None:
    """The day a GM post's statement is about: the day holding it, or, between days (the
    post that opens the next day, a count posted at dawn), the next day."""
    for number, _start, end in days:
        if end is None or post <= end:
            return number
    return None


def threshold_rulings(log: GameLog, open_keys: set[str]) -> tuple[dict[str, str],
                                                                  list[ParseIssue]]:
    """What the stated thresholds choose among `open_keys`, and an issue per statement."""
    chosen: dict[str, str] = {}
    issues: list[ParseIssue] = []
    options: dict[str, list[Stated]] = {}
    for st in stated_thresholds(log):
        need = majority_of(st.alive)
        said = ", ".join(p for p in (f"{st.lynch} to lynch" if st.lynch else "",
                                     f"{st.no_lynch} to no lynch" if st.no_lynch else "") if p)
        alive = f"{st.alive} alive" + ("" if st.alive_stated else " at the start of the day")
        if st.lynch is not None and st.lynch != need:
            issues.append(ParseIssue(
                severity="warning", code="house-threshold-differs", where=Where(post=st.post),
                message=f"Day {st.day}: the GM states {said} with {alive}; the majority is "
                        f"{need}, which the count keeps (no ruling takes another threshold)",
                text=st.sentence))
            continue
        issues.append(ParseIssue(
            severity="info", code="house-threshold", where=Where(post=st.post),
            message=f"Day {st.day}: the GM states {said} with {alive}", text=st.sentence))
        if st.no_lynch is not None:
            option = {need: "majority", need - 1: "one-less"}.get(st.no_lynch, "other")
            options.setdefault(option, []).append(st)
    if NO_LYNCH_KEY in open_keys and options:
        if len(options) == 1 and "other" not in options:
            [(option, sts)] = options.items()
            chosen[NO_LYNCH_KEY] = option
            issues.append(ParseIssue(
                severity="info", code="house-rule", where=Where(post=sts[0].post),
                message=f"{NO_LYNCH_KEY}={option}, as the GM's stated thresholds say "
                        f"({len(sts)} statements, days "
                        f"{', '.join(str(d) for d in sorted({s.day for s in sts}))})",
                text=sts[0].sentence))
        else:
            quotes = "; ".join(f"post {sts[0].post}: {opt}" for opt, sts in sorted(
                options.items()))
            first = min((s for sts in options.values() for s in sts), key=lambda s: s.post)
            issues.append(ParseIssue(
                severity="warning", code="house-rule-conflict", where=Where(post=first.post),
                message=f"the GM's stated thresholds give {NO_LYNCH_KEY} more than one way "
                        f"({quotes}); the default is kept, choose it with --ruling",
                text=first.sentence))
    return chosen, issues
