"""Plain text and quotes from a post body's HTML.

Forum engines write quotes as `<blockquote>` with the quoted author in a `<cite>` (inside
the blockquote on phpBB 3.0, just before it on phpBB 3.2+ as on mafiascum). The author's own
text is what remains once quotes are taken out; quoted text is kept separately, so that later
stages can tell a vote from a quoted vote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html
from lxml import etree

from engine.gamelog import Quote

_WROTE = re.compile(
    r"^\s*(?:In post \d+,\s*)?(?P<author>.*?)\s+(?:wrote|said|писал(?:\(а\))?|пишет)\s*:?\s*$",
    re.S | re.I,
)
_POST_ID = re.compile(r"[?&#]p=?(\d+)")

_BLOCK_TAGS = frozenset(
    {"p", "div", "br", "li", "tr", "blockquote", "fieldset", "legend", "h1", "h2", "h3",
     "h4", "h5", "h6", "ul", "ol", "table", "pre", "dd", "dt"}
)
_DROP_TAGS = frozenset({"script", "style", "input", "button", "noscript"})
# a line of its own, for readers that keep mafiascum's inline <div>s on their line
_LINE_TAGS = _BLOCK_TAGS | {"hr", "td", "th", "dl"}


def is_block(el: etree._Element) -> bool:
    """Whether the element starts a line of its own: a block tag not styled inline
    (mafiascum writes bold and colour as <div style="display:inline">)."""
    return el.tag in _LINE_TAGS and \
        "display:inline" not in (el.get("style") or "").replace(" ", "").lower()


@dataclass(frozen=True)
class BodyText:
    text: str
    quotes: list[Quote]


# the spaces of a text besides the plain space (not the newline, nor the zero-width space):
# those an ASCII text can hold, and all of them
_ASCII_SPACES = ("\t", "\r", "\f", "\v")
_OTHER_SPACES = (*_ASCII_SPACES, "\xa0", *map(chr, range(0x2000, 0x200B)), "\u202f", "\u205f",
                 "\u3000")
_SPACE_RUNS = re.compile("  +")


def _normalise(text: str) -> str:
    """Runs of spaces (space, _OTHER_SPACES) made one space, the spaces at line ends
    dropped, at most one blank line in a row, the whole stripped.

    By C string methods, each run only when a quick `in` finds its work: a regex scanning
    for a character class costs ~10-20 ns a character, and this runs on the text of every
    post and every quote."""
    for other in _ASCII_SPACES if text.isascii() else _OTHER_SPACES:
        if other in text:
            text = text.replace(other, " ")
    if "  " in text:
        text = _SPACE_RUNS.sub(" ", text)
    # one space at most now: a line's edge spaces are that one
    if " \n" in text:
        text = text.replace(" \n", "\n")
    if "\n " in text:
        text = text.replace("\n ", "\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.strip()


def element_text(el: etree._Element, skip: set[etree._Element]) -> str:
    """Text of `el` with block elements as line breaks, leaving out the `skip` subtrees."""
    tag = el.tag
    if type(tag) is not str or tag in _DROP_TAGS or el in skip:
        return ""  # a comment's or processing instruction's text is no text
    parts: list[str] = []
    append = parts.append

    def walk(node: etree._Element) -> None:
        # children only: the caller has written the node's own start and text
        for child in node:
            tag = child.tag
            # comments and processing instructions have a str-less tag; only their tail counts
            if type(tag) is str and tag not in _DROP_TAGS and child not in skip:
                block = tag in _BLOCK_TAGS
                if block:
                    append("\n")
                if tag == "img":
                    alt = child.get("alt")
                    if alt:
                        append(alt)
                # each read of .text or .tail decodes the string anew: read once
                text = child.text
                if text:
                    append(text)
                if len(child):
                    walk(child)
                if block:
                    append("\n")
            tail = child.tail
            if tail:
                append(tail)

    block = tag in _BLOCK_TAGS
    if block:
        append("\n")
    if tag == "img":
        alt = el.get("alt")
        if alt:
            append(alt)
    text = el.text
    if text:
        append(text)
    walk(el)
    if block:
        append("\n")
    return _normalise("".join(parts))


def _cite_of(quote: etree._Element) -> etree._Element | None:
    """The `<cite>` naming a blockquote's author: the element just before it (phpBB 3.2+
    puts the cite outside), else its own first cite (phpBB 3.0 puts it inside)."""
    prev = quote.getprevious()
    if prev is not None and prev.tag == "cite":
        return prev
    for child in quote.iter("cite"):
        # only a cite that belongs to this quote, not to a nested one
        parent = child.getparent()
        while parent is not None and parent is not quote and parent.tag != "blockquote":
            parent = parent.getparent()
        if parent is quote:
            return child
    return None


def body_text(html: str) -> BodyText:
    """The author's own text and the top-level quotes of a post body."""
    if not html.strip():
        return BodyText("", [])
    try:
        root = lxml.html.fragment_fromstring(html, create_parent="div")
    except (etree.ParserError, ValueError):
        return BodyText(_normalise(re.sub(r"<[^>]+>", " ", html)), [])
    quotes: list[Quote] = []
    skip: set[etree._Element] = set()
    for bq in root.iter("blockquote"):
        if any(anc.tag == "blockquote" for anc in bq.iterancestors()):
            continue  # nested quotes belong to the outer quote's text
        cite = _cite_of(bq)
        author: str | None = None
        post_id: str | None = None
        cite_skip: set[etree._Element] = set()
        if cite is not None:
            cite_skip.add(cite)
            skip.add(cite)
            m = _WROTE.match(element_text(cite, set()))
            author = m["author"].strip() if m else None
            for a in cite.iter("a"):
                pid = a.get("data-post-id")
                if pid is None:
                    pm = _POST_ID.search(a.get("href", ""))
                    pid = pm.group(1) if pm and "p=" in a.get("href", "") else None
                if pid:
                    post_id = pid
                    break
        if post_id is None:
            pm = _POST_ID.search(bq.get("cite", ""))
            post_id = pm.group(1) if pm else None
        skip.add(bq)
        quotes.append(Quote(author=author or None, post_id=post_id,
                            text=element_text(bq, cite_skip)))
    return BodyText(element_text(root, skip), quotes)
