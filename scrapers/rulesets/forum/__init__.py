"""The generic forum rule set on the scraper side: its vote grammar is the one its default
house declaration gives (`scrapers.votes.house`: the common English and Russian vote forms,
in bold or a vote tag); its GM-log words are the plainest: the two sides and its two roles."""

from __future__ import annotations

import html

from engine.rulesets import get_ruleset
from engine.rulesets.house import FORUM
from scrapers.rulesets.base import RoleWords, ScraperRuleSet
from scrapers.votes.house import house_grammar


def vote_html(name: str) -> str:
    # the commonest form the declaration reads
    return f"<b>vote {html.escape(name)}</b>"


def _ruleset() -> ScraperRuleSet:
    engine = get_ruleset(FORUM)
    declared = engine.house
    assert declared is not None  # the generic rule set is built from its declaration
    return ScraperRuleSet(
        id=FORUM, grammar=house_grammar(declared.votes, FORUM), vote_html=vote_html,
        roles=tuple(RoleWords(r.id, r.faction, r.names) for r in engine.roles),
        # the plain words for the two sides, as any GM writes them
        faction_words={"town": ("town", "мирные", "мирный"),
                       "mafia": ("mafia", "scum", "мафия")})


RULESET = _ruleset()
