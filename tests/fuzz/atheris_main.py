"""Coverage-guided fuzzing with atheris (libFuzzer): the targets of tests/fuzz/targets.py
where guidance by the branches taken finds what mutating by hand does not (byte-level
changes that reach a new branch of an engine, the GM-log reader or the game-log loader).

    python -m tests.fuzz.atheris_main TARGET [libFuzzer options, e.g. -runs=10000]

TARGET is one of `TARGETS`. The seeds (the real fixture pages of $MAFIAKIT_SHARED, the
engine fixtures, the bundled GM logs, game logs and voted posts) are written to a temporary
directory at each run, which libFuzzer then uses as its corpus: nothing is written into the
project (the directory is left for a look at the corpus; $MAFIAKIT_ATHERIS_WORK names
another). libFuzzer prints its statistics on stderr and stops at the first crash, which is
any exception but mafiakit's documented errors (`MafiakitError`); the crashing input is
written to that directory (`-artifact_prefix`), whose path it prints.
`python -m tests.benchmarks atheris` runs every target and sums the runs up.

The project's packages are instrumented (`engine`, `scrapers`); lxml, being C, is not: its
branches guide nothing, the Python around it does.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "data" / "games"
FIXTURES = ROOT / "tests" / "scrapers" / "fixtures"
TARGETS = ("read_page", "gm_log", "votes", "game_log")
# voted posts taken as seeds per game: enough for every vote shape, few enough that the
# corpus is read in seconds
VOTE_SEEDS = 40


def shared_dir() -> Path:
    """$MAFIAKIT_SHARED (relative to the project root), by default ../shared."""
    return (ROOT / os.environ.get("MAFIAKIT_SHARED", "../shared")).resolve()


def _page_seeds() -> Iterator[bytes]:
    real = shared_dir() / "fixtures" / "real"
    yield from (p.read_bytes() for p in sorted(real.glob("*/*.html")))
    yield from (p.read_bytes() for p in sorted(FIXTURES.glob("*/*.html")))
    for archive in sorted(GAMES.glob("*/thread.zip")):  # the first page of each thread
        with zipfile.ZipFile(archive) as z:
            yield from [z.read(n) for n in sorted(z.namelist()) if n.endswith(".html")][:1]


def gm_keys() -> list[str]:
    from tests.fuzz.inputs import gm_logs
    return [key for key, _ in gm_logs()]


def _gm_seeds() -> Iterator[bytes]:
    """A GM log, after one byte that picks the game it is read against (and strict mode,
    its high bit)."""
    from tests.fuzz.inputs import gm_logs
    for i, (_, text) in enumerate(gm_logs()):
        yield bytes([i]) + text
        yield bytes([i | 0x80]) + text


def vote_games() -> list[str]:
    from tests.fuzz.inputs import game_logs
    return sorted(game_logs())


def _vote_seeds() -> Iterator[bytes]:
    """A post's HTML after three bytes: the game, and which of its posts (big-endian)."""
    from tests.fuzz.inputs import game_logs
    for g, game in enumerate(vote_games()):
        log = game_logs()[game]
        voted = {v.post for v in log.votes}
        picked = [(i, p) for i, p in enumerate(log.posts) if p.number in voted][:VOTE_SEEDS]
        for i, post in picked:
            yield bytes([g]) + i.to_bytes(2, "big") + post.html.encode("utf-8")


def _game_log_seeds() -> Iterator[bytes]:
    from tests.fuzz.inputs import game_log_texts
    yield from game_log_texts()


SEEDS: dict[str, Callable[[], Iterator[bytes]]] = {
    "read_page": _page_seeds, "gm_log": _gm_seeds, "votes": _vote_seeds,
    "game_log": _game_log_seeds,
}


def write_seeds(target: str, directory: Path) -> int:
    """The target's seeds as files of `directory`; how many."""
    n = 0
    for n, data in enumerate(SEEDS[target](), start=1):
        (directory / f"seed-{n:04d}").write_bytes(data)
    return n


def one_input(target: str, fuzz: Any) -> Callable[[bytes], None]:
    """The function libFuzzer calls with each input; `fuzz` is tests/fuzz/targets.py,
    imported under instrumentation."""
    if target == "read_page":
        page: Callable[[bytes], None] = fuzz.page
        return page
    if target == "game_log":
        game_log: Callable[[bytes], None] = fuzz.game_log
        return game_log
    if target == "gm_log":
        keys = gm_keys()

        def gm_log(data: bytes) -> None:
            if data:
                fuzz.gm_log(keys[(data[0] & 0x7F) % len(keys)],
                            data[1:].decode("utf-8", "replace"), bool(data[0] & 0x80))
        return gm_log
    if target == "votes":
        games = vote_games()

        def votes(data: bytes) -> None:
            if len(data) >= 3:
                fuzz.votes(games[data[0] % len(games)], int.from_bytes(data[1:3], "big"),
                           data[3:].decode("utf-8", "replace"))
        return votes
    raise SystemExit(f"unknown target {target!r}: one of {', '.join(TARGETS)}")


def main(argv: list[str]) -> None:
    if len(argv) < 2 or argv[1] not in TARGETS:
        raise SystemExit(f"usage: python -m tests.fuzz.atheris_main {{{','.join(TARGETS)}}} "
                         "[libFuzzer options]")
    target, options = argv[1], argv[2:]
    # imported by name: atheris ships no type information
    atheris: Any = importlib.import_module("atheris")
    with atheris.instrument_imports(include=["engine", "scrapers"]):
        fuzz = importlib.import_module("tests.fuzz.targets")
    test = one_input(target, fuzz)
    # the bench gives a directory it removes afterwards (kept when there is a crash)
    given = os.environ.get("MAFIAKIT_ATHERIS_WORK")
    work = Path(given) if given else Path(tempfile.mkdtemp(prefix=f"mafiakit-atheris-{target}-"))
    corpus = work / "corpus"
    corpus.mkdir()
    seeds = write_seeds(target, corpus)
    print(f"atheris: {target}: {seeds} seeds in {corpus}", file=sys.stderr, flush=True)
    atheris.Setup([argv[0], *options, f"-artifact_prefix={work}/", str(corpus)], test)
    atheris.Fuzz()  # exits the process when done (libFuzzer's exit code: 0 unless a crash)


if __name__ == "__main__":
    main(sys.argv)
