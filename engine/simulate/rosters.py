"""Who plays a simulated game of each rule set: (role id, faction) per slot, drawn by the
rule set's own `roster` from its role list, so that every role its night supports can come
up."""

from __future__ import annotations

import random

from engine.rulesets import get_ruleset
from engine.rulesets.base import Roster


def roster(ruleset: str, rnd: random.Random) -> Roster:
    """The players of a simulated game of rule set `ruleset` (an unknown id is an error
    naming the known ones)."""
    return get_ruleset(ruleset).roster(rnd)


__all__ = ["Roster", "roster"]
