"""Day ends from a rule set's daily close when the GM does not announce them (seed 001:
«День закрывается в 21:00 по московскому времени»)."""

from __future__ import annotations

from datetime import datetime, time
from zoneinfo import ZoneInfo

from engine.gamelog import Boundary, Phase, Post
from engine.rulesets import get_ruleset
from scrapers.phases.deadlines import close_after, ends_from_close

MSK = ZoneInfo("Europe/Moscow")


def _post(n: int, hh: int, mm: int, day: int = 20) -> Post:
    return Post(number=n, author="x", html="", text="",
                time=datetime(2018, 6, day, hh, mm, tzinfo=MSK))


def test_the_first_close_after_a_moment() -> None:
    at = time(21, 0)
    assert close_after(datetime(2018, 6, 20, 23, 30, tzinfo=MSK), at, MSK) == \
        datetime(2018, 6, 21, 21, 0, tzinfo=MSK)
    assert close_after(datetime(2018, 6, 21, 10, 0, tzinfo=ZoneInfo("UTC")), at, MSK) == \
        datetime(2018, 6, 21, 21, 0, tzinfo=MSK)


def test_an_unannounced_day_end_is_the_last_post_by_21_00_moscow() -> None:
    posts = [_post(1, 23, 30, 19), _post(2, 12, 0), _post(3, 20, 59), _post(4, 21, 5),
             _post(5, 22, 0)]
    phases = [Phase(kind="day", number=1, start=Boundary(post=1, source="gm-post"))]
    issues = ends_from_close(phases, posts, get_ruleset("world-cup-2018").day)
    end = phases[0].end
    assert end is not None
    assert (end.post, end.source) == (3, "deadline")
    assert end.time == datetime(2018, 6, 20, 21, 0, tzinfo=MSK)
    assert end.ref is not None
    assert end.ref.text is not None
    assert "21:00" in end.ref.text
    assert [i.code for i in issues] == ["phase-end-from-deadline"]


def test_an_announced_end_and_rule_sets_without_a_close_are_left_alone() -> None:
    posts = [_post(1, 10, 0), _post(2, 12, 0)]
    announced = [Phase(kind="day", number=1, start=Boundary(post=1, source="gm-post"),
                       end=Boundary(post=2, source="gm-post"))]
    assert ends_from_close(announced, posts, get_ruleset("world-cup-2018").day) == []
    assert announced[0].end is not None
    assert announced[0].end.source == "gm-post"
    open_day = [Phase(kind="day", number=1, start=Boundary(post=1, source="gm-post"))]
    assert ends_from_close(open_day, posts, get_ruleset("mafiascum").day) == []
    assert open_day[0].end is None
