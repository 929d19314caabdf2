"""`find_marks`' candidate elements, found by a union of paths: the same elements, in the
same order, as one path testing every condition on every element (the form it replaced),
on invented bodies holding each kind of candidate, nested, repeated and mixed; and the paths
left out where the HTML cannot match them (`_may_hold`) leave out no candidate, on those
bodies and on generated ones; and each candidate's facts, read the short way, are the plain
readings'."""

from __future__ import annotations

import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from scrapers.html_text import is_block, parse_html
from scrapers.votes.marks import (
    _CANDIDATES,
    _FAILED_CLOSE,
    _QUOTES,
    _SPOILER_CLASS,
    _TYPED_CLOSE,
    _context,
    _inside_quote,
    _is_bold,
    _lines,
    _may_hold,
    _path_for,
    _shows_text,
    _TypedCloses,
    _walk_marked,
    _within,
    find_marks,
    mark_text,
    may_hold_marks,
    starts_line,
)

FULL = sorted(k for k in _CANDIDATES if k[3:] == (True, True, True, True))

_BOLDISH = ("self::b or self::strong or contains(@class, 'bbvote') or "
            "contains(translate(@style, 'BOLDFNTWEIGH', 'boldfntweigh'), 'bold') or "
            "contains(@style, '700')")
_HEADINGS = "self::h1 or self::h2 or self::h3 or self::h4 or self::h5 or self::h6"
_COLOURISH = "contains(@class, 'mk-color') or (self::font and @color) or contains(@style, 'color')"


def _reference(bold: bool, colour: bool, headings: bool) -> etree.XPath:
    return etree.XPath(".//*[" + " or ".join(
        ([_BOLDISH] if bold else []) + ([_HEADINGS] if bold and headings else [])
        + ([_COLOURISH] if colour else [])) + "]")


BODIES = [
    "plain talk, no markup",
    "<b>Vote: Alder</b> and <strong>unvote</strong>",
    '<span style="font-weight: bold">VOTE: Birch</span><span class="bbvote">Cedar</span>',
    '<span style="FONT-WEIGHT: BOLD"><b>nested <span class="bbvote">Dogwood</span></b></span>',
    '<div style="display:inline;font-weight:700">Elm</div><i>no</i>',
    '<span style="color: #ff0000">red <b>bold red</b></span><font color="blue">Fir</font>',
    '<span style="background-color: yellow">not a colour run</span><font>no colour</font>',
    '<span class="mk-color" data-color="#00ff00">Gum</span><span class="other">x</span>',
    "<h2>Vote: Hazel</h2><p><h3>talk</h3></p><h6>six</h6>",
    '<blockquote><b>quoted vote</b><span style="color:red">Ivy</span></blockquote>'
    '<b style="color:red">both</b><!-- a comment --><b></b>',
]


@pytest.mark.parametrize("html", BODIES)
@pytest.mark.parametrize("key", FULL)
def test_union_finds_what_one_path_finds(
        html: str, key: tuple[bool, bool, bool, bool, bool, bool, bool]) -> None:
    root = parse_html(html)
    assert root is not None
    path = _CANDIDATES[key]
    assert path is not None
    got = path(root)
    want = _reference(key[0], key[1], key[2])(root)
    assert isinstance(got, list)
    assert isinstance(want, list)
    assert [id(e) for e in got] == [id(e) for e in want]
    assert len(got) == len({id(e) for e in got})


def test_the_bodies_hold_candidates_of_every_kind() -> None:
    """The table is no empty check: every key finds something in it, and the colour-only
    key leaves bold runs out."""
    roots = [parse_html(html) for html in BODIES]
    for key in FULL:
        path = _CANDIDATES[key]
        assert path is not None
        found = [path(root) for root in roots if root is not None]
        assert any(isinstance(f, list) and f for f in found), key
    root = parse_html("<b>bold</b>")
    assert root is not None
    colour_only = _CANDIDATES[(False, True, False, True, True, True, True)]
    assert colour_only is not None
    assert colour_only(root) == []


