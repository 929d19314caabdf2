"""A ruling the GM's rules state decides for the nights too (issue 23): its other options
are not tried, so a night they would confirm stays disputed."""

from __future__ import annotations

from engine.gamelog import (
    Action,
    GameLog,
    Meta,
    NewspaperFact,
    NightLog,
    Occupant,
    ParseIssue,
    Phase,
    PhasePublished,
    Slot,
    SourceRef,
    Where,
)
from engine.rulesets import get_ruleset
from engine.verify import verify

KEY = "contested-island.stun-vs-unblockable"


def stunned_cover(stated: bool) -> GameLog:
    """Milton covers Levy though Rick stunned him; the GM's paper says Levy was protected,
    which only the a-block reading gives (also tests/engine/test_verify_nights.py); with
    `stated`, the GM's rules post states the default reading."""
    roles = {"K": "rick-morgan", "M": "max-milton", "J": "jen-li", "L": "john-levy"}
    ref = SourceRef(kind="manual", post=5)
    log = GameLog(
        meta=Meta(title="t", ruleset="contested-island"),
        players=[Slot(id=s, occupants=[Occupant(nick=s)], role=r) for s, r in roles.items()],
        phases=[Phase(kind="day", number=1), Phase(kind="night", number=1)],
        nights=[NightLog(number=1, actions=[
            Action(actor="K", ability="stunning-blow", targets=["M"]),
            Action(actor="M", ability="cover", targets=["L"]),
            Action(actor="J", ability="murder", targets=["L"], options={"attack": "physical"}),
        ])])
    log.published.phases.append(PhasePublished(
        phase="N1", newspaper=[NewspaperFact(kind="protected", subject="L", source=ref)]))
    if stated:
        default = get_ruleset("contested-island").ruling(KEY).default
        log.meta.rulings[KEY] = default
        log.issues.append(ParseIssue(severity="info", code="house-rule", where=Where(post=1),
                                     message=f"{KEY}={default}, as the GM's rules state"))
    return log


def test_a_night_turns_on_the_ruling_when_the_gm_stated_none() -> None:
    found = {f.item: f.status for f in verify(stunned_cover(False)).findings if f.phase == "N1"}
    assert found["deaths"] == "ruling-dependent"


def test_a_ruling_the_gm_stated_is_not_tried_and_the_night_is_disputed() -> None:
    found = {f.item: f for f in verify(stunned_cover(True)).findings if f.phase == "N1"}
    assert found["deaths"].status == "disputed"
    assert found["deaths"].by_option == {}
    assert found["newspaper: protected (L)"].status == "disputed"
