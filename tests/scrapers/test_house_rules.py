"""The GM's rules post read into rulings: each option from the sentences moderators really
write (the corpus's opening posts), negations not taken for the plain form, a ruling stated
both ways reported, a user's choice never overridden, and the post and sentence as source."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scrapers.stated_thresholds as thresholds
from engine.gamelog import Boundary, GameLog, Phase, Post
from scrapers.house_rules import (
    _NEEDS,
    SAYS,
    Statement,
    apply_house_rules,
    read_house_rules,
    rules_posts,
    statements,
)
from scrapers.html_text import element_text
from scrapers.stated_thresholds import _SENTENCE, _WORDS, may_hold, sentences, stated_thresholds
from scrapers.votes.marks import parse_body
from tests.scrapers.votes_game import day_one

KEYS = ["mafiascum.deadline", "mafiascum.vote-change", "mafiascum.vote-position"]


def rules(*sentences: str) -> GameLog:
    log = day_one("mafiascum", [("Alice", "Alice", None)], [("Alice", "hi")], gm="Mod",
                  opening="<br>".join(sentences))
    # the rules post opens day 1, as mafiascum's opening posts do
    log.phases = [Phase(kind="day", number=1, start=Boundary(post=0, source="manual"))]
    return log


@pytest.mark.parametrize(("sentence", "key", "option"), [
    ("The deadline will lynch the person in the lead.", "mafiascum.deadline", "plurality"),
    ("7) If a day deadline runs out of time, the player with most votes on him/her will be "
     "lynched.", "mafiascum.deadline", "plurality"),
    ("If no majority of votes has been reached by the deadline, whoever has most votes at "
     "that time will be lynched.", "mafiascum.deadline", "plurality"),
    ("If no majority is reached at deadline, the day will end in a no lynch.",
     "mafiascum.deadline", "no-lynch"),
    ("A majority of votes is required for a lynch, even at deadline.", "mafiascum.deadline",
     "no-lynch"),
    ("Unvotes are recommended but not mandatory.", "mafiascum.vote-change", "implicit"),
    ("You do not 3 have to unvote before re-voting, but I would appreciate it if you did.",
     "mafiascum.vote-change", "implicit"),  # a list number run into the sentence
    ("Though not strictly necessary, it is appreciated if you unvote before voting someone "
     "else.", "mafiascum.vote-change", "implicit"),
    ("I do not require unvotes.", "mafiascum.vote-change", "implicit"),
    ("- for my sanity, votes without a previous unvote will not be counted.",
     "mafiascum.vote-change", "unvote-first"),
    ("3 You need to unvote before re-voting, if you do not unvote than the new vote will not "
     "count.", "mafiascum.vote-change", "unvote-first"),
])
def test_a_stated_ruling_is_taken_with_its_source(sentence: str, key: str, option: str) -> None:
    log = rules("Welcome to the game.", sentence)
    apply_house_rules(log, KEYS)
    assert log.meta.rulings == {key: option}
    issue = next(i for i in log.issues if i.code == "house-rule")
    assert issue.where.post == 0
    assert issue.text == sentence
    assert f"{key}={option}" in issue.message


@pytest.mark.parametrize("sentence", [
    "It is not necessary to name the player you are unvoting.",
    "Unvotes will not prevent a lynch after the required number of votes has been reached.",
    "Unvotes are necessary if you want to completely remove your vote.",
    "Players may vote for No Lynch; if at least half vote for it, the day ends without a lynch.",
    "A no-lynch before deadline requires at least half of votes.",
    "Please unvote before voting again.",  # a request, not a rule
])
def test_sentences_that_state_no_ruling(sentence: str) -> None:
    chosen, issues = read_house_rules(rules(sentence), set(KEYS))
    assert chosen == {}
    assert issues == []


def test_a_ruling_stated_both_ways_is_reported_and_not_taken() -> None:
    log = rules("Unvotes are not required.", "Unvotes are required before a new vote.")
    apply_house_rules(log, KEYS)
    assert log.meta.rulings == {}
    assert [i.code for i in log.issues] == ["house-rule-conflict"]


def test_vote_position_is_reported_not_applied() -> None:
    log = rules("For a vote (or unvote) to be counted, it must be at the start of a new line.")
    apply_house_rules(log, KEYS)
    assert log.meta.rulings == {}
    issue = log.issues[0]
    assert issue.code == "house-rule-not-applied"
    assert "--ruling mafiascum.vote-position=line-start" in issue.message


def test_the_users_choice_stands() -> None:
    log = rules("The deadline will lynch the person in the lead.")
    log.meta.rulings["mafiascum.deadline"] = "no-lynch"
    apply_house_rules(log, KEYS)
    assert log.meta.rulings == {"mafiascum.deadline": "no-lynch"}
    assert log.issues == []


def test_only_the_gms_posts_up_to_the_first_day_start_are_rules() -> None:
    log = rules("Unvotes are not required.")
    assert [p.number for p in rules_posts(log)] == [0]
    log.posts[1].gm = True  # a GM post after day 1 began is play, not rules
    assert [p.number for p in rules_posts(log)] == [0]


def test_a_double_lynch_game() -> None:
    log = rules("This game operates under a Double Lynch (also known as Double Day) mechanic.")
    apply_house_rules(log, [*KEYS, "mafiascum.day-lynches"])
    assert log.meta.rulings == {"mafiascum.day-lynches": "two"}
    chosen, _ = read_house_rules(
        rules("Due to balance I had to remove the ability to double lynch."),
        {"mafiascum.day-lynches"})
    assert chosen == {}


@pytest.mark.parametrize(("sentence", "option"), [
    ("Doublevoters may split their votes between two players.", "separate"),
    ("The double voter can put the two votes on different players.", "separate"),
    ("A doublevoter's votes cannot split: both go on the same player.", "together"),
    ("Double voters may not split their votes.", "together"),
])
def test_a_doublevoters_votes_stated(sentence: str, option: str) -> None:
    log = rules("Welcome to the game.", sentence)
    apply_house_rules(log, [*KEYS, "mafiascum.doublevote"])
    assert log.meta.rulings == {"mafiascum.doublevote": option}


def test_a_doublevoter_named_without_the_votes_states_nothing() -> None:
    log = rules("Quill is a Town Doublevoter.", "Split the thread into sections when you can.")
    apply_house_rules(log, [*KEYS, "mafiascum.doublevote"])
    assert log.meta.rulings == {}


# -- thresholds the GM states in the thread ---------------------------------------------

NL = "mafiascum.no-lynch-threshold"
FIVE = [(n, n, None) for n in ("Ash", "Birch", "Cedar", "Dogwood", "Elm")]


def stated(*gm_posts: str, player_post: str = "hi") -> GameLog:
    """Day 1 with five players; the GM's posts (plain text) after one player post."""
    log = day_one("mafiascum", FIVE, [("Ash", player_post), *(("Mod", p) for p in gm_posts)],
                  gm="Mod", opening="Rules.")
    for post in log.posts:
        post.text = post.html
    return log


