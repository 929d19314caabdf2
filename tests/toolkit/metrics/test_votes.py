"""toolkit.metrics.votes on tiny games computed by hand, and a smoke test on real games.

Game A (five slots a..e, all counted; post k at 12:00 + 10k minutes; majority 5//2+1 = 3):
  post 1 GM welcome, 2 "Day 1 begins" (12:20)
  3 a->c, 4 b->c, 5 c->a, 6 a unvotes, 7 e->a, 8 a->c (back), 9 e->c: c has b, a, e = 3,
  the hammer; 10 GM closes day 1 (c eliminated). Night 1 kills d: 11 GM "Night 1 is over",
  12 "Day 2 begins" (14:00); alive a, b, e: majority 3//2+1 = 2.
  13 d->a (dead: not counted), 14 a->b, 15 b->a, 16 e unvotes (no vote: no change),
  17 GM closes day 2 with no elimination (deadline).
"""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from engine.day import count_days
from engine.gamelog import Death, GameLog, SourceRef, load
from tests.conftest import corpus_threads, need_corpus
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.corpus import load_thread
from toolkit.daycount import ensure_votes
from toolkit.metrics.votes import (
    first_vote_latency,
    hammers,
    l_minus_n,
    standing_votes,
    vote_changes,
    vote_counts,
    vote_switches,
)

FIVE = dict.fromkeys("abcde", "town")
ROOT = Path(__file__).resolve().parents[3]


def game_a() -> GameLog:
    return tiny_game(FIVE, [
        [("a", "c"), ("b", "c"), ("c", "a"), ("a", None), ("e", "a"), ("a", "c"), ("e", "c")],
        [("d", "a"), ("a", "b"), ("b", "a"), ("e", None)],
    ], eliminated=["c", None], killed=[["d"]])


def modkill_game() -> GameLog:
    """Six slots (majority 6//2+1 = 4): 3 a->b, 4 c->b, 5 d->b (3 of 4), 6 e talks and c
    is modkilled at post 6 (c's vote goes; 5 alive: majority 3), 7 e->b: a, d, e = 3 of 3,
    the hammer."""
    log = tiny_game(dict.fromkeys("abcdef", "town"), [
        [("a", "b"), ("c", "b"), ("d", "b"), ("talk", "e", "hi"), ("e", "b")]],
        eliminated=["b"])
    log.published.phases[0].deaths.append(
        Death(slot="c", kind="modkilled", source=SourceRef(kind="post", post=6)))
    return log


def double_lynch_game() -> GameLog:
    """Five slots, two lynches a day: 3 a->b, 4 c->b, 5 d->b (3 of 3: b lynched; 4 alive,
    majority 3), 6 a->c, 7 d->c, 8 e->c (3 of 3: c lynched)."""
    log = tiny_game(FIVE, [[("a", "b"), ("c", "b"), ("d", "b"), ("a", "c"), ("d", "c"),
                            ("e", "c")]], eliminated=["c"])
    log.meta.rulings["mafiascum.day-lynches"] = "two"
    return log


def rows(df: pd.DataFrame, *cols: str) -> list[tuple[object, ...]]:
    return [tuple(None if pd.isna(v) else v for v in r)
            for r in df[list(cols)].itertuples(index=False)]


def test_standing_votes_after_each_change() -> None:
    got = rows(standing_votes(game_a()), "day", "post", "voter", "target")
    assert got == [
        (1, 3, "a", "c"),
        (1, 4, "a", "c"), (1, 4, "b", "c"),
        (1, 5, "a", "c"), (1, 5, "b", "c"), (1, 5, "c", "a"),
        (1, 6, "b", "c"), (1, 6, "c", "a"),  # a unvoted
        (1, 7, "b", "c"), (1, 7, "c", "a"), (1, 7, "e", "a"),
        (1, 8, "a", "c"), (1, 8, "b", "c"), (1, 8, "c", "a"), (1, 8, "e", "a"),
        (1, 9, "a", "c"), (1, 9, "b", "c"), (1, 9, "c", "a"), (1, 9, "e", "c"),
        # day 2: post 13 (dead d) and 16 (e had no vote) change nothing
        (2, 14, "a", "b"),
        (2, 15, "a", "b"), (2, 15, "b", "a"),
    ]
    times = standing_votes(game_a())["time"]
    assert str(times.iloc[0]) == "2020-01-06 12:30:00+00:00"  # post 3: 12:00 + 30 minutes


def test_standing_votes_row_when_nothing_stands() -> None:
    log = tiny_game(FIVE, [[("a", "b"), ("a", None)]])
    assert rows(standing_votes(log), "day", "post", "voter", "target") == [
        (1, 3, "a", "b"), (1, 4, None, None)]


