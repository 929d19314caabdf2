"""NodeBB topic pages (`nodebb`): the server-rendered page of the Persona and Harmony themes
and a DOM dump of either.

NodeBB's templates mark their parts with ``component="..."`` attributes, which themes keep
because the client scripts find the parts by them: ``li[component=post]`` per post carrying
``data-pid`` (the post id), ``data-index`` (its place in the topic, from 0), ``data-uid``,
``data-username`` and ``data-timestamp`` (Unix milliseconds); the body in
``[component=post/content]``; the author in ``a[itemprop=author]``. Times are
``span.timeago[title]``: the title holds the ISO time and the text is empty until the
browser's script fills it ("3 days ago").

What a selector cannot say, done in code:
- a quote's header is a paragraph before the blockquote, "@kent said in <a href=/post/12>
  Topic</a>:", written by the quoting user's composer in their language: it is recognised by
  its shape (a mention, then a link to a post, right before a blockquote), and its mention
  and link give the quote's author and post;
- the post number is ``data-index`` + 1 (the number NodeBB's own addresses use,
  ``/topic/1/slug/4``);
- the editor line is always in the page, hidden; ``data-editor`` says whether the post was
  edited, the hidden time span's title when;
- page number and count are in the page's ``ajaxify-data`` JSON.
"""

from __future__ import annotations

import json
import re

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import from_iso
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text, select
from scrapers.forum.signals import asset, css_class, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_edit, parse_with_spec, time_value
from scrapers.forum.types import PageContext, ParsedPage


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# attributes the quote rewrite leaves on a blockquote for the quote spec to read
_Q_AUTHOR, _Q_POST = "data-mk-author", "data-mk-post"

NODEBB = EngineSpec(
    engine="nodebb",
    post="xpath://li[@component='post'][@data-pid]",
    post_id_attr="data-pid",
    author=("a[itemprop=author]", "xpath:self::*[@data-username]"),
    author_link=("a[itemprop=author]", "xpath:self::*[@data-uid]"),
    author_id_attr="data-uid",
    author_id_regex=r"^(\d+)$",
    # the permalink's time first: the editor line holds a time span too
    time=("xpath:.//a[" + _cls("permalink") + "]//*[" + _cls("timeago") + "][@title]",
          "xpath:.//*[" + _cls("post-header") + "]//*[" + _cls("timeago") + "][@title]",
          "xpath:.//*[" + _cls("timeago") + "][@title != '']"),
    time_attrs=("title", "datetime"),
    number="xpath:self::*[@data-index]",
    number_attr="data-index",
    number_regex=r"^(\d+)$",
    body=("[component='post/content']", "[itemprop=text]", "div.content"),
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote", header=f"xpath:./p[@{_Q_AUTHOR}]",
                        header_before=True, author_attr=_Q_AUTHOR, post_attr=_Q_POST),
        spoiler=".ns-spoiler, .spoiler",
        spoiler_title=".ns-spoiler-control, .spoiler-control",
        spoiler_body=".ns-spoiler-content, .spoiler-content",
    ),
    signature=("[component='post/signature']", ".post-signature"),
    edit="xpath:.//*[@component='post/editor'][normalize-space(@data-editor)]",
    avatar="xpath:.//*[@component='user/picture'][self::img] | "
           ".//*[" + _cls("post-header") + "]//img[" + _cls("avatar") + "]",
    title=("[component='topic/title']", "h1[component='post/header']", "h1"),
    page_count_regex=None,
    thread_id_regex=r"/topic/(\d+)",
    deleted=f"xpath:self::*[{_cls('deleted')}]",
    day_first=False,
)

_POSTS = css(NODEBB.post)
_CONTENT = css("[component='post/content']")
_BLOCKQUOTES = css("xpath://*[@component='post/content']//blockquote")
_POST_LINK = re.compile(r"/post/(\d+)")
_TIME_SPAN = css("xpath:.//*[@title]")
_AJAXIFY = re.compile(r'<script[^>]*id=["\']ajaxify-data["\'][^>]*>(.*?)</script>', re.S)


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """NodeBB's post list: li[component=post] with data-pid, holding the post/content
    component (no other engine writes these component names)."""
    posts = select(_POSTS, root)
    if posts and first(_CONTENT, posts[0]) is not None:
        return NODEBB
    return None


