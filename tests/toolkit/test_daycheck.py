"""The re-count scored against the record: a day whose votes are in the data is scored; a
day whose recorded end lies past the last post of the log is listed as not scored, and
counts on neither side of the figure."""

from __future__ import annotations

from engine.gamelog import Boundary, GameLog, PhasePublished, Published, SourceRef
from engine.gamelog.published import Death
from scrapers.votes import extract_votes
from tests.scrapers.votes_game import day_one
from toolkit.daycheck import agreement, agreement_all, check_days, miss_table, unscored

PLAYERS = [("Ann", "Ann", None), ("Bea", "Bea", None), ("Cid", "Cid", None)]
VOTES = [("Ann", "<b>vote Cid</b>"), ("Bea", "<b>vote Cid</b>"), ("Cid", "talk")]


def _game(end: int, lynched: str) -> GameLog:
    log = day_one("mafiascum", PLAYERS, VOTES, gm="Mod", opening="rules")
    log.phases[0].end = Boundary(post=end, source="manual")
    log.published = Published(phases=[PhasePublished(
        phase="D1", deaths=[Death(slot=lynched, kind="eliminated",
                                        source=SourceRef(kind="manual"))])])

    log.votes = extract_votes(log)
    return log


def test_a_day_inside_the_data_is_scored_both_ways() -> None:
    right = check_days(_game(3, "Cid"))
    assert [(c.day, c.agrees, c.unscored) for c in right] == [(1, True, None)]
    assert agreement(right) == (1, 1)
    wrong = check_days(_game(3, "Bea"))
    assert agreement(wrong) == (0, 1)
    assert "Bea" in miss_table(wrong)
    assert "not scored" not in miss_table(wrong)


def test_a_day_ending_past_the_last_post_is_not_scored_but_listed() -> None:
    checks = check_days(_game(9, "Bea"))
    assert agreement(checks) == (0, 0)
    [apart] = unscored(checks)
    assert apart.day == 1
    assert not apart.agrees
    assert apart.unscored is not None
    assert "post 9" in apart.unscored
    assert "stop at 3" in apart.unscored
    table = miss_table(checks)
    assert "not scored (1 days)" in table
    assert "post 9" in table


def test_a_day_without_an_end_and_no_hammer_is_not_scored_but_one_with_a_hammer_is() -> None:
    log = _game(3, "Cid")
    log.phases[0].end = None
    # two of three is the majority: the hammer ends the day without its recorded end
    [hammered] = check_days(log)
    assert hammered.unscored is None
    assert hammered.agrees
    log.votes = [v for v in log.votes if v.author != "Bea"]
    [open_day] = check_days(log)
    assert open_day.unscored is not None
    assert "no count can decide it" in open_day.unscored
    assert agreement([open_day]) == (0, 0)
    assert agreement_all([open_day, hammered]) == (1, 2)
