"""One markup for every engine's post body, so that later stages look in one way only.

After `normalise_body`:
- a quote is ``<blockquote class="mk-quote" data-author="..." data-post-id="...">`` holding
  only the quoted text (the engine's "X wrote:" header is gone, its facts are attributes);
- bold is ``<b>``, whatever the engine wrote (``<strong>``, ``font-weight`` styles, classes
  such as ``mycode_b`` or ``bbc_b``);
- colour is ``<span class="mk-color" data-color="#rrggbb">`` (from ``<font color>``, ``color:``
  styles with names, hex or rgb, and engine classes);
- a spoiler is ``<div class="mk-spoiler" data-title="...">`` and hidden text (shown only to
  some readers, or styled invisible) has class ``mk-hidden``;
- struck-out text (``<strike>``, ``<del>``, ``line-through``) is ``<s>``; other inline styles
  are dropped;
- scripts, styles and the engine's buttons are gone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property

import lxml.html
from lxml import etree
from lxml.cssselect import CSSSelector

from engine.gamelog import Quote
from scrapers.forum.colors import normalise_color, style_bold, style_color
from scrapers.forum.fast_select import Matcher, compile_css, descendant_steps
from scrapers.html_text import element_text

_POSTED_BY = re.compile(
    r"^\s*(?:цитата\s*:?\s*)?(?:originally posted by|posted by|quote from|сообщение от|"
    r"цитата\s+от|автор)\s*:?\s*(?P<author>[^\n]+?)\s*(?:[»:]|\bon\b|$)", re.I)
_QUOTE_FROM = re.compile(
    r"^\s*(?:цитата|quote)(?:\s+from)?\s*:\s*(?P<author>[^\n]+?)\s+(?:от|on)\s+\S", re.I)
_QUOTE_PAREN = re.compile(  # IPB "ЦИТАТА(Kent @ 4.3.2019, 9:05)", uCoz "Цитата (Kent)"
    r"^\s*(?:цитата|quote)\s*\(\s*(?P<author>[^@)]+?)\s*(?:@[^)]*)?\)", re.I)
_WROTE = re.compile(
    r"^\s*(?:цитата|quote|цитировать)?\s*[:(]?\s*(?:In post \d+,\s*)?(?P<author>.+?)\s*\)?\s*"
    r"(?:wrote|said|писал\(а\)|писала?|пишет|написал\(а\)|написала?|сказал\(а\)|сказала?)"
    r"(?:\s*[:»].*)?\s*$",
    re.I | re.S,
)
_QUOTE_ONLY = re.compile(r"^\s*(?:цитата|quote|цитировать)\s*:?\s*$", re.I)
_POST_ID = re.compile(r"(?:[?&#](?:p|pid|post|postid)=?|#(?:p|post|post-|entry|msg))(\d+)", re.I)
_DROP = frozenset({"script", "style", "noscript", "input", "button", "form", "iframe", "object",
                   "embed"})


class Chain:
    """Selectors tried in turn: the elements the first of them finds (a theme-agnostic
    fallback after the default theme's path: ``("p.author strong", "[itemprop=author]")``).
    Called like a compiled XPath, so `select` and `first` take it as they take one."""

    def __init__(self, selectors: tuple[str, ...]) -> None:
        self.selectors = tuple(css(s) for s in selectors)
        self.css = " || ".join(selectors)

    def __call__(self, el: etree._Element) -> list[etree._Element]:
        for sel in self.selectors:
            found = select(sel, el)
            if found:
                return found
        return []


Selector = CSSSelector | etree.XPath | Chain


# XPath compiled with regexp=False: lxml then skips registering the EXSLT regular
# expression functions on every call (~3 us of each), which no selector here can name anyway
# (they need a namespace prefix that is never given)


class LeanCSS(CSSSelector):
    """lxml's CSSSelector (HTML translator), compiled with regexp=False."""

    def __init__(self, selector: str) -> None:
        etree.XPath.__init__(self, CSSSelector(selector, translator="html").path, regexp=False)
        self.css = selector


class FastCSS(LeanCSS):
    """A CSS selector that `select` and `first` answer in Python over lxml's C iteration
    (`fast_select`), with the same result as its XPath, which calling it still runs."""

    def __init__(self, selector: str, matcher: Matcher) -> None:
        super().__init__(selector)
        self.matcher = matcher


def css(selector: str | tuple[str, ...]) -> Selector:
    """A compiled selector: CSS, or XPath when written ``xpath:...`` (for what CSS cannot
    say, such as "the row that holds the author"), or a tuple of them tried in turn
    (`Chain`). Compiled once, when a spec is built."""
    if isinstance(selector, tuple):
        return Chain(selector) if len(selector) > 1 else css(selector[0])
    if selector.startswith("xpath:"):
        return etree.XPath(descendant_steps(selector.removeprefix("xpath:")), regexp=False)
    matcher = compile_css(selector)
    if matcher is not None:
        return FastCSS(selector, matcher)
    return LeanCSS(selector)


# compiled once: el.xpath("string()") compiles the expression on every call, which costs
# more than reading a short field's text
_STRING = etree.XPath("string()", regexp=False)


def text_content(el: etree._Element) -> str:
    """All the text under `el`, comments left out (lxml.html's text_content, for any
    element), collected in C by XPath."""
    return str(_STRING(el))


def flat_text(el: etree._Element) -> str:
    """`text_content` with runs of whitespace made one space."""
    return " ".join(text_content(el).split())


# Python matching beats an XPath call under a post, where a subtree is small, and loses
# when it tests every element of a whole page: there the XPath runs (save for the first
# match of a selector whose candidates are the elements of a tag, found early)


def select(sel: Selector, el: etree._Element) -> list[etree._Element]:
    """The elements `sel` finds under `el` (XPath results that are not elements dropped)."""
    if isinstance(sel, FastCSS) and el.getparent() is not None:
        return sel.matcher.all(el)
    found = sel(el)
    return [f for f in found if isinstance(f, etree._Element)] if isinstance(found, list) else []


def first(sel: Selector, el: etree._Element) -> etree._Element | None:
    """The first element `sel` finds under `el` (a CSS selector stops looking there)."""
    if isinstance(sel, FastCSS) and (sel.matcher.by_tag or el.getparent() is not None):
        return sel.matcher.first(el)
    found = select(sel, el)
    return found[0] if found else None


@dataclass(frozen=True)
class QuoteSpec:
    """How an engine writes a quote.

    `container`: the quote element. `header`: element(s) inside it, or just before it
    (`header_before`), naming the author ("X wrote:"); removed from the quote body.
    `author_attr`: attribute of the container holding the author (XenForo data-author).
    `post_attr`: attribute holding the quoted post id. `body`: where the quoted text sits
    inside the container, when not directly in it.
    """

    container: str = "blockquote"
    header: str | None = "cite"
    header_before: bool = False
    author_attr: str | None = None
    post_attr: str | None = None
    body: str | None = None


@dataclass(frozen=True)
class MarkupSpec:
    quote: QuoteSpec = field(default_factory=QuoteSpec)
    spoiler: str | None = None  # spoiler container
    spoiler_title: str | None = None  # its title element (removed, kept as data-title)
    spoiler_body: str | None = None  # where the hidden content sits inside it
    hidden: str | None = None  # hidden-text containers ([hide], shown only to some)
    bold_classes: tuple[str, ...] = ()
    color_classes: tuple[tuple[str, str], ...] = ()  # (class, colour)
    drop: str | None = None  # engine chrome inside bodies (buttons, "expand" links)
    # images whose alt text is the engine's label, not the poster's words: phpBB's [img]
    # "Image", SMF's smiley descriptions ("Welcome"); kept in the HTML (alt moved to the
    # title), left out of the text
    mute_images: str | None = None

    @cached_property
    def selectors(self) -> _Compiled:
        """The selectors compiled once per spec (specs are module-level constants)."""
        return _Compiled(self)


@dataclass
class NormalisedBody:
    html: str
    text: str
    quotes: list[Quote]


class _Compiled:
    """A MarkupSpec's selectors, compiled."""

    def __init__(self, spec: MarkupSpec) -> None:
        q = spec.quote
        self.spec = spec
        self.quote: Selector = css(q.container)
        self.header = css(q.header) if q.header else None
        self.qbody = css(q.body) if q.body else None
        self.spoiler = css(spec.spoiler) if spec.spoiler else None
        self.spoiler_title = css(spec.spoiler_title) if spec.spoiler_title else None
        self.spoiler_body = css(spec.spoiler_body) if spec.spoiler_body else None
        self.hidden = css(spec.hidden) if spec.hidden else None
        self.drop = css(spec.drop) if spec.drop else None
        self.mute = css(spec.mute_images) if spec.mute_images else None


def compiled(spec: MarkupSpec) -> _Compiled:
    return spec.selectors


def _own(el: etree._Element, found: list[etree._Element], container: etree._Element
         ) -> list[etree._Element]:
    """Those of `found` that belong to `container` itself, not to a quote nested in it."""
    out = []
    for f in found:
        parent = f.getparent()
        while parent is not None and parent is not container:
            if parent.tag == "blockquote" and "mk-quote" in (parent.get("class") or ""):
                break
            parent = parent.getparent()
        if parent is container:
            out.append(f)
    return out


def _author_and_post(header_text: str, header: etree._Element | None
                     ) -> tuple[str | None, str | None]:
    author: str | None = None
    post_id: str | None = None
    if header_text and not _QUOTE_ONLY.match(header_text):
        m = (_QUOTE_PAREN.match(header_text) or _QUOTE_FROM.match(header_text)
             or _POSTED_BY.match(header_text) or _WROTE.match(header_text))
        if m:
            author = m["author"].strip(" :«»\"") or None
        elif ":" not in header_text and not re.search(r"\d{4}", header_text):
            # a bare name as the header ("Kent"); anything longer is not guessed at
            author = header_text.strip(" «»\"") or None
    if header is not None:
        for a in header.iter("a"):
            pid = a.get("data-post-id")
            if pid is None:
                pm = _POST_ID.search(a.get("href", ""))
                pid = pm.group(1) if pm else None
            if pid:
                post_id = pid
                break
            if author is None or (a.text and a.text.strip() == author):
                continue
    return author, post_id


def _make_quote(c: _Compiled, container: etree._Element) -> None:
    q = c.spec.quote
    header: etree._Element | None = None
    if q.header_before:
        prev = container.getprevious()
        parent_of_prev = container.getparent()
        if (prev is not None and c.header is not None and parent_of_prev is not None
                and prev in select(c.header, parent_of_prev)):
            header = prev
    elif c.header is not None:
        own = _own(container, select(c.header, container), container)
        header = own[0] if own else None
    header_text = element_text(header, set()) if header is not None else ""
    author, post_id = _author_and_post(header_text, header)
    if q.author_attr and container.get(q.author_attr):
        author = container.get(q.author_attr, "").strip() or author
    if q.post_attr and container.get(q.post_attr):
        pm = re.search(r"(\d+)", container.get(q.post_attr, ""))
        post_id = pm.group(1) if pm else post_id
    if header is not None:
        remove_keep_tail(header)
    body = container
    if c.qbody is not None:
        own_bodies = _own(container, select(c.qbody, container), container)
        if own_bodies:
            body = own_bodies[0]
    new = etree.Element("blockquote")
    new.set("class", "mk-quote")
    if author:
        new.set("data-author", author)
    if post_id:
        new.set("data-post-id", post_id)
    new.text = body.text
    for child in list(body):
        new.append(child)
    new.tail = container.tail
    parent = container.getparent()
    if parent is not None:
        parent.replace(container, new)


def remove_keep_tail(el: etree._Element) -> None:
    parent = el.getparent()
    if parent is None:
        return
    if el.tail:
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


def _wrap(el: etree._Element, tag: str, attrs: dict[str, str]) -> None:
    """Put el's content inside a new element (el keeps its own tag)."""
    new = etree.SubElement(el, tag)
    for k, v in attrs.items():
        new.set(k, v)
    new.text = el.text
    el.text = None
    for child in list(el):
        if child is not new:
            new.append(child)


def normalise_body(body: etree._Element, spec: MarkupSpec) -> NormalisedBody:
    """Rewrite `body` (in place) to the one markup, and return its HTML, text and quotes."""
    c = compiled(spec)
    for el in list(body.iter("script", "style", "noscript")):
        remove_keep_tail(el)
    if c.mute is not None:
        for img in select(c.mute, body):
            alt = img.get("alt")
            if alt is not None:
                del img.attrib["alt"]
                if alt and not img.get("title"):
                    img.set("title", alt)
    if _is_simple(body):
        # most posts are text with line breaks, bold and links: no quote, spoiler or engine
        # chrome can hide in them, so the selector passes are skipped
        return _finish(body, spec)
    if c.drop is not None:
        for el in select(c.drop, body):
            remove_keep_tail(el)
    # quotes, innermost first so that an outer quote sees canonical inner ones
    for container in reversed(select(c.quote, body)):
        _make_quote(c, container)
    for selector, cls, title_sel, body_sel in ((c.spoiler, "mk-spoiler", c.spoiler_title,
                                                c.spoiler_body),
                                               (c.hidden, "mk-hidden", None, None)):
        if selector is None:
            continue
        for container in reversed(select(selector, body)):
            title = None
            if title_sel is not None:
                found = select(title_sel, container)
                if found:
                    title = element_text(found[0], set())
                    remove_keep_tail(found[0])
            inner = container
            if body_sel is not None:
                found = select(body_sel, container)
                inner = found[0] if found else container
            new = etree.Element("div")
            new.set("class", cls)
            if title:
                new.set("data-title", title)
            new.text = inner.text
            for child in list(inner):
                new.append(child)
            new.tail = container.tail
            parent = container.getparent()
            if parent is not None:
                parent.replace(container, new)
    # the engine's buttons and forms go only now: a spoiler's title may sit in a <button>
    for el in list(body.iter(*_DROP)):
        remove_keep_tail(el)
    return _finish(body, spec)


# tags that carry no quote, spoiler or engine widget when they have no class or style
_SIMPLE_TAGS = frozenset({"br", "b", "strong", "i", "em", "u", "a", "img", "wbr", "p", "s",
                          "strike", "del", "sub", "sup", "font"})


def _is_simple(body: etree._Element) -> bool:
    for el in body.iterdescendants():
        tag = el.tag
        if not isinstance(tag, str):
            continue
        if tag not in _SIMPLE_TAGS or el.get("class") or el.get("style") or el.get("id"):
            return False
    return True


def _finish(body: etree._Element, spec: MarkupSpec) -> NormalisedBody:
    """Bold, colour, strike and hidden styles to the one markup; then HTML, text, quotes."""
    bold_classes = set(spec.bold_classes)
    color_classes = dict(spec.color_classes)
    # elements only (etree.Element as the filter): no comments or processing instructions
    for el in list(body.iter(etree.Element)):
        # the tag read once: lxml builds a new string on every read of .tag
        tag = el.tag
        if not el.attrib:
            # no class, style or colour: only the tag can need its one-markup name (most
            # elements of a post, so they skip the work below)
            if tag == "strong":
                el.tag = "b"
            elif tag in ("strike", "del"):
                el.tag = "s"
            continue
        classes = set((el.get("class") or "").split())
        if tag == "blockquote" and "mk-quote" in classes:
            continue
        style = el.get("style") or ""
        color = None
        if tag == "font" and el.get("color"):
            color = normalise_color(el.get("color", ""))
        if style:
            color = style_color(style) or color
        for cls in classes:
            if cls in color_classes:
                color = normalise_color(color_classes[cls]) or color
        bold = tag in ("strong", "b") or (style and style_bold(style)) or bool(
            classes & bold_classes)
        if tag == "strong":
            el.tag = tag = "b"
        if color and not (tag == "span" and "mk-color" in classes):
            if tag in ("font", "span") and not bold:
                el.tag = tag = "span"
                for attr in list(el.attrib):
                    del el.attrib[attr]
                el.set("class", "mk-color")
                el.set("data-color", color)
            else:
                _wrap(el, "span", {"class": "mk-color", "data-color": color})
        if bold and tag != "b":
            if tag in ("span", "font"):
                el.tag = tag = "b"
                for attr in ("style", "class", "color"):
                    if attr in el.attrib:
                        del el.attrib[attr]
            else:
                _wrap(el, "b", {})
        if tag in ("strike", "del"):
            el.tag = tag = "s"
        if style:
            low = style.lower().replace(" ", "")
            if "line-through" in low and tag != "s":
                _wrap(el, "s", {})
            if "display:none" in low or "visibility:hidden" in low:
                el.set("class", "mk-hidden")
            # the rest of the styling carries no meaning for votes; keep the markup clean
            if "style" in el.attrib:
                del el.attrib["style"]
    for span in list(body.iter("span")):
        if span.get("class") == "mk-color" and not len(span) and not (span.text or "").strip():
            remove_keep_tail(span)
    top_quotes = [bq for bq in body.iter("blockquote")
                  if "mk-quote" in (bq.get("class") or "")
                  and not any("mk-quote" in (a.get("class") or "")
                              for a in bq.iterancestors("blockquote"))]
    quotes = [Quote(author=bq.get("data-author"), post_id=bq.get("data-post-id"),
                    text=element_text(bq, set())) for bq in top_quotes]
    text = element_text(body, set(top_quotes))
    html = (body.text or "") + _inner_html(body)
    return NormalisedBody(html=html.strip(), text=text, quotes=quotes)


# what lxml.html.tostring takes out of its output
_META_CONTENT_TYPE = re.compile(r'<meta http-equiv="Content-Type"[^>]*>')


def _inner_html(body: etree._Element) -> str:
    """The children of `body` (each with its tail) as HTML: the same string as joining
    lxml.html.tostring of each child, from one serialisation of the whole body (a call per
    child costs more than the writing). The body's own leading text is left out: the
    caller puts it in front as it is, unescaped, as the HTML has always had it."""
    if not len(body):
        return ""
    text = body.text
    tag = body.tag
    close = f"</{tag}>"
    # the start tag ends at its first ">" (libxml2 writes ">" in a value as "&gt;"; a value
    # holding one takes the slow way all the same, should a libxml2 write it as it is)
    plain_start = isinstance(tag, str) and not any(">" in v for v in body.attrib.values())
    if plain_start:
        body.text = None
        try:
            whole = etree.tostring(body, method="html", encoding="unicode", with_tail=False)
        finally:
            body.text = text
        start = whole.find(">") + 1
        if start and whole.startswith(f"<{tag}") and whole.endswith(close):
            return _META_CONTENT_TYPE.sub("", whole[start:-len(close)])
    return "".join(lxml.html.tostring(child, encoding="unicode", with_tail=True)
                   for child in body)
