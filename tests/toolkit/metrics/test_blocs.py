"""Voting blocs on tiny games computed by hand (post k is at minute 10k; a day's minutes
count from its start post), plus smoke runs on a bundled game and a corpus game."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from engine.gamelog import Death, GameLog, SlotChange, SourceRef, load
from tests.conftest import ROOT, corpus_dir, corpus_threads
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.corpus import load_thread
from toolkit.daycount import count_all
from toolkit.metrics import blocs

FACTIONS = {"A": "town", "B": "town", "C": "mafia", "D": "mafia"}


def main_game() -> GameLog:
    """Day 1 (posts 2-10, no elimination): A>C 3, B>C 4, C>A 5, D>A 6, A unvotes 7, A>D 8,
    B>D 9; night 1 kills B; day 2 (posts 12-16): C>A 13, A>C 14, D>A 15 hammers A (2 of
    3 living)."""
    return tiny_game(FACTIONS, [
        [("A", "C"), ("B", "C"), ("C", "A"), ("D", "A"), ("A", None), ("A", "D"), ("B", "D")],
        [("C", "A"), ("A", "C"), ("D", "A")],
    ], eliminated=[None, "A"], killed=[["B"]])


def rows(df: pd.DataFrame) -> list[tuple[object, ...]]:
    return [tuple(r) for r in df.itertuples(index=False)]


def test_day_votes() -> None:
    d1, d2 = blocs.day_votes(main_game())
    assert d1.alive == d1.end_alive == ("A", "B", "C", "D")
    assert d1.final == {"A": "D", "B": "D", "C": "A", "D": "A"}
    # the unvote at 7 casts nothing; A's return at 8 is a vote
    assert [(c.post, c.voter, c.target) for c in d1.cast] == [
        (3, "A", "C"), (4, "B", "C"), (5, "C", "A"), (6, "D", "A"), (8, "A", "D"),
        (9, "B", "D")]
    # spans from each vote post to the next (10 minutes), the last to the close (post 10)
    assert [(s.start, s.end) for s in d1.spans] == [(10 * i, 10 * i + 10) for i in range(1, 8)]
    assert d1.spans[4].standing == {"B": "C", "C": "A", "D": "A"}
    assert d2.alive == ("A", "C", "D")  # B died in the night
    # the hammer (post 15) decides the day: its standing lasts 0 minutes
    assert (d2.spans[-1].start, d2.spans[-1].end) == (30.0, 30.0)


def test_final_agreement() -> None:
    df = blocs.final_agreement(main_game())
    # finals: D1 A>D B>D C>A D>A; D2 A>C C>A D>A (B dead)
    assert rows(df) == [
        ("A", "B", 1, 1, 1.0),  # D1 both on D
        ("A", "C", 2, 0, 0.0),
        ("A", "D", 2, 0, 0.0),
        ("B", "C", 1, 0, 0.0),
        ("B", "D", 1, 0, 0.0),
        ("C", "D", 2, 2, 1.0),  # both on A twice
    ]


def test_co_wagon_overlap_by_day() -> None:
    df = blocs.co_wagon_overlap(main_game())
    assert rows(df) == [
        # D1, 10-minute spans: A,B both voting in 4,5,6,8,9 (50 min), same in 4,5,6,9 (40)
        (1, "A", "B", 40.0, 50.0, 0.8),
        (1, "A", "C", 0.0, 40.0, 0.0),  # spans 5,6,8,9
        (1, "A", "D", 0.0, 30.0, 0.0),  # spans 6,8,9
        (1, "B", "C", 0.0, 50.0, 0.0),  # spans 5-9
        (1, "B", "D", 0.0, 40.0, 0.0),  # spans 6-9
        (1, "C", "D", 40.0, 40.0, 1.0),  # both on A in spans 6-9
        # D2: only A,C stand together for a while (14 -> 15); span 15 lasts 0 minutes
        (2, "A", "C", 0.0, 10.0, 0.0),
    ]


def test_co_wagon_overlap_game() -> None:
    df = blocs.co_wagon_overlap_game(main_game())
    assert rows(df) == [
        ("A", "B", 40.0, 50.0, 0.8), ("A", "C", 0.0, 50.0, 0.0),  # 40 + 10 minutes
        ("A", "D", 0.0, 30.0, 0.0), ("B", "C", 0.0, 50.0, 0.0), ("B", "D", 0.0, 40.0, 0.0),
        ("C", "D", 40.0, 40.0, 1.0)]


def test_signed_agreement() -> None:
    df = blocs.signed_agreement(main_game())
    assert rows(df) == [
        ("A", "B", 1, 1, 0, 1.0),  # D1 same (D); D2 B dead
        ("A", "C", 2, 0, 2, -1.0),  # D1 C>A; D2 on each other: -1 once
        ("A", "D", 2, 0, 2, -1.0),  # D>A both days
        ("B", "C", 1, 0, 0, 0.0),  # D1 B>D, C>A: different, not on each other
        ("B", "D", 1, 0, 1, -1.0),  # B>D
        ("C", "D", 2, 2, 0, 1.0),
    ]


def test_vote_edges() -> None:
    df = blocs.vote_edges(main_game())
    assert rows(df) == [
        # D1 minutes: A>C spans 3-6 (40), A>D 8-9 (20), B>C 4-8 (50), B>D 9 (10),
        # C>A 5-9 (50), D>A 6-9 (40)
        (1, "A", "C", 1, 40.0, 0), (1, "A", "D", 1, 20.0, 1), (1, "B", "C", 1, 50.0, 0),
        (1, "B", "D", 1, 10.0, 1), (1, "C", "A", 1, 50.0, 1), (1, "D", "A", 1, 40.0, 1),
        # D2: A>C 14 (10), C>A 13-14 (20), D>A at the hammer (0)
        (2, "A", "C", 1, 10.0, 1), (2, "C", "A", 1, 20.0, 1), (2, "D", "A", 1, 0.0, 1),
    ]


@pytest.mark.parametrize(("weight", "expected"), [
    ("votes", {("A", "C"): 2, ("A", "D"): 1, ("B", "C"): 1, ("B", "D"): 1, ("C", "A"): 2,
               ("D", "A"): 2}),
    # 40 + 10, 20, 50, 10, 50 + 20, 40 + 0
    ("minutes", {("A", "C"): 50, ("A", "D"): 20, ("B", "C"): 50, ("B", "D"): 10,
                 ("C", "A"): 70, ("D", "A"): 40}),
    # B>C was never a final vote: no edge
    ("final", {("A", "C"): 1, ("A", "D"): 1, ("B", "D"): 1, ("C", "A"): 2, ("D", "A"): 2}),
])
def test_vote_graph(weight: str, expected: dict[tuple[str, str], float]) -> None:
    g = blocs.vote_graph(main_game(), weight=weight)  # type: ignore[arg-type]
    assert list(g.nodes) == ["A", "B", "C", "D"]
    assert g.nodes["C"]["faction"] == "mafia"
    assert {(u, v): w for u, v, w in g.edges(data="weight")} == expected


def test_vote_graph_days() -> None:
    g = blocs.vote_graph(main_game(), days=[2])
    assert {(u, v): w for u, v, w in g.edges(data="weight")} == {
        ("A", "C"): 1, ("C", "A"): 1, ("D", "A"): 1}


def test_pair_matrix() -> None:
    m = blocs.pair_matrix(blocs.final_agreement(main_game()), "agreement", ["D", "C", "A"])
    assert list(m.index) == list(m.columns) == ["D", "C", "A"]
    assert m.at["C", "D"] == 1.0
    assert m.at["D", "C"] == 1.0
    assert m.loc["A", "A"] == 1.0
    assert m.loc["A", "D"] == 0.0


def test_no_votes() -> None:
    log = tiny_game(FACTIONS, [[("talk", "A", "hello")]], eliminated=[None])
    (d1,) = blocs.day_votes(log)
    assert d1.final == {}
    assert d1.cast == ()
    assert d1.spans == ()
    for df in (blocs.final_agreement(log), blocs.co_wagon_overlap(log),
               blocs.co_wagon_overlap_game(log), blocs.vote_edges(log)):
        assert df.empty
        assert len(df.columns) >= 5
    assert rows(blocs.signed_agreement(log))[0] == ("A", "B", 1, 0, 0, 0.0)
    assert blocs.vote_graph(log).number_of_edges() == 0


def test_departure_mid_day() -> None:
    """B is modkilled at post 6 (E's chatter): B's vote and the vote on B go; later votes'
    living set lacks B. Posts: A>C 3, B>C 4, C>B 5, talk 6, D>C 7, E>C 8 hammers C (3 of
    4)."""
    log = tiny_game({**FACTIONS, "E": "town"}, [
        [("A", "C"), ("B", "C"), ("C", "B"), ("talk", "E", "hi"), ("D", "C"), ("E", "C")],
    ], eliminated=["C"])
    item = log.published.for_phase("D1")
    assert item is not None
    item.deaths.append(Death(slot="B", kind="modkilled", source=SourceRef(kind="post", post=6)))
    (d1,) = blocs.day_votes(log)
    assert [c.living for c in d1.cast] == [("A", "B", "C", "D", "E")] * 3 + \
        [("A", "C", "D", "E")] * 2
    assert d1.spans[3].standing == {"A": "C"}  # after post 6
    assert d1.end_alive == ("A", "C", "D", "E")
    assert rows(blocs.co_wagon_overlap(log)) == [
        (1, "A", "B", 20.0, 20.0, 1.0),  # spans 4, 5
        (1, "A", "C", 0.0, 10.0, 0.0),  # span 5
        (1, "A", "D", 10.0, 10.0, 1.0),  # span 7 (span 8 lasts 0 minutes)
        (1, "B", "C", 0.0, 10.0, 0.0)]


def test_double_lynch_day() -> None:
    """Two lynches on day 1: A,B,C hammer E at post 5; the votes start again: D>A 6, B>A
    7, C>A 8 hammers A."""
    log = tiny_game({"A": "town", "B": "town", "C": "town", "D": "mafia", "E": "mafia"}, [
        [("A", "E"), ("B", "E"), ("C", "E"), ("D", "A"), ("B", "A"), ("C", "A")],
    ], eliminated=["A"])
    log.meta.rulings = {"mafiascum.day-lynches": "two"}
    (d1,) = blocs.day_votes(log)
    assert d1.spans[2].standing == {}  # after the first hammer nothing stands
    assert d1.final == {"D": "A", "B": "A", "C": "A"}
    assert d1.cast[3].living == ("A", "B", "C", "D")  # E is gone after post 5
    # A,B stood together on E in span 4 only (10 min); B,D together on A in span 7 (10)
    overlap = blocs.co_wagon_overlap(log).set_index(["a", "b"])["overlap"]
    assert overlap[("A", "B")] == 1.0
    assert overlap[("B", "D")] == 1.0
    assert ("A", "D") not in overlap.index


def test_faction_at() -> None:
    log = main_game()
    log.players[1].changes.append(SlotChange(phase="N1", kind="recruited", faction="mafia"))
    assert blocs.faction_at(log, "B", 1) == "town"
    assert blocs.faction_at(log, "B", 2) == "mafia"
    log.players[0].faction = None
    assert blocs.true_labels(log, blocs.day_votes(log))[1]["A"] == "unknown"


def _check_invariants(log: GameLog) -> None:
    results = count_all(log)
    fa = blocs.final_agreement(log, results)
    assert ((fa["agreement"] >= 0) & (fa["agreement"] <= 1)).all()
    ov = blocs.co_wagon_overlap(log, results)
    assert (ov["together"] <= ov["both_voting"] + 1e-9).all()
    sa = blocs.signed_agreement(log, results)
    assert ((sa["signed"] >= -1) & (sa["signed"] <= 1)).all()
    edges = blocs.vote_edges(log, results)
    days = blocs.day_votes(log, results)
    assert edges["votes"].sum() == sum(1 for d in days for c in d.cast
                                       if c.target != blocs.NO_LYNCH)
    g = blocs.vote_graph(log, results)
    assert set(g.nodes) == {s.id for s in log.players}
    assert not math.isnan(fa["agreement"].mean())


def test_bundled_game() -> None:
    _check_invariants(load(ROOT / "data" / "games" / "open-roles" / "expected.json"))


def test_corpus_game() -> None:
    threads = corpus_threads()
    if not threads:
        pytest.skip(f"mafiascum corpus not found at {corpus_dir()} (set MAFIAKIT_SHARED)")
    corpus = corpus_dir()
    smallest = min(threads, key=lambda t: (corpus / "posts" / f"{t}.jsonl.gz").stat().st_size)
    log = load_thread(smallest, corpus)  # imported, its votes read
    _check_invariants(log)
