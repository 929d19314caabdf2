"""The fuzzers' inputs: the real pages, GM logs and game logs they start from, and the
hypothesis strategies that mutate them (truncation, byte flips, inserted tags, deep nesting,
removed attributes) or generate input from nothing."""

from __future__ import annotations

import json
import re
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from engine.gamelog import GameLog, load

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "data" / "games"
FIXTURES = ROOT / "tests" / "scrapers" / "fixtures"

# markup that forum pages are made of, inserted where it breaks the most (unclosed, stray
# closers, quote and spoiler blocks, scripts, comments, CDATA, entities)
_TAGS = ("<div>", "</div>", "<b>", "</b>", "<table><tr><td>", "</td></tr></table>",
         "<blockquote>", "</blockquote>", "<!--", "-->", "<script>", "</script>", "<![CDATA[",
         "<br>", "<span style=\"color:red\">", "&#0;", "&#xD800;", "&amp", "<?xml?>",
         "<html>", "</html>", "<body>", "<meta charset=\"koi8-r\">", "\x00", "\ufeff")
_ATTR = re.compile(rb"\s[a-zA-Z-]+=(?:\"[^\"]*\"|'[^']*'|[^\s>]+)")


@cache
def thread_pages() -> tuple[bytes, ...]:
    """Every page of the bundled games' saved threads."""
    out: list[bytes] = []
    for archive in sorted(GAMES.glob("*/thread.zip")):
        with zipfile.ZipFile(archive) as z:
            out.extend(z.read(n) for n in sorted(z.namelist()) if n.endswith(".html"))
    return tuple(out)


@cache
def engine_pages() -> dict[str, tuple[bytes, ...]]:
    """The fixture pages of each engine family, by the family's directory name."""
    return {d.name: tuple(p.read_bytes() for p in sorted(d.glob("*.html")))
            for d in sorted(FIXTURES.iterdir()) if d.is_dir() and any(d.glob("*.html"))}


def all_pages() -> tuple[bytes, ...]:
    return thread_pages() + tuple(p for ps in engine_pages().values() for p in ps)


@cache
def game_logs() -> dict[str, GameLog]:
    """The bundled games' expected logs, by game directory name."""
    return {p.parent.name: load(p) for p in sorted(GAMES.glob("*/expected.json"))}


@cache
def game_log_texts() -> tuple[bytes, ...]:
    return tuple(p.read_bytes() for p in sorted(GAMES.glob("*/expected.json")))


@st.composite
def _mutation(draw: st.DrawFn, size: int) -> tuple[str, int, bytes]:
    kind = draw(st.sampled_from(("truncate", "flip", "insert", "nest", "delete", "unattr")))
    at = draw(st.integers(0, max(size, 0)))
    if kind == "flip":
        return kind, at, draw(st.binary(min_size=1, max_size=4))
    if kind == "insert":
        return kind, at, draw(st.sampled_from(_TAGS)).encode("utf-8")
    if kind == "nest":
        depth = draw(st.integers(1, 3000))
        tag = draw(st.sampled_from(("div", "b", "blockquote", "table", "span", "td")))
        return kind, at, f"<{tag}>".encode() * depth
    return kind, at, b""


def mutate(data: bytes, mutations: list[tuple[str, int, bytes]]) -> bytes:
    """Apply mutations in order; a position past the end is taken modulo the length."""
    for kind, at, payload in mutations:
        pos = at % (len(data) + 1)
        if kind == "truncate":
            data = data[:pos]
        elif kind == "flip":
            data = data[:pos] + payload + data[pos + len(payload):]
        elif kind in ("insert", "nest"):
            data = data[:pos] + payload + data[pos:]
        elif kind == "delete":
            data = data[:pos] + data[pos + 1 + at % 512:]
        elif kind == "unattr":
            found = list(_ATTR.finditer(data))
            if found:
                m = found[at % len(found)]
                data = data[:m.start()] + data[m.end():]
    return data


def mutated(seeds: tuple[bytes, ...], max_mutations: int = 4) -> st.SearchStrategy[bytes]:
    """A seed with a few mutations. The mutation positions are drawn independently of the
    seed's length (and wrapped), so that hypothesis can shrink them."""
    longest = max((len(s) for s in seeds), default=0)

    @st.composite
    def build(draw: st.DrawFn) -> bytes:
        seed = draw(st.sampled_from(seeds))
        muts = draw(st.lists(_mutation(longest), min_size=1, max_size=max_mutations))
        return mutate(seed, muts)

    return build()


def page_bytes() -> st.SearchStrategy[bytes]:
    """A saved page: mutated real pages mostly, arbitrary bytes and text sometimes."""
    return st.one_of(
        mutated(all_pages()),
        st.binary(max_size=2000),
        st.text(max_size=2000).map(lambda t: t.encode("utf-8")),
        st.text(max_size=500).map(lambda t: f"<html><body>{t}</body></html>".encode()),
    )