def test_a_stated_no_lynch_threshold_chooses_the_ruling() -> None:
    log = stated("Vote count\nElm - Ash\nWith 5 alive, it takes 3 to lynch and 2 to no lynch.",
                 "Vote count\nNot voting: all\nWith 5 alive it takes 3 to lynch or 2 to No Lynch.")
    apply_house_rules(log, [NL])
    assert log.meta.rulings == {NL: "one-less"}
    assert [(i.code, i.severity, i.where.post) for i in log.issues] == [
        ("house-threshold", "info", 2), ("house-rule", "info", 2)]
    assert log.issues[0].message == "Day 1: the GM states 3 to lynch, 2 to no lynch with 5 alive"
    assert log.issues[0].text == "With 5 alive, it takes 3 to lynch and 2 to no lynch."
    assert "(1 statements, days 1)" in log.issues[1].message


def test_the_alive_count_not_stated_is_the_living_at_the_days_start() -> None:
    log = stated("It takes 3 votes to lynch and 3 to no lynch.", "Majority is 3.")
    apply_house_rules(log, [NL])
    assert log.meta.rulings == {NL: "majority"}
    assert [i.message for i in log.issues if i.code == "house-threshold"] == [
        "Day 1: the GM states 3 to lynch, 3 to no lynch with 5 alive at the start of the day",
        "Day 1: the GM states 3 to lynch with 5 alive at the start of the day"]


def test_a_lynch_threshold_other_than_the_majority_is_reported_not_applied() -> None:
    log = stated("With 8 alive it takes 4 to lynch and 4 to no lynch.")
    apply_house_rules(log, [NL])
    assert log.meta.rulings == {}
    [issue] = log.issues
    assert (issue.code, issue.severity, issue.where.post) == ("house-threshold-differs",
                                                              "warning", 2)
    assert "the majority is 5, which the count keeps" in issue.message


def test_stated_thresholds_that_disagree_keep_the_default() -> None:
    log = stated("With 5 alive, it takes 3 to lynch and 3 to no lynch.",
                 "With 4 alive, it takes 3 to lynch and 2 to no lynch.")
    apply_house_rules(log, [NL])
    assert log.meta.rulings == {}
    assert [i.code for i in log.issues] == ["house-threshold", "house-threshold",
                                            "house-rule-conflict"]


