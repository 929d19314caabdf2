"""How well a written name fits one name of the index: every reading of it scored on one
scale, so that the best reading of every slot is weighed against the others' instead of the
first kind of match that finds anything deciding.

The readings and their scores (named constants below; higher is surer):
- exact (100): the folded name ('blood queen' = 'BloodQueen');
- lemma (96): Russian normal forms word by word ('Кубу' -> 'Куба');
- leet (92 whole; a written-out reading of the leet form 4 less): digits and signs read as
  letters ('sn4ke' -> Snake, 'd0ctorwh0' -> DoctorWho);
- word (82): one whole word of a name of several ('Queen' -> Blood Queen, 'falcon' ->
  redfalcon, split into its English words);
- initials: the first letters of the name's words ('BQ' -> Blood Queen, 'bwf' ->
  bluewhalefan). Written in capitals, two or three of them (78), they beat any prefix: 'LL'
  is Lazy Llama before Llewellyn; in lower case they weigh as a prefix of that length, and
  'll' is either;
- prefix (58 + 2 a letter, up to six): the start of the name or of one of its words
  ('Reck' -> Reckamonic); the longer, the surer; a replaced player's nick too;
- written on (62): the whole name and more letters ('Zyrconiumrocks');
- doubled (58, read as "fuzzy"): a letter struck twice ('Morr' -> Mor);
- substring (45): four letters or more inside a name, or three at its end;
- subsequence (35): the letters in order, from the first ('Slr' -> Slandaar);
- a replaced player's initials (25): the slot, where nothing else reads;
- a replacement's nick before they join, by word, initials or prefix: 60 less.
Typos and sounds are a later pass (see `typo_score`), taken only when no written-out
reading fits at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from scrapers.names.english import english_words
from scrapers.names.keys import (
    fold,
    initials,
    is_subsequence,
    leet_keys,
    lemma_keys,
    split_words,
    tokens,
)

How = Literal["exact", "lemma", "leet", "word", "prefix", "initials", "substring",
              "subsequence", "fuzzy", "sound", "unknown", "ambiguous"]
Kind = Literal["nick", "ingame", "alias", "gm"]

EXACT = 100.0
LEMMA = 96.0
LEET = 92.0
LEET_PENALTY = 4.0  # a prefix or word of the leet reading: that reading, a little less sure
WORD = 82.0
CAPS_INITIALS = 78.0
PREFIX_BASE = 58.0  # plus PREFIX_PER_LETTER for each letter written, up to PREFIX_LETTERS
PREFIX_PER_LETTER = 2.0
PREFIX_LETTERS = 6
WRITTEN_ON = 62.0
DOUBLED = 58.0
SUBSTRING = 45.0
SUBSEQUENCE = 35.0
# a replaced player's own initials: they name the slot where no active player's name reads
# at all, not even as letters in order ('CD' for the slot ChannelDelibird left, unless
# someone playing now reads as 'CD', as CooLDoG does)
OLD_INITIALS = 25.0
# a replacement's nick before the post the import dates their joining: read (by word,
# initials or prefix) only where no active player's name reads at all, as a replacement is
# often announced before that post (the date is the announcement found, or else their
# first post); written out in full, it is theirs at any post
FUTURE_PENALTY = 60.0
MARGIN = 5.0  # the best slot wins only this far ahead of the next

# words that name no one alone: "The" is not The Bulge, "of" not Om of the Nom
FUNCTION_WORDS = frozenset({"the", "of", "and", "a", "an", "to", "in", "on", "at", "by", "for",
                            "is", "it", "or", "de", "la", "le", "el", "da", "di", "von",
                            "van", "der", "mr", "mrs", "ms", "dr", "st"})

TYPO_SCORE = 85.0  # one slip (a letter changed, added, dropped or two swapped) in 4+
# a typo of one word of a name: one slip, or two in a word of LONG_WORD letters or more,
# each slip WORD_TYPO_PENALTY less sure than one in the whole name
WORD_TYPO_PENALTY = 3.0
LONG_WORD = 8


@dataclass(frozen=True)
class Name:
    text: str
    owner: str  # slot id, or GM
    kind: Kind = "nick"
    # a replaced player's nick: from this post on someone else plays the slot. The old nick
    # still names the slot when written out (whole, inflected, a prefix, a word, its own
    # initials), not by mere likeness (letters inside it or in order, a name written on)
    until: int | None = None
    # a replacement's nick: before this post they have not joined, and no one means them
    from_post: int | None = None


@dataclass(frozen=True)
class Reading:
    score: float
    how: How
    written_on: bool = False  # the whole name and more letters: a blend of two names?


@dataclass
class Entry:
    """A name with everything the readings compare, computed once."""

    name: Name
    key: str
    words: list[str]  # its words, and the English words of a word written as several
    whole_words: frozenset[str]  # words a written word may equal: two letters or more
    later_words: tuple[str, ...]  # words a prefix may start, beside the name's own start
    starts3: frozenset[str]  # their first three letters: most texts start none of them
    initials: frozenset[str]
    lemmas: frozenset[str]
    leet: frozenset[str]
    is_gm: bool = field(init=False)

    def __post_init__(self) -> None:
        self.is_gm = self.name.kind == "gm"

    @classmethod
    def of(cls, name: Name) -> Entry | None:
        key = fold(name.text)
        if not key:
            return None
        own = tokens(name.text)
        pieces = [split_words(t) for t in own]
        words = list(dict.fromkeys([*own, *(p for split in pieces for p in split)]))
        inits = {initials(name.text)}
        if any(pieces):  # 'redfalcon' -> 'rf', 'MarioManiac4' stays 'mm4'
            spelt = [w for t, split in zip(own, pieces, strict=True) for w in (split or (t,))]
            inits.add("".join(w if w.isdigit() else w[0] for w in spelt))
        several = len(words) > 1
        whole = frozenset(w for w in words if several and len(w) >= 2 and w != key
                          and w not in FUNCTION_WORDS)
        later = tuple(w for w in words if w != key[: len(w)])
        return cls(name, key, words, whole, later, frozenset(w[:3] for w in later),
                   frozenset(i for i in inits if len(i) >= 2), lemma_keys(name.text) | {key},
                   leet_keys(name.text) | {key})


@dataclass(frozen=True)
class Written:
    """A written name with what the readings compare, computed once per text."""

    text: str
    key: str
    lemmas: frozenset[str]
    leet: frozenset[str]
    caps: bool  # two or three letters, all capitals: written as initials
    undoubled: frozenset[str]

    @classmethod
    def of(cls, text: str, key: str) -> Written:
        letters = [c for c in text if c.isalpha()]
        caps = 2 <= len(letters) <= 3 and all(c.isupper() for c in letters)
        undoubled = frozenset(key[:i] + key[i + 1:] for i in range(1, len(key))
                              if key[i] == key[i - 1])
        return cls(text, key, lemma_keys(text), leet_keys(text), caps, undoubled)


def prefix_score(letters: int) -> float:
    return PREFIX_BASE + PREFIX_PER_LETTER * min(letters, PREFIX_LETTERS)


_EXACT = Reading(EXACT, "exact")
_LEMMA = Reading(LEMMA, "lemma")
_LEET = Reading(LEET, "leet")
_WORD = Reading(WORD, "word")
_CAPS = Reading(CAPS_INITIALS, "initials")
_OLD_INITIALS = Reading(OLD_INITIALS, "initials")
_WRITTEN_ON = Reading(WRITTEN_ON, "prefix", written_on=True)
_DOUBLED = Reading(DOUBLED, "fuzzy")
_SUBSTRING = Reading(SUBSTRING, "substring")
_SUBSEQUENCE = Reading(SUBSEQUENCE, "subsequence")
_PREFIX = {n: Reading(prefix_score(n), "prefix") for n in range(PREFIX_LETTERS + 1)}
_INITIALS = {n: Reading(prefix_score(n), "initials") for n in range(PREFIX_LETTERS + 1)}


def read(w: Written, e: Entry, *, old: bool, future: bool = False) -> Reading | None:
    """The best written-out reading of `w` as `e`, or None. `old`: the name of a player
    who has been replaced, matched only where written out. `future`: a replacement's nick
    before they join: exact or inflected, else by word, initials or prefix far below any
    active name (`FUTURE_PENALTY`). A moderator's name is read exactly or inflected only
    (see `NameIndex`)."""
    key = w.key
    if key == e.key:
        return _EXACT
    if not w.lemmas.isdisjoint(e.lemmas):
        return _LEMMA
    if future:
        found = _spelt(key, w.caps, e, True, frozenset())
        if found is None or found.score == OLD_INITIALS:
            return None
        return Reading(found.score - FUTURE_PENALTY, found.how)
    if (w.leet and not w.leet.isdisjoint(e.leet)) or (len(e.leet) > 1 and key in e.leet):
        return _LEET
    best = _spelt(key, w.caps, e, old, w.undoubled)
    for alt in w.leet:  # 'sn4k' -> the start of Snake
        found = _spelt(alt, False, e, old, frozenset())
        if found is not None and (best is None or found.score - LEET_PENALTY > best.score):
            best = Reading(found.score - LEET_PENALTY, "leet", found.written_on)
    return best


@dataclass(frozen=True)
class Sieve:
    """The names a written text may read as at all, found by looking up the text's own
    letters instead of reading it against every name (most texts read as one or two of a
    game's names, or none; `read` on every name of every slot was most of the resolver's
    time). Whatever `Sieve.of(entries).may_read(w)` leaves out, `read(w, e, ...)` gives None
    for, whatever `old` and `future` (tests/scrapers/test_names_scoring.py holds the two
    together). By `read` and `_spelt`, a reading needs one of: a lemma key in common (an
    inflected form may start with another letter: 'людей' is 'человек'); the text the
    name's initials, a whole word of it or one of its leet keys; the name starting with the
    text's first letter (exact, prefix, written on, doubled, subsequence); the text inside
    the name (substring; the start of a later word, a piece of the name). The same for each
    of the text's own leet readings, which are spelt as it is (a leet key in common is one
    of the name's own, or its key, which starts with the name's first letter)."""

    entries: tuple[Entry, ...]
    first: dict[str, tuple[int, ...]]  # a name's first letter -> the names (by position)
    # initials, whole words, lemma keys, and the leet keys of a name with several -> the
    # names: a text that is none of them reads as none of these ways
    marks: dict[str, frozenset[int]]
    joined: str  # the names' keys one a line: a text inside none is inside no name

    @classmethod
    def of(cls, entries: list[Entry]) -> Sieve:
        first: dict[str, list[int]] = {}
        marks: dict[str, set[int]] = {}
        for i, e in enumerate(entries):
            first.setdefault(e.key[0], []).append(i)
            several_leet = e.leet if len(e.leet) > 1 else frozenset()
            for mark in (*e.initials, *e.whole_words, *e.lemmas, *several_leet):
                marks.setdefault(mark, set()).add(i)
        # keys are letters and digits only (`fold`): the line break joins no two into a text
        return cls(tuple(entries), {k: tuple(v) for k, v in first.items()},
                   {k: frozenset(v) for k, v in marks.items()},
                   "\n".join(e.key for e in entries))

    def may_read(self, w: Written) -> list[int] | None:
        """The positions of the entries `w` may read as, in order; None: every entry."""
        found: set[int] = set()
        for mark in w.lemmas:
            found.update(self.marks.get(mark, ()))
        for key in (w.key, *w.leet):  # its leet readings are spelt as it is
            if not key:
                return None
            found.update(self.first.get(key[0], ()))
            found.update(self.marks.get(key, ()))
            if key in self.joined:
                found.update(i for i, e in enumerate(self.entries) if key in e.key)
        return sorted(found)


def _spelt(key: str, caps: bool, e: Entry, old: bool,
           undoubled: frozenset[str]) -> Reading | None:
    """The best reading of the letters as they stand, strongest first: word, initials,
    prefix, written on, doubled, substring, subsequence (called for every name on every
    written text: each test is cheap, and the first that holds is the best)."""
    if key in e.whole_words:
        return _WORD
    n = len(key)
    initial = n >= 2 and key in e.initials
    if initial and caps and not old:
        return _CAPS  # above any prefix
    if (n >= 2 and e.key.startswith(key)) or (
            n >= 3 and key[:3] in e.starts3 and any(w.startswith(key) for w in e.later_words)):
        # lower-case initials weigh as a prefix of their length: on a tie, initials
        return _INITIALS[min(n, PREFIX_LETTERS)] if initial and not old else \
            _PREFIX[min(n, PREFIX_LETTERS)]
    if initial:
        return _OLD_INITIALS if old else _INITIALS[min(n, PREFIX_LETTERS)]
    if old:
        return None
    m = len(e.key)
    if m >= 4 and n > m and key.startswith(e.key):
        return _WRITTEN_ON
    if m >= 3 and e.key in undoubled:
        return _DOUBLED
    if (n >= 4 and e.key.find(key) >= 0) or (n == 3 and m > 4 and e.key.endswith(key)):
        return _SUBSTRING
    if 2 <= n < m and e.key[0] == key[0] and is_subsequence(key, e.key):
        return _SUBSEQUENCE
    return None


def typo_score(key: str, alts: frozenset[str], e: Entry, *, whole_only: bool = False) -> float:
    """How close a written name is to a name as a typo: the better of the whole and (for
    four letters or more, same first letter) the name's start of the same length ('zycro' ~
    'zyrco'); a single slip in four letters or more scores `TYPO_SCORE` ('rolf' ~ 'rofl',
    'dave' ~ 'davs'). A typo of one word of a name of several counts too, a little less:
    one slip, or two in a long word ('rigs' ~ Guy_Named_Riggs), unless the text is an
    English word itself: 'sample' is written as meant, not for A Simple Plan.
    `whole_only`: the whole name only."""
    name = e.key
    score = max([fuzz.ratio(key, name)] + [fuzz.ratio(k, name) for k in alts])
    if whole_only:
        return float(score)
    if len(key) >= 4 and key[0] == name[0]:
        start = name[: len(key)]
        if len(name) > len(key):
            score = max(score, fuzz.ratio(key, start))
        if OSA.distance(key, start) <= 1 or OSA.distance(key, name) <= 1:
            score = max(score, TYPO_SCORE)
    if len(key) >= 4 and key not in english_words():
        for word in e.whole_words:
            if len(word) < 4 or word[0] != key[0]:
                continue
            slips = OSA.distance(key, word, score_cutoff=2)
            if slips <= 1 or (slips == 2 and len(word) >= LONG_WORD):
                score = max(score, TYPO_SCORE - WORD_TYPO_PENALTY * slips)
    return float(score)
