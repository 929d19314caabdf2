"""Where a day starts (scrapers.phases), on small made-up threads: a day cannot start after
the first GM vote count that lists its votes; "It is now Day N" in the post that ends the day
before starts day N; a lynch announcement is never a dawn; a count of day N with no votes yet
opens it; a lynch announced right after the final count, with the game's end, ends the game.
Each rule is checked both ways: what it changes, and the near case it leaves alone."""

from __future__ import annotations

import html

from engine.gamelog import GameLog, Post
from scrapers.phases import detect_day_starts, detect_phases, post_signals
from tests.scrapers.phase_threads import bounds, thread

GM = "Narrator"


def _log(*posts: tuple[str, str]) -> GameLog:
    return thread(GM, *posts)


_bounds = bounds


def _starts(log: GameLog, ends: list[int | None]) -> list[int | None]:
    return [s.post if s else None for s in detect_day_starts(log.posts, ends)]


def _signals(text: str) -> list[tuple[str, int | None, str]]:
    post = Post(number=7, author=GM, gm=True, text=text, html=html.escape(text))
    return [(s.kind, s.number, s.rule.name) for s in post_signals(post)]


# A day 1 that ends at post 4, and the GM's morning of day 2 in words no rule knows.
_DAY_ONE = (
    (GM, "Day 1 has begun!"),
    ("Quill", "VOTE: Ember"),
    ("Moss", "VOTE: Ember"),
    ("Tansy", "VOTE: Ember"),
    (GM, "Ember has been lynched. Ember was a Vanilla Townie.\nNight 1 begins."),
    (GM, "The village gathers in the square once more, eyeing one another."),  # 5: day 2
    ("Quill", "VOTE: Moss"),
    ("Tansy", "VOTE: Moss"),
)
_RUNNING_COUNT = ("Vote Count\nMoss (2) - Quill, Tansy\nQuill (0)\n"
                  "Not voting (2): Moss, Wren\nWith 5 alive, it takes 3 to lynch.")


# --- a running vote count bounds the day's start -------------------------------------------


def test_a_running_count_is_read_as_the_day_under_way() -> None:
    assert _signals(_RUNNING_COUNT) == [("in-day", None, "vote count with votes")]
    # the same count closing a day is that day's last count, not a sign of a new day
    closing = _RUNNING_COUNT + "\nDeadline has passed. Nobody was lynched. Night 2 begins."
    assert ("in-day", None, "vote count with votes") not in _signals(closing)
    # a count with nobody voting yet opens a day, as before
    empty = "Vote Count\nMoss (0)\nQuill (0)\nNot voting (4): Moss, Quill, Tansy, Wren"
    assert _signals(empty) == [("day-start", None, "vote count with no votes")]


def test_a_day_kill_after_the_days_count_is_not_its_start() -> None:
    log = _log(*_DAY_ONE,
               (GM, _RUNNING_COUNT),  # 8
               ("Moss", "I am the cop, Tansy is scum"),
               (GM, "Wren was shot by the vigilante. Wren has died."),  # 10: "has died"
               ("Quill", "VOTE: Tansy"),
               (GM, "Tansy has been lynched. Night 2 begins."))  # 12
    assert _starts(log, [4, 12]) == [0, None]  # day 2 runs from the end of day 1
    phases, _ = detect_phases(log)
    assert _bounds(phases) == {"D1": (0, 4), "N1": (4, None), "D2": (None, 12), "N2": (12, None)}


def test_without_the_count_the_day_kill_is_still_taken() -> None:
    # the other way: no count lists day 2's votes, so nothing bounds the start; the weak
    # "has died" is the only start the GM's words give (as before this rule)
    log = _log(*_DAY_ONE,
               ("Moss", "I am the cop, Tansy is scum"),
               (GM, "Wren was shot by the vigilante. Wren has died."),  # 9
               ("Quill", "VOTE: Tansy"),
               (GM, "Tansy has been lynched. Night 2 begins."))  # 11
    assert _starts(log, [4, 11]) == [0, 9]


