"""Night visits on tiny contested-island nights whose outcome the night engine's own scenario
cases fix (tests/engine/cases/contested-island/night/), and on the bundled game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from engine.gamelog import Action, GameLog, NightLog, load
from engine.night import NightError
from tests.toolkit.metrics.tiny import tiny_game
from toolkit.metrics.visits import (
    cumulative_graph,
    has_night_engine,
    night_graphs,
    repeat_visits,
    resolved_visits,
    submitted_visits,
)

ROOT = Path(__file__).resolve().parents[3]


def act(actor: str, ability: str, *targets: str, **options: Any) -> Action:
    return Action(actor=actor, ability=ability, targets=list(targets), options=options)


def island(roles: Mapping[str, str], nights: Sequence[Sequence[Action]], *,
           eliminated: Sequence[str | None] = ()) -> GameLog:
    """A tiny contested-island game: the slots with these roles, one day before each night
    (and one after), the nights' logs as given."""
    base = tiny_game(dict.fromkeys(roles, ""), [[] for _ in range(len(nights) + 1)],
                     eliminated=eliminated, ruleset="contested-island")
    players = [s.model_copy(update={"role": roles[s.id], "faction": None})
               for s in base.players]
    logs = [NightLog(number=n, actions=list(a)) for n, a in enumerate(nights, start=1)]
    return base.model_copy(update={"players": players, "nights": logs})


def rows(df: Any, *cols: str) -> list[tuple[Any, ...]]:
    """The frame's columns as plain tuples, missing values (NA) as None."""
    return [tuple(None if pd.isna(v) else v for v in r)
            for r in df[list(cols)].astype(object).itertuples(index=False)]


def test_block_marks_the_blocked_move() -> None:
    # CI-NIGHT-014: Bob (step 8) blocks Jen Li, whose murder (step 20-21) fails
    log = island({"A": "jen-li", "B": "rastaman-bob", "C": "john-levy"},
                 [[act("A", "murder", "C", attack="physical"), act("B", "bit-of-optimism", "A")]])
    df = resolved_visits(log)
    assert rows(df, "index", "actor", "ability", "target", "resolved_target", "status",
                "reason") == [
        (0, "A", "murder", "C", "C", "blocked", "blocked by B (A Bit of Optimism)"),
        (1, "B", "bit-of-optimism", "A", "A", "resolved", None),
    ]


def test_redirection_keeps_the_sent_target_and_the_new_one() -> None:
    # CI-NIGHT-201: Crow sends everyone who comes to him on to E: Milton's cover and Ru's
    # check go to E; Crow's own move and Jen Li's murder stay where they were sent
    log = island({"W": "alex-crow", "M": "max-milton", "A": "jen-li", "E": "john-levy",
                  "R": "ru"},
                 [[act("W", "sending-away", "E"), act("M", "cover", "W"),
                   act("R", "who-are-you", "W"), act("A", "murder", "E", attack="physical")]])
    df = resolved_visits(log)
    assert rows(df, "actor", "target", "resolved_target", "status", "redirected") == [
        ("W", "E", "E", "resolved", False),
        ("M", "W", "E", "redirected", True),
        ("R", "W", "E", "redirected", True),
        ("A", "E", "E", "resolved", False),
    ]
    graph = night_graphs(log, df)[1]
    # every slot is a node; four edges, all into E, the cover keyed by its ability
    assert sorted(graph.nodes) == ["A", "E", "M", "R", "W"]
    assert sorted((u, v, k) for u, v, k in graph.edges(keys=True)) == [
        ("A", "E", "murder"), ("M", "E", "cover"), ("R", "E", "who-are-you"),
        ("W", "E", "sending-away")]
    assert graph.edges["M", "E", "cover"]["target"] == "W"
    assert graph.edges["M", "E", "cover"]["status"] == "redirected"
    # the submitted graph keeps the arrows where they were sent
    sent = night_graphs(log, submitted_visits(log))[1]
    assert sorted((u, v) for u, v in sent.edges()) == [("A", "E"), ("M", "W"), ("R", "W"),
                                                       ("W", "E")]
    assert {d["status"] for _, _, d in sent.edges(data=True)} == {"submitted"}


