"""Words of a GM-log line: tokens with their places, normal forms, and phrase matching.

A phrase (an ability's name, a verb, an option word) matches a run of consecutive tokens
when each of its words shares a normal form with the token: Russian words through the
morphological analyser («убил» and «убить», «Доктором» and «доктор»), English words through
a few suffixes ("murders", "murdered" and "murder"), so that one entry covers the inflected
forms GMs write.
"""

from __future__ import annotations

import re
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

    @property
    def key(self) -> str:
        return fold(self.text)


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
    return [Token(m.group(), m.start(), m.end(), forms(m.group()))
            for m in _WORD.finditer(text)]


@lru_cache(maxsize=8192)
def phrase_forms(phrase: str) -> tuple[frozenset[str], ...]:
    """A phrase as the forms of its words, stop words left out (they are left out of the
    line too, so "Observation from the Bushes" matches "observation bushes")."""
    return tuple(forms(t.text) for t in tokenize(phrase) if t.key not in STOP)


def find_phrase(tokens: list[Token], phrase: str) -> list[tuple[int, int]]:
    """Where `phrase` occurs among `tokens` (indices into `tokens`, stop words skipped):
    each match as (first index, index after the last)."""
    want = phrase_forms(phrase)
    if not want:
        return []
    content = [i for i, t in enumerate(tokens) if t.key not in STOP]
    found: list[tuple[int, int]] = []
    for k in range(len(content) - len(want) + 1):
        if all(tokens[content[k + j]].forms & want[j] for j in range(len(want))):
            found.append((content[k], content[k + len(want) - 1] + 1))
    return found
