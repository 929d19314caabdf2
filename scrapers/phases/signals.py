"""What a GM post announces: the `Signal`s that the rules of `scrapers.phases.patterns` find
in its own words, and what its vote count shows."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from engine.gamelog import Post
from scrapers.html_fast import fast_body_text
from scrapers.html_text import body_text
from scrapers.phases.patterns import (
    CONDITIONAL,
    MORE_LYNCHES,
    NEAR_CONDITIONAL,
    NOT_VOTING,
    RULES,
    SENTENCE_END,
    THRESHOLD,
    WAGON,
    Rule,
    SignalKind,
)

_LINK = re.compile(r"<a\b[^>]*>.*?</a\s*>", re.IGNORECASE | re.DOTALL)
# Not a wording but a reading of the count: a wagon at the majority it states.
MAJORITY = Rule("vote count at majority", "day-end", r"(?!)", source="vote-count")
EMPTY_COUNT = Rule("vote count with no votes", "day-start", r"(?!)", source="vote-count",
                   weak=True)
# A running count that lists votes: the day it counts is under way, so it began before this
# post (`scrapers.phases.detect`: a day cannot start after the first count listing its votes).
# Not taken from a post that also ends a day: there the count is that day's last one.
RUNNING_COUNT = Rule("vote count with votes", "in-day", r"(?!)", source="vote-count")


@dataclass(frozen=True)
class Signal:
    """One announcement found in a GM post: what it says, about which phase, and where."""

    kind: SignalKind
    number: int | None
    rule: Rule
    text: str
    pos: int


def post_signals(post: Post, rules: Iterable[Rule] = RULES) -> list[Signal]:
    """Every announcement in the post's own words, in text order."""
    text = _announcement_text(post)
    found: list[Signal] = []
    low = text.lower()
    windowed = len(low) == len(text)
    for rule in rules:
        if windowed and rule.needles and not any(n in low for n in rule.needles):
            continue  # no needle, no window (`_matches`): the rule finds nothing here
        for m in _matches(rule, text, low):
            if _conditional(text, m.start()):
                continue
            found.append(Signal(rule.kind, rule.number(m), rule, m.group(0).strip(), m.start()))
    count = _read_count(text)
    if count is not None and not (count.rule is RUNNING_COUNT and any(
            s.kind in ("day-end", "night-start", "game-end") and not s.rule.weak
            for s in found)):
        found.append(count)
    if MORE_LYNCHES.search(text):
        found = [s for s in found if s.kind != "day-end"]
    found.sort(key=lambda s: s.pos)
    return found


# How far from its needle a match may reach. Windows end at a line end, so that "$" and "\b"
# at a window's end mean what they mean in the whole text.
_REACH = 60


def _matches(rule: Rule, text: str, low: str) -> Iterator[re.Match[str]]:
    """The rule's matches in the text, searched only around its needles: scanning every
    regex over every vote count costs several seconds a corpus, the windows a fraction."""
    if not rule.needles or len(low) != len(text):
        yield from rule.regex.finditer(text)
        return
    spots: list[int] = []
    for needle in rule.needles:
        at = low.find(needle)
        while at >= 0:
            spots.append(at)
            at = low.find(needle, at + 1)
    spots.sort()
    windows: list[tuple[int, int]] = []
    for at in spots:
        begin = max(0, at - _REACH)
        end = low.find("\n", at + _REACH)
        end = len(low) if end < 0 else end
        if windows and begin <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(windows[-1][1], end))
        else:
            windows.append((begin, end))
    for begin, end in windows:
        yield from rule.regex.finditer(text, begin, end)


def _announcement_text(post: Post) -> str:
    """The post's own words without the text of its links: a link names a post elsewhere
    ("Final day 1 vote count", the opening post's "Day 1 Start | VC 1.0 | ..."), it does not
    announce anything here."""
    if "<a" not in post.html and "<A" not in post.html and post.text.strip():
        return post.text
    html = _LINK.sub(" ", post.html)
    read = fast_body_text(html)  # from the string where its markup is plain
    return (read if read is not None else body_text(html)).text


_COUNT_ONLY = re.compile(r"\W*\d{1,2}\W*")


def _read_count(text: str) -> Signal | None:
    """What a vote count shows: a wagon with the votes it says a lynch takes (the day is over),
    nobody voting yet (the day has just begun), or votes short of that (the day is under way).
    Only the count proper is read: it ends at its "Not voting" line (a recap of an earlier
    count may follow)."""
    m = THRESHOLD.search(text)
    needed = int(m["t"] or m["t2"] or m["t3"]) if m is not None else None
    if needed is None and "voting" not in text.lower():
        return None  # no majority stated and no "not voting" line: nothing to read
    lines = text.split("\n")
    nonblank = [i for i, line in enumerate(lines) if line.strip()]
    following = dict(itertools.pairwise(nonblank))
    offset = 0
    wagons: list[int] = []
    first_vote: tuple[str, int] | None = None  # the first wagon line with votes, and where
    for i, line in enumerate(lines):
        nxt = lines[following[i]] if i in following else ""
        # "Not voting (13): ..." or a "(11)" over a "(NOT VOTING)" label
        over_label = _COUNT_ONLY.fullmatch(line) and NOT_VOTING.fullmatch(nxt.strip())
        if over_label or NOT_VOTING.search(line):
            label = nxt if over_label else line
            idle = re.search(r"\d+", line)
            everyone = (needed is not None and not wagons and idle is not None
                        and int(idle[0]) >= 2 * needed - 2)
            if (wagons and max(wagons) == 0) or everyone:
                return Signal("day-start", None, EMPTY_COUNT, label.strip(), offset)
            if first_vote is not None:
                return Signal("in-day", None, RUNNING_COUNT, *first_vote)
            return None
        w = WAGON.match(line)
        if w is not None:
            votes = int(w["a"] or w["b"] or w["c"])
            if needed is not None and votes >= needed:
                return Signal("day-end", None, MAJORITY, line.strip(), offset)
            wagons.append(votes)
            if votes > 0 and first_vote is None:
                first_vote = (line.strip(), offset)
        offset += len(line) + 1
    return None


def _conditional(text: str, pos: int) -> bool:
    """Whether the sentence leading up to `pos` makes the match a condition or a promise."""
    begin = max(0, pos - 200)
    for m in SENTENCE_END.finditer(text, max(0, pos - 200), pos):
        begin = m.end()
    if CONDITIONAL.search(text, begin, pos) is not None:
        return True
    return NEAR_CONDITIONAL.search(text[max(begin, pos - 40):pos]) is not None
