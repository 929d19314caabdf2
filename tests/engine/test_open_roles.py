"""open-roles beyond the day cases: the role table, the mafia's number of moves, the night
effects read from the log, and `night_order` for the night engine."""

from __future__ import annotations

import pytest

from engine.day import count_day, count_rules
from engine.gamelog import Action, NightLog, PhasePublished, PrivateResult, SourceRef
from engine.rulesets import get_ruleset
from engine.rulesets.open_roles.day import blocked, matched, night_order, stunned
from engine.rulesets.open_roles.vocab import ROLES, SEED, mafia_moves
from scrapers.rulesets import scraper_ruleset
from tests.engine.day_cases import CASES, build_log, load_case


def test_registered_with_its_day() -> None:
    rs = get_ruleset("open-roles")
    rules = count_rules(build_log(_case("or-01-plurality.yaml")), 1)
    assert (rules.decision, rules.vote_change, rs.day.last_mark_wins, rs.language) == (
        "plurality", False, False, "ru")
    assert scraper_ruleset(rs.id).grammar.id == "open-roles"  # the votes are read
    assert SEED in rs.source
    assert all(r.clause.startswith("003") for r in rs.rulings)


def test_role_table() -> None:
    ids = [r.id for r in ROLES]
    assert len(ids) == len(set(ids)) == 18
    assert {"judge", "fixer", "stunner", "bore", "matchmaker"} <= set(ids)
    lines = [tuple(int(n) for n in r.source.removeprefix("lines ").split("-")) for r in ROLES]
    assert all(r.name_ru and r.name_en for r in ROLES)
    assert all(first <= last for first, last in lines)
    starts = [first for first, _ in lines]
    assert starts == sorted(starts)  # in the seed's order


@pytest.mark.parametrize(("honest", "moves"), [
    (20, 3), (12, 3), (11, 2), (8, 2), (7, 1), (4, 1), (1, 1), (0, 1)])
def test_mafia_moves(honest: int, moves: int) -> None:
    """Seed lines 16-19: 1/4 of the honest alive, at least 1 and at most 3."""
    assert mafia_moves(honest) == moves


def _case(name: str) -> dict[str, object]:
    return load_case(CASES / "open-roles" / "day" / name)


def test_night_order_is_the_days_order() -> None:
    case = _case("or-28-mafia-three-moves.yaml")
    log = build_log(case)
    expected = case["expect"]
    assert isinstance(expected, dict)
    assert night_order(log, 1) == expected["order"] == count_day(log, 1).order


def test_effects_from_results_and_actions() -> None:
    log = build_log(_case("or-01-plurality.yaml"))
    ref = SourceRef(kind="manual")
    log.nights.append(NightLog(number=0, actions=[
        Action(actor="A", ability="stun", targets=["B"]),
        Action(actor="C", ability="block", targets=["D"]),
        Action(actor="E", ability="match", targets=["A", "C"]),
        Action(actor="B", ability="stun", targets=["E"]),
    ]))
    log.published.phases.append(PhasePublished(phase="N0", private=[
        PrivateResult(recipient="C", kind="stunned", source=ref),
        PrivateResult(recipient="B", ability="stun", kind="failure", source=ref),
    ]))
    # B's own stun on E failed; A's on B stands: one message for one standing stun is the
    # whole record (the stun reached C, not B: a witch or a mirror sent it there)
    assert sorted(stunned(log, 1)) == ["C"]
    log.nights[-1].actions.append(Action(actor="D", ability="stun", targets=["E"]))
    # two standing stuns and one message: the log keeps only some messages, the actions
    # count too
    assert sorted(stunned(log, 1)) == ["B", "C", "E"]
    assert sorted(blocked(log, 1)) == ["D"]
    assert [(a, b) for a, b, _ in matched(log, 1)] == [("A", "C")]
    assert stunned(log, 2) == {}  # night 0 touches day 1 only


def test_events_explain_the_order() -> None:
    result = count_day(build_log(_case("or-31-mafia-first-place.yaml")), 1)
    kinds = [e.kind for e in result.events if e.kind in ("order", "ignored")]
    assert kinds == ["order", "order", "ignored", "ignored", "order"]


@pytest.mark.parametrize(("name", "told"), [
    ("or-44-cancel-not-judge.yaml", "X's cancel-vote does not stand: not an ability of X's "
                                    "role (doctor): the judge's"),
    ("or-45-ban-not-judge.yaml", "X's ban-vote does not stand"),
    ("or-46-tie-not-judge.yaml", "X's decide-tie does not stand"),
    ("or-47-fix-not-fixer.yaml", "F's fix-first does not stand: not an ability of F's role"),
    ("or-48-move-not-maf.yaml", "mafia move by H2 does not stand: the actor is not a living "
                                "maf"),
    ("or-49-day-match-not-matchmaker.yaml", "M's match does not stand"),
    ("or-50-master-day-one.yaml", "(master; acquired: nothing)"),
])
def test_a_move_of_another_role_is_void_with_its_reason(name: str, told: str) -> None:
    """Issue 22: a day or evening move from a player whose role has no such ability is not
    applied, and the chain of the day says why (the case shows the outcome)."""
    events = count_day(build_log(_case(name)), int(str(_case(name).get("day", 1)))).events
    assert any(e.kind == "ignored" and told in e.text for e in events), \
        [e.text for e in events]


def test_the_masters_acquired_judge_stands_unnoted() -> None:
    events = count_day(build_log(_case("or-53-master-acquired-judge.yaml")), 2).events
    assert not [e for e in events if e.kind in ("ignored", "note")]
    assert any(e.kind == "cancel" for e in events)


def test_a_tie_announces_the_general_count() -> None:
    """«Если при конечном подсчете голосов получается равенство, то озвучивается общий
    счет» (line 74): the count with the dropped vote, under either option of tie-count."""
    for name in ("or-51-tie-count-announced.yaml", "or-52-tie-count-decides.yaml"):
        events = count_day(build_log(_case(name)), 1).events
        told = [e.text for e in events if e.kind == "announce"]
        assert told == ["a tie at the final count: the GM announces the general count "
                        "(«озвучивается общий счет»): D 3, B 2, A 1"]
    plain = count_day(build_log(_case("or-07-tie-last-vote.yaml")), 1).events
    assert not [e for e in plain if e.kind == "announce"]  # no vote dropped: nothing to tell
