"""`mafiakit corpus`: every game found under some folders read, counted, verified and stored
(`toolkit.store`), on local processes (issue 9).

What is found (`find_sources`):
- a mafiascum dataset: a folder holding `archive.txt` and `transitions.tsv`, its threads'
  posts (`<thread>.jsonl[.gz]`) beside them or in `posts/`; one game per thread, its id
  `mafiascum:<thread>`;
- game logs (`*.json`, `*.json.gz` holding a game log, e.g. what `mafiakit scrape` wrote): one
  game each, its id its path under the folder searched.

Each source has a hash of the bytes it is read from (a mafiascum thread: its posts file with
the dataset's archive and transitions); a game stored from a source with the same hash is
skipped, so a re-run does only what changed and an interrupted run resumes where it
stopped (each game is stored as soon as it is done). A game that fails is recorded with its
error and the run goes on. The games are processed on local processes or on a Dask
distributed cluster; only this process writes the store."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from engine.errors import MafiakitError
from engine.gamelog import load
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from toolkit.daycount import ensure_votes
from toolkit.store import Store, game_tables


@dataclass(frozen=True)
class Source:
    game_id: str
    kind: str  # "mafiascum" or "gamelog"
    paths: tuple[Path, ...]  # mafiascum: posts, archive, transitions; gamelog: the file
    shown: str  # the source as the store records it (a path under the folder searched)
    hash: str = field(compare=False)


@dataclass(frozen=True)
class Done:
    """What a worker gives back: the game's tables and card, or the error that stopped it
    (the tables, not the whole log, cross the process boundary)."""
    source: Source
    tables: dict[str, pd.DataFrame] | None
    error: str | None
    ruleset: str | None = None
    title: str | None = None
    posts: int = 0


@dataclass
class Summary:
    found: int = 0
    skipped: int = 0
    stored: int = 0
    failed: list[tuple[str, str]] = field(default_factory=list)
    posts: int = 0


def _digest(paths: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        h.update(path.read_bytes())
        h.update(b"\0")
    return h.hexdigest()


def find_sources(folders: Sequence[Path]) -> list[Source]:
    """Every game under `folders` (see the module), in a stable order."""
    out: dict[str, Source] = {}
    for top in folders:
        for archive in sorted(top.rglob("archive.txt")):
            base = archive.parent
            transitions = base / "transitions.tsv"
            if not transitions.is_file():
                continue
            shared = _digest([archive, transitions])
            for posts in sorted([*base.glob("*.jsonl"), *base.glob("*.jsonl.gz"),
                                 *(base / "posts").glob("*.jsonl"),
                                 *(base / "posts").glob("*.jsonl.gz")]):
                thread = posts.name.removesuffix(".gz").removesuffix(".jsonl")
                game_id = f"mafiascum:{thread}"
                out[game_id] = Source(game_id, "mafiascum", (posts, archive, transitions),
                                      str(posts.relative_to(top)),
                                      _digest([posts]) + shared)
        for path in sorted([*top.rglob("*.json"), *top.rglob("*.json.gz")]):
            named = _game_id(path, top)
            if named is not None and named not in out:
                out[named] = Source(named, "gamelog", (path,), str(path.relative_to(top)),
                                    _digest([path]))
    return sorted(out.values(), key=lambda s: s.game_id)


def _game_id(path: Path, top: Path) -> str | None:
    """A game-log file's id: its path under the folder searched (ids a source names may
    repeat: a GM-mistakes copy keeps its game's); None for JSON that is no game log (a
    `planted.json`, a schema). A file that cannot be read is kept: its error is recorded."""
    if path.suffix == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return str(path.relative_to(top))
        if not isinstance(data, dict) or "meta" not in data:
            return None
    return str(path.relative_to(top))


def process(source: Source) -> Done:
    """Read one game, read its votes when it has none, and compute its tables (verify
    included). Runs in a worker: every error of the input is returned, not raised."""
    try:
        if source.kind == "mafiascum":
            posts, archive, transitions = source.paths
            log = import_mafiascum(MafiascumFiles(posts, archive, transitions))
        else:
            log = load(source.paths[0])
        ensure_votes(log)
        return Done(source, game_tables(log), None, log.meta.ruleset, log.meta.title,
                    len(log.posts))
    except MafiakitError as exc:
        return Done(source, None, str(exc))
    except Exception as exc:  # one game's bug must not stop the run: recorded with it
        return Done(source, None, f"{type(exc).__name__}: {exc}")


def run(folders: Sequence[Path], db: Path, *, workers: int = 1, dask: str | None = None,
        progress: Callable[[int, int, str], None] | None = None) -> Summary:
    """Find, process and store every game under `folders` into `db`, on `workers` local
    processes or on the Dask cluster at `dask` (a scheduler address); `progress` is told
    (done, to do, game id) after each game. The store is written here, by one process."""
    summary = Summary()
    sources = find_sources(folders)
    summary.found = len(sources)
    with Store(db) as store:
        todo = [s for s in sources if not store.unchanged(s.game_id, s.hash)]
        summary.skipped = len(sources) - len(todo)
        results = _on_dask(todo, dask) if dask else _results(todo, workers)
        for done, result in enumerate(results, start=1):
            _keep(store, result, summary)
            if progress is not None:
                progress(done, len(todo), result.source.game_id)
    return summary


def _results(todo: list[Source], workers: int) -> Iterable[Done]:
    if workers <= 1 or len(todo) <= 1:
        return map(process, todo)
    pool = ProcessPoolExecutor(max_workers=workers)
    return _pooled(pool, todo)


def _on_dask(todo: list[Source], address: str) -> Iterator[Done]:
    """The games processed on a Dask distributed cluster, taken back in the sources'
    order (the same rows as locally)."""
    from distributed import Client

    with Client(address) as client:  # type: ignore[no-untyped-call]
        futures = client.map(process, todo, pure=False)
        for future in futures:
            yield future.result()


def _pooled(pool: ProcessPoolExecutor, todo: list[Source]) -> Iterable[Done]:
    with pool:
        # in the sources' order, so that the store's rows come in the same order whatever
        # the number of workers
        yield from pool.map(process, todo, chunksize=1)


def _keep(store: Store, result: Done, summary: Summary) -> None:
    src = result.source
    if result.error is not None or result.tables is None:
        store.failed(src.game_id, source=src.shown, source_hash=src.hash,
                     error=result.error or "no result")
        summary.failed.append((src.game_id, result.error or "no result"))
        return
    store.put_tables(src.game_id, result.tables, source=src.shown, source_hash=src.hash,
                     ruleset=result.ruleset, title=result.title, posts=result.posts)
    summary.stored += 1
    summary.posts += result.posts
