"""Vote-like marks in a post body: bold runs, vote tags and coloured runs, each with where it
sits (in a quote, a spoiler, hidden text), so the rule set's grammar can decide what counts.

Works on the canonical markup of `scrapers.forum.markup` (``<b>``, ``mk-quote``,
``mk-color``, ``mk-spoiler``, ``mk-hidden``) and on engine markup as imported datasets keep it
(mafiascum's ``font-weight`` styles, ``span.bbvote``, phpBB quotes and spoilers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
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
    # the plain text after the run on its line, up to a line break, when the caller asked
    # for it (`find_marks(after=...)`): a bold "Vote:" whose name follows unbolded
    after: str = ""


def parse_body(html: str) -> etree._Element | None:
    """A post body as a `<div>` element (`scrapers.html_text.parse_html`; a run that reads
    the posts' markup in several stages shares one parse through `PostBodies`)."""
    return parse_html(html)


def _classes(el: etree._Element) -> str:
    return str(el.get("class") or "")


# a heading renders bold: a Markdown board turns "## Vote: X" into <h2>Vote: X</h2>
_BOLD_TAGS = frozenset({"b", "strong", "h1", "h2", "h3", "h4", "h5", "h6"})


def _is_bold(el: etree._Element) -> bool:
    if el.tag in _BOLD_TAGS:
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


def _context(el: etree._Element, root: etree._Element,
             typed: _TypedCloses | None = None) -> tuple[bool, bool, bool]:
    in_spoiler = hidden = False
    depth = 0  # quotes around the run as the board rendered them
    node: etree._Element | None = el
    while node is not None and node is not root:
        # most of a run's ancestors have neither a class nor a style: both looked at only
        # where they are there
        cls = node.get("class")
        if node.tag == "blockquote" or (cls and "mk-quote" in cls):
            depth += 1
        if cls:
            if "mk-spoiler" in cls or ("mk-hidden" not in cls and _SPOILER_CLASS.search(cls)):
                in_spoiler = True
            if "mk-hidden" in cls:
                hidden = True
        style = node.get("style")
        if style and _hides(style):
            hidden = True
        node = node.getparent()
    if depth and typed is not None:
        depth -= typed.before(el)
    return depth > 0, in_spoiler, hidden


def _hides(style: str) -> bool:
    style = style.replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style


# a closing quote tag the board showed as text: mistyped ("[ /quote]", "[/ quote ]") or one
# more than the quotes opened; inside a quote it closed nothing
_TYPED_CLOSE = re.compile(r"\[\s*/\s*quote\s*\]", re.I)
_FAILED_CLOSE = etree.XPath("preceding::text()")
_QUOTES = etree.XPath(".//blockquote | .//*[contains(@class, 'mk-quote')]")


class _TypedCloses:
    """The writer's nesting of quotes where a closing tag failed. A typed "[/quote]" that
    the board left as text inside a quote closed nothing, so every later close the board
    made closed the quote one level in from the one the writer meant, and the last quote
    ran on to the end of the post, over the writer's own words ("... [ /quote] their reply
    [/quote] my answer, vote X" renders the answer and vote inside the first quote). The
    writer's depth at a point is the board's depth less the failed closes before it.

    Read from the body only when a run is asked about (`before`): only a quoted run can
    be the writer's, and most bodies hold none."""

    def __init__(self, root: etree._Element) -> None:
        self.root = root
        self._active: bool | None = None  # not yet read

    def active(self) -> bool:
        """Whether a quote of the body holds a typed close (read once)."""
        if self._active is None:
            # a quote's text is a run of the whole body's text: a body whose text (one C
            # call) holds no typed close has no quote holding one, and its quotes are not
            # looked for
            self._active = _TYPED_CLOSE.search(etree.tostring(
                self.root, method="text", encoding=str, with_tail=False)) is not None
            if self._active:
                found = _QUOTES(self.root)
                self._active = isinstance(found, list) and any(
                    _TYPED_CLOSE.search("".join(str(t) for t in q.itertext()))
                    for q in found if isinstance(q, etree._Element))
        return self._active

    def before(self, el: etree._Element) -> int:
        """The failed closes before `el` (none where no quote holds a typed close)."""
        if not self.active():
            return 0
        found = _FAILED_CLOSE(el)
        texts = found if isinstance(found, list) else []
        return sum(len(_TYPED_CLOSE.findall(str(t))) for t in texts
                   if _inside_quote(t))


def _inside_quote(text: object) -> bool:
    """A text node of the parse (lxml's smart strings know their element) inside a quote."""
    getparent = getattr(text, "getparent", None)
    node = getparent() if getparent is not None else None
    if node is not None and getattr(text, "is_tail", False):
        node = node.getparent()
    while node is not None:
        if node.tag == "blockquote" or "mk-quote" in _classes(node):
            return True
        node = node.getparent()
    return False


# elements that may be marks, found by XPath in C (most of a post is not marked up at all):
# a union of paths, each testing an attribute only on the elements that have it (one test
# of every condition on every element costs a third more); a union is in document order,
# each element once, as one path with the conditions or-ed would give
_BOLD_STYLE = ("contains(translate(@style, 'BOLDFNTWEIGH', 'boldfntweigh'), 'bold') or "
               "contains(@style, '700')")
# the same where no style can spell "bold" with a capital: translate() makes a string of
# every style, half the time of the whole path
_BOLD_STYLE_LOWER = "contains(@style, 'bold') or contains(@style, '700')"


def _candidates(bold: bool, colour: bool, headings: bool, tags: bool = True,
                classes: bool = True, styles: bool = True,
                cased: bool = True) -> etree.XPath | None:
    """The XPath of the candidate elements; `tags`, `classes`, `styles`: whether the body
    may hold the bold tags (b, strong), a class, a style that makes one (`_may_hold`):
    each path walks the whole tree, so one the body cannot match is left out; `cased`:
    whether a style may spell "bold" with capitals ("FONT-WEIGHT: BOLD"). None: no path
    is left."""
    paths: list[str] = []
    by_class: list[str] = []
    by_style: list[str] = []
    if bold:
        paths += [".//b", ".//strong"] if tags else []
        # headings only where the body has any: six more paths cost a third more
        paths += [f".//h{i}" for i in range(1, 7)] if headings else []
        by_class.append("contains(@class, 'bbvote')")
        by_style.append(_BOLD_STYLE if cased else _BOLD_STYLE_LOWER)
    if colour:
        paths.append(".//font[@color]")
        by_class.append("contains(@class, 'mk-color')")
        by_style.append("contains(@style, 'color')")
    if classes:
        paths.append(".//*[@class][" + " or ".join(by_class) + "]")
    if styles:
        paths.append(".//*[@style][" + " or ".join(by_style) + "]")
    return etree.XPath(" | ".join(paths)) if paths else None


_FLAGS = (True, False)
_CANDIDATES = {key: _candidates(*key) for key in (
    (bold, colour, headings, tags, classes, styles, cased)
    for bold in _FLAGS for colour in _FLAGS for headings in _FLAGS for tags in _FLAGS
    for classes in _FLAGS for styles in _FLAGS for cased in _FLAGS) if key[0] or key[1]}
_B_TAG = re.compile(r"<(?:b|strong)[\s/>]")


def _may_hold(html: str, bold: bool,
              colour: bool) -> tuple[bool, bool, bool, bool, bool]:
    """Whether a body with this HTML may hold a heading, a bold tag, a class and a style
    that `_candidates` looks for, and "bold" spelt with a capital: never no where the parse
    could hold one (a character reference may spell an attribute's value, a NUL may join
    its letters: then yes to all but the headings, whose tags no reference can write)."""
    low = html.lower()
    # "<h" or "<H" in the HTML: lowering makes an "h" and a "<" only of these (checked over
    # all of Unicode in tests/scrapers/test_mark_candidates.py)
    headings = "<h" in low
    if "&#" in html or "\x00" in html:
        return headings, True, True, True, True
    tags = _B_TAG.search(low) is not None
    classes = (bold and "bbvote" in html) or (colour and "mk-color" in html)
    styles = (bold and ("bold" in low or "700" in html)) or (colour and "color" in low)
    # every "bold" the lower-cased HTML holds is in the HTML as written: no capital in any
    cased = bold and styles and low.count("bold") != html.count("bold")
    return headings, tags, classes, styles, cased


def _path_for(bold: bool, colour: bool, headings: bool,
              html: str | None) -> etree.XPath | None:
    """The candidate paths `find_marks` walks in a body parsed from `html` (None: the HTML
    is not known, every path), or None where no path is left."""
    if not (bold or colour):
        return None
    if html is None:
        return _CANDIDATES[(bold, colour, headings, True, True, True, True)]
    held, tags, classes, styles, cased = _may_hold(html, bold, colour)
    return _CANDIDATES[(bold, colour, headings and held, tags, classes, styles, cased)]


def may_hold_marks(html: str, *, bold: bool = True, colour: bool = False,
                   headings: bool = True) -> bool:
    """Whether `find_marks` may find a mark in the body parsed from `html`: no, where the
    HTML holds none of the headings, tags, classes and styles its paths look for (then the
    body need not be parsed for its marks at all). `_path_for(...) is not None`, asked in
    the order most bodies answer yes soonest, each test only until one says yes (the import
    asks it of every post holding a vote word)."""
    if colour:
        return True  # a <font color> is always looked for
    if not bold:
        return False
    if "&#" in html or "\x00" in html:
        return True
    low = html.lower()
    return "bold" in low or "700" in html or "bbvote" in html or \
        _B_TAG.search(low) is not None or (headings and "<h" in low)


def find_marks(root: etree._Element, *, bold: bool = True, colour: bool = False,
               after: re.Pattern[str] | None = None, headings: bool = True,
               html: str | None = None) -> list[Mark]:
    """The outermost bold runs and vote tags (and, with `colour`, the outermost coloured
    runs) of a parsed body, in document order.

    Runs that touch (nothing, not even a space, between the end of one and the start of the
    next: a vote coloured letter by letter, each letter bolded on its own) are one run. A
    run whose text `after` finds is given the plain text that follows it on its line.
    Headings are bold runs too (`headings`: the caller may know the body has none).
    `html`: the HTML `root` was parsed from, where the caller has it: the paths that
    cannot match it are not walked (a heading's among them, where it writes none)."""
    path = _path_for(bold, colour, headings, html)
    if path is None:
        return []
    found = path(root)
    elements = [el for el in (found if isinstance(found, list) else [])
                if isinstance(el, etree._Element) and isinstance(el.tag, str)]
    # a vote tag is its own mark even inside a bold run ("<b>... talk ... [vote]X[/vote]</b>"),
    # and the run around it reads without it
    is_tags = ["bbvote" in _classes(el) for el in elements]
    tags = [el for el, is_tag in zip(elements, is_tags, strict=True) if is_tag]
    typed = _TypedCloses(root)
    marks: list[Mark] = []
    ends: list[etree._Element] = []  # the element each mark ends with
    spaced = False  # the last mark ends in white space (its own, or a blank run after it)
    joined = False  # the last mark is pieces joined
    taken: set[etree._Element] = set()
    taken_tags: set[etree._Element] = set()  # the vote tags of `taken`
    for el, is_tag in zip(elements, is_tags, strict=True):
        is_bold = bold and _is_bold(el)
        color = _color(el) if colour else None
        if not (is_tag or is_bold or color):
            continue  # "color" in a style that is only "background-color", and the like
        # inside a run taken (a vote tag: inside a vote tag taken)
        if taken and _within(el, taken_tags if is_tag else taken):
            continue
        inner_tags = set() if is_tag else {t for t in tags if t is not el and el in
                                           t.iterancestors()}
        raw = mark_text(el, inner_tags)
        text = _lines(raw)
        # letters (or pairs) marked up one by one are one run; two whole runs that touch
        # ("<b>Unvote</b><b>Vote: X</b>") stay two, and a vote tag is always its own
        piece = bool(marks) and not is_tag and marks[-1].kind != "vote-tag" and \
            (len(text) <= _PIECE or len(marks[-1].text) <= _PIECE or joined)
        touches = piece and _touching(ends[-1], el, root)
        if not text:
            if not is_tag:
                taken.add(el)
            if touches and raw:  # a bolded space between two bolded letters
                ends[-1], spaced = el, True
            continue
        taken.add(el)
        if is_tag:
            taken_tags.add(el)
        if color is None and colour:
            color = _inner_color(el)
        kind: MarkKind = "vote-tag" if is_tag else ("color" if color and not is_bold else "bold")
        q, s, h = _context(el, root, typed)
        prev = marks[-1] if touches else None
        if prev is not None and prev.kind == kind and \
                (prev.in_quote, prev.in_spoiler, prev.hidden) == (q, s, h) and \
                (kind != "color" or prev.color == color):
            gap = " " if spaced or raw[0].isspace() else ""
            marks[-1] = replace(prev, text=prev.text + gap + text,
                                color=prev.color if prev.color == color else None)
            joined = True
        else:
            joined = False
            marks.append(Mark(kind=kind, text=text, index=len(marks), bold=is_bold or is_tag,
                              color=color, in_quote=q, in_spoiler=s, hidden=h,
                              line_start=starts_line(el, root)))
            ends.append(el)
        ends[-1], spaced = el, raw[-1].isspace()
    if after is not None:
        for i, mark in enumerate(marks):
            if after.search(mark.text, max(0, len(mark.text) - 40)):  # it ends the run
                marks[i] = replace(mark, after=text_after(ends[i], root))
    return marks


def _within(el: etree._Element, runs: set[etree._Element]) -> bool:
    """Whether an ancestor of `el` is one of `runs` (`isdisjoint` walks the ancestors in C,
    where a generator of `in` tests costs a Python step each)."""
    return not runs.isdisjoint(el.iterancestors())


_PIECE = 2  # the longest piece of a word marked up piece by piece ("V", "ot", "e:")


def mark_text(el: etree._Element, skip: set[etree._Element]) -> str:
    """The text of a run as it shows, not normalised: like `element_text`, but a block styled
    inline (mafiascum writes bold and colour as <div style="display:inline">) stays on its
    line, so that a word coloured letter by letter reads as one word."""
    if not isinstance(el.tag, str) or el.tag in _NO_TEXT or el in skip:
        return ""
    if not len(el):  # most runs: their text alone
        return el.text or ""
    parts = [el.text or ""]
    _walk_marked(el, skip, parts)
    return "".join(parts)


def _walk_marked(node: etree._Element, skip: set[etree._Element], parts: list[str]) -> None:
    """`mark_text`'s walk, a module function: a nested one that calls itself is a reference
    cycle on every call, left for the cycle collector (which the import pauses)."""
    append = parts.append
    for child in node:
        if isinstance(child.tag, str) and child.tag not in _NO_TEXT and child not in skip:
            block = child.tag in _LINE_TAGS and is_block(child)
            if block:
                append("\n")
            if child.tag == "img":
                append(child.get("alt") or "")
            append(child.text or "")
            if len(child):
                _walk_marked(child, skip, parts)
            if block:
                append("\n")
        append(child.tail or "")


_NO_TEXT = frozenset({"script", "style", "input", "button", "noscript"})
_LINE_TAGS = frozenset({"p", "div", "br", "li", "tr", "blockquote", "fieldset", "legend", "h1",
                        "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table", "pre", "dd", "dt",
                        "hr", "td", "th", "dl"})  # is_block's tags: a quick test first


def _touching(a: etree._Element, b: etree._Element, root: etree._Element) -> bool:
    """Whether `b` starts right where `a` ends: no text (not even a space), no line break
    and no image between them, only the ends and starts of inline elements."""
    if is_block(a) or is_block(b):
        return False
    node = a
    while True:
        if node.tail:
            return False
        nxt = node.getnext()
        if nxt is not None:
            break
        parent = node.getparent()
        if parent is None or parent is root or is_block(parent):
            return False
        node = parent
    while nxt is not b:
        if not isinstance(nxt.tag, str) or nxt.text or len(nxt) == 0 or nxt.tag == "img" or \
                is_block(nxt):
            return False
        nxt = nxt[0]
    return True


def text_after(el: etree._Element, root: etree._Element, limit: int = 200) -> str:
    """The text that follows `el` on its line (up to a line break or a block, at most about
    `limit` characters), spaces collapsed; images (smilies, avatars) are no text, and a
    quote, spoiler or hidden text ends it."""
    parts: list[str] = []
    size = 0
    node = el
    while size < limit:
        if node.tail:  # a newline in the HTML source is a space on the page
            parts.append(node.tail)
            size += len(node.tail)
        nxt = node.getnext()
        if nxt is None:
            parent = node.getparent()
            if parent is None or parent is root or is_block(parent):
                break
            node = parent
            continue
        if isinstance(nxt.tag, str):
            if nxt.tag == "br" or is_block(nxt) or _set_apart(nxt):
                break
            if nxt.tag != "img":
                text = mark_text(nxt, set(nxt.iter("img")))
                if "\n" in text:  # a block inside it ends the line
                    parts.append(text.split("\n", 1)[0])
                    break
                parts.append(text)
                size += len(text)
        node = nxt
    return " ".join("".join(parts).split())


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
                if "bbvote" not in _classes(prev) and not _is_bold(prev) and _shows_text(prev):
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


def _shows_text(el: etree._Element) -> bool:
    """Whether the text inside `el` (XPath's string(): every text below it, not its own
    tail) is more than white space; asked in Python, where an element with no text
    (a smiley) costs nothing and `el.xpath` would build an evaluator on every call."""
    if el.text is None and not len(el):
        return False
    return any(t.strip() for t in el.itertext())


def _lines(text: str) -> str:
    """Spaces collapsed within lines; the line breaks kept, since they end clauses
    ("Unvote<br>Vote: X", "... isnt going to work<br>[vote]X")."""
    lines = text.splitlines()
    if len(lines) == 1:  # most runs: one line, blank or not
        return " ".join(lines[0].split())
    return "\n".join(" ".join(line.split()) for line in lines if line.strip())


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


def own_lines(root: etree._Element, *, without_marks: bool = False) -> list[str]:
    """The post's own text line by line, without quotes, spoilers and hidden text: for a vote
    written as plain text (world-cup-2018: a post signed «красным с телефона»). With
    `without_marks`, without the bold runs and vote tags either (what is plain text only)."""
    skip = {el for el in root.iter()
            if isinstance(el.tag, str) and el is not root and _set_apart(el)}
    if without_marks:
        path = _CANDIDATES[(True, False, True, True, True, True, True)]
        assert path is not None  # headings alone are paths
        found = path(root)
        skip.update(el for el in (found if isinstance(found, list) else [])
                    if isinstance(el, etree._Element) and isinstance(el.tag, str)
                    and (_is_bold(el) or "bbvote" in _classes(el)))
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
