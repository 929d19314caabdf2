"""mafiascum's day: majority with hammer, No Lynch, and the vote modifiers of role names."""

from __future__ import annotations

import re
from collections.abc import Mapping

from engine.day.history import History
from engine.day.result import Ballot
from engine.day.standing import CountRules
from engine.gamelog import GameLog

_DOUBLE = re.compile(r"\bdouble[\s-]?voter\b", re.I)
_VOTELESS = re.compile(r"\bvoteless\b", re.I)
_LOVED = re.compile(r"\bloved\b", re.I)
_HATED = re.compile(r"\bhated\b", re.I)


def count_rules(log: GameLog, day: int, chosen: Mapping[str, str],
                _history: History) -> CountRules:
    """Weights and thresholds from each slot's role as listed (e.g. "Town Doublevoter",
    "Mafia Hated Goon"), and the chosen rulings; the same every day."""
    roles = {s.id: (s.role_name or s.role or "") for s in log.players}

    def weight(ballot: Ballot) -> float:
        role = roles.get(ballot.voter, "")
        if _VOTELESS.search(role):
            return 0.0
        return 2.0 if _DOUBLE.search(role) else 1.0

    def extra(slot: str) -> int:
        role = roles.get(slot, "")
        return (1 if _LOVED.search(role) else 0) - (1 if _HATED.search(role) else 0)

    def void(ballot: Ballot) -> tuple[str, str] | None:
        if line_start and ballot.line_start is False:
            return ("not-formatted", "the vote does not start its line, and the rules count "
                    "only votes at the start of a line")
        return None

    line_start = chosen["mafiascum.vote-position"] == "line-start"
    split = frozenset(s for s, role in roles.items() if _DOUBLE.search(role)) \
        if chosen["mafiascum.doublevote"] == "separate" else frozenset()
    return CountRules(
        split_voters=split,
        decision="majority", weight=weight, extra_needed=extra, void=void,
        no_lynch_less=1 if chosen["mafiascum.no-lynch-threshold"] == "one-less" else 0,
        deadline=chosen["mafiascum.deadline"],
        change_needs_cancel=chosen["mafiascum.vote-change"] == "unvote-first",
        lynches=2 if chosen["mafiascum.day-lynches"] == "two" else 1)
