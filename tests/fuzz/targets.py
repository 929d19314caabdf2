"""Fuzz targets: each takes one generated input, runs one reader of outside input on it, and
lets through only mafiakit's documented errors (`MafiakitError` and its subclasses, which
name the input and say what is wrong). Anything else escaping is a crash worth a report.

Each target returns normally when the code returned or raised a documented error; the
fuzzers (tests/fuzz/test_fuzz.py, tests/benchmarks/bench_fuzz.py) treat any other exception
as a failure.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from datetime import UTC
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from engine.errors import MafiakitError
from engine.gamelog import GameLog, parse_game_log
from engine.rulesets import get_ruleset
from scrapers.archive.decode import decode_page
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import FAMILIES, adapters
from scrapers.forum.page import load_page, parse_html, parse_page, plain_text, read_page
from scrapers.forum.types import PageContext
from scrapers.gmlog import parse_gm_log
from scrapers.names.resolver import Name, NameIndex
from scrapers.votes import extract_votes
from tests.fuzz.inputs import (
    engine_page_text,
    engine_pages,
    game_log_json,
    game_logs,
    gm_log_players,
    gm_logs,
    mention,
    mutated,
    page_bytes,
    post_html,
    roster,
)

DOCUMENTED = MafiakitError
ADAPTERS = {a.family: a for a in adapters()}
# fixture directories (tests/scrapers/fixtures/<dir>) to the adapter family that reads them
# each family's fixture pages are in tests/scrapers/fixtures/<family>/ (the conformance test
# requires them), so every registered family gets its fuzz target
FAMILY_OF_DIR = {family: family for family in FAMILIES}


def decode(data: bytes) -> None:
    """`decode_page` documents that it never raises."""
    decode_page(data)


def page(data: bytes) -> None:
    """A saved page through decoding, Wayback unwrapping, engine detection and parsing:
    `parse_page` documents "never an exception" (an unreadable page is an error issue)."""
    read_page("fuzz.html", data, UTC)


def engine_page(family: str, text: str) -> None:
    """One engine's detection and parser on a page's text, as `parse_page` calls them (a
    page the engine no longer recognises stops at detection)."""
    adapter = ADAPTERS[family]
    try:
        root = parse_html(text)
    except MafiakitError:
        return
    spec = adapter.detect(root, text)
    if spec is None:
        return
    ctx = PageContext(name="fuzz.html", timezone=UTC, captured_at=None, issues=[],
                      base_url=None)
    ctx.plain = plain_text(root)
    with contextlib.suppress(DOCUMENTED):
        adapter.parse(root, spec, ctx, text)


_HIDDEN = (EngineAdapter(family="none", detect=lambda root, text: None),)
_GENERIC_PAGES = Path(__file__).resolve().parents[1] / "scrapers" / "generic_pages"


def generic_seeds() -> tuple[bytes, ...]:
    """Pages for the generic reader: its own test pages and the families' fixture pages
    (read with every family hidden)."""
    own = tuple(p.read_bytes() for p in sorted(_GENERIC_PAGES.glob("*.html")))
    return own + tuple(page for pages in engine_pages().values() for page in pages[:1])


def generic_page(data: bytes) -> None:
    """A page read by the generic reader, every family hidden: like `page`, it documents
    "never an exception" (no structure found is an error issue)."""
    parse_page(load_page("fuzz.html", data), UTC, registry=_HIDDEN)


def votes(game: str, post_index: int, html: str) -> None:
    """Vote extraction under `game`'s rule set, on one of its posts with `html` for text."""
    log = game_logs()[game]
    post = log.posts[post_index % len(log.posts)].model_copy(update={"html": html})
    one = log.model_copy(update={"posts": [post], "votes": []})
    with contextlib.suppress(DOCUMENTED):
        extract_votes(one, get_ruleset(log.meta.ruleset or ""))


def names(roster: list[tuple[str, str, str, int | None]], written: str,
          valid: list[str] | None, at: int | None) -> None:
    """Name resolution with an arbitrary roster."""
    try:
        index = NameIndex([Name(t, o, k, u) for t, o, k, u in roster])  # type: ignore[arg-type]
        index.resolve(written, valid=valid, at=at)
    except DOCUMENTED:
        pass


def gm_log(key: str, text: str, strict: bool) -> None:
    """The GM-log parser against the players of the game the log is about; in strict mode
    a line it cannot use is a `BadInputError`, documented."""
    log: GameLog = gm_log_players(key)
    with contextlib.suppress(DOCUMENTED):
        parse_gm_log(text, ruleset=log.meta.ruleset, players=log.players, file="fuzz.txt",
                     strict=strict)


def game_log(data: bytes) -> None:
    """Game-log loading: anything wrong is a `GameLogError`."""
    with contextlib.suppress(DOCUMENTED):
        parse_game_log(data, "fuzz.json")


Target = tuple[Callable[..., None], st.SearchStrategy[tuple[Any, ...]]]


@st.composite
def _names_case(draw: st.DrawFn) -> tuple[Any, ...]:
    r = draw(roster())
    owners = sorted({o for _, o, _, _ in r})
    valid = draw(st.one_of(st.none(), st.lists(st.sampled_from(owners or ["a"]), max_size=4)))
    at = draw(st.one_of(st.none(), st.integers(-5, 500)))
    return r, draw(mention([t for t, _, _, _ in r])), valid, at


def _gm_case() -> st.SearchStrategy[tuple[Any, ...]]:
    per_log = [st.tuples(st.just(key), st.one_of(
        mutated((text,), max_mutations=6).map(lambda b: b.decode("utf-8", "replace")),
        st.text(max_size=400)), st.booleans()) for key, text in gm_logs()]
    return st.one_of(per_log)


def targets() -> dict[str, Target]:
    """Every target by name, with the strategy of its arguments."""
    out: dict[str, Target] = {
        "decode_page": (decode, st.tuples(page_bytes())),
        "read_page": (page, st.tuples(page_bytes())),
        "generic_page": (generic_page, st.tuples(mutated(generic_seeds()))),
    }
    for directory, family in sorted(FAMILY_OF_DIR.items()):
        out[f"engine:{family}"] = (engine_page, st.tuples(st.just(family),
                                                         engine_page_text(directory)))
    for game in sorted(game_logs()):
        n = len(game_logs()[game].posts)
        out[f"votes:{game}"] = (votes, st.tuples(st.just(game), st.integers(0, n - 1),
                                                 post_html(game)))
    out["names"] = (names, _names_case())
    out["gm_log"] = (gm_log, _gm_case())
    out["game_log"] = (game_log, st.tuples(game_log_json()))
    return out
