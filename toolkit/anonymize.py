"""Anonymised game logs: keyed pseudonyms for every nick and in-game name, so research data
can be shared.

A name's pseudonym is ``Player-`` and the first hex digits of HMAC-SHA256(key, normalised
name): the same name gets the same pseudonym in every game anonymised with the same key (games
stay linkable), another key gives other pseudonyms, and without the key a pseudonym cannot be
turned back into the nick. Eight hex digits by default (a corpus of thousands of nicks would
collide at four); names of one game whose digits collide get longer ones.

What is replaced, walking the model generically so that a new field is not missed:

- name fields (`NAME_FIELDS`, explicit): the whole value is a nick, an in-game name or a slot
  id; each becomes its pseudonym, so slot references stay consistent;
- account and post ids (`ID_FIELDS`) and URLs (`URL_FIELDS`, and any http(s) URL in text):
  keyed hashes, so equal values stay equal and nothing points back at the forum;
- vocabulary fields (a `Literal` or a pattern-constrained string: kinds, abilities, phases,
  codes) and `KEEP_FIELDS` (roles, factions, causes, the rule set...): kept as they are, the
  engine reads them;
- every other string, dict value and list item: free text (posts' text and HTML, quotes, raw
  vote marks, GM-log lines, published items, notes): each name and its inflected forms
  (pymorphy3's lexeme of each Cyrillic word, Latin nicks with a Russian ending «Dagr'а»),
  whole words, case-insensitive, longest names first («Серый Брат» before «Брат»).

Meta: the rule set, rulings, forum, engine and time zone are kept, and declared house rules
but their weights, whose player names become pseudonyms; the title and game id are
replaced by a keyed hash; `thread_urls` are dropped; source file names are treated as text
(URLs hashed) and their sha256 replaced by a keyed one (the original file cannot be matched).
Post times are kept (the analyses need them).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product
from typing import Any

from pydantic import BaseModel

from engine.errors import BadInputError, GameLogError
from engine.gamelog import GameLog, dumps, parse_game_log
from engine.gamelog.log import TALLY_SPECIAL_TARGETS

PREFIX = "Player-"
DIGEST_HEX = 8
# a placeholder host: hashed URLs stay URLs (reports may render them) but lead nowhere
ANON_URL = "https://anon.invalid/"

# (model class, field) whose whole value is a name (str, or list of str)
NAME_FIELDS: frozenset[tuple[str, str]] = frozenset({
    ("Slot", "id"), ("Slot", "ingame_name"), ("Slot", "aliases"),
    ("Occupant", "nick"),
    ("Post", "author"), ("Post", "slot"),
    ("Quote", "author"), ("EditMarker", "editor"),
    ("Meta", "gms"),
    ("Vote", "author"), ("Vote", "voter"), ("Vote", "target"), ("Vote", "candidates"),
    ("Action", "actor"), ("Action", "targets"), ("NightLog", "order"),
    ("Death", "slot"), ("NewspaperFact", "subject"),
    ("PrivateResult", "recipient"), ("PrivateResult", "subject"),
    ("TallyEntry", "target"), ("TallyEntry", "voters"), ("VoteCount", "not_voting"),
    ("MarkRuledOut", "voter"),
})
# forum account and post ids: keyed hashes (equal stays equal)
ID_FIELDS: frozenset[tuple[str, str]] = frozenset({
    ("Occupant", "user_id"), ("Post", "author_id"), ("Post", "id"), ("Quote", "post_id"),
})
# always hashed as a URL (a null avatar url means "no avatar" and stays null)
URL_FIELDS: frozenset[tuple[str, str]] = frozenset({("Avatar", "url")})
# strings the engine reads as vocabulary: kept
KEEP_FIELDS: frozenset[tuple[str, str]] = frozenset({
    ("Meta", "ruleset"), ("Meta", "rulings"), ("Meta", "forum"), ("Meta", "engine"),
    ("Meta", "timezone"),
    ("Slot", "role"), ("Slot", "faction"), ("Slot", "statuses"),
    ("SlotChange", "role"), ("SlotChange", "faction"),
    ("Fate", "cause"), ("Death", "cause"), ("Death", "revealed_role"),
    ("Death", "revealed_faction"), ("Victory", "winners"), ("Draw", "name"),
    ("PrivateResult", "ability"),
    # declared house rules: the vote grammar reads the phrases, the count the close
    ("VoteForms", "vote"), ("VoteForms", "unvote"), ("VoteForms", "cancel"),
    ("VoteForms", "no_lynch"), ("VoteForms", "colours"), ("HouseRules", "close_at"),
    ("HouseRules", "close_zone"),
})
# replaced wholesale (they name the thread)
_META_DROPPED = ("thread_urls",)

_CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)
_URL = re.compile(r"(?:https?://|www\.)[^\s\"'<>()\[\]]+", re.IGNORECASE)
# a Russian ending written after a Latin nick: «Dagr'а», «Heroistу»
_LATIN_ENDING = r"(?:['’`]?[а-яё]{1,3})?"
# a name of this many characters or fewer is replaced in text only as written (case kept,
# no inflection): «Ли» must not eat the particle «ли»
SHORT_NAME = 2
_MAX_COMBINATIONS = 4000


def normalise(name: str) -> str:
    """The form a name is keyed by: NFKC, case-folded, ё as е, single spaces."""
    text = unicodedata.normalize("NFKC", name).casefold().replace("ё", "е")
    return " ".join(text.split())


class Pseudonyms:
    """Keyed pseudonyms for a set of names (collisions among them resolved by longer
    digests) and keyed hashes for ids and URLs."""

    def __init__(self, key: str, names: Iterable[str]) -> None:
        if not key:
            raise BadInputError(None, None, "the anonymisation key is empty")
        self._key = key.encode("utf-8")
        self.names: dict[str, str] = {}  # normalised name -> pseudonym
        keys = sorted({normalise(n) for n in names if normalise(n)})
        width = dict.fromkeys(keys, DIGEST_HEX)
        while True:
            made: dict[str, list[str]] = {}
            for k in keys:
                made.setdefault(PREFIX + self.digest("name", k)[:width[k]], []).append(k)
            clashes = [ks for ks in made.values() if len(ks) > 1]
            if not clashes:
                break
            for ks in clashes:
                for k in ks:
                    width[k] += 4
        self.names = {ks[0]: p for p, ks in made.items()}

    def digest(self, kind: str, value: str) -> str:
        return hmac.new(self._key, f"{kind}\x00{value}".encode(), hashlib.sha256).hexdigest()

    def of(self, name: str) -> str:
        """The pseudonym of a name of the game."""
        return self.names[normalise(name)]

    def ident(self, value: str) -> str:
        return "anon-" + self.digest("id", value)[:12]

    def url(self, value: str) -> str:
        return ANON_URL + self.digest("url", value)[:16]


def _field_role(owner: str, field: str, info: Any) -> str:
    """How a string field is treated: name, id, url, keep or text."""
    if (owner, field) in NAME_FIELDS:
        return "name"
    if (owner, field) in ID_FIELDS:
        return "id"
    if (owner, field) in URL_FIELDS:
        return "url"
    if (owner, field) in KEEP_FIELDS:
        return "keep"
    shown = str(info.annotation)
    if "Literal[" in shown or "pattern=" in shown or any(
            getattr(m, "pattern", None) for m in info.metadata):
        return "keep"
    return "text"


def _walk(obj: BaseModel) -> Iterator[tuple[str, str, Any]]:
    """(model class, field, value) for every field of every model under `obj`."""
    for field, info in type(obj).model_fields.items():
        value = getattr(obj, field)
        yield type(obj).__name__, field, (info, value)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, BaseModel):
                yield from _walk(item)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        yield from (v for v in value if isinstance(v, str))


def game_names(log: GameLog) -> list[str]:
    """Every name of the game: the values of the name fields (nicks of every slot and
    replacement, in-game names, slot ids, post and quote authors, editors, GMs, ...)."""
    found: set[str] = set()
    for owner, field, (_, value) in _walk(log):
        if (owner, field) in NAME_FIELDS:
            found.update(v for v in _strings(value)
                         if not (owner == "TallyEntry" and v in TALLY_SPECIAL_TARGETS))
    return sorted(n for n in found if n.strip())


@lru_cache(maxsize=1)
def _morph() -> Any:
    # loading the dictionaries takes a moment: once per process
    import pymorphy3

    return pymorphy3.MorphAnalyzer()


@lru_cache(maxsize=65536)
def word_forms(word: str) -> frozenset[str]:
    """A word and, when it is Cyrillic, every form pymorphy3 inflects it to (the lexeme of
    each reading, kept to the reading's part of speech: a participle nick does not bring in
    every form of its verb)."""
    low = word.casefold()
    forms = {low}
    if _CYRILLIC.search(low):
        for parse in _morph().parse(low):
            pos = parse.tag.POS
            forms.update(f.word for f in parse.lexeme if pos == f.tag.POS)
    return frozenset(f.replace("ё", "е") for f in forms)


def name_forms(name: str) -> set[str]:
    """The forms of a (one- or many-word) name that text may show, normalised."""
    words = normalise(name).split(" ")
    options = [sorted(word_forms(w)) for w in words]
    total = 1
    for o in options:
        total *= len(o)
    if total > _MAX_COMBINATIONS:  # a long name: each word inflected alone is enough
        return {" ".join(words)} | {
            " ".join([*words[:i], f, *words[i + 1:]])
            for i, o in enumerate(options) for f in o}
    return {" ".join(c) for c in product(*options)}


def _form_pattern(form: str) -> str:
    """A form as a pattern: any white space between words, е for ё, and the last letter
    repeated any number of times (a typo the scrapers' name resolution forgives: «Nagg»)."""
    parts = [re.escape(w).replace("е", "[её]") for w in form.split(" ")]
    return r"\s+".join(parts) + re.escape(form[-1]) + "*"


class TextScrubber:
    """Replaces names (and their forms) and URLs in free text, in one pass each."""

    def __init__(self, pseudonyms: Pseudonyms, names: Iterable[str]) -> None:
        self._p = pseudonyms
        chunks: list[tuple[tuple[int, int], str]] = []
        self._groups: dict[str, str] = {}
        for i, name in enumerate(sorted({normalise(n) for n in names if normalise(n)})):
            group = f"n{i}"
            self._groups[group] = pseudonyms.names[name]
            if len(name) <= SHORT_NAME:
                originals = sorted({n for n in names if normalise(n) == name})
                body = "(?-i:" + "|".join(re.escape(n) for n in originals) + ")"
            else:
                forms = sorted(name_forms(name), key=lambda f: (-len(f), f))
                body = "(?:" + "|".join(_form_pattern(f) for f in forms) + ")"
                if not _CYRILLIC.search(name):
                    body += _LATIN_ENDING
            chunks.append(((-len(name.split(" ")), -len(name)),
                           f"(?P<{group}>{body})"))
        chunks.sort(key=lambda c: c[0])
        self._regex = (re.compile(r"(?<!\w)(?:" + "|".join(c for _, c in chunks) + r")(?!\w)",
                                  re.IGNORECASE) if chunks else None)

    def __call__(self, text: str) -> str:
        text = _URL.sub(lambda m: self._p.url(m.group(0)), text)
        if self._regex is None:
            return text
        return self._regex.sub(lambda m: self._groups[m.lastgroup or ""], text)


def _transform(obj: BaseModel, p: Pseudonyms, scrub: TextScrubber) -> BaseModel:
    """A copy of `obj` with every string field replaced by its role (see the module doc)."""
    owner = type(obj).__name__
    update: dict[str, Any] = {}
    for field, info in type(obj).model_fields.items():
        value = getattr(obj, field)
        role = _field_role(owner, field, info)
        update[field] = _value(value, role, p, scrub)
    return obj.model_copy(update=update)


def _value(value: Any, role: str, p: Pseudonyms, scrub: TextScrubber) -> Any:
    if isinstance(value, BaseModel):
        return _transform(value, p, scrub)
    if isinstance(value, list):
        return [_value(v, role, p, scrub) for v in value]
    if isinstance(value, dict):
        # keys are vocabulary (option and detail names); values may name a slot or be text
        return value if role == "keep" else {k: _value(v, role, p, scrub)
                                             for k, v in value.items()}
    if not isinstance(value, str) or role == "keep":
        return value
    if role == "name":
        return value if value in TALLY_SPECIAL_TARGETS or not value.strip() else p.of(value)
    if role == "id":
        return p.ident(value)
    if role == "url":
        return p.url(value)
    return scrub(value)


def _weighed(p: Pseudonyms, name: str) -> str:
    """A house-rules weight's name as a pseudonym: the player's, or (a name no player has,
    which the count reports) a keyed one of its own, never the name itself."""
    key = normalise(name)
    return p.names.get(key) or PREFIX + p.digest("name", key)[:DIGEST_HEX]


def anonymize(log: GameLog, key: str) -> GameLog:
    """The game log with every name pseudonymised (see the module doc); still a valid game
    log. Same log and key: the same result, byte for byte once dumped."""
    names = game_names(log)
    p = Pseudonyms(key, names)
    scrub = TextScrubber(p, names)
    out = _transform(log, p, scrub)
    assert isinstance(out, GameLog)
    meta = out.meta
    label = log.meta.game_id or log.meta.title
    meta.title = f"anonymised {log.meta.ruleset} game {p.digest('game', label)[:12]}"
    meta.game_id = None if log.meta.game_id is None else "anon:" + p.digest(
        "game", log.meta.game_id)[:12]
    for field in _META_DROPPED:
        setattr(meta, field, [])
    for src in meta.sources:
        src.sha256 = p.digest("file", src.sha256)
    declared = log.meta.house_rules
    if declared is not None and declared.weights:
        # a weight names its player (a dict's keys are otherwise kept as vocabulary): the
        # pseudonym, as the slot's names get it, so the weight still finds its slot
        assert meta.house_rules is not None
        meta.house_rules = meta.house_rules.model_copy(
            update={"weights": {_weighed(p, name): w for name, w in declared.weights.items()}})
    text = dumps(out)
    try:  # re-read: the result must be a valid game log (and a clash would show here)
        return parse_game_log(text, "<anonymised>")
    except GameLogError as exc:
        raise BadInputError(None, None, f"the anonymised log is not valid: {exc}") from exc
