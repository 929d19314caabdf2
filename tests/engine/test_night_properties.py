"""Properties of every night, on random legal nights of the rule sets with a night engine:
the order the GM logged the actions in does not change the outcome, the dead never act, a
protection never adds a death, and a replay is deterministic. And a conformance check run on
every registered rule set."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gamelog import Action
from engine.night import NightResult, NightRules, run_night
from engine.rulesets import get_ruleset, ruleset_ids
from engine.rulesets.contested_island.night import CHARACTERS, ROLE_ABILITIES, SUPPORTED
from engine.rulesets.contested_island.night.characters import SEED_ORDER
from engine.rulesets.contested_island.night.own import isle
from scrapers.rulesets import scraper_ruleset

RULES = get_ruleset("contested-island").night
assert RULES is not None
ROLES = sorted(CHARACTERS)
SLOTS = [f"s{i:02d}" for i in range(len(ROLES))]
NIGHT_RULESETS = [r for r in ruleset_ids() if get_ruleset(r).night is not None]


def _rules(ruleset: str) -> NightRules:
    rules = get_ruleset(ruleset).night
    assert rules is not None
    return rules


@st.composite
def any_night(draw: st.DrawFn, ruleset: str) -> tuple[list[str], list[str], list[Action]]:
    """A roster of the rule set's supported roles (one slot each, some dead), the players'
    priority (a shuffle) and a legal night: each living player at most one supported
    ability, on living others, with options from the rule set's choices."""
    rules = _rules(ruleset)
    roles = sorted(rules.supported)
    slots = [f"s{i:02d}" for i in range(len(roles))]
    dead = draw(st.lists(st.sampled_from(slots), max_size=3, unique=True))
    alive = [s for s in slots if s not in dead]
    actions: list[Action] = []
    for slot, role in zip(slots, roles, strict=True):
        if slot in dead or not rules.supported[role] or not draw(st.booleans()):
            continue
        ability = rules.abilities[draw(st.sampled_from(rules.supported[role]))]
        others = [s for s in alive if s != slot]
        if len(others) < ability.targets:
            continue
        targets = draw(st.permutations(others))[:ability.targets]
        choices = rules.option_choices.get(ability.id, ({},))
        options = dict(draw(st.sampled_from(choices)))
        actions.append(Action(actor=slot, ability=ability.id, targets=targets,
                              options=options))
    order = draw(st.permutations(slots))
    return dead, list(order), actions


def play_any(ruleset: str, roles: list[str], dead: list[str], order: list[str],
             actions: list[Action]) -> NightResult:
    rules = _rules(ruleset)
    assert rules.new_player is not None
    slots = [f"s{i:02d}" for i in range(len(roles))]
    players = {s: rules.new_player(s, r) for s, r in zip(slots, roles, strict=True)}
    for s in dead:
        players[s].alive = False
    return run_night(rules, players, 1, actions, order=order)


