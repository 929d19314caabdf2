"""Words of a GM-log line: tokens with their places, normal forms, and phrase matching.

A phrase (an ability's name, a verb, an option word) matches a run of consecutive tokens
when each of its words shares a normal form with the token: Russian words through the
morphological analyser («убил» and «убить», «Доктором» and «доктор»), English words through
a few suffixes ("murders", "murdered" and "murder"), so that one entry covers the inflected
forms GMs write.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from scrapers.names.keys import fold, lemmas

# a word: letters and digits, with inner hyphens and apostrophes ("Bora-Bora", "Who's")
_WORD = re.compile(r"[0-9A-Za-zА-Яа-яЁё]+(?:['’-][0-9A-Za-zА-Яа-яЁё]+)*")
_EN_SUFFIXES = ("ing", "ies", "es", "ed", "s", "d")
# words that carry no name, ability or option: dropped between the parts of a line
STOP = frozenset({
    "на", "за", "в", "во", "по", "к", "ко", "у", "с", "со", "от", "сторону", "цель",
    "ход", "ходом", "his", "her", "their", "on", "at", "to", "the", "a", "an", "into",
    "with", "of", "by", "target", "targets", "from", "for", "upon",
})
# words that join two names of one list ("Pum и Dyatel", "Kvant and Lis")
JOIN = frozenset({"и", "and"})


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int
    forms: frozenset[str]
    # folded once here: phrase matching reads it for every word of the line and every
    # phrase of the vocabulary (a property folding each time cost most of the parser's time)
    key: str


def _english_forms(word: str) -> frozenset[str]:
    forms = {word}
    for suffix in _EN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            stem = word[: -len(suffix)]
            forms.add(stem)
            if suffix == "ies":
                forms.add(stem + "y")
            if suffix in ("ed", "es", "ing") and stem.endswith("e") is False:
                forms.add(stem + "e")
    return frozenset(forms)


@lru_cache(maxsize=65536)
def forms(word: str) -> frozenset[str]:
    """Every normal form a word may stand for, folded."""
    key = fold(word)
    if not key:
        return frozenset()
    if re.search(r"[а-яё]", word, re.I):
        return lemmas(word) | {key}
    return _english_forms(key)


def tokenize(text: str) -> list[Token]:
    return [Token(m.group(), m.start(), m.end(), forms(m.group()), fold(m.group()))
            for m in _WORD.finditer(text)]


@lru_cache(maxsize=8192)
def phrase_forms(phrase: str) -> tuple[frozenset[str], ...]:
    """A phrase as the forms of its words, stop words left out (they are left out of the
    line too, so "Observation from the Bushes" matches "observation bushes")."""
    return tuple(forms(t.text) for t in tokenize(phrase) if t.key not in STOP)


class Phrases:
    """The words of one line, ready for many phrases to be looked up among them.

    A line is matched against every phrase of the vocabulary (some 150 abilities and
    verbs), then the option and role names of the ability found. Scanning every word for
    every phrase made a line of n words cost n times the vocabulary, with the stop words
    picked out again for each phrase: a long line took seconds (the GM-log fuzzer's 83 ms
    per example). Here the words that are no stop words are picked out once, and each
    normal form indexed by where it occurs, so a phrase is only tried where its first word
    is.
    """

    def __init__(self, tokens: Sequence[Token]) -> None:
        self.tokens = tokens
        self.content = [i for i, t in enumerate(tokens) if t.key not in STOP]
        self.at: dict[str, list[int]] = {}  # normal form -> positions in `content`
        for k, i in enumerate(self.content):
            for f in tokens[i].forms:
                self.at.setdefault(f, []).append(k)

    def find(self, phrase: str) -> list[tuple[int, int]]:
        """Where `phrase` occurs (indices into the tokens, stop words skipped): each match
        as (first index, index after the last)."""
        want = phrase_forms(phrase)
        if not want:
            return []
        content, tokens, n = self.content, self.tokens, len(want)
        starts = sorted({k for f in want[0] for k in self.at.get(f, ())
                         if k + n <= len(content)})
        return [(content[k], content[k + n - 1] + 1) for k in starts
                if all(tokens[content[k + j]].forms & want[j] for j in range(1, n))]
