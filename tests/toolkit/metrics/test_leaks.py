"""Information leaks, on the tiny game of `test_private_info.leak_game` computed by hand,
on the bundled games, and on a corpus game when the corpus is present."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from engine.gamelog import Death, SourceRef, load
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.conftest import corpus_threads, need_corpus
from tests.toolkit.metrics.test_private_info import leak_game
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.metrics.leaks import (
    CHANNEL_COLUMNS,
    DEAD_COLUMNS,
    HIDDEN_COLUMNS,
    SWITCH_COLUMNS,
    channel_mentions,
    dead_posts,
    hidden_text,
    vote_switches,
)
from toolkit.metrics.private_info import (
    fact_mentions,
    verbatim_copies,
)

GAMES = Path(__file__).parents[3] / "data" / "games"
HIDDEN_HTML = (
    '<span class="mk-hidden">I am the goon</span> hi '
    '<span class="mk-color" data-color="#fefefe">white words</span> '
    '<div class="mk-spoiler">spoiled</div> '
    '<blockquote class="mk-quote"><span class="mk-hidden">quoted</span></blockquote> '
    '<span style="font-size: 2px">tiny</span> <span class="mk-color" data-color="#ff0000">red'
    '</span> <span style="font-size: 12px">normal</span>')


def test_vote_switches_by_hand() -> None:
    df = vote_switches(leak_game())
    assert list(df.columns) == list(SWITCH_COLUMNS)
    # Ann's result reached her at post 6 (hour 6). Her day-1 vote on Bob (post 3) came
    # before it. Day 2: onto Bob at post 11 (5 h: 1 - 5/24 = 0.7917), off at post 12, the
    # unvote (6 h: 1 - 6/24 = 0.75). Cid's vote on Bob is not his result's.
    got = list(zip(df["day"], df["voter"], df["direction"], df["post"], df["delay_hours"],
                   df["score"].round(4), strict=True))
    assert got == [(2, "Ann", "onto", 11, 5.0, 0.7917), (2, "Ann", "off", 12, 6.0, 0.75)]
    # a 5-hour window keeps the move onto Bob only, at the window's end: score 0
    df = vote_switches(leak_game(), window_hours=5)
    assert list(zip(df["post"], df["score"], strict=True)) == [(11, 0.0)]


def test_vote_switches_without_votes() -> None:
    log = tiny_game({"Ann": "town", "Bob": "mafia"}, [[("talk", "Ann", "hi")]])
    assert vote_switches(log).empty
    assert list(vote_switches(log).columns) == list(SWITCH_COLUMNS)


def test_dead_posts_by_hand() -> None:
    df = dead_posts(leak_game())
    assert list(df.columns) == list(DEAD_COLUMNS)
    # Dan, killed in night 1 (announced in post 6), posts 5 words in post 10: 5/15
    assert list(zip(df["post"], df["slot"], df["death_post"], df["words"],
                    df["score"].round(4), strict=True)) == [(10, "Dan", 6, 5, 0.3333)]


def test_dead_posts_within_the_phase_of_death() -> None:
    log = leak_game()
    d2 = log.published.for_phase("D2")
    assert d2 is not None
    # a day-kill of Cid announced in post 12: his posts 13, 14 and 15 come after it
    d2.deaths.append(Death(slot="Cid", kind="killed", source=SourceRef(kind="post", post=12)))
    df = dead_posts(log)
    # words: 13 «lets talk in discord or лс» 6 -> 6/16; 14 «Bob is a member of the town»
    # 7 -> 7/17; 15 «VOTE: Bob» 2 -> 2/12; Dan's post 10 5 -> 5/15
    assert list(zip(df["post"], df["score"].round(4), strict=True)) \
        == [(14, 0.4118), (13, 0.375), (10, 0.3333), (15, 0.1667)]


def test_dead_posts_none_after_the_game_ends() -> None:
    log = leak_game()
    log.published.victory.source.post = 9  # type: ignore[union-attr]  # the game over at 9
    assert dead_posts(log).empty


def test_hidden_text_by_hand() -> None:
    log = leak_game()
    log.posts[15].html = HIDDEN_HTML  # post 16, Bob's
    df = hidden_text(log)
    assert list(df.columns) == list(HIDDEN_COLUMNS)
    # the quoted hidden text is someone else's; red and 12 px text hide nothing
    assert list(zip(df["post"], df["kind"], df["text"], df["score"], strict=True)) == [
        (16, "hidden", "I am the goon", 1.0), (16, "background-color", "white words", 0.9),
        (16, "tiny-font", "tiny", 0.8), (16, "spoiler", "spoiled", 0.2)]
    # a dark forum: white is no longer the background, black is
    df = hidden_text(log, background=("#000000",))
    assert list(df["kind"]) == ["hidden", "tiny-font", "spoiler"]


def test_hidden_text_raw_styles() -> None:
    log = leak_game()
    log.posts[15].html = ('<div style="display: none">gone</div><font color="white">w</font>'
                          '<font size="0">small</font>')
    df = hidden_text(log)
    assert list(zip(df["kind"], df["text"], strict=True)) == [
        ("hidden", "gone"), ("background-color", "w"), ("tiny-font", "small")]


def test_channel_mentions_by_hand() -> None:
    df = channel_mentions(leak_game())
    assert list(df.columns) == list(CHANNEL_COLUMNS)
    # post 13 «lets talk in discord or лс»: 2 mentions: 1 - 0.5^2 = 0.75
    assert list(zip(df["post"], df["terms"], df["found"], df["mentions"], df["score"],
                    strict=True)) == [(13, "discord, private-message", "discord, лс", 2, 0.75)]


def test_channel_terms_are_whole_words() -> None:
    log = tiny_game({"Ann": "town"},
                    [[("talk", "Ann", "классный тигр, atg, Пиши в личку или в ТГ")]])
    df = channel_mentions(log)
    # «классный» holds «лс», «atg» «tg»: not words of their own; «личку» and «ТГ» are
    assert list(zip(df["found"], df["score"], strict=True)) == [("личку, ТГ", 0.75)]


@pytest.mark.parametrize("game", ["open-roles", "world-cup-2018", "contested-island",
                                  "mafiascum"])
def test_bundled_games(game: str) -> None:
    log = load(GAMES / game / "expected.json")
    tables = [verbatim_copies(log), fact_mentions(log), vote_switches(log), dead_posts(log),
              hidden_text(log), channel_mentions(log)]
    for df in tables:
        assert df["score"].between(0, 1).all()
        assert df["score"].is_monotonic_decreasing
        assert df["why"].notna().all()
    switches = tables[2]
    # each row is the recipient's own vote, onto or off the subject of their result
    if game == "open-roles":
        assert len(switches) == 4
        assert set(switches["direction"]) == {"onto"}
        row = switches.iloc[0]
        assert (row["voter"], row["subject"], row["post"]) == ("Grach", "Eger", 24)


@pytest.mark.parametrize("thread", corpus_threads()[:1] or ["none"])
def test_corpus_game(thread: str) -> None:
    corpus = need_corpus()
    log = import_mafiascum(MafiascumFiles(corpus / "posts" / f"{thread}.jsonl.gz",
                                          corpus / "archive.txt", corpus / "transitions.tsv"))
    tables = {"mentions": fact_mentions(log), "dead": dead_posts(log),
              "hidden": hidden_text(log), "channels": channel_mentions(log),
              "switches": vote_switches(log)}
    for name, df in tables.items():
        assert df["score"].between(0, 1).all(), name
        assert df["score"].is_monotonic_decreasing, name
    # a dead player's post is after their announced death
    for _, row in tables["dead"].iterrows():
        assert pd.isna(row["death_post"]) or row["death_post"] < row["post"]
