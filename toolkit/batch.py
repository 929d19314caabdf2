"""`mafiakit corpus`: every game found under some folders read, counted, verified and stored
(`toolkit.store`), on local processes (issue 9).

What is found (`find`):
- an archived forum thread: a folder holding `game.toml` (`scrapers.descriptor`: the rule
  set, the GM, the saved pages and the GM's log), scraped; its id `thread:<folder>`; a game
  log JSON beside the descriptor is its scraped output (e.g. a bundle's `expected.json`) and
  is not stored a second time;
- a mafiascum dataset: a folder holding `archive.txt` and `transitions.tsv`, its threads'
  posts (`<thread>.jsonl[.gz]`) beside them or in `posts/`; one game per thread, its id
  `mafiascum:<thread>`;
- game logs (`*.json`, `*.json.gz` holding a game log, e.g. what `mafiakit scrape` wrote): one
  game each, its id its path under the folder searched.

Each source has a hash of the bytes it is read from (a mafiascum thread: its posts file with
the dataset's archive and transitions; a thread: its descriptor, pages, GM log and roster);
a game stored from a source with the same hash is skipped, so a re-run does only what
changed and an interrupted run resumes where it stopped (each game is stored as soon as it
is done). A game that fails is recorded with its error and the run goes on. The games are
processed on local processes or on a Dask distributed cluster; only this process writes the
store. Games stored from sources no longer found are reported, and removed on request
(`prune`): the same store may gather games from several folders searched at different
times."""

from __future__ import annotations

import hashlib
import json
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

import pandas as pd

from engine.errors import BadInputError, MafiakitError
from engine.gamelog import load
from scrapers.descriptor import DESCRIPTOR, read_descriptor, scrape_game
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from toolkit.daycount import ensure_votes
from toolkit.store import Store, game_tables


@dataclass(frozen=True)
class Source:
    game_id: str
    kind: str  # "corpus" (a mafiascum corpus game), "thread" or "gamelog"
    # corpus: posts, archive, transitions; thread: its game.toml; gamelog: the file
    paths: tuple[Path, ...]
    shown: str  # the source as the store records it (a path under the folder searched)
    hash: str = field(compare=False)
    size: int = field(compare=False, default=0)  # bytes read: the biggest go first


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
    ignored: list[tuple[str, str]] = field(default_factory=list)  # (file, why)
    gone: list[str] = field(default_factory=list)  # stored games whose source was not found


def _digest(paths: Iterable[Path]) -> str:
    h = hashlib.sha256()
    for path in paths:
        # a FIFO or device would block or never end: it is hashed by name, and processing
        # it gives the error
        h.update(path.read_bytes() if path.is_file() else f"not a file: {path}".encode())
        h.update(b"\0")
    return h.hexdigest()


@dataclass(frozen=True)
class Found:
    """What a search found: the games, and every other file it looked at and did not take,
    with the reason (nothing is passed over in silence)."""
    sources: list[Source]
    ignored: list[tuple[str, str]]


def find(folders: Sequence[Path]) -> Found:
    """Every game under `folders` (see the module), in a stable order."""
    out: dict[str, Source] = {}
    ignored: list[tuple[str, str]] = []
    for top in folders:
        _datasets(top, out)
        described = _threads(top, out, ignored)
        for path in sorted([*top.rglob("*.json"), *top.rglob("*.json.gz")]):
            shown = str(path.relative_to(top))
            if not path.is_file():
                ignored.append((shown, "not a regular file (a FIFO, a device or a folder)"))
                continue
            named = _game_id(path, top)
            if named is None:
                ignored.append((shown, "JSON that is no game log (no \"meta\")"))
            elif path.parent in described:
                ignored.append((shown, f"beside {DESCRIPTOR}: taken as its thread's scraped "
                                "output, the thread itself is read"))
            elif named not in out:
                out[named] = Source(named, "gamelog", (path,), shown, _digest([path]),
                                    path.stat().st_size)
    return Found(sorted(out.values(), key=lambda s: s.game_id), ignored)


def find_sources(folders: Sequence[Path]) -> list[Source]:
    """The games of `find`."""
    return find(folders).sources


def _datasets(top: Path, out: dict[str, Source]) -> None:
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
            out[game_id] = Source(game_id, "corpus", (posts, archive, transitions),
                                  str(posts.relative_to(top)), _digest([posts]) + shared,
                                  posts.stat().st_size)


