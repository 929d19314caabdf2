"""No silent misreading in verify (issue 23): a GM's vote count no vote in the log supports
is unverifiable, not disputed; a log with no vote marks, or one phase for a whole thread,
is said before the findings."""

from __future__ import annotations

from engine.gamelog import Phase, Post
from engine.verify import misreadings, verify
from tests.engine.test_verify_counts import count_findings, with_counts


def test_a_count_of_votes_the_log_does_not_hold_is_unverifiable() -> None:
    # the votes were not read at all: the GM's count has A and B on C
    log = with_counts((3, {"C": ["A", "B"]}))
    log.votes = []
    status, reason, chain = count_findings(log)[0]
    assert status == "unverifiable"
    assert reason == "no vote in the log supports the GM's count of 2 voters: their votes " \
                     "were not read"
    assert chain == ("A: the GM has them on C; the log holds no vote mark of theirs this "
                     "day up to post 3",
                     "B: the GM has them on C; the log holds no vote mark of theirs this "
                     "day up to post 3")
    assert not verify(log).disputed


def test_a_voter_without_a_mark_beside_one_placed_differently() -> None:
    # G has no mark: unread; B is on D since post 5: a real difference, disputed
    log = with_counts((9, {"C": ["A", "B", "G"], "D": ["E"]}))
    status, reason, chain = count_findings(log)[0]
    assert (status, reason) == ("disputed", "1 voter placed differently (1 more with no "
                                            "vote read)")
    assert chain[0] == "B: the GM has them on C, the re-count on D since post 5"
    assert chain[1].startswith("G: the GM has them on C; the log holds no vote mark")


def test_a_voter_whose_mark_was_refused_is_still_disputed() -> None:
    # A's mark is in the log but not counted: the re-count places A differently from the GM
    log = with_counts((3, {"C": ["A", "B"]}))
    log.votes[0].counts, log.votes[0].reason = False, "in-quote"
    status, _, chain = count_findings(log)[0]
    assert status == "disputed"
    assert chain == ("A: the GM has them on C, the re-count not voting",)


def _thread(log_posts: int) -> list[Post]:
    return [Post(number=i, author="A" if i else "GM", gm=i == 0, text="hi", html="hi")
            for i in range(log_posts)]


def test_a_log_with_posts_and_no_votes_says_so_first() -> None:
    log = with_counts((3, {"C": ["A", "B"]}))
    log.posts = _thread(40)
    log.votes = []
    warnings = verify(log).warnings
    assert any(w.startswith("40 posts and no vote marks read") for w in warnings), warnings


def test_one_phase_for_a_whole_thread_says_so() -> None:
    log = with_counts()
    log.posts = _thread(40)
    log.phases = [Phase(kind="day", number=1)]
    assert any(w.startswith("one phase (D1) for the whole thread of 40 posts")
               for w in misreadings(log))


def test_a_well_read_log_has_no_warning() -> None:
    log = with_counts((3, {"C": ["A", "B"]}))
    assert verify(log).warnings == []


def test_every_player_surviving_with_no_death_read_says_so() -> None:
    log = with_counts()
    log.published.phases.clear()
    for slot in log.players:
        slot.fate = slot.fate.model_copy(update={"kind": "survived", "phase": None})
    assert f"no death read: all {len(log.players)} players are shown as survived" in \
        misreadings(log.model_copy(update={"posts": _thread(5)}))
