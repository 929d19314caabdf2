"""The cross-game research read from the store (issue 9, `toolkit.research_tables`): the
research tables of a game, the game rebuilt from them with the same null draws as from its
log, `cross_game_store` against `cross_game` on a slice of the corpus stored by
`mafiakit corpus`, stores that are missing or older than the research tables, notebook 07."""

from __future__ import annotations

import math
import shutil
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from engine.gamelog import GameLog
from tests.conftest import ROOT, need_corpus
from tests.toolkit.metrics.tiny import tiny_game
from tests.toolkit.stores import changed_copy, held_by_another_process
from tests.toolkit.test_research import FACTIONS, two_days
from toolkit.batch import run
from toolkit.research import CrossGame, cross_game, draws, game_wagons, null_figure
from toolkit.research_tables import (
    RESEARCH_TABLES,
    cross_game_store,
    game_from_tables,
    research_tables,
    thread_of,
    wagons_tables,
)
from toolkit.store import TABLES, Store, default_store

OPEN_ROLES = ROOT / "data" / "games" / "open-roles" / "expected.json"


def rows(frame: pd.DataFrame, *columns: str) -> list[tuple[Any, ...]]:
    """The frame's rows over `columns`, missing values as None."""
    return [tuple(None if pd.isna(v) else v for v in r)
            for r in frame[list(columns)].itertuples(index=False)]


def three_days() -> GameLog:
    """Days decided at the deadline by plurality (final wagons without a hammer), a third
    party, a no-lynch vote: cases `two_days` leaves out. Day 1 (7 alive): a, g, b
    on c, c on g, d for no lynch; c goes at the close. Night 1 kills d. Day 2 (a, b, e, f,
    g; majority 3): e, g on a, a on e, f hammers a. Day 3 (b, e, f, g): b on e, e and f on
    b; b goes at the close."""
    factions = {**FACTIONS, "g": "serial-killer"}
    log = tiny_game(factions, [
        [("a", "c"), ("g", "c"), ("c", "g"), ("b", "c"), ("d", "e")],
        [("e", "a"), ("g", "a"), ("a", "e"), ("f", "a")],
        [("b", "e"), ("e", "b"), ("f", "b")]],
        eliminated=["c", "a", "b"], killed=[["d"], []], winners=["town"])
    log.meta.rulings["mafiascum.deadline"] = "plurality"
    # d's vote (the day's last) is for no lynch
    log.votes[4] = log.votes[4].model_copy(update={"target": None, "special": "no-lynch",
                                                   "raw": "VOTE: no lynch"})
    return log


def _entry(value: float) -> float | None:
    return None if math.isnan(value) else value


@pytest.mark.parametrize("make", [two_days, three_days])
def test_the_game_rebuilt_from_its_tables_draws_the_same(make: Any) -> None:
    log = make()
    game = game_wagons("t", log)
    tables = research_tables(log)
    back = game_from_tables("t", tables)
    assert np.array_equal(draws(back, runs=300, seed=5), draws(game, runs=300, seed=5))
    assert back.labels == game.labels
    assert [(d.day, d.alive, d.end_alive) for d in back.days] == \
        [(d.day, d.alive, d.end_alive) for d in game.days]
    assert [(c.post, c.voter, c.target) for d in back.days for c in d.cast] == \
        [(c.post, c.voter, c.target) for d in game.days for c in d.cast]
    # field by field: a NaN entry is equal to none
    assert [(s.day, s.target, s.voter, s.terminal, s.hammerer) for s in back.seats] == \
        [(s.day, s.target, s.voter, s.terminal, s.hammerer) for s in game.seats]
    assert [_entry(s.entry) for s in back.seats] == [_entry(s.entry) for s in game.seats]
    assert (back.wagons, back.final_day, back.scum, back.town) == \
        (game.wagons, game.final_day, game.scum, game.town)
    pd.testing.assert_frame_equal(back.scum_rates, game.scum_rates)
    # what the research never reads is left empty
    assert all(d.final == {} and d.spans == () and all(c.living == () for c in d.cast)
               for d in back.days)
    # the same columns and types for every game
    other = research_tables(two_days() if make is three_days else three_days())
    for name in RESEARCH_TABLES:
        assert tables[name].dtypes.to_dict() == other[name].dtypes.to_dict(), name


