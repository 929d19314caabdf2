"""bbPress 2.x (the WordPress forum plugin) topic pages.

The default templates (loop-single-reply.php) write each post as two sibling divs inside
`li.bbp-body`: a header ``<div id="post-123" class="bbp-reply-header">`` with the date
(`span.bbp-reply-post-date`) and the permalink ("#123", the post's id, not its number), then
the reply itself ``<div class="post-123 reply ... bbp-reply-position-2 user-id-7">`` with
`div.bbp-reply-author` (`.bbp-author-name`, `.bbp-author-role`) and `div.bbp-reply-content`.
The topic's first post is written the same way (`bbp-topic-*` classes when the theme shows
it apart). Themes rewrite all of it; what survives them is the classes bbPress's own template
functions write: `bbp-author-name` (bbp_reply_author_link), `bbp-reply-content`, the
`post-N` id. So the post is found by chains: the default reply div (the parent of a
`bbp-reply-content`), else the innermost element with id "post-N" that holds a
`bbp-author-name` (Weddingbee's boards theme writes ``<article id="post-N" class="post
board">`` with `li.time` and `div.text-holder`).

What a selector cannot say, and this module does in code:
- the author's id and the post's number are in the reply div's classes (`user-id-7`,
  `bbp-reply-position-2`);
- the revision log (`ul.bbp-reply-revision-log`, one `li` per edit: "This reply was modified
  2 days ago by Kent.") gives the edit count and the last editor;
- relative dates ("3 weeks ago", from bbp_get_time_since or WordPress's human_time_diff in
  themes), read against the capture time or one estimated from the topic's publication
  (`_wordpress.relative_times`);
- quotes that carry only the quoted post's id (Weddingbee's "View original reply" box)
  get that post's author;
- the page count, from the pagination links ("Viewing 11 posts - 1 through 11 (of 11
  total)" counts posts, not pages).
"""

from __future__ import annotations

import re

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import _wordpress as wp
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, flat_text, select
from scrapers.forum.signals import asset, css_class, element_id, markup
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, PageInfo, ParsedPage


