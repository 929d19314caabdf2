"""Newspaper facts that change a slot for the days after (engine.gamelog.record): the
hand-written island-16 game with its slot changes taken away gets back the ones the
published facts carry."""

from __future__ import annotations

from pathlib import Path

from engine.gamelog import Fate, GameLog
from engine.gamelog.record import record_changes, record_fates

GAME = Path(__file__).parent / "games" / "island-16.json"


def _bare() -> GameLog:
    log = GameLog.model_validate_json(GAME.read_text(encoding="utf-8"))
    for slot in log.players:
        slot.changes = []
    return log


def _changes(log: GameLog) -> dict[str, list[tuple[str, str, str | None, object]]]:
    return {s.id: [(c.phase, c.kind, c.faction, c.details) for c in s.changes]
            for s in log.players if s.changes}


def test_facts_become_slot_changes() -> None:
    log = _bare()
    record_changes(log)
    got = _changes(log)
    assert got["Nusa Lembongan"] == [("N2", "resurrected", None, {})]
    # the recruiter's move names what the recruit gets: Fiji votes double from day 3
    assert got["Fiji"] == [("N2", "recruited", "order-of-li",
                            {"actions": ["block", "physical-attack"],
                             "features": ["double-vote", "physical-protection"]})]
    assert ("N2", "infected", None, {}) in got["Lofoten Islands"]
    assert set(got) == {"Nusa Lembongan", "Fiji", "Lofoten Islands", "Aruba", "Jamaica"}


def test_each_change_once() -> None:
    log = _bare()
    record_changes(log)
    record_changes(log)
    assert sum(len(s.changes) for s in log.players) == 5


def test_a_recruitment_without_its_move_keeps_no_details() -> None:
    log = _bare()
    log.nights = [n.model_copy(update={"actions": [a for a in n.actions if "Fiji" not in
                                                   a.targets]}) for n in log.nights]
    record_changes(log)
    assert _changes(log)["Fiji"] == [("N2", "recruited", None, {})]


def test_fates_from_the_published_record() -> None:
    """The last death announced and not undone, else survived once the end is published."""
    log = _bare()
    for slot in log.players:
        slot.fate = Fate(kind="unknown")
    record_changes(log)
    record_fates(log)
    fates = {s.id: (s.fate.kind, s.fate.phase) for s in log.players}
    # killed night 1, back night 2, executed day 3: the execution is the fate
    assert fates["Nusa Lembongan"] == ("eliminated", "D3")
    assert fates["Malta"] == ("killed", "N6")
    assert fates["Bora-Bora"] == ("survived", None)  # the survivors won
    assert log.published.victory is not None
    log.published.victory.winners = ["maniac"]
    log.players[1].fate = Fate(kind="unknown")
    record_fates(log)
    assert log.players[1].id == "Bora-Bora"
    assert log.players[1].fate.kind == "endgamed"  # alive when another side won
    log.published.victory = None
    for slot in log.players:
        slot.fate = Fate(kind="unknown")
    record_fates(log)
    assert {s.fate.kind for s in log.players if s.id in ("Bora-Bora", "Anguilla")} == {
        "unknown", "eliminated"}
