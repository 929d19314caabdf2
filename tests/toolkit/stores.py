"""Store test helpers: a DuckDB file held open by another process (as an overlapping run
holds it), and a copy of a store changed by a few statements (an older or mixed store)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import duckdb


@contextmanager
def held_by_another_process(db: Path) -> Iterator[None]:
    """`db` opened, and so locked, by another Python process until the block ends."""
    code = ("import duckdb, sys, time; c = duckdb.connect(sys.argv[1]); print('open', "
            "flush=True); time.sleep(60)")
    holder = subprocess.Popen([sys.executable, "-c", code, str(db)], stdout=subprocess.PIPE,
                              text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "open"
        yield
    finally:
        holder.kill()
        holder.wait()


def changed_copy(db: Path, copy: Path, *statements: tuple[str, list[object]]) -> Path:
    """A copy of `db` at `copy` with each (SQL, parameters) statement run on it."""
    shutil.copy(db, copy)
    con = duckdb.connect(str(copy))
    try:
        for sql, params in statements:
            con.execute(sql, params).fetchall()
    finally:
        con.close()
    return copy
