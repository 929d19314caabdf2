"""Names as players write them to slots: nicks (every occupant of a slot), in-game names and
aliases; inflected Russian forms; prefixes, words, initials, leetspeak and typos. A name
that fits several slots equally, or none well, is reported with its candidates, never
guessed.

Every name of every slot is read against the written text and scored (`scoring`: exact and
inflected readings strongest, then leetspeak, a whole word, initials, a prefix, ..., down
to the letters in order); the slot of the best reading wins only by `MARGIN` over the next,
else the name is ambiguous. Only when no written-out reading fits at all is the text taken
as a typo of a name or of one of its words ('saalndar' -> Slandaar, 'rigs' ->
Guy_Named_Riggs, by rapidfuzz's ratio above a threshold and clearly ahead of the next slot),
then as a name spelt by ear (the same consonants in the same order, four or more).

Who can be meant at post `at`: a replacement only from the post they joined (`from_post`);
a replaced player's nick stays an alias of the slot, read only where written out (see
`Name.until`). The moderators' names are matched exactly (or inflected) only; a text that
is more like a moderator's name than any player's is no player ('Modr' is not Mor).

Around that: a text of several words is read whole, then by its first words ("Blood Queen
please"); bracketed inserts are read apart ("Ali [the cook]", "Bob (replacing Carl)",
"tn(Zipcode)"); two names run together ("ALICEBOB") are no match for either but ambiguous
between them; a leading English article is dropped when nothing else fits ('Thegrey' ->
greygnarl); "Bezu/Jily" is two names of one slot.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from engine.gamelog import GameLog
from scrapers.names.keys import fold
from scrapers.names.scoring import (
    MARGIN,
    WORD,
    Entry,
    How,
    Name,
    Reading,
    Sieve,
    Written,
    read,
    typo_score,
)

GM = "\x00gm"  # the owner of the moderators' names

__all__ = ["GM", "How", "Name", "NameIndex", "Resolution"]

FUZZY_MIN = 80.0  # rapidfuzz ratio (0-100) a typo must reach
FUZZY_MIN_LONG = 69.0  # for names of 8 letters or more, where one slip weighs less
FUZZY_MARGIN = 8.0  # and by how much it must beat the best other slot
_STRONG: tuple[How, ...] = ("exact", "lemma", "leet")  # a name written out in full


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


State = Literal["now", "old", "future"]


@dataclass(frozen=True)
class _Now:
    """The names that can be meant at one stretch of posts (between two replacements)."""

    # each name with its state: "now", "old" (a replaced player's nick), "future" (a
    # replacement who has not joined yet)
    entries: list[tuple[Entry, State]]
    exact: dict[str, frozenset[str]]  # folded name -> owners (players only)
    words: dict[str, frozenset[str]]  # whole word (3+ letters) of a name -> owners


@dataclass(frozen=True)
class _Best:
    score: float
    how: How
    matched: str
    written_on: bool


@dataclass
class _Readings:
    """What one text reads as at one stretch of posts, before `valid` decides."""

    written: Written
    best: dict[str, _Best]  # slot -> its best written-out reading
    gm_best: float  # the best reading of a moderator's name other than exact
    blend: tuple[str, ...]  # the slots of two names run together, if it is that
    typos: dict[str, tuple[float, str]] | None = None  # slot -> typo score, name; on demand


@dataclass
class NameIndex:
    names: list[Name]
    entries: list[Entry] = field(init=False)
    # post numbers where who can be meant changes; resolutions are memoised per stretch
    _cuts: list[int] = field(init=False, repr=False)
    _now: dict[int, _Now] = field(init=False, repr=False)
    _memo: dict[tuple[str, frozenset[str] | None, int], Resolution] = field(
        init=False, repr=False)
    _read: dict[tuple[str, int], _Readings] = field(init=False, repr=False)
    # each text's `Written` (its lemma and leet keys), the same at every stretch
    _written: dict[str, Written] = field(init=False, repr=False)
    _sieve: Sieve = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.entries = [e for e in map(Entry.of, self.names) if e is not None]
        self._sieve = Sieve.of(self.entries)
        self._cuts = sorted({p for n in self.names for p in (n.until, n.from_post)
                             if p is not None})
        self._now = {}
        self._memo = {}
        self._read = {}
        self._written = {}

    @classmethod
    def from_log(cls, log: GameLog) -> NameIndex:
        names: list[Name] = []
        for slot in log.players:
            for i, occ in enumerate(slot.occupants):
                nxt = slot.occupants[i + 1].from_post if i + 1 < len(slot.occupants) else None
                names.append(Name(occ.nick, slot.id, "nick", until=nxt,
                                  from_post=occ.from_post if i else None))
            if slot.ingame_name:
                names.append(Name(slot.ingame_name, slot.id, "ingame"))
            names.extend(Name(a, slot.id, "alias") for a in slot.aliases)
        slot_keys = {fold(n.text) for n in names}
        names.extend(Name(g, GM, "gm") for g in log.meta.gms if fold(g) not in slot_keys)
        return cls(names)

    def resolve(self, written: str, *, valid: Collection[str] | None = None,
                at: int | None = None) -> Resolution:
        """The slot `written` names at post `at` (None: at no post in particular, every
        name counts and none is old). `valid`: the slots that can be voted for now; among
        several equally good matches, those outside it are dropped (one cannot vote for the
        dead), which is a rule, not a guess."""
        stretch = -1 if at is None else bisect_right(self._cuts, at)
        memo = (written, None if valid is None else frozenset(valid), stretch)
        found = self._memo.get(memo)
        if found is None:
            found = self._memo[memo] = self._resolve(written, valid, at)
        return found

    def _resolve(self, written: str, valid: Collection[str] | None,
                 at: int | None) -> Resolution:
        inserted = self._inserts(written, valid, at)
        if inserted is not None:
            return inserted
        words = written.split()
        # the whole text, then shorter and shorter word prefixes ("Blood Queen please"):
        # the written-out readings of the whole, then its typo reading, then the
        # written-out readings of the shorter prefixes; a shorter prefix that fits several
        # slots ("The" of "The Bzzzulge") is no answer and does not stop the search
        # the longest six prefixes only: building all of them was quadratic in the words
        tries = [" ".join(words[:k]) for k in range(len(words), max(len(words) - 6, 0), -1)] \
            or [written]
        res = self._resolve_one(tries[0], valid, fuzzy=False, at=at)
        if res.how != "unknown":
            return _as(written, res)
        for text in tries[1:]:  # a name written out in full before some more words
            res = self._resolve_one(text, valid, fuzzy=False, at=at)
            if res.how in ("exact", "lemma"):
                return _as(written, res)
        whole = self._resolve_one(tries[0], valid, fuzzy=True, at=at)
        if whole.how != "unknown":
            return _as(written, whole)
        for text in tries[1:]:
            res = self._resolve_one(text, valid, fuzzy=False, at=at)
            if res.how not in ("unknown", "ambiguous"):
                return _as(written, res)
        if len(tries) > 1:
            res = self._resolve_one(tries[-1], valid, fuzzy=True, at=at)
            if res.how == "fuzzy":
                return _as(written, res)
        bare = _ARTICLE.sub("", written)
        if bare != written and len(fold(bare)) >= 4:
            res = self._resolve_one(bare, valid, fuzzy=False, at=at)
            if res.how not in ("unknown", "ambiguous"):
                return _as(written, res)
        aside = _ASIDE.match(written)
        if aside:  # "tn(Zipcode": a name with a nickname in an unclosed bracket
            known = [r for r in (self.resolve(p, valid=valid, at=at) for p in aside.groups())
                     if r.owner is not None]
            if known and len({r.owner for r in known}) == 1:
                return _as(written, known[0])
        if "/" in written:
            # "Bezu/Jily": two names of one slot (a player and their replacement)
            parts = [self.resolve(p, valid=valid, at=at) for p in written.split("/")
                     if p.strip()]
            owners = {p.owner for p in parts}
            if len(parts) > 1 and len(owners) == 1 and None not in owners:
                hows = {p.how for p in parts}
                how: How = next(h for h in ("sound", "fuzzy", "subsequence", "substring",
                                            "initials", "prefix", "word", "leet", "lemma",
                                            "exact") if h in hows)
                return Resolution(written, parts[0].owner, how, (), written)
        return Resolution(written, None, "unknown", whole.candidates)

    def _inserts(self, written: str, valid: Collection[str] | None,
                 at: int | None) -> Resolution | None:
        """A name with bracketed inserts ("Ali [the cook]", "Bob (replacing Carl)",
        "Zipcode (tn)"): the name without them decides, unless an insert is another slot's
        name written out (then either is meant); where the name is no one's, an insert
        that names one slot does. None: no inserts, or nothing read from them (the whole
        text is then read as it stands)."""
        if "(" not in written and "[" not in written and "{" not in written:
            return None
        inserts = [m.group()[1:-1] for m in _INSERT.finditer(written)
                   if fold(m.group())]
        bare = _INSERT.sub(" ", written).strip()
        if not inserts or not fold(bare) or any(
                e.key == fold(written) for e, _ in self._at(at).entries):
            return None  # a nick with brackets in it ("[TSK]Bob") is itself
        main = self.resolve(bare, valid=valid, at=at)
        said = [self.resolve(i, valid=valid, at=at) for i in inserts]
        if main.owner is not None:
            others = {r.owner for r in said if r.how in _STRONG and r.owner is not None
                      and r.owner != main.owner and r.owner != GM}
            if others and main.owner != GM:
                return Resolution(written, None, "ambiguous",
                                  tuple(sorted({main.owner, *others})))
            return _as(written, main)
        if main.how == "ambiguous":
            return _as(written, main)
        known = [r for r in said if r.owner is not None]
        if known and len({r.owner for r in known}) == 1:
            return _as(written, known[0])
        return None

    def _at(self, at: int | None) -> _Now:
        """The names that can be meant at post `at`: a replacement from the post they
        joined; a replaced player's nick marked old from their successor's first post."""
        stretch = -1 if at is None else bisect_right(self._cuts, at)
        now = self._now.get(stretch)
        if now is None:
            entries = [(e, _state(e.name, at)) for e in self.entries]
            exact: dict[str, set[str]] = {}
            words: dict[str, set[str]] = {}
            for e, state in entries:
                if e.is_gm or state == "future":
                    continue
                exact.setdefault(e.key, set()).add(e.name.owner)
                for w in e.whole_words:
                    if len(w) >= 3:
                        words.setdefault(w, set()).add(e.name.owner)
            now = self._now[stretch] = _Now(
                entries, {k: frozenset(v) for k, v in exact.items()},
                {k: frozenset(v) for k, v in words.items()})
        return now

    def _resolve_one(self, text: str, valid: Collection[str] | None, *,
                     fuzzy: bool, at: int | None = None) -> Resolution:
        key = _squeeze(fold(text))
        if not key:
            return Resolution(text, None, "unknown")
        now = self._at(at)
        if len(key) == 1:
            return self._letter(text, key, now)
        read_ = self._readings(text, key, at, now)
        if read_.blend:
            return Resolution(text, None, "ambiguous", read_.blend)
        if read_.best or read_.gm_best:
            return _decide(text, read_.best, valid, read_.gm_best, MARGIN)
        if not fuzzy:
            return Resolution(text, None, "unknown")
        return self._typo(text, read_, now, valid)

    def _readings(self, text: str, key: str, at: int | None, now: _Now) -> _Readings:
        """Every name read against `text` at post `at`: the best reading of each slot. The
        same for every `valid` (which only decides among them): remembered per stretch of
        posts, as the same texts come back vote after vote."""
        memo = (text, -1 if at is None else bisect_right(self._cuts, at))
        found = self._read.get(memo)
        if found is not None:
            return found
        w = self._written.get(text)
        if w is None:
            w = self._written[text] = Written.of(text, key)
        best: dict[str, _Best] = {}
        gm_best = 0.0  # the best reading of a moderator's name other than exact
        # the names the text may read as at all (the others read as nothing: `Sieve`)
        picked = self._sieve.may_read(w)
        for e, state in now.entries if picked is None else [now.entries[i] for i in picked]:
            r = read(w, e, old=state == "old", future=state == "future")
            if r is None:
                continue
            if e.is_gm and r.how not in ("exact", "lemma"):
                gm_best = max(gm_best, r.score)
                continue
            _keep(best, e, r)
        top = max((b.score for b in best.values()), default=0.0)
        # names run together in one word; "Pum Dyatel", two words, is a name and more words
        # (read as the first, and callers that need the whole text to be one name say so)
        blend = _blend(key, now) if top < WORD and len(text.split()) == 1 else ()
        found = self._read[memo] = _Readings(w, best, gm_best, blend)
        return found

    def _letter(self, text: str, key: str, now: _Now) -> Resolution:
        """A single letter: a name of that one letter, or the one player whose name starts
        with it ("VOTE: Q"), written alone; several such names say nothing."""
        named = {e.name.owner: e.name.text for e, _old in now.entries if e.key == key}
        if len(named) == 1:
            owner, name = next(iter(named.items()))
            return Resolution(text, owner, "exact", (), name)
        if len(text.strip()) != 1:
            return Resolution(text, None, "unknown")
        # the moderator's name counts here: a letter it starts with too is not unique
        starts = {e.name.owner: e.name.text for e, state in now.entries
                  if state == "now" and e.key.startswith(key)}
        if len(starts) == 1 and GM not in starts:
            owner, name = next(iter(starts.items()))
            return Resolution(text, owner, "prefix", (), name)
        return Resolution(text, None, "unknown")

    def _typo(self, text: str, read_: _Readings, now: _Now,
              valid: Collection[str] | None) -> Resolution:
        w = read_.written
        key = w.key
        scored = read_.typos
        if scored is None:
            scored = read_.typos = {}
            # a typo of any name the slot had, a replaced player's too: GMs keep old names
            # in their counts and players follow them
            alts = w.lemmas | w.leet
            for e, state in now.entries:
                # a replacement not yet joined: their nick misspelt, not its start or words
                score = typo_score(key, alts, e, whole_only=state == "future")
                if score > scored.get(e.name.owner, (-1.0, ""))[0]:
                    scored[e.name.owner] = (score, e.name.text)
        ranked = sorted(scored.items(), key=lambda kv: (-kv[1][0], kv[0]))
        if valid is not None:
            ranked = [r for r in ranked if r[0] in valid or r[0] == GM]
        players = [r for r in ranked if r[0] != GM]
        floor = FUZZY_MIN_LONG if len(key) >= 8 else FUZZY_MIN
        if not players or players[0][1][0] < floor:
            sounds = _skeleton(key)
            found = {e.name.owner: e.name.text for e, state in now.entries
                     if state == "now" and not e.is_gm and len(sounds) >= 4
                     and _skeleton(e.key) == sounds}
            if len(found) == 1:
                owner, name = next(iter(found.items()))
                return Resolution(text, owner, "sound", (), name)
            if found:
                return _decide_sound(text, found, valid)
            return Resolution(text, None, "unknown", tuple(o for o, _ in players[:3]))
        gm = scored.get(GM, (0.0, ""))[0]
        if ranked[0][0] == GM and gm - players[0][1][0] >= FUZZY_MARGIN:
            # more like the moderator's name than any player's: no player
            return Resolution(text, None, "unknown", tuple(o for o, _ in players[:3]))
        if len(players) > 1 and players[0][1][0] - players[1][1][0] < FUZZY_MARGIN:
            close = tuple(o for o, (s, _) in players if players[0][1][0] - s < FUZZY_MARGIN)
            return Resolution(text, None, "ambiguous", close)
        return Resolution(text, players[0][0], "fuzzy", (), players[0][1][1])


def _state(name: Name, at: int | None) -> State:
    if at is None:
        return "now"
    if name.from_post is not None and at < name.from_post:
        return "future"
    return "old" if name.until is not None and at >= name.until else "now"


def _as(written: str, res: Resolution) -> Resolution:
    return Resolution(written, res.owner, res.how, res.candidates, res.matched)


def _keep(best: dict[str, _Best], e: Entry, r: Reading) -> None:
    """Keep the slot's best reading; among equal ones its first name's (the nick)."""
    now = best.get(e.name.owner)
    if now is None or r.score > now.score:
        best[e.name.owner] = _Best(r.score, r.how, e.name.text, r.written_on)


def _decide(text: str, best: dict[str, _Best], valid: Collection[str] | None,
            gm_best: float, margin: float) -> Resolution:
    """The slot whose reading leads the next by `margin`; several close ones are ambiguous,
    the dead among them dropped when `valid` says who can be voted for. A moderator's name
    read (not exactly) ahead of every player's by the margin is no player; a closer one is
    no candidate and stands aside."""
    ranked = sorted(best.items(), key=lambda kv: (-kv[1].score, kv[0]))
    if not ranked or gm_best - ranked[0][1].score >= margin:
        return Resolution(text, None, "unknown")
    top = ranked[0][1].score
    close = [o for o, b in ranked if top - b.score < margin]
    if len(close) > 1 and valid is not None:
        close = [o for o in close if o in valid or o == GM] or close
    if len(close) == 1:
        b = best[close[0]]
        return Resolution(text, close[0], b.how, (), b.matched)
    return Resolution(text, None, "ambiguous", tuple(sorted(close)))


def _decide_sound(text: str, found: dict[str, str],
                  valid: Collection[str] | None) -> Resolution:
    owners = sorted(found)
    if valid is not None:
        owners = [o for o in owners if o in valid] or owners
    if len(owners) == 1:
        return Resolution(text, owners[0], "sound", (), found[owners[0]])
    return Resolution(text, None, "ambiguous", tuple(owners))


def _blend(key: str, now: _Now) -> tuple[str, ...]:
    """The slots of two names run together ('alicebob' for Alice and Bob, 'bobcarl'): a
    name written out, then another name or a whole word of one (three letters or more),
    of another slot. () when the text is no such blend."""
    found: set[str] = set()
    for i in range(2, len(key) - 1):
        heads = now.exact.get(key[:i])
        if not heads:
            continue
        tail = key[i:]
        tails = now.exact.get(tail, frozenset())
        if len(tail) >= 3:
            tails |= now.words.get(tail, frozenset())
        if tails and heads | tails != heads:
            found |= heads | tails
    return tuple(sorted(found)) if len(found) > 1 else ()


def _squeeze(key: str) -> str:
    """Runs of three or more of a letter made two ('slandaaaaaar' -> 'slandaar',
    'bzzzzzulge' -> 'bzzulge'): shouting, not spelling."""
    return _RUNS.sub(r"\1\1", key)


_RUNS = re.compile(r"(.)\1{2,}")
_VOWELS = re.compile(r"[aeiouy]")
_REPEATS = re.compile(r"(.)\1+")
_INSERT = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}")
_ASIDE = re.compile(r"^\s*([^()]*\w[^()]*?)\s*\(([^()]*\w[^()]*?)\)?\s*$")
_ARTICLE = re.compile(r"^\s*the(?=[\s_-]*[^\W\d_])[\s_-]*", re.I)


@lru_cache(maxsize=16384)
def _skeleton(key: str) -> str:
    """The first letter and the consonants after it, each run of one letter once
    ('nahmann' and 'nhammen' -> 'nhmn'). Remembered: a text read as a typo is held against
    every name's skeleton."""
    rest = _VOWELS.sub("", key[1:])
    return _REPEATS.sub(r"\1", key[:1] + rest)