def test_a_chosen_no_lynch_ruling_stands_and_players_posts_state_nothing() -> None:
    log = stated("With 5 alive, it takes 3 to lynch and 3 to no lynch.")
    log.meta.rulings[NL] = "one-less"  # e.g. the archive notes' 'one less for no lynch'
    apply_house_rules(log, [NL])
    assert log.meta.rulings == {NL: "one-less"}
    assert [i.code for i in log.issues] == ["house-threshold"]
    log = stated(player_post="With 5 alive, it takes 3 to lynch and 2 to no lynch.")
    apply_house_rules(log, [NL])
    assert (log.meta.rulings, log.issues) == ({}, [])


@pytest.mark.parametrize("sentence", [
    "With 5 alive, it takes 3 to lynch.", "Majority is 3.", "L-0 is 3", "3 votes to hammer",
    "3 to eliminate", "3 to ELİMİNATE",  # case-blind matching reads the Turkish capital too
])
def test_a_stated_threshold_in_any_word_is_read(sentence: str) -> None:
    found = stated_thresholds(stated(sentence))
    assert [s.lynch for s in found] == [3], sentence


# -- only the lines and sentences that may state something are read -----------------------

_PIECES = st.sampled_from([
    "vote", "Unvotes", "VOTE", "double", "Deadline", "end of the day", "end of  the day",
    "runs out", "lynch", "LYNCH", "majority", "L-0", "hammer", "eliminate", "3", "5 alive",
    "to", "not", "are", "required", "the", "most votes", "İ", "\u212a", "ok", "Day", ".", "!",
    "?", ";", " ", "  ", "\n", "\n\n", "\t", "\r", "\x0b", "\u2028", "\x85", "\xa0"])


def _sentences_by_the_letter(text: str, needles: tuple[str, ...]) -> list[str]:
    """The whole text split into sentences, each read whether it may hold a needle."""
    return [s for s in (" ".join(p.split()) for p in _SENTENCE.split(text))
            if s and may_hold(s, needles)]


@given(st.lists(_PIECES, max_size=40).map("".join), st.sampled_from([_NEEDS, _WORDS]))
@settings(max_examples=800, derandomize=True)
def test_a_texts_sentences_are_those_of_the_whole_text_split(
        text: str, needles: tuple[str, ...]) -> None:
    assert list(sentences(text, needles)) == _sentences_by_the_letter(text, needles)


def _statements_by_the_letter(post: Post) -> list[Statement]:
    """`statements` reading every sentence of the post against every rule."""
    root = parse_body(post.html)
    if root is None:
        return []
    out: list[Statement] = []
    for sentence in _SENTENCE.split(element_text(root, set())):
        sentence = " ".join(sentence.split())
        if not sentence or len(sentence) > 400:
            continue
        said: set[str] = set()
        for rule in SAYS:
            if rule.key not in said and all(p.search(sentence) for p in rule.all_of) and \
                    not any(p.search(sentence) for p in rule.none_of):
                said.add(rule.key)
                out.append(Statement(rule.key, rule.option, post.number, sentence,
                                     rule.applied))
    return out


_RULE_WORDS = st.sampled_from([
    "deadline", "Deadline", "the end of the day", "time runs out", "most votes", "in the lead",
    "no lynch", "nobody is lynched", "requires", "unvote", "Unvotes", "unvoting", "are", "is",
    "not", "n't", "required", "necessary", "do not", "need", "have", "must", "before",
    "votes without a previous unvote", "will not", "count", "if you don't unvote",
    "double lynch", "Double Day", "doublevoter", "split", "different players",
    "the same player", "cannot split", "vote", "start of a new line", "to be counted",
    "Kelvin: \u212a", "İ", "Welcome", "to", "the", "game", ",", ".", ";", "!", "<br>",
    "<br><br>", "  "])


@given(st.lists(st.lists(_RULE_WORDS, max_size=14).map(" ".join), max_size=6))
@settings(max_examples=500, derandomize=True)
def test_statements_are_those_of_every_sentence_read(lines: list[str]) -> None:
    post = rules(*lines).posts[0]
    assert statements(post) == _statements_by_the_letter(post)


def test_a_line_that_can_state_nothing_is_not_split(monkeypatch: pytest.MonkeyPatch) -> None:
    split: list[str] = []

    class Spy:
        def split(self, text: str) -> list[str]:
            split.append(text)
            return _SENTENCE.split(text)

    monkeypatch.setattr(thresholds, "_SENTENCE", Spy())
    log = rules("Welcome to the game.", "Roles are sent by PM. Have fun!",
                "Unvotes are not required.")
    apply_house_rules(log, KEYS)
    assert log.meta.rulings == {"mafiascum.vote-change": "implicit"}
    assert split == ["Unvotes are not required."]
    split.clear()
    found = stated_thresholds(stated("Welcome back.\nWith 5 alive, it takes 3 to lynch.\nHi."))
    assert [s.lynch for s in found] == [3]
    assert split == ["With 5 alive, it takes 3 to lynch."]
