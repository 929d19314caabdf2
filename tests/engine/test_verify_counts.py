"""Vote-count findings: each count the GM posted against the re-count's standing votes then."""

from __future__ import annotations

from typing import Any

from engine.gamelog import GameLog, SourceRef, TallyEntry, VoteCount
from engine.verify import verify
from tests.engine.day_cases import build_log

DAY: dict[str, Any] = {
    "id": "t", "ruleset": "mafiascum", "players": ["A", "B", "C", "D", "E", "F", "G"],
    "end": 30,
    "votes": [
        {"post": 1, "voter": "A", "target": "C"},
        {"post": 2, "voter": "B", "target": "C"},
        {"post": 5, "voter": "B", "target": "D"},  # B moves: a count after 5 must show it
        {"post": 7, "voter": "E", "target": "D"},
    ],
}


def with_counts(*counts: tuple[int, dict[str, list[str]]]) -> GameLog:
    log = build_log(DAY)
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    for post, tally in counts:
        d1.vote_counts.append(VoteCount(
            post=post, tally=[TallyEntry(target=t, votes=len(v), voters=v)
                              for t, v in tally.items()],
            source=SourceRef(kind="post", post=post)))
    return log


def count_findings(log: GameLog) -> list[tuple[str, str, tuple[str, ...]]]:
    return [(f.status, f.reason, f.chain) for f in verify(log).findings
            if f.item.startswith("vote count")]


def test_a_count_that_matches_is_confirmed() -> None:
    log = with_counts((3, {"C": ["A", "B"]}), (8, {"C": ["A"], "D": ["B", "E"]}))
    assert count_findings(log) == [
        ("confirmed", "every voter stands where the GM's count puts them", ()),
        ("confirmed", "every voter stands where the GM's count puts them", ())]


def test_a_count_written_a_few_posts_earlier_is_confirmed_as_of_then() -> None:
    # posted at 8 but as the thread stood after post 5: E's vote (post 7) came meanwhile
    log = with_counts((8, {"C": ["A"], "D": ["B"]}))
    assert count_findings(log) == [
        ("confirmed", "as of post 5; the votes of post 7 came after", ())]


def test_a_gm_who_missed_a_vote_change_is_disputed_with_the_post() -> None:
    # the GM still has B on C after B moved to D in post 5 (16416: RobCapone in post 755)
    log = with_counts((3, {"C": ["A", "B"]}), (9, {"C": ["A", "B"], "D": ["E"]}))
    status, reason, chain = count_findings(log)[1]
    assert (status, reason) == ("disputed", "1 voter placed differently")
    assert chain == ("B: the GM has them on C, the re-count on D since post 5",)


def test_a_voter_the_gm_left_out() -> None:
    log = with_counts((9, {"C": ["A"], "D": ["E"]}))
    status, _, chain = count_findings(log)[0]
    assert status == "disputed"
    assert chain == ("B: the GM has them not voting, the re-count on D since post 5",)
