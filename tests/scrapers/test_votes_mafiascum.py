"""Vote extraction under the mafiascum grammar: what counts, and why the rest does not."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.gamelog import Boundary, GameLog
from scrapers.rulesets.mafiascum import grammar as mafiascum
from scrapers.rulesets.mafiascum.grammar import _MS_KEY, looks_like, may_hold_key, parse, read
from scrapers.votes import extract_votes
from scrapers.votes.marks import Mark
from tests.scrapers.votes_game import day_one, one

BOLD = '<span style="font-weight: bold">{}</span>'
TAG = '<span class="bbvote" title="This is an official vote.">{}</span>'


def game(*posts: tuple[str, str], gm: str = "Mod") -> GameLog:
    nicks = ["Alice", "Bob", "Carol", "Dave", "Blood Queen"]
    return day_one("mafiascum", [(n, n, None) for n in nicks], posts, gm=gm,
                   opening="Day 1 begins")


def test_bold_vote_counts() -> None:
    v = one(game(("Alice", "I think " + BOLD.format("Vote: Bob") + " is scum")))
    assert (v.voter, v.target, v.counts, v.phase) == ("Alice", "Bob", True, "D1")


def test_vote_tag_counts() -> None:
    v = one(game(("Alice", TAG.format("VOTE: Carol"))))
    assert (v.target, v.counts) == ("Carol", True)


def test_canonical_bold_counts() -> None:
    v = one(game(("Alice", "<b>vote dave</b>")))
    assert (v.target, v.counts) == ("Dave", True)


def test_plain_text_vote_is_talk() -> None:
    assert extract_votes(game(("Alice", "I will vote Bob later"))) == []


@pytest.mark.parametrize(("html", "reason"), [
    ("<blockquote><div><cite>Bob wrote:</cite>" + BOLD.format("Vote: Carol")
     + "</div></blockquote>", "in-quote"),
    ('<blockquote class="mk-quote" data-author="Bob"><b>vote carol</b></blockquote>',
     "in-quote"),
    ('<div class="mk-spoiler"><b>vote carol</b></div>', "in-spoiler"),
    ('<div style="display: none;"><b>vote carol</b></div>', "hidden-text"),
])
def test_marks_that_do_not_count(html: str, reason: str) -> None:
    v = one(game(("Alice", html)))
    assert (v.counts, v.reason, v.target) == (False, reason, "Carol")


def test_gm_posts_hold_vote_counts_not_votes() -> None:
    v = one(game(("Mod", BOLD.format("Vote: Carol"))))
    assert (v.counts, v.reason) == (False, "gm-post")


def test_non_player_marks_are_reported() -> None:
    v = one(game(("Lurker", BOLD.format("Vote: Carol"))))
    assert (v.counts, v.reason) == (False, "not-a-player")


def test_the_last_mark_of_a_post_wins() -> None:
    votes = extract_votes(game(("Alice", BOLD.format("Unvote; Vote: Bob") + " and "
                                + BOLD.format("vote Carol"))))
    assert [(v.special, v.target, v.counts, v.reason) for v in votes] == [
        ("unvote", None, False, "superseded"), (None, "Bob", False, "superseded"),
        (None, "Carol", True, None)]


def test_vote_for_the_moderator_is_not_a_target() -> None:
    v = one(game(("Alice", BOLD.format("Vote Mod"))))
    assert (v.counts, v.reason) == (False, "not-a-target")


def test_unknown_and_abbreviated_names() -> None:
    votes = extract_votes(game(("Alice", BOLD.format("vote teebs")),
                               ("Bob", BOLD.format("vote BQ"))))
    assert (votes[0].counts, votes[0].reason) == (False, "unknown-name")
    assert (votes[1].target, votes[1].counts) == ("Blood Queen", True)
    assert votes[1].detail
    assert "initials" in votes[1].detail


def test_no_lynch() -> None:
    v = one(game(("Alice", BOLD.format("No Lynch"))))
    assert (v.special, v.counts) == ("no-lynch", True)


@pytest.mark.parametrize(("text", "expected"), [
    ("VOTE: Blood Queen", [("vote", "Blood Queen")]),
    ("vote Dramonerx", [("vote", "Dramonerx")]),
    ("VOTE:X", [("vote", "X")]),
    ("Unvote; Vote: X", [("unvote", None), ("vote", "X")]),
    ("unvote, vote X", [("unvote", None), ("vote", "X")]),
    ("FoS: Dragon, Vote: MM4", [("vote", "MM4")]),
    ("Hammer vote unlynchable....", [("vote", "unlynchable")]),
    ("Vote: Pine -- Mod, please note this is only one vote, thanks.", [("vote", "Pine")]),
    ("vote: no lynch", [("no-lynch", None)]),
    ("No Lynch", [("no-lynch", None)]),
    ("Unvote, Vote: [L]", [("unvote", None), ("vote", "L")]),
    ("Unvote: TvK Vote: SiX", [("unvote", None), ("vote", "SiX")]),
    ("Unvote\n\nVote; Fugitive", [("unvote", None), ("vote", "Fugitive")]),
    ("VOTE: bubx2", [("vote", "bub")]),
    ("VOTE: RedFF x2", [("vote", "RedFF")]),
    ("talk that isnt going to work\nVOTE: formerfish", [("vote", "formerfish")]),
    ("saying \"if I'm the top scumread, vote me\" is disingenuous", []),
    ("@Mod : Just correction : Edosurist vote me, Implosion vote TML", []),
    ("intent to vote Bob", []),
    ("Vote Count 3.2", []),
    ("I don't see why Peabody would unvote at that point", []),
    ("I will vote for Tasky", []),
])
def test_grammar(text: str, expected: list[tuple[str, str | None]]) -> None:
    assert [(c.kind, c.name) for c in parse(text)] == expected


def test_a_vote_tag_inside_a_bold_run_is_its_own_mark() -> None:
    html = BOLD.format("suspicious of peabody but no cc<br><br>" + TAG.format("VOTE: carol"))
    v = one(game(("Alice", html)))
    assert (v.target, v.counts, v.raw) == ("Carol", True, "VOTE: carol")


def test_a_replaced_players_nick_is_not_read_from_initials() -> None:
    log = game(("Alice", BOLD.format("vote CD")))
    # "ChannelDelibird" was replaced by Dave at post 0; "CooLDoG" plays on
    log.players[3].occupants.insert(0, log.players[3].occupants[0].model_copy(
        update={"nick": "ChannelDelibird"}))
    log.players[3].occupants[1] = log.players[3].occupants[1].model_copy(
        update={"from_post": 0})
    log.players[2].occupants[0] = log.players[2].occupants[0].model_copy(
        update={"nick": "CooLDoG"})
    v = one(log)
    assert (v.target, v.counts) == ("Carol", True)


def test_two_names_of_one_slot_are_that_slot() -> None:
    log = game(("Alice", BOLD.format("Vote: Bo/Bobby")))
    log.players[1].aliases.append("Bobby")
    v = one(log)
    assert (v.target, v.counts) == ("Bob", True)


@pytest.mark.parametrize(("html", "starts"), [
    ("news for you. " + TAG.format("VOTE: Bob"), False),  # mid-line: 31972 post 1304
    ("talk<br> <br>" + TAG.format("VOTE: Bob"), True),
    (TAG.format("UNVOTE: Carol") + "; " + TAG.format("VOTE: Bob"), True),  # after an unvote
    ('<div style="display:inline;font-weight:bold"> Vote: Bob</div>', True),
    ("<i>hm</i> " + BOLD.format("vote Bob"), False),
    ("<p>a</p>" + BOLD.format("vote Bob"), True),
    ('<img src="smile.png"> ' + BOLD.format("vote Bob"), True),  # a smiley is not text
])
def test_a_mark_records_whether_it_starts_its_line(html: str, starts: bool) -> None:
    votes = [v for v in extract_votes(game(("Alice", html))) if v.target == "Bob"]
    assert [v.line_start for v in votes] == [starts]


def test_a_vote_after_the_last_days_end_falls_in_the_night_after_it() -> None:
    """Day 1 runs to post 3 (the GM closes it); a vote posted after it, in the last night
    (the game may end with the morning), is that night's, for the day count to judge."""
    log = game(("Alice", "<b>vote: bob</b>"), ("Mod", "Day 1 is over."),
               ("Bob", "<b>vote: alice</b>"))
    log.phases[0].end = Boundary(post=2, source="manual")
    votes = extract_votes(log)
    assert [(v.post, v.phase) for v in votes] == [(1, "D1"), (3, "N1")]


