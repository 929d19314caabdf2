"""Activity metrics on tiny games computed by hand, and smoke tests on the bundled games and
a real mafiascum game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from engine.gamelog import GameLog, load
from tests.conftest import corpus_threads, need_corpus
from tests.toolkit.metrics.tiny import START, tiny_game
from toolkit.metrics.activity import (
    daily_activity,
    hour_heatmap,
    longest_silence,
    lurk_index,
    post_days,
)

ROOT = Path(__file__).resolve().parents[3]


def game() -> GameLog:
    """Post k is at 12:00 + 10k minutes (UTC).

    1 GM welcome, 2 GM "Day 1 begins." (12:20)
    3 a "hello there friends" (3 words), 4 a "VOTE: c" (2), 5 b "VOTE: c" (2), 6 a "one" (1)
    7 GM "Day 1 is over." (12:70 = 13:10): c eliminated
    8 GM "Night 1 is over." (13:20): b killed in the night
    9 GM "Day 2 begins." (13:30)
    10 a "alone now" (2), 11 c "from the grave" (3, c is dead)
    12 GM "Day 2 is over." (14:00)"""
    return tiny_game({"a": "town", "b": "town", "c": "mafia"},
                     [[("talk", "a", "hello there friends"), ("a", "c"), ("b", "c"),
                       ("talk", "a", "one")],
                      [("talk", "a", "alone now"), ("talk", "c", "from the grave")]],
                     eliminated=["c"], killed=[["b"]])


def rows(df: pd.DataFrame, *cols: str) -> list[tuple[Any, ...]]:
    """The frame's columns as plain tuples, missing values (NA) as None, floats rounded."""
    out = []
    for r in df[list(cols)].astype(object).itertuples(index=False):
        out.append(tuple(None if pd.isna(v) else round(v, 4) if isinstance(v, float) else v
                         for v in r))
    return out


def test_daily_activity() -> None:
    df = daily_activity(game())
    # D1: a, b, c alive; a 3 posts (3+2+1 = 6 words), b 1 (2 words), c 0; 4 posts, mean 4/3
    #   share a 3/4, b 1/4; lurk a 1 - 3/(4/3) = -1.25, b 1 - 1/(4/3) = 0.25, c 1
    # D2: c (eliminated D1) and b (killed N1) are out: a alone, 1 post (2 words), mean 1,
    #   lurk 0; c posted though dead: a row with alive False, no share, no lurk
    assert rows(df, "day", "slot", "alive", "posts", "words", "share", "lurk") == [
        (1, "a", True, 3, 6, 0.75, -1.25),
        (1, "b", True, 1, 2, 0.25, 0.25),
        (1, "c", True, 0, 0, 0.0, 1.0),
        (2, "a", True, 1, 2, 1.0, 0.0),
        (2, "c", False, 1, 3, None, None),
    ]


def test_a_silent_day_has_no_lurk_index() -> None:
    # nobody posts on day 1: the living mean is 0, share and lurk are NA
    df = daily_activity(tiny_game({"a": "town", "b": "mafia"}, [[]]))
    assert rows(df, "slot", "posts", "share", "lurk") == [("a", 0, None, None),
                                                           ("b", 0, None, None)]
    assert rows(lurk_index(tiny_game({"a": "town", "b": "mafia"}, [[]])),
                "slot", "days", "expected", "lurk") == [("a", 1, 0.0, None), ("b", 1, 0.0, None)]


def test_lurk_index() -> None:
    df = lurk_index(game())
    # a: alive D1, D2; 3 + 1 = 4 posts; expected 4/3 + 1 = 7/3; lurk 1 - 4/(7/3) = -5/7
    # b: alive D1; 1 post; expected 4/3; lurk 1 - 3/4 = 0.25
    # c: alive D1 (its D2 post is a dead player's); 0 posts; expected 4/3; lurk 1
    assert rows(df, "slot", "days", "posts", "expected", "lurk") == [
        ("c", 1, 0, round(4 / 3, 4), 1.0),
        ("b", 1, 1, round(4 / 3, 4), 0.25),
        ("a", 2, 4, round(7 / 3, 4), round(-5 / 7, 4)),
    ]


def test_longest_silence_over_the_game() -> None:
    df = longest_silence(game())
    # the window opens at day 1's start (post 2, 12:20) and ends at the game's end (post 12,
    # 14:00) or the post announcing the slot's death; minutes after 12:00:
    # a: 20 start, posts 30 40 60 100, end 120: gaps 10 10 20 40 20: 40 min (post 6 -> 10)
    # b: 20 start, post 50, death 80 (post 8): gaps 30 30: the earlier, start -> post 5
    # c: 20 start, death 70 (post 7), its post 11 comes after: 50 min
    assert rows(df, "slot", "hours", "from", "to", "from_post", "to_post", "posts") == [
        ("c", round(50 / 60, 4), "start", "death", None, None, 0),
        ("a", round(40 / 60, 4), "post", "post", 6, 10, 4),
        ("b", 0.5, "start", "post", None, 5, 1),
    ]
    c = df[df["slot"] == "c"].iloc[0]
    assert c["start"] == pd.Timestamp(START) + pd.Timedelta(minutes=20)
    assert c["end"] == pd.Timestamp(START) + pd.Timedelta(minutes=70)
    assert df["day"].isna().all()


