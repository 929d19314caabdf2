"""Each rule set's way of writing a vote, one module per grammar; `GRAMMARS` by id.

A grammar turns the text of one mark (a bold run, a vote tag, a coloured run) into commands,
and says which marks it reads and which posts can hold a vote at all (a cheap test on the raw
HTML, so that most posts are never parsed).
"""

from __future__ import annotations

from scrapers.votes.grammars import contested_island, mafiascum, open_roles, world_cup_2018
from scrapers.votes.grammars.base import Command, CommandKind, Grammar

GRAMMARS: dict[str, Grammar] = {g.id: g for g in (
    mafiascum.GRAMMAR, contested_island.GRAMMAR, open_roles.GRAMMAR,
    world_cup_2018.GRAMMAR)}

__all__ = ["GRAMMARS", "Command", "CommandKind", "Grammar"]
