"""The string reading of a post body gives lxml's reading, or declines."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scrapers.html_fast as html_fast
from scrapers.html_fast import fast_body_text
from scrapers.html_text import _WROTE, body_text

_CITE = ('<cite><a href="./viewtopic.php?p=51#p51" data-post-id="51">In post 7</a>, '
         '<a href="./memberlist.php?u=2">Alice</a> wrote:</cite>')


def test_a_quote_with_its_cite_inside() -> None:
    html = (f'<blockquote cite="./viewtopic.php?p=51#p51"><div>{_CITE}VOTE: Bob</div>'
            "</blockquote>I agree.<br>\n<br>\n<span style=\"font-weight:bold\">vote bob</span>")
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)
    assert fast.text == "I agree.\n\nvote bob"
    assert [(q.author, q.post_id, q.text) for q in fast.quotes] == [("Alice", "51", "VOTE: Bob")]


def test_a_cite_just_before_its_quote_and_nested_quotes() -> None:
    html = (f"x {_CITE} <blockquote><div>outer<blockquote><div>{_CITE}inner</div></blockquote>"
            "</div></blockquote>y")
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)
    assert len(fast.quotes) == 1
    assert fast.quotes[0].author == "Alice"
    assert "inner" in fast.quotes[0].text


def test_entities_and_smiley_alt() -> None:
    html = 'a &amp; b &lt;3 &#1055;&#x44f;&nbsp;<img src="s.gif" alt=":shifty:"> end'
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)
    assert ":shifty:" in fast.text


def test_what_it_declines() -> None:
    # each of these is read by lxml, never guessed from the string
    for html in ["<p>a<p>b", "a</div>b<div>c", "<!-- x -->a", "a < b", "<table><tr><td>x",
                 "<a href=x>1<a href=y>2</a></a>", "&copy; 2020", "&#150;", "a\r\nb",
                 "<b><i>x</b></i>", "<cite>a<cite>b</cite></cite>",
                 "<cite>a<blockquote>b</blockquote></cite>", "<div>x</div<br>y", "x<a",
                 '<a title="<">x</a>', "<!DOCTYPE html>x", "a<!x>b", "<div><!-- c --></div>",
                 "<![CDATA[x]]>", "<b>a</b><!-- <b> -->"]:
        assert fast_body_text(html) is None, html


_TAGS = ["div", "span", "b", "a", "cite", "blockquote", "i", "p", "li", "font"]
_piece = st.one_of(
    st.sampled_from(["x", "vote", " ", "\n", "&amp;", "&lt;", "&#65;", "&nbsp;", "<br>", "<br/>",
                     '<img alt="a&amp;b">', "<img>", "&", ">", "<", "\u00e9", "  y  ",
                     '<div style="display:inline">', '<a href="./v.php?p=9#p9">']),
    st.builds(lambda t: f"<{t}>", st.sampled_from(_TAGS)),
    st.builds(lambda t: f"</{t}>", st.sampled_from(_TAGS)),
)


@settings(max_examples=600, deadline=None)
@given(st.lists(_piece, max_size=25))
def test_generated_bodies_read_as_lxml_reads_them(pieces: list[str]) -> None:
    html = "".join(pieces)
    fast = fast_body_text(html)
    if fast is not None:
        assert fast == body_text(html), html


@settings(max_examples=300, deadline=None)
@given(st.lists(_piece, max_size=12))
def test_balanced_bodies_are_read_not_declined(pieces: list[str]) -> None:
    # the common case must take the fast way: tags closed in order, known, plain text
    html = "".join(p for p in pieces if p in ("x", " ", "vote", "&amp;", "<br>"))
    html = f"<div><span>{html}</span></div><blockquote><div>{_CITE}q</div></blockquote>"
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)


# tags as boards write them and as they may not: attributes quoted either way or bare, a
# `>` inside a quoted value, upper case, a self-closing slash, space before the `>`, no `>`
_WRITTEN = st.sampled_from([
    '<div class="x">', "<DIV>", "</DIV>", "<Br>", "<br />", "<br/>", "</div >", "<div/>",
    "<span id=x/>", "<img alt='q'/>", '<a title="a>b">', "<a title='<'>", "<b  >",
    '<a href="./viewtopic.php?p=5#p5" data-post-id="5" onclick="x">', "<cite >", "</ cite>",
    '<blockquote cite="./viewtopic.php?p=8#p8">', "<blockquote class=uncited>", "<1>", "<a",
    "<br", "</div", "<div", "</b", "</a>", "</blockquote>", "</cite>", "</span>",
    '<img src="s" alt="a&amp;b" alt="c">', "<!-- c -->", "<!x>"])


@settings(max_examples=600, deadline=None)
@given(st.lists(st.one_of(_piece, _WRITTEN), max_size=25))
def test_tags_written_any_way_read_as_lxml_reads_them(pieces: list[str]) -> None:
    html = "".join(pieces)
    fast = fast_body_text(html)
    if fast is not None:
        assert fast == body_text(html), html


class _CountingPattern:
    """A stand-in for a compiled regex that counts its `match` calls."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.calls = 0

    def match(self, text: str) -> re.Match[str] | None:
        self.calls += 1
        return self.pattern.match(text)


def test_a_bare_tag_is_read_without_the_tag_regex(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _CountingPattern(html_fast._TAG)
    monkeypatch.setattr(html_fast, "_TAG", counting)
    html = "<div>a<br>b<br/>c</div><span><b>x</b></span><blockquote><div>q</div></blockquote>"
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)
    assert counting.calls == 0
    # a tag with attributes is checked by the regex, each once
    html = '<div class="x">a<br>b</div><DIV>c</DIV>'
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)
    assert counting.calls == 3


