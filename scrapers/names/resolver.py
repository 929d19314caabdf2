"""Names as players write them to slots: nicks (every occupant of a slot), in-game names and
aliases; inflected Russian forms; prefixes, initials and typos. A name that fits several
slots equally, or none well, is reported with its candidates, never guessed.

Tiers, strongest first (the first tier that finds anything decides):
1. exact: the folded name ('blood queen' = 'BloodQueen');
2. lemma: Russian normal forms word by word ('Кубу' -> 'Куба', 'Гура' -> 'Гур');
3. prefix: the start of a name or of one of its words ('Reck' -> Reckamonic, 'Queen'); then
   a letter struck twice ('Morr' -> Mor, not the letters in order of 'Moderator');
4. initials: 'BQ' -> Blood Queen, 'MM4' -> MarioManiac4;
5. substring: four or more letters inside a name ('ocelot' -> tarsonisocelot);
6. subsequence: the letters in order, from the first ('ss' -> singersigner);
7. fuzzy: a typo of the name or of its start ('saalndar' -> Slandaar, 'zycro' -> Zyrconium,
   'raidiant' -> RadiantCowbells), by rapidfuzz's ratio above a threshold and clearly ahead of
   the next slot;
8. sound: the same consonants in the same order, vowels and doubled letters aside, four or
   more of them ('nahmann' -> nhammen): a name spelt by ear.
A leading English article is dropped when nothing else fits ('Thegrey' -> greygnarl), and a
nickname in brackets is read on its own ('tn(Zipcode)' -> tn5421).
The moderators' names are indexed too, so that a vote for the GM is "not a target" instead
of the nearest player.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field
from typing import Literal

from rapidfuzz import fuzz
from rapidfuzz.distance import OSA

from engine.gamelog import GameLog
from scrapers.names.keys import fold, initials, is_subsequence, lemma_keys, tokens

GM = "\x00gm"  # the owner of the moderators' names

How = Literal["exact", "lemma", "prefix", "initials", "substring", "subsequence", "fuzzy",
              "sound", "unknown", "ambiguous"]

FUZZY_MIN = 80.0  # rapidfuzz ratio (0-100) a typo must reach
FUZZY_MIN_LONG = 69.0  # for names of 8 letters or more, where one slip weighs less
FUZZY_MARGIN = 8.0  # and by how much it must beat the best other slot


@dataclass(frozen=True)
class Name:
    text: str
    owner: str  # slot id, or GM
    kind: Literal["nick", "ingame", "alias", "gm"] = "nick"
    # a replaced player's nick: from this post on someone else plays the slot, and the old
    # nick is matched only when written out (exact, inflected or a prefix), not by initials
    # or likeness ('CD' after ChannelDelibird left is CooLDoG, not the old nick)
    until: int | None = None


@dataclass(frozen=True)
class Resolution:
    written: str
    owner: str | None  # slot id, GM, or None
    how: How
    candidates: tuple[str, ...] = ()  # owners an ambiguous name could mean; best guesses else
    matched: str | None = None  # the name it matched

    @property
    def is_gm(self) -> bool:
        return self.owner == GM


@dataclass
class _Entry:
    name: Name
    key: str
    words: list[str]
    initials: str
    lemmas: frozenset[str]


@dataclass
class NameIndex:
    names: list[Name]
    entries: list[_Entry] = field(init=False)

    def __post_init__(self) -> None:
        self.entries = []
        for n in self.names:
            key = fold(n.text)
            if not key:
                continue
            self.entries.append(_Entry(n, key, tokens(n.text), initials(n.text),
                                       lemma_keys(n.text) | {key}))

    @classmethod
    def from_log(cls, log: GameLog) -> NameIndex:
        names: list[Name] = []
        for slot in log.players:
            for i, occ in enumerate(slot.occupants):
                nxt = slot.occupants[i + 1].from_post if i + 1 < len(slot.occupants) else None
                names.append(Name(occ.nick, slot.id, "nick", until=nxt))
            if slot.ingame_name:
                names.append(Name(slot.ingame_name, slot.id, "ingame"))
            names.extend(Name(a, slot.id, "alias") for a in slot.aliases)
        slot_keys = {fold(n.text) for n in names}
        names.extend(Name(g, GM, "gm") for g in log.meta.gms if fold(g) not in slot_keys)
        return cls(names)

    def resolve(self, written: str, *, valid: Collection[str] | None = None,
                at: int | None = None) -> Resolution:
        """The slot `written` names. `valid`: the slots that can be voted for now; among
        several equally good matches, those outside it are dropped (one cannot vote for the
        dead), which is a rule, not a guess."""
        words = written.split()
        # the whole text, then shorter and shorter word prefixes ("Blood Queen please"):
        # the written-out readings (exact to subsequence) of the whole, then its typo
        # reading, then the written-out readings of the shorter prefixes; a shorter prefix
        # that fits several slots ("The" of "The Bzzzulge") is no answer and does not stop
        # the search
        # the longest six prefixes only: building all of them was quadratic in the words
        tries = [" ".join(words[:k]) for k in range(len(words), max(len(words) - 6, 0), -1)] \
            or [written]
        res = self._resolve_one(tries[0], valid, fuzzy=False, at=at)
        if res.how != "unknown":
            return Resolution(written, res.owner, res.how, res.candidates, res.matched)
        for text in tries[1:]:  # a name written out in full before some more words
            res = self._resolve_one(text, valid, fuzzy=False, at=at)
            if res.how in ("exact", "lemma"):
                return Resolution(written, res.owner, res.how, res.candidates, res.matched)
        whole = self._resolve_one(tries[0], valid, fuzzy=True, at=at)
        if whole.how != "unknown":
            return Resolution(written, whole.owner, whole.how, whole.candidates, whole.matched)
        for text in tries[1:]:
            res = self._resolve_one(text, valid, fuzzy=False, at=at)
            if res.how not in ("unknown", "ambiguous"):
                return Resolution(written, res.owner, res.how, res.candidates, res.matched)
        if len(tries) > 1:
            res = self._resolve_one(tries[-1], valid, fuzzy=True, at=at)
            if res.how == "fuzzy":
                return Resolution(written, res.owner, res.how, res.candidates, res.matched)
        bare = _ARTICLE.sub("", written)
        if bare != written and len(fold(bare)) >= 4:
            res = self._resolve_one(bare, valid, fuzzy=False, at=at)
            if res.how not in ("unknown", "ambiguous"):
                return Resolution(written, res.owner, res.how, res.candidates, res.matched)
        aside = _ASIDE.match(written)
        if aside:  # "tn(Zipcode)": a name with a nickname in brackets; either may be known,
            # and where both are, they must agree
            known = [r for r in (self.resolve(p, valid=valid, at=at) for p in aside.groups())
                     if r.owner is not None]
            if known and len({r.owner for r in known}) == 1:
                res = known[0]
                return Resolution(written, res.owner, res.how, res.candidates, res.matched)
        if "/" in written:
            # "Bezu/Jily": two names of one slot (a player and their replacement)
            parts = [self.resolve(p, valid=valid, at=at) for p in written.split("/")
                     if p.strip()]
            owners = {p.owner for p in parts}
            if len(parts) > 1 and len(owners) == 1 and None not in owners:
                hows = {p.how for p in parts}
                how: How = next(h for h in ("sound", "fuzzy", "subsequence", "substring",
                                            "initials",
                                            "prefix", "lemma", "exact") if h in hows)
                return Resolution(written, parts[0].owner, how, (), written)
        return Resolution(written, None, "unknown", whole.candidates)

    def _current(self, at: int | None) -> list[_Entry]:
        """The names in use at post `at`: a replaced nick drops out from its successor's
        first post."""
        if at is None:
            return self.entries
        return [e for e in self.entries if e.name.until is None or at < e.name.until]

    def _resolve_one(self, text: str, valid: Collection[str] | None, *,
                     fuzzy: bool, at: int | None = None) -> Resolution:
        key = _squeeze(fold(text))
        if not key:
            return Resolution(text, None, "unknown")
        lem = lemma_keys(text)
        current = self._current(at)
        undoubled = _undoubled(key)
        tiers: list[tuple[How, list[_Entry]]] = [
            ("exact", [e for e in self.entries if e.key == key]),
            ("lemma", [e for e in self.entries if lem & e.lemmas]),
            ("prefix", [e for e in self.entries if len(key) >= 2 and (
                e.key.startswith(key) or any(len(key) >= 3 and w.startswith(key)
                                             for w in e.words[1:]))]),
            # a single letter names the one player whose name starts with it ("VOTE: Q")
            ("prefix", [e for e in current if len(key) == 1 and e.key.startswith(key)]
             if len(text.strip()) == 1 else []),
            # the name written on and on ("Anenineninenineni", "marquistador")
            ("prefix", [e for e in current if len(e.key) >= 4 and key.startswith(e.key)]),
            # a letter struck twice ("Morr" for Mor): a typo, but a surer one than the
            # letters of a longer name in order ("Morr" in "Moderator")
            ("fuzzy", [e for e in current if len(e.key) >= 3 and e.key in undoubled]),
            ("initials", [e for e in current
                          if len(key) >= 2 and len(e.initials) >= 2 and e.initials == key]),
            ("substring", [e for e in current if len(key) >= 4 and key in e.key]),
            # the end of a name ("bob" for Cyberbob)
            ("substring", [e for e in current if len(key) == 3 and len(e.key) > 4
                           and e.key.endswith(key)]),
            ("subsequence", [e for e in current if 2 <= len(key) < len(e.key)
                             and e.key[0] == key[0] and is_subsequence(key, e.key)]),
        ]
        for how, found in tiers:
            owners = _owners(found)
            if not owners:
                continue
            decided = _decide(text, how, owners, found, valid)
            if decided.how == "ambiguous" and len(key) == 1:
                continue  # a lone letter several names start with says nothing
            return decided
        if not fuzzy:
            return Resolution(text, None, "unknown")
        scored: dict[str, tuple[float, str]] = {}
        # a typo of any name the slot had, a replaced player's too: GMs keep old names in
        # their counts and players follow them
        for e in self.entries:
            score = _similarity(key, lem, e.key)
            if score > scored.get(e.name.owner, (-1.0, ""))[0]:
                scored[e.name.owner] = (score, e.name.text)
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], kv[0]))
        if valid is not None:
            ranked = [r for r in ranked if r[0] in valid or r[0] == GM]
        floor = FUZZY_MIN_LONG if len(key) >= 8 else FUZZY_MIN
        if not ranked or ranked[0][1][0] < floor:
            sounds = _skeleton(key)
            found = [e for e in current if len(sounds) >= 4 and _skeleton(e.key) == sounds]
            if found:
                return _decide(text, "sound", _owners(found), found, valid)
            return Resolution(text, None, "unknown", tuple(o for o, _ in ranked[:3]))
        if len(ranked) > 1 and ranked[0][1][0] - ranked[1][1][0] < FUZZY_MARGIN:
            close = tuple(o for o, (s, _) in ranked if ranked[0][1][0] - s < FUZZY_MARGIN)
            return Resolution(text, None, "ambiguous", close)
        return Resolution(text, ranked[0][0], "fuzzy", (), ranked[0][1][1])


TYPO_SCORE = 85.0  # one slip (a letter changed, added, dropped or two swapped) in 4+


def _similarity(key: str, lem: frozenset[str], name: str) -> float:
    """How close a written name is to a name: the better of the whole and (for four letters
    or more, same first letter) the name's start of the same length ('zycro' ~ 'zyrco'); a
    single slip in four letters or more scores `TYPO_SCORE` ('rolf' ~ 'rofl', 'dave' ~
    'davs')."""
    score = max([fuzz.ratio(key, name)] + [fuzz.ratio(k, name) for k in lem])
    if len(key) >= 4 and key[0] == name[0]:
        start = name[: len(key)]
        if len(name) > len(key):
            score = max(score, fuzz.ratio(key, start))
        if OSA.distance(key, start) <= 1 or OSA.distance(key, name) <= 1:
            score = max(score, TYPO_SCORE)
    return float(score)


def _undoubled(key: str) -> set[str]:
    """`key` with one doubled letter written once ('morr' -> {'mor'})."""
    return {key[:i] + key[i + 1:] for i in range(1, len(key)) if key[i] == key[i - 1]}


def _squeeze(key: str) -> str:
    """Runs of three or more of a letter made two ('slandaaaaaar' -> 'slandaar',
    'bzzzzzulge' -> 'bzzulge'): shouting, not spelling."""
    return re.sub(r"(.)\1{2,}", r"\1\1", key)


_ASIDE = re.compile(r"^\s*([^()]*\w[^()]*?)\s*\(([^()]*\w[^()]*?)\)?\s*$")
_ARTICLE = re.compile(r"^\s*the(?=[\s_-]*[^\W\d_])[\s_-]*", re.I)


def _skeleton(key: str) -> str:
    """The first letter and the consonants after it, each run of one letter once
    ('nahmann' and 'nhammen' -> 'nhmn')."""
    rest = re.sub(r"[aeiouy]", "", key[1:])
    return re.sub(r"(.)\1+", r"\1", key[:1] + rest)


def _owners(found: Iterable[_Entry]) -> list[str]:
    return list(dict.fromkeys(e.name.owner for e in found))


def _decide(text: str, how: How, owners: list[str], found: list[_Entry],
            valid: Collection[str] | None) -> Resolution:
    if len(owners) > 1 and valid is not None:
        kept = [o for o in owners if o in valid or o == GM]
        owners = kept or owners
    if len(owners) == 1:
        matched = next(e.name.text for e in found if e.name.owner == owners[0])
        return Resolution(text, owners[0], how, (), matched)
    return Resolution(text, None, "ambiguous", tuple(sorted(owners)))
