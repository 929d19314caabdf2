"""mafiascum on the scraper side: its vote grammar (`grammar`: bold ``Vote: X``, the vote tag,
``Unvote``, ``No lynch``), its factions in words (`words`), and the vote as a post writes it.
Its games come from the mafiascum importer (`scrapers.importers.mafiascum`) or a scraped
thread; it has no role table, so no GM log is written for it."""

from __future__ import annotations

import html

from engine.rulesets import mafiascum
from scrapers.rulesets.base import ScraperRuleSet
from scrapers.rulesets.mafiascum import words
from scrapers.rulesets.mafiascum.grammar import GRAMMAR


def vote_html(name: str) -> str:
    # a bold "VOTE: X" as the site's posts write it (`display:inline` aside)
    return f'<span style="font-weight: bold">VOTE: {html.escape(name)}</span>'


RULESET = ScraperRuleSet(id=mafiascum.RULESET.id, grammar=GRAMMAR, vote_html=vote_html,
                         faction_words=words.FACTIONS)
