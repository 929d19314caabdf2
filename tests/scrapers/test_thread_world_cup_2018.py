"""End to end under world-cup-2018 (seed 001_221c34118e616beb.txt): a saved uCoz thread
(windows-1251, three pages) scraped, its days counted and compared with the expectation
worked out by hand from the rules (fixtures/threads/world-cup-2018/README.md says what each
post tests)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from engine.gamelog import Fate, GameLog, SourceRef
from scrapers.scrape import scrape
from tests.scrapers.thread_days import pinned_day
from toolkit.daycount import count_all, votes_json

FOLDER = Path(__file__).parent / "fixtures" / "threads" / "world-cup-2018"
MSK = ZoneInfo("Europe/Moscow")
# slot id (the in-game name) -> nick, in the order of the GM's list
SLOTS = {"Акинфеев": "Вратарь", "Черышев": "Денис_77", "Головин": "Саня", "Смолов": "Федя",
         "Жирков": "Ветеран", "Кузяев": "Далер", "Игнашевич": "Игнат", "Фернандес": "Марио"}
# the deaths the GM announces: jailed at the close of day 1 (post 16), killed in night 1
# (post 17). The scrape reads them from the GM's posts too (`test_scrape_alone`).
DEATHS = {"Смолов": ("eliminated", "D1", 16), "Акинфеев": ("killed", "N1", 17)}


def _scrape() -> GameLog:
    return scrape([FOLDER], ruleset="world-cup-2018", timezone="Europe/Moscow")


@pytest.fixture(scope="module")
def log() -> GameLog:
    return _scrape()


def _with_deaths(log: GameLog) -> GameLog:
    out = log.model_copy(deep=True)
    for slot in out.players:
        if slot.id in DEATHS:
            kind, phase, post = DEATHS[slot.id]
            slot.fate = Fate(kind=kind, phase=phase, source=SourceRef(kind="post", post=post))
    return out


def _stable(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return [pinned_day(d) for d in doc["days"]]


def _expected() -> list[dict[str, Any]]:
    days: list[dict[str, Any]] = json.loads(
        (FOLDER / "expected.json").read_text(encoding="utf-8"))["days"]
    return days


def test_posts_pages_and_encoding(log: GameLog) -> None:
    assert log.meta.engine == "ucoz-forum"
    assert len(log.meta.sources) == 3
    assert [p.number for p in log.posts] == list(range(1, 29))
    assert log.posts[0].author == "Коллина"
    assert log.meta.gms == ["Коллина"]  # the first poster
    assert "Лужники" in log.posts[1].text  # windows-1251 decoded
    assert log.posts[2].time == datetime(2018, 6, 15, 10, 12, tzinfo=MSK)
    assert [p.number for p in log.posts if p.edit is not None] == [6]
    # uCoz shows avatars: Игнат's posts have none (the avatar rule applies on day 2)
    assert {p.author for p in log.posts if p.avatar is not None and p.avatar.url is None} \
        == {"Игнат"}


def test_slots(log: GameLog) -> None:
    assert [(s.id, s.nicks, s.ingame_name) for s in log.players] == \
        [(name, [nick], name) for name, nick in SLOTS.items()]
    assert all(p.slot is None for p in log.posts if p.gm)


def test_phase_boundaries(log: GameLog) -> None:
    assert [(p.key, p.start.post if p.start else None, p.end.post if p.end else None)
            for p in log.phases] == [("D1", 2, 16), ("N1", 16, 17), ("D2", 17, 28),
                                     ("N2", 28, None)]


def test_marks_read(log: GameLog) -> None:
    # bold non-red (posts 4, 20), the engine's bold «Добавлено» (20) and Игнат's red
    # signature «Вперёд, Россия!» are not vote marks at all
    assert sorted({v.post for v in log.votes}) == [1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
                                                   14, 15, 18, 19, 20, 21, 22, 23, 24, 25,
                                                   26, 27]
    assert [v.post for v in log.votes if "Россия" in v.raw] == []
    phone = next(v for v in log.votes if v.post == 11)
    assert (phone.voter, phone.target, phone.counts) == ("Черышев", "Смолов", True)
    unvote = next(v for v in log.votes if v.post == 25)
    assert (unvote.voter, unvote.special, unvote.counts) == ("Игнашевич", "unvote", True)


def test_days_match_expected(log: GameLog) -> None:
    counted = _with_deaths(log)
    assert _stable(votes_json(counted, count_all(counted))) == _expected()


def test_scrape_alone(log: GameLog) -> None:
    assert _stable(votes_json(log, count_all(log))) == _expected()
