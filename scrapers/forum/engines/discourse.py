"""Discourse topic pages, in the three shapes a saved Discourse page comes in.

- **crawler** (`discourse-crawler`): the server-rendered view a crawler, a browser without
  JavaScript or a "save page" of the raw HTML gets (``app/views/topics/show.html.erb``):
  ``div.topic-body.crawler-post`` per post, the author in ``span.creator
  span[itemprop=name]``, the time in ``span.crawler-post-infos time[datetime]``, the post
  number in ``span[itemprop=position]``, the cooked body in ``div.post[itemprop=articleBody]``
  (2.x) or ``[itemprop=text]`` (3.x). Themes restyle it but keep these classes and the
  schema.org microdata, which the selectors lean on. Sites often put the whole view inside
  ``<noscript>``; lxml parses it as markup all the same.
- **print** (`discourse-print`): ``/t/<slug>/<id>/print`` (``topics/plain.html.erb``): a bare
  ``div.creator`` ("<b>user</b> at March 24th, 2019 19:54 — #3") before each ``div.post``;
  the old crawler view (``#3 By: <b>Name</b>, March 24th, ...``) is the same pair.
- **js** (`discourse-js`): a DOM dump of the Ember application: ``article[data-post-id]`` in
  ``div.topic-post``, the name in ``.names .username``, the time as Unix milliseconds in
  ``.post-date [data-time]``, the body in ``.cooked``.

What a selector cannot say, done in code:
- the post id is the post's number in its topic in every view (``id="post_3"``, "#3",
  ``data-post="3"`` in quotes of it): Discourse addresses posts by number, quotes name the
  number, and pages of one topic saved in different views then agree on their ids;
- a post edited after the crawler view was rendered prints its modification time: the
  creation time is then in ``meta[itemprop=datePublished]``, the printed one is the edit's;
- an ``aside.quote`` without ``data-username`` but with ``data-topic`` is the preview
  Discourse draws for a link to another topic, and ``aside.onebox`` the one for any link:
  neither holds words of the poster or a quote of someone, so each becomes its link;
- the page number and count come from the canonical address and the next/previous links.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import from_iso, parse_forum_date
from scrapers.forum.markup import (
    MarkupSpec,
    QuoteSpec,
    Selector,
    css,
    first,
    flat_text,
    select,
)
from scrapers.forum.signals import asset, css_class, generator, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_with_spec, time_value
from scrapers.forum.types import ForumPost, PageContext, ParsedPage


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# the cooked body's markup, the same in every view
_COOKED = MarkupSpec(
    quote=QuoteSpec(container="aside.quote", header=".title", author_attr="data-username",
                    post_attr="data-post", body="blockquote"),
    # the spoiler-alert plugin's blur, and [details="title"] folds
    spoiler=".spoiler, .spoiled, details",
    spoiler_title="summary",
    # the quote's expand/jump buttons; an image's file name and size under it
    drop=".quote-controls, .lightbox-wrapper .meta, .cooked-selection-barrier",
)
_USER = r"/u/([^/?#\"']+)"  # Discourse addresses users by username, not by a number
_TOPIC = r"/t/(?:[^/?#\"']+/)?(\d+)"

CRAWLER = EngineSpec(
    engine="discourse-crawler",
    # the "next page" block of 3.x wears the post's classes too, with role="navigation"
    post=f"xpath://*[{_cls('crawler-post')}][not(@role='navigation')]",
    post_id_regex=r"^post_(\d+)$",
    author=(".creator [itemprop=name]", ".creator a", ".creator"),
    author_link=".creator a[href]",
    author_id_regex=_USER,
    time=(".crawler-post-infos time", "time.post-time", "time[datetime]"),
    time_attrs=("datetime",),
    number=(".crawler-post-infos [itemprop=position]", "[itemprop=position]"),
    body=("div.post[itemprop=articleBody]", "div.post[itemprop=text]", "div.post"),
    markup=_COOKED,
    signature=".user-signature",
    title=("#topic-title h1", "h1.crawler-topic-title", "h1"),
    page_count_regex=None,
    thread_id_regex=_TOPIC,
    day_first=False,
)

# 2.x wrote no id on a crawler post: the same markup, a variant without census anchors
CRAWLER2 = replace(CRAWLER, engine="discourse-crawler-2")

PRINT = EngineSpec(
    engine="discourse-print",
    # each post is a div.creator line and the div.post right after it
    post="xpath://div[@class='creator'][following-sibling::*[1][self::div][@class='post']]",
    post_id=None,
    post_id_regex=r"^(\d+)$",  # the creator line has no id: the number stands for it
    author="xpath:./b[1]",
    time="xpath:self::*",
    # "<b>kent</b> (Kent) at March 24th, 2019 19:54 — #3"; the old crawler's "#3 By: <b>Kent
    # </b>, March 24th, 2019 19:54"
    time_regex=r"(?:\bat\s+|,\s*)(\w+\s+\d{1,2}(?:st|nd|rd|th)?,\s*\d{4}\s+\d{1,2}:\d{2})",
    number="xpath:self::*",
    number_regex=r"#\s*(\d+)",
    body="xpath:following-sibling::div[1]",
    markup=_COOKED,
    title=("xpath:/html/head/title", "h2"),
    page_count_regex=None,
    thread_id_regex=_TOPIC,
    day_first=False,
)

JS = EngineSpec(
    engine="discourse-js",
    # small-action posts ("closed this topic") are notices, not posts
    post=f"xpath://article[@data-post-id][not({_cls('small-action')})]",
    post_id_regex=r"^post_(\d+)$",
    author=(".names .username", ".names .first", ".names a", "[data-user-card]"),
    author_link=(".names .username a", ".names a", "a[data-user-card]"),
    author_id_regex=_USER,
    author_noise=".user-title, .svg-icon, .user-status-message",
    time=(".post-date [data-time]", ".post-info [data-time]", "[data-time]"),
    time_attrs=("data-time", "title"),
    number=".post-date[data-post-number], a[data-post-number]",
    number_attr="data-post-number",
    body=(".cooked",),
    markup=_COOKED,
    signature=".user-signature",
    edit=".post-info.edits, .post-info .edits",
    avatar=".topic-avatar img.avatar",
    title=("#topic-title .fancy-title", ".title-wrapper .fancy-title", "h1 .fancy-title",
           "#topic-title h1"),
    page_count_regex=None,
    thread_id_regex=_TOPIC,
    deleted=f"xpath:self::*[{_cls('deleted')}] | ancestor::*[{_cls('topic-post')}]"
            f"[{_cls('deleted')}]",
    day_first=False,
)

_CRAWLER_POSTS = css(CRAWLER.post)
_PRINT_POSTS = css(PRINT.post)
_JS_POSTS = css(JS.post)
_CRAWLER_META = css(f"xpath:.//*[{_cls('crawler-post-meta')} or {_cls('crawler-post-infos')}]")
_POST_ID = re.compile(r"post_\d+$")
_PRINT_LINE = re.compile(r"—\s*#\d+\s*$|^\s*#\d+\s+By:", re.S)
_GENERATOR = re.compile(r"<meta\s[^>]*content=[\"']Discourse\b", re.I)
_NAMES = css(".names, .topic-meta-data")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """By the posts' own markup: a DOM dump's post stream first (a dump also keeps the
    crawler view of a <noscript>, which would read the posts twice), then the crawler view,
    then the print view. The crawler and JS class names are Discourse's; the print view's
    bare pairs are taken only with the print line's "— #N" or the old "#N By:"."""
    js = select(_JS_POSTS, root)
    if js and first(_NAMES, js[0]) is not None:
        return JS
    crawler = select(_CRAWLER_POSTS, root)
    if crawler and (first(_CRAWLER_META, crawler[0]) is not None or _GENERATOR.search(text)):
        return CRAWLER if any(_POST_ID.match(p.get("id") or "") for p in crawler) else CRAWLER2
    printed = select(_PRINT_POSTS, root)
    if printed and all(_PRINT_LINE.search(flat_text(p)) for p in printed[:3]):
        return PRINT
    return None


