"""open-roles' night beyond the scenario cases: where the night's order comes from (the log's
own, the day's voting, the GM's default order, the roster), a whole game replayed through
the night engine, and the victory condition."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import pytest

from engine.day import count_day
from engine.gamelog import Action, GameLog, NightLog
from engine.night import Player, replay_game
from engine.replay import Replay
from engine.rulesets import RulingError, get_ruleset
from engine.rulesets.open_roles.day import night_order
from engine.rulesets.open_roles.night.rules import order_from_log, winners
from tests.engine.day_cases import CASES, build_log, load_case


def _log(name: str) -> GameLog:
    return build_log(load_case(CASES / "open-roles" / "day" / name))


def test_registered() -> None:
    rs = get_ruleset("open-roles")
    assert rs.night is not None
    assert rs.night.order_from_log is order_from_log
    keys = [r.key for r in rs.rulings]
    assert {"open-roles.vote-form", "open-roles.lone-victim"} <= set(keys)
    assert len(keys) == len(set(keys))


def test_order_the_logs_own() -> None:
    log = _log("or-01-plurality.yaml")
    log.nights.append(NightLog(number=1, order=["E", "D", "C", "B", "A"]))
    assert order_from_log(log, 1) == ["E", "D", "C", "B", "A"]


def test_order_from_the_days_voting() -> None:
    """Night N follows day N: «первый проголосовавший имеет высший приоритет хода» (line 4)."""
    log = _log("or-01-plurality.yaml")
    assert order_from_log(log, 1) == night_order(log, 1) == ["A", "B", "D", "E"]


def test_order_the_default_draw() -> None:
    """No day 2 in the log: the GM's `default-order` draw (line 5)."""
    log = _log("or-26-default-order.yaml")
    assert order_from_log(log, 2) == ["D", "A", "E", "C", "B"]


def test_order_the_roster() -> None:
    log = _log("or-01-plurality.yaml")
    assert order_from_log(log, 3) == ["A", "B", "C", "D", "E"]


def test_replay_takes_the_days_order_and_the_slots_side() -> None:
    """A game replayed: night 1 in day 1's voting order (A before B), the maf's side from
    his slot; the doctor after the kill revives («Вы оживили вашего пациента»)."""
    log = _log("or-01-plurality.yaml")
    roles = {"A": ("doctor", "mafia"), "B": ("doctor", None), "C": ("judge", None),
             "D": ("judge", None), "E": ("judge", None)}
    for slot in log.players:
        slot.role, slot.faction = roles[slot.id]
    log.nights.append(NightLog(number=1, actions=[
        Action(actor="B", ability="heal", targets=["D"]),
        Action(actor="A", ability="kill", targets=["D"])]))
    night = replay_game(log)[0]
    assert night.deaths == []
    told = [(e.recipient, e.detail("result")) for e in night.events if e.visibility == "private"]
    assert told == [("B", "Вы оживили вашего пациента")]
    assert night.players["A"].faction == "mafia"


def _players(*sides: str) -> dict[str, Player]:
    return {f"p{i}": Player(f"p{i}", "judge", side) for i, side in enumerate(sides)}


def test_winners() -> None:
    """The seed writes none: the honest win when no maf lives, the mafia at parity."""
    assert winners(_players("town", "", "town")) == ["town"]
    assert winners(_players("mafia", "town", "town")) is None
    assert winners(_players("mafia", "town")) == ["mafia"]
    dead = _players("mafia", "town", "town", "town")
    dead["p1"].alive = dead["p2"].alive = False
    assert winners(dead) == ["mafia"]


def test_duties_missed_are_recorded() -> None:
    """«Убийство обязательно» (26), «Ночные и дневные ходы все игроки делать обязаны» (8):
    hidden notes for the GM's record; the samurai need not move (212)."""
    from engine.night import run_night

    rules = get_ruleset("open-roles").night
    assert rules is not None
    assert rules.new_player is not None
    players = {s: rules.new_player(s, r) for s, r in
               (("K", "doctor"), ("M", "judge"), ("D", "doctor"), ("S", "samurai"))}
    players["K"].faction = players["M"].faction = "mafia"
    result = run_night(rules, players, 1, [], order=["K", "M", "D", "S"])
    missed = [(e.subject, e.text.split(":")[0]) for e in result.events
              if e.kind == "duty-missed"]
    assert missed == [(None, "no maf killed tonight"), ("D", "D (doctor) made no night move"),
                      ("K", "K (doctor) made no night move")]