def test_vote_changes_and_switches() -> None:
    got = rows(vote_changes(game_a()), "day", "post", "voter", "old", "new", "kind")
    assert got == [
        (1, 3, "a", None, "c", "vote"), (1, 4, "b", None, "c", "vote"),
        (1, 5, "c", None, "a", "vote"), (1, 6, "a", "c", None, "unvote"),
        (1, 7, "e", None, "a", "vote"), (1, 8, "a", None, "c", "vote"),
        (1, 9, "e", "a", "c", "switch"),
        (2, 14, "a", None, "b", "vote"), (2, 15, "b", None, "a", "vote"),
    ]
    assert rows(vote_switches(game_a()), "day", "post", "voter", "kind") == [
        (1, 6, "a", "unvote"), (1, 9, "e", "switch")]


def test_vote_removed_by_a_death_is_not_a_switch() -> None:
    log = modkill_game()
    assert rows(vote_changes(log), "post", "voter", "old", "new", "kind")[3] == \
        (6, "c", "b", None, "removed")
    assert vote_switches(log).empty


def test_vote_counts_step_chart() -> None:
    got = rows(vote_counts(game_a()), "day", "post", "target", "heads", "votes", "majority",
               "needed")
    assert got == [
        (1, 3, "c", 1, 1.0, 3, 3),
        (1, 4, "c", 2, 2.0, 3, 3),
        (1, 5, "a", 1, 1.0, 3, 3), (1, 5, "c", 2, 2.0, 3, 3),
        (1, 6, "a", 1, 1.0, 3, 3), (1, 6, "c", 1, 1.0, 3, 3),
        (1, 7, "a", 2, 2.0, 3, 3), (1, 7, "c", 1, 1.0, 3, 3),
        (1, 8, "a", 2, 2.0, 3, 3), (1, 8, "c", 2, 2.0, 3, 3),
        (1, 9, "a", 1, 1.0, 3, 3), (1, 9, "c", 3, 3.0, 3, 3),
        # day 2: three alive, 3//2+1 = 2
        (2, 14, "b", 1, 1.0, 2, 2),
        (2, 15, "a", 1, 1.0, 2, 2), (2, 15, "b", 1, 1.0, 2, 2),
    ]


def test_vote_counts_majority_drops_when_a_player_leaves() -> None:
    got = rows(vote_counts(modkill_game()), "post", "heads", "majority")
    # six alive: 4 needed at posts 3-5; c modkilled at post 6: five alive, 5//2+1 = 3
    assert got == [(3, 1, 4), (4, 2, 4), (5, 3, 4), (6, 2, 3), (7, 3, 3)]


def test_weights_and_thresholds_are_the_rule_sets() -> None:
    log = tiny_game(FIVE, [[("a", "b"), ("c", "d"), ("e", "d")]])
    log.players[0].role_name = "Town Doublevoter"  # a: 2 votes
    log.players[3].role_name = "Town Loved Cop"  # d needs one more: 3 + 1 = 4
    # a's vote on b alone: 1 head, 2 votes, 3 needed, 1 short
    assert rows(l_minus_n(log), "post", "target", "heads", "votes", "needed", "short") == [
        (3, "b", 1, 2.0, 3, 1.0),
        (4, "b", 1, 2.0, 3, 1.0), (4, "d", 1, 1.0, 4, 3.0),
        (5, "b", 1, 2.0, 3, 1.0), (5, "d", 2, 2.0, 4, 2.0),
    ]


def test_no_lynch_needs_one_less_under_that_ruling() -> None:
    log = tiny_game(FIVE, [[("a", "b"), ("c", "b")]])
    log.meta.rulings["mafiascum.no-lynch-threshold"] = "one-less"
    log.votes = [v.model_copy(update={"target": None, "special": "no-lynch",
                                      "raw": "VOTE: No Lynch"}) for v in log.votes]
    # two votes on No Lynch reach 3 - 1 = 2: the hammer at post 4
    assert rows(hammers(log), "post", "voter", "target", "heads", "needed", "eliminated") == [
        (4, "c", "no-lynch", 2, 2, None)]


def test_l_minus_n() -> None:
    got = rows(l_minus_n(game_a()), "day", "post", "target", "short")
    assert got == [  # short = needed - votes
        (1, 3, "c", 2.0), (1, 4, "c", 1.0),
        (1, 5, "a", 2.0), (1, 5, "c", 1.0),
        (1, 6, "a", 2.0), (1, 6, "c", 2.0),
        (1, 7, "a", 1.0), (1, 7, "c", 2.0),
        (1, 8, "a", 1.0), (1, 8, "c", 1.0),
        (1, 9, "a", 2.0), (1, 9, "c", 0.0),  # 3 - 3: the hammer
        (2, 14, "b", 1.0), (2, 15, "a", 1.0), (2, 15, "b", 1.0),
    ]


