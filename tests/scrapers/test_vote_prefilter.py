"""The mafiascum grammar's quick prefilter (`lower()` and `in`) gives the prefilter regex's
answers on every post: invented posts both ways, every single character of Unicode, and
generated bodies built from the pattern's own letters in both cases, its separators and the
characters whose case is odd."""

from __future__ import annotations

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scrapers.rulesets.mafiascum.grammar import _PREFILTER, GRAMMAR, may_hold_vote

POSTS = [
    # (HTML, whether it may hold a vote)
    ("<b>VOTE: Alicia</b>", True),
    ("I think <strong>Vtoe Bram</strong>", True),
    ("no LYNCH today", True),
    ("time to <b>hammer :</b> Corwin", True),
    ("HAMMER\n: Corwin", True),
    ("<span>V</span><span>ot</span><span>e: Dana</span>", True),
    ('<span style="color:red">> V<</span>', True),
    ("<i>vo</i>", True),  # a vote's first letters alone in an element
    ("<i>VoT</i>", True),
    ("<i>vot </i>", False),
    ("<i>vott</i>", False),
    ("<i>> VO<</i>", True),
    ("<i>>  v<</i>", False),  # two spaces: the pattern allows one
    ("don't hammer yet", False),
    ("hammered: Edwin", False),
    ("plain talk about Fennel, nothing else", False),
    ("", False),
    ("İstanbul Kelvin K ſ vοte", False),  # the Greek omicron is no 'o'
    ("İSTANBUL VOTE", True),
]


@pytest.mark.parametrize(("html", "expected"), POSTS)
def test_invented_posts(html: str, expected: bool) -> None:
    assert (_PREFILTER.search(html) is not None) is expected
    assert may_hold_vote(html) is expected
    assert GRAMMAR.may_hold_vote(html) is expected


def test_every_character_alone_and_in_a_word() -> None:
    """Every character with a case (the only ones case-blind matching treats apart) and
    every space."""
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        if c.lower() == c and c.upper() == c and c.casefold() == c and not c.isspace():
            continue
        for html in (c, f"v{c}te", f"vot{c}", f">{c}v<", f"hammer{c}:", f"l{c}nch"):
            assert may_hold_vote(html) == (_PREFILTER.search(html) is not None), repr(html)


_PIECES = st.sampled_from([
    "v", "V", "o", "O", "t", "T", "e", "E", "l", "L", "y", "Y", "n", "N", "c", "C", "h", "H",
    "a", "A", "m", "M", "r", "R", ">", "<", ":", " ", "\n", "\t", "\xa0", "İ", "K", "ſ", "ο",
    "vote", "VoTe", "vtoe", "lynch", "LyNcH", "hammer", "HAMMER", "> v<", ">vo<", ">VOT<",
    "<b>", "</b>", "<span>", "</span>", "x", "é",
])


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.one_of(_PIECES, st.text(max_size=3)), max_size=20).map("".join))
def test_generated_bodies(html: str) -> None:
    assert may_hold_vote(html) == (_PREFILTER.search(html) is not None)


def test_the_prefilter_is_the_one_the_quick_test_stands_for() -> None:
    """A change of the regex must come with the quick test's: the pattern is pinned."""
    assert _PREFILTER.pattern == r"vote|vtoe|lynch|hammer\s*:|>\s?(?:v|vo|vot)<"
    assert _PREFILTER.flags & re.I
