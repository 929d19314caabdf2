"""What the scrapers know of one rule set: the pieces that are the rule set's own and not the
engine's (how its players write a vote, the words its GMs use), gathered in one record so that
no scraper branches on a rule-set id (`scrapers.rulesets` holds one per rule set)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from scrapers.votes.grammars.base import Grammar


@dataclass(frozen=True)
class DayAbility:
    """A day action the engine reads from `days[n].actions` that is no night ability (the
    GM-log reader must know it to read it, the GM-log writer to write it)."""

    targets: int
    en: str  # its name in an English GM log
    ru: str  # its name in a Russian one


@dataclass(frozen=True)
class RoleWords:
    """A role as a GM may name it: its id, its faction at the start (None: the rule set does
    not fix it) and its names in both languages."""

    id: str
    faction: str | None
    names: tuple[str, ...]


@dataclass(frozen=True)
class ScraperRuleSet:
    """One rule set's scraper-side pieces, under the engine's rule-set id."""

    id: str
    # how a vote is written in a post: read by `scrapers.votes`
    grammar: Grammar
    # a vote for the player `name` (escaped here) as a post holds it, in the form `grammar`
    # reads: written by `scrapers.render.thread` for simulated threads
    vote_html: Callable[[str], str]
    # the GM-log vocabulary (`scrapers.gmlog.vocab`), beside the night abilities' own names
    # that the engine gives:
    # day actions by id
    day_abilities: Mapping[str, DayAbility] = field(default_factory=dict)
    # night ability id -> more names GMs write for it (the engine may give only English ones)
    ability_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the roles, from the engine's role tables, with every name a GM may write
    roles: tuple[RoleWords, ...] = ()
    # role id -> the classic names GMs also call that role by («Комиссар» for the sheriff)
    role_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # faction id -> its names in words
    faction_words: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the rule set's own answer words -> how else GMs write them: a private result read from
    # an action's line is kept in the rule set's words, so verify compares it with the replay's
    answers: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # a gift's name (id, Russian, English) -> its id
    gifts: Mapping[str, str] = field(default_factory=dict)
    # the role as a GM log writes it, (role id, "en" or "ru") -> name: None where the rule set
    # has no role table to write a GM log with (mafiascum)
    role_name: Callable[[str, str], str] | None = None
