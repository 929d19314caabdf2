"""The GM audit: published newspaper facts the rule set does not display and private
results carrying more than their answer, on the bundled sample (island-mini: one night
replayed by hand below) with facts and results added, and on the bundled games with the
GM's planted mistakes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.gamelog import GameLog, NewspaperFact, PrivateResult, SourceRef, load
from tests.conftest import SAMPLE
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.metrics.gm_audit import (
    NEWSPAPER_COLUMNS,
    PRIVATE_COLUMNS,
    excess_private,
    undisplayed_newspaper,
)

GAMES = Path(__file__).parents[3] / "data" / "games"
# island-mini's night 1 as the replay gives it: Куба stuns Ямайка (hidden), Мальта covers
# Ямайка (hidden), Корсика's psychic attack on Мальта (hidden; the newspaper shows the
# psychic attack, the death and the clue), Фиджи learns the type of Корсика: K (private),
# Ямайка's treatment of Фиджи fails (hidden). Nothing about Куба.


def mini() -> GameLog:
    return load(SAMPLE)


def _fact(kind: str, subject: str) -> NewspaperFact:
    return NewspaperFact(kind=kind, subject=subject, raw=f"{kind} {subject}",
                         source=SourceRef(kind="post", post=12))


def _result(recipient: str, subject: str | None, **result: str) -> PrivateResult:
    return PrivateResult(recipient=recipient, kind="check", subject=subject, result=result,
                         source=SourceRef(kind="manual"))


def test_the_sample_as_published_has_no_candidates() -> None:
    log = mini()
    for df, columns in ((undisplayed_newspaper(log), NEWSPAPER_COLUMNS),
                        (excess_private(log), PRIVATE_COLUMNS)):
        assert df.empty
        assert list(df.columns) == list(columns)


def test_undisplayed_newspaper_by_hand() -> None:
    log = mini()
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    n1.newspaper += [_fact("protected", "Куба"), _fact("stunned", "Ямайка"),
                     _fact("protected", "Ямайка")]
    df = undisplayed_newspaper(log)
    assert list(df.columns) == list(NEWSPAPER_COLUMNS)
    # stunned (Ямайка): the replay has it, hidden: 1.0; protected (Ямайка): the replay has
    # other events about Ямайка (stunned, protecting): 0.5; protected (Куба): nothing: 0.25.
    # The published psychic attack and clue on Мальта are shown by the replay: no rows.
    assert list(zip(df["kind"], df["subject"], df["score"], df["post"], strict=True)) == [
        ("stunned", "Ямайка", 1.0, 12), ("protected", "Ямайка", 0.5, 12),
        ("protected", "Куба", 0.25, 12)]
    assert "as hidden" in df["why"][0]
    assert df["replay"][2] == ""


def test_day_facts_are_not_judged() -> None:
    log = mini()
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    d1.newspaper.append(_fact("stunned", "Ямайка"))  # a day: the night replay says nothing
    assert undisplayed_newspaper(log).empty


def test_excess_private_by_hand() -> None:
    log = mini()
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    n1.private = [
        _result("Фиджи", "Корсика", type="K"),  # the replay's answer: nothing extra
        _result("Фиджи", "Корсика", type="K", side="mafia"),
        _result("Фиджи", "Корсика", text="Корсика применила действие против Мальты"),
        _result("Куба", None, text="Вы оглушили Ямайку"),
    ]
    df = excess_private(log)
    assert list(df.columns) == list(PRIVATE_COLUMNS)
    # N1#3 Куба: no answer at all; words оглушили, ямайку both extra (2/2), names Ямайка:
    #   0.5 * 1 + 0.5 = 1.0
    # N1#2: words корсика, применила, действие, против, мальты; the answer («Фиджи learns
    #   type of Корсика: K») tells корсика: 4/5 extra, names Мальта: 0.5 * 0.8 + 0.5 = 0.9
    # N1#1: keys type, side; the answer's is type: 1/2 extra: 0.5 * 0.5 = 0.25
    got = list(zip(df["item"], df["extra"], df["extra_names"], df["share"],
                   df["score"].round(4), strict=True))
    assert got == [
        ("N1#3", "оглушили, ямайку", "Ямайка", 1.0, 1.0),
        ("N1#2", "применила, действие, против, мальты", "Мальта", 0.8, 0.9),
        ("N1#1", "side", "", 0.5, 0.25)]


def test_no_night_engine_or_no_nights() -> None:
    log = tiny_game({"Ann": "town", "Bob": "mafia"}, [[("Ann", "Bob")]])
    assert undisplayed_newspaper(log).empty
    assert excess_private(log).empty
    nightless = mini()
    nightless.nights = []
    assert excess_private(nightless).empty


@pytest.mark.parametrize("game", ["contested-island", "world-cup-2018", "open-roles",
                                  "mafiascum"])
def test_bundled_games_as_published(game: str) -> None:
    log = load(GAMES / game / "expected.json")
    assert undisplayed_newspaper(log).empty
    assert excess_private(log).empty


@pytest.mark.parametrize(("game", "facts"), [
    # each game's planted newspaper mistake (gm-mistakes/planted.json) is the one candidate
    ("contested-island", [("N2", "pit-dug", "Jamaica", 1.0)]),
    ("world-cup-2018", [("N2", "healed", "Pisaka", 0.5)]),
    ("open-roles", [("N2", "resurrected", "Ulitka", 0.5)]),
    ("mafiascum", []),
])
def test_bundled_games_with_planted_mistakes(
        game: str, facts: list[tuple[str, str, str, float]]) -> None:
    log = load(GAMES / game / "gm-mistakes" / "expected.json")
    df = undisplayed_newspaper(log)
    assert list(zip(df["phase"], df["kind"], df["subject"], df["score"], strict=True)) \
        == facts


def test_planted_private_answer_with_more_words() -> None:
    # open-roles' planted wrong answer to Sova about Kit («Вы удачно совершили свой ночной
    # ход. Результаты: Kit: сводничество → Lis, Rys») names Rys, whom the replay's answer
    # (Kit matched Lis and Tigr) does not: 1 of its 9 content words (удачно, совершили,
    # ночной, ход, результаты, kit, сводничество, lis, rys), and a player named:
    # 0.5 * 1/9 + 0.5
    log = load(GAMES / "open-roles" / "gm-mistakes" / "expected.json")
    df = excess_private(log)
    assert list(zip(df["phase"], df["recipient"], df["subject"], df["extra"],
                    df["score"].round(4), strict=True)) \
        == [("N2", "Sova", "Kit", "rys", round(0.5 / 9 + 0.5, 4))]
