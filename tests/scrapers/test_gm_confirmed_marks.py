"""Marks the text alone does not give (an unbolded 'Vote: X' line, a name no player has),
confirmed by the GM's next vote count (`scrapers.votes.confirm`), under the mafiascum ruling
`mafiascum.gm-confirmed-marks`. Invented games: five players, the GM's counts among the
posts."""

from __future__ import annotations

from engine.day import count_day
from engine.gamelog import GameLog, Vote
from scrapers.accounting import take_votes
from scrapers.votecounts import read_vote_counts
from tests.scrapers.votes_game import day_one

NICKS = ["Marigold", "Tolliver", "Quenby", "Rookwood", "Saffron"]
BOLD = "<b>{}</b>"


def count(*lines: str) -> str:
    """A GM's vote count post."""
    return "<br>\n".join(("Vote Count 1.3", "", *lines, "", "With 5 alive, 3 votes lynch."))


def game(*posts: tuple[str, str], rulings: dict[str, str] | None = None,
         ruleset: str = "mafiascum") -> GameLog:
    """Posts numbered from 1; the GM is 'Warden'; the counts read, then the votes."""
    log = day_one(ruleset, [(n, n, None) for n in NICKS], posts, gm="Warden",
                  opening="Day 1 begins")
    log.meta.rulings.update(rulings or {})
    log.issues.extend(read_vote_counts(log))
    take_votes(log)
    return log


def marks(log: GameLog, voter: str) -> list[Vote]:
    return [v for v in log.votes if v.voter == voter]


def codes(log: GameLog) -> list[tuple[str, int | None]]:
    return [(i.code, i.where.post) for i in log.issues if i.code.startswith("gm-")]


def test_an_unbolded_vote_confirmed_by_the_next_count_counts() -> None:
    log = game(("Marigold", BOLD.format("Vote: Quenby")),
               ("Tolliver", "I agree with that.<br>Vote: Quenby"),
               ("Warden", count("Quenby (2) - Marigold, Tolliver", "Not voting: Rookwood, "
                                "Saffron, Quenby")))
    (v,) = marks(log, "Tolliver")
    assert (v.target, v.counts, v.reason, v.confirmed_by, v.unconfirmed) == (
        "Quenby", True, "gm-count", 3, "not-formatted")
    assert "unbolded" in (v.detail or "")
    assert "post 3" in (v.detail or "")
    assert codes(log) == [("gm-confirmed-mark", 2)]
    assert [i.severity for i in log.issues if i.code == "gm-confirmed-mark"] == ["warning"]
    assert count_day(log, 1).tally[0].voters == ("Marigold", "Tolliver")


def test_a_riddle_name_confirmed_by_the_next_count_counts_for_that_player() -> None:
    log = game(("Marigold", BOLD.format("Vote: Quenby")),
               ("Tolliver", BOLD.format("Vote: the one who hums")),
               ("Warden", count("Quenby (2) - Marigold, Tolliver")))
    (v,) = marks(log, "Tolliver")
    assert (v.target, v.counts, v.reason, v.confirmed_by, v.unconfirmed) == (
        "Quenby", True, "gm-count", 3, "unknown-name")
    assert codes(log) == [("gm-confirmed-mark", 2)]


def test_a_count_that_shows_something_else_leaves_the_mark_unconfirmed() -> None:
    # the unbolded line names Saffron, the count has the voter on Quenby: no confirmation
    log = game(("Tolliver", "Vote: Saffron"),
               ("Warden", count("Quenby (1) - Tolliver")))
    (v,) = marks(log, "Tolliver")
    assert (v.target, v.counts, v.reason, v.confirmed_by) == ("Saffron", False,
                                                              "not-formatted", None)
    assert "not on Saffron" in (v.detail or "")
    assert codes(log) == [("gm-count-no-confirmation", 1)]


def test_no_count_before_the_voters_next_mark_leaves_the_mark_unconfirmed() -> None:
    log = game(("Tolliver", BOLD.format("Vote: the one who hums")),
               ("Tolliver", BOLD.format("Vote: Saffron")),
               ("Warden", count("Saffron (1) - Tolliver")))
    first, second = marks(log, "Tolliver")
    assert (first.counts, first.reason, first.target) == (False, "unknown-name", None)
    assert "before the voter's next mark" in (first.detail or "")
    assert (second.counts, second.target) == (True, "Saffron")
    assert codes(log) == [("gm-count-no-confirmation", 1)]


def test_a_count_showing_the_standing_vote_confirms_nothing() -> None:
    log = game(("Tolliver", BOLD.format("Vote: Saffron")),
               ("Tolliver", BOLD.format("Vote: the one who hums")),
               ("Warden", count("Saffron (1) - Tolliver")))
    riddle = marks(log, "Tolliver")[1]
    assert (riddle.counts, riddle.reason) == (False, "unknown-name")
    assert "standing vote" in (riddle.detail or "")


def test_a_count_placing_the_voter_on_two_players_confirms_nothing() -> None:
    log = game(("Tolliver", BOLD.format("Vote: the one who hums")),
               ("Warden", count("Saffron (2) - Tolliver, Marigold",
                                "Quenby (2) - Tolliver, Rookwood")))
    (v,) = marks(log, "Tolliver")
    assert (v.counts, v.reason, v.target) == (False, "unknown-name", None)
    assert "Quenby, Saffron" in (v.detail or "")
    assert codes(log) == [("gm-count-no-confirmation", 1)]


