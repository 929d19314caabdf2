"""HTML from a notebook's outputs made safe to put in a report: a table of posts may carry
what a forum page held (scripts, event handlers, `javascript:` links, iframes, forms,
external images), and nothing of it may run or load in the report.

An allow-list, not a deny-list: only the tags and attributes that tables, the game card and
text need are kept; every other element is dropped with its content when it can hold code
(script, style, iframe, object, ...) or unwrapped (its text kept, escaped) otherwise; `href`
only as an in-page anchor; no `style`, no `src`, no event handler survives."""

from __future__ import annotations

import html
import re

from lxml import etree
from lxml import html as lxml_html

ALLOWED_TAGS = frozenset({
    "a", "abbr", "b", "br", "caption", "code", "col", "colgroup", "dd", "del", "details",
    "div", "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "ins", "li",
    "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup", "table",
    "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul"})
# dropped with everything inside: what runs, loads or submits
DROPPED_TAGS = frozenset({
    "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form",
    "input", "button", "select", "textarea", "link", "meta", "base", "svg", "math",
    "template", "noscript", "audio", "video", "source", "track", "canvas", "img", "picture",
    "portal", "head", "title"})
ALLOWED_ATTRIBUTES = frozenset({"class", "colspan", "rowspan", "title", "id", "href",
                                "open", "scope", "align"})
_ANCHOR = re.compile(r"^#[\w.:-]*$")
_CLASS = re.compile(r"^[\w\s-]*$")


def sanitize(fragment: str) -> str:
    """`fragment` with only allowed tags and attributes left (see the module)."""
    if not fragment.strip():
        return ""
    root = lxml_html.fragment_fromstring(fragment, create_parent="div")
    _clean(root)
    inner = (html.escape(root.text) if root.text else "") + "".join(
        etree.tostring(child, encoding="unicode", method="html") for child in root)
    return inner


def _clean(parent: etree._Element) -> None:
    for child in list(parent):
        if not isinstance(child.tag, str):  # comments, processing instructions
            _remove(child)
            continue
        tag = child.tag.lower()
        if tag in DROPPED_TAGS:
            _remove(child)
            continue
        _clean(child)
        if tag not in ALLOWED_TAGS:
            child.drop_tag()  # type: ignore[attr-defined]
            continue
        for name, value in list(child.attrib.items()):
            if not _attribute_ok(str(name).lower(), str(value)):
                del child.attrib[name]


def _attribute_ok(name: str, value: str) -> bool:
    if name not in ALLOWED_ATTRIBUTES:
        return False
    if name == "href":
        return bool(_ANCHOR.match(value.strip()))
    if name == "class":
        return bool(_CLASS.match(value))
    return True


def _remove(el: etree._Element) -> None:
    """Remove `el` and what it holds, keeping the text after it."""
    parent = el.getparent()
    if parent is None:
        return
    tail = el.tail
    prev = el.getprevious()
    if tail:
        if prev is not None:
            prev.tail = (prev.tail or "") + tail
        else:
            parent.text = (parent.text or "") + tail
    parent.remove(el)