def _has(cls: str) -> str:
    """XPath: the element has class `cls` among its classes."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


_AUTHOR = _has("bbp-author-name")
_CONTENT = f"{_has('bbp-reply-content')} or {_has('bbp-topic-content')}"

BBPRESS = EngineSpec(
    engine="bbpress2",
    post=(
        # the default templates: the reply div, parent of the content div (the list's
        # header and footer rows hold a "Posts" cell of that class too)
        f"xpath://*[*[{_CONTENT}]][not({_has('bbp-header')} or {_has('bbp-footer')})]",
        # a theme's one element per post: the innermost with id="post-N" naming an author
        f"xpath://*[starts-with(@id, 'post-')][.//*[{_AUTHOR}]]"
        f"[not(.//*[starts-with(@id, 'post-')][.//*[{_AUTHOR}]])]",
    ),
    # the theme's element carries the id itself; the default reply div's header before it
    post_id=("xpath:self::*[starts-with(@id, 'post-')]",
             "xpath:preceding-sibling::*[1][starts-with(@id, 'post-')]"),
    post_id_regex=r"^post-(\d+)$",
    author=".bbp-author-name",
    author_noise=".bbp-author-role, .bbp-author-avatar",
    author_link=("a.bbp-author-link", "a.bbp-author-name"),
    # profile addresses are /users/<nicename>/: the id is in the reply's class (in code)
    author_id_regex=r"[?&]author=(\d+)",
    body=(".bbp-reply-content", ".bbp-topic-content",
          # themes that drop bbPress's content div: WordPress's own content class, and
          # Weddingbee's text-holder
          ".entry-content", ".text-holder"),
    time=(".bbp-reply-post-date", ".bbp-topic-post-date",
          "xpath:preceding-sibling::*[1]//*[contains(@class, 'bbp-reply-post-date') "
          "or contains(@class, 'bbp-topic-post-date')]",
          "time", "li.time", "xpath:.//*[contains(@class, 'post-date')]"),
    time_attrs=("datetime",),
    number="xpath:.//*[contains(@class, 'post-number')]",
    signature=".bbp-signature, .bbp-reply-signature, .d4p-bbt-signature",
    edit=".bbp-reply-revision-log, .bbp-topic-revision-log",
    avatar=".bbp-author-avatar img, .bbp-reply-author img.avatar",
    day_first=False,
    title=("h1.entry-title", ".bbp-breadcrumb-current", "h1"),
    page_current=".bbp-pagination-links .current",
    page_count_regex=None,
    thread_id_regex=r"[?&](?:topic_id|bbp_topic_id)=(\d+)",
    deleted=f"xpath:self::*[{_has('status-trash')} or {_has('status-spam')}]",
    markup=MarkupSpec(
        quote=QuoteSpec(
            # editor quotes; GD bbPress Toolbox's quote block; Weddingbee's reply box, which
            # names the quoted post in post-id and shows only "View original reply"
            container="blockquote, div.replied-comment-rectangle",
            header=".d4p-bbt-quote-title",
            post_attr="post-id"),
        # the theme's author and date list and its like/reply footer when the body is the
        # whole post element; bbPress's admin links; the revision log (read as the edit);
        # the reply box's "View original reply" title (a button's words, not an author)
        drop=f"xpath:.//ul[.//*[{_AUTHOR}]] | .//footer | .//*[{_has('bbp-admin-links')}]"
             f" | .//*[{_has('bbp-reply-revision-log')} or {_has('bbp-topic-revision-log')}]"
             f" | .//*[{_has('view-original-reply-title')}]",
        spoiler=".spoiler, .d4p-bbt-spoiler-block", spoiler_title=".spoiler-title",
    ),
)

SIGNALS = (
    *wp.WORDPRESS_SIGNALS,
    asset(r"/plugins/bbpress/", 2.5),
    element_id("bbpress-forums", 2.0),
    css_class("bbp-reply-content", 2.0),
    css_class("bbp-author-name", 1.5),
    css_class("bbp-reply-header", 1.0),
    css_class("bbp-pagination-count", 1.0),
    markup("a bbPress add-on's asset", r"/plugins/(?:gd-)?bbp(?:ress)?[\w-]*/", 1.0),
)

_POSTS = css(BBPRESS.post)
_USER_ID = re.compile(r"\buser-id-(\d+)\b")
_POSITION = re.compile(r"\bbbp-reply-position-(\d+)\b")
_EDITS = css("li")
_PAGE_LINKS = css(".bbp-pagination-links .page-numbers")
_SHOWN = re.compile(r"Viewing\s+(?:\d+\s+\w+\s*-\s*)?(\d+)\s+through\s+(\d+)\s+\(of\s+(\d+)",
                    re.I)
_TOPIC_ID = re.compile(r"class=[\"'][^\"']*\bsingle-topic\b[^\"']*\bpostid-(\d+)"
                       r"|class=[\"'][^\"']*\bpostid-(\d+)[^\"']*\bsingle-topic\b")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """bbPress's own author class in posts found by the spec: a WordPress page without it (a
    blog's comments, another forum plugin) is not bbPress."""
    if "bbp-author-name" not in text:
        return None
    return BBPRESS if select(_POSTS, root) else None


def edit_marker(el: etree._Element, ctx: PageContext) -> EditMarker:
    """The revision log: one item per edit, the last one naming the last editor."""
    items = select(_EDITS, el)
    if not items:
        return wp.edit_marker(el, ctx)
    return wp.edit_marker(items[-1], ctx, count=len(items), raw=flat_text(el))


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    elements = select(_POSTS, root)
    classes = [el.get("class") or "" for el in elements]
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements, edit=edit_marker)
    for post, cls in zip(parsed.posts, classes, strict=True):
        uid = _USER_ID.search(cls)
        if uid and uid[1] != "0":
            post.author_id = uid[1]
        pos = _POSITION.search(cls)
        if pos:
            post.number = int(pos[1])
    wp.drop_issues(ctx, "post-without-body", [p for p in parsed.posts if p.deleted])
    info = parsed.info
    _pages(root, ctx, info)
    if info.thread_id is None:
        m = _TOPIC_ID.search(text[:200_000])
        info.thread_id = (m[1] or m[2]) if m else None
    lead = info.page_number in (None, 1)
    wp.relative_times(parsed.posts, ctx,
                      lead_published=wp.published(text, ctx) if lead else None)
    wp.quoted_authors(parsed.posts)
    return parsed


def _pages(root: etree._Element, ctx: PageContext, info: PageInfo) -> None:
    """Page number and count from the pagination links; "Viewing 11 posts - 1 through 11
    (of 11 total)" says when the one page holds them all."""
    numbers = page_link_numbers(root, _PAGE_LINKS)
    if info.page_number is not None:
        numbers.append(info.page_number)
    if numbers:
        info.page_count = max(numbers)
        return
    m = _SHOWN.search(ctx.plain)
    if m and int(m[1]) == 1 and int(m[2]) == int(m[3]):
        info.page_number, info.page_count = 1, 1


ADAPTER = EngineAdapter(family="bbpress", detect=detect, parse=parse, signals=SIGNALS,
                        title="bbPress", anchors=(("bbpress2", (("id", "post-"),)),))
