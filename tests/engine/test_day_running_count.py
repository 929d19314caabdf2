"""The running count as of a post (`DayResult.tally_at`, `alive_at`), which `mafiakit votes
--at-post` shows: each standing vote with the weight it was counted with, the living after
a death mid-day, in post order."""

from __future__ import annotations

from typing import Any

from engine.day import Ballot, DayResult, DayWindow, TallyLine
from engine.day.standing import CountRules, count_standing
from engine.day.window import Departure

ALIVE = ["a", "b", "c", "d", "e", "f", "g"]


def _count(ballots: list[Ballot], departures: list[Departure], **rules: Any) -> DayResult:
    return count_standing(DayWindow(day=1, start=0, end=20, before=-1, after=None), ALIVE,
                          ballots, departures, [], [],
                          CountRules(**rules))


def test_weights_voters_and_the_living_as_of_each_post() -> None:
    ballots = [Ballot(post=1, voter="a", raw="vote b", target="b"),
               Ballot(post=2, voter="c", raw="vote b", target="b"),
               Ballot(post=4, voter="e", raw="vote c", target="c"),
               Ballot(post=5, voter="a", raw="vote c", target="c")]
    result = _count(ballots, [Departure("g", 3, "killed", "g is shot")],
                    weight=lambda b: 2.0 if b.voter == "c" else 1.0)
    assert result.alive_at(0) is None  # nothing happened yet: the day's start
    assert result.tally_at(1) == [TallyLine("b", 1.0, ("a",))]
    assert result.tally_at(2) == [TallyLine("b", 3.0, ("a", "c"))]
    assert (result.alive_at(2), result.alive_at(3), result.alive_at(19)) == (7, 6, 6)
    # equal counts: the target that got there first (its latest vote standing) leads
    assert result.tally_at(5) == [TallyLine("b", 2.0, ("c",)), TallyLine("c", 2.0, ("e", "a"))]
    assert result.tally_at(4)[0] == TallyLine("b", 3.0, ("a", "c"))
