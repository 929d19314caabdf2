"""The night state's shape: what one rule set alone keeps of a night is a typed record of
its own (`NightState.own`), made by its night rules and read through a typed accessor; a
rule set's records key a move by its number in the night (`NightState.seq`)."""

from __future__ import annotations

from dataclasses import fields

import pytest

from engine.night import NightRules, NightState, Player
from engine.rulesets import get_ruleset
from engine.rulesets.open_roles.night.records import Rec, rec
from engine.rulesets.world_cup_2018.night.common import Records, records
from tests.engine.night_cases import CASES, load_night_case, run_night_case


def _night(ruleset: str) -> NightRules:
    night = get_ruleset(ruleset).night
    assert night is not None
    return night


def _players(ruleset: str, roles: dict[str, str]) -> dict[str, Player]:
    night = _night(ruleset)
    assert night.new_player is not None
    return {slot: night.new_player(slot, role) for slot, role in roles.items()}


def test_the_night_state_keeps_no_untyped_extra() -> None:
    assert "extra" not in {f.name for f in fields(NightState)}


@pytest.mark.parametrize(("ruleset", "role", "kind"), [
    ("open-roles", "doctor", Rec),
    ("world-cup-2018", "sheriff", Records)])
def test_each_rule_set_s_night_records_are_its_own_class(ruleset: str, role: str,
                                                          kind: type) -> None:
    night = _night(ruleset)
    state = NightState(1, _players(ruleset, {"A": role, "B": role}), night)
    assert state.own is None  # made at the first look
    made = {"open-roles": rec, "world-cup-2018": records}
    got = made[ruleset](state)
    assert type(got) is kind
    assert state.own is got
    assert made[ruleset](state) is got  # one record for the night
    for other in (k for k in (Rec, Records) if k is not kind):
        with pytest.raises(TypeError):
            state.own_as(other)


def test_a_rule_set_without_night_records_has_none_to_give() -> None:
    night = NightRules(steps=(), abilities={})
    with pytest.raises(TypeError):
        NightState(1, {}, night).own_as(Records)


@pytest.mark.parametrize("case", [
    "contested-island/night/ci-n34-stun-several.yaml",  # two repeats, both index -1
    "world-cup-2018/night/wc-118-jester-maniac-takes-other.yaml",  # a stand-in move
])
def test_moves_are_numbered_apart_where_their_log_index_is_shared(case: str) -> None:
    """Moves the engine makes share the log's index (a stunned player's repeats, a
    jester's stand-in): their numbers, what the rule sets' records key them by, do not."""
    results = run_night_case(load_night_case(CASES / case))
    shared = False
    for result in results:
        moves = getattr(result, "moves", [])
        numbers = [m.seq for m in moves]
        assert 0 not in numbers
        assert len(set(numbers)) == len(numbers)
        indexes = [m.index for m in moves]
        shared |= len(set(indexes)) < len(indexes)
    assert shared, "the case has moves of one index"
