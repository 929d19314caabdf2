"""What the scrapers know of one rule set: the pieces that are the rule set's own and not the
engine's (how its players write a vote, the words its GMs use), gathered in one record so that
no scraper branches on a rule-set id (`scrapers.rulesets` holds one per rule set)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scrapers.votes.grammars.base import Grammar


@dataclass(frozen=True)
class ScraperRuleSet:
    """One rule set's scraper-side pieces, under the engine's rule-set id."""

    id: str
    # how a vote is written in a post: read by `scrapers.votes`
    grammar: Grammar
    # a vote for the player `name` (escaped here) as a post holds it, in the form `grammar`
    # reads: written by `scrapers.render.thread` for simulated threads
    vote_html: Callable[[str], str]
