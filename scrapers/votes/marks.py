"""Vote-like marks in a post body: bold runs, vote tags and coloured runs, each with where it
sits (in a quote, a spoiler, hidden text), so the rule set's grammar can decide what counts.

Works on the canonical markup of `scrapers.forum.markup` (``<b>``, ``mk-quote``,
``mk-color``, ``mk-spoiler``, ``mk-hidden``) and on engine markup as imported datasets keep it
(mafiascum's ``font-weight`` styles, ``span.bbvote``, phpBB quotes and spoilers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from lxml import etree

from scrapers.forum.colors import normalise_color, style_bold, style_color
from scrapers.html_text import element_text, is_block, parse_html

MarkKind = Literal[
    "vote-tag", "bold", "color",
    "plain",  # a line of the post's own plain text (world-cup-2018's «красным с телефона»)
]

_SPOILER_CLASS = re.compile(r"spoiler|quotecontent|mk-hidden|hidden", re.I)


@dataclass(frozen=True)
class Mark:
    """A run of marked-up text in a post."""

    kind: MarkKind
    text: str
    index: int  # order in the post
    bold: bool
    color: str | None  # "#rrggbb" when the run is coloured
    in_quote: bool = False
    in_spoiler: bool = False
    hidden: bool = False
    line_start: bool = True  # nothing but white space before it on its line


def parse_body(html: str) -> etree._Element | None:
    """A post body as a `<div>` element (`scrapers.html_text.parse_html`; a run that reads
    the posts' markup in several stages shares one parse through `PostBodies`)."""
    return parse_html(html)


def _classes(el: etree._Element) -> str:
    return str(el.get("class") or "")


def _is_bold(el: etree._Element) -> bool:
    if el.tag in ("b", "strong"):
        return True
    style = el.get("style")
    return bool(style and style_bold(style))


def _color(el: etree._Element) -> str | None:
    if "mk-color" in _classes(el):
        return el.get("data-color")
    if el.tag == "font" and el.get("color"):
        return normalise_color(el.get("color", ""))
    style = el.get("style")
    return style_color(style) if style else None


def _context(el: etree._Element, root: etree._Element) -> tuple[bool, bool, bool]:
    in_quote = in_spoiler = hidden = False
    node: etree._Element | None = el
    while node is not None and node is not root:
        tag = node.tag
        cls = _classes(node)
        if tag == "blockquote" or "mk-quote" in cls:
            in_quote = True
        if "mk-spoiler" in cls or (cls and _SPOILER_CLASS.search(cls) and "mk-hidden" not in cls):
            in_spoiler = True
        if "mk-hidden" in cls:
            hidden = True
        style = (node.get("style") or "").replace(" ", "").lower()
        if "display:none" in style or "visibility:hidden" in style:
            hidden = True
        node = node.getparent()
    return in_quote, in_spoiler, hidden


# elements that may be marks, and the outermost of them, found by XPath in C (most of a
# post is not marked up at all)
_BOLDISH = ("self::b or self::strong or contains(@class, 'bbvote') or "
            "contains(translate(@style, 'BOLDFNTWEIGH', 'boldfntweigh'), 'bold') or "
            "contains(@style, '700')")
_COLOURISH = "contains(@class, 'mk-color') or (self::font and @color) or contains(@style, 'color')"
_CANDIDATES = {
    (True, False): etree.XPath(f".//*[{_BOLDISH}]"),
    (False, True): etree.XPath(f".//*[{_COLOURISH}]"),
    (True, True): etree.XPath(f".//*[{_BOLDISH} or {_COLOURISH}]"),
}


def find_marks(root: etree._Element, *, bold: bool = True, colour: bool = False) -> list[Mark]:
    """The outermost bold runs and vote tags (and, with `colour`, the outermost coloured
    runs) of a parsed body, in document order."""
    if not (bold or colour):
        return []
    found = _CANDIDATES[(bold, colour)](root)
    elements = [el for el in (found if isinstance(found, list) else [])
                if isinstance(el, etree._Element) and isinstance(el.tag, str)]
    # a vote tag is its own mark even inside a bold run ("<b>... talk ... [vote]X[/vote]</b>"),
    # and the run around it reads without it
    tags = [el for el in elements if "bbvote" in _classes(el)]
    marks: list[Mark] = []
    taken: set[etree._Element] = set()
    for el in elements:
        is_tag = "bbvote" in _classes(el)
        is_bold = bold and _is_bold(el)
        color = _color(el) if colour else None
        if not (is_tag or is_bold or color):
            continue  # "color" in a style that is only "background-color", and the like
        if taken and any(a in taken and (not is_tag or a in tags) for a in el.iterancestors()):
            continue
        inner_tags = set() if is_tag else {t for t in tags if t is not el and el in
                                           t.iterancestors()}
        text = _lines(element_text(el, inner_tags))
        if not text:
            if not is_tag:
                taken.add(el)
            continue
        taken.add(el)
        if color is None and colour:
            color = _inner_color(el)
        kind: MarkKind = "vote-tag" if is_tag else ("color" if color and not is_bold else "bold")
        q, s, h = _context(el, root)
        marks.append(Mark(kind=kind, text=text, index=len(marks), bold=is_bold or is_tag,
                          color=color, in_quote=q, in_spoiler=s, hidden=h,
                          line_start=starts_line(el, root)))
    return marks


def starts_line(el: etree._Element, root: etree._Element) -> bool:
    """Whether only white space stands between the start of `el`'s line and `el` (some
    moderators count a vote only "at the start of a new line"). Images (smilies) are not
    text, and earlier marks on the line ("Unvote: A; Vote: B") leave it at the start."""
    node = el
    while node is not root:
        prev = node.getprevious()
        while prev is not None:
            if prev.tail and prev.tail.strip(" \t\n\r;,."):
                return False
            if isinstance(prev.tag, str):
                if is_block(prev):
                    return True
                if "bbvote" not in _classes(prev) and not _is_bold(prev) and \
                        str(prev.xpath("string()")).strip():
                    return False  # a vote mark before it ("Unvote; Vote: X") starts the line
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


def _lines(text: str) -> str:
    """Spaces collapsed within lines; the line breaks kept, since they end clauses
    ("Unvote<br>Vote: X", "... isnt going to work<br>[vote]X")."""
    return "\n".join(" ".join(line.split()) for line in text.splitlines() if line.strip())


def _inner_color(el: etree._Element) -> str | None:
    """A bold run whose whole text is one colour inside it (``<b><font color=red>..``)."""
    for child in el.iter():
        if child is el or not isinstance(child.tag, str):
            continue
        color = _color(child)
        if color and " ".join(element_text(child, set()).split()) == \
                " ".join(element_text(el, set()).split()):
            return color
    return None


def own_lines(root: etree._Element) -> list[str]:
    """The post's own text line by line, without quotes, spoilers and hidden text: for a vote
    written as plain text (world-cup-2018: a post signed «красным с телефона»)."""
    skip = {el for el in root.iter()
            if isinstance(el.tag, str) and el is not root and _set_apart(el)}
    return [line.strip() for line in element_text(root, skip).split("\n") if line.strip()]


def _set_apart(el: etree._Element) -> bool:
    """A quote, spoiler or hidden block: its text is not the author's own word."""
    cls = _classes(el)
    if el.tag == "blockquote" or "mk-quote" in cls or "mk-spoiler" in cls or "mk-hidden" in cls:
        return True
    if cls and _SPOILER_CLASS.search(cls):
        return True
    style = (el.get("style") or "").replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style
