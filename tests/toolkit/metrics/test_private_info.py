"""The registry of private information and its text tools, on a tiny game computed by hand
and on the bundled games."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pandas as pd
import pytest

from engine.gamelog import GameLog, PrivateResult, SourceRef, load
from tests.toolkit.metrics.tiny import START, tiny_game
from toolkit.metrics.private_info import (
    COPY_COLUMNS,
    MENTION_COLUMNS,
    REGISTRY_COLUMNS,
    content_words,
    fact_mentions,
    name_keys,
    names_in,
    private_items,
    private_registry,
    shingles,
    verbatim_copies,
    words,
)

GAMES = Path(__file__).parents[3] / "data" / "games"
TEXT = "Bob is a member of the mafia team"


def leak_game() -> GameLog:
    """Ann (cop) learns in night 1 that Bob is mafia; Dan (doctor) dies that night with his
    role shown; Bob (mafia goon) is eliminated at the end of day 2 with his role shown, which
    ends the game. Post k is k hours after START. Posts:
    1 welcome, 2 D1 starts, 3 Ann votes Bob, 4 Bob votes Ann, 5 D1 ends (no elimination),
    6 morning of N1 (Dan killed), 7 D2 starts, 8 Cid «I hear Bob is mafia», 9 Ann copies her
    result, 10 Dan (dead) talks, 11 Ann votes Bob, 12 Ann unvotes, 13 Cid names Discord and
    «лс», 14 Cid half-copies the result, 15 Cid votes Bob, 16 Bob «hi» (hidden text),
    17 D2 ends (Bob eliminated; town wins)."""
    log = tiny_game(
        {"Ann": "town", "Bob": "mafia", "Cid": "town", "Dan": "town"},
        [[("Ann", "Bob"), ("Bob", "Ann")],
         [("talk", "Cid", "I hear Bob is mafia"),
          ("talk", "Ann", "my result: Bob is a member of the mafia team for sure"),
          ("talk", "Dan", "hello from the grave friends"),
          ("Ann", "Bob"), ("Ann", None),
          ("talk", "Cid", "lets talk in discord or лс"),
          ("talk", "Cid", "Bob is a member of the town"),
          ("Cid", "Bob"),
          ("talk", "Bob", "hi")]],
        eliminated=[None, "Bob"], killed=[["Dan"]], winners=["town"], minutes=60)
    roles = {"Ann": "cop", "Bob": "mafia goon", "Dan": "doctor"}
    for slot in log.players:
        slot.role_name = roles.get(slot.id)
    n1 = log.published.for_phase("N1")
    d2 = log.published.for_phase("D2")
    assert n1 is not None
    assert d2 is not None
    n1.deaths[0].revealed_role = "doctor"
    d2.deaths[0].revealed_role = "mafia goon"
    n1.private.append(PrivateResult(recipient="Ann", ability="check", kind="check",
                                    subject="Bob", result={"text": TEXT},
                                    source=SourceRef(kind="manual")))
    return log


def test_words_shingles_and_content_words() -> None:
    assert words("Ёлка, Bob's  ВОТ!") == ["елка", "bob", "s", "вот"]
    assert shingles(["a", "b", "c", "d"], 3) == {("a", "b", "c"), ("b", "c", "d")}
    assert shingles(["a", "b"], 3) == set()
    # stop words, short words and skipped names out, each word once
    assert content_words("Вы удачно совершили свой ход, ход Borodach", skip={"borodach"}) \
        == ["удачно", "совершили", "ход"]


def test_names_are_found_by_russian_lemmas() -> None:
    log = load(Path(__file__).parents[3] / "data" / "sample" / "island-mini.json")
    keys = name_keys(log, "Мальта")
    assert names_in(words("голосую против Мальты"), keys)
    assert not names_in(words("голосую против Кубы"), keys)


def test_registry_by_hand() -> None:
    df = private_registry(leak_game())
    assert list(df.columns) == list(REGISTRY_COLUMNS)
    assert list(df["item"]) == ["N1#0", "role:Ann", "role:Bob", "role:Dan"]  # Cid: no role
    result = df.iloc[0]
    # private at the end of night 1: the morning post 6, 6 hours after START
    assert (result["recipient"], result["subject"], result["text"]) == ("Ann", "Bob", TEXT)
    assert result["private_post"] == 6
    assert result["private_time"] == pd.Timestamp(START + timedelta(hours=6))
    # public when Bob's death is announced with his role (post 17, also the game's end:
    # the death counts first)
    assert (result["public_post"], result["public_how"]) == (17, "death-revealed")
    assert result["public_time"] == pd.Timestamp(START + timedelta(hours=17))
    roles = df.set_index("item")
    assert roles["private_post"].isna()["role:Ann"]
    assert (roles.loc["role:Ann", "public_post"], roles.loc["role:Ann", "public_how"]) \
        == (17, "game-end")  # never revealed before the end
    assert (roles.loc["role:Dan", "public_post"], roles.loc["role:Dan", "public_how"]) \
        == (6, "death-revealed")
    assert roles.loc["role:Bob", "text"] == "mafia goon"


def test_a_gm_post_with_the_words_makes_it_public() -> None:
    log = leak_game()
    log.posts[6].text = f"Day 2 begins. Ann learnt: {TEXT}."  # post 7, after the morning
    item = private_items(log, roles=False)[0]
    assert (item.public_post, item.public_how) == (7, "gm-post")
    # a GM post before the result was private does not count
    log.posts[6].text, log.posts[4].text = "Day 2 begins.", TEXT  # post 5, before post 6
    item = private_items(log, roles=False)[0]
    assert (item.public_post, item.public_how) == (17, "death-revealed")


def test_never_public_and_unknown_phase_end() -> None:
    log = leak_game()
    log.published.victory = None
    d2 = log.published.for_phase("D2")
    assert d2 is not None
    d2.deaths[0].revealed_role = None
    log.phases = [p for p in log.phases if p.key != "N1"]  # night 1's end not in the log
    item = private_items(log, roles=False)[0]
    assert item.private_post is None
    assert item.private_time is None
    assert item.public_post is None
    assert item.public_how is None


def test_empty_game_keeps_the_columns() -> None:
    df = private_registry(tiny_game({"Ann": "town"}, []))
    assert df.empty
    assert list(df.columns) == list(REGISTRY_COLUMNS)


@pytest.mark.parametrize(("game", "results"), [("open-roles", 50), ("world-cup-2018", 38),
                                          ("contested-island", 0), ("mafiascum", 0)])
def test_bundled_games(game: str, results: int) -> None:
    log = load(GAMES / game / "expected.json")
    df = private_registry(log)
    assert (df["source"] == "result").sum() == results
    assert (df["source"] == "role").sum() == sum(1 for s in log.players if s.role or s.role_name)
    got = df[df["source"] == "result"]
    # every night's results are private from its morning post, public by the end at least
    assert got["private_post"].notna().all()
    assert got["public_post"].notna().all()
    assert (got["public_how"].isin(["death-revealed", "gm-post", "game-end"])).all()


def test_verbatim_copies_by_hand() -> None:
    df = verbatim_copies(leak_game())
    assert list(df.columns) == list(COPY_COLUMNS)
    # the text "Bob is a member of the mafia team" has 8 words: 4 runs of 5.
    # post 9 (Ann, the recipient) holds all 4: 4/4; post 14 (Cid) «Bob is a member of the
    # town» holds "bob is a member of" and "is a member of the": 2/4
    assert list(zip(df["post"], df["matched"], df["shingles"], df["score"],
                    df["by_recipient"], strict=True)) \
        == [(9, 4, 4, 1.0, True), (14, 2, 4, 0.5, False)]
    assert not df["after_public"].any()
    # runs of 8 words: only the whole text, in post 9 alone
    df = verbatim_copies(leak_game(), k=8)
    assert list(zip(df["post"], df["score"], strict=True)) == [(9, 1.0)]


def test_verbatim_copies_after_public_and_short_texts() -> None:
    log = leak_game()
    log.published.phases[-1].deaths[0].source.post = 12  # Bob's role shown at post 12
    log.published.victory = None
    df = verbatim_copies(log)
    # post 14 is now after the result was public: listed after the ones before
    assert list(zip(df["post"], df["after_public"], strict=True)) == [(9, False), (14, True)]
    # a two-word text is left out (fewer than min_words=3); min_words=2 keeps it
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    n1.private[0].result = {"text": "member team"}
    assert verbatim_copies(log).empty
    assert verbatim_copies(log, min_words=2).empty  # nobody wrote «member team» in a row


def test_fact_mentions_by_hand() -> None:
    df = fact_mentions(leak_game())
    assert list(df.columns) == list(MENTION_COLUMNS)
    # N1#0's fact words: member, mafia, team (Bob is a name; is, a, of, the stop words);
    # role:Bob's: mafia, goon. Posts naming Bob, not by Ann (N1#0's recipient) or Bob:
    # post 8 Cid «I hear Bob is mafia»: role:Bob 1/2, N1#0 1/3;
    # post 9 Ann: role:Bob 1/2 (mafia; Ann was not told Bob's role);
    # post 14 Cid «Bob is a member of the town»: N1#0 1/3 (member)
    got = list(zip(df["item"], df["post"], df["matched"], df["score"].round(4), strict=True))
    assert got == [("role:Bob", 8, "mafia", 0.5), ("role:Bob", 9, "mafia", 0.5),
                   ("N1#0", 8, "mafia", 0.3333), ("N1#0", 14, "member", 0.3333)]
    # without roles, the result's rows alone
    assert list(fact_mentions(leak_game(), roles=False)["item"]) == ["N1#0", "N1#0"]


def test_fact_mentions_stop_when_public() -> None:
    log = leak_game()
    log.published.phases[-1].deaths[0].source.post = 9  # Bob's role shown at post 9
    df = fact_mentions(log)
    # everything at or after post 9 is public: post 8's rows remain
    assert list(zip(df["item"], df["post"], strict=True)) == [("role:Bob", 8), ("N1#0", 8)]


def test_fact_mentions_in_russian_by_lemmas() -> None:
    log = tiny_game({"Куба": "town", "Мальта": "mafia", "Фиджи": "town"},
                    [[("talk", "Фиджи", "Мальту проверяли, она мафиози")]])
    log.slot("Мальта").role_name = "мафиози"
    df = fact_mentions(log)
    # «Мальту» is Мальта by its lemma; «мафиози» the role word: 1 of 1
    assert list(zip(df["item"], df["post"], df["score"], strict=True)) \
        == [("role:Мальта", 3, 1.0)]