def test_a_lone_killer_owes_no_other_move() -> None:
    """«Если в игре остался один маф, то перед убийством он должен совершить свой ролевой
    ход» (25): the killer's role move is the kill itself; a lone maf of another role owes his
    role's move too."""
    from engine.night import run_night

    rules = get_ruleset("open-roles").night
    assert rules is not None
    assert rules.new_player is not None
    players = {s: rules.new_player(s, r) for s, r in
               (("K", "killer"), ("M", "doctor"), ("V", "judge"), ("W", "judge"))}
    players["M"].faction = "mafia"
    players["M"].alive = False
    kill = [Action(actor="K", ability="kill", targets=["V"])]
    result = run_night(rules, players, 1, kill, order=["K", "V", "W"])
    assert [e for e in result.events if e.kind == "duty-missed"] == []
    assert result.deaths == ["V"]
    players["M"].alive, players["K"].alive = True, False
    kill = [Action(actor="M", ability="kill", targets=["V"])]
    result = run_night(rules, players, 1, kill, order=["M", "V", "W"])
    assert [e.subject for e in result.events if e.kind == "duty-missed"] == ["M"]


def _orders_given(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The order `replay_game` hands each night it plays."""
    import engine.replay as game  # where the replay finds run_night
    from engine.night import run_night as real

    given: list[list[str]] = []

    def spy(*args: Any, order: Sequence[str] | None = None, **kw: Any) -> Any:
        given.append(list(order or []))
        return real(*args, order=order, **kw)

    monkeypatch.setattr(game, "run_night", spy)
    return given


def test_the_replay_orders_the_night_under_the_rulings_it_is_given(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Night 2 follows day 2's voting; the non-voters' place is a ruling
    (open-roles.nonvoter-order). Replayed under either option, the night gets that option's
    order (it used to be counted under the default whatever the replay was asked)."""
    log = _log("or-24-nonvoters-reverse.yaml")  # rulings: nonvoter-vote=none
    for slot in log.players:
        slot.role = "judge"
    log.nights.append(NightLog(number=2))
    given = _orders_given(monkeypatch)
    replay_game(log)
    replay_game(log, {"open-roles.nonvoter-order": "same"})
    replay_game(log, {"open-roles.nonvoter-order": "reverse"})
    night_one = ["B", "D", "F", "A", "C", "E"]  # the log's own order of night 1
    assert given == [night_one, ["E", "C", "F", "D", "B"], night_one, ["E", "C", "B", "D", "F"],
                     night_one, ["E", "C", "F", "D", "B"]]
    same = Replay(log, {"open-roles.nonvoter-order": "same"})
    assert order_from_log(log, 2, same) == ["E", "C", "B", "D", "F"]


def test_the_replay_refuses_a_ruling_the_rule_set_has_not() -> None:
    """As `count_day` does: a night replayed under a ruling that does not exist (or an
    option it has not) would say nothing of the reading asked for."""
    log = _log("or-24-nonvoters-reverse.yaml")
    for slot in log.players:
        slot.role = "judge"
    log.nights.append(NightLog(number=2))
    with pytest.raises(RulingError, match=re.escape("ruling 'open-roles.no-such-point': rule "
                                                    "set 'open-roles' has no such ruling")):
        replay_game(log, {"open-roles.no-such-point": "x"})
    with pytest.raises(RulingError, match="the options are"):
        replay_game(log, {"open-roles.nonvoter-order": "sideways"})
    with pytest.raises(RulingError, match="has no such ruling"):
        count_day(log, 2, {"open-roles.no-such-point": "x"})
    # a key of another rule set is no reading of this game: an error naming it, not a
    # reading silently left out (issue 23)
    with pytest.raises(RulingError, match=re.escape("'mafiascum.deadline': a ruling of rule "
                                                    "set 'mafiascum'")):
        replay_game(log, {"mafiascum.deadline": "plurality"})
