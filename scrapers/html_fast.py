"""The text and quotes of a post body read from its HTML string, without lxml, where the
markup is plain enough that the string alone says what lxml would build.

Most posts of a board are machine-written and regular (phpBB's `<br>`, `<div>`, `<a>`,
`<blockquote><div><cite>`), and turning each into an lxml tree only to walk it again in
Python costs most of an import's time. `fast_body_text` reads such a body with one regular
expression and one pass over its tags, and gives the same `BodyText` as
`html_text.body_text` would. Whatever it is not sure of (a tag outside a short list, a
close that does not match its open, an entity lxml might read otherwise, a comment, a
stray `<`) makes it answer None, and the caller parses the body with lxml as before: a
refusal costs one regex pass, a wrong answer would be a silent misreading. The test suite
checks both ways: every refusal-free answer equals lxml's on generated bodies and on the
real pages.
"""

from __future__ import annotations

import html as htmllib
import re

from engine.gamelog import Quote
from scrapers.html_text import _BLOCK_TAGS, _IN_POST, _POST_ID, _WROTE, BodyText, _normalise

# the rest of a start or end tag after its `<`, with attributes well formed (a quoted
# value may hold `>`): matched at the start of each piece of the string split at `<`
_TAG = re.compile(
    r"(/?)([a-zA-Z][a-zA-Z0-9]*)"
    r"((?:\s+[^\s\"'>/=]+(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?)*)\s*(/?)>")
# the tags read here: those whose parse lxml never rearranges when closed in order (no
# implied closes between them: `<p>`, list and table tags, and `<a>` in `<a>` are left out)
_INLINE = frozenset({"a", "span", "b", "i", "u", "s", "strong", "em", "sup", "sub", "cite",
                     "font", "strike", "small", "big", "code"})
_VOID = frozenset({"br", "img"})
_KNOWN = _INLINE | _VOID | {"div", "blockquote"}
# a known tag written bare, as between `<` and `>`: (whether it closes, its name). Most tags
# of a board are these (`br`, `/a`, `div`, `/div`, `cite`, ...): a dict look-up of the
# text before the `>` reads them, without the tag regex and its five strings a tag
_BARE = {**{name: (False, name) for name in _KNOWN},
         **{f"/{name}": (True, name) for name in _KNOWN - _VOID},
         "br/": (False, "br"), "br /": (False, "br")}
# phpBB 3.2's quote header, the commonest run of tags of mafiascum's posts (a blockquote,
# its div, its cite with a link to the post quoted and one to the author): eight tags,
# three with attributes, read as one
_HEADER = re.compile(
    r'<blockquote( cite="[^"<>]*")><div><cite> <a href="[^"<>]*" data-post-id="([0-9]+)" '
    r'onclick="[^"<>]*">([^<>]*)</a>,  <a href="[^"<>]*">([^<>]*)</a> wrote:</cite>')
# the character references read the same by lxml and by `html.unescape`
_ENTITY = re.compile(r"&(?:(amp|lt|gt|quot|nbsp);|#([0-9]{1,7});|#[xX]([0-9a-fA-F]{1,6});)")
_ATTR = re.compile(r"\s([^\s\"'>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s\"'=<>`]+)))?")

def _plain_entities(text: str) -> bool:
    """Whether every `&` of `text` starts a reference both readers decode alike."""
    start = 0
    while True:
        at = text.find("&", start)
        if at < 0:
            return True
        m = _ENTITY.match(text, at)
        if m is None:
            return False
        if not m.group(1):
            code = int(m.group(2)) if m.group(2) else int(m.group(3), 16)
            # controls, the C1 range html.unescape maps to cp1252, surrogates: lxml's own
            if (code < 32 and code not in (9, 10)) or 127 <= code < 160 \
                    or 0xD800 <= code < 0xE000 or code > 0x10FFFF:
                return False
        start = m.end()