# the grammar's shortcuts: the vote word looked for by `in` before the pattern, the text
# before a vote word read only where it holds more than white space, and the clause after
# it cut once for the name, "x2" and a second name; the same answers as the full reading

def test_the_quick_key_test_misses_no_key_over_unicode() -> None:
    """`may_hold_key` says no only where `_MS_KEY` finds nothing: every character with a
    case (the only ones case-blind matching treats apart) and every space, in the place of
    each letter of each of the pattern's words."""
    words = ("vote", "vtoe", "hammer:")
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if c.lower() == c and c.upper() == c and c.casefold() == c and not c.isspace():
            continue
        for word in words:
            for i in range(len(word)):
                text = word[:i] + c + word[i + 1:]
                assert may_hold_key(text) or _MS_KEY.search(text) is None, repr(text)


_PIECES = st.sampled_from([
    "vote", "VOTE", "Vote", "vtoe", "unvote", "UN-VOTE", "un vote", "hammer", "HAMMER", ":",
    " ", "\n", ";", ",", ".", "-", " - ", "##", "#", "[/vote]", "{/vote}", "[/b]", "[b]",
    "Bob", "Carol", "no lynch", "NL", "sleep", " x2", " (x2)", "*2", " and ", " & ", " + ",
    "for ", "on ", "to hammer", "intent to ", "I ", "will ", "so ", "\"", "“", "(", ")", "]",
    " was ", " is ", "counts", "İ", "K", "ſ", "é", "\xa0", "\u2003",
])


