"""contested-island on the scraper side: its vote grammar (`grammar`), the Russian names its
GMs write that the engine's English seed does not give (`words`), and the vote as a post
writes it."""

from __future__ import annotations

import html

from engine.rulesets.contested_island import RULESET as ENGINE
from engine.rulesets.contested_island import vocab as island
from scrapers.rulesets.base import DayAbility, RoleWords, ScraperRuleSet
from scrapers.rulesets.contested_island import words
from scrapers.rulesets.contested_island.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # General Game Rules 3: «Execution is formatted in bold as "execute xxx"»
    return f'<strong class="text-strong">казнить {html.escape(name)}</strong>'


def _roles() -> tuple[RoleWords, ...]:
    out: list[RoleWords] = []
    for role in ENGINE.roles:  # the seed's English names, the threads' Russian ones
        names = (*role.names, *words.ROLES_RU.get(role.id, ()))
        if role.name_en.startswith("Doctor "):  # "Doctor Andy Hoffman" is also "Andy Hoffman"
            names += (role.name_en[7:],)
        out.append(RoleWords(role.id, role.faction, names))
    return tuple(out)


def role_name(role: str, lang: str) -> str:
    # the seed is a translation and names no role in Russian: the threads' names do
    return ENGINE.role(role).name_en if lang == "en" else words.ROLES_RU[role][0]


RULESET = ScraperRuleSet(
    id=ENGINE.id, grammar=GRAMMAR, vote_html=vote_html,
    day_abilities={island.PERSUASION: DayAbility(1, "Power of Persuasion", "Сила убеждения")},
    ability_words=words.ABILITIES_RU, roles=_roles(), faction_words=words.FACTIONS,
    role_name=role_name)
