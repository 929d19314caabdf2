"""The real mafiascum corpus (`../shared/corpus/mafiascum`: posts JSONL per thread,
archive.txt, transitions.tsv), read in place for cross-game research: each game imported
(`scrapers.importers.mafiascum`) with its votes read. The store of issue 9 will keep them;
until then a notebook reads a slice directly."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from engine.gamelog import GameLog
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from toolkit.daycount import ensure_votes

ROOT = Path(__file__).resolve().parent.parent


def corpus_dir() -> Path:
    """`$MAFIAKIT_SHARED/corpus/mafiascum`, by default `../shared/corpus/mafiascum`."""
    shared = os.environ.get("MAFIAKIT_SHARED", str(ROOT.parent / "shared"))
    return Path(shared).resolve() / "corpus" / "mafiascum"


def threads(folder: Path | None = None) -> list[str]:
    """The corpus's thread ids, in order; empty when the corpus is absent."""
    posts = (folder or corpus_dir()) / "posts"
    return sorted(p.name.removesuffix(".jsonl.gz") for p in posts.glob("*.jsonl.gz"))


def load_thread(thread: str, folder: Path | None = None) -> GameLog:
    """One corpus game as a game log with its votes read."""
    base = folder or corpus_dir()
    log = import_mafiascum(MafiascumFiles(base / "posts" / f"{thread}.jsonl.gz",
                                          base / "archive.txt", base / "transitions.tsv"))
    ensure_votes(log)
    return log


def games(folder: Path | None = None, *, limit: int | None = None,
          progress: Callable[[int, int, str], None] | None = None
          ) -> Iterator[tuple[str, GameLog]]:
    """(thread id, game log) for the first `limit` threads (all by default)."""
    ids = threads(folder)[:limit]
    for done, thread in enumerate(ids, start=1):
        yield thread, load_thread(thread, folder)
        if progress is not None:
            progress(done, len(ids), thread)
