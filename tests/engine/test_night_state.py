"""The night state's shape: `Player` and `NightState` hold only what every rule set's night
uses; what one rule set alone keeps is a typed record of its own (`Player.own`,
`NightState.own`), made by its night rules, read through a typed accessor, copied with the
player; a rule set's records key a move by its number in the night (`NightState.seq`)."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from engine.gamelog import Action
from engine.night import NightRules, NightState, Player, run_night
from engine.rulesets import get_ruleset
from engine.rulesets.contested_island.night.own import (
    Islander,
    IslandNight,
    isle,
    night_of,
)
from engine.rulesets.open_roles.night.records import Rec, rec
from engine.rulesets.world_cup_2018.night.common import Records, records
from tests.engine.night_cases import CASES, load_night_case, run_night_case

COMMON_PLAYER = {"slot", "role", "faction", "features", "alive", "recruited_by", "used",
                 "killed", "own"}


def _night(ruleset: str) -> NightRules:
    night = get_ruleset(ruleset).night
    assert night is not None
    return night


def _players(ruleset: str, roles: dict[str, str]) -> dict[str, Player]:
    night = _night(ruleset)
    assert night.new_player is not None
    return {slot: night.new_player(slot, role) for slot, role in roles.items()}


def test_a_player_holds_the_common_fields_only() -> None:
    assert {f.name for f in fields(Player)} == COMMON_PLAYER
    island = {f.name for f in fields(Islander)}
    assert not island & {f.name for f in fields(Player)}
    assert {"statuses", "infected", "lost", "given", "pit", "heir_to", "blinded_until",
            "repeat_next", "blocked_next", "performed", "gifts"} <= island


def test_the_night_state_holds_no_rule_set_s_own_fields() -> None:
    names = {f.name for f in fields(NightState)}
    assert not names & {"extra", "infections", "thwarted"}
    assert not names & {f.name for f in fields(IslandNight)}


def test_the_shared_night_code_names_no_island_field() -> None:
    """The generic engine (engine/night/) reads none of contested-island's own state: its
    carried blocks and repeats come through `NightRules.carried`."""
    own = {f.name for f in fields(Islander)} | {f.name for f in fields(IslandNight)}
    root = Path(__file__).resolve().parents[2] / "engine" / "night"
    for path in sorted(root.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert not [n for n in own if f".{n}" in text], path.name


@pytest.mark.parametrize(("ruleset", "role"), [("contested-island", "jen-li"),
                                               ("open-roles", "doctor"),
                                               ("world-cup-2018", "sheriff")])
def test_each_rule_set_makes_its_own_player_record(ruleset: str, role: str) -> None:
    player = _players(ruleset, {"A": role})["A"]
    if ruleset == "contested-island":
        assert type(player.own) is Islander
        assert isle(player).statuses.keys() == {"physical", "mental", "local"}
    else:  # the other two keep nothing of a player beyond the common fields
        assert player.own is None
        with pytest.raises(TypeError):
            isle(player)


def test_an_island_record_is_independent_after_a_copy() -> None:
    player = _players("contested-island", {"A": "jen-li"})["A"]
    own = isle(player)
    own.lost.add("murder")
    own.repeat_next.append(("murder", ("B",), {}))
    before = player.copy()
    assert before == player
    assert isle(before) is not own
    twin = player.copy()
    mine = isle(twin)
    mine.statuses["mental"] = "ill"
    mine.infected, mine.infected_by, mine.pit = 1, "B", ("C", 2)
    mine.lost.add("reconnaissance")
    mine.given.add("block")
    mine.repeat_next.clear()
    mine.performed.append((2, "cover"))
    twin.features["danger-sense"] = 0
    twin.used.append((2, "murder", ("B",)))
    assert player == before  # nothing of the copy's night reaches the original


def test_a_night_leaves_the_island_records_it_started_from_untouched() -> None:
    night = _night("contested-island")
    players = _players("contested-island", {"L": "lucy-farmer", "E": "john-levy"})
    result = run_night(night, players, 1, [Action(actor="L", ability="infection",
                                                  targets=["E"])])
    assert isle(result.players["E"]).infected == 1
    assert isle(players["E"]).infected == 0
    assert isle(players["E"]).statuses["physical"] == "healthy"


@pytest.mark.parametrize(("ruleset", "role", "kind"), [
    ("contested-island", "jen-li", IslandNight),
    ("open-roles", "doctor", Rec),
    ("world-cup-2018", "sheriff", Records)])
def test_each_rule_set_s_night_records_are_its_own_class(ruleset: str, role: str,
                                                          kind: type) -> None:
    night = _night(ruleset)
    state = NightState(1, _players(ruleset, {"A": role, "B": role}), night)
    assert state.own is None  # made at the first look
    made = {"contested-island": night_of, "open-roles": rec, "world-cup-2018": records}
    got = made[ruleset](state)
    assert type(got) is kind
    assert state.own is got
    assert made[ruleset](state) is got  # one record for the night
    others = [k for k in (IslandNight, Rec, Records) if k is not kind]
    for other in others:
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
