"""wpForo (gVectors' WordPress forum plugin) topic pages, in its four layouts.

Every layout's template writes each post as ``<div id="post-93" data-postid="93"
data-userid="2" data-mention="nicename" class="post-wrap ...">`` around a
`div.wpforo-post`, with the body in `div.wpforo-post-content`; what differs is where the name
and the date sit:

- Extended (layout 1): `div.author-name a`, `span.wpf-post-date`;
- Simplified (layout 2): `div.author-name a`, the date in `div.wpforo-post-content-bottom
  div.cbleft` after a localised label ("Posted : 10/06/2023 11:38 pm", "Postado : ...") and
  the "Topic starter" badge; the edit notice and signature inside the content div;
- Q&A (layout 3): `div.wpforo-post-author-name a`, `div.wpforo-post-date`; its comments are
  `div.comment-wrap` with the name and date in `div.wpforo-comment-top` and the text in
  `div.wpforo-comment-text`;
- Threaded (layout 4): `div.wpf-author-name a`, `div.wpf-post-date`; replies are
  `div.reply-wrap`.

So the spec's selectors are chains over the layouts. Dates are 'd/m/Y g:i a' by default
(layout 4: 'M d, Y g:i a'), or relative ("2 years ago") where the board says so.

What a selector cannot say, and this module does in code:
- the author's id is the post element's data-userid (0 for a guest);
- a quote is ``<blockquote data-postid="93"><div class="wpforo-post-quote-author"><strong>
  Posted by: @nicename</strong></div>...``: the quoted author is given by nicename, which
  the page's own posts map to display names (their data-mention);
- the date cell's badge ("Topic starter") and reactions are not the date;
- relative dates, read against the capture time.

The census counts data-postid: the id="post-N" anchor is also the id WordPress themes give
the page's own `<article>`; a quote's data-postid names the quoted post, which counts as one
more only when that post is not on the page.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import _wordpress as wp
from scrapers.forum.markup import (
    MarkupSpec,
    QuoteSpec,
    css,
    first,
    flat_text,
    remove_keep_tail,
    select,
)
from scrapers.forum.signals import asset, css_class, element_id
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage

_CONTENT = ("contains(@class, 'wpforo-post-content') or contains(@class, 'wpforo-comment-text')")

WPFORO = EngineSpec(
    engine="wpforo",
    post=("div.post-wrap[data-postid], div.reply-wrap[data-postid], "
          "div.comment-wrap[data-postid]",
          # a theme that renames the wrappers keeps the data attributes wpForo's scripts use
          f"xpath://div[@data-postid][.//*[{_CONTENT}]]"),
    post_id_attr="data-postid",
    author=(".author-name a", ".wpf-author-name a", ".wpforo-post-author-name a",
            "xpath:.//div[contains(@class, 'wpforo-comment-top')]//a[normalize-space()]",
            ".author-name", ".wpf-author-name", ".wpforo-post-author-name"),
    author_noise=".wpf-author-nicename, .wpf-pa-online",
    # profile addresses are /participant/<nicename>/: the id is data-userid (in code)
    author_id_regex=r"[?&]userid=(\d+)",
    body=(".wpforo-post-content", ".wpforo-comment-text"),
    time=("div.wpforo-post-content-bottom div.cbleft", ".wpf-post-date", ".wpforo-post-date",
          "xpath:.//div[contains(@class, 'wpforo-comment-top')]/span"),
    # the localised label before the date: "Posted : ", "Postado : ", "Gepostet : "
    time_regex=r"^(?:[^\d:]*:\s+)?(.+?)$",
    signature=".wpforo-post-signature",
    edit=".wpf-post-edited",
    avatar=".author-avatar img, .wpf-author-avatar img, .wpforo-post-avatar img",
    title=("#wpforo-title", "h1.wpforo-topic-title", "h1.entry-title"),
    page_current=".wpf-navi .wpf-page-info, .wpf-navi .current",
    page_count_regex=None,  # "Page 1 / 3" in the page-info element (in code)
    thread_id_regex=r"[?&;]topicid=(\d+)",
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote", header=".wpforo-post-quote-author",
                        post_attr="data-postid"),
        spoiler=".wpforo-spoiler-wrap, .wpf-spoiler", spoiler_title=".wpf-spoiler-head",
        spoiler_body=".wpf-spoiler-body",
        # the buttons inside the content div (Simplified layout), the moderation notice
        drop=".wpf-post-button-actions, .wpforo-action-buttons-wrap, .wpf-mod-message",
    ),
)

SIGNALS = (
    *wp.WORDPRESS_SIGNALS,
    asset(r"/plugins/wpforo/", 2.5),
    css_class("wpforo-post", 2.0),
    css_class("wpforo-post-content", 2.0),
    element_id("wpforo-wrap", 1.0),
    css_class("wpforo", 0.5),
)

_POSTS = css(WPFORO.post)
_NOT_THE_DATE = css(".wpf-post-starter, .reacted-users, .wpf-author-nicename")
_DATE_CELLS = css("div.cbleft, .wpf-post-date, .wpforo-post-date")
_PAGE_LINKS = css(".wpf-navi a, .wpf-navi .wpf-page-number")
_PAGE_INFO = css(".wpf-navi .wpf-page-info")
_OF = re.compile(r"\d+\s*/\s*(\d+)")
_MENTION = re.compile(r"^@")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """wpForo's own content class in posts found by the spec."""
    if "wpforo-post-content" not in text and "wpforo-comment-text" not in text:
        return None
    return WPFORO if select(_POSTS, root) else None


def _clean_dates(root: etree._Element) -> None:
    """The badge and reactions that share the Simplified layout's date cell go."""
    for cell in select(_DATE_CELLS, root):
        for el in select(_NOT_THE_DATE, cell):
            remove_keep_tail(el)


def _display(nicename: str, by_mention: dict[str, str]) -> str:
    """A quote's "@nicename" as the display name a post on the page shows for it."""
    bare = _MENTION.sub("", nicename)
    return by_mention.get(bare.lower(), bare)


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    elements = select(_POSTS, root)
    _clean_dates(root)
    users = [el.get("data-userid") or "" for el in elements]
    mentions = [(el.get("data-mention") or "").strip().lower() for el in elements]
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements, edit=wp.edit_marker)
    by_mention: dict[str, str] = {}
    for post, uid, mention in zip(parsed.posts, users, mentions, strict=True):
        if uid.isdigit() and uid != "0":
            post.author_id = uid
        if mention:
            by_mention[mention] = post.author
    for post in parsed.posts:
        if any(q.author and q.author.startswith("@") for q in post.quotes):
            post.quotes = [q.model_copy(update={"author": _display(q.author, by_mention)})
                           if q.author and q.author.startswith("@") else q
                           for q in post.quotes]
    wp.quoted_authors(parsed.posts)
    wp.relative_times(parsed.posts, ctx)
    info = parsed.info
    numbers = page_link_numbers(root, _PAGE_LINKS)
    shown = first(_PAGE_INFO, root)
    m = _OF.search(flat_text(shown)) if shown is not None else None
    if m:
        numbers.append(int(m[1]))
    if numbers:
        info.page_count = max(numbers)
    elif info.page_number is None:
        info.page_number = info.page_count = 1  # no page navigation: one page
    return parsed


ADAPTER = EngineAdapter(family="wpforo", detect=detect, parse=parse, signals=SIGNALS,
                        title="wpForo", anchors=(("wpforo", (("data-postid", ""),)),))
