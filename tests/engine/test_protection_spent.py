"""A one-time protection from execution, used on one day, is gone the next: the re-count of
the earlier day says so even when the log records no change (seed 000: Jen Li's "one-time
protection either from physical attack or execution")."""

from __future__ import annotations

from engine.day import count_day
from engine.gamelog import load
from engine.verify import verify
from tests.conftest import SAMPLE


def test_day_one_spares_jen_li_and_day_two_executes_her() -> None:
    log = load(SAMPLE)
    corsica = next(s.id for s in log.players if s.ingame_name == "Корсика")
    d1 = count_day(log, 1)
    assert d1.eliminated is None
    assert [e.subject for e in d1.events if e.kind == "spared"] == [corsica]
    d2 = count_day(log, 2)
    assert d2.eliminated == corsica
    assert not [e for e in d2.events if e.kind == "spared"]


def test_verify_confirms_the_gms_days_and_night() -> None:
    report = verify(load(SAMPLE))
    assert [(f.phase, f.item, f.status) for f in report.findings] == [
        ("D1", "elimination", "unverifiable"), ("D1", "vote count (post 8)", "confirmed"),
        ("N1", "deaths", "confirmed"),
        ("N1", "newspaper: clue (Мальта)", "confirmed"),
        ("N1", "newspaper: psychic-attack (Мальта)", "confirmed"),
        ("N1", "private: Фиджи on Корсика", "confirmed"),
        ("D2", "elimination", "confirmed"), ("D2", "victory", "confirmed")]
