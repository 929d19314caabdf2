"""Vote extraction under the world-cup-2018 grammar (seed 001): red text or a post signed
«красным с телефона»; what counts, and why the rest does not."""

from __future__ import annotations

import pytest

from engine.day import count_day
from engine.gamelog import GameLog
from scrapers.rulesets.world_cup_2018.grammar import parse, read_lines
from scrapers.votes import extract_votes
from tests.scrapers.votes_game import day_one, one

RED = '<span class="mk-color" data-color="#ff0000">{}</span>'
BLUE = '<span class="mk-color" data-color="#0000ff">{}</span>'
# slot id -> (nick, in-game name)
PLAYERS = {"kuba": ("Гур", "Куба"), "malta": ("Ветер", "Мальта"),
           "korsika": ("Lynx", "Корсика"), "iamaika": ("Blood Queen", "Ямайка")}


def game(*posts: tuple[str, str], gm: str = "Ведущий", edited: int | None = None,
         times: list[str] | None = None) -> GameLog:
    return day_one("world-cup-2018", [(sid, nick, name) for sid, (nick, name) in PLAYERS.items()],
                   posts, gm=gm, opening="День 1 начался", opening_text="", times=times,
                   edited=edited, timezone="Europe/Moscow")


@pytest.mark.parametrize("html", [
    RED.format("Кубу"),
    RED.format("голосую за Кубу"),
    '<font color="red">Голос в Кубу</font>',
    '<span style="color: #E00000">мой голос — Куба</span>',
    '<span style="color: darkred">против Кубы</span>',
    "Думаю так. " + RED.format("Гур"),
    '<b>голосую за <span class="mk-color" data-color="#ff0000">Кубу</span></b>',
    '<span class="mk-color" data-color="#ff0000"><b>Куба</b></span>',
])
def test_red_votes_in_any_notation(html: str) -> None:
    v = one(game(("Ветер", html)))
    assert (v.voter, v.target, v.counts, v.phase) == ("malta", "kuba", True, "D1")


@pytest.mark.parametrize("html", [
    "<b>голосую за Кубу</b>",  # bold, not red
    BLUE.format("голосую за Кубу"),  # another colour
    "голосую за Кубу",  # plain text without the phone signature
    RED.format("Я думаю, что Куба сегодня ведёт себя очень странно"),  # red talk
    RED.format("не голосую за Кубу"),
])
def test_not_votes(html: str) -> None:
    assert extract_votes(game(("Ветер", html))) == []


@pytest.mark.parametrize(("html", "reason"), [
    ('<blockquote class="mk-quote" data-author="Гур">' + RED.format("Мальта") + "</blockquote>",
     "in-quote"),
    ('<div class="mk-spoiler">' + RED.format("Мальта") + "</div>", "in-spoiler"),
    ('<span class="mk-hidden">' + RED.format("Мальта") + "</span>", "hidden-text"),
])
def test_marks_that_do_not_count(html: str, reason: str) -> None:
    v = one(game(("Гур", html)))
    assert (v.counts, v.reason, v.target) == (False, reason, "malta")


def test_gm_posts_hold_no_votes() -> None:
    v = one(game(("Ведущий", RED.format("Мальта"))))
    assert (v.counts, v.reason) == (False, "gm-post")


def test_an_edited_post_voids_its_vote() -> None:
    """«Сообщение с голосом нельзя редактировать.»"""
    v = one(game(("Гур", RED.format("Мальта")), edited=1))
    assert (v.counts, v.reason, v.target) == (False, "edited", "malta")


@pytest.mark.parametrize("html", [RED.format("Кубу"), RED.format("голосую в себя")])
def test_a_vote_for_oneself_is_void(html: str) -> None:
    """«Запрещается голосовать в себя.»"""
    v = one(game(("Гур", html)))
    assert (v.counts, v.reason, v.target) == (False, "self-vote", "kuba")


def test_the_last_red_mark_of_a_post_wins() -> None:
    votes = extract_votes(game(("Гур", RED.format("Мальта") + " нет, лучше "
                                + RED.format("Корсика"))))
    assert [(v.target, v.counts, v.reason) for v in votes] == [
        ("malta", False, "superseded"), ("korsika", True, None)]


