"""world-cup-2018 on the scraper side: its vote grammar (`grammar`: red text, or a post signed
«красным с телефона»), its GMs' words (`words`), and the vote as a post writes it."""

from __future__ import annotations

import html

from engine.rulesets.world_cup_2018 import RULESET as ENGINE
from engine.rulesets.world_cup_2018 import vocab as world_cup
from scrapers.rulesets.base import DayAbility, RoleWords, ScraperRuleSet
from scrapers.rulesets.world_cup_2018 import words
from scrapers.rulesets.world_cup_2018.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # seed 001: «Голос оставляется красным цветом»
    return f'<span style="color:#FF0000">{html.escape(name)}</span>'


def _roles() -> tuple[RoleWords, ...]:
    return tuple(RoleWords(r.id, r.faction, r.names) for r in ENGINE.roles)


def _gifts() -> dict[str, str]:
    return {name: gift.id for gift in world_cup.GIFTS
            for name in (gift.id, gift.name_ru, gift.name_en)}


def role_name(role: str, lang: str) -> str:
    r = ENGINE.role(role)
    return r.name_en if lang == "en" else r.name_ru or r.name_en


RULESET = ScraperRuleSet(
    id=ENGINE.id, grammar=GRAMMAR, vote_html=vote_html,
    day_abilities={world_cup.STEER_ZOMBIE: DayAbility(2, "steer zombie", "письмо ведущему")},
    roles=_roles(), role_words=words.ROLE_NAMES, faction_words=words.FACTIONS,
    answers=words.ANSWERS, gifts=_gifts(), role_name=role_name)
