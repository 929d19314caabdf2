"""open-roles («Открытые роли») on the scraper side: its vote grammar (`grammar`: a bold run
with a vote word) and the vote as a post writes it."""

from __future__ import annotations

import html

from engine.rulesets import open_roles
from scrapers.rulesets.base import ScraperRuleSet
from scrapers.rulesets.open_roles.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # the seed does not say how a vote is written: the commonest form of its vote words
    return f'<strong class="text-strong">Голосую за {html.escape(name)}</strong>'


RULESET = ScraperRuleSet(id=open_roles.RULESET.id, grammar=GRAMMAR, vote_html=vote_html)