def _pruned_equals_full(html: str) -> None:
    root = parse_html(html)
    if root is None:
        return
    for bold, colour in ((True, False), (False, True), (True, True)):
        for headings in (True, False):
            full = _CANDIDATES[(bold, colour, headings, True, True, True, True)]
            held, tags, classes, styles, cased = _may_hold(html, bold, colour)
            pruned = _CANDIDATES[(bold, colour, headings and held, tags, classes, styles,
                                  cased)]
            assert full is not None
            want = full(root)
            got = [] if pruned is None else pruned(root)
            assert isinstance(want, list)
            assert isinstance(got, list)
            assert [id(e) for e in got] == [id(e) for e in want], (html, bold, colour)
        assert find_marks(root, bold=bold, colour=colour, html=html) == \
            find_marks(root, bold=bold, colour=colour), html
        if not may_hold_marks(html, bold=bold, colour=colour):
            # a body the votes stage does not parse for its marks holds none
            assert find_marks(root, bold=bold, colour=colour) == [], html
    for bold in (True, False):
        for colour in (True, False):
            for headings in (True, False):
                # asked test by test, the answer of the paths chosen
                assert may_hold_marks(html, bold=bold, colour=colour, headings=headings) == \
                    (_path_for(bold, colour, headings, html) is not None), html


@pytest.mark.parametrize("html", [
    *BODIES, "<br>line<blockquote>q</blockquote>", "<B>Vote: Jade</B>", "<STRONG >x</STRONG>",
    '<span style="font-weight:&#98;old">spelt by a reference</span>',
    '<span class="bb&#118;ote">Kale</span>', "<b\n>Vote: Lime</b>", "<b/>x",
    '<div style="display:inline;FONT-WEIGHT:Bold">Vote: Moss</div>',
    '<span style="font-weight:bold">lower</span> and <span style="font-weight:BOLD">upper</span>',
    '<span style="font-weight:bolD">Vote: Nettle</span> talk in bold letters: BOLD',
    '<span style="font-weight:bold">Vote: Oak</span> said "bold" in talk',
])
def test_the_paths_left_out_hold_no_candidate(html: str) -> None:
    _pruned_equals_full(html)


_PIECE = st.sampled_from([
    "x", " ", "vote", "<b>", "</b>", "<B>", "<strong>", "</strong>", "<br>", "<blockquote>",
    "</blockquote>", '<span style="font-weight:bold">', '<span style="FONT-WEIGHT:700">',
    '<span style="color:red">', '<span class="bbvote">', '<span class="mk-color">', "</span>",
    '<font color="red">', "</font>", "<h2>", "</h2>", "&#98;", "&amp;", "<b ", ">", "\x00",
    '<span style="font-weight:BoLd">', '<span style="font-weight:bold">', "BOLD", "bold",
])


@settings(max_examples=400, deadline=None)
@given(st.lists(_PIECE, max_size=14).map("".join))
def test_generated_bodies(html: str) -> None:
    _pruned_equals_full(html)


# Each mark's facts read the short way (a run's ancestors' class and style looked at only
# where there; the quotes' typed closes read only for a quoted run; the text before a run
# on its line without an XPath evaluator; a run inside one taken by a C walk of its
# ancestors): the same answers as the plain readings below, for every element of
# generated bodies.

def _context_by_the_letter(el: etree._Element,
                           root: etree._Element) -> tuple[bool, bool, bool]:
    in_spoiler = hidden = False
    depth = 0
    node: etree._Element | None = el
    while node is not None and node is not root:
        cls = str(node.get("class") or "")
        if node.tag == "blockquote" or "mk-quote" in cls:
            depth += 1
        if "mk-spoiler" in cls or (cls and _SPOILER_CLASS.search(cls) and "mk-hidden" not in cls):
            in_spoiler = True
        if "mk-hidden" in cls:
            hidden = True
        style = (node.get("style") or "").replace(" ", "").lower()
        if "display:none" in style or "visibility:hidden" in style:
            hidden = True
        node = node.getparent()
    if depth and _quote_holds_typed_close(root):
        found = _FAILED_CLOSE(el)
        assert isinstance(found, list)
        depth -= sum(len(_TYPED_CLOSE.findall(str(t))) for t in found if _inside_quote(t))
    return depth > 0, in_spoiler, hidden


def _quote_holds_typed_close(root: etree._Element) -> bool:
    found = _QUOTES(root)
    assert isinstance(found, list)
    return any(isinstance(q, etree._Element)
               and _TYPED_CLOSE.search("".join(str(t) for t in q.itertext()))
               for q in found)


