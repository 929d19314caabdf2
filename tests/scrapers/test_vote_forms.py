"""Vote forms real players write, under the mafiascum grammar: the double hash, "vote to
hammer", a bold "hammer:", a vote split over inline elements, a bold "Vote:" with its name
after it, and what a post's last vote does when it cannot be counted. Invented posts."""

from __future__ import annotations

import pytest

from engine.gamelog import GameLog, Vote
from scrapers.accounting import votes_balance
from scrapers.votes import read_votes
from scrapers.votes.marks import find_marks, parse_body
from tests.scrapers.votes_game import day_one

NICKS = ["Marigold", "Fenwick", "Ottoline", "Tobias Quill", "Bramble"]
INLINE = '<div style="display:inline;{}">{}</div>'  # how mafiascum writes bold and colour
TAG = '<span class="bbvote" title="This is an official vote.">{}</span>'
RAINBOW = ["#e00000", "#e08000", "#e0e000", "#00c000", "#0000e0", "#8000c0"]


def game(*posts: tuple[str, str]) -> GameLog:
    return day_one("mafiascum", [(n, n, None) for n in NICKS], posts, gm="Host",
                   opening="Day 1 begins")


Read = tuple[str | None, str | None, bool, str | None]


def read(html: str, author: str = "Marigold") -> list[Read]:
    """(target, special, counts, reason) of each vote the one post gives; the marks'
    balance must hold."""
    reading = read_votes(game((author, html)))
    assert votes_balance(reading).ok
    return [(v.target, v.special, v.counts, v.reason) for v in reading.votes]


def votes(html: str) -> list[Vote]:
    return read_votes(game(("Marigold", html))).votes


def letters(text: str, wrap: str) -> str:
    """`text` coloured letter by letter, each letter in `wrap` ("{c}" the colour, "{t}" the
    letter)."""
    return "".join(wrap.format(c=RAINBOW[i % len(RAINBOW)], t=ch) for i, ch in enumerate(text))


# -- the double hash -----------------------------------------------------------------------

@pytest.mark.parametrize("html", [
    "<b>##Vote: Fenwick</b>",
    "<b>## vote Fenwick</b>",
    INLINE.format("font-weight:bold", "##VOTE:Fenwick"),
    "<h2>Vote: Fenwick</h2>",  # a Markdown board renders "## Vote: Fenwick" as a heading
])
def test_a_double_hash_vote_in_bold_or_a_heading_counts(html: str) -> None:
    assert read(html) == [("Fenwick", None, True, None)]


def test_a_double_hash_unvote_then_vote() -> None:
    assert read("<b>##Unvote<br>##Vote: Ottoline</b>") == [
        (None, "unvote", False, "superseded"), ("Ottoline", None, True, None)]


def test_a_heading_without_a_vote_is_no_mark() -> None:
    assert read("<h2>Fenwick's case, part two</h2>more talk") == []


def test_a_plain_double_hash_vote_is_reported_not_counted() -> None:
    """Plain text on mafiascum: unmistakably a vote, but not bold nor the vote tag."""
    (v,) = votes("I have read it all.<br>##Vote: Fenwick<br>more talk")
    assert (v.target, v.counts, v.reason) == ("Fenwick", False, "not-formatted")
    assert v.detail is not None
    assert "##" in v.detail


def test_a_bold_double_hash_vote_is_read_once() -> None:
    assert read("talk<br><b>##Vote: Fenwick</b>") == [("Fenwick", None, True, None)]


@pytest.mark.parametrize("html", [
    "we used ##vote on my old site",  # not at the start of its line
    "issue #vote-counting is open",
])
def test_plain_lines_that_are_no_double_hash_vote(html: str) -> None:
    assert read(html) == []


def test_a_plain_vote_line_waits_for_the_gms_count() -> None:
    # no double hash, no bold: not a vote on its text; a candidate that only the GM's next
    # count could confirm (scrapers.votes.confirm), and there is no count here
    assert read("Vote: Fenwick") == [("Fenwick", None, False, "not-formatted")]


# -- hammering -----------------------------------------------------------------------------

