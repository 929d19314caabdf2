"""Asgaros Forum (the WordPress forum plugin) topic pages.

Its view `includes/views/post-element.php` writes each post as ``<div class="post-element"
id="postid-119120">``: the author block (`div.post-author-block-name` holding
`a.profile-link`, or `span.post-username` before 2.x, and the "@nicename" mention), the
header `div.forum-post-date` ("#1 · May 16, 2024, 8:16 pm" in 2.x, the date alone before),
the body `div.post-message`, the footer's `div.post-meta` (the edit notice
`span.post-edit-date` "Last edited on ... by ...", the "#1" link before 2.x) and the
signature `div.signature`.

What a selector cannot say, and this module does in code:
- every post's body opens with a hidden ``<div id="post-quote-container-N">``, a copy of
  the post inside a blockquote for the quote button: not a quote, it goes;
- a quote's title "Quote from <a class="profile-link">Kent</a> on <date>" is localised;
  the author is the profile link's name whatever the language (the words when there is no
  link);
- relative dates ("2 days ago", an option of the plugin), read against the capture time;
- the page number and count from the page links (`div.pages`: the current page is a
  <strong>, the last one a "Last »" link to "?part=N").
"""

from __future__ import annotations

import re

from lxml import etree

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import _wordpress as wp
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text, select
from scrapers.forum.signals import asset, css_class, element_id
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage

_AUTHOR_ATTR = "data-mk-af-author"

ASGAROS = EngineSpec(
    engine="asgaros",
    post="div.post-element[id^='postid-']",
    post_id_regex=r"^postid-(\d+)$",
    author=("div.post-author-block-name a.profile-link",
            "div.post-author-block-name .post-username", "div.post-author-block-name",
            ".post-username"),
    author_noise=".mention-nice-name",
    author_link="div.post-author-block-name a",
    # profile addresses are /profile/<nicename>/: no id the page shows
    author_id_regex=r"[?&](?:user_id|author)=(\d+)",
    body="div.post-message",
    time="div.forum-post-date",
    # 2.x puts the post's "#1" link and a middle dot before the date
    time_regex=r"^(?:.*·\s*)?(.+?)$",
    number=("div.forum-post-date a",
            "xpath:.//div[contains(@class, 'post-meta')]/a[starts-with(normalize-space(), '#')]"),
    signature="div.signature",
    edit="span.post-edit-date",
    avatar="div.post-author img.avatar",
    day_first=False,
    title=("h1.main-title", "#forum-title h1", "h1.entry-title"),
    page_current="xpath:(//div[contains(concat(' ', normalize-space(@class), ' '), ' pages ')])"
                 "[1]/strong",
    page_count_regex=None,
    thread_id_regex=r"[?&](?:view=thread&(?:amp;)?id|topic_id)=(\d+)",
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote", header="div.quotetitle",
                        author_attr=_AUTHOR_ATTR),
        spoiler="div.spoiler", spoiler_title="div.spoiler-head", spoiler_body="div.spoiler-body",
        # the quote button's hidden copy of the post
        drop="xpath:./div[starts-with(@id, 'post-quote-container-')]",
    ),
)

SIGNALS = (
    *wp.WORDPRESS_SIGNALS,
    asset(r"/plugins/asgaros-forum/", 2.5),
    element_id("af-wrapper", 2.0),
    element_id("post-quote-container-#", 1.5),
    css_class("post-element", 1.0),
    css_class("post-message", 0.5),
)

_POSTS = css(ASGAROS.post)
_TITLES = css("div.post-message blockquote > div.quotetitle")
_PROFILE = css("a.profile-link")
_PAGES = css("div.pages a, div.pages strong")
_PAGE_HREFS = css("div.pages a[href]")
_PART = re.compile(r"[?&](?:amp;)?part=(\d+)")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """Asgaros's wrapper or assets, and posts found by the spec: `post-element` alone is a
    name other markup may use."""
    if "post-element" not in text or ("af-wrapper" not in text and "asgaros" not in text
                                      and "post-quote-container-" not in text):
        return None
    return ASGAROS if select(_POSTS, root) else None


def _quote_authors(root: etree._Element) -> None:
    """The quoted author's profile link, set on the blockquote before the localised title
    is read."""
    for title in select(_TITLES, root):
        link = first(_PROFILE, title)
        parent = title.getparent()
        if link is not None and parent is not None and flat_text(link):
            parent.set(_AUTHOR_ATTR, flat_text(link))


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    elements = select(_POSTS, root)
    _quote_authors(root)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements, edit=wp.edit_marker)
    wp.relative_times(parsed.posts, ctx)
    info = parsed.info
    numbers = page_link_numbers(root, _PAGES)
    for a in select(_PAGE_HREFS, root):
        m = _PART.search(a.get("href") or "")
        if m:
            numbers.append(int(m[1]))
    if numbers:
        info.page_count = max(numbers)
    elif info.page_number is None:
        # no page links: the topic fits on this page
        info.page_number = info.page_count = 1
    return parsed


ADAPTER = EngineAdapter(family="asgaros", detect=detect, parse=parse, signals=SIGNALS,
                        title="Asgaros Forum",
                        anchors=(("asgaros", (("id", "postid-"),
                                              ("id", "post-quote-container-"))),))
