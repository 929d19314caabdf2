"""Day and night boundaries from the moderator's posts (scrapers.phases), on small made-up
threads in English (mafiascum wording) and Russian."""

from __future__ import annotations

import html

import pytest

from engine.gamelog import GameLog, Post
from scrapers.phases import detect_day_starts, detect_phases, post_signals
from scrapers.phases.patterns import parse_number
from tests.scrapers.phase_threads import bounds, thread

GM = "Mod"


def _log(*posts: tuple[str, str]) -> GameLog:
    return thread(GM, *posts)


_bounds = bounds


def _kinds(text: str) -> list[tuple[str, int | None]]:
    post = Post(number=5, author=GM, gm=True, text=text, html=html.escape(text))
    return [(s.kind, s.number) for s in post_signals(post)]


# --- a whole game -------------------------------------------------------------------------


def test_english_game_days_and_nights() -> None:
    log = _log(
        (GM, "Welcome to Mini 1234!\nDay 1 has begun (post 2)\nDay 2 has begun (post 9)\n"
             "Alice, Vanilla Townie, lynched Day 1\nBob has been lynched."),  # edited all game
        (GM, "Rules: if a majority is reached, the player is lynched. Night falls at once."),
        ("Alice", "hi"),
        (GM, "Day 1 has begun! With 5 alive it takes 3 to lynch."),
        ("Alice", "VOTE: Bob"),
        (GM, "Vote Count 1.1\nBob (1) - Alice\nNot voting (4) - Bob, Carol, Dave, Eve"),
        ("Carol", "VOTE: Bob"),
        (GM, "Vote Count 1.final\nBob (3) - Alice, Carol, Dave\n\n"
             "A majority has been reached. Bob, Vanilla Townie, is dead.\nIt is now Night 1."),
        (GM, "Flavor: the town strung up Bob. He was lynched at dusk."),  # a late flip scene
        (GM, "Dave was killed during the night.\nIt is now Day Two."),
        ("Alice", "vote carol"),
        (GM, "Vote Count 2.2\nCarol (2) - Alice, Eve\nNot Voting (1) - Dave"),
        (GM, "No lynch today: the deadline has passed. Night 2 has begun."),
        (GM, "Nobody died. Day 3 has begun."),
        ("Eve", "vote alice"),
        (GM, "[lynch achieved] Alice has been lynched. Town wins! Game over."),
    )
    phases, issues = detect_phases(log)
    assert [p.key for p in phases] == ["D1", "N1", "D2", "N2", "D3"]
    assert _bounds(phases) == {"D1": (3, 7), "N1": (7, 9), "D2": (9, 12), "N2": (12, 13),
                               "D3": (13, 15)}
    assert issues == []
    d1 = phases[0]
    assert d1.end is not None
    assert d1.end.ref is not None
    assert d1.end.source == "vote-count"
    assert d1.end.ref.kind == "post"
    assert d1.end.ref.post == 7
    assert d1.end.ref.text == "Vote Count 1.final"
    assert d1.end.ref.note == "final vote count"
    assert d1.start is not None
    assert d1.start.source == "gm-post"
    assert d1.start.ref is not None
    assert d1.start.ref.text == "Day 1 has begun"
    d3 = phases[-1]
    assert d3.end is not None
    assert d3.end.source == "hammer"


def test_opening_post_is_never_a_later_boundary() -> None:
    # the opening post lists every day's start and end; only the real announcements count
    log = _log(
        (GM, "Game page\nDay 1 has begun\nDay 1 has ended\nIt is now Night 1\n"
             "Day 2 has begun\nGame over"),
        ("Alice", "confirm"),
        (GM, "Day 1 has begun."),
        ("Bob", "vote alice"),
        (GM, "Alice has been lynched. It is now Night 1."),
        (GM, "It is now Day 2."),
        ("Bob", "hello"),
    )
    phases, issues = detect_phases(log)
    assert _bounds(phases) == {"D1": (2, 4), "N1": (4, 5), "D2": (5, None)}
    assert [i.code for i in issues] == ["phase-not-found"]
    assert issues[0].severity == "warning"
    assert "end of Day 2" in issues[0].message