def _full_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The grammar without its shortcuts: every text searched for vote words."""
    monkeypatch.setattr(mafiascum, "may_hold_key", lambda text: True)
    monkeypatch.setattr(mafiascum, "_clause_start", mafiascum._lead_in)


def _reading(text: str, tag: bool) -> list[tuple[object, ...]]:
    return [(c.kind, c.name, c.raw, c.void, c.detail, c.both, c.split)
            for c in parse(text, tag=tag)]


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=3)), max_size=12).map("".join),
       st.booleans())
def test_the_shortcuts_read_as_the_full_reading(text: str, tag: bool) -> None:
    quick = _reading(text, tag)
    looks = looks_like(Mark(kind="bold", text=text, index=0, bold=True, color=None))
    with pytest.MonkeyPatch.context() as mp:
        _full_reading(mp)
        assert _reading(text, tag) == quick, text
        assert looks_like(Mark(kind="bold", text=text, index=0, bold=True,
                               color=None)) == looks


@given(st.text(alphabet=st.sampled_from([" ", "\n", "\t", "\r", "\xa0", "\u2003", "\u3000",
                                         "\x1c", "\x85", "\u2028"]), max_size=8))
def test_a_blank_lead_in_is_a_clause_start(before: str) -> None:
    """What `_clause_start` does not read: the full reading says yes to every blank text."""
    assert mafiascum._lead_in(before) if before else True
    assert mafiascum._clause_start(before)


def test_a_mark_without_a_vote_word_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []
    real = mafiascum._MS_KEY

    class Spy:
        def finditer(self, text: str) -> object:
            searched.append(text)
            return real.finditer(text)

        def search(self, text: str) -> object:
            searched.append(text)
            return real.search(text)

    monkeypatch.setattr(mafiascum, "_MS_KEY", Spy())
    talk = Mark(kind="bold", text="I LIVE!! Spoiler:", index=0, bold=True, color=None)
    assert read(talk) == []
    assert not looks_like(talk)
    assert searched == []
    vote = Mark(kind="bold", text="VoTe: Bob", index=0, bold=True, color=None)
    assert [c.name for c in read(vote)] == ["Bob"]
    assert looks_like(vote)
    assert searched == ["VoTe: Bob", "VoTe: Bob"]


def test_the_clause_after_a_vote_word_is_cut_once(monkeypatch: pytest.MonkeyPatch) -> None:
    cut: list[str] = []
    real = mafiascum._clause

    def spy(rest: str) -> tuple[str, str]:
        cut.append(rest)
        return real(rest)

    monkeypatch.setattr(mafiascum, "_clause", spy)
    [cmd] = parse("VOTE: Ash and Birch x2")
    assert (cmd.name, cmd.both, cmd.split) == ("Ash and Birch", True, ("Ash", "Birch"))
    assert cut == [": Ash and Birch x2", "Birch x2"]  # the second name's own clause
