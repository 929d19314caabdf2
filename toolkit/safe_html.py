"""HTML from a notebook's outputs made safe to put in a report, and a post's stored body
made safe to hand to a notebook: a table of posts may carry what a forum page held (scripts,
event handlers, `javascript:` links, iframes, forms, external images), and nothing of it
may run or load.

Both go through `nh3`, the Python binding of ammonia: an HTML5 parser (html5ever, the one
browsers' parsing rules are written down in) and an allow-list sanitizer, so that markup a
hand-written cleaner would read one way and a browser another (`<svg><style>`, `<math>`
namespaces, `<noscript>` re-parsing, entity-obfuscated `javascript:`) is read as a browser
reads it before anything is kept.

`sanitize` (the report): only the tags and attributes that tables, the game card and text
need; what can hold code or load something (script, style, iframe, object, svg, math, ...)
is dropped with its content, any other unknown element is unwrapped (its text kept,
escaped); `href` only as an in-page anchor; `class` only as class names; `style` only as a
table cell's alignment; no `src`, no event handler survives.

`clean_post` (`Game.soup`): a post's body as the scrapers stored it, with its links (web
and forum-relative URLs), images, quotes' and spoilers' `data-*` facts and classes kept, and
scripts, event handlers, styles and `javascript:`/`data:` URLs gone."""

from __future__ import annotations

import re

import nh3

ALLOWED_TAGS = frozenset({
    "a", "abbr", "b", "blockquote", "br", "caption", "cite", "code", "col", "colgroup", "dd",
    "del", "details", "div", "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i",
    "ins", "li", "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup",
    "table", "tbody", "td", "tfoot", "th", "thead", "tr", "u", "ul"})
# dropped with everything inside: what runs, loads or submits, and what a browser parses in
# another namespace or mode (svg, math, template, noscript), where an allowed-looking tag
# can mean something else
DROPPED_TAGS = frozenset({
    "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "form",
    "input", "button", "select", "textarea", "link", "meta", "base", "svg", "math",
    "template", "noscript", "audio", "video", "source", "track", "canvas", "img", "picture",
    "portal", "head", "title", "xmp", "noembed", "noframes", "plaintext"})
# any tag: a table's and a DataTables container's classes, tooltips, in-page anchors' ids
_ANY_TAG = frozenset({"class", "title", "id", "align", "colspan", "rowspan", "scope"})
# `style` on a table's cells and rows only, and only as an alignment (`_ALIGN`): what
# markdown and pandas tables write there, and nothing that can load (`url(...)`)
_CELL = frozenset({"style"})
ALLOWED_ATTRIBUTES: dict[str, frozenset[str]] = {
    "*": _ANY_TAG, "a": frozenset({"href"}), "details": frozenset({"open"}),
    "td": _CELL, "th": _CELL, "tr": _CELL}
_ANCHOR = re.compile(r"^#[\w.:-]*$")
_CLASS = re.compile(r"^[\w\s-]*$")
_ALIGN = re.compile(r"^\s*text-align\s*:\s*(left|right|center|justify)\s*;?\s*$", re.I)
_SURROGATE = re.compile("[\ud800-\udfff]")


def _report_attribute(tag: str, name: str, value: str) -> str | None:
    # class names only: a value with quotes or markup in it is no class a table needs
    if name == "class" and not _CLASS.match(value):
        return None
    if name == "style":
        align = _ALIGN.match(value)
        return f"text-align: {align.group(1).lower()}" if align else None
    return value


def _in_page_only(url: str) -> str | None:
    """A relative URL kept only as an anchor in the report (`#p12`): a report opened from
    disk must not lead to a file next to it, or to a page the forum would serve."""
    return url if _ANCHOR.match(url.strip()) else None


_REPORT = nh3.Cleaner(
    tags=ALLOWED_TAGS,
    clean_content_tags=DROPPED_TAGS,
    attributes=ALLOWED_ATTRIBUTES,
    attribute_filter=_report_attribute,
    strip_comments=True,
    link_rel=None,  # no rel on in-page anchors: the only links left lead nowhere else
    url_schemes=set(),  # no scheme at all: every absolute URL goes
    url_relative=_in_page_only,
)


def sanitize(fragment: str) -> str:
    """`fragment` with only allowed tags and attributes left (see the module)."""
    if not fragment.strip():
        return ""
    return _REPORT.clean(_scalar_values(fragment))


# a post keeps what the scrapers' one markup uses (scrapers.forum.markup): quotes as
# blockquote.mk-quote[data-author][data-post-id], spoilers as div.mk-spoiler[data-title],
# colours as span.mk-color[data-color]; and the links and images the forum showed
_POST_TAGS = frozenset(nh3.ALLOWED_TAGS | {"font"})
_POST_ATTRIBUTES: dict[str, set[str]] = {
    tag: set(names) for tag, names in nh3.ALLOWED_ATTRIBUTES.items()}
_POST_ATTRIBUTES.setdefault("*", set()).update({"class", "title", "id", "lang"})
_POST_ATTRIBUTES.setdefault("a", set()).update({"name", "title"})
_POST_ATTRIBUTES.setdefault("font", set()).update({"color", "size", "face"})
_POST_URL_SCHEMES = frozenset({"http", "https", "mailto", "ftp"})

_POST = nh3.Cleaner(
    tags=_POST_TAGS,
    clean_content_tags=DROPPED_TAGS - _POST_TAGS,
    attributes=_POST_ATTRIBUTES,
    generic_attribute_prefixes={"data-"},
    strip_comments=True,
    link_rel=None,  # the post's links as the forum wrote them, nothing added
    url_schemes=_POST_URL_SCHEMES,
    url_relative="pass_through",  # "viewtopic.php?p=12#p12": a link to another post
)


def clean_post(body: str) -> str:
    """A post's stored body (`Post.html`) with nothing that can run left in it, and all
    its markup that means something (see the module) kept."""
    return _POST.clean(_scalar_values(body))


def _scalar_values(text: str) -> str:
    """`text` with any lone surrogate (a JSON string may hold one: "\\ud800") as U+FFFD:
    the sanitizer takes UTF-8, which has no such character, and would raise."""
    return _SURROGATE.sub("\ufffd", text)