@pytest.mark.parametrize(("html", "target"), [
    ("<b>Vote to hammer: Fenwick</b>", "Fenwick"),
    ("<b>vote to lynch - Ottoline</b>", "Ottoline"),
    ("<b>I'm sure now, hammer: Fenwick</b>", "Fenwick"),
    ("<b>HAMMER: Tobias Quill</b>", "Tobias Quill"),
])
def test_hammer_forms_are_votes(html: str, target: str) -> None:
    assert read(html) == [(target, None, True, None)]


def test_an_intent_to_hammer_is_talk_set_aside() -> None:
    reading = read_votes(game(("Marigold", "<b>Intent to hammer: Fenwick</b>")))
    assert reading.votes == []
    assert [(s.reason, s.raw) for s in reading.set_aside] == [
        ("talk", "Intent to hammer: Fenwick")]


@pytest.mark.parametrize("html", ["<b>don't hammer Fenwick yet</b>", "<b>hammer time</b>"])
def test_hammer_without_a_colon_is_not_a_vote(html: str) -> None:
    assert read(html) == []


# -- split over inline elements -------------------------------------------------------------

@pytest.mark.parametrize("html", [
    # one span per letter inside the bold run
    "<b>" + letters("Vote: Fenwick", '<span style="color:{c}">{t}</span>') + "</b>",
    # mafiascum's inline blocks, one per letter, inside its inline bold block
    INLINE.format("font-weight:bold", letters("Vote: Fenwick", INLINE.format("color:{c}",
                                                                             "{t}"))),
    # each letter bolded on its own inside its colour
    letters("Vote: Fenwick", '<span style="color:{c}"><b>{t}</b></span>'),
    # pieces of words in inline blocks
    INLINE.format("font-weight:bold", "Vo" + INLINE.format("color:red", "te: Fen") + "wick"),
])
def test_a_vote_split_over_inline_elements_reads_as_one(html: str) -> None:
    assert read(html) == [("Fenwick", None, True, None)]


def test_letters_join_without_spaces_and_spaces_stay() -> None:
    html = "<b>" + letters("Tobias Quill", '<span style="color:{c}">{t}</span>') + "</b>"
    root = parse_body(html)
    assert root is not None
    assert [m.text for m in find_marks(root)] == ["Tobias Quill"]


def test_a_block_inside_a_run_still_breaks_its_line() -> None:
    root = parse_body('<b>Unvote<div>Vote: Fenwick</div></b>')
    assert root is not None
    assert [m.text for m in find_marks(root)] == ["Unvote\nVote: Fenwick"]


@pytest.mark.parametrize(("html", "expected"), [
    # two whole runs that touch stay two
    ("<b>Unvote</b><b>Vote: Fenwick</b>",
     [(None, "unvote", False, "superseded"), ("Fenwick", None, True, None)]),
    # two vote tags that touch stay two
    (TAG.format("UNVOTE: Ottoline") + TAG.format("VOTE: Fenwick"),
     [(None, "unvote", False, "superseded"), ("Fenwick", None, True, None)]),
    # a space between two runs keeps them apart
    ("<b>FoS Ottoline</b> <b>Vote: Fenwick</b>", [("Fenwick", None, True, None)]),
])
def test_runs_that_are_whole_are_not_joined(html: str,
                                            expected: list[Read]) -> None:
    assert read(html) == expected


# -- the name after a bold vote word ---------------------------------------------------------

@pytest.mark.parametrize("html", [
    "<b>Vote:</b> Fenwick<br>because of the wagon",
    "talk<br><b>vote</b> Fenwick",
    "I am done. <b>Vote:</b> Fenwick",  # mid-line, but the colon makes it a command
    "<b>Vote:</b> <i>Fenwick</i>",
])
def test_a_bold_vote_word_takes_the_name_after_it(html: str) -> None:
    (v,) = votes(html)
    assert (v.target, v.counts, v.reason) == ("Fenwick", True, None)
    assert v.detail is not None
    assert "unbolded" in v.detail


@pytest.mark.parametrize("html", [
    "why didn't you <b>vote</b> Fenwick then?",  # mid-line and no colon: talk
    "<b>Random vote</b><br>Fenwick",  # the name is not on its line
])
def test_a_bold_vote_word_in_talk_takes_no_name(html: str) -> None:
    assert [v for v in votes(html) if v.counts] == []