def _header(post: int, link: str, name: str, linked: int | None = None) -> str:
    """A quote's opening as phpBB 3.2 writes it on mafiascum (its cite's link naming the
    post `linked`, the post quoted unless told)."""
    linked = post if linked is None else linked
    return (f'<blockquote cite="./viewtopic.php?p={post}#p{post}"><div><cite> '
            f'<a href="./viewtopic.php?p={linked}#p{linked}" data-post-id="{linked}" '
            'onclick="if(document.getElementById(hash.substr(1)))href=hash">'
            f'{link}</a>,  <a href="./memberlist.php?mode=viewprofile&amp;u=7">{name}</a> '
            "wrote:</cite>")


_headed = st.one_of(
    _piece, _WRITTEN,
    st.builds(_header, st.integers(0, 10**9),
              st.sampled_from(["In post 5", "", "x &amp; y", " ", "&lt;", "In post  9 ",
                               "in post 5", "In post \uff15", "In post 5,", "In post 5 x"]),
              st.sampled_from(["Alice", "", "Bob wrote", " Eve ", "A&amp;B", "\u00e9 said",
                               "a  b", "wrote:", "said", "a:", "3,", "x\u3000y", "&nbsp;x",
                               "In post 7,", "x\x1cy", "Bob&#9;"]),
              st.integers(0, 3)),
    st.sampled_from(["</div></blockquote>", "<cite>Carol wrote:</cite>", "<cite>", "</cite>",
                     _CITE]))


@settings(max_examples=800, deadline=None)
@given(st.lists(_headed, max_size=20))
def test_quote_headers_read_as_lxml_reads_them(pieces: list[str]) -> None:
    # headers top-level and nested, after a cite of their own, in a cite, in a link
    html = "".join(pieces)
    fast = fast_body_text(html)
    if fast is not None:
        assert fast == body_text(html), html


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["x", "<br>", "&amp;", " ", "<div>y</div>", "<b>v</b>"]),
                max_size=8),
       st.integers(1, 3), st.booleans())
def test_nested_quote_headers_are_read_not_declined(
        pieces: list[str], depth: int, cited_before: bool) -> None:
    text = "".join(pieces)
    html = text
    for level in range(depth):
        html = f"{_header(level, f'In post {level}', f'P{level}')}{html}</div></blockquote>{text}"
    if cited_before:
        html = f"{_CITE}{html}"
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)


def test_what_it_declines_of_quote_headers() -> None:
    header = _header(5, "In post 2", "Alice")
    for html in [f"<cite>{header}q</div></blockquote></cite>",
                 f'<a href="x">{header}q</div></blockquote></a>',
                 f"<span><cite>a</span>{header}q</div></blockquote></cite>"]:
        assert fast_body_text(html) is None, html


def test_a_quote_header_is_read_as_one(monkeypatch: pytest.MonkeyPatch) -> None:
    # its three tags with attributes are not each matched by the tag regex
    counting = _CountingPattern(html_fast._TAG)
    monkeypatch.setattr(html_fast, "_TAG", counting)
    inner = f"{_header(9, 'In post 3', 'Bob')}VOTE: Eve</div></blockquote>"
    html = f"{_header(12, 'In post 4', 'Alice')}{inner}why<br>\n</div></blockquote>I agree"
    fast = fast_body_text(html)
    assert fast is not None
    assert fast == body_text(html)
    assert [(q.author, q.post_id) for q in fast.quotes] == [("Alice", "12")]
    assert counting.calls == 0


def test_a_quote_header_s_author_is_its_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # a name without spaces is the author, without reading the cite's text
    counting = _CountingPattern(_WROTE)
    monkeypatch.setattr(html_fast, "_WROTE", counting)
    for link, name, read in [("In post 4", "Alice", 0), ("In post 4", "Bob Smith", 1),
                             ("In post 4", "Eve&nbsp;", 1), ("In post 4", "Al:", 0),
                             ("In post 4 x", "Alice", 1), ("in post 4", "Alice", 1),
                             ("", "Alice", 1), ("In post", "Alice", 1)]:
        html = f"{_header(12, link, name)}q</div></blockquote>x"
        fast = fast_body_text(html)
        assert fast is not None
        assert fast == body_text(html)
        assert counting.calls == read, (link, name)
        counting.calls = 0


# (no control character but tab and newline: lxml refuses such a body, and body_text then
# reads it without decoding its entities, which no string reading here mirrors)
@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["x", " ", "\n", "\t", "&amp;", "&nbsp;", "&#9;", "\u3000",
                                 "&lt;", "vote", "\xa0", "&", "&copy;", "  ", "\u2028", ">"]),
                max_size=15))
def test_bodies_without_tags_read_as_lxml_reads_them(pieces: list[str]) -> None:
    html = "".join(pieces)
    fast = fast_body_text(html)
    if fast is not None:
        assert fast == body_text(html), html


def test_a_body_without_tags_is_read_without_the_tag_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def by_tags(html: str, entities: bool) -> None:
        raise AssertionError(f"read tag by tag: {html!r}")

    html = "I agree &amp; vote  Bob \n\n\n now&nbsp;"
    expected = body_text(html)
    monkeypatch.setattr(html_fast, "_read", by_tags)
    assert fast_body_text(html) == expected
    assert fast_body_text("&copy;") is None  # still refused where lxml may read otherwise
