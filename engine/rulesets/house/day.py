"""A house rule set's day: the declared decision, tie, deadline, vote changes, no-lynch and
per-player weights, as `CountRules` (the same every day: the declaration has no day-by-day
rules)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.day.history import History
from engine.day.result import Ballot
from engine.day.standing import CountRules
from engine.gamelog import GameLog, HouseRules, Slot


def count_maker(rules: HouseRules) -> Callable[[GameLog, int, Mapping[str, str], History],
                                                CountRules]:
    """`DayRules.count` of the rule set built from `rules`."""

    def count_rules(log: GameLog, _day: int, _chosen: Mapping[str, str],
                    _history: History) -> CountRules:
        weights, unknown = slot_weights(rules, log.players)

        def weight(ballot: Ballot) -> float:
            return weights.get(ballot.voter, 1.0)

        def void(ballot: Ballot) -> tuple[str, str] | None:
            if ballot.special == "no-lynch" and not rules.no_lynch:
                return ("not-a-target", "the house rules have no vote for no lynch")
            return None

        notes = [f"house rules: a weight for {name!r}, who is no player of this game, is not "
                 "applied" for name in unknown]
        tie, by_reach = _tie(rules)
        return CountRules(decision=rules.decision, weight=weight, void=void,
                          deadline=rules.deadline, vote_change=rules.vote_change, tie=tie,
                          tie_by_reach=by_reach, notes=notes)

    return count_rules


def slot_weights(rules: HouseRules, players: list[Slot]) -> tuple[dict[str, float], list[str]]:
    """Each declared weight on the slot it names (a slot's id, name or any of its nicks, case
    folded), and the names no slot has, in the declaration's order."""
    by_name: dict[str, str] = {}
    for seat in players:
        for name in (seat.id, seat.name, *(o.nick for o in seat.occupants)):
            by_name.setdefault(" ".join(name.split()).casefold(), seat.id)
    weights: dict[str, float] = {}
    unknown: list[str] = []
    for name, weight in rules.weights.items():
        slot = by_name.get(" ".join(name.split()).casefold())
        if slot is None:
            unknown.append(name)
        else:
            weights[slot] = weight
    return weights, unknown


def _tie(rules: HouseRules) -> tuple[Callable[[list[str], str | None], tuple[str | None, str]],
                                     bool]:
    """The tie function, and whether it is given the tied in the order they reached their
    count (`CountRules.tie_by_reach`)."""
    if rules.tie == "first-reached":
        return (lambda tied, _last: (tied[0], "the first to reach that count is eliminated"),
                True)
    if rules.tie == "last-reached":
        return (lambda tied, _last: (tied[-1], "the last to reach that count is eliminated"),
                True)
    return (lambda _tied, _last: (None, "a tie: nobody is eliminated (house rules)"), False)
