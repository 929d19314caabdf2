"""The quick test for a plain "Vote: X" line (`confirm.may_hold_line`) gives the hint
regex's answers: invented posts both ways, every character of Unicode with a case or a
space in each place of the pattern, and generated bodies of the pattern's own pieces."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapers.votes.confirm import HINT, may_hold_line

POSTS = [
    # (HTML, whether it may hold a plain vote line)
    ("Vote: Alicia", True),
    ("   VOTE : Alicia", True),
    ("<br>vote:Bram", True),
    ("<br> \t Vote\n: Bram", True),
    ("talk\n  vote: Corwin", True),  # a line break among the spaces before it
    ("talk\n\xa0vote: Corwin", True),
    ("my vote: Dana", False),  # not at a line's start
    ("<b>unvote: Dana</b>", False),
    ("vote Edwin", False),  # no colon
    ("vote; Edwin", False),
    ("> votes: Fennel", False),
    ("", False),
    ("x vote: a\nvote: b", True),  # a later "vote" starts a line
    ("İ\nVOTE: Gale", True),
    ("vοte: Gale", False),  # the Greek omicron is no 'o'
]


@pytest.mark.parametrize(("html", "expected"), POSTS)
def test_invented_posts(html: str, expected: bool) -> None:
    assert (HINT.search(html) is not None) is expected
    assert may_hold_line(html) is expected


def test_every_character_in_each_place() -> None:
    """Every character with a case (the only ones case-blind matching treats apart) and
    every space, in each place of the pattern."""
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if c.lower() == c and c.upper() == c and c.casefold() == c and not c.isspace():
            continue
        for html in (f"{c}vote:", f"{c}\nvote:", f"v{c}te:", f"vot{c}:", f"vote{c}:",
                     f">{c}vote{c}:", f"a{c}vote:"):
            assert may_hold_line(html) == (HINT.search(html) is not None), repr(html)


_PIECES = st.sampled_from([
    "v", "V", "o", "O", "t", "T", "e", "E", "vote", "VoTe", "VOTE", ":", " ", "\n", "\t",
    "\xa0", "\u2003", ">", "<", "<br>", "<b>", "</b>", "İ", "K", "ſ", "ο", "x", "é", "un",
])


@settings(max_examples=2000, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=3)), max_size=20).map("".join))
def test_generated_bodies(html: str) -> None:
    assert may_hold_line(html) == (HINT.search(html) is not None)


def test_the_hint_is_the_one_the_quick_test_stands_for() -> None:
    assert HINT.pattern == r"(?:^|[>\n])\s*vote\s*:"
    assert HINT.flags & re.I