def _attrs(raw: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for m in _ATTR.finditer(raw):
        name = m.group(1).lower()
        if name not in found:  # lxml keeps an attribute's first value
            value = m.group(2) if m.group(2) is not None else (
                m.group(3) if m.group(3) is not None else (m.group(4) or ""))
            found[name] = htmllib.unescape(value) if "&" in value else value
    return found


def _refused(html: str) -> bool:
    """Whether the string holds what is not read here: a carriage return or NUL (lxml
    rewrites them), an entity lxml may read otherwise. (A comment or doctype is refused by
    `_read`, as every `<` that starts no tag is: a search for `<!` here cost as much as the
    rest of these tests, `<` being the commonest character of a body.)"""
    return "\r" in html or "\x00" in html or ("&" in html and not _plain_entities(html))


def _link_post_id(raw: str) -> str | None:
    """The post a cite's link names (`html_text.body_text`'s reading of an `<a>`)."""
    attrs = _attrs(raw)
    pid = attrs.get("data-post-id")
    if pid is None:
        href = attrs.get("href", "")
        pm = _POST_ID.search(href)
        pid = pm.group(1) if pm and "p=" in href else None
    return pid or None


class _Quote:
    """A top-level blockquote being read: its parts, its cite's and the cite's post id."""

    __slots__ = ("author", "cite", "parts", "post_id", "raw")

    def __init__(self, raw: str, cite: list[str] | None, post_id: str | None) -> None:
        self.raw = raw
        self.parts = ["\n"]
        self.cite = cite  # None until a cite is found: the one before it or its own first
        self.post_id = post_id
        self.author: str | None = None  # None: read from the cite's text


def _read(html: str, entities: bool) -> tuple[list[str], list[_Quote]] | None:
    """In one pass over the tags: the parts `html_text.element_text` joins for the
    author's own text, and each top-level quote's, as `body_text` reads them from lxml's
    tree (the quotes and the cites naming their authors left out of the author's text).
    None where lxml might nest the tags otherwise than written, the reading is not one of
    these simple shapes (a quote inside a cite, a cite inside a cite), or a `<` starts no
    well-formed tag (lxml would read it as text)."""
    main = ["\n"]
    out = main  # where text goes now: the author's, a quote's, a cite's
    quotes: list[_Quote] = []
    stack: list[str] = []
    quote: _Quote | None = None
    depth = 0  # blockquotes open
    cite_at = -1  # the stack depth of the open cite, -1 when none is
    cite_start = 0  # where an open cite's parts start in `out`
    cite_pid: str | None = None
    in_own_cite = False
    # a cite just closed outside any quote, with only text after it: (parts start, end,
    # its post id); the blockquote opening next is the one it names
    before: tuple[int, int, str | None] | None = None
    # the string split at the quote headers (`_HEADER`): the text between them, and each
    # header's four groups
    parts = _HEADER.split(html) if "data-post-id" in html else [html]
    for at in range(0, len(parts), 5):
        if at:
            # a quote header: what the loop below does for each of its tags, in one step
            if cite_at >= 0 or "a" in stack:
                return None  # a quote in a cite, a link in a link
            raw, cited, link, name = parts[at - 4:at]
            if entities:
                link = htmllib.unescape(link)
                name = htmllib.unescape(name)
            stack += ("blockquote", "div")
            depth += 1
            if depth == 1:
                quote = _Quote(raw, None, None)
                if before is not None:
                    quote.cite = main[before[0]:before[1]]
                    quote.post_id = before[2]
                    del main[before[0]:before[1]]
                quotes.append(quote)
                out = quote.parts
                out.append("\n")
                if quote.cite is None:
                    # its own cite: the author's name and the post's id
                    quote.cite = [" ", link, ",  ", name, " wrote:"]
                    quote.post_id = cited
                    if name.split() == [name] and _IN_POST.fullmatch(link):
                        # "In post N, NAME wrote:": the author `_WROTE` reads is the name
                        # where it holds no space (a space may end the name it reads)
                        quote.author = name
                else:
                    out += (" ", link, ",  ", name, " wrote:")
            else:
                out += ("\n", "\n", " ", link, ",  ", name, " wrote:")
            before = None
        # each piece after the first is a tag (up to its `>`) and the text after it: a tag
        # holds no `<` (a quoted value holding one is refused, as a stray `<` is)
        pieces = parts[at].split("<")
        first = pieces[0]
        if first:
            out.append(htmllib.unescape(first) if entities else first)
        it = iter(pieces)
        next(it)
        for piece in it:
            head, gt, text = piece.partition(">")
            bare = _BARE.get(head) if gt else None
            raw = ""
            if bare is not None:
                closing, tag = bare
            else:
                m = _TAG.match(piece)
                if m is None:
                    return None
                slash, name, raw, selfclose = m.groups()
                text = piece[m.end():]
                tag = name if name.islower() else name.lower()
                closing = bool(slash)
                if closing:
                    if raw or selfclose:
                        return None
                elif tag not in _VOID and (selfclose or tag not in _KNOWN):
                    return None
            if closing:
                if not stack or stack.pop() != tag:
                    return None
                before = None
                if tag == "blockquote":
                    depth -= 1
                    out.append("\n")
                    if depth == 0:
                        out = main
                        quote = None
                elif tag == "cite" and len(stack) == cite_at:
                    cite_at = -1
                    if in_own_cite:
                        in_own_cite = False
                        assert quote is not None
                        quote.post_id = quote.post_id or cite_pid
                        out = quote.parts
                    elif depth == 0:
                        before = (cite_start, len(out), cite_pid)
                elif tag in _BLOCK_TAGS:
                    out.append("\n")
            elif tag == "br":
                before = None
                out.append("\n\n")
            elif tag == "img":
                before = None
                if "alt" in raw.lower():
                    alt = _attrs(raw).get("alt")
                    if alt:
                        out.append(alt)
            elif tag == "a" and "a" in stack:
                return None
            else:
                stack.append(tag)
                if tag == "blockquote":
                    if cite_at >= 0:
                        return None
                    depth += 1
                    if depth == 1:
                        cite: list[str] | None = None
                        pid: str | None = None
                        if before is not None:
                            # the cite just before names this quote: out of the author's text
                            cite = main[before[0]:before[1]]
                            pid = before[2]
                            del main[before[0]:before[1]]
                        quote = _Quote(raw, cite, pid)
                        quotes.append(quote)
                        out = quote.parts
                    else:
                        out.append("\n")
                elif tag == "cite":
                    if cite_at >= 0:
                        return None
                    cite_at = len(stack) - 1
                    cite_pid = None
                    if depth == 1 and quote is not None and quote.cite is None:
                        # the quote's own first cite, not one of a quote inside it
                        quote.cite = []
                        out = quote.cite
                        in_own_cite = True
                    cite_start = len(out)
                elif tag == "a":
                    if cite_at >= 0 and cite_pid is None:
                        cite_pid = _link_post_id(raw)
                elif tag in _BLOCK_TAGS:
                    out.append("\n")
                before = None
            if text:
                out.append(htmllib.unescape(text) if entities else text)
    if stack:
        return None
    main.append("\n")
    return main, quotes


def fast_body_text(html: str) -> BodyText | None:
    """`body_text(html)` read from the string, or None where the markup is not plain
    enough to be sure (then parse it with lxml)."""
    if not html.strip():
        return BodyText("", [])
    if _refused(html):
        return None
    if "<" not in html:
        # no tag, as two posts in five: the text alone, as `_read` would give it
        text = htmllib.unescape(html) if "&" in html else html
        return BodyText(_normalise(f"\n{text}\n"), [])
    read = _read(html, "&" in html)
    if read is None:
        return None
    main, found = read
    quotes: list[Quote] = []
    for quote in found:
        author = quote.author
        post_id = quote.post_id
        if author is None and quote.cite is not None:
            m = _WROTE.match(_normalise("".join(quote.cite)))
            author = m["author"].strip() if m else None
        if post_id is None:
            pm = _POST_ID.search(_attrs(quote.raw).get("cite", ""))
            post_id = pm.group(1) if pm else None
        quotes.append(Quote.trusted(author=author or None, post_id=post_id,
                                            text=_normalise("".join(quote.parts))))
    return BodyText(_normalise("".join(main)), quotes)