def test_a_late_day_1_count_is_not_the_start_of_day_1() -> None:
    # the old importer took the first moderator post naming "day 1": here the final count
    log = _log(
        (GM, "Welcome."),
        ("Alice", "hi"),
        (GM, "Role PMs are out. The game will start when all have confirmed."),
        (GM, "Day 1 has begun!"),
        ("Bob", "vote alice"),
        (GM, "Final Day 1 Votecount: Day 1 has ended.\nAlice (3) - Bob, Carol, Dave"),
        (GM, "Alice was lynched. Night 1 begins."),
    )
    phases, _ = detect_phases(log)
    assert _bounds(phases)["D1"] == (3, 5)


def test_night_zero() -> None:
    log = _log(
        (GM, "Setup"),
        ("Alice", "in"),
        (GM, "Night 0 has begun. Send your night actions."),
        (GM, "Nobody died. Day 1 has begun."),
        ("Bob", "vote alice"),
        (GM, "Alice has been lynched. Night 1 has begun."),
        (GM, "Day 2 has begun."),
    )
    phases, _ = detect_phases(log)
    assert [p.key for p in phases] == ["N0", "D1", "N1", "D2"]
    assert _bounds(phases)["N0"] == (2, 3)
    assert _bounds(phases)["D1"] == (3, 5)


def test_announcement_and_next_day_in_one_post() -> None:
    log = _log(
        (GM, "Welcome"),
        ("Alice", "hi"),
        (GM, "Day 1 begins now."),
        ("Bob", "vote carol"),
        (GM, "Carol was lynched. Night passes quietly: Dave was killed. Day 2 begins."),
        ("Bob", "vote eve"),
        (GM, "No one was lynched. It is now night."),
    )
    phases, _ = detect_phases(log)
    # night 2 began at the end and nothing follows: it stays open
    assert _bounds(phases) == {"D1": (2, 4), "N1": (4, 4), "D2": (4, 6), "N2": (6, None)}


def test_unannounced_end_is_inferred_before_the_next_day() -> None:
    log = _log(
        (GM, "Welcome"),
        ("Alice", "hi"),
        (GM, "Day 1 has begun."),
        ("Bob", "vote carol"),
        (GM, "Flip: Carol was the cop. Sorry for the delay."),
        (GM, "Nobody died. Day 2 has begun."),
    )
    phases, _ = detect_phases(log)
    d1 = phases[0]
    assert d1.end is not None
    assert d1.end.post == 4
    assert d1.end.source == "inferred"
    assert d1.end.ref is not None
    assert d1.end.ref.note is not None
    assert "day 2 began" in d1.end.ref.note


def test_vote_count_at_the_majority_ends_the_day() -> None:
    log = _log(
        (GM, "Welcome"),
        ("Alice", "hi"),
        (GM, "Day 1 has begun."),
        ("Bob", "vote fatcat"),
        (GM, "VC 1.16\n\n(5) FatCat - DLG, Junpei, Psyche, Kublai, farside\n(1) farside - FatCat"
             "\n\nWith 9 alive, it takes 5 to lynch.\n\nNot Voting: Slaxx"),
        ("Carol", "oh no"),
        (GM, "FatCat was lynched. It is now Night 1."),
    )
    phases, _ = detect_phases(log)
    assert phases[0].end is not None
    assert (phases[0].end.post, phases[0].end.source) == (4, "vote-count")


def test_links_name_posts_elsewhere() -> None:
    log = _log((GM, "Welcome"), ("Alice", "hi"), (GM, "Day 1 has begun."))
    link = '<a href="https://forum.mafiascum.net/viewtopic.php?p=1#p1">Final day 1 vote count</a>'
    log.posts.append(Post(number=3, author=GM, gm=True, html=f"Vote count 1.3<br>{link}",
                          text="Vote count 1.3\nFinal day 1 vote count"))
    phases, _ = detect_phases(log)
    assert phases[0].end is None


def test_no_moderator_posts_never_raises() -> None:
    phases, issues = detect_phases(_log(("Alice", "hi"), ("Bob", "vote alice")))
    assert [p.key for p in phases] == ["D1"]
    assert phases[0].start is None
    assert phases[0].end is None
    assert {i.code for i in issues} == {"phase-not-found"}
    phases, issues = detect_phases(_log())
    assert [p.key for p in phases] == ["D1"]


# --- Russian ---------------------------------------------------------------------------------