def test_hammers() -> None:
    # day 1: e's switch at post 9 is the third vote on c; day 2 closed at the deadline
    assert rows(hammers(game_a()), "day", "round", "post", "voter", "target", "heads",
                "votes", "needed", "eliminated") == [(1, 1, 9, "e", "c", 3, 3.0, 3, "c")]
    assert rows(hammers(modkill_game()), "post", "voter", "heads", "needed") == [
        (7, "e", 3, 3)]
    assert rows(hammers(double_lynch_game()), "round", "post", "voter", "target",
                "needed", "eliminated") == [(1, 5, "d", "b", 3, "b"), (2, 8, "e", "c", 3, "c")]


def test_results_given_are_used() -> None:
    log = game_a()
    results = count_days(log)
    assert hammers(log, results).equals(hammers(log))
    assert hammers(log, results[1:]).empty  # day 2 alone has no hammer


def test_first_vote_latency() -> None:
    got = rows(first_vote_latency(game_a()), "day", "voter", "start_post", "first_post",
               "minutes", "voted")
    assert got[:5] == [  # day 1 opens at post 2 (12:20)
        (1, "a", 2, 3, 10.0, True),  # post 3 at 12:30
        (1, "b", 2, 4, 20.0, True),
        (1, "c", 2, 5, 30.0, True),
        (1, "d", 2, None, None, False),  # never voted
        (1, "e", 2, 7, 50.0, True),  # post 7 at 13:10
    ]
    # day 2 opens at post 12 (14:00); d is dead (not a row), e only unvoted
    assert got[5:] == [(2, "a", 12, 14, 20.0, True), (2, "b", 12, 15, 30.0, True),
                       (2, "e", 12, None, None, False)]


def test_no_votes_gives_empty_frames_with_columns() -> None:
    log = tiny_game(FIVE, [[("talk", "a", "hello")]], eliminated=[None])
    for f in (standing_votes, vote_changes, vote_switches, vote_counts, l_minus_n, hammers):
        df = f(log)
        assert df.empty, f.__name__
        assert "day" in df.columns
    latency = first_vote_latency(log)
    assert len(latency) == 5
    assert latency["minutes"].isna().all()


def test_plurality_day_has_no_majority() -> None:
    log = tiny_game(FIVE, [[("a", "b"), ("c", "b"), ("d", "b")]], eliminated=["b"],
                    ruleset="open-roles")
    counts = vote_counts(log)
    assert rows(counts, "post", "heads") == [(3, 1), (4, 2), (5, 3)]
    assert counts["majority"].isna().all()
    assert counts["needed"].isna().all()
    assert l_minus_n(log).empty
    assert hammers(log).empty  # three of five would be a majority, but the day is plurality


def _check_invariants(log: GameLog) -> None:
    results = count_days(log)
    h = hammers(log, results)
    assert set(h["day"]) == {r.day for r in results if r.decided_by == "hammer"}
    assert (h["votes"] >= h["needed"]).all()
    reached = l_minus_n(log, results)
    reached = reached[reached["short"] <= 0]
    # a wagon reaches what it needs only at a hammer
    assert set(zip(reached["day"], reached["post"], reached["target"], strict=True)) <= \
        set(zip(h["day"], h["post"], h["target"], strict=True))
    changes = vote_changes(log, results)
    assert set(changes["kind"]) <= {"vote", "switch", "unvote", "removed"}
    latency = first_vote_latency(log, results)
    assert not (latency["minutes"] < 0).any()
    assert latency["voted"].sum() == len(changes[changes["kind"] == "vote"]
                                         .drop_duplicates(["day", "voter"]))


@pytest.mark.parametrize("folder", sorted(p.name for p in (ROOT / "data/games").iterdir()
                                          if (p / "expected.json").is_file()))
def test_bundled_games(folder: str) -> None:
    log = load(ROOT / "data/games" / folder / "expected.json")
    ensure_votes(log)
    _check_invariants(log)
    assert not vote_counts(log).empty


@pytest.mark.corpus
@pytest.mark.parametrize("thread", corpus_threads()[:3] or ["(corpus absent)"])
def test_corpus_games(thread: str) -> None:
    log = load_thread(thread, need_corpus())  # imported, its votes read
    _check_invariants(log)
    assert not hammers(log).empty
    assert math.isfinite(float(first_vote_latency(log)["minutes"].median()))