def test_the_learnt_name_counts_for_the_same_voters_later_marks_only() -> None:
    log = game(("Tolliver", BOLD.format("Vote: the one who hums")),
               ("Warden", count("Quenby (1) - Tolliver")),
               ("Tolliver", BOLD.format("Vote: Saffron")),
               ("Tolliver", BOLD.format("Vote: The One Who Hums")),
               ("Rookwood", BOLD.format("Vote: the one who hums")))
    first, _, again = marks(log, "Tolliver")
    assert (first.target, first.reason, first.confirmed_by) == ("Quenby", "gm-count", 2)
    assert (again.target, again.counts, again.reason, again.confirmed_by) == (
        "Quenby", True, "gm-count", 2)
    assert "names Quenby for this voter" in (again.detail or "")
    assert "after their mark in post 1" in (again.detail or "")
    (other,) = marks(log, "Rookwood")  # another voter's riddle is theirs to explain
    assert (other.counts, other.reason) == (False, "unknown-name")
    assert codes(log) == [("gm-confirmed-mark", 1), ("gm-confirmed-alias", 4),
                          ("gm-count-no-confirmation", 5)]


def test_one_placement_confirms_one_mark() -> None:
    # two riddles of one voter before one count: the first is followed by the second mark
    log = game(("Tolliver", BOLD.format("Vote: the one who hums")),
               ("Tolliver", BOLD.format("Vote: the tall one")),
               ("Warden", count("Quenby (1) - Tolliver")))
    first, second = marks(log, "Tolliver")
    assert (first.counts, second.counts, second.target) == (False, True, "Quenby")


def test_with_the_ruling_off_the_marks_stay_as_the_text_gives_them() -> None:
    posts = (("Tolliver", BOLD.format("Vote: the one who hums")),
             ("Rookwood", "Vote: Quenby"),
             ("Warden", count("Quenby (2) - Tolliver, Rookwood")))
    log = game(*posts, rulings={"mafiascum.gm-confirmed-marks": "off"})
    assert [(v.voter, v.counts, v.reason) for v in log.votes] == [
        ("Tolliver", False, "unknown-name")]  # the plain line is no mark, as before
    assert codes(log) == []
    # a log read with the ruling on, re-counted with it off: the text alone decides
    on = game(*posts)
    assert [(v.voter, v.reason) for v in on.votes] == [("Tolliver", "gm-count"),
                                                       ("Rookwood", "gm-count")]
    assert count_day(on, 1).tally[0].votes == 2
    off = count_day(on, 1, {"mafiascum.gm-confirmed-marks": "off"})
    assert (off.tally, [(n.voter, n.reason) for n in off.not_counted]) == (
        [], [("Tolliver", "unknown-name"), ("Rookwood", "not-formatted")])


def test_a_rule_set_without_the_ruling_takes_no_confirmed_marks() -> None:
    log = game(("Tolliver", BOLD.format("execute the one who hums")),
               ("Warden", count("Quenby (1) - Tolliver")), ruleset="contested-island")
    assert all(v.reason != "gm-count" for v in log.votes)
    assert codes(log) == []


def test_a_count_listing_its_voters_in_square_brackets_is_read() -> None:
    # "[L-1] Quenby - [Marigold, Tolliver]": the count that confirms must be read whole
    log = game(("Warden", count("[L-1] Quenby - [Marigold, Tolliver]",
                                "Not Voting - [Rookwood, Saffron, Quenby]")))
    (vc,) = log.published.phases[0].vote_counts
    assert [(t.target, t.voters) for t in vc.tally] == [("Quenby", ["Marigold", "Tolliver"])]
    assert vc.not_voting == ["Rookwood", "Saffron", "Quenby"]


def test_a_name_confirmed_behind_two_voters_is_the_threads_for_a_third() -> None:
    # 'Spinner' (the avatar's name of Quenby) confirmed for Marigold and Tolliver; Rookwood
    # writes it after the last count: counted for Quenby on the two confirmations
    log = game(("Marigold", BOLD.format("Vote: Spinner")),
               ("Tolliver", BOLD.format("Vote: Spinner")),
               ("Warden", count("Quenby (2) - Marigold, Tolliver")),
               ("Rookwood", BOLD.format("Vote: spinner")))
    (v,) = marks(log, "Rookwood")
    assert (v.target, v.counts, v.reason, v.confirmed_by, v.unconfirmed) == (
        "Quenby", True, "gm-count", 3, "unknown-name")
    assert "thread's name for Quenby" in (v.detail or "")
    assert "Marigold (count in post 3), Tolliver (count in post 3)" in (v.detail or "")
    assert ("gm-confirmed-shared-name", 4) in codes(log)
    assert count_day(log, 1).outcome == "Quenby"


def test_one_voters_riddle_stays_theirs() -> None:
    log = game(("Marigold", BOLD.format("Vote: Spinner")),
               ("Warden", count("Quenby (1) - Marigold")),
               ("Rookwood", BOLD.format("Vote: Spinner")))
    (v,) = marks(log, "Rookwood")
    assert (v.target, v.counts, v.reason) == (None, False, "unknown-name")
    assert ("gm-confirmed-shared-name", 4) not in codes(log)


def test_a_shared_name_gives_way_to_the_count_after_the_mark() -> None:
    log = game(("Marigold", BOLD.format("Vote: Spinner")),
               ("Tolliver", BOLD.format("Vote: Spinner")),
               ("Warden", count("Quenby (2) - Marigold, Tolliver")),
               ("Rookwood", BOLD.format("Vote: Spinner")),
               ("Warden", count("Quenby (2) - Marigold, Tolliver", "Saffron (1) - Rookwood")))
    # the count after Rookwood's mark is the GM's word for it: Saffron, not the thread's
    (v,) = marks(log, "Rookwood")
    assert (v.target, v.counts, v.reason, v.confirmed_by) == ("Saffron", True, "gm-count", 5)
    assert ("gm-confirmed-mark", 4) in codes(log)
    assert ("gm-confirmed-shared-name", 4) not in codes(log)