def test_a_day_n_reminder_after_the_days_count_is_not_its_start() -> None:
    log = _log(*_DAY_ONE,
               (GM, _RUNNING_COUNT),  # 8
               (GM, "Reminder: Day 2 has begun and the deadline is Friday."),  # 9
               ("Quill", "VOTE: Tansy"),
               (GM, "Tansy has been lynched. Night 2 begins."))  # 11
    assert _starts(log, [4, 11]) == [0, None]
    # the same reminder before any count is the start
    early = _log(*_DAY_ONE[:6],
                 (GM, "Reminder: Day 2 has begun and the deadline is Friday."),  # 6
                 ("Quill", "VOTE: Tansy"),
                 (GM, "Tansy has been lynched. Night 2 begins."))  # 8
    assert _starts(early, [4, 8]) == [0, 6]


def test_a_count_of_the_day_before_does_not_bound_the_start() -> None:
    # a late recap of day 1's final count (it names the lynch) after day 1's recorded end
    log = _log(*_DAY_ONE[:5],
               (GM, "Vote Count\nEmber (3) - Quill, Moss, Tansy\nNot voting (1): Wren\n"
                    "Ember has been lynched."),  # 5
               (GM, "Day 2 has begun!"),  # 6
               ("Quill", "VOTE: Moss"),
               (GM, "Moss has been lynched. Night 2 begins."))  # 8
    assert _starts(log, [4, 8]) == [0, 6]


def test_a_count_listing_votes_is_not_the_start_even_numbered_zero() -> None:
    # "Vote Count 2.0" that already lists a vote: the day began before it
    log = _log(*_DAY_ONE[:7],
               (GM, "Vote Count 2.0\nMoss (1) - Quill\nNot voting (3): Moss, Tansy, Wren"),  # 7
               ("Tansy", "VOTE: Moss"),
               (GM, "Moss has been lynched. Night 2 begins."))  # 9
    assert _starts(log, [4, 9]) == [0, None]
    empty = _log(*_DAY_ONE[:5],
                 (GM, "Vote Count 2.0\nMoss (0)\nNot voting (4): Moss, Quill, Tansy, Wren"),
                 ("Tansy", "VOTE: Moss"),
                 (GM, "Moss has been lynched. Night 2 begins."))  # 7
    assert _starts(empty, [4, 7]) == [0, 5]


# --- "It is now Day N" in the post that ends the day before --------------------------------


def test_day_n_announced_before_the_lynch_in_the_end_post() -> None:
    log = _log((GM, "Day 1 has begun!"),
               ("Quill", "VOTE: Ember"),
               (GM, "It is now Day 2! First the news: Ember has been lynched, a Goon. "
                    "Wren was killed in the night."),  # 2: ends day 1, starts day 2
               ("Moss", "VOTE: Tansy"),
               (GM, "Tansy has been lynched. Night 2 begins."))  # 4
    assert _starts(log, [2, 4]) == [0, 2]
    phases, _ = detect_phases(log)
    assert _bounds(phases)["D1"] == (0, 2)
    assert _bounds(phases)["D2"] == (2, 4)


def test_another_days_number_in_the_end_post_starts_nothing() -> None:
    log = _log((GM, "Day 1 has begun!"),
               ("Quill", "VOTE: Ember"),
               (GM, "It is now Day 3 in the other game I run. Here: Ember has been lynched. "
                    "Night 1 begins."),  # 2
               (GM, "Day 2 has begun."),  # 3
               ("Moss", "VOTE: Tansy"),
               (GM, "Tansy has been lynched. Night 2 begins."))  # 5
    assert _starts(log, [2, 5]) == [0, 3]


def test_day_n_in_a_recorded_end_post_with_no_end_words() -> None:
    # the record ends day 1 at a GM post the rules read no end in, which says Day 2 begins
    log = _log((GM, "Day 1 has begun!"),
               ("Quill", "VOTE: Ember"),
               (GM, "Ember: Goon. Night was quiet. It is now Day 2."),  # 2
               ("Moss", "VOTE: Tansy"),
               (GM, "Tansy has been lynched. Night 2 begins."))  # 4
    assert _starts(log, [2, 4]) == [0, 2]