def _quote_headers(root: etree._Element) -> None:
    """Mark each "@kent said in <Topic>:" paragraph before a blockquote with the quote's
    author and post, for the quote spec to take and remove."""
    for bq in select(_BLOCKQUOTES, root):
        prev = bq.getprevious()
        if prev is None or prev.tag != "p" or (prev.tail or "").strip():
            continue
        words = flat_text(prev)
        links = list(prev.iter("a"))
        post_links = [a for a in links if _POST_LINK.search(a.get("href") or "")]
        if not words.startswith("@") or not post_links or not words.endswith(":"):
            continue
        # the mention is the header's first link (the mentions plugin's), else its first word
        mention = next((flat_text(a) for a in links if flat_text(a).startswith("@")), None)
        author = (mention or words.split()[0]).lstrip("@").strip()
        m = _POST_LINK.search(post_links[-1].get("href") or "")
        prev.set(_Q_AUTHOR, author)
        bq.set(_Q_AUTHOR, author)
        if m:
            bq.set(_Q_POST, m.group(1))


def _edit(edit_el: etree._Element, ctx: PageContext) -> EditMarker:
    """"last edited by kent" and the ISO time in its (hidden) time span's title."""
    raw = flat_text(edit_el)
    marker = parse_edit(raw, ctx, day_first=False)
    if marker.editor is None:  # the line in another language: the editor's user slug
        marker = marker.model_copy(update={"editor": edit_el.get("data-editor") or None})
    for el in select(_TIME_SPAN, edit_el):
        dt = from_iso(el.get("title"), ctx.timezone)
        if dt is not None:
            marker = marker.model_copy(update={"time": dt})
            break
    return marker


def _page_numbers(text: str) -> tuple[int | None, int | None]:
    """The page and page count of the page's ajaxify-data JSON (pagination.currentPage,
    pageCount), when it carries them."""
    m = _AJAXIFY.search(text)
    if not m:
        return None, None
    try:
        data = json.loads(m.group(1))
    except ValueError:
        return None, None
    pages = data.get("pagination") if isinstance(data, dict) else None
    if not isinstance(pages, dict):
        return None, None
    current, count = pages.get("currentPage"), pages.get("pageCount")
    return (current if isinstance(current, int) else None,
            count if isinstance(count, int) else None)


def _drop_time_warning(parsed: ParsedPage, post_id: str | None) -> None:
    """The "no time found" warning of a post whose time was found elsewhere after all."""
    said = f"post {post_id}: "
    parsed.issues[:] = [i for i in parsed.issues if not (
        i.code == "post-without-time" and i.message.startswith(said))]


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _quote_headers(root)
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    elements = select(post_sel, root)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements, edit=_edit)
    for el, post in zip(elements, parsed.posts, strict=True):
        stamp = el.get("data-timestamp") or ""
        if post.time is None and stamp.isdigit():
            # no time span the theme kept: the post element's own Unix milliseconds
            post.time, post.time_raw = time_value(stamp, ctx), stamp
            _drop_time_warning(parsed, post.post_id)
        if post.number is not None:
            post.number += 1  # data-index counts from 0, the topic's post numbers from 1
    page, count = _page_numbers(text)
    parsed.info.page_number = page or parsed.info.page_number
    parsed.info.page_count = count or parsed.info.page_count
    return parsed


ADAPTER = EngineAdapter(
    family="nodebb", detect=detect, parse=parse, title="NodeBB",
    signals=(
        powered_by("NodeBB"),
        markup("component=\"post/content\"", r"component=[\"']post/content[\"']", 2.0),
        markup("li component=\"post\" with data-pid",
               r"<li\s[^>]*component=[\"']post[\"'][^>]*data-pid=", 2.0),
        markup("ajaxify-data JSON", r"id=[\"']ajaxify-data[\"']", 1.5),
        asset(r"nodebb\.min\.js|/assets/nodebb", 1.5),
        asset(r"/plugins/nodebb-plugin-", 1.0),
        css_class("timeago", 0.5),
    ),
    # li[component=post]'s data-pid (quotes link to /post/N, an address, not an anchor)
    anchors=(("nodebb", (("data-pid", ""),)),),
)