_PUBLISHED = css("xpath:.//*[@itemprop='datePublished']")
_MODIFIED = css("xpath:.//*[@itemprop='dateModified']")
_EDIT_COUNT = css(".d-button-label")
_ONEBOX_TOPIC = css("xpath://aside[@data-topic][not(@data-username)]"
                    f"[{_cls('quote')}]")
_ONEBOX = css(f"xpath://aside[{_cls('onebox')}]")
_LINK = css("xpath:.//a[@href]")
_CANONICAL = css("xpath://link[@rel='canonical']")
_NEXT = css("xpath://a[@rel='next'] | //link[@rel='next']")
_PREV = css("xpath://a[@rel='prev'] | //link[@rel='prev']")
_PAGE = re.compile(r"[?&]page=(\d+)")


def _attr_time(el: etree._Element | None) -> str | None:
    if el is None:
        return None
    return el.get("datetime") or el.get("content")


def _link_previews(root: etree._Element) -> None:
    """A topic's or a site's preview (onebox) becomes the link it previews: its excerpt is
    text fetched from elsewhere, not the poster's words nor a quote they chose."""
    for aside in [*select(_ONEBOX_TOPIC, root), *select(_ONEBOX, root)]:
        parent = aside.getparent()
        if parent is None:
            continue
        href = aside.get("data-onebox-src")
        label = None
        links = select(_LINK, aside)
        # the preview's title link (after a site's name, before a topic's category badge),
        # else the address it was drawn for
        titled = [a for a in links
                  if flat_text(a) and "badge-wrapper" not in (a.get("class") or "")]
        if titled:
            href = href or titled[-1].get("href")
            label = flat_text(titled[-1])
        if not href:
            href = links[0].get("href") if links else None
        p = etree.Element("p")
        if href:
            a = etree.SubElement(p, "a")
            a.set("href", href)
            a.text = label or href
        p.tail = aside.tail
        parent.replace(aside, p)


