"""Contested Island's general rules that bind a night's moves together, and its victory
condition (seed 000, "General Game Rules" and "Victory Conditions")."""

from __future__ import annotations

from collections.abc import Mapping

from engine.night.model import Move
from engine.night.state import NightState, Player
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night.common import option
from engine.rulesets.contested_island.night.common import ruling as _r

MAFIA = ("order-of-li", "infected")

RULINGS: tuple[Ruling, ...] = (
    _r("mafia-actions", "How do \"3 actions are accepted from mafia players, one of which is "
       "type (K)\" bind?",
       "General Game Rules 6) \"Each character can perform only one action per night, unless "
       "other conditions are provided. 3 actions are accepted from mafia players, one of "
       "which is type (K).\"",
       (("per-player", "it describes the mafia leaders' own limits (Jen Li \"Can use 3 "
                       "different NAs per night\"): each player only by their own limit"),
        ("team", "each mafia team sends at most 3 actions a night, at most one of them (K); "
                 "later ones in the GM's log are not taken")),
       "per-player"),
)


def team(player: Player) -> str:
    """The group a player plays for: the recruiter's, once recruited."""
    return player.recruited_by or player.faction


def mafia_limit(state: NightState, moves: list[Move]) -> list[tuple[Move, str]]:
    """General Game Rules 6: "3 actions are accepted from mafia players, one of which is type
    (K)" (as ruled), counted in the GM's log order; free extras aside. The ruling is read
    only where the team's limit would refuse a move (under the other reading nothing is
    refused either): a replay notes which rulings a night read."""
    refused: list[tuple[Move, str]] = []
    sent: dict[str, int] = {}
    kills: dict[str, int] = {}
    for move in sorted(moves, key=lambda m: m.index):
        side = team(state.players[move.actor])
        if side not in MAFIA or move.ability.extra:
            continue
        if move.kind == "K" and kills.get(side, 0) >= 1:
            refused.append((move, "a second (K) action of the team tonight (\"3 actions ... "
                                  "one of which is type (K)\")"))
            continue
        if sent.get(side, 0) >= 3:
            refused.append((move, "a fourth action of the team tonight (\"3 actions are "
                                  "accepted from mafia players\")"))
            continue
        sent[side] = sent.get(side, 0) + 1
        if move.kind == "K":
            kills[side] = kills.get(side, 0) + 1
    if refused and option(state, RULINGS, "mafia-actions") != "team":
        return []
    return refused


def winners(players: Mapping[str, Player]) -> list[str] | None:
    """Victory Conditions: "All representatives of other groups are destroyed." The one
    group left wins; nobody left, nobody wins; several, the game goes on (None)."""
    left = {team(p) for p in players.values() if p.alive}
    return sorted(left) if len(left) <= 1 else None
