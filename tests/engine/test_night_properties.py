"""Properties of every night, on random legal nights of the rule sets with a night engine:
the order the GM logged the actions in does not change the outcome, the dead never act, a
protection never adds a death, and a replay is deterministic. And a conformance check run on
every registered rule set."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gamelog import Action
from engine.night import NightResult, NightRules, run_night
from engine.rulesets import get_ruleset, ruleset_ids
from engine.rulesets.contested_island_night import CHARACTERS, SUPPORTED

RULES = get_ruleset("contested-island").night
assert RULES is not None
ROLES = sorted(CHARACTERS)
SLOTS = [f"s{i:02d}" for i in range(len(ROLES))]


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[str], list[Action]]:
    """A roster of the 16 characters (some dead) and a legal night: each living player at
    most the actions the role allows, on living others."""
    dead = draw(st.lists(st.sampled_from(SLOTS), max_size=4, unique=True))
    alive = [s for s in SLOTS if s not in dead]
    actions: list[Action] = []
    for slot, role in zip(SLOTS, ROLES, strict=True):
        if slot in dead or not SUPPORTED[role] or not draw(st.booleans()):
            continue
        ability = draw(st.sampled_from(SUPPORTED[role]))
        target = draw(st.sampled_from([s for s in alive if s != slot]))
        options: dict[str, Any] = {}
        if ability == "murder":
            options["attack"] = draw(st.sampled_from(["physical", "psychic"]))
        if ability == "hunt":  # Patient Zero's Hunt attacks or infects
            options["mode"] = draw(st.sampled_from(["attack", "infect"]))
        if ability in ("planted-spies", "infecting"):  # what the recruiter gives
            options["actions"] = draw(st.sampled_from(["", "block", "physical-attack,block"]))
            options["features"] = draw(st.sampled_from(["", "double-vote",
                                                        "double-vote,physical-protection"]))
        if ability in ("balance-balancing", "tactical-maneuver"):  # the action applied
            options["action"] = draw(st.sampled_from(["cover", "bit-of-optimism", "shank",
                                                      "treatment", "medical-miracles"]))
        if ability == "rumors-and-gossip":  # the GM's answers, right or wrong
            options["questions"] = ["side", "physical", "weapon"]
            options["answers"] = draw(st.sampled_from([["town", "healthy", "none"],
                                                       ["mafia", "ill", "knife"]]))
        actions.append(Action(actor=slot, ability=ability, targets=[target], options=options))
    return dead, actions


def play(dead: list[str], actions: list[Action]) -> NightResult:
    assert RULES is not None
    assert RULES.new_player is not None
    players = {s: RULES.new_player(s, r) for s, r in zip(SLOTS, ROLES, strict=True)}
    for s in dead:
        players[s].alive = False
    return run_night(RULES, players, 1, actions)


def shown(result: NightResult) -> tuple[list[str], set[tuple[str, str | None]], set[Any]]:
    return (sorted(result.deaths),
            {(e.kind, e.subject) for e in result.events if e.visibility == "newspaper"},
            {(e.recipient, e.subject, e.detail("what"), e.detail("result"))
             for e in result.events if e.visibility == "private"})


@settings(max_examples=150, deadline=None)
@given(nights(), st.randoms(use_true_random=False))
def test_the_order_of_the_log_does_not_change_the_outcome(
        night: tuple[list[str], list[Action]], rnd: Any) -> None:
    dead, actions = night
    shuffled = list(actions)
    rnd.shuffle(shuffled)
    assert shown(play(dead, actions)) == shown(play(dead, shuffled))


@settings(max_examples=150, deadline=None)
@given(nights())
def test_the_dead_never_act(night: tuple[list[str], list[Action]]) -> None:
    dead, actions = night
    actions = actions + [Action(actor=s, ability=SUPPORTED[r][0], targets=[SLOTS[0]])
                         for s, r in zip(SLOTS, ROLES, strict=True)
                         if s in dead and SUPPORTED[r] and s != SLOTS[0]]
    result = play(dead, actions)
    assert not [e for e in result.events if e.actor in dead and e.kind != "not-taken"]
    assert not set(result.deaths) & set(dead)


@settings(max_examples=150, deadline=None)
@given(nights())
def test_a_protection_never_adds_a_death(night: tuple[list[str], list[Action]]) -> None:
    dead, actions = night
    protecting = {"cover", "experienced-psychologist", "treatment"}
    without = [a for a in actions if a.ability not in protecting]
    result = play(dead, actions)
    # but Max Kane's Last Bullet: "If the target is protected, the bullet hits the protector"
    # (the protection it met, wherever that went afterwards)
    shooters = {a.actor for a in actions if a.ability == "last-bullet"}
    guards = {str(e.detail("protector")) for e in result.events
              if e.kind == "protected" and e.actor in shooters}
    # and the Night Hunter's Date: "Visits a target, attacks everyone who came to them" (a
    # protector who goes to the date's target is struck, where the move finally went)
    dates = {e.subject for e in result.events if e.kind == "date"}
    guards |= {m.actor for m in result.moves if m.ability.id in protecting
               and set(m.targets) & dates}
    assert set(result.deaths) <= set(play(dead, without).deaths) | guards


@settings(max_examples=50, deadline=None)
@given(nights())
def test_a_replay_is_deterministic(night: tuple[list[str], list[Action]]) -> None:
    dead, actions = night
    assert play(dead, actions).events == play(dead, actions).events


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_conformance(ruleset: str) -> None:
    """Every registered rule set: its rulings are well formed; where it has a night engine,
    every ability resolves in one of its steps and every role's abilities exist."""
    rs = get_ruleset(ruleset)
    assert rs.day.grammar
    for ruling in rs.rulings:
        assert ruling.key.startswith(f"{rs.id}."), ruling.key
        assert ruling.default in ruling.values
    night: NightRules | None = rs.night
    if night is None:
        return
    steps = {s.name for s in night.steps}
    assert len(steps) == len(night.steps), "step names are unique"
    for ability in night.abilities.values():
        assert ability.step in steps, f"{ability.id}: no step {ability.step!r}"
    assert night.new_player is not None
    if rs.id == "contested-island":
        for role, sheet in CHARACTERS.items():
            missing = [a for a in SUPPORTED[role] if a not in night.abilities]
            assert not missing, f"{role}: {missing}"
            assert night.new_player("x", role).statuses.keys() == {"physical", "mental",
                                                                   "local"}
            assert len(sheet.statuses) == 3


@settings(max_examples=50, deadline=None)
@given(nights())
def test_a_night_leaves_the_players_it_started_from_alone(
        night: tuple[list[str], list[Action]]) -> None:
    """The night works on copies (a replay from night N must find night N-1's players as
    they were)."""
    dead, actions = night
    assert RULES is not None
    assert RULES.new_player is not None
    players = {s: RULES.new_player(s, r) for s, r in zip(SLOTS, ROLES, strict=True)}
    for s in dead:
        players[s].alive = False
    before = {s: p.copy() for s, p in players.items()}
    run_night(RULES, players, 1, actions)
    assert players == before