def test_the_research_tables_of_a_game_by_hand() -> None:
    """`two_days` (see test_research): day 1 with a..f alive, a eliminated; night 1 kills
    d; day 2 with b, c, e, f, b eliminated. Post 1 welcomes, post 2 opens day 1, its votes
    are posts 3-10 (6: c's unvote), 11 closes it, 12 ends the night, 13 opens day 2, its
    votes are posts 14-17."""
    t = research_tables(two_days())
    assert rows(t["research_game"], "final_day", "scum", "town") == \
        [(2, '["mafia"]', '["town"]')]
    assert rows(t["research_days"], "day", "alive_start", "alive_end", "votes") == \
        [(1, 6, 6, 7), (2, 4, 4, 4)]
    labels = rows(t["research_labels"], "day", "slot", "faction", "start_order", "end_order")
    assert labels[:6] == [(1, s, FACTIONS[s], i, i) for i, s in enumerate("abcdef")]
    # on day 2 the eliminated a and the killed d are labelled, but not alive
    assert labels[6:] == [(2, "a", "mafia", None, None), (2, "b", "mafia", 0, 0),
                          (2, "c", "town", 1, 1), (2, "d", "town", None, None),
                          (2, "e", "town", 2, 2), (2, "f", "town", 3, 3)]
    # an unvote enters no count: c's post 6 is not there
    assert rows(t["research_cast"], "seq", "day", "post", "voter", "target") == [
        (0, 1, 3, "c", "a"), (1, 1, 4, "a", "c"), (2, 1, 5, "d", "a"), (3, 1, 7, "b", "a"),
        (4, 1, 8, "c", "a"), (5, 1, 9, "e", "d"), (6, 1, 10, "f", "a"),
        (7, 2, 14, "b", "c"), (8, 2, 15, "e", "b"), (9, 2, 16, "f", "b"),
        (10, 2, 17, "c", "b")]
    seats = rows(t["research_seats"], "seq", "day", "target", "voter", "hammerer")
    assert seats == [(0, 1, "a", "d", False), (1, 1, "a", "b", False), (2, 1, "a", "c", False),
                     (3, 1, "a", "f", True), (4, 2, "b", "e", False), (5, 2, "b", "f", False),
                     (6, 2, "b", "c", True)]
    assert list(t["research_seats"].terminal) == [1 / 4, 2 / 4, 3 / 4, 1, 1 / 3, 2 / 3, 1]
    assert list(t["research_seats"].entry) == [2 / 4, 2 / 4, 3 / 4, 1, 1 / 3, 2 / 3, 1]
    assert rows(t["research_wagons"], "seq", "day", "living") == [(0, 1, 6), (1, 2, 4)]
    # the mafia's votes: day 1 a on c, b on a (1 on scum; others: 1 scum among 5 each),
    # day 2 b on c (none of b's 3 others is scum)
    assert rows(t["research_scum_rates"], "day", "votes", "on_scum", "expected") == \
        [(1, 2, 1, pytest.approx(2 / 5)), (2, 1, 0, 0.0)]


def test_an_entry_without_votes_needed_comes_back_as_nan() -> None:
    game = game_wagons("t", two_days())
    seats = [replace(s, entry=math.nan) if i == 2 else s for i, s in enumerate(game.seats)]
    game = replace(game, seats=seats)
    tables = wagons_tables(game)
    assert rows(tables["research_seats"], "entry")[2] == (None,)
    back = game_from_tables("t", tables)
    assert math.isnan(back.seats[2].entry)
    assert np.array_equal(draws(back, runs=50), draws(game, runs=50))


def test_a_slot_the_roster_lacks_is_alive_without_a_label() -> None:
    game = game_wagons("t", two_days())
    tables = research_tables(two_days())
    labels = tables["research_labels"]
    extra = pd.DataFrame({"day": [1], "slot": ["z"], "faction": [None], "start_order": [6],
                          "end_order": [None]}).astype(labels.dtypes.to_dict())
    tables["research_labels"] = pd.concat([labels, extra], ignore_index=True)
    back = game_from_tables("t", tables)
    assert back.days[0].alive == (*game.days[0].alive, "z")
    assert "z" not in back.labels[1]


