"""Vote reading under the open-roles grammar: vote words in bold, inflected Russian names,
bare bold names, and what extraction does not count."""

from __future__ import annotations

import pytest

from engine.day import count_day
from engine.gamelog import GameLog
from scrapers.rulesets.open_roles.grammar import parse
from scrapers.votes import extract_votes
from tests.scrapers.votes_game import day_one, one

# in-game names as Russian forum games give them: inflected when voted for
SLOTS = {"cuba": "Куба", "malta": "Мальта", "corsica": "Корсика", "gur": "Гур"}
NICKS = {"cuba": "Штурман", "malta": "Ласточка", "corsica": "Kent", "gur": "Гур"}


def game(*posts: tuple[str, str], gm: str = "Ведущий") -> GameLog:
    """Day 1 from post 0 to the last post; `posts` are (author nick, html)."""
    return day_one("open-roles", [(s, NICKS[s], SLOTS[s]) for s in SLOTS], posts, gm=gm,
                   opening="День 1")


@pytest.mark.parametrize(("text", "expected"), [
    ("Голосую за Кубу", [("vote", "Кубу")]),
    ("голос: Куба", [("vote", "Куба")]),
    ("Мой голос - Мальте", [("vote", "Мальте")]),
    ("голосую против Корсики", [("vote", "Корсики")]),
    ("Против Корсики", [("vote", "Корсики")]),
    ("Сажаю Гура", [("vote", "Гура")]),
    ("Посадить Кубу", [("vote", "Кубу")]),
    ("Проголосую за Мальту!", [("vote", "Мальту")]),
    ("Голосую: Санта Крус", [("vote", "Санта Крус")]),
    ("Голосую за «Кубу»", [("vote", "Кубу")]),
    ("ГОЛОСУЮ ЗА КУБУ", [("vote", "КУБУ")]),
    ("Итак, голосую за Blood Queen, потому что молчит", [("vote", "Blood Queen")]),
    ("Vote: Куба", [("vote", "Куба")]),
    ("голосую за себя", [("vote", None)]),
    ("снимаю голос", [("unvote", None)]),
    ("Голос за Кубу. Снимаю голос", [("vote", "Кубу"), ("unvote", None)]),
    ("Кубу", [("vote", "Кубу")]),  # bare: see test_bare_names
    # talk about votes
    ("не голосую за Кубу", []),
    ("буду голосовать за Кубу", []),
    ("предлагаю посадить Кубу", []),
    ("твой голос за Кубу ничего не решит", []),
    ("я против того, чтобы сажать Кубу", []),
    ("голосую позже", []),
    ("Если бы я был мафом, я бы голосовал иначе", []),
    ("голосование", [("vote", "голосование")]),  # a bare word: dropped unless a player's
])
def test_grammar(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert [(c.kind, c.name) for c in parse(text)] == expected


def test_grammar_marks_bare_and_self_votes() -> None:
    assert parse("Кубу")[0].bare
    assert not parse("Голосую за Кубу")[0].bare
    assert parse("голосую за себя")[0].to_author
    assert parse("Привет всем, друзья мои") == []  # too long for a name


def test_inflected_name_in_bold() -> None:
    v = one(game(("Штурман", "Думаю, <b>голосую за Мальту</b>.")))
    assert (v.voter, v.target, v.counts, v.phase, v.special) == ("cuba", "malta", True, "D1",
                                                                  None)


def test_genitive_after_protiv() -> None:
    v = one(game(("Kent", "<strong>Против Кубы</strong>")))
    assert (v.voter, v.target, v.counts) == ("corsica", "cuba", True)


def test_nick_instead_of_ingame_name() -> None:
    v = one(game(("Гур", "<b>Голос: Ласточка</b>")))
    assert (v.voter, v.target, v.counts) == ("gur", "malta", True)


def test_vote_for_oneself() -> None:
    v = one(game(("Ласточка", "<b>голосую за себя</b>")))
    assert (v.voter, v.target, v.counts) == ("malta", "malta", True)


def test_plain_text_vote_is_talk() -> None:
    assert extract_votes(game(("Штурман", "голосую за Мальту"))) == []


def test_coloured_text_is_not_a_mark() -> None:
    html = '<span class="mk-color" data-color="#ff0000">голосую за Мальту</span>'
    assert extract_votes(game(("Штурман", html))) == []


@pytest.mark.parametrize(("html", "reason"), [
    ('<blockquote class="mk-quote" data-author="Kent"><b>голосую за Кубу</b></blockquote>',
     "in-quote"),
    ('<div class="mk-spoiler"><b>голосую за Кубу</b></div>', "in-spoiler"),
    ('<span class="mk-hidden"><b>голосую за Кубу</b></span>', "hidden-text"),
])
def test_marks_that_do_not_count(html: str, reason: str) -> None:
    v = one(game(("Ласточка", html)))
    assert (v.counts, v.reason, v.target) == (False, reason, "cuba")


def test_gm_posts_hold_counts_not_votes() -> None:
    v = one(game(("Ведущий", "<b>Голос за Кубу</b>")))
    assert (v.counts, v.reason) == (False, "gm-post")


def test_unknown_name_is_reported() -> None:
    v = one(game(("Ласточка", "<b>голосую за Ямайку</b>")))
    assert (v.counts, v.reason) == (False, "unknown-name")


def test_bare_names() -> None:
    """A bold player's name is read as a bare vote; a bold word that is not a player's name,
    a bold name in a quote or a GM post, and bold names in a post with a written vote are
    talk."""
    votes = extract_votes(game(
        ("Штурман", "<b>Мальту</b>"),
        ("Ласточка", "<b>Привет</b> всем, <b>Kent</b>, ты где?"),
        ("Kent", "<b>Гур</b>, ответь. <b>Голосую за Кубу</b>"),
        ("Ведущий", "<b>Куба</b> - 1 (Kent)"),
        ("Гур", '<blockquote class="mk-quote" data-author="x"><b>Куба</b></blockquote>'),
    ))
    assert [(v.post, v.voter, v.target, v.raw, v.counts) for v in votes] == [
        (1, "cuba", "malta", "Мальту", True),
        (2, "malta", "corsica", "Kent", True),
        (3, "corsica", "cuba", "Голосую за Кубу", True),
    ]


def test_every_mark_of_a_post_is_kept_and_the_first_counts() -> None:
    """Votes cannot change: the post's first vote stands (`last_mark_wins` is off)."""
    log = game(("Штурман", "<b>Голосую за Мальту</b> ... <b>Голос: Корсика</b>"))
    votes = extract_votes(log)
    assert [(v.target, v.counts) for v in votes] == [("malta", True), ("corsica", True)]
    log = log.model_copy(update={"votes": votes})
    day = count_day(log, 1)
    assert [(n.post, n.reason) for n in day.not_counted] == [(1, "superseded")]
    assert [(t.target, t.votes) for t in day.tally] == [
        ("malta", 2.0), ("corsica", 1.0), ("gur", 1.0)]  # non-voters on themselves


def test_bare_vote_is_talk_by_default_and_a_vote_under_the_ruling() -> None:
    log = game(("Штурман", "<b>Мальту</b>"), ("Ласточка", "<b>голосую за Корсику</b>"))
    log = log.model_copy(update={"votes": extract_votes(log)})
    keyword = count_day(log, 1)
    assert [(n.voter, n.reason) for n in keyword.not_counted] == [("cuba", "not-formatted")]
    # Штурман did not vote: one vote on himself (as have Kent and Гур)
    assert {t.target: t.votes for t in keyword.tally} == {"corsica": 2, "cuba": 1, "gur": 1}
    bare = count_day(log, 1, {"open-roles.vote-form": "bare-name"})
    assert bare.not_counted == []
    assert {t.target: t.votes for t in bare.tally} == {"malta": 1, "corsica": 2, "gur": 1}