def test_refused_moves_and_a_dead_actor() -> None:
    # CI-NIGHT-027: E was eliminated on day 1, so E's move is refused; Milton cannot cover
    # himself; Cornelius has no murder
    log = island({"M": "max-milton", "E": "john-levy", "C": "cornelius-lestrange"},
                 [[act("E", "private-conversation", "C"), act("M", "cover", "M"),
                   act("C", "murder", "M")]], eliminated=["E"])
    df = resolved_visits(log)
    assert rows(df, "actor", "status", "reason") == [
        ("E", "refused", "the actor is dead"),
        ("M", "refused", "an action cannot be directed at oneself"),
        ("C", "refused", "not an action of cornelius-lestrange"),
    ]
    graph = night_graphs(log, df)[1]
    assert graph.nodes["E"]["alive"] is False
    assert graph.nodes["M"]["alive"] is True
    # refused moves are drawn (status refused) but are no visits
    assert graph.number_of_edges() == 3
    assert cumulative_graph(log, df).number_of_edges() == 0


def test_isolation_stops_a_visitor_and_blocks_the_isolated() -> None:
    # CI-NIGHT-021: Levy isolates C: the murder of C is stopped (the target is isolated),
    # C's own surveillance is blocked (its actor isolated)
    log = island({"L": "john-levy", "A": "jen-li", "C": "max-kane", "J": "night-hunter"},
                 [[act("L", "private-conversation", "C"),
                   act("A", "murder", "C", attack="physical"), act("C", "surveillance", "J")]])
    df = resolved_visits(log)
    assert rows(df, "actor", "status", "done", "reason") == [
        ("L", "resolved", True, None),
        ("A", "stopped", False, "the target is isolated"),
        ("C", "blocked", False, "isolated by L"),
    ]


def test_stunned_repeat_and_the_action_it_replaces() -> None:
    # CI-NIGHT-016: K stuns C on night 1; on night 2 C repeats the stunned check (index -1,
    # origin repeat) and the gaze C sent is not taken (a refused row of the log)
    log = island({"K": "rick-morgan", "C": "cornelius-lestrange", "A": "night-hunter",
                  "E": "john-levy", "F": "max-kane"},
                 [[act("K", "stunning-blow", "C"), act("C", "experienced-psychologist", "E"),
                   act("A", "drive-mad", "F")],
                  [act("C", "professional-gaze", "A"), act("A", "drive-mad", "E")]])
    df = resolved_visits(log)
    night2 = df[df["night"] == 2]
    assert rows(night2, "index", "origin", "actor", "ability", "target", "status") == [
        (-1, "repeat", "C", "experienced-psychologist", "E", "resolved"),
        (0, "log", "C", "professional-gaze", "A", "refused"),
        (1, "log", "A", "drive-mad", "E", "resolved"),
    ]
    assert rows(df[df["night"] == 1], "actor", "status", "reason")[1] == \
        ("C", "blocked", "stunned by K")


def three_nights() -> GameLog:
    # Bob's block (step 8) comes before the checks (step 22)
    return island({"R": "ru", "B": "rastaman-bob", "J": "jen-li"}, [
        # N1: Bob blocks J, whose reconnaissance fails; R checks J
        [act("R", "who-are-you", "J"), act("B", "bit-of-optimism", "J"),
         act("J", "reconnaissance", "B", status="mental")],
        # N2: Bob blocks R, whose check fails; J checks R
        [act("R", "who-are-you", "J"), act("B", "bit-of-optimism", "R"),
         act("J", "reconnaissance", "R", status="mental")],
        # N3: R checks B, Bob blocks J again
        [act("R", "who-are-you", "B"), act("B", "bit-of-optimism", "J")],
    ])


def test_statuses_over_three_nights() -> None:
    df = resolved_visits(three_nights())
    assert rows(df, "night", "actor", "target", "status") == [
        (1, "R", "J", "resolved"), (1, "B", "J", "resolved"), (1, "J", "B", "blocked"),
        (2, "R", "J", "blocked"), (2, "B", "R", "resolved"), (2, "J", "R", "resolved"),
        (3, "R", "B", "resolved"), (3, "B", "J", "resolved"),
    ]


def test_cumulative_graph_counts_the_visits_that_took_place() -> None:
    log = three_nights()
    graph = cumulative_graph(log, resolved_visits(log))
    # took place: N1 R->J, B->J; N2 B->R, J->R; N3 R->B, B->J (J->B and R->J of N2 blocked)
    assert sorted((u, v, d["weight"], tuple(d["nights"])) for u, v, d in
                  graph.edges(data=True)) == [
        ("B", "J", 2, (1, 3)), ("B", "R", 1, (2,)), ("J", "R", 1, (2,)),
        ("R", "B", 1, (3,)), ("R", "J", 1, (1,))]
    assert graph.nodes["J"]["role"] == "jen-li"
    # every status counted: the two blocked moves come in
    everything = cumulative_graph(log, resolved_visits(log),
                                  statuses=("resolved", "blocked"))
    assert everything.edges["R", "J"]["weight"] == 2  # N1 resolved + N2 blocked
    assert everything.edges["J", "B"]["weight"] == 1


