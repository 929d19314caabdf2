"""End to end on a saved Russian mybb.ru thread (windows-1251) of an «Открытые роли» game:
three pages scraped, every day counted, the stable part of `mafiakit votes --format json`
(with the next night's order) compared with the hand-worked
tests/scrapers/fixtures/threads/open-roles/expected.json (its README says what each post
exercises).

Day 2 needs the deaths the GM announced (post 17: «Посажена Лиса», post 21: «Этой ночью убит
Филин»), which the scrape reads from the GM's posts."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from engine.day import count_day, days_of
from engine.gamelog import GameLog, Post
from scrapers.names.keys import fold
from scrapers.roster import roster_from_post
from scrapers.scrape import scrape
from tests.scrapers.thread_days import pinned_day
from toolkit.daycount import votes_json

FOLDER = Path(__file__).parent / "fixtures" / "threads" / "open-roles"
NICKS = ["Филин", "Сова", "Барсук", "Лиса", "Бобр", "Куница", "Выдра", "Дятел", "Ёжик", "Рысь"]
ROLES = ["Врач", "Водитель", "Сводчик", "Пукальщик", "Зануда", "Телохранитель", "Ведьма",
         "Самурай", "Преследователь", "Бронежилет"]


@cache
def _scraped() -> GameLog:
    return scrape([FOLDER], ruleset="open-roles", timezone="Europe/Moscow")


def _stable(day: dict[str, Any]) -> dict[str, Any]:
    return pinned_day(day, order=True)


def _days(log: GameLog) -> dict[int, dict[str, Any]]:
    out = votes_json(log, [count_day(log, d) for d in days_of(log)])
    return {d["day"]: _stable(d) for d in out["days"]}


def _expected() -> dict[int, dict[str, Any]]:
    data = json.loads((FOLDER / "expected.json").read_text(encoding="utf-8"))
    return {d["day"]: d for d in data["days"]}


def test_pages_posts_and_gm() -> None:
    log = _scraped()
    assert log.meta.engine == "mybbru"
    assert len(log.meta.sources) == 3
    assert len(log.posts) == 33
    assert [p.number for p in log.posts] == list(range(1, 34))
    assert log.meta.gms == ["Лесник"]
    assert [p.number for p in log.posts if p.gm] == [1, 2, 17, 19, 21, 32]
    assert [(p.number, p.edit.editor if p.edit else None)
            for p in log.posts if p.edit is not None] == [(13, "Выдра"), (32, "Лесник")]
    first = log.posts[0]
    assert first.time is not None
    assert first.time.isoformat() == "2025-03-10T09:00:00+03:00"
    assert "Открытые роли" in first.text  # windows-1251 read as such


def test_slots_from_the_opening_post() -> None:
    log = _scraped()
    assert [(s.id, s.number, s.ingame_name) for s in log.players] == [
        (n, i, None) for i, n in enumerate(NICKS, start=1)]
    assert [s.occupants[0].nick for s in log.players] == NICKS
    gm_posts = {p.number for p in log.posts if p.gm}
    assert all(p.slot == p.author for p in log.posts if p.number not in gm_posts)


def test_phase_boundaries() -> None:
    log = _scraped()
    assert [(p.key, p.start.post if p.start else None, p.end.post if p.end else None)
            for p in log.phases] == [
        ("D1", 2, 17), ("N1", 17, 21), ("D2", 21, 32), ("N2", 32, None)]


def test_every_day_as_worked_out_by_hand() -> None:
    assert _days(_scraped()) == _expected()


def test_deaths_read_from_the_gm_posts() -> None:
    log = _scraped()
    assert [(pub.phase, [(d.slot, d.kind, d.source.post) for d in pub.deaths])
            for pub in log.published.phases] == [
        ("D1", [("Лиса", "eliminated", 17)]), ("N1", [("Филин", "killed", 21)]),
        ("D2", [("Ёжик", "eliminated", 32)])]


@pytest.mark.parametrize("tail", [
    "Очередность по умолчанию — по списку.",  # «<in-game name> - <nick>» in form
    "Куба - Гур",
])
def test_roster_a_numbered_list_ends_at_an_unnumbered_line(tail: str) -> None:
    lines = [f"{i}. {n}, {r}" for i, (n, r) in enumerate(zip(NICKS, ROLES, strict=True), start=1)]
    text = "Игроки и роли:\n\n" + "\n\n".join(lines) + f"\n\n{tail}\n\nГолос жирным."
    roster = roster_from_post(Post(number=1, author="Лесник", html="", text=text, gm=True),
                              {fold(n) for n in NICKS})
    assert roster is not None
    assert [(e.number, e.nick, e.role) for e in roster.entries] == [
        (i, n, r) for i, (n, r) in enumerate(zip(NICKS, ROLES, strict=True), start=1)]
