"""`toolkit.store`: many games in one DuckDB file (issue 9), one row per thing and the game
id on every row, for research across whole archives:

- `games`: one row per game: its id, the source it came from and the source's hash (what
  an incremental run compares), rule set, title, posts, and `status` ("ok" or "error",
  with the error: a game that failed is recorded, never silently missing);
- `posts`, `votes`, `slots`, `phases`, `actions`, `published`, `findings`: the game's views
  (`toolkit.frames`, verify's findings), the same columns as in a notebook, lists and
  mappings written as JSON text;
- `research_game`, `research_days`, `research_labels`, `research_cast`, `research_seats`,
  `research_wagons`, `research_scum_rates`: what the cross-game research reads of the game
  (`toolkit.research_tables`: each day's living slots and counted votes, the factions at
  each day's start, the seats of the final wagons, the per-day scum-on-scum rates), so that
  the research (notebook 07) runs from the store, with no game log read or counted.

Storing a game replaces every row it had (in one transaction), so a re-run after a parser
fix leaves no stale row; `unchanged` tells whether a source was already stored as it is (a
game stored before the research tables existed is not: a re-run stores it again, with
them). `export_parquet` writes each table to a Parquet file. `default_store()`: the store
notebook 07 and `python -m toolkit.research --db` read by default."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import duckdb
import pandas as pd

from engine.gamelog import GameLog
from engine.verify import verify
from toolkit import frames
from toolkit.corpus import ROOT
from toolkit.findings import findings_frame
from toolkit.research_tables import RESEARCH_TABLES, research_tables

TABLES = ("posts", "votes", "slots", "phases", "actions", "published", "findings",
          *RESEARCH_TABLES)
STORE_VARIABLE = "MAFIAKIT_STORE"
_GAMES = ("CREATE TABLE IF NOT EXISTS games (game_id VARCHAR PRIMARY KEY, source VARCHAR, "
          "source_hash VARCHAR, ruleset VARCHAR, title VARCHAR, posts BIGINT, "
          "status VARCHAR, error VARCHAR)")

# DuckDB column types -> the pandas types `table` gives them (nullable where DuckDB's own
# choice depends on whether a NULL is present)
_PANDAS = {"VARCHAR": "str", "BIGINT": "Int64", "INTEGER": "Int64", "BOOLEAN": "boolean"}


def default_store() -> Path:
    """The store read when none is named: `$MAFIAKIT_STORE`, else `corpus.duckdb` in the
    project's folder (where `mafiakit corpus ... --db corpus.duckdb` run from it writes it,
    whatever folder a notebook runs in)."""
    named = os.environ.get(STORE_VARIABLE)
    return Path(named) if named else ROOT / "corpus.duckdb"


def phases_frame(log: GameLog) -> pd.DataFrame:
    """One row per phase: key, kind, number, the posts and times it starts and ends at,
    and where each boundary comes from."""
    rows = [{"phase": p.key, "kind": p.kind, "number": p.number,
             "start_post": p.start.post if p.start else None,
             "start_time": p.start.time if p.start else None,
             "start_source": p.start.source if p.start else None,
             "end_post": p.end.post if p.end else None,
             "end_time": p.end.time if p.end else None,
             "end_source": p.end.source if p.end else None} for p in log.phases]
    return frames.typed_frame(rows, {
        "phase": frames.STR, "kind": frames.STR, "number": frames.INT,
        "start_post": frames.INT, "start_time": frames.TIME, "start_source": frames.STR,
        "end_post": frames.INT, "end_time": frames.TIME, "end_source": frames.STR})


def game_tables(log: GameLog) -> dict[str, pd.DataFrame]:
    """The game's tables as the store keeps them (lists and mappings as JSON text); the
    findings are verify's, under the log's rulings. An error in any of them (the research
    tables included) is the game's: nothing of it is stored."""
    out = {"posts": frames.posts_frame(log), "votes": frames.votes_frame(log),
           "slots": frames.slots_frame(log), "phases": phases_frame(log),
           "actions": frames.actions_frame(log), "published": frames.published_frame(log),
           "findings": findings_frame(log, verify(log)), **research_tables(log)}
    for name, df in out.items():
        for column in df.columns:
            if df[column].dtype == object:
                df[column] = df[column].map(_json).astype("string")
        out[name] = df
    return out


def _json(value: Any) -> str | None:
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return None
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