def _threads(top: Path, out: dict[str, Source], ignored: list[tuple[str, str]]) -> set[Path]:
    """The archived threads (a folder with `game.toml`); their folders. A descriptor that
    cannot be read is still a game: its error is recorded when the game is processed."""
    folders = set()
    for descriptor in sorted(top.rglob(DESCRIPTOR)):
        folder = descriptor.parent
        folders.add(folder)
        game_id = "thread:" + (str(folder.relative_to(top)) if folder != top else top.name)
        try:
            files = read_descriptor(descriptor).files()
        except BadInputError:
            files = [descriptor]  # hashed as it is: the error is for `process` to record
        shown = str(descriptor.relative_to(top))
        out[game_id] = Source(game_id, "thread", (descriptor,), shown, _digest(files),
                              sum(f.stat().st_size for f in files))
    return folders


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
        if source.kind == "corpus":
            posts, archive, transitions = source.paths
            log = import_mafiascum(MafiascumFiles(posts, archive, transitions))
        elif source.kind == "thread":
            log = scrape_game(read_descriptor(source.paths[0]))
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
        progress: Callable[[int, int, str], None] | None = None,
        prune: bool = False) -> Summary:
    """Find, process and store every game under `folders` into `db`, on `workers` local
    processes or on the Dask cluster at `dask` (a scheduler address); `progress` is told
    (done, to do, game id) after each game; `prune`: remove the stored games whose source
    was not found. The store is written here, by one process, each game as soon as it is
    done: an interrupted run (KeyboardInterrupt included) keeps what it stored and stops
    the games still waiting."""
    summary = Summary()
    found = find(folders)
    sources = found.sources
    summary.found = len(sources)
    summary.ignored = found.ignored
    with Store(db) as store:
        todo = [s for s in sources if not store.unchanged(s.game_id, s.hash)]
        summary.skipped = len(sources) - len(todo)
        known = {s.game_id for s in sources}
        summary.gone = [g for g in store.game_ids() if g not in known]
        if prune:
            for game_id in summary.gone:
                store.remove(game_id)
        # the biggest games first, so that no worker is left with a big one at the end; the
        # store's tables are read in game order, whatever the order they were written in
        todo.sort(key=lambda s: (-s.size, s.game_id))
        with _interrupt_between_games() as asked:
            results = _on_dask(todo, dask) if dask else _results(todo, workers)
            for done, result in enumerate(results, start=1):
                _keep(store, result, summary)
                if progress is not None:
                    progress(done, len(todo), result.source.game_id)
                if asked():
                    raise KeyboardInterrupt
    return summary


@contextmanager
def _interrupt_between_games() -> Iterator[Callable[[], bool]]:
    """Ctrl-C (SIGINT) noted and acted on between two games, not in the middle of storing
    one: DuckDB stops a query it is running when Python sees the signal, which would leave
    a game's transaction broken. A second Ctrl-C stops at once. Outside the main thread
    (where no handler can be set) nothing changes."""
    seen: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield lambda: False
        return

    def note(signum: int, frame: FrameType | None) -> None:
        if seen:
            raise KeyboardInterrupt
        seen.append(signum)

    before = signal.signal(signal.SIGINT, note)
    try:
        yield lambda: bool(seen)
    finally:
        signal.signal(signal.SIGINT, before)


def _quiet_worker() -> None:
    # a worker leaves Ctrl-C to the main process, which stops the run between two games
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _results(todo: list[Source], workers: int) -> Iterator[Done]:
    if workers <= 1 or len(todo) <= 1:
        yield from map(process, todo)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_quiet_worker)
    try:
        pending = [pool.submit(process, s) for s in todo]
        for future in as_completed(pending):
            yield future.result()
    finally:
        # on an interrupt: the games not started are dropped, the running ones end
        pool.shutdown(wait=True, cancel_futures=True)


def _on_dask(todo: list[Source], address: str) -> Iterator[Done]:
    """The games processed on a Dask distributed cluster, taken back as they finish."""
    from distributed import Client
    from distributed import as_completed as done_first

    with Client(address) as client:  # type: ignore[no-untyped-call]
        futures = client.map(process, todo, pure=False)
        try:
            for future in done_first(futures):  # type: ignore[no-untyped-call]
                yield future.result()
        finally:
            client.cancel(futures)


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
