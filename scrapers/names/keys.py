"""How names are compared: folded keys, word tokens, initials, Russian lemmas."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

_NOT_ALNUM = re.compile(r"[^0-9a-zа-я]+")
# word boundaries inside a nick: spaces and punctuation, camelCase, letters against digits
_TOKENS = re.compile(r"[A-ZА-ЯЁ]+(?![a-zа-яё])|[A-ZА-ЯЁ]?[a-zа-яё]+|[0-9]+")
_CYRILLIC = re.compile(r"[а-яё]", re.I)


def fold(text: str) -> str:
    """Lower case, ё as е, letters and digits only: 'Blood Queen' -> 'bloodqueen'."""
    return _NOT_ALNUM.sub("", text.casefold().replace("ё", "е"))


def tokens(text: str) -> list[str]:
    """Words of a nick, folded: 'MarioManiac4' -> ['mario', 'maniac', '4'],
    'heuristically_alone' -> ['heuristically', 'alone']."""
    return [fold(t) for t in _TOKENS.findall(text.replace("ё", "е").replace("Ё", "Е"))
            if fold(t)]


def initials(text: str) -> str:
    """'Blood Queen' -> 'bq', 'MarioManiac4' -> 'mm4' (digits kept whole)."""
    return "".join(t if t.isdigit() else t[0] for t in tokens(text))


def is_subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(c in it for c in short)


@lru_cache(maxsize=1)
def _analyzer() -> Any:
    # loading the dictionaries takes a moment: once per process, on first Russian name
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """Normal forms of a Russian word ('Кубу' -> {'куба', 'куб'}); a non-Russian word is
    its own folded form."""
    folded = fold(word)
    if not folded or not _CYRILLIC.search(word):
        return frozenset({folded}) if folded else frozenset()
    forms = {fold(p.normal_form) for p in _analyzer().parse(word.lower())}
    forms.add(folded)
    return frozenset(f for f in forms if f)


def lemma_keys(text: str) -> frozenset[str]:
    """Every way to fold a name word by word into normal forms: 'за Мальту' words are
    handled by the caller; here 'Кубу' -> {'куба', 'куб', 'кубу'}, 'Санта Круса' ->
    {'сантакрус', ...}."""
    words = [w for w in re.split(r"[\s_\-]+", text) if fold(w)]
    if not words:
        return frozenset()
    keys = {""}
    for w in words[:4]:
        keys = {k + f for k in keys for f in lemmas(w)}
        if len(keys) > 64:
            break
    return frozenset(keys)
