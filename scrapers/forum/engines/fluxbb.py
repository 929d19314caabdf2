"""FluxBB 1.x and punBB: the PunBB markup in its two generations.

- ``fluxbb``: FluxBB 1.2-1.5 and punBB 1.2 (FluxBB's parent) write each post as
  ``div.blockpost#p123``: the heading ``h2 > span`` holds the number (``span.conr`` "#1") and
  the permalink whose text is the date; ``div.postleft dl dt`` the poster (a profile link
  ``profile.php?id=N`` for members when the viewer may see profiles, bare for guests);
  ``div.postright div.postmsg`` the message, ending with ``p.postedit`` "Last edited by X
  (date)"; the signature ``div.postsignature`` beside it.
- ``punbb13``: punBB 1.3/1.4 (the informer.com line) rewrote the templates: ``div.post``
  holding ``div.posthead#p123`` (``span.post-num``, ``span.post-byline`` "Reply by X",
  ``span.post-link a.permalink`` with the date), ``div.post-author ul.author-ident
  li.username``, ``div.entry-content`` with ``p.lastedit`` and ``div.sig-content``.

Quotes are ``div.quotebox > cite "X wrote:" + blockquote`` (FluxBB 1.4+, punBB 1.3+) and
``blockquote > div.incqbox > h4 "X wrote:"`` (FluxBB/punBB 1.2).

mybb.ru hosting (`mybbru`) is a PunBB 1.2 descendant too (``div#pun``, ``div.post#p123``)
with markup of its own (``li.pa-author``, ``div.post-content``); a page the mybbru adapter
claims is refused here, whatever it shares with PunBB.

What a selector cannot say, and this module does in code: the page count is the highest
number in the page links (FluxBB prints no "page N of M").
"""

from __future__ import annotations

import re

from lxml import etree

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import mybbru
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text
from scrapers.forum.signals import css_class, element_id, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage


def _has(cls: str) -> str:
    """An XPath test: the element has `cls` among its class words."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


_QUOTES = MarkupSpec(
    quote=QuoteSpec(
        # 1.4+: the quote box; 1.2: the blockquote around div.incqbox
        container=f"xpath:.//div[{_has('quotebox')}] | .//blockquote[div[{_has('incqbox')}]]",
        header=f"xpath:./cite | ./div[{_has('incqbox')}]/h4",
        body=f"xpath:./blockquote | ./div[{_has('incqbox')}]",
    ),
    # FluxBB's code boxes carry no quote; the "Code:" caption of 1.2 is chrome
    drop="div.codebox > h4, div.codebox > p > strong",
)

FLUXBB = EngineSpec(
    engine="fluxbb",
    # the preview of a post being written is a div.blockpost without an id
    post=f"xpath://div[{_has('blockpost')}][starts-with(@id, 'p')]",
    post_id_regex=r"^p(\d+)$",
    author=("div.postleft dl dt strong", "div.postleft dl dt"),
    body=(f"xpath:.//div[{_has('postright')}]/div[{_has('postmsg')}]"
          f"[not({_has('postsignature')})]",),
    time="xpath:./h2/span/a | ./h2/span/span/a",
    number="xpath:./h2//span[contains(@class, 'conr')]",
    signature="div.postsignature",
    edit="p.postedit",
    avatar="dd.postavatar img",
    title=("xpath:(//ul[contains(@class, 'crumbs')])[1]/li[last()]//strong",
           "xpath:(//div[contains(@class, 'linkst')]//ul)[1]/li[last()]"),
    page_current="xpath:(//p[contains(@class, 'pagelink')])[1]/strong",
    page_count_regex=None,
    thread_id_regex=r"viewtopic\.php\?id=(\d+)",
    markup=_QUOTES,
)

_POSTHEAD = f"div[{_has('posthead')}][starts-with(@id, 'p')]"

PUNBB13 = EngineSpec(
    engine="punbb13",
    post=f"xpath://div[{_has('post')}][{_POSTHEAD}]",
    post_id=f"xpath:./{_POSTHEAD}",
    post_id_regex=r"^p(\d+)$",
    # a member: the profile link (or the bare name when the viewer may not see profiles)
    author=("ul.author-ident li.username a", "ul.author-ident li.username strong",
            "ul.author-ident li.username", "span.post-byline a", "span.post-byline strong"),
    body="div.entry-content",
    time=("span.post-link a.permalink", "span.post-link"),
    number="span.post-num",
    signature="div.sig-content",
    edit="p.lastedit",
    avatar="li.useravatar img",
    title=("h1.main-title a", "h1.main-title", "xpath:(//span[contains(@class, 'crumblast')])[1]"),
    page_current="xpath:(//p[contains(@class, 'paging')])[1]/strong",
    page_count_regex=None,
    thread_id_regex=r"(?:viewtopic\.php\?id=|/topic/)(\d+)",
    markup=_QUOTES,
)

_FLUX_POST = etree.XPath(
    f"boolean(/descendant::div[{_has('blockpost')}][starts-with(@id, 'p')]"
    f"/descendant::div[{_has('postright')}])")
_PUN13_POST = etree.XPath(
    f"boolean(/descendant::div[{_has('posthead')}][starts-with(@id, 'p')]"
    f"/following-sibling::div[{_has('postbody')}]/descendant::div[{_has('entry-content')}])")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """The post markup itself decides (FluxBB and punBB pages rarely keep a generator meta,
    and a custom footer drops the "Powered by"); mybb.ru pages, PunBB's descendants, are the
    mybbru adapter's."""
    if _FLUX_POST(root):
        spec = FLUXBB
    elif _PUN13_POST(root):
        spec = PUNBB13
    else:
        return None
    if mybbru.detect(root, text) is not None:
        return None
    return spec


_PAGE_LINKS = css("xpath:(//p[contains(@class, 'pagelink') or contains(@class, 'paging')])[1]")


def _page_count(root: etree._Element, current: int | None) -> int | None:
    links = first(_PAGE_LINKS, root)
    if links is None:
        return current
    numbers = [int(t) for t in re.findall(r"\d+", flat_text(links))]
    return max([*numbers, current or 0]) or None


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    parsed = parse_with_spec(root, spec, ctx, text)
    parsed.info.page_count = _page_count(root, parsed.info.page_number)
    return parsed


ADAPTER = EngineAdapter(
    family="fluxbb", detect=detect, parse=parse, title="FluxBB / punBB",
    signals=(
        powered_by("FluxBB"), powered_by("PunBB"),
        css_class("blockpost", 1.5), css_class("postleft"), css_class("postright"),
        css_class("postmsg"), css_class("quotebox", 0.5),
        css_class("posthead"), css_class("author-ident"), css_class("entry-content", 0.5),
        element_id("punviewtopic"), element_id("brd-viewtopic", 1.5),
        markup("FluxBB/punBB post anchor", r"<div\s+id=[\"']p\d+[\"']\s+class=[\"']blockpost"),
    ),
    anchors=(("fluxbb", (("id", "p"),)), ("punbb13", (("id", "p"),))),
)
