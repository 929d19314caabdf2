"""What a vote grammar is (`base`): each rule set's own grammar is in its scraper package,
`scrapers.rulesets.<rule set>.grammar`, and is found through the registry
(`scrapers.rulesets.scraper_ruleset(id).grammar`).

A grammar turns the text of one mark (a bold run, a vote tag, a coloured run) into commands,
and says which marks it reads and which posts can hold a vote at all (a cheap test on the raw
HTML, so that most posts are never parsed).
"""

from __future__ import annotations

from scrapers.votes.grammars.base import Command, CommandKind, Grammar

__all__ = ["Command", "CommandKind", "Grammar"]