def test_red_word_that_names_nobody() -> None:
    v = one(game(("Гур", RED.format("ВНИМАНИЕ"))))
    assert (v.counts, v.reason) == (False, "unknown-name")


def test_unvote() -> None:
    v = one(game(("Гур", RED.format("снимаю голос"))))
    assert (v.special, v.counts) == ("unvote", True)


@pytest.mark.parametrize("html", [
    "Мальта<br>красным с телефона",
    "Голосую за Мальту (красным с телефона)",
    "«красным с телефона»<br>Мальту",
    "<p>Долго думал.</p><p>Мальта</p><p>Красным с телефона</p>",
])
def test_phone_signed_plain_vote(html: str) -> None:
    v = one(game(("Гур", html)))
    assert (v.target, v.counts) == ("malta", True)
    assert v.raw.endswith("(красным с телефона)")


def test_phone_signature_in_a_quote_is_not_a_vote() -> None:
    html = '<blockquote class="mk-quote" data-author="Ветер">Куба<br>красным с телефона' \
           "</blockquote>согласен"
    assert extract_votes(game(("Гур", html))) == []


def test_phone_signature_mid_sentence_is_talk() -> None:
    assert extract_votes(game(("Гур", "пишите красным с телефона, если нет компьютера"))) == []


def test_phone_signed_post_without_a_vote_is_reported() -> None:
    v = one(game(("Гур", "Сегодня я думаю очень долго и не знаю что сказать<br>"
                         "красным с телефона")))
    assert (v.counts, v.reason, v.target) == (False, "not-formatted", None)


@pytest.mark.parametrize(("text", "expected"), [
    ("Куба", [("vote", "Куба")]),
    ("Кубу!", [("vote", "Кубу")]),
    ("голосую за Кубу", [("vote", "Кубу")]),
    ("Голос в Кубу", [("vote", "Кубу")]),
    ("мой голос — Куба", [("vote", "Куба")]),
    ("голос: Гур", [("vote", "Гур")]),
    ("против Кубы", [("vote", "Кубы")]),
    ("в Кубу", [("vote", "Кубу")]),
    ("Голосую за Кубу, а не за Мальту", [("vote", "Кубу")]),
    ("Ладно, проголосую за Мальту.", [("vote", "Мальту")]),
    ("голосую в себя", [("vote", None)]),
    ("снимаю свой голос", [("unvote", None)]),
    ("не голосую за Кубу", []),
    ("я думаю что это очень плохая идея", []),
])
def test_grammar(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert [(c.kind, c.name) for c in parse(text)] == expected


@pytest.mark.parametrize(("lines", "expected"), [
    (["Куба", "красным с телефона"], "Куба"),  # the line above the signature
    (["Голосую за Кубу — красным с телефона"], "Кубу"),  # the signed line itself
    (["красным с телефона", "Мальта"], "Мальта"),  # nothing above: the line below
    (["Мальта", "Куба", "(красным с телефона)"], "Куба"),  # the nearest line above
])
def test_phone_lines(lines: list[str], expected: str) -> None:
    assert [c.name for c in read_lines(lines)] == [expected]


def test_a_day_from_posts_to_the_count() -> None:
    """Red votes read from posts and counted: a vote in the last 30 minutes is half, one
    after 21:00 Moscow time is void (the earlier vote stands)."""
    log = game(("Гур", RED.format("Мальта")), ("Ветер", RED.format("Корсику")),
               ("Lynx", RED.format("голосую за Мальту")),
               ("Blood Queen", "Куба<br>красным с телефона"),
               ("Гур", RED.format("Корсика")),
               times=["2018-06-20T12:00:00+03:00", "2018-06-20T13:00:00+03:00",
                      "2018-06-20T20:40:00+03:00", "2018-06-20T20:50:00+03:00",
                      "2018-06-20T21:10:00+03:00"])
    log = log.model_copy(update={"votes": extract_votes(log)})
    result = count_day(log, 1)
    assert {t.target: t.votes for t in result.tally} == {"malta": 1.5, "korsika": 1,
                                                             "kuba": 0.5}
    assert result.eliminated == "malta"
    assert [(n.post, n.reason) for n in result.not_counted] == [(5, "after-deadline")]
