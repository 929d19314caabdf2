"""End to end on a saved Russian phpBB 3 thread of a contested-island game: three pages
scraped, every day counted, the stable part of `mafiakit votes --format json` compared with
the hand-worked tests/scrapers/fixtures/threads/contested-island/expected.json (its README
says what each post exercises)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.day import count_day, days_of
from engine.gamelog import GameLog
from scrapers.scrape import scrape
from tests.scrapers.thread_days import pinned_day
from toolkit.daycount import votes_json

FOLDER = Path(__file__).parent / "fixtures" / "threads" / "contested-island"


@cache
def _log() -> GameLog:
    return scrape([FOLDER], ruleset="contested-island", timezone="Europe/Moscow")


def _stable(day: dict[str, Any]) -> dict[str, Any]:
    return pinned_day(day, raw=True)


def _days() -> dict[int, dict[str, Any]]:
    log = _log()
    out = votes_json(log, [count_day(log, d) for d in days_of(log)])
    return {d["day"]: _stable(d) for d in out["days"]}


def _expected() -> dict[int, dict[str, Any]]:
    data = json.loads((FOLDER / "expected.json").read_text(encoding="utf-8"))
    return {d["day"]: d for d in data["days"]}


def test_posts_and_gm() -> None:
    log = _log()
    assert len(log.posts) == 30
    assert [p.number for p in log.posts] == list(range(1, 31))
    assert log.meta.gms == ["Кракен"]
    assert [p.number for p in log.posts if p.gm] == [1, 2, 18, 20, 21, 30]
    assert log.meta.engine is not None
    assert log.meta.engine.startswith("phpbb")
    edited = [p for p in log.posts if p.edit is not None]
    assert [(p.number, p.edit.editor if p.edit else None) for p in edited] == [
        (7, "Uranium235")]


def test_slots_from_the_opening_post() -> None:
    log = _log()
    assert [(s.number, s.ingame_name, s.nicks) for s in log.players] == [
        (1, "Ангилья", ["Gekasan_RU"]), (2, "Бора-Бора", ["Heroist"]), (3, "Ямайка", ["Dagr"]),
        (4, "Аруба", ["Uranium235"]), (5, "Куба", ["Гур"]), (6, "Мальта", ["Мент"]),
        (7, "Корсика", ["Alexeagle"]), (8, "Фиджи", ["WishmasteR"]),
        (9, "Мальдивы", ["Last_Hero"])]
    assert {p.number: p.slot for p in log.posts if p.number in (3, 4, 22)} == {
        3: "Бора-Бора", 4: "Куба", 22: "Куба"}


def test_phase_boundaries() -> None:
    log = _log()
    got = [(p.key, p.start.post if p.start else None, p.end.post if p.end else None)
           for p in log.phases]
    assert got == [("D1", 2, 18), ("N1", 18, 21), ("D2", 21, 30), ("N2", 30, None)]


def test_day_1() -> None:
    assert _days()[1] == _expected()[1]


def test_day_2() -> None:
    # the deaths read from the GM's posts («казнена Ямайка», «была убита Аруба») make the
    # vote for dead Ямайка at post 22 a dead-target mark
    assert _days()[2] == _expected()[2]