def engine_page_text(family_dir: str) -> st.SearchStrategy[str]:
    """One engine's fixture page, mutated, as text (the engine parsers take decoded text)."""
    seeds = tuple(s.decode("utf-8", "replace") if s.isascii() else _decode(s)
                  for s in engine_pages()[family_dir])
    raw = tuple(s.encode("utf-8") for s in seeds)
    return mutated(raw).map(lambda b: b.decode("utf-8", "replace"))


def _decode(data: bytes) -> str:
    from scrapers.archive.decode import decode_page
    return decode_page(data).text


def post_html(game: str) -> st.SearchStrategy[str]:
    """A post of `game`: one of its real posts mutated (those with votes first), or markup
    assembled from vote-like pieces and arbitrary text."""
    log = game_logs()[game]
    voted = {v.post for v in log.votes}
    seeds = tuple(p.html.encode("utf-8") for p in log.posts if p.number in voted) or \
        tuple(p.html.encode("utf-8") for p in log.posts[:50])
    names = sorted({o.nick for s in log.players for o in s.occupants}
                   | {s.ingame_name for s in log.players if s.ingame_name})
    piece = st.one_of(
        st.sampled_from(("<b>", "</b>", "vote:", "VOTE ", "unvote", "голосую", "против ",
                         "<blockquote>", "</blockquote>", "<span style=\"color:red\">",
                         "</span>", "<br>", "\n", " ", "за ", "no lynch", "<div class=\"spoiler\">",
                         "</div>", "@", ":", "&nbsp;")),
        st.sampled_from(names or ["x"]),
        st.text(max_size=20),
    )
    return st.one_of(
        mutated(seeds).map(lambda b: b.decode("utf-8", "replace")),
        st.lists(piece, max_size=30).map("".join),
        st.text(max_size=300),
    )


@st.composite
def roster(draw: st.DrawFn) -> list[tuple[str, str, str, int | None]]:
    """Names of a roster: (text, owner, kind, until), from real games' names and arbitrary
    text."""
    real = sorted({(o.nick, s.id) for log in game_logs().values() for s in log.players
                   for o in s.occupants})
    text = st.one_of(st.sampled_from([n for n, _ in real]), st.text(max_size=25))
    owners = st.sampled_from(["a", "b", "c", "GM", "d e"])
    kinds = st.sampled_from(("nick", "ingame", "alias", "gm"))
    until = st.one_of(st.none(), st.integers(-5, 500))
    return draw(st.lists(st.tuples(text, owners, kinds, until), max_size=12))


def mention(names: list[str]) -> st.SearchStrategy[str]:
    """A written name: a roster name with a typo, an inflection, more words, or arbitrary."""
    base = st.sampled_from(names) if names else st.text(max_size=10)
    return st.one_of(
        st.text(max_size=40),
        st.tuples(base, st.text(max_size=5), st.text(max_size=5)).map(
            lambda t: t[1] + t[0] + t[2]),
        st.tuples(base, st.integers(0, 30)).map(lambda t: t[0][: t[1]]),
        st.lists(base, max_size=8).map(" ".join),
    )


@cache
def gm_logs() -> tuple[tuple[str, bytes], ...]:
    """(game, text) of every GM log: the bundled games' and the GM-log test fixtures' (each
    read against the game the fixtures say it is about)."""
    from tests.scrapers.gmlog.fixtures import GAME_OF, log_path
    out = [(f"data:{p.parent.name}", p.read_bytes()) for p in sorted(GAMES.glob("*/gm-log.txt"))]
    out += [(f"fixture:{name}", log_path(name).read_bytes()) for name in sorted(GAME_OF)]
    return tuple(out)


def gm_log_players(key: str) -> GameLog:
    """The game whose players the GM log `key` (from `gm_logs`) names."""
    kind, name = key.split(":", 1)
    return game_logs()[name] if kind == "data" else _fixture_game(name)


@cache
def _fixture_game(name: str) -> GameLog:
    from tests.scrapers.gmlog.fixtures import game
    return game(name)


def json_value() -> st.SearchStrategy[Any]:
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                        st.floats(allow_nan=False), st.text(max_size=20))
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
        max_leaves=8)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc[:3]):  # the first items stand for the rest
            out += _paths(v, (*prefix, i))
    return out


@cache
def _docs() -> tuple[tuple[str, tuple[tuple[Any, ...], ...]], ...]:
    return tuple((t.decode("utf-8"), tuple(_paths(json.loads(t)))) for t in game_log_texts())


@st.composite
def game_log_json(draw: st.DrawFn) -> bytes:
    """A bundled game log with one value replaced or a key removed (structure-aware), or
    its bytes mutated, or arbitrary bytes."""
    how = draw(st.sampled_from(("replace", "remove", "bytes", "arbitrary")))
    if how == "arbitrary":
        return draw(st.binary(max_size=200))
    if how == "bytes":
        return draw(mutated(game_log_texts(), max_mutations=2))
    text, paths = draw(st.sampled_from(_docs()))
    doc = json.loads(text)
    path = draw(st.sampled_from(paths[1:]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    if how == "remove":
        del parent[path[-1]]
    else:
        parent[path[-1]] = draw(json_value())
    return json.dumps(doc, ensure_ascii=False).encode("utf-8")
