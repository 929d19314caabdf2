"""contested-island on the scraper side: its vote grammar (`grammar`) and the vote as a post
writes it."""

from __future__ import annotations

import html

from engine.rulesets import contested_island as island
from scrapers.rulesets.base import ScraperRuleSet
from scrapers.rulesets.contested_island.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # General Game Rules 3: «Execution is formatted in bold as "execute xxx"»
    return f'<strong class="text-strong">казнить {html.escape(name)}</strong>'


RULESET = ScraperRuleSet(id=island.RULESET.id, grammar=GRAMMAR, vote_html=vote_html)