class Store:
    """A DuckDB file of games (see the module)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.con = duckdb.connect(str(self.path))
        self.con.execute(_GAMES).fetchall()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        self.con.close()

    def _run(self, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
        """Run a statement and fetch all it gives: DuckDB keeps a result open until it is
        read, and refuses other work on the connection meanwhile."""
        return self.con.execute(sql, params or []).fetchall()

    def unchanged(self, game_id: str, source_hash: str) -> bool:
        """Whether the game was stored, without error, from a source with this hash, with
        its research tables (a game stored before they existed is to be stored again)."""
        rows = self._run("SELECT source_hash, status FROM games WHERE game_id = ?", [game_id])
        if not (rows and rows[0][0] == source_hash and rows[0][1] == "ok"):
            return False
        # every stored game has exactly one research_game row
        return self._exists("research_game") and bool(self._run(
            "SELECT count(*) FROM research_game WHERE game_id = ?", [game_id])[0][0])

    def put(self, game_id: str, log: GameLog, *, source: str, source_hash: str,
            tables: dict[str, pd.DataFrame] | None = None) -> None:
        """Store the game (its `tables`, computed when not given), replacing what it had."""
        self.put_tables(game_id, tables if tables is not None else game_tables(log),
                        source=source, source_hash=source_hash, ruleset=log.meta.ruleset,
                        title=log.meta.title, posts=len(log.posts))

    def put_tables(self, game_id: str, tables: dict[str, pd.DataFrame], *, source: str,
                   source_hash: str, ruleset: str | None, title: str | None,
                   posts: int) -> None:
        """Store a game's tables (`game_tables`), replacing what it had, in one transaction."""
        self._run("BEGIN TRANSACTION")
        try:
            self._forget(game_id)
            for name in TABLES:
                self._insert(name, game_id, tables[name])
            self._run("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, 'ok', NULL)",
                      [game_id, source, source_hash, ruleset, title, posts])
            self._run("COMMIT")
        except BaseException:
            self._run("ROLLBACK")
            raise

    def failed(self, game_id: str, *, source: str, source_hash: str, error: str) -> None:
        """Record a game that could not be read or checked (its old rows go)."""
        self._run("BEGIN TRANSACTION")
        self._forget(game_id)
        self._run("INSERT INTO games VALUES (?, ?, ?, NULL, NULL, NULL, 'error', ?)",
                         [game_id, source, source_hash, error])
        self._run("COMMIT")

    def game_ids(self) -> list[str]:
        """Every stored game's id (failed ones included), in order."""
        return [r[0] for r in self._run("SELECT game_id FROM games ORDER BY game_id")]

    def remove(self, game_id: str) -> None:
        """Forget a game: its row and every row it had, in one transaction."""
        self._run("BEGIN TRANSACTION")
        self._forget(game_id)
        self._run("COMMIT")

    def table(self, name: str) -> pd.DataFrame:
        """A whole table, in game and insertion order."""
        if name != "games" and name not in TABLES:
            raise KeyError(f"no table {name!r}; the store has games, {', '.join(TABLES)}")
        if not self._exists(name):
            return pd.DataFrame()
        order = "game_id" if name == "games" else "game_id, rowid"
        df = self.con.execute(f"SELECT * FROM {name} ORDER BY {order}").df()
        # DuckDB gives a text column holding only NULLs as objects, an integer column as
        # int64 unless it holds a NULL: the same column must have the same type whichever
        # games are in the store
        kinds = {c: _PANDAS[kind] for c, kind, *_ in self._run(f"DESCRIBE {name}")
                 if kind in _PANDAS}
        return df.astype({c: kinds[c] for c in df.columns if c in kinds})

    def export_parquet(self, folder: str | Path,
                       progress: Callable[[str], None] | None = None) -> list[Path]:
        """Each table to `<folder>/<table>.parquet`."""
        out = Path(folder)
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for name in ("games", *TABLES):
            if not self._exists(name):
                continue
            path = out / f"{name}.parquet"
            order = "game_id" if name == "games" else "game_id, rowid"
            self._run(f"COPY (SELECT * FROM {name} ORDER BY {order}) TO "
                             f"'{_quoted(path)}' (FORMAT PARQUET)")
            written.append(path)
            if progress is not None:
                progress(str(path))
        return written

    # -- rows ---------------------------------------------------------------------------------

    def _exists(self, name: str) -> bool:
        found = self._run("SELECT count(*) FROM information_schema.tables WHERE "
                          "table_name = ?", [name])
        return bool(found[0][0])

    def _forget(self, game_id: str) -> None:
        self._run("DELETE FROM games WHERE game_id = ?", [game_id])
        for name in TABLES:
            if self._exists(name):
                self._run(f"DELETE FROM {name} WHERE game_id = ?", [game_id])

    def _insert(self, name: str, game_id: str, df: pd.DataFrame) -> None:
        rows = df.copy()
        rows.insert(0, "game_id", pd.Series([game_id] * len(rows), dtype="string",
                                            index=rows.index))
        self.con.register("_rows", rows)
        try:
            if not self._exists(name):
                self._run(f"CREATE TABLE {name} AS SELECT * FROM _rows WHERE false")
            self._run(f"INSERT INTO {name} BY NAME SELECT * FROM _rows")
        finally:
            self.con.unregister("_rows")


def _quoted(path: Path) -> str:
    return str(path).replace("'", "''")