def test_longest_silence_by_day() -> None:
    df = longest_silence(game(), by_day=True)
    # D1: 20 (post 2) .. 70 (post 7); D2: 90 (post 9) .. 120 (post 12)
    # D1 c: lynched at the day's end: start -> death, 50 min
    # D1 b: 20, post 50, end 70: gaps 30 20: 30 min (b dies later, post 8)
    # D1 a: 20, 30 40 60, 70: gaps 10 10 20 10: 20 min (post 4 -> 6)
    # D2 a (the only one alive): 90, post 100, end 120: 20 min (post 10 -> end)
    assert rows(df, "day", "slot", "hours", "from", "to", "from_post", "to_post") == [
        (1, "c", round(50 / 60, 4), "start", "death", None, None),
        (1, "b", 0.5, "start", "post", None, 5),
        (1, "a", round(20 / 60, 4), "post", "post", 4, 6),
        (2, "a", round(20 / 60, 4), "post", "end", 10, None),
    ]


def test_a_first_day_with_no_known_start_opens_the_thread() -> None:
    # as in the mafiascum corpus (transitions give only the days' ends): day 1's posts are
    # those before its end, and its window opens at the thread's first post (12:10)
    log = game()
    phases = [log.phases[0].model_copy(update={"start": None}), *log.phases[1:]]
    log = log.model_copy(update={"phases": phases})
    assert post_days(log)[1] == 1
    assert post_days(log)[7] is None  # post 7 opens night 1
    daily = daily_activity(log)
    assert rows(daily[daily["day"] == 1], "slot", "posts") == [
        ("a", 3), ("b", 1), ("c", 0)]
    # c: 10 (post 1) -> 70 (death): 60 min; a: 10, 30 40 60 100, 120: 40 min still
    assert rows(longest_silence(log), "slot", "hours", "from") == [
        ("c", 1.0, "start"), ("a", round(40 / 60, 4), "post"), ("b", round(40 / 60, 4),
                                                                  "start")]


def test_hour_heatmap() -> None:
    log = game()
    df = hour_heatmap(log)
    assert len(df) == 3 * 24  # every slot x every hour
    # UTC (the game's zone): a posts at 12:30 12:40 13:00 13:40, b at 12:50, c at 13:50
    nonzero = df[df["posts"] > 0]
    assert rows(nonzero, "slot", "hour", "posts") == [
        ("a", 12, 2), ("a", 13, 2), ("b", 12, 1), ("c", 13, 1)]
    # Moscow (UTC+3 in 2020)
    moscow = hour_heatmap(log, "Europe/Moscow")
    assert rows(moscow[moscow["posts"] > 0], "slot", "hour", "posts") == [
        ("a", 15, 2), ("a", 16, 2), ("b", 15, 1), ("c", 16, 1)]
    # the game's own zone is the default: India (UTC+5:30): a at 18:00 18:10 18:30 19:10
    india = log.model_copy(update={"meta": log.meta.model_copy(
        update={"timezone": "Asia/Kolkata"})})
    a = hour_heatmap(india)
    assert rows(a[(a["slot"] == "a") & (a["posts"] > 0)], "hour", "posts") == [(18, 3),
                                                                              (19, 1)]


def test_no_posts_at_all() -> None:
    log = tiny_game({"a": "town"}, [])
    assert daily_activity(log).empty
    assert longest_silence(log).empty  # no day: no window
    assert hour_heatmap(log)["posts"].sum() == 0


@pytest.mark.parametrize("name", ["contested-island", "mafiascum", "open-roles",
                                  "world-cup-2018"])
def test_bundled_games(name: str) -> None:
    log = load(ROOT / "data" / "games" / name / "expected.json")
    _consistent(log)


def _consistent(log: GameLog) -> None:
    """What holds in any game: the day counts add up to the posts in days, the living
    slots' shares sum to 1 on a day with posts, the heatmap holds every timed player post,
    silences are positive."""
    daily = daily_activity(log)
    days = post_days(log)
    expected = sum(1 for p in log.posts if p.slot and not p.gm and not p.deleted
                   and days[p.number] is not None)
    assert daily["posts"].sum() == expected
    living = daily[daily["alive"].astype(bool)]
    for _, day in living.groupby("day"):
        if day["posts"].sum():
            assert day["share"].sum() == pytest.approx(1.0)
            assert day["lurk"].mean() == pytest.approx(0.0)  # mean posts -> lurk 0
    heat = hour_heatmap(log)
    assert heat["posts"].sum() == sum(1 for p in log.posts if p.slot and not p.gm
                                      and not p.deleted and p.time is not None)
    silence = longest_silence(log)
    assert (silence["hours"] > 0).all()
    assert len(lurk_index(log)) == len(log.players)


@pytest.mark.corpus
def test_a_real_mafiascum_game() -> None:
    corpus = need_corpus()
    from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
    thread = corpus_threads()[0]
    log = import_mafiascum(MafiascumFiles(corpus / "posts" / f"{thread}.jsonl.gz",
                                          corpus / "archive.txt", corpus / "transitions.tsv"))
    _consistent(log)
    daily = daily_activity(log)
    assert daily["posts"].sum() > 100  # a real game has a real thread
    by_day = longest_silence(log, by_day=True)
    assert set(by_day["day"]) <= {p.number for p in log.phases if p.kind == "day"}