@pytest.mark.parametrize("ruleset", NIGHT_RULESETS)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_every_night_engine_shuffled_log_same_outcome(ruleset: str, data: st.DataObject
                                                       ) -> None:
    """On every rule set with a night: the log's order changes nothing, the dead never act,
    a replay is deterministic, and the players the night started from are left alone."""
    roles = sorted(_rules(ruleset).supported)
    dead, order, actions = data.draw(any_night(ruleset))
    rules = _rules(ruleset)
    assert rules.new_player is not None
    slots = [f"s{i:02d}" for i in range(len(roles))]
    # a dead player's move never happens
    ghosts = [Action(actor=s, ability=rules.supported[r][0],
                     targets=[x for x in slots if x != s][:rules.abilities[
                         rules.supported[r][0]].targets])
              for s, r in zip(slots, roles, strict=True) if s in dead and rules.supported[r]]
    result = play_any(ruleset, roles, dead, order, actions + ghosts)
    shuffled = data.draw(st.permutations(actions + ghosts))
    assert shown(result) == shown(play_any(ruleset, roles, dead, order, list(shuffled)))
    assert not [e for e in result.events if e.actor in dead and e.kind != "not-taken"]
    assert not set(result.deaths) & set(dead)
    assert play_any(ruleset, roles, dead, order, actions + ghosts).events == result.events
    players = {s: rules.new_player(s, r) for s, r in zip(slots, roles, strict=True)}
    before = {s: p.copy() for s, p in players.items()}
    run_night(rules, players, 1, actions, order=order)
    assert players == before


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[str], list[Action]]:
    """Contested Island: a roster of the 16 characters (some dead) and a legal night, each
    living player at most one supported ability, on a living other."""
    assert RULES is not None
    dead = draw(st.lists(st.sampled_from(SLOTS), max_size=4, unique=True))
    alive = [s for s in SLOTS if s not in dead]
    actions: list[Action] = []
    for slot, role in zip(SLOTS, ROLES, strict=True):
        if slot in dead or not SUPPORTED[role] or not draw(st.booleans()):
            continue
        ability = draw(st.sampled_from(SUPPORTED[role]))
        target = draw(st.sampled_from([s for s in alive if s != slot]))
        options = dict(draw(st.sampled_from(RULES.option_choices.get(ability, ({},)))))
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
    assert callable(rs.day.count)
    assert scraper_ruleset(rs.id).grammar.id.partition(":")[0] == rs.id  # the votes are read
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
    assert night.supported, "a night engine says what it supports"
    problems = supported_problems(rs.id)
    assert not problems, "\n".join(problems)
    for abilities in night.supported.values():
        for ability_id in abilities:
            for options in night.option_choices.get(ability_id, ()):
                assert isinstance(options, Mapping), ability_id
    if rs.id == "contested-island":
        for role, sheet in CHARACTERS.items():
            assert isle(night.new_player("x", role)).statuses.keys() == {
                "physical", "mental", "local"}
            assert len(sheet.statuses) == 3


def supported_problems(ruleset: str) -> list[str]:
    """What is wrong with the abilities the rule set says it supports, each read against a
    table other than the supported one (contested-island's `SUPPORTED` is made by keeping
    the role's abilities that are in `ABILITIES`, so checking it against `ABILITIES` alone
    could never fail): each supported ability is an ability of the engine, one the role may
    use (`may_use`, which reads the role's own list), and for contested-island one the
    seed's character sheet names (`SEED_ORDER`); and no ability a contested-island role is
    given goes unimplemented, left out of the supported table without a word."""
    night = get_ruleset(ruleset).night
    assert night is not None
    assert night.new_player is not None
    out: list[str] = []
    for role, abilities in night.supported.items():
        player = night.new_player("x", role)
        for ability_id in abilities:
            ability = night.abilities.get(ability_id)
            if ability is None:
                out.append(f"{role}: {ability_id} is supported but no ability of the engine")
                continue
            why = night.may_use(player, ability) if night.may_use is not None else None
            if why is not None:
                out.append(f"{role}: {ability_id} is supported but the role may not use it "
                           f"({why})")
            if ruleset == "contested-island" and ability_id not in SEED_ORDER.get(role, ()):
                out.append(f"{role}: {ability_id} is supported but the seed's sheet does "
                           "not name it")
    if ruleset == "contested-island":
        for role, given in ROLE_ABILITIES.items():
            out += [f"{role}: {a} is the role's but not implemented (so not supported)"
                    for a in given if a not in night.abilities]
    return out


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


@pytest.mark.parametrize(("role", "planted", "words"), [
    ("ru", "fake-ability", "no ability of the engine"),
    ("ru", "murder", "the role may not use it"),  # Jen Li's, an ability of the engine
    ("ru", "murder", "the seed's sheet does not name it"),
])
def test_a_planted_supported_ability_is_reported(
        monkeypatch: pytest.MonkeyPatch, role: str, planted: str, words: str) -> None:
    """The check can fail for contested-island: an ability planted in its supported table
    is reported, naming the role and the ability."""
    assert RULES is not None
    monkeypatch.setitem(RULES.supported, role, (*RULES.supported[role], planted))
    assert any(p.startswith(f"{role}: {planted}") and words in p
               for p in supported_problems("contested-island"))
    with pytest.raises(AssertionError, match=planted):
        test_conformance("contested-island")


def test_a_role_ability_left_unimplemented_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ability a role is given that the engine does not implement would drop out of the
    supported table unseen; the check names it."""
    monkeypatch.setitem(ROLE_ABILITIES, "ru", (*ROLE_ABILITIES["ru"], "fake-ability"))
    assert "ru: fake-ability is the role's but not implemented (so not supported)" in \
        supported_problems("contested-island")
