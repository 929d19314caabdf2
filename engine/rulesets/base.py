"""What a rule set is made of: its roles and factions, how its day is counted, its night,
its rulings and a roster to simulate it with. Everything outside a rule set's own package
reads these facts; nothing branches on a rule set's id (the python-chess way: a variant is
one object whose facts the library reads).

A rule set is data where it can be. A point the written rules leave open is a `Ruling` with
named options and a default; a game log picks options in `meta.rulings`, and verification can
re-run a day under each option to show which reading the GM followed. `make_ruling` and
`read_option` are the one way a rule set's code writes a ruling and reads its option.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from engine.errors import MafiakitError
from engine.night.model import NightRules
from engine.seed_text import SeedNote

if TYPE_CHECKING:  # the day engine imports the rule sets: only its types are named here
    from engine.day.history import History
    from engine.day.standing import CountRules
    from engine.gamelog import GameLog, HouseRules

Decision = Literal[
    "majority",  # the first vote that gives a target a majority ends the day (the hammer)
    "plurality",  # the day runs to its close; the most votes is eliminated
]

# day N's count rules of a game under chosen rulings (every key of the rule set), the game
# before the day asked of its history (earlier days' counts, earlier nights' replays)
CountMaker = Callable[["GameLog", int, Mapping[str, str], "History"], "CountRules"]

# who plays a simulated game: (role id, faction id) per slot
Roster = list[tuple[str, str]]


class RulingError(MafiakitError):
    """A ruling key or option that the rule set does not have."""


@dataclass(frozen=True)
class RulingOption:
    value: str
    doc: str


@dataclass(frozen=True)
class Ruling:
    """One ambiguous point of the written rules.

    `key` is ``<ruleset>.<point>``; `clause` quotes or cites the text that leaves it open.
    """

    key: str
    question: str
    clause: str
    options: tuple[RulingOption, ...]
    default: str

    def __post_init__(self) -> None:
        values = [o.value for o in self.options]
        if self.default not in values:
            raise ValueError(f"ruling {self.key}: default {self.default!r} not in {values}")

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(o.value for o in self.options)


def ruling_options(*pairs: tuple[str, str]) -> tuple[RulingOption, ...]:
    """A ruling's options from (value, what it means) pairs."""
    return tuple(RulingOption(v, d) for v, d in pairs)


def make_ruling(ruleset_id: str, point: str, question: str, clause: str,
                options: Iterable[tuple[str, str]], default: str, *,
                seed: str | None = None) -> Ruling:
    """The ruling `<ruleset_id>.<point>`, its options (value, what it means); `seed`: the
    document the clause cites, written before it."""
    return Ruling(key=f"{ruleset_id}.{point}", question=question,
                  clause=f"{seed}: {clause}" if seed else clause,
                  options=ruling_options(*options), default=default)


def read_option(chosen: Mapping[str, str], rulings: Iterable[Ruling], key: str) -> str:
    """The option `chosen` gives ruling `key`, else the ruling's default (a night run on
    its own, as a scenario case runs one, names only the rulings it shows); a `RulingError`
    for a key none of `rulings` has."""
    value = chosen.get(key)
    if value is not None:
        return value
    for r in rulings:
        if r.key == key:
            return r.default
    raise RulingError(f"no ruling {key!r}")


@dataclass(frozen=True)
class Faction:
    """A side. `kind`: town; mafia (an informed minority that kills at night: what research
    counts as scum); third-party (plays for itself: a maniac, a vampire)."""

    id: str
    name: str  # as the rules name it
    kind: Literal["town", "mafia", "third-party"]
    name_ru: str | None = None

    @property
    def scum(self) -> bool:
        return self.kind == "mafia"


@dataclass(frozen=True)
class Role:
    """A role (a character) of a rule set: what every consumer reads of it. `faction` None:
    the rules do not tie the role to a side (open-roles' mafs draw from the same list).
    `abilities`: ids of its day and night abilities; `features`: passive traits that touch
    the vote or the night ("zero-vote", "authority"). `also`: other names a GM writes for it.
    `source`: where the rules give it (lines, or the words that show the gender)."""

    id: str
    name_en: str
    name_ru: str | None
    faction: str | None
    abilities: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    also: tuple[str, ...] = ()
    gender: Literal["male", "female"] | None = None
    recruitable: bool = True  # a recruiter may take this role into another faction
    chooses_side: bool = False  # plays for the side it picks (a mayor, a jester)
    name_inferred: bool = False  # the rules do not write this name; it is the usual one
    vote: str = ""  # how the role touches the day's vote, in words
    source: str = ""

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name_en, *((self.name_ru,) if self.name_ru else ()), *self.also)