def test_the_thread_of_a_stored_game() -> None:
    assert thread_of("mafiascum:15783") == "15783"
    assert thread_of("open-roles/expected.json") == "open-roles/expected.json"


# -- a store built by `mafiakit corpus` -----------------------------------------------------

def _slice(top: Path) -> Path:
    """The two smallest corpus games (the dataset's files linked, not copied) and a bundled
    game log of another rule set."""
    corpus = need_corpus()
    (top / "posts").mkdir(parents=True)
    for name in ("archive.txt", "transitions.tsv"):
        (top / name).symlink_to(corpus / name)
    smallest = sorted((corpus / "posts").glob("*.jsonl.gz"), key=lambda p: p.stat().st_size)
    for path in sorted(smallest[:2]):
        (top / "posts" / path.name).symlink_to(path)
    (top / "open-roles").mkdir()
    shutil.copy(OPEN_ROLES, top / "open-roles" / "expected.json")
    return top


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(the slice's folder, its store)."""
    base = tmp_path_factory.mktemp("research-store")
    folder = _slice(base / "corpus")
    db = base / "corpus.duckdb"
    summary = run([folder], db)
    assert (summary.found, summary.stored, summary.failed) == (3, 3, [])
    return folder, db


def _same(a: CrossGame, b: CrossGame) -> None:
    assert a.games == b.games
    for name in ("pooled", "per_game", "scum_rates"):
        pd.testing.assert_frame_equal(getattr(a, name), getattr(b, name), check_exact=True)
    assert a.null.keys() == b.null.keys()
    assert all(np.array_equal(a.null[k], b.null[k], equal_nan=True) for k in a.null)


def test_the_store_gives_the_numbers_of_the_game_logs(built: tuple[Path, Path]) -> None:
    folder, db = built
    seen: list[tuple[int, int, str]] = []
    result = cross_game_store(db, runs=60, seed=2, progress=lambda *a: seen.append(a))
    _same(result, cross_game(folder, runs=60, seed=2))
    assert result.games == 2
    assert result.source == "2 games of the store corpus.duckdb (rule set mafiascum)"
    threads = sorted(p.name.removesuffix(".jsonl.gz") for p in (folder / "posts").iterdir())
    assert seen == [(1, 2, f"mafiascum:{threads[0]}"), (2, 2, f"mafiascum:{threads[1]}")]
    assert list(result.scum_rates.thread) == [*threads, "all"]


def test_the_rule_set_and_the_limit(built: tuple[Path, Path]) -> None:
    folder, db = built
    first = cross_game_store(db, limit=1, runs=20)
    _same(first, cross_game(folder, limit=1, runs=20))
    assert first.games == 1
    every = cross_game_store(db, ruleset=None, runs=20)
    assert every.games == 3
    assert "every rule set" in every.source
    assert list(every.scum_rates.thread)[-2:] == ["open-roles/expected.json", "all"]
    other = cross_game_store(db, ruleset="open-roles", runs=20)
    assert list(other.scum_rates.thread) == ["open-roles/expected.json", "all"]
    none = cross_game_store(db, ruleset="no-such-rules", runs=20)
    assert none.games == 0
    assert "holds no game of rule set no-such-rules" in none.source


def test_a_missing_store_says_how_to_build_it(tmp_path: Path) -> None:
    db = tmp_path / "none.duckdb"
    result = cross_game_store(db)
    assert (result.games, result.pooled.empty, result.per_game.empty) == (0, True, True)
    assert "was not found" in result.source
    assert f"mafiakit corpus <corpus folder> --db {db}" in result.source
    assert null_figure(result) is None
    assert not db.exists()  # reading never creates a store


def test_a_store_another_process_holds(built: tuple[Path, Path], tmp_path: Path) -> None:
    _, db = built
    held = tmp_path / "held.duckdb"
    shutil.copy(db, held)
    with held_by_another_process(held):
        result = cross_game_store(held)
    assert result.games == 0
    assert f"the store {held} cannot be opened" in result.source
    assert "mafiakit corpus" in result.source


def test_a_store_from_before_the_research_tables(built: tuple[Path, Path],
                                                 tmp_path: Path) -> None:
    folder, db = built
    old = changed_copy(db, tmp_path / "old.duckdb",
                       *((f"DROP TABLE {name}", []) for name in RESEARCH_TABLES))
    result = cross_game_store(old)
    assert result.games == 0
    assert "no research tables" in result.source
    assert f"mafiakit corpus <corpus folder> --db {old}" in result.source
    # its games are not "unchanged": the run the message asks for stores them again
    with Store(old) as store:
        hashes = dict(store.con.execute("SELECT game_id, source_hash FROM games").fetchall())
        assert not any(store.unchanged(g, h) for g, h in hashes.items())
    again = run([folder], old)
    assert (again.stored, again.skipped) == (3, 0)
    _same(cross_game_store(old, runs=20), cross_game_store(db, runs=20))
    assert run([folder], old).skipped == 3


def test_games_stored_before_the_research_tables_are_named(built: tuple[Path, Path],
                                                           tmp_path: Path) -> None:
    _, db = built
    with Store(db) as store:
        first = min(g for g in store.table("research_game").game_id
                    if g.startswith("mafiascum:"))
    mixed = changed_copy(db, tmp_path / "mixed.duckdb",
                         ("DELETE FROM research_game WHERE game_id = ?", [first]))
    result = cross_game_store(mixed, runs=20)
    assert result.games == 1
    assert first.removeprefix("mafiascum:") not in set(result.scum_rates.thread)
    assert "1 games stored before the research tables left out" in result.source


def test_a_research_table_failing_fails_the_game_whole(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(log: GameLog) -> dict[str, pd.DataFrame]:
        raise ValueError("no wagons today")

    monkeypatch.setattr("toolkit.store.research_tables", broken)
    top = tmp_path / "games"
    top.mkdir()
    shutil.copy(OPEN_ROLES, top / "open-roles.json")
    summary = run([top], tmp_path / "db.duckdb")
    assert summary.failed == [("open-roles.json", "ValueError: no wagons today")]
    with Store(tmp_path / "db.duckdb") as store:
        assert list(store.table("games").status) == ["error"]
        assert all(store.table(name).empty for name in TABLES)


def test_the_default_store(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MAFIAKIT_STORE", raising=False)
    assert default_store() == ROOT / "corpus.duckdb"
    monkeypatch.setenv("MAFIAKIT_STORE", str(tmp_path / "x.duckdb"))
    assert default_store() == tmp_path / "x.duckdb"
    assert str(tmp_path / "x.duckdb") in cross_game_store().source


def test_python_m_toolkit_research_reads_a_store(built: tuple[Path, Path],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    from toolkit.research import main

    _, db = built
    main(["--db", str(db), "--limit", "1"])
    out = capsys.readouterr()
    assert out.out.startswith("1 games of the store corpus.duckdb (rule set mafiascum)")
    assert "scum_on_scum" in out.out
    assert "1/1 mafiascum:" in out.err


# -- notebook 07 ----------------------------------------------------------------------------

NOTEBOOK = ROOT / "notebooks" / "07_cross_game.py"


def _outputs(store: str, limit: int | None) -> list[dict[str, Any]]:
    from toolkit.notebooks import execute

    nb = execute(NOTEBOOK, {"STORE": store, "LIMIT": limit})
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]


def _figures(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [o for o in outputs if "application/vnd.plotly.v1+json" in o.get("data", {})]


def test_the_notebook_without_a_store_says_so(tmp_path: Path) -> None:
    outputs = _outputs(str(tmp_path / "none.duckdb"), None)
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("was not found" in o.get("text", "") for o in outputs)
    assert not _figures(outputs)


def test_the_notebook_on_a_store(built: tuple[Path, Path]) -> None:
    _, db = built
    outputs = _outputs(str(db), 2)
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert any("2 games of the store" in o.get("text", "") for o in outputs)
    assert _figures(outputs)