def test_a_vote_tag_does_not_take_the_text_after_it() -> None:
    (v,) = votes(TAG.format("VOTE: ") + " Fenwick, as I said")
    assert (v.target, v.counts, v.reason) == (None, False, "unknown-name")


# -- the post's last vote cannot be counted ------------------------------------------------

def test_a_later_unknown_name_supersedes_an_earlier_vote() -> None:
    vs = votes("<b>Vote: Fenwick</b><br>on second thought<br><b>Vote: Zyzzyva</b>")
    assert [(v.target, v.counts, v.reason) for v in vs] == [
        ("Fenwick", False, "superseded"), (None, False, "unknown-name")]
    assert vs[0].detail is not None
    assert "Zyzzyva" in vs[0].detail


@pytest.mark.parametrize("later", [
    '<b>Vote:</b> <img src="smile.gif" alt=":)">',  # an image after the vote word
    TAG.format("VOTE: "),  # an empty vote tag
    TAG.format("VOTE: . later maybe"),  # nothing readable before its full stop
    "<b>Vote: Host</b>",  # the moderator
])
def test_a_later_vote_that_cannot_count_supersedes_an_earlier_one(later: str) -> None:
    vs = votes("<b>Vote: Fenwick</b><br>talk<br>" + later)
    assert next((v.target, v.counts, v.reason) for v in vs) == ("Fenwick", False, "superseded")
    assert len(vs) == 2
    assert not vs[1].counts
    assert vs[1].reason in ("unknown-name", "not-a-target")


def test_an_earlier_unvote_stands_beside_an_unreadable_vote() -> None:
    """The later vote would have withdrawn the standing vote too: that much is read."""
    vs = votes("<b>Unvote</b><br><b>Vote: Zyzzyva</b>")
    assert [(v.special, v.counts, v.reason) for v in vs] == [
        ("unvote", True, None), (None, False, "unknown-name")]
    assert vs[0].detail is not None
    assert "Zyzzyva" in vs[0].detail


@pytest.mark.parametrize("later", [
    '<blockquote class="mk-quote" data-author="Fenwick"><b>Vote: Zyzzyva</b></blockquote>',
    '<div class="mk-spoiler"><b>Vote: Zyzzyva</b></div>',
    "<b>Why would I vote you?</b>",
    "<b>Vote was ignored by the mod, it seems</b>",
    "<b>My vote stays</b>",
])
def test_what_is_no_vote_of_the_author_supersedes_nothing(later: str) -> None:
    vs = votes("<b>Vote: Fenwick</b><br>" + later)
    assert [(v.target, v.counts) for v in vs if v.counts] == [("Fenwick", True)]
    assert all(v.reason != "superseded" for v in vs)


def test_a_later_counted_vote_supersedes_as_before() -> None:
    assert read("<b>Vote: Zyzzyva</b><br><b>Vote: Fenwick</b>") == [
        (None, None, False, "unknown-name"), ("Fenwick", None, True, None)]


# -- tags typed as text ----------------------------------------------------------------------

@pytest.mark.parametrize("html", [
    TAG.format("VOTE: Fenwick[/vote] because he dodged"),
    TAG.format("VOTE: Fenwick[/unvote]<br>That is my read"),
    "<b>VOTE: Fenwick {/vote}<br>Because of the wagon</b>",
    TAG.format("VOTE: Vote: Fenwick"),  # "[vote]Vote: Fenwick[/vote]"
])
def test_a_typed_tag_or_a_doubled_vote_word_is_one_vote(html: str) -> None:
    assert read(html) == [("Fenwick", None, True, None)]


def test_a_vote_tag_holding_an_unvote_is_an_unvote() -> None:
    assert read(TAG.format("VOTE: UNVOTE")) == [(None, "unvote", True, None)]


@pytest.mark.parametrize(("html", "target"), [
    ("<b>Vote TQ</b>", "Tobias Quill"),  # initials, though "is"-like words are verbs
    ("<b>vote IS</b>", None),  # upper case: a name (none here), not the verb
])
def test_a_verb_after_vote_is_only_a_lower_case_word(html: str, target: str | None) -> None:
    (v,) = votes(html)
    assert v.target == target
    assert v.reason == (None if target else "unknown-name")
