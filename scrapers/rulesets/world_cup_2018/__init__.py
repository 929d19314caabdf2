"""world-cup-2018 on the scraper side: its vote grammar (`grammar`: red text, or a post signed
«красным с телефона») and the vote as a post writes it."""

from __future__ import annotations

import html

from engine.rulesets import world_cup_2018 as world_cup
from scrapers.rulesets.base import ScraperRuleSet
from scrapers.rulesets.world_cup_2018.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # seed 001: «Голос оставляется красным цветом»
    return f'<span style="color:#FF0000">{html.escape(name)}</span>'


RULESET = ScraperRuleSet(id=world_cup.RULESET.id, grammar=GRAMMAR, vote_html=vote_html)
