"""Crashers the fuzzers found (tests/fuzz), each kept as a regression test with its input
written out. The three control-character crashers are fixed in `parse_page`: characters XML
does not allow are removed before parsing, and counted in a "control-characters" issue."""

from __future__ import annotations

import json
import tracemalloc
from datetime import UTC
from pathlib import Path

import pytest

from engine.errors import BadInputError, GameLogError
from engine.gamelog.io import parse_game_log
from scrapers.forum.page import read_page
from scrapers.names import Name, NameIndex
from scrapers.scrape import scrape
from tests.conftest import shared_dir

FIXTURES = Path(__file__).resolve().parents[1] / "scrapers" / "fixtures"
SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "island-mini.json"


def test_control_character_after_a_spoiler_in_a_forumotion_post() -> None:
    """A \\x01 after a spoiler in a Forumotion post: lxml kept it in a tail, then
    normalise_body (scrapers/forum/markup.py) raised ValueError setting the tail. Found by
    the engine:forumotion fuzzer."""
    page = (FIXTURES / "forumotion" / "gorod_grehov_phpbb2_p1.html").read_bytes()
    # the first post's spoiler, with the "<" of the closing </div> after it a \x01 byte
    assert page.count(b"</dl></div>") == 2
    broken = page.replace(b"</dl></div>", b"</dl>\x01/div>", 1)
    _, parsed = read_page("control-char.html", broken, UTC)
    assert parsed.posts
    assert "control-characters" in {i.code for i in parsed.issues}


def test_control_character_after_a_quote_citation_in_a_mybb_post() -> None:
    """A control character right after a quote's <cite> in a MyBB post: _make_quote's
    remove_keep_tail raised ValueError setting it as a tail. Found by the engine:mybb
    fuzzer."""
    page = (FIXTURES / "mybb" / "mybb18-default.html").read_bytes()
    anchor = "</cite>Комиссара".encode()
    assert page.count(anchor) == 1
    broken = page.replace(anchor, "</cite>\x01Комиссара".encode())
    _, parsed = read_page("control-char.html", broken, UTC)
    assert parsed.posts
    assert "control-characters" in {i.code for i in parsed.issues}


def test_control_character_at_the_start_of_an_smf_post() -> None:
    """A control character at the start of a plain SMF post: _finish's _inner_html raised
    ValueError. Found by the engine:smf fuzzer."""
    page = (FIXTURES / "smf" / "smf20-curve.html").read_bytes()
    anchor = b'<div class="inner" id="msg_1201">'
    assert page.count(anchor) == 1
    broken = page.replace(anchor, anchor + b"\x01")
    _, parsed = read_page("control-char.html", broken, UTC)
    assert parsed.posts
    assert "control-characters" in {i.code for i in parsed.issues}


def test_an_avatar_address_urljoin_cannot_split() -> None:
    """An avatar's src "http://[x" (an IPv6 host never closed): urljoin raised ValueError
    out of parse_with_spec (scrapers/forum/spec.py). Found by the atheris read_page fuzzer
    (a phpBB page); the address is now kept as written."""
    page = (FIXTURES / "vbulletin" / "vb42_ru_utf8.html").read_bytes()
    anchor = b'<img src="customavatars/avatar2_12.gif"'  # Кент's two posts
    assert page.count(anchor) == 2
    assert b'<base href="https://mafia.example.ru/"' in page
    _, parsed = read_page("bad-url.html", page.replace(anchor, b'<img src="http://[x"'), UTC)
    assert "http://[x" in {p.avatar.url for p in parsed.posts if p.avatar is not None}
    kent = "https://mafia.example.ru/customavatars/avatar14_5.gif"
    assert kent in {p.avatar.url for p in parsed.posts if p.avatar is not None}


def test_a_page_address_urljoin_cannot_split(tmp_path: Path) -> None:
    """The same ValueError, found in review after the avatar crasher: a saved copy's "saved
    from url" comment "http://[x" became the page's base address, then `<base href>` was
    joined to it (scrapers/forum/page.py) and the forum's host read from it
    (scrapers/scrape.py). The page is read, the host left unknown."""
    page = (FIXTURES / "vbulletin" / "vb42_ru_utf8.html").read_bytes()
    assert b"<base href=" in page
    broken = b"<!-- saved from url=(0009)http://[x -->\n" + page
    loaded, parsed = read_page("bad-base.html", broken, UTC)
    assert loaded.url == "http://[x"
    assert parsed.posts
    path = tmp_path / "bad-base.html"
    path.write_bytes(broken)
    log = scrape([path], posts_only=True)
    assert log.meta.forum is None
    assert log.meta.thread_urls == ["http://[x"]


def test_a_name_of_thousands_of_words_resolves_in_linear_space() -> None:
    """Resolving a written name tried its six longest prefixes, but built every prefix
    first: quadratic in the words (0.44 s for 8,000; found by profiling the names fuzzer).
    Measured by memory, not time: all prefixes of 3,000 Cyrillic words are ~50 MB."""
    index = NameIndex([Name("Кент", "s1", "nick"), Name("Ктулху", "s2", "nick")])
    words = " ".join(["слово"] * 3000)
    tracemalloc.start()
    try:
        index.resolve(words)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * 1024 * 1024, f"{peak / 1e6:.0f} MB to resolve one long name"
    assert index.resolve("Кенту").owner == "s1"


def test_a_time_zone_name_too_long_for_a_file_name() -> None:
    """A game log whose meta.timezone is thousands of characters: ZoneInfo looks the name
    up as a file and raised OSError (file name too long) out of game-log loading. Found by
    the game_log fuzzer; now a GameLogError naming the field, and --timezone says so too."""
    doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
    doc["meta"]["timezone"] = "<div>" * 1000 + "UTC"
    with pytest.raises(GameLogError, match=r"meta.timezone.*unknown IANA time zone"):
        parse_game_log(json.dumps(doc))
    with pytest.raises(BadInputError, match="unknown IANA time zone"):
        scrape([FIXTURES / "phpbb" / "phpbb30_prosilver_ru.html"], timezone="x" * 5000)


@pytest.mark.parametrize("reference", ["&#03", "&#x3;", "&#11;", "&#xFFFE;", "&#65535"])
def test_a_control_character_written_as_a_reference(reference: str) -> None:
    """"&#03" (no semicolon) in a XenForo post: lxml's parser turned the reference into
    U+0003, then refused it when the post's quote was rewritten (ValueError out of
    normalise_body). Found by the atheris read_page fuzzer; references to the characters
    XML does not allow are removed like the characters, and counted in the same issue."""
    source = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally" / "Xenforo1.html"
    if not source.is_file():
        pytest.skip(f"the real XenForo page is not at {source} (set MAFIAKIT_SHARED)")
    data = source.read_bytes()
    anchor = b"Oh, hey, I&#039;m"
    assert data.count(anchor) == 2  # a post and a quote of it
    broken = data.replace(anchor, b"Oh, hey, I" + reference.encode() + b"ass=\"x\">m")
    _, parsed = read_page("control-ref.html", broken, UTC)
    assert len(parsed.posts) == len(read_page("whole.html", data, UTC)[1].posts)
    assert "control-characters" in {i.code for i in parsed.issues}
