"""Simple:Press (the WordPress forum plugin, 5.x and 6.x) topic pages.

Simple:Press's theme templates call its template functions, each of which writes one part of
a post with a fixed class and an id carrying the post's id: the post
``<div class="spTopicPostSection ..." id="post24077">`` with its anchor ``<a id="p24077">``,
`div.spPostUserName`, `div.spPostUserDate` ("August 31, 2011<br>9:59 am"),
`span#spPostIndexNumber24077` (the post's number in the topic), the body
`div.spPostContent#spPostIndexContent24077`, the signature in `div.spPostSignatureSection`,
the edit history `#spPostIndexEditHistory24077`. Themes move these parts around but keep the
functions, so the classes stand.

What a selector cannot say, and this module does in code:
- a quote is written as ``<p><strong>streaker said: </strong></p><blockquote>...``: the
  header is the paragraph before the blockquote, made only of a <strong>, its last word the
  localised "said" (Simple:Press's quote button writes "<name> said "); the name is read
  whatever the language and the header goes with the quote;
- the <br> between the date and the time;
- relative dates ("2 days ago"), read against the capture time;
- the page count, from the page links ("Page: 1 2 3").
"""

from __future__ import annotations

import re

from lxml import etree

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import _wordpress as wp
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, flat_text, select
from scrapers.forum.signals import asset, css_class, markup
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage

# set on a blockquote from the header paragraph before it
_AUTHOR_ATTR = "data-mk-sp-author"

SIMPLEPRESS = EngineSpec(
    engine="simplepress",
    post="div.spTopicPostSection",
    post_id_regex=r"^post(\d+)$",
    author="div.spPostUserName",
    author_link="div.spPostUserName a",
    time=("div.spPostUserDate", "xpath:.//*[starts-with(@id, 'spPostIndexUserDate')]"),
    number="xpath:.//*[starts-with(@id, 'spPostIndexNumber')]",
    number_regex=r"(\d+)",
    body="div.spPostContent",
    signature=".spPostSignatureSection, .spPostUserSignature",
    edit="xpath:.//*[starts-with(@id, 'spPostIndexEditHistory')]",
    avatar=".spPostUserAvatar img, img.spAvatar",
    day_first=False,
    title=("#spTopicHeaderName", ".spHeaderName", "h1.entry-title"),
    page_current="xpath:(//*[contains(concat(' ', normalize-space(@class), ' '), ' spCurrent ')])"
                 "[1]",
    page_count_regex=None,
    thread_id_regex=r"[?&;]topic=(\d+)",
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote", header=None, author_attr=_AUTHOR_ATTR),
        spoiler=".sfspoiler, .spSpoiler", spoiler_title=".spReveal",
        # "Awaiting Moderation" over a post its author still sees
        drop=".spMessage",
    ),
)

SIGNALS = (
    *wp.WORDPRESS_SIGNALS,
    asset(r"/sp-resources/", 2.5),
    css_class("spTopicPostSection", 2.5),
    css_class("spPostContent", 1.5),
    css_class("spPostUserName", 1.0),
    markup("the 'Simple:Press display start' comment", r"<!--\s*Simple:Press display", 2.0),
)

_POSTS = css(SIMPLEPRESS.post)
_DATES = css("div.spPostUserDate")
_QUOTES = css("div.spPostContent blockquote")
_PAGE_LINKS = css("a.spPageLinks")
_TOPIC = re.compile(r"^topic(\d+)$")
_SAID = re.compile(r"^(?P<name>.+?)\s+\S+\s*:?\s*$")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """Simple:Press's post section class in posts found by the spec."""
    if "spTopicPostSection" not in text:
        return None
    return SIMPLEPRESS if select(_POSTS, root) else None


def _quote_headers(root: etree._Element) -> None:
    """"<p><strong>Kent said: </strong></p>" before a blockquote: the name goes on the
    blockquote, the paragraph goes."""
    for bq in select(_QUOTES, root):
        prev = bq.getprevious()
        if prev is None or prev.tag != "p" or len(prev) != 1 or prev[0].tag not in (
                "strong", "b"):
            continue
        header = flat_text(prev)
        if header != flat_text(prev[0]) or not header.endswith(":"):
            continue
        m = _SAID.match(header)
        if m is None:
            continue
        bq.set(_AUTHOR_ATTR, m["name"])
        parent = prev.getparent()
        if parent is not None:
            parent.remove(prev)  # the tail is whitespace between the two blocks


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    elements = select(_POSTS, root)
    wp.break_spaces(root, _DATES)
    _quote_headers(root)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements)
    wp.relative_times(parsed.posts, ctx)
    info = parsed.info
    numbers = page_link_numbers(root, _PAGE_LINKS)
    if numbers:
        info.page_count = max(numbers)
    elif info.page_number is None:
        info.page_number = info.page_count = 1
    if elements:
        section = elements[0].getparent()
        while section is not None and not _TOPIC.match(section.get("id") or ""):
            section = section.getparent()
        if section is not None:
            m = _TOPIC.match(section.get("id") or "")
            info.thread_id = m[1] if m else info.thread_id
    return parsed


ADAPTER = EngineAdapter(family="simplepress", detect=detect, parse=parse, signals=SIGNALS,
                        title="Simple:Press",
                        anchors=(("simplepress", (("id", "post"), ("id", "p"))),))