def _starts_line_by_the_letter(el: etree._Element, root: etree._Element) -> bool:
    node = el
    while node is not root:
        prev = node.getprevious()
        while prev is not None:
            if prev.tail and prev.tail.strip(" \t\n\r;,."):
                return False
            if isinstance(prev.tag, str):
                if is_block(prev):
                    return True
                if "bbvote" not in str(prev.get("class") or "") and not _is_bold(prev) and \
                        str(prev.xpath("string()")).strip():
                    return False
            prev = prev.getprevious()
        parent = node.getparent()
        if parent is None:
            return True
        if parent.text and parent.text.strip():
            return False
        if parent is root or is_block(parent):
            return True
        node = parent
    return True


_FACT_PIECE = st.sampled_from([
    "x", " ", "\xa0", ";", ".", "\n", "<b>", "</b>", "<i>", "</i>", "<br>", "<p>", "</p>",
    "<blockquote>", "</blockquote>", '<div class="mk-quote">', '<span class="mk-spoiler">',
    '<span class="mk-hidden">', '<div class="quotecontent">', '<div class="spoiler mk-hidden">',
    '<div class="mk-quote mk-hidden">', '<div style="display: NONE">',
    '<span style="Visibility : hidden">', '<div style="display:inline;font-weight:bold">',
    '<div style="display:inline">', "</div>", "</span>", '<span class="bbvote">',
    '<span style="font-weight:bold">', '<img src="s.png">', '<img alt="x">', "<!-- c -->",
    "[/quote]", "[ / QUOTE ]", "[/ quote", "<fieldset>", "</fieldset>", "<ul><li>", "</li>",
])


@settings(max_examples=500, deadline=None)
@given(st.lists(_FACT_PIECE, max_size=16).map("".join))
def test_each_elements_facts_are_the_plain_readings(html: str) -> None:
    root = parse_html(html)
    if root is None:
        return
    typed = _TypedCloses(root)
    for el in root.iter():
        if el is root or not isinstance(el.tag, str):
            continue
        assert _context(el, root, typed) == _context_by_the_letter(el, root), html
        assert starts_line(el, root) == _starts_line_by_the_letter(el, root), html
        assert _shows_text(el) == bool(str(el.xpath("string()")).strip()), html
        parts = [el.text or ""]  # `mark_text` walking every run, one with no children too
        _walk_marked(el, set(), parts)
        assert mark_text(el, set()) == "".join(parts)
        for runs in ({a for a in root.iter() if a.tag == "b"}, {root}, set()):
            assert _within(el, runs) == any(a in runs for a in el.iterancestors())


def test_a_heading_is_looked_for_only_where_the_html_writes_one() -> None:
    """`find_marks` given the HTML leaves the six heading paths out where it holds no
    "<h" in either case (the votes stage no longer looks for both itself)."""
    for html, walked in (("<b>Vote: Ash</b>", False), ("<h2>Vote: Ash</h2>", True),
                         ("<H3 class=x>Vote: Ash</H3>", True), ("&#60;h2>x <b>y</b>", False)):
        got = _path_for(True, False, True, html)
        assert got is _CANDIDATES[(True, False, walked, *_may_hold(html, True, False)[1:])]
        root = parse_html(html)
        assert root is not None
        assert find_marks(root, html=html) == find_marks(root)


def test_lowering_makes_a_heading_tag_only_of_one() -> None:
    """`"<h" in html.lower()` is `"<h" in html or "<H" in html`: `lower()` lowers each
    character on its own (a final sigma aside, which lowers to no "h"), and only "<" lowers
    to anything holding "<", only "h" and "H" to anything holding "h"."""
    for cp in range(sys.maxunicode + 1):
        c = chr(cp)
        low = c.lower()
        assert ("<" in low) == (c == "<"), repr(c)
        assert ("h" in low) == (c in "hH"), repr(c)


@given(st.text(alphabet=st.sampled_from([*"ab \n\r\t\x0b\x0c\x1c\x1d\x1e\x85", "\u2028",
                                         "\u2029", "\xa0", "\u3000"]), max_size=12))
def test_a_run_of_one_line_reads_as_lines_do(text: str) -> None:
    """`_lines` of a run of one line (most runs) without the walk over its lines."""
    assert _lines(text) == "\n".join(" ".join(line.split()) for line in text.splitlines()
                                     if line.strip())