def _crawler_times(el: etree._Element, post: ForumPost, ctx: PageContext) -> None:
    """The creation time where the crawler printed the modification time; the edit then."""
    published = first(_PUBLISHED, el)
    modified = first(_MODIFIED, el)
    created = time_value(_attr_time(published) or "", ctx) if published is not None \
        else None
    if created is not None:
        post.time = created
    changed_raw = _attr_time(modified)
    changed = from_iso(changed_raw, ctx.timezone) if changed_raw else None
    if changed is not None and post.time is not None and changed > post.time:
        shown = flat_text(modified) if modified is not None and modified.tag == "time" else ""
        post.edit = EditMarker(time=changed, raw=shown or None)


def _js_edit(edit_el: etree._Element, ctx: PageContext) -> EditMarker:
    """The pencil button of an edited post: the count of its revisions, and the last edit's
    date in its title when the theme wrote one there."""
    label = first(_EDIT_COUNT, edit_el)
    count_text = flat_text(label) if label is not None else flat_text(edit_el)
    m = re.search(r"\d+", count_text)
    title = edit_el.get("title") or ""
    for child in edit_el.iter(etree.Element):
        title = title or child.get("title") or ""
    when = parse_forum_date(title, ctx.timezone, anchor=ctx.captured_at, day_first=False) \
        if title else None
    count = int(m.group(0)) if m and int(m.group(0)) > 0 else None
    return EditMarker(time=when, count=count, raw=(title or count_text) or None)


def _page_numbers(root: etree._Element, text: str) -> tuple[int | None, int | None]:
    """(page, count): `?page=N` of the canonical address, else one more than the previous
    page's link or one less than the next's; a page with neither link is the only one."""
    def page_of(sel: Selector) -> int | None:
        for el in select(sel, root):
            m = _PAGE.search(el.get("href") or "")
            if m:
                return int(m.group(1))
        return None

    nxt, prev = select(_NEXT, root), select(_PREV, root)
    canonical = page_of(_CANONICAL)
    if canonical is not None:
        number: int | None = canonical
    elif prev:
        before = page_of(_PREV)
        number = before + 1 if before is not None else 2
    elif nxt:
        after = page_of(_NEXT)
        number = after - 1 if after is not None else 1
    else:
        number = 1
    count = number if not nxt else None
    return number, count


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _link_previews(root)
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    elements = select(post_sel, root)
    edit = _js_edit if spec is JS else None
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements, edit=edit)
    for el, post in zip(elements, parsed.posts, strict=True):
        if post.post_id is None and post.number is not None:
            post.post_id = str(post.number)
        elif post.number is None and post.post_id is not None:
            post.number = int(post.post_id)
        if spec in (CRAWLER, CRAWLER2):
            _crawler_times(el, post, ctx)
    parsed.info.page_number, parsed.info.page_count = _page_numbers(root, text)
    return parsed


ADAPTER = EngineAdapter(
    family="discourse", detect=detect, parse=parse, title="Discourse",
    signals=(
        generator("Discourse"),
        powered_by("Discourse"),
        markup("Discourse's own <meta> names", r"<meta\s+name=[\"']discourse[_-]", 2.0),
        css_class("crawler-post", 1.5),
        css_class("crawler-post-meta", 1.5),
        css_class("topic-post", 1.0),
        css_class("cooked", 0.5),
        markup("a quote with data-username", r"<aside\s+class=[\"']quote[^>]*data-username",
               1.0),
        asset(r"/assets/discourse[-.]", 1.5),
        markup("the print view's post line", r"—\s*#\d+\s*</div>", 0.5),
    ),
    anchors=(
        # 3.x writes div#post_N on each crawler post
        ("discourse-crawler", (("id", "post_"),)),
        # 2.x wrote no per-post attribute on a crawler post, the print view none either:
        # no anchor to count by, so no census (`scrapers.forum.census`)
        ("discourse-crawler-2", ()),
        ("discourse-print", ()),
        # in the JS view, small-action notices ("closed this topic") carry the same
        # id="post_N" as posts, and data-post-id is also on embedded replies: none is
        # written for the posts alone
        ("discourse-js", ()),
    ),
)
