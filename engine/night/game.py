"""A whole game's nights, in order: what lasts is carried from night to night, the day's
announced eliminations come in between, and a counterfactual replays with one move changed.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.errors import MafiakitError
from engine.gamelog import Action, GameLog, phase_sort_key
from engine.night.model import NightRules
from engine.night.resolve import NightResult
from engine.night.state import Player


class NightError(MafiakitError):
    """A game the night engine cannot replay (no night rules, unknown night)."""


def night_rules(log: GameLog) -> NightRules:
    from engine.rulesets import ruleset_of

    ruleset = ruleset_of(log)
    if ruleset.night is None or ruleset.night.new_player is None:
        raise NightError(f"rule set {ruleset.id!r} has no night engine yet")
    return ruleset.night


def start_players(log: GameLog, rules: NightRules) -> dict[str, Player]:
    assert rules.new_player is not None  # night_rules holds it
    players = {s.id: rules.new_player(s.id, s.role or "") for s in log.players}
    for s in log.players:
        # a rule set whose roles belong to no side (open-roles: a maf has a role of the same
        # list) takes the side from the log's slot
        if not players[s.id].faction and s.faction:
            players[s.id].faction = s.faction
    return players


def replay_game(log: GameLog, rulings: Mapping[str, str] | None = None, *,
                until: int | None = None,
                actions: Mapping[int, list[Action]] | None = None) -> list[NightResult]:
    """Every night of the log (up to night `until`) in order. `actions` replaces a night's
    log (for counterfactuals). A player the GM announced dead before a night (executed by
    day, or killed at night when the replay has them alive) takes no part in it. An unknown
    ruling or option is refused, as `count_day` refuses it: a night replayed under a
    ruling that does not exist would say nothing of the reading asked for."""
    from engine.replay import Replay  # the replay plays nights through this module

    return Replay(log, rulings, actions=actions).nights(until)


def replay(log: GameLog, night: int, *, replace: Mapping[int, Action] | None = None,
           drop: set[int] | None = None,
           rulings: Mapping[str, str] | None = None) -> NightResult:
    """Night `night` replayed with moves of its log replaced (by index in the night's log)
    or dropped; the nights before it as logged."""
    log_night = next((n for n in log.nights if n.number == night), None)
    if log_night is None:
        raise NightError(f"the log has no night {night}")
    changed = [(replace or {}).get(i, a) for i, a in enumerate(log_night.actions)
               if i not in (drop or set())]
    results = replay_game(log, rulings, until=night, actions={night: changed})
    return results[-1]


def announced_dead(log: GameLog, players: dict[str, Player], night: int) -> None:
    """The GM's announced deaths of the phases before night `night` (days up to `night`,
    nights before it) take those players out (in place); one the GM shows brought back
    since (a `resurrected` slot change) takes part again."""
    out = log.announced_out(f"N{night}")
    # brought back since the last night (not earlier: the replay has carried them since,
    # and may have lost them again)
    since = (phase_sort_key(f"N{night - 1}"), phase_sort_key(f"D{night}"))
    returned = {s.id for s in log.players for c in s.changes if c.kind == "resurrected"
                and phase_sort_key(c.phase) in since}
    for slot, player in players.items():
        if slot in out:
            player.alive = False
        elif slot in returned:
            player.alive = True
