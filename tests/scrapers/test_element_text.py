"""`element_text`'s walk: a line break is two newlines whatever surrounds it, and one left
out (`skip`, as `own_lines` leaves out a bold element) writes nothing but its tail."""

from __future__ import annotations

import pytest

from scrapers.html_text import element_text, parse_html


@pytest.mark.parametrize(("html", "text"), [
    ("a<br>b", "a\n\nb"),
    ("a<br/>b<BR>c", "a\n\nb\n\nc"),
    ("a<br>x</br>y", "a\n\nxy"),  # a stray close is no element: what follows is the tail
    ("<b>a<br>b</b>", "a\n\nb"),
    ("a<div>b</div>c", "a\nb\nc"),
    ('a <img alt=":)" src="s.gif"> b', "a :) b"),
])
def test_line_breaks_and_blocks(html: str, text: str) -> None:
    root = parse_html(html)
    assert root is not None
    assert element_text(root, set()) == text


def test_a_skipped_line_break_writes_only_its_tail() -> None:
    root = parse_html('a<br style="font-weight:bold">b<br>c')
    assert root is not None
    first = root.find("br")
    assert first is not None
    assert element_text(root, {first}) == "ab\n\nc"
