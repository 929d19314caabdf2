"""toolkit.metrics.wagons on the tiny games of test_votes (their posts are written out
there), computed by hand, and a smoke test on real games."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.day import count_days
from engine.gamelog import GameLog, load
from tests.conftest import corpus_threads, need_corpus
from tests.toolkit.metrics.test_votes import (
    FIVE,
    double_lynch_game,
    game_a,
    modkill_game,
    rows,
)
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.corpus import load_thread
from toolkit.daycount import ensure_votes
from toolkit.metrics.votes import hammers
from toolkit.metrics.wagons import (
    hammer_distance,
    terminal_positions,
    wagon_completion,
    wagon_entries,
)

ROOT = Path(__file__).resolve().parents[3]


def test_wagon_entries_with_a_re_entry() -> None:
    got = rows(wagon_entries(game_a()), "day", "target", "voter", "entry", "post",
               "position", "needed", "left_post")
    assert got == [
        (1, "c", "a", 1, 3, 1, 3, 6),  # a starts c's wagon, unvotes at post 6
        (1, "c", "b", 1, 4, 2, 3, None),
        (1, "a", "c", 1, 5, 1, 3, None),
        (1, "a", "e", 1, 7, 2, 3, 9),  # e leaves a for c at post 9
        (1, "c", "a", 2, 8, 2, 3, None),  # a's re-entry: only b stands on c, so 2nd
        (1, "c", "e", 1, 9, 3, 3, None),
        (2, "b", "a", 1, 14, 1, 2, None),
        (2, "a", "b", 1, 15, 1, 2, None),
    ]


def test_terminal_positions() -> None:
    got = rows(terminal_positions(game_a()), "day", "target", "voter", "entry_post",
               "position", "size", "hammered", "eliminated")
    assert got == [
        (1, "a", "c", 5, 1, 1, False, False),
        # c's wagon at the hammer: b (post 4), a (back at post 8), e (post 9)
        (1, "c", "b", 4, 1, 3, True, True),
        (1, "c", "a", 8, 2, 3, True, True),
        (1, "c", "e", 9, 3, 3, True, True),
        (2, "a", "b", 15, 1, 1, False, False),  # day 2 closed with no lynch
        (2, "b", "a", 14, 1, 1, False, False),
    ]


def test_terminal_position_moves_up_when_someone_leaves() -> None:
    # modkill game: d entered b's wagon 3rd (post 5); c (2nd) was modkilled at post 6
    entries = rows(wagon_entries(modkill_game()), "voter", "position", "left_post")
    assert entries == [("a", 1, None), ("c", 2, 6), ("d", 3, None), ("e", 3, None)]
    assert rows(terminal_positions(modkill_game()), "voter", "position", "size") == [
        ("a", 1, 3), ("d", 2, 3), ("e", 3, 3)]


def test_hammer_distance() -> None:
    got = rows(hammer_distance(game_a()), "day", "target", "voter", "position", "size",
               "distance", "hammerer")
    assert got == [  # distance = size - position
        (1, "c", "b", 1, 3, 2, False),
        (1, "c", "a", 2, 3, 1, False),
        (1, "c", "e", 3, 3, 0, True),
    ]  # day 2 had no hammer: no rows
    h = hammers(game_a())
    assert h["voter"].tolist() == ["e"]


def test_double_lynch_day_has_two_rounds() -> None:
    log = double_lynch_game()
    assert rows(hammer_distance(log), "round", "target", "voter", "distance") == [
        (1, "b", "a", 2), (1, "b", "c", 1), (1, "b", "d", 0),
        # the votes start again after b's lynch: a, d and e on c
        (2, "c", "a", 2), (2, "c", "d", 1), (2, "c", "e", 0)]
    # a's second vote (post 6) is a first entry onto c in round 2 at position 1
    assert rows(wagon_entries(log), "round", "target", "voter", "position")[3] == \
        (2, "c", "a", 1)


def test_wagon_completion() -> None:
    got = rows(wagon_completion(game_a()), "day", "post", "target", "percent")
    third, two_thirds = 100 / 3, 200 / 3
    assert [g[:3] for g in got] == [
        (1, 3, "c"), (1, 4, "c"), (1, 5, "a"), (1, 5, "c"), (1, 6, "a"), (1, 6, "c"),
        (1, 7, "a"), (1, 7, "c"), (1, 8, "a"), (1, 8, "c"), (1, 9, "a"), (1, 9, "c"),
        (2, 14, "b"), (2, 15, "a"), (2, 15, "b")]
    # votes / 3 on day 1, votes / 2 on day 2
    assert [g[3] for g in got] == pytest.approx([
        third, two_thirds, third, two_thirds, third, third, two_thirds, third,
        two_thirds, two_thirds, third, 100.0, 50.0, 50.0, 50.0])


def test_completion_counts_an_emptied_wagon_as_zero() -> None:
    log = tiny_game(FIVE, [[("a", "b"), ("a", "c")]])
    # post 3: b 1/3; post 4: a moved, b 0 and c 1/3
    assert rows(wagon_completion(log), "post", "target", "heads") == [
        (3, "b", 1), (4, "b", 0), (4, "c", 1)]


def test_no_votes_and_plurality() -> None:
    quiet = tiny_game(FIVE, [[("talk", "a", "hello")]], eliminated=[None])
    for f in (wagon_entries, terminal_positions, hammer_distance, wagon_completion):
        assert f(quiet).empty, f.__name__
    plural = tiny_game(FIVE, [[("a", "b"), ("c", "b"), ("d", "e")]], eliminated=["b"],
                       ruleset="open-roles")
    # plurality: wagons and positions, no hammer and no completion
    assert rows(terminal_positions(plural), "target", "voter", "position", "hammered",
                "eliminated") == [("b", "a", 1, False, True), ("b", "c", 2, False, True),
                                  ("e", "d", 1, False, False)]
    assert hammer_distance(plural).empty
    assert wagon_completion(plural).empty


def _check_invariants(log: GameLog) -> None:
    results = count_days(log)
    entries = wagon_entries(log, results)
    terminal = terminal_positions(log, results)
    joined = terminal.merge(entries, left_on=["day", "round", "target", "voter", "entry_post"],
                            right_on=["day", "round", "target", "voter", "post"])
    assert len(joined) == len(terminal)  # every terminal voter has its entry
    assert (joined["position_x"] <= joined["position_y"]).all()
    assert entries["left_post"].isna().sum() == len(terminal)
    distance = hammer_distance(log, results)
    h = hammers(log, results)
    hammerers = distance[distance["hammerer"]]
    assert sorted(zip(hammerers["day"], hammerers["voter"], strict=True)) == \
        sorted(zip(h["day"], h["voter"], strict=True))


@pytest.mark.parametrize("folder", sorted(p.name for p in (ROOT / "data/games").iterdir()
                                          if (p / "expected.json").is_file()))
def test_bundled_games(folder: str) -> None:
    log = load(ROOT / "data/games" / folder / "expected.json")
    ensure_votes(log)
    _check_invariants(log)
    assert not wagon_entries(log).empty


@pytest.mark.corpus
@pytest.mark.parametrize("thread", corpus_threads()[3:6] or ["(corpus absent)"])
def test_corpus_games(thread: str) -> None:
    log = load_thread(thread, need_corpus())  # imported, its votes read
    _check_invariants(log)
    assert not hammer_distance(log).empty
