"""A signal's needle only makes ruling a page out cheap: with or without it, every signal
finds the same on every fixture page (and a needle is what every match holds)."""

from __future__ import annotations

from pathlib import Path

from scrapers.forum import signals as sg
from scrapers.forum.engines import adapters

FIXTURES = Path(__file__).parent / "fixtures"


def test_needles_never_change_what_a_signal_finds() -> None:
    pages = [p.read_text(encoding="utf-8", errors="replace")
             for p in sorted(FIXTURES.glob("*/*.htm*"))]
    for adapter in adapters():
        for signal in adapter.signals:
            for text in pages:
                part = sg.searched(text)
                assert signal.found(part) == (signal.compiled.search(part) is not None), (
                    adapter.family, signal.what)


def test_helpers_give_needles_a_match_holds() -> None:
    page = ('<meta name="generator" content="Discuz! X3.4" /><div class="a plhin b" '
            'id="postmessage_12">Powered by <b>Discuz!</b></div>')
    for signal in (sg.generator("Discuz!"), sg.css_class("plhin"),
                   sg.element_id("postmessage_#"), sg.powered_by("Discuz!")):
        assert signal.needle is not None
        assert signal.found(page), signal.what
        assert signal.found(page.upper().replace("DISCUZ!", "Discuz!")) == (
            signal.compiled.search(page.upper().replace("DISCUZ!", "Discuz!")) is not None)
    # not ASCII: the needle is what else every match holds (the literal part of the regex)
    cyrillic = sg.css_class("плашка")
    assert cyrillic.needle == "class="
    assert cyrillic.found('<div class="x плашка">')
    assert not cyrillic.found('<div class="x">')


def test_needles_are_derived_from_the_pattern_where_none_is_given() -> None:
    """A signal written as a bare regex gets the longest run of plain characters every match
    holds; none where an alternation outside groups means no run is in every match."""
    assert sg.literal_run(r"\bipb_var_\w+") == "ipb_var_"
    assert sg.literal_run(r"ips\.setSetting\(") == "ips.setsetting("
    assert sg.literal_run(r"colou?r") == "colo"
    assert sg.literal_run(r"(?:x|y)abcd[0-9]+") == "abcd"
    assert sg.literal_run(r"Simple Machines|SMF") is None
    assert sg.literal_run(r"a{2}bc") is None  # "bc" alone is too short to be worth it
    assert sg.markup("m", r"my_post_key").needle == "my_post_key"
