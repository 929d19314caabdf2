"""The day before a night reaches the night (`NightRules.day_before`): what a day move set
up (the world-cup fairy's day-1 artifacts, a match the open-roles matchmaker made by day) is
there when the night's moves come, and the replay of a game hands each night the actions of
the day before it (day N, then night N)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from engine import replay as replay_module
from engine.gamelog import Action, DayLog, load
from engine.night import NightRules, NightState, run_night
from engine.night import game as night_game
from engine.rulesets import get_ruleset

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "island-mini.json"


def _marks(state: NightState, actions: Sequence[Action]) -> None:
    """A stand-in for a rule set's hook: each day move marks its target for the night."""
    for action in actions:
        for target in action.targets:
            state.players[target].features["marked"] = state.night
            state.record("marked", f"{action.actor} marked {target} by day",
                         subject=target, actor=action.actor)


def _rules() -> NightRules:
    night = get_ruleset("contested-island").night
    assert night is not None
    return replace(night, day_before=_marks)


def test_the_day_before_runs_first_on_the_nights_own_state() -> None:
    rules = _rules()
    assert rules.new_player is not None
    players = {s: rules.new_player(s, r) for s, r in (("A", "jen-li"), ("B", "john-levy"))}
    day = [Action(actor="A", ability="mark", targets=["B"])]
    result = run_night(rules, players, 2, [], day_actions=day)
    assert [(e.step, e.kind, e.subject) for e in result.events] == [("day", "marked", "B")]
    assert result.players["B"].features["marked"] == 2
    assert "marked" not in players["B"].features  # the night worked on copies
    # without day actions the hook is not run
    assert run_night(rules, players, 2, []).events == []


def test_a_replayed_game_hands_each_night_the_day_before(
        monkeypatch: pytest.MonkeyPatch) -> None:
    log = load(SAMPLE)
    first = log.players[0].id
    log.days = [DayLog(number=1, actions=[Action(actor=first, ability="mark",
                                                 targets=[log.players[1].id])])]
    monkeypatch.setattr(replay_module, "night_rules", lambda _log: _rules())
    results = night_game.replay_game(log)
    marked = [(r.night, e.subject) for r in results for e in r.events if e.kind == "marked"]
    assert marked == [(1, log.players[1].id)]
