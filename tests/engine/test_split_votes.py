"""A split voter's two votes in the standing votes a vote count is checked against: one
place per voter, the first vote standing, else the second; the tally lists the voter on
each wagon their votes stand on, once."""

from __future__ import annotations

from engine.day.result import Ballot
from engine.day.standing import CountRules, count_standing
from engine.day.window import DayWindow, Departure

ALIVE = ["A", "B", "C", "D", "E", "F", "G"]


def test_the_second_vote_shows_when_the_first_is_gone() -> None:
    window = DayWindow(day=1, start=0, end=20, before=-1, after=None)
    ballots = [Ballot(post=1, voter="A", raw="Vote: C, D", target="C", weight=1.0),
               Ballot(post=1, voter="A", raw="Vote: C, D", target="D", weight=1.0),
               Ballot(post=2, voter="B", raw="vote D", target="D")]
    rules = CountRules(split_voters=frozenset({"A"}))
    result = count_standing(window, ALIVE, ballots,
                            [Departure(slot="C", post=3, kind="killed", text="day-killed")],
                            [], [], rules)
    assert result.standing_at(2) == {"A": ("C", 1), "B": ("D", 2)}
    # C leaves: A's vote on C goes, the one on D stays and is A's place now
    assert result.standing_at(3) == {"A": ("D", 1), "B": ("D", 2)}
    assert [(t.target, t.votes, t.voters) for t in result.tally] == [("D", 2.0, ("A", "B"))]


def test_both_votes_on_one_wagon_list_the_voter_once() -> None:
    window = DayWindow(day=1, start=0, end=20, before=-1, after=None)
    ballots = [Ballot(post=1, voter="A", raw="Vote: C x2", target="C", weight=2.0)]
    result = count_standing(window, ALIVE, ballots, [], [], [],
                            CountRules(split_voters=frozenset({"A"})))
    assert [(t.target, t.votes, t.voters) for t in result.tally] == [("C", 2.0, ("A",))]
    assert result.standing_at(1) == {"A": ("C", 1)}