@dataclass(frozen=True)
class DayRules:
    """How a day's vote is written and counted: the facts the vote reader needs, and
    `count`, which gives day N's `CountRules` (the decision, weights, thresholds, what a vote
    needs) under the chosen rulings. The decision and vote changes are stated there only:
    a ruling may change them (mafiascum's deadline, contested-island's majority)."""

    count: CountMaker
    self_vote: bool = True  # False: a vote for oneself is void (world-cup-2018)
    last_mark_wins: bool = True  # several marks in one post: only the last counts
    edited_vote_void: bool = False  # a post holding a vote must not be edited
    # a daily close the rules fix ("День закрывается в 21:00 по московскому времени"):
    # local time "HH:MM", its IANA zone, and the clause; used to place a day's end when the
    # GM's posts do not announce it
    close_at: str | None = None
    close_zone: str | None = None
    close_clause: str | None = None
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Acting:
    """The abilities and the features a rule set's scenario cases show acting, each with
    the cases whose stated outcome needs it (tests/engine/acting.py)."""

    abilities: Mapping[str, tuple[str, ...]]
    features: Mapping[str, tuple[str, ...]]


@dataclass(frozen=True)
class RuleSet:
    id: str
    title: str
    source: str  # the seed file or convention it is written from
    day: DayRules
    roles: tuple[Role, ...]
    factions: tuple[Faction, ...]
    roster: Callable[[random.Random], Roster]  # a simulated game's players
    rulings: tuple[Ruling, ...] = ()
    language: Literal["en", "ru"] = "en"
    aliases: tuple[str, ...] = field(default=())
    night: NightRules | None = None  # None: the rule set has no night engine
    # the declaration a house rule set is built from (`engine.rulesets.house`): the scraper
    # builds its vote grammar from it; None for a rule set written as code
    house: HouseRules | None = None
    # what a person must be told when a game is counted under this rule set (the generic
    # forum rule set: a guess at the game's rules); shown by the scrape and the count
    warning: str | None = None
    # the seed file the rules are written from ($MAFIAKIT_SHARED/seeds), if any, and what
    # becomes of its sentences no case or ruling quotes (docs/rules/<id>.md)
    seed: str | None = None
    seed_notes: tuple[SeedNote, ...] = ()
    # what the scenario cases show acting: ability or feature id -> the cases whose outcome
    # needs it (generated: engine/rulesets/<package>/acting.py). An ability or feature is
    # "supported" only when it is here
    acting: Acting = field(default_factory=lambda: Acting({}, {}))

    def role(self, role_id: str) -> Role:
        """The role `role_id`; a `RulingError` naming the rule set's roles otherwise."""
        for r in self.roles:
            if r.id == role_id:
                return r
        raise RulingError(f"rule set {self.id!r} has no role {role_id!r}; it has "
                          f"{[r.id for r in self.roles]}")

    def faction(self, faction_id: str) -> Faction:
        for f in self.factions:
            if f.id == faction_id:
                return f
        raise RulingError(f"rule set {self.id!r} has no faction {faction_id!r}; it has "
                          f"{[f.id for f in self.factions]}")

    @property
    def scum(self) -> tuple[str, ...]:
        """The factions research counts as scum (kind "mafia"), in the rule set's order."""
        return tuple(f.id for f in self.factions if f.scum)

    def ruling(self, key: str) -> Ruling:
        for r in self.rulings:
            if r.key == key or r.key == f"{self.id}.{key}":
                return r
        raise RulingError(f"rule set {self.id!r} has no ruling {key!r}; it has "
                          f"{[r.key for r in self.rulings]}")

    def given(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """Rulings a person gave for a game of this rule set (`--ruling KEY=VALUE`): each key
        one of this rule set's, written whole, each value one of its options. Anything else
        is a `RulingError` naming the key and listing the rule set's keys: a reading asked
        for and silently not applied would report the game under another."""
        self.choose(chosen)  # every key and option checked
        return dict(chosen)

    def _check_key(self, key: str) -> None:
        """A `RulingError` unless `key` is one of this rule set's rulings written whole."""
        keys = [r.key for r in self.rulings]
        if key in keys:
            return
        listed = ", ".join(keys) or "none"
        whole = f"{self.id}.{key}"
        if whole in keys:
            raise RulingError(f"ruling {key!r}: write it whole, {whole!r} (rule set "
                              f"{self.id!r}'s rulings: {listed})")
        owner = key.partition(".")[0] if "." in key else None
        why = (f"a ruling of rule set {owner!r}, not of this game's {self.id!r}"
               if owner is not None and owner != self.id else
               f"rule set {self.id!r} has no such ruling")
        raise RulingError(f"ruling {key!r}: {why}; its rulings: {listed}")

    def choose(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """Every ruling of this rule set with its option: `chosen` over the defaults. Every
        key of `chosen` must be one of this rule set's, written whole, with one of its
        options: anything else (a key of another rule set, one without its rule set's
        prefix, an unknown one or option) is a `RulingError` that names it. Ignoring it
        would report the game under another reading than the one asked for (a game log's
        `meta.rulings`, a notebook's `rulings=`, `--ruling`)."""
        out = {r.key: r.default for r in self.rulings}
        for key, value in chosen.items():
            self._check_key(key)
            ruling = self.ruling(key)
            if value not in ruling.values:
                raise RulingError(f"ruling {key}={value!r}: the options are "
                                  f"{list(ruling.values)}")
            out[ruling.key] = value
        return out
