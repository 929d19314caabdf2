"""world-cup-2018 (seed 001): the day's close time, the role and gift vocabulary, the
rulings' citations."""

from __future__ import annotations

from datetime import datetime

import pytest

from engine.day import count_rules
from engine.gamelog import Boundary, GameLog, Meta, Occupant, Phase, Post, Slot
from engine.gamelog.phases import BoundarySource
from engine.rulesets import get_ruleset
from engine.rulesets.world_cup_2018.day import MSK, close_time, late_from
from engine.rulesets.world_cup_2018.vocab import FACTIONS, GIFTS, ROLES, SEED, gift_id, role_id
from scrapers.rulesets import scraper_ruleset
from tests.engine.day_cases import CASES, build_log, load_case


def _log(end_time: str | None = None, source: BoundarySource = "manual",
         post_times: tuple[str, ...] = ()) -> GameLog:
    posts = [Post(number=i, author="A", slot="A", html="", text="",
                  time=datetime.fromisoformat(t)) for i, t in enumerate(post_times, start=1)]
    end = Boundary(post=len(posts) + 1, source=source,
                   time=datetime.fromisoformat(end_time) if end_time else None)
    return GameLog(meta=Meta(title="t", ruleset="world-cup-2018"),
                   players=[Slot(id="A", occupants=[Occupant(nick="A")])], posts=posts,
                   phases=[Phase(kind="day", number=1,
                                 start=Boundary(post=0, source="manual"), end=end)])


def _msk(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=MSK)


def test_close_recorded_as_the_deadline() -> None:
    log = _log("2018-06-20T21:00:00+03:00", "deadline")
    assert close_time(log, 1) == _msk("2018-06-20T21:00:00")


def test_close_from_the_gms_closing_post_is_21_00_that_date() -> None:
    """A GM's closing post is written after the close: the close is 21:00 of its date."""
    log = _log("2018-06-20T22:10:00+03:00", "gm-post")
    assert close_time(log, 1) == _msk("2018-06-20T21:00:00")


def test_close_from_the_last_post_of_the_day() -> None:
    log = _log(post_times=("2018-06-19T20:40:00Z", "2018-06-20T17:55:00Z"))
    assert close_time(log, 1) == _msk("2018-06-20T21:00:00")


def test_close_date_is_the_moscow_date() -> None:
    """00:30 in Moscow is still the previous evening in UTC: the Moscow date counts."""
    log = _log(post_times=("2018-06-19T21:30:00Z",))
    assert close_time(log, 1) == _msk("2018-06-20T21:00:00")


def test_close_unknown_without_times() -> None:
    assert close_time(_log(), 1) is None


def test_half_votes_start_30_minutes_before_the_close() -> None:
    assert late_from(_msk("2018-06-20T21:00:00")) == _msk("2018-06-20T20:30:00")


@pytest.mark.parametrize(("text", "rid"), [
    ("mayor", "mayor"), ("Президент ФИФА", "mayor"), ("Мэр", "mayor"),
    ("Президент ФИФА (Мэр)", "mayor"), ("Глава Комитета (Шериф)", "sheriff"),
    ("Допинг-офицер (Некромант)", "necromancer"), ("зомби", "zombie"),
    ("Главный «грязный»", "dirty-boss"), ("Безумная Фея", "fairy"),
    ("Главный тренер (Священник)", "priest"), ("Priest (head coach)", "priest"),
    ("Town Doublevoter", None), (None, None),
])
def test_role_names(text: str | None, rid: str | None) -> None:
    assert role_id(text) == rid


@pytest.mark.parametrize(("text", "gid"), [
    ("черная метка", "black-mark"), ("Чёрная метка", "black-mark"), ("Диплом", "diploma"),
    ("diploma", "diploma"), ("пирожок", None), (3, None),
])
def test_gift_names(text: object, gid: str | None) -> None:
    assert gift_id(text) == gid


def test_tables() -> None:
    assert len({r.id for r in ROLES}) == len(ROLES)
    assert all(r.faction in FACTIONS for r in ROLES)
    assert {g.id for g in GIFTS} >= {"black-mark", "diploma"}
    assert {r.id for r in ROLES} >= {"mayor", "fairy", "priest", "necromancer", "zombie"}


def test_rulings_cite_the_seed() -> None:
    rs = get_ruleset("world-cup-2018")
    case = load_case(CASES / "world-cup-2018" / "day" / "wc-01-plurality.yaml")
    assert count_rules(build_log(case), 1).decision == "plurality"
    assert scraper_ruleset(rs.id).grammar.id == "world-cup-2018"
    assert not rs.day.self_vote
    assert rs.day.edited_vote_void
    for ruling in rs.rulings:
        assert ruling.clause.startswith(SEED), ruling.key