def test_russian_game() -> None:
    log = _log(
        (GM, "Добро пожаловать! Правила: игрок, набравший большинство голосов, будет казнён."),
        ("Петя", "привет"),
        (GM, "День первый начался! Голосуем."),
        ("Петя", "Голосую против Васи"),
        (GM, "Промежуточные итоги голосования: Вася - 2, Петя - 1."),
        ("Маша", "Голосую против Васи"),
        (GM, "Итоги голосования: Вася казнён. Он был мирным жителем.\nНаступила ночь."),
        (GM, "Приём ходов до 22:00."),
        (GM, "Утро\nЭтой ночью была убита Маша. Наступил второй день."),
        ("Петя", "Голосую против Коли"),
        (GM, "Голосование закрыто. Никто не был казнён.\nНочь 2"),
        (GM, "День 3\nГород просыпается."),
        ("Петя", "Голосую против Коли"),
        (GM, "День окончен. Коля казнена. Игра окончена, победил город!"),
    )
    phases, issues = detect_phases(log)
    assert _bounds(phases) == {"D1": (2, 6), "N1": (6, 8), "D2": (8, 10), "N2": (10, 11),
                               "D3": (11, 13)}
    assert issues == []
    d1 = phases[0]
    assert d1.end is not None
    assert d1.end.ref is not None
    assert d1.end.ref.text == "Итоги голосования"
    assert d1.end.source == "vote-count"


@pytest.mark.parametrize(("text", "expected"), [
    ("День 2", [("day-start", 2)]),
    ("Наступил день", [("day-start", None)]),
    ("Наступил второй день.", [("day-start", 2)]),
    ("День второй начался", [("day-start", 2)]),
    ("Ночь 1", [("night-start", 1)]),
    ("Наступила ночь.", [("night-start", None)]),
    ("Наступила третья ночь", [("night-start", 3)]),
    ("День окончен.", [("day-end", None)]),
    ("Итоги голосования", [("day-end", None)]),
    ("Голосование закрыто", [("day-end", None)]),
    ("Казнена Маша.", [("day-end", None)]),
    ("Утро", [("day-start", None)]),
    ("Начинается приём ходов.", [("night-start", None)]),
    ("Промежуточные итоги голосования", []),
    ("Если никто не наберёт большинства, никто не будет казнён.", []),
    ("Во вторник день начнётся в полдень", []),
])
def test_russian_wording(text: str, expected: list[tuple[str, int | None]]) -> None:
    assert _kinds(text) == expected


# --- English wording ---------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("Day 2 has begun", [("day-start", 2)]),
    ("It is now Day 3.", [("day-start", 3)]),
    ("Day Two has begun", [("day-start", 2)]),
    ("Night 1 has begun", [("night-start", 1)]),
    ("Day 1 has ended", [("day-end", 1)]),
    ("Bob has been lynched.", [("day-end", None)]),
    ("A majority has been reached.", [("day-end", None)]),
    ("[lynch achieved]", [("day-end", None)]),
    ("There has been no lynch.", [("day-end", None)]),
    ("Vote Count 2.0", [("day-start", 2), ("in-day", 2)]),
    ("Vote Count 1.final", [("day-end", 1)]),
    ("Night falls.", [("night-start", None)]),
    ("Dawn breaks over the village.", [("day-start", None)]),
    ("Bob, Vanilla Townie, is dead.", [("day-end", None)]),
    ("It is now night.", [("night-start", None)]),
    ("Night 1 is over.", [("day-start", 2)]),
    ("If a majority is reached, the player is lynched.", []),
    ("Night falls in 24 hours.", []),
    ("Day 2 begins at noon tomorrow.", []),
    ("Deadline for day 2 is 12/3.", []),
])
def test_english_wording(text: str, expected: list[tuple[str, int | None]]) -> None:
    assert _kinds(text) == expected


def test_numbers_as_words() -> None:
    assert parse_number("2") == 2
    assert parse_number("Two") == 2
    assert parse_number("second") == 2
    assert parse_number("второй") == 2
    assert parse_number("вторая") == 2
    assert parse_number("третьего") == 3
    assert parse_number("вторник") is None