def test_repeat_visits() -> None:
    log = three_nights()
    # resolved: only B->J took place on two nights (1 and 3); R->J of night 2 was blocked
    resolved = repeat_visits(resolved_visits(log))
    assert rows(resolved, "actor", "target", "nights", "visits", "first_night", "last_night",
                "night_list", "abilities") == [
        ("B", "J", 2, 2, 1, 3, "1,3", "bit-of-optimism")]
    # submitted: B->J (nights 1, 3) and R->J (nights 1, 2), ordered by actor on equal counts
    sent = repeat_visits(submitted_visits(log))
    assert rows(sent, "actor", "target", "nights", "night_list") == [
        ("B", "J", 2, "1,3"), ("R", "J", 2, "1,2")]
    # min_nights=1: every pair; five distinct pairs took place
    assert len(repeat_visits(resolved_visits(log), min_nights=1)) == 5
    # min_nights=3: none
    assert repeat_visits(resolved_visits(log), min_nights=3).empty


def test_same_edge_twice_gets_its_own_key() -> None:
    # the same action twice in one night: both drawn in the submitted graph; the engine
    # refuses the second ("the same action twice in one night")
    log = island({"R": "ru", "J": "jen-li"},
                 [[act("R", "who-are-you", "J"), act("R", "who-are-you", "J")]])
    sent = night_graphs(log, submitted_visits(log))[1]
    assert sorted(k for _, _, k in sent.edges(keys=True)) == ["who-are-you", "who-are-you#2"]
    df = resolved_visits(log)
    assert rows(df, "status", "reason") == [
        ("resolved", None),
        ("refused", "the same action twice in one night (\"different NAs\")")]


def test_no_nights_and_no_engine() -> None:
    log = tiny_game({"a": "town", "b": "mafia"}, [[("a", "b")]])
    assert not has_night_engine(log)  # mafiascum has no night engine
    assert submitted_visits(log).empty
    assert night_graphs(log, submitted_visits(log)) == {}
    assert repeat_visits(submitted_visits(log)).empty
    with pytest.raises(NightError):
        resolved_visits(log)


def test_multi_target_move_gives_a_row_per_target() -> None:
    log = island({"A": "jen-li", "B": "ru", "C": "john-levy"},
                 [[act("A", "assault", "B", "C")]])
    assert rows(submitted_visits(log), "actor", "position", "target") == [
        ("A", 0, "B"), ("A", 1, "C")]


def test_bundled_contested_island_game() -> None:
    log = load(ROOT / "data" / "games" / "contested-island" / "expected.json")
    assert has_night_engine(log)
    df = resolved_visits(log)
    # every logged action is there, one row per target, with origin log
    logged = sum(max(1, len(a.targets)) for n in log.nights for a in n.actions)
    assert (df["origin"] == "log").sum() == logged == len(submitted_visits(log))
    # known outcomes of the game (see data/games/contested-island/verify.txt)
    aruba = df[(df["night"] == 1) & (df["actor"] == "Aruba")]
    assert rows(aruba, "target", "resolved_target", "status") == [
        ("Fiji", "Singapore", "redirected")]
    pit = df[(df["night"] == 4) & (df["ability"] == "murder")]
    assert rows(pit, "actor", "target", "resolved_target", "status", "reason") == [
        ("Corsica", "Jamaica", None, "stopped", "fell into the pit in front of Jamaica")]
    # Bora-Bora's Tactical Maneuver performs Who are you? on night 2
    performed = df[df["origin"] == "performed"]
    assert ("who-are-you", "tactical-maneuver") in rows(performed, "ability", "via")
    assert set(df["status"]) <= {"resolved", "redirected", "blocked", "stopped", "refused"}
    graphs = night_graphs(log, df)
    assert sorted(graphs) == [1, 2, 3, 4, 5, 6]
    assert all(g.number_of_nodes() == len(log.players) for g in graphs.values())
    repeats = repeat_visits(df)
    assert (repeats["nights"] >= 2).all()
    assert list(repeats["nights"]) == sorted(repeats["nights"], reverse=True)
