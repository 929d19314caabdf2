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


@lru_cache(maxsize=65536)  # every text a count or a vote names, and every name
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


# digits and signs written for letters ("sn4ke", "d0ctorwh0", "$nake"); '1' may be i or l
_LEET = {"0": "o", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g"}
_LEET_SIGNS = str.maketrans({"@": "a", "$": "s"})
_DIGIT_BY_LETTER = re.compile(r"[0-9][a-zа-я]|[a-zа-я][0-9]")


@lru_cache(maxsize=65536)
def leet_keys(text: str) -> frozenset[str]:
    """The folded readings of `text` with digits read as the letters they look like
    ('sn4ke' -> {'snake'}, 'd0ctorwh0' -> {'doctorwho'}, '$nake' -> {'snake'}; '1' is i or
    l), when a digit stands against a letter or '@'/'$' is written; empty otherwise, and for
    more ones than can be read so. The text's own folded key is not among them. A nick's
    real digits ('tn5421') give readings too: they count only where they equal another
    name's reading."""
    signs = fold(text.translate(_LEET_SIGNS))
    key = fold(text)
    if signs == key and not _DIGIT_BY_LETTER.search(key):
        return frozenset()
    keys = {""}
    for ch in signs:
        if ch == "1":
            keys = {k + c for k in keys for c in "il"}
        else:
            keys = {k + _LEET.get(ch, ch) for k in keys}
        if len(keys) > 8:
            return frozenset()  # a number, not leetspeak
    keys.discard(key)
    return frozenset(keys)


@lru_cache(maxsize=16384)
def split_words(word: str) -> tuple[str, ...]:
    """A word of a nick written as several ('redfalcon' -> ('red', 'falcon'),
    'bluewhalefan' -> ('blue', 'whale', 'fan')): the fewest common English words (a plural
    's' allowed) that spell it exactly; () when none do or it is one word already. Among
    splits into as many words, the one with the longest words wins ('boo kitty' over
    'book itty' is decided by length alone, never by chance)."""
    from scrapers.names.english import english_words

    known = english_words()
    n = len(word)
    if n < 5 or word in known or not word.isalpha():
        return ()

    def plural(piece: str) -> bool:
        return piece not in known and len(piece) >= 4 and piece.endswith("s") \
            and piece[:-1] in known

    # best[i]: the best split of word[:i], as (pieces, plurals, -sum of squared lengths,
    # the pieces): the fewest words, then the fewest read as plurals ('sling shot', not
    # 'slings hot'), then the longest
    best: list[tuple[int, int, int, tuple[str, ...]] | None] = [None] * (n + 1)
    best[0] = (0, 0, 0, ())
    for end in range(3, n + 1):
        for start in range(0, end - 2):
            before = best[start]
            piece = word[start:end]
            if before is None or not (piece in known or plural(piece)):
                continue
            cand = (before[0] + 1, before[1] + plural(piece), before[2] - len(piece) ** 2,
                    (*before[3], piece))
            now = best[end]
            if now is None or cand[:3] < now[:3]:
                best[end] = cand
    found = best[n]
    return found[3] if found is not None and found[0] > 1 else ()
