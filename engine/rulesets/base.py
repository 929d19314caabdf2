"""What a rule set is made of: its day rules, its rulings, and (later) its roles and night.

A rule set is data where it can be. A point the written rules leave open is a `Ruling` with
named options and a default; a game log picks options in `meta.rulings`, and verification can
re-run a day under each option to show which reading the GM followed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from engine.errors import MafiakitError
from engine.night.model import NightRules

Decision = Literal[
    "majority",  # the first vote that gives a target a majority ends the day (the hammer)
    "plurality",  # the day runs to its close; the most votes is eliminated
]


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


@dataclass(frozen=True)
class DayRules:
    """How a day's vote is written and decided.

    `grammar` names the vote reader (`scrapers.votes`) for the rule set's way of writing a
    vote. The weights of particular roles and the night's effects on votes are applied by the
    rule set's day modifiers (`engine.day`).
    """

    grammar: str
    decision: Decision
    vote_change: bool = True  # False: the first vote of the day stands (open-roles)
    self_vote: bool = True  # False: a vote for oneself is void (world-cup-2018)
    no_lynch: bool = True  # a vote for nobody ("no lynch") exists
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
class RuleSet:
    id: str
    title: str
    source: str  # the seed file or convention it is written from
    day: DayRules
    rulings: tuple[Ruling, ...] = ()
    language: Literal["en", "ru"] = "en"
    aliases: tuple[str, ...] = field(default=())
    night: NightRules | None = None  # None: the rule set has no night engine yet

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
        keys = [r.key for r in self.rulings]
        listed = ", ".join(keys) or "none"
        for key in chosen:
            if key in keys:
                continue
            whole = f"{self.id}.{key}"
            if whole in keys:
                raise RulingError(f"ruling {key!r}: write it whole, {whole!r} (rule set "
                                  f"{self.id!r}'s rulings: {listed})")
            owner = key.partition(".")[0] if "." in key else None
            why = (f"a ruling of rule set {owner!r}, not of this game's {self.id!r}"
                   if owner is not None and owner != self.id else
                   f"rule set {self.id!r} has no such ruling")
            raise RulingError(f"ruling {key!r}: {why}; its rulings: {listed}")
        self.choose(chosen)  # each option checked
        return dict(chosen)

    def choose(self, chosen: Mapping[str, str]) -> dict[str, str]:
        """Every ruling of this rule set with its option: `chosen` over the defaults.
        Keys of other rule sets are ignored (a game log may carry several); an unknown key
        or option of this one is an error that names it."""
        out = {r.key: r.default for r in self.rulings}
        for key, value in chosen.items():
            if not key.startswith(self.id + "."):
                continue
            ruling = self.ruling(key)
            if value not in ruling.values:
                raise RulingError(f"ruling {key}={value!r}: the options are "
                                  f"{list(ruling.values)}")
            out[ruling.key] = value
        return out
