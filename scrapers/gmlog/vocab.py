"""A rule set's vocabulary for reading GM logs: abilities, roles and factions by every name
the GM may write, in both languages, and which role has which abilities."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from engine.gamelog.meta import HOUSE
from engine.rulesets import get_ruleset
from engine.rulesets.house import FORUM
from engine.rulesets.world_cup_2018 import vocab as world_cup
from scrapers.gmlog import vocab_island, vocab_words
from scrapers.names.keys import fold, lemma_keys

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
    _day_abilities(vocab)
    for role in rs.roles:
        vocab.add_role(role.id, role.faction, *role.names)
    if ruleset_id == "contested-island":
        for ab_id, names in vocab_island.ABILITIES_RU.items():
            for name in names:
                vocab.add_ability(name, ab_id)
        for role in rs.roles:  # the threads' Russian names; "Doctor Andy Hoffman" is "Andy Hoffman"
            vocab.add_role(role.id, role.faction, *vocab_island.ROLES_RU.get(role.id, ()))
            if role.name_en.startswith("Doctor "):
                vocab.add_role(role.id, role.faction, role.name_en[7:])
        vocab.factions = {k: set(v) for k, v in vocab_island.FACTIONS.items()}
    elif ruleset_id == "world-cup-2018":
        for gift in world_cup.GIFTS:
            for name in (gift.id, gift.name_ru, gift.name_en):
                vocab.gifts[name] = gift.id
    elif ruleset_id == "open-roles":
        vocab.add_role("doctor", None, "Доктор")
    for phrase, ids in vocab_words.VERBS.items():
        vocab.add_ability(phrase, *ids)
    for role_id, also in vocab_words.ROLE_NAMES.get(ruleset_id, {}).items():
        if role_id in vocab.roles:
            vocab.add_role(role_id, vocab.roles[role_id], *also)
    for canonical, said in vocab_words.ANSWERS.get(ruleset_id, {}).items():
        vocab.answers.update((fold(w), canonical) for w in said)
    for faction, names in vocab_words.FACTIONS.get(ruleset_id, {}).items():
        vocab.factions.setdefault(faction, set()).update(names)
    return vocab


# day actions the engine reads from `days[n].actions` without a night ability of that id
_DAY: dict[str, dict[str, tuple[int, tuple[str, ...]]]] = {
    "open-roles": {"fix-first": (1, ("ставит на первое место", "fix first")),
                   "mafia-move": (1, ("переставляет", "mafia move")),
                   "cancel-vote": (1, ("отменяет голос", "cancel vote"))},
    "world-cup-2018": {"steer-zombie": (2, ("письмо ведущему", "steer zombie"))},
    "contested-island": {"persuasion": (1, ("Power of Persuasion", "Сила убеждения"))},
}


def _day_abilities(vocab: Vocabulary) -> None:
    for ab_id, (count, names) in _DAY.get(vocab.ruleset, {}).items():
        vocab.targets.setdefault(ab_id, count)
        vocab.day.add(ab_id)
        for name in names:
            vocab.add_ability(name, ab_id)
