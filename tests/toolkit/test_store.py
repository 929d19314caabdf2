"""toolkit.store (issue 9): games in one DuckDB file, the game id on every row, a re-stored
game replaced whole, failures recorded, Parquet export."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pandas as pd
import pytest

from engine.gamelog import load
from tests.conftest import ROOT
from toolkit import Game
from toolkit.store import TABLES, Store, game_tables

GAMES = {name: ROOT / "data" / "games" / name / "expected.json"
         for name in ("contested-island", "open-roles", "mafiascum")}


@cache
def _tables(name: str) -> dict[str, pd.DataFrame]:
    """Each game's tables once (verify runs for the findings)."""
    return game_tables(load(GAMES[name]))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    s = Store(tmp_path / "corpus.duckdb")
    for name, path in GAMES.items():
        s.put(name, load(path), source=f"{name}/expected.json", source_hash=f"hash-{name}",
              tables={k: v.copy() for k, v in _tables(name).items()})
    return s


def test_every_table_holds_every_row_of_every_game(store: Store) -> None:
    for name, path in GAMES.items():
        game = Game(load(path))
        want = {"posts": len(game.posts), "votes": len(game.votes), "slots": len(game.slots),
                "phases": len(game.log.phases), "actions": len(game.actions),
                "published": len(game.published), "findings": len(game.findings)}
        for table, n in want.items():
            rows = store.table(table)
            assert (rows.game_id == name).sum() == n, (name, table)
    # every post of every game, in order, with its text
    posts = store.table("posts")
    mini = posts[posts.game_id == "mafiascum"]
    assert list(mini.number) == [p.number for p in load(GAMES["mafiascum"]).posts]
    assert mini.text.iloc[1] == load(GAMES["mafiascum"]).posts[1].text
    store.close()


def test_a_game_stored_again_is_replaced_whole(store: Store) -> None:
    before = {t: len(store.table(t)) for t in TABLES}
    log = load(GAMES["open-roles"])
    log.posts = log.posts[:10]
    log.votes = [v for v in log.votes if v.post <= 10]
    store.put("open-roles", log, source="x", source_hash="new")
    posts = store.table("posts")
    assert (posts.game_id == "open-roles").sum() == 10
    assert len(posts) == before["posts"] - 61
    assert store.unchanged("open-roles", "new")
    assert not store.unchanged("open-roles", "hash-open-roles")
    assert store.unchanged("mafiascum", "hash-mafiascum")
    store.close()


def test_a_failed_game_is_recorded_and_its_rows_go(store: Store) -> None:
    store.failed("mafiascum", source="m.json", source_hash="bad",
                 error="m.json: line 3: not valid JSON")
    games = store.table("games").set_index("game_id")
    assert games.loc["mafiascum", "status"] == "error"
    assert games.loc["mafiascum", "error"] == "m.json: line 3: not valid JSON"
    assert not store.unchanged("mafiascum", "bad")  # a failure is tried again
    assert "mafiascum" not in set(store.table("posts").game_id)
    store.close()


def test_parquet_export_reads_back_the_same(store: Store, tmp_path: Path) -> None:
    written = store.export_parquet(tmp_path / "parquet")
    assert [p.stem for p in written] == ["games", *TABLES]
    for path in written:
        back = pd.read_parquet(path)
        assert len(back) == len(store.table(path.stem))
    store.close()


def test_lists_and_mappings_are_json_text() -> None:
    tables = game_tables(load(GAMES["contested-island"]))
    assert tables["slots"].nicks.iloc[0].startswith("[")
    assert tables["actions"].options.map(lambda v: v is pd.NA or v.startswith("{")).all()


def test_an_unknown_table_is_named(store: Store) -> None:
    with pytest.raises(KeyError, match="no table 'players'"):
        store.table("players")
    store.close()
