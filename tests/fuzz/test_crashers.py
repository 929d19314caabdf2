"""Crashers the fuzzers found (tests/fuzz), each kept as a regression test with its input
written out. The three control-character crashers are fixed in `parse_page`: characters XML
does not allow are removed before parsing, and counted in a "control-characters" issue."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

from scrapers.forum.page import read_page

FIXTURES = Path(__file__).resolve().parents[1] / "scrapers" / "fixtures"


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
