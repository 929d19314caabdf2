"""The last phase ends at the GM's end of game post (issue 23): a game that ends in the
night ("Game over. Mafia wins!") has no phantom day after it, and the players' talk after
that post is post-game in the views, not posts of a phase."""

from __future__ import annotations

import pytest

from scrapers.phases import detect_phases
from tests.scrapers.phase_threads import bounds, thread
from toolkit.frames import POST_GAME, post_phases

GM = "Mod"


@pytest.mark.parametrize("last", [
    "The game is over. Mafia wins!",
    "Game over! Scum win. Thanks for playing.",
])
def test_a_game_over_in_the_night_ends_the_night_there(last: str) -> None:
    log = thread(GM, (GM, "Day 1 has begun."), ("Alice", "vote bob"),
                 (GM, "Bob was lynched. Night 1 begins."), ("Alice", "gn"),
                 (GM, last), ("Bob", "gg"), ("Alice", "gg wp"))
    phases, issues = detect_phases(log)
    assert bounds(phases) == {"D1": (0, 2), "N1": (2, 4)}
    assert issues == []  # no day 2 whose start was "not found"
    log.phases = phases
    assert [post_phases(log)[n] for n in range(7)] == [
        "D1", "D1", "N1", "N1", "N1", POST_GAME, POST_GAME]


def test_a_lynch_that_ends_the_game_still_ends_its_day() -> None:
    # the day's start was missed; the post that ends it lynches someone: a day, not a night
    log = thread(GM, (GM, "Day 1 has begun."), ("Alice", "vote bob"),
                 (GM, "Bob was lynched. Night 1 begins."), ("Alice", "vote carol"),
                 (GM, "Carol was lynched. Town wins!"), ("Bob", "gg"))
    phases, _ = detect_phases(log)
    assert bounds(phases) == {"D1": (0, 2), "N1": (2, None), "D2": (None, 4)}
    log.phases = phases
    assert post_phases(log)[5] == POST_GAME
