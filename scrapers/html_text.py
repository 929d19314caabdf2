"""Plain text and quotes from a post body's HTML.

Forum engines write quotes as `<blockquote>` with the quoted author in a `<cite>` (inside
the blockquote on phpBB 3.0, just before it on phpBB 3.2+ as on mafiascum). The author's own
text is what remains once quotes are taken out; quoted text is kept separately, so that later
stages can tell a vote from a quoted vote.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import lxml.html
from lxml import etree

from engine.gamelog import Post, Quote

_WROTE = re.compile(
    r"^\s*(?:In post \d+,\s*)?(?P<author>.*?)\s+(?:wrote|said|писал(?:\(а\))?|пишет)\s*:?\s*$",
    re.S | re.I,
)
_POST_ID = re.compile(r"[?&#]p=?(\d+)")
# the first link of a phpBB 3.2 cite: "In post N, NAME wrote:"
_IN_POST = re.compile("In post [0-9]+")

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
_BLANK_RUNS = re.compile("\n\n\n+")


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
    if "\n\n\n" in text:
        # each run of three or more line breaks made two, in one pass (replacing three by
        # two until none is left took a pass per third of the longest run)
        text = _BLANK_RUNS.sub("\n\n", text)
    return text.strip()


def element_text(el: etree._Element, skip: set[etree._Element]) -> str:
    """Text of `el` with block elements as line breaks, leaving out the `skip` subtrees."""
    tag = el.tag
    if type(tag) is not str or tag in _DROP_TAGS or el in skip:
        return ""  # a comment's or processing instruction's text is no text
    parts: list[str] = []
    append = parts.append
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
    _walk(el, append, skip)
    if block:
        append("\n")
    return _normalise("".join(parts))


def _walk(node: etree._Element, append: Callable[[str], None],
          skip: set[etree._Element]) -> None:
    """`element_text` of the children of `node` (whose own start and text the caller has
    written) into `append`. A module function, not one nested in `element_text`: a nested
    function that calls itself is a reference cycle, left for the cycle collector on every
    call (a third of the post stage's time went to collecting them)."""
    for child in node:
        tag = child.tag
        if tag == "br" and child not in skip:
            # a line break, the commonest element: lxml's HTML parser never puts text or
            # elements in one (what follows is its tail), so nothing else is read of it
            append("\n\n")
        # comments and processing instructions have a str-less tag; only their tail counts
        elif type(tag) is str and tag not in _DROP_TAGS and child not in skip:
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
                _walk(child, append, skip)
            if block:
                append("\n")
        tail = child.tail
        if tail:
            append(tail)


def _header_author(cite: etree._Element) -> str | None:
    """The author `_WROTE` reads in a phpBB 3.2 cite written as phpBB writes it (" <a>In
    post N</a>,  <a>NAME</a> wrote:", the name holding no space), read from its two links
    without writing out and normalising its text; None for any other cite."""
    if cite.text != " " or len(cite) != 2:
        return None
    link, named = cite
    if link.tag != "a" or named.tag != "a" or len(link) or len(named) or \
            link.tail != ",  " or named.tail != " wrote:":
        return None
    number, name = link.text, named.text
    # its text is then " In post N,  NAME wrote:", and _WROTE's author is the name: only
    # a space could end the (shortest) author it reads before the name's end
    if number is None or name is None or name.split() != [name] or \
            not _IN_POST.fullmatch(number):
        return None
    return name


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


_PARSER = etree.HTMLParser()


def parse_html(html: str) -> etree._Element | None:
    """A post body as a `<div>` element; None for an empty body. A plain lxml parser:
    lxml.html's element classes cost more than the parse on the many small bodies of a
    thread (a Python lookup for every element read)."""
    if not html.strip():
        return None
    try:
        doc = etree.fromstring(f"<html><body><div>{html}</div></body></html>", _PARSER)
    except (etree.ParserError, ValueError):
        return None
    if doc is None:
        return None
    # the `<div>` written first in the `<body>` written first, where the parse kept them so:
    # what `doc.find("body/div")` finds, by two indexings (its path search cost a tenth of
    # the parse); anything else (a body the parser made otherwise) asked of `find`
    if len(doc):
        body = doc[0]
        if body.tag == "body" and len(body):
            div = body[0]
            if div.tag == "div":
                return div
    return doc.find("body/div")


@dataclass
class PostBodies:
    """Each post's body parsed once (`parse_html`) and shared by the stages of one run that
    read its markup: the text, the vote marks, the GM's vote counts, the house rules.

    Owned by the run (the importer makes one and passes it on), never by a module: the trees
    go when the run ends. The trees are read, never changed. Kept by post number with the
    HTML they were parsed from, so a post whose HTML is not that one is parsed anew."""

    _parsed: dict[int, tuple[str, etree._Element | None]] = field(default_factory=dict)
    # (test, post number) -> (the HTML tested, the answer): `answer`'s memo
    _answers: dict[tuple[str, int], tuple[str, bool]] = field(default_factory=dict)

    def answer(self, test: str, number: int, html: str, ask: Callable[[str], bool]) -> bool:
        """`ask(html)` for post `number`, asked once a run per `test` (a name for what
        `ask` tells: the import and the votes stage both ask whether a post may hold a
        vote)."""
        found = self._answers.get((test, number))
        if found is not None and (found[0] is html or found[0] == html):
            return found[1]
        said = ask(html)
        self._answers[(test, number)] = (html, said)
        return said

    def root(self, number: int, html: str) -> etree._Element | None:
        """The parsed body of post `number`, whose HTML is `html`."""
        found = self._parsed.get(number)
        if found is not None and (found[0] is html or found[0] == html):
            return found[1]
        root = parse_html(html)
        self._parsed[number] = (html, root)
        return root

    def of(self, post: Post) -> etree._Element | None:
        """The parsed body of `post`."""
        return self.root(post.number, post.html)

    def forget(self, number: int) -> None:
        """Let post `number`'s tree go now, where no later stage will read it: a tree freed
        while its memory is fresh costs less than the whole run's at the end (a later read
        parses it again)."""
        self._parsed.pop(number, None)

    def clear(self) -> None:
        """Let the trees go (freeing them takes a tenth of the import), and the answers."""
        self._parsed.clear()
        self._answers.clear()


# what lxml.html.fragments_fromstring parses as a whole document, not as a fragment
_FULL_HTML = re.compile(r"^\s*<(?:html|!doctype)", re.I)


def _fragment_root(root: etree._Element | None, html: str) -> etree._Element | None:
    """`root` (`parse_html(html)`) where it is the tree lxml.html's fragment parse gives:
    the `<div>` around the body holds all of it. A stray `</div>` in the post closes that
    `<div>` early and leaves the rest after it, which the fragment parse keeps inside: such
    a post (and a whole document) is parsed again the fragment way."""
    if root is None or root.tail is not None or _FULL_HTML.match(html):
        return None
    body = root.getparent()
    if body is None or len(body) != 1 or body.text is not None:
        return None
    return root


def body_text(html: str, root: etree._Element | None = None) -> BodyText:
    """The author's own text and the top-level quotes of a post body. `root`: the body
    already parsed by `parse_html(html)` (`PostBodies`), to read instead of parsing again."""
    if not html.strip():
        return BodyText("", [])
    tree = _fragment_root(root, html)
    if tree is not None:
        root = tree
    else:
        try:
            # the plain parser: its elements read the same, without lxml.html's lookup of
            # a Python class for every element
            root = lxml.html.fragment_fromstring(html, create_parent="div", parser=_PARSER)
        except (etree.ParserError, ValueError):
            return BodyText(_normalise(re.sub(r"<[^>]+>", " ", html)), [])
    quotes: list[Quote] = []
    skip: set[etree._Element] = set()
    for bq in root.iter("blockquote"):
        if next(bq.iterancestors("blockquote"), None) is not None:
            continue  # nested quotes belong to the outer quote's text
        cite = _cite_of(bq)
        author: str | None = None
        post_id: str | None = None
        cite_skip: set[etree._Element] = set()
        if cite is not None:
            cite_skip.add(cite)
            skip.add(cite)
            author = _header_author(cite)
            if author is None:
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
        # str or None each, as the fields take them: no validation to pay per quote
        quotes.append(Quote.trusted(author=author or None, post_id=post_id,
                                            text=element_text(bq, cite_skip)))
    return BodyText(element_text(root, skip), quotes)