# --- a lynch announcement is never a dawn --------------------------------------------------


def _after_final_count(lynch_post: str) -> GameLog:
    return _log((GM, "Day 1 has begun!"),
                ("Quill", "VOTE: Ember"),
                (GM, "Vote Count 1.final\nEmber (3) - Quill, Moss, Tansy"),  # 2: recorded end
                (GM, lynch_post),  # 3
                (GM, "Dawn breaks over the village. Wren was found dead."),  # 4
                ("Moss", "VOTE: Tansy"),
                (GM, "Tansy has been lynched. Night 2 begins."))  # 6


def test_the_lynched_players_death_is_not_the_next_dawn() -> None:
    for lynch in ("Ember has been lynched. Ember has died; she was a Goon.",
                  "At sunrise the mob gathered, and Ember was hanged."):
        log = _after_final_count(lynch)
        assert _starts(log, [2, 6]) == [0, 4], lynch
        phases, _ = detect_phases(log)
        assert _bounds(phases)["D2"] == (4, 6), lynch


def test_a_dawn_after_the_night_in_the_lynch_post_stands() -> None:
    log = _after_final_count("Ember has been lynched. Night falls... "
                             "Morning comes: Wren was found dead.")
    assert _starts(log, [2, 6]) == [0, 3]


def test_a_morning_flip_of_the_nights_dead_is_a_dawn() -> None:
    # "X, Role, is dead" flips the night's dead too: no lynch is announced here
    log = _after_final_count("Wren, Vanilla Townie, is dead. The sun rises on a grim village.")
    assert _starts(log, [2, 6]) == [0, 3]


# --- a count of day N with no votes yet opens it -------------------------------------------


def test_an_empty_count_of_the_day_opens_it() -> None:
    empty = "First Votecount of Day 2\nMoss (0):\nQuill (0):\nPlayers not voting: everyone"
    log = _log(*_DAY_ONE[:5], (GM, empty), ("Quill", "VOTE: Moss"),
               (GM, "Moss has been lynched. Night 2 begins."))  # 7
    assert _starts(log, [4, 7]) == [0, 5]
    # a later count of the day after every vote was withdrawn does not open it
    later = "Vote Count 2.3\nMoss (0):\nQuill (0):\nPlayers not voting: everyone"
    log = _log(*_DAY_ONE[:5], (GM, later), ("Quill", "VOTE: Moss"),
               (GM, "Moss has been lynched. Night 2 begins."))
    assert _starts(log, [4, 7]) == [0, None]


# --- the game ends with a lynch announced after the final count ----------------------------


def test_a_win_announced_right_after_the_final_count_ends_the_game() -> None:
    log = _log((GM, "Day 1 has begun!"),
               ("Quill", "VOTE: Ember"),
               (GM, "Vote Count 1.final\nEmber (3) - Quill, Moss, Tansy [LYNCH]"),  # 2
               (GM, "A lynch has been reached! Ember has died. She was the last Goon: "
                    "town wins!"),  # 3
               ("Moss", "gg"))
    phases, issues = detect_phases(log)
    assert _bounds(phases) == {"D1": (0, 2)}
    assert issues == []


def test_a_win_after_the_night_still_has_the_night() -> None:
    # the thread is locked at night: no player posts between the end and the morning
    log = _log((GM, "Day 1 has begun!"),
               ("Quill", "VOTE: Ember"),
               (GM, "Vote Count 1.final\nEmber (3) - Quill, Moss, Tansy [LYNCH]"),  # 2
               (GM, "Ember has been lynched. Night 1 begins."),  # 3
               (GM, "Wren was found dead. Mafia wins!"),  # 4
               ("Moss", "gg"))
    phases, _ = detect_phases(log)
    assert _bounds(phases) == {"D1": (0, 2), "N1": (2, 4)}
