"""Vote reading under the contested-island grammar: bold «казнить X» votes, bold «не казнить
X» cancels, island names in Russian cases, and what does not count (seed 000, General Game
Rules 3)."""

from __future__ import annotations

import pytest

from engine.day import count_day
from engine.gamelog import GameLog
from scrapers.rulesets.contested_island.grammar import parse
from scrapers.votes import extract_votes
from tests.scrapers.votes_game import day_one, one

# (island, nick) as in the seed's player list, the islands as the Russian threads write them
ISLANDS = [("Куба", "Gur"), ("Мальта", "Ment"), ("Корсика", "Alexeagle"),
           ("Фиджи", "WishmasteR"), ("Бора-Бора", "Heroist"), ("Нуса Лембонган", "Kent305"),
           ("Сейшельские острова", "Drakkoshka")]
GM = "Ведущий"


def game(*posts: tuple[str, str]) -> GameLog:
    """A day 1 from post 0 to the last post + 1; `posts` are (nick, html)."""
    return day_one("contested-island", [(nick, nick, island) for island, nick in ISLANDS],
                   posts, gm=GM, opening="День 1")


def test_bold_execute_is_a_vote() -> None:
    v = one(game(("Ment", "Я уверена. <b>Казнить Кубу</b>, она мафия")))
    assert (v.voter, v.target, v.special, v.counts, v.phase) == ("Ment", "Gur", None, True, "D1")
    assert v.raw == "Казнить Кубу"


@pytest.mark.parametrize(("written", "slot"), [
    ("Мальту", "Ment"), ("Корсику", "Alexeagle"), ("Фиджи", "WishmasteR"),
    ("Бора-Бору", "Heroist"), ("Нусу Лембонган", "Kent305"), ("КУБУ", "Gur"),
    ("gur", "Gur"), ("Сейшелы", "Drakkoshka"), ("Кубу (Gur)", "Gur"),
])
def test_island_names_in_russian_cases(written: str, slot: str) -> None:
    v = one(game(("Heroist" if slot != "Heroist" else "Ment", f"<b>казнить {written}</b>")))
    assert (v.target, v.counts) == (slot, True)


def test_do_not_execute_cancels() -> None:
    v = one(game(("Ment", "<strong>Не казнить Кубу</strong>")))
    assert (v.special, v.target, v.counts) == ("cancel", "Gur", True)


def test_every_mark_of_a_post_counts_in_order() -> None:
    votes = extract_votes(game(("Ment", "<b>Не казнить Кубу, казнить Мальту</b>"),
                               ("Gur", "<b>казнить Фиджи</b> ... <b>казнить Корсику</b>")))
    assert [(v.voter, v.special, v.target, v.counts) for v in votes] == [
        ("Ment", "cancel", "Gur", True), ("Ment", None, "Ment", True),
        ("Gur", None, "WishmasteR", True), ("Gur", None, "Alexeagle", True)]


@pytest.mark.parametrize("html", [
    "давайте казнить Кубу?",  # plain text is talk
    "казнить Кубу",
    '<span class="mk-color" data-color="#ff0000">казнить Кубу</span>',  # coloured, not bold
    "<b>Предлагаю казнить Кубу</b>",  # bold talk: the command does not open the clause
    "<b>нельзя казнить Кубу</b>",
    "<b>Казнить!</b>",
    "<b>казнил бы Кубу</b>",
])
def test_not_a_command(html: str) -> None:
    assert extract_votes(game(("Ment", html))) == []


@pytest.mark.parametrize(("html", "reason"), [
    ('<blockquote class="mk-quote" data-author="Gur"><b>казнить Мальту</b></blockquote>',
     "in-quote"),
    ('<div class="mk-spoiler"><b>казнить Мальту</b></div>', "in-spoiler"),
    ('<span class="mk-hidden"><b>казнить Мальту</b></span>', "hidden-text"),
])
def test_quoted_spoiler_and_hidden_marks_do_not_count(html: str, reason: str) -> None:
    v = one(game(("Heroist", html)))
    assert (v.counts, v.reason, v.target) == (False, reason, "Ment")


def test_gm_and_non_player_posts_hold_no_votes() -> None:
    votes = extract_votes(game((GM, "<b>казнить Мальту</b>"), ("Lurker", "<b>казнить Кубу</b>")))
    assert [(v.counts, v.reason) for v in votes] == [(False, "gm-post"), (False, "not-a-player")]


def test_no_vote_for_nobody_and_unknown_names() -> None:
    votes = extract_votes(game(("Ment", "<b>казнить никого</b>"),
                               ("Gur", "<b>казнить Тортугу</b>")))
    assert [(v.counts, v.reason, v.target) for v in votes] == [
        (False, "not-a-target", None), (False, "unknown-name", None)]


def test_a_vote_for_the_gm_is_not_a_target() -> None:
    v = one(game(("Ment", "<b>казнить Ведущего</b>")))
    assert (v.counts, v.reason) == (False, "not-a-target")


def test_read_and_counted() -> None:
    """From posts to the day's result: Ment cancels her vote and moves it in one post."""
    log = game(("Gur", "<b>Казнить Мальту</b>"),
               ("Ment", "<b>казнить Фиджи</b>"),
               ("Alexeagle", "<b>казнить Мальту</b>"),
               ("Alexeagle", "<b>Не казнить Мальту</b>, передумал. <b>Казнить Фиджи</b>"),
               ("Heroist", "цитата: <blockquote class=\"mk-quote\"><b>казнить Кубу</b>"
                           "</blockquote>"),
               ("WishmasteR", "<b>не казнить Кубу</b>"))
    log = log.model_copy(update={"votes": extract_votes(log)})
    result = count_day(log, 1)
    assert result.eliminated == "WishmasteR"
    assert {t.target: t.votes for t in result.tally} == {"WishmasteR": 2, "Ment": 1}
    assert [(n.post, n.reason) for n in result.not_counted] == [
        (5, "in-quote"), (6, "nothing-to-cancel")]


@pytest.mark.parametrize(("text", "expected"), [
    ("казнить Кубу", [("vote", "Кубу")]),
    ("Казнить: Мальту.", [("vote", "Мальту")]),
    ("КАЗНИТЬ - КУБУ!", [("vote", "КУБУ")]),
    ("Голосую: казнить Кубу", [("vote", "Кубу")]),
    ("Итак, казнить Кубу. Она мафия", [("vote", "Кубу")]),
    ("казнить Кубу - она мафия", [("vote", "Кубу")]),
    ("казнить «Кубу»", [("vote", "Кубу")]),
    ("не казнить Кубу", [("cancel", "Кубу")]),
    ("НЕ КАЗНИТЬ Кубу", [("cancel", "Кубу")]),
    ("Не казнить Кубу, казнить Мальту", [("cancel", "Кубу"), ("vote", "Мальту")]),
    ("execute Cuba", [("vote", "Cuba")]),
    ("Do not execute Cuba", [("cancel", "Cuba")]),
    ("don't execute Malta", [("cancel", "Malta")]),
    ("казнить никого", [("vote", None)]),
    ("предлагаю казнить Кубу", []),
    ("не надо казнить Кубу", []),
    ("Кубу казнить", []),
    ("казнят Кубу", []),
    ("executed Cuba", []),
    ("execution of Cuba", []),
])
def test_grammar(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert [(c.kind, c.name) for c in parse(text)] == expected
