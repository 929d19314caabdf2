"""A rule set's vocabulary for reading GM logs: abilities, roles and factions by every name
the GM may write, in both languages, and which role has which abilities. The night
abilities come from the engine's rule set; the day actions, roles, factions, answers and
gifts in words from its scraper side (`scrapers.rulesets`); the verbs any GM writes from
`scrapers.gmlog.vocab_words`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from engine.gamelog.meta import HOUSE
from engine.rulesets import get_ruleset
from engine.rulesets.house import FORUM
from scrapers.gmlog import vocab_words
from scrapers.names.keys import fold, lemma_keys
from scrapers.rulesets import ScraperRuleSet, scraper_ruleset

_BRACKETED = re.compile(r"\s*\([^()]*\)\s*")


@dataclass
class Vocabulary:
    ruleset: str
    # ability id -> how many targets it takes
    targets: dict[str, int] = field(default_factory=dict)
    # phrase -> ability ids it may mean
    abilities: dict[str, set[str]] = field(default_factory=dict)
    # role id -> its faction at the start (None: the rule set does not fix it)
    roles: dict[str, str | None] = field(default_factory=dict)
    role_names: dict[str, set[str]] = field(default_factory=dict)  # role id -> names
    # role id -> the abilities it may use; a role missing here or with none may use any
    # (open-roles' master takes the abilities of the eliminated)
    role_abilities: dict[str, tuple[str, ...]] = field(default_factory=dict)
    factions: dict[str, set[str]] = field(default_factory=dict)  # faction id -> names
    gifts: dict[str, str] = field(default_factory=dict)  # gift name -> gift id
    day: set[str] = field(default_factory=set)  # day actions: any role's, by their rules
    own: set[str] = field(default_factory=set)  # abilities some role has of its own
    # an answer as a GM may write it (folded) -> the rule set's own words for it
    answers: dict[str, str] = field(default_factory=dict)

    def add_ability(self, phrase: str, *ids: str) -> None:
        known = {i for i in ids if i in self.targets}
        if known and phrase.strip():
            self.abilities.setdefault(phrase.strip(), set()).update(known)

    def add_role(self, role: str, faction: str | None, *names: str) -> None:
        self.roles.setdefault(role, faction)
        bag = self.role_names.setdefault(role, {role})
        for name in names:
            bag.add(name)
            bare = _BRACKETED.sub(" ", name).strip()  # "Maniac (Tavgai)" is also "Maniac"
            if bare and bare != name:
                bag.add(bare)
            bag.update(m.strip() for m in re.findall(r"\(([^()]*)\)", name) if m.strip())

    def role_of(self, text: str) -> str | None:
        """The role `text` names (whole, folded or inflected), None if none or several."""
        return _lookup(text, self.role_names)

    def faction_of(self, text: str) -> str | None:
        return _lookup(text, self.factions)

    def may_use(self, role: str | None, ability: str) -> bool:
        allowed = self.role_abilities.get(role or "")
        # an ability no character has of its own is one that is given (contested-island's
        # recruits take their recruiter's block or attack): anyone may have it
        return (not allowed or ability in allowed or ability in self.day
                or ability not in self.own)


def _lookup(text: str, table: dict[str, set[str]]) -> str | None:
    key = fold(text)
    if not key:
        return None
    exact = {k for k, names in table.items() if any(key == _keys(n)[0] for n in names)}
    if len(exact) == 1:
        return exact.pop()
    if exact or len(text.split()) > 4:  # normal forms are taken of four words at most
        return None
    lem = lemma_keys(text)
    found = {k for k, names in table.items() if any(lem & _keys(n)[1] for n in names)}
    return found.pop() if len(found) == 1 else None


@lru_cache(maxsize=4096)
def _keys(name: str) -> tuple[str, frozenset[str]]:
    """A vocabulary name folded, and its normal forms with the folded name: kept, since
    every role or faction looked up compares them all (recomputed each time, they were a
    quarter of the GM-log parser's time)."""
    return fold(name), lemma_keys(name) | {fold(name)}


@lru_cache(maxsize=16)
def vocabulary(ruleset_id: str | None) -> Vocabulary:
    """The vocabulary of a rule set ('unspecified' or None: nothing known, every action
    line is reported)."""
    vocab = Vocabulary(ruleset_id or "unspecified")
    if not ruleset_id or ruleset_id == "unspecified":
        return vocab
    # every house rule set has the generic forum rule set's roles and factions
    rs = get_ruleset(FORUM if ruleset_id == HOUSE else ruleset_id)
    if rs.night is not None:
        for ab in rs.night.abilities.values():
            vocab.targets[ab.id] = ab.targets
        for ab in rs.night.abilities.values():
            vocab.add_ability(ab.name, ab.id)
            vocab.add_ability(ab.id.replace("-", " "), ab.id)
            if ab.name_ru:
                vocab.add_ability(ab.name_ru, ab.id)
        vocab.role_abilities = dict(rs.night.supported)
        vocab.own = {a for ids in rs.night.supported.values() for a in ids}
    words = scraper_ruleset(rs.id)
    _day_abilities(vocab, words)
    for ab_id, names in words.ability_words.items():
        for name in names:
            vocab.add_ability(name, ab_id)
    for role in words.roles:
        vocab.add_role(role.id, role.faction, *role.names)
    vocab.gifts = dict(words.gifts)
    for phrase, ids in vocab_words.VERBS.items():
        vocab.add_ability(phrase, *ids)
    for role_id, also in words.role_words.items():
        if role_id in vocab.roles:
            vocab.add_role(role_id, vocab.roles[role_id], *also)
    for canonical, said in words.answers.items():
        vocab.answers.update((fold(w), canonical) for w in said)
    for faction, names in words.faction_words.items():
        vocab.factions.setdefault(faction, set()).update(names)
    return vocab


def _day_abilities(vocab: Vocabulary, words: ScraperRuleSet) -> None:
    """The day actions the engine reads from `days[n].actions` without a night ability of
    that id."""
    for ab_id, day in words.day_abilities.items():
        vocab.targets.setdefault(ab_id, day.targets)
        vocab.day.add(ab_id)
        for name in (day.en, day.ru):
            vocab.add_ability(name, ab_id)
