"""open-roles («Открытые роли») on the scraper side: its vote grammar (`grammar`: a bold run
with a vote word), its GMs' words (`words`), and the vote as a post writes it."""

from __future__ import annotations

import html

from engine.rulesets.open_roles import RULESET as ENGINE
from engine.rulesets.open_roles import vocab as open_roles
from scrapers.rulesets.base import DayAbility, RoleWords, ScraperRuleSet
from scrapers.rulesets.open_roles import words
from scrapers.rulesets.open_roles.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # the seed does not say how a vote is written: the commonest form of its vote words
    return f'<strong class="text-strong">Голосую за {html.escape(name)}</strong>'


def role_name(role: str, lang: str) -> str:
    r = ENGINE.role(role)
    return r.name_en if lang == "en" else r.name_ru or r.name_en


RULESET = ScraperRuleSet(
    id=ENGINE.id, grammar=GRAMMAR, vote_html=vote_html,
    day_abilities={
        open_roles.FIX_FIRST: DayAbility(1, "fix first", "ставит на первое место"),
        open_roles.MAFIA_MOVE: DayAbility(1, "mafia move", "переставляет"),
        open_roles.CANCEL_VOTE: DayAbility(1, "cancel vote", "отменяет голос")},
    roles=tuple(RoleWords(r.id, r.faction, r.names) for r in ENGINE.roles),
    role_words=words.ROLE_NAMES, faction_words=words.FACTIONS, role_name=role_name)