def test_a_day_with_two_lynches_ends_with_the_second() -> None:
    log = _log(
        (GM, "Welcome"),
        ("Alice", "hi"),
        (GM, "Day 1 has begun. Day 1 has 2 of 2 lynches available."),
        ("Bob", "vote carol"),
        (GM, "Vote Count 1.3\nCarol (L-0) - Bob, Dave, Eve\nDay 1 has 2 of 2 lynches available."),
        (GM, "Carol was the first lynch of Day 1."),
        ("Bob", "vote dave"),
        (GM, "Vote Count 1.5\nDave (L-0) - Bob, Eve\nDay 1 has 1 of 2 lynches available."),
        (GM, "Dave was the second lynch of Day 1. It is now Night 1."),
    )
    phases, _ = detect_phases(log)
    assert _bounds(phases)["D1"] == (2, 7)


def test_day_starts_between_known_ends() -> None:
    # what the mafiascum importer asks: the ends are known (transitions.tsv), the starts not
    log = _log(
        (GM, "Game page: Day 1 has begun, Day 2 has begun, Day 3 has begun"),
        (GM, "Rules"),
        (GM, "Vote Count 1.0\nNot voting (5): Alice, Bob, Carol, Dave, Eve"),
        ("Alice", "vote bob"),
        (GM, "Day 1 has ended. Vote Count 1.4"),  # a late count naming day 1: not its start
        (GM, "Bob was lynched. Night 1 begins."),
        (GM, "Carol was killed. Day 2 begins."),
        ("Alice", "vote dave"),
        (GM, "Dave was lynched. Night 2. Nobody died. Day 3 begins."),
        ("Eve", "vote alice"),
    )
    posts = log.posts
    starts = detect_day_starts(posts, [5, 8, None])
    assert [s.post if s else None for s in starts] == [2, 6, 8]
    first = starts[0]
    assert first is not None
    assert first.source == "vote-count"
    # an unknown end leaves the next day's start unknown too
    assert detect_day_starts(posts, [5, None, None])[2] is None


def test_game_over_ends_the_last_day_without_a_night() -> None:
    log = _log(
        (GM, "Welcome"),
        ("Alice", "hi"),
        (GM, "Day 1 has begun."),
        ("Bob", "vote carol"),
        (GM, "Carol was lynched. She was the last mafia goon.\n\nMINI 1721 has ended in a\nTown\n"
             "win!"),
    )
    phases, issues = detect_phases(log)
    assert [p.key for p in phases] == ["D1"]
    assert issues == []


def test_a_count_that_ends_the_day_it_names_is_not_its_start() -> None:
    # the GM never announced day 2; the first count of day 2 is its final one
    log = _log((GM, "Day 1 has begun!"), ("Ann", "hi"),
               (GM, "Bob has been lynched. Night 1 begins."),
               ("Cid", "gn"), ("Ann", "vote Cid"), ("Dan", "vote Cid"),
               (GM, "Vote Count 2.0\nCid (2): Ann, Dan [LYNCH!]\n"
                    "With 3 alive, it takes 2 to lynch."),
               (GM, "Cid has been lynched. Night 2 begins."))
    starts = detect_day_starts(log.posts, [2, 7])
    assert starts[1] is None


def test_a_lynch_before_the_new_days_count_still_starts_it() -> None:
    log = _log((GM, "Day 1 has begun!"), ("Ann", "vote Bob"),
               (GM, "Bob has been lynched. It is now Day 2.\nVote Count 2.0\nNo votes yet."),
               ("Ann", "hi"), (GM, "Cid has been lynched. Night 2 begins."))
    starts = detect_day_starts(log.posts, [2, 4])
    assert starts[1] is not None
    assert starts[1].post == 2


def test_a_morning_post_that_ends_the_game_opens_no_day() -> None:
    """The night's kills leave no mafia: the morning post ends the game, no day follows."""
    log = _log(
        (GM, "День 1. Игра началась."),
        ("Alice", "привет"),
        (GM, "Голосование окончено. Посажен Bob. Наступает ночь 1."),
        (GM, "Утро. Этой ночью убит Carol. Мафии не осталось: победа честных!"),
    )
    phases, issues = detect_phases(log)
    assert _bounds(phases) == {"D1": (0, 2), "N1": (2, 3)}
    assert issues == []


@pytest.mark.parametrize("text", ["Победа честных!", "Мафии не осталось.",
                                  "Честные победили."])
def test_russian_game_end_words(text: str) -> None:
    assert ("game-end", None) in _kinds(text)
