"""XenForo 1.x (`<html id="XenForo">`) and XenForo 2.x (`<html id="XF">`) thread pages.

Both print post times as machine-readable attributes (Unix `data-time`, ISO `datetime`) next
to a localised text, carry the author in the post element's `data-author` and the quoted
author in the quote's own attributes, so most of a page is read by selectors (chains: the
default style's path, then the template's own attributes that styles keep: data-content,
data-author, data-time). A page saved without the root id and the branding is claimed when
its signals add up. Code is needed for five things a selector cannot say:

- the "Last edited" marker names no editor: XenForo prints plain "Last edited:" only when the
  author edited the post and "Last edited by a moderator:" otherwise, and its date text is
  day-only, the full time sitting in the DateTime element's attributes;
- spoiler titles sit in a `<button>`, which body normalisation drops as chrome;
- XenForo 1 shows a stock picture to members without an avatar (not their avatar);
- thread id and page count are in attributes and links rather than in a "?t=" query;
- a posted picture's alt is the "[IMG]" tag, not words of the post.
"""

from __future__ import annotations

import re

from lxml import etree

from engine.gamelog import Avatar, EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import from_iso, from_unix
from scrapers.forum.markup import (
    MarkupSpec,
    QuoteSpec,
    css,
    first,
    remove_keep_tail,
    select,
    text_content,
)
from scrapers.forum.signals import (
    Signal,
    asset,
    css_class,
    element_id,
    form_action,
    markup,
    powered_by,
    score,
    searched,
)
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_edit, parse_with_spec
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage

# class given to the spoiler title taken out of its <button>, so the spoiler spec can find it
_SPOILER_TITLE_CLASS = "mk-xf-spoiler-title"

XENFORO1 = EngineSpec(
    engine="xenforo1",
    # ads and notices are inserted as other list items; only real posts carry id="post-N"
    post=("li.message[id^='post-']",
          # a style that renamed "message": the id and the author attribute are the
          # template's own
          "xpath://li[starts-with(@id,'post-') and @data-author]"),
    post_id_attr="id",
    # a deleted post's placeholder names its author in a short line instead
    author=(".messageUserInfo .userText .username, .placeholderContent .username",
            ".messageUserBlock .username", "a.username[href*='members/']"),
    author_id_regex=r"(?:^|/)members/(?:[^/]*\.)?(\d+)",
    body=("blockquote.messageText", "xpath:.//*[contains(@class,'messageText')]"),
    markup=MarkupSpec(
        quote=QuoteSpec(container="div.bbCodeQuote", header=".attribution",
                        author_attr="data-author", body="div.quote"),
        spoiler=".bbCodeSpoilerContainer",
        spoiler_title="." + _SPOILER_TITLE_CLASS,
        spoiler_body=".bbCodeSpoilerText",
        # "Click to expand..." and the end-of-text marker are chrome; the dice tooltip
        # <title> repeats the face the die already shows
        drop=".quoteExpand, .messageTextEndMarker, svg title",
    ),
    time=("a.datePermalink .DateTime", ".messageMeta .DateTime",
          "xpath:(.//*[@data-time][not(ancestor::*[contains(@class,'messageText')])])[1]"),
    time_attrs=("data-time", "title"),
    number="a.postNumber",
    signature=".signature",
    edit=".editDate",
    avatar=".avatarHolder img",
    day_first=False,
    title=".titleBar h1",
    page_current=".PageNav a.currentPage",
    page_count_regex=r"(?:page|страница)\s*\d+\s*(?:of|из)\s*(\d+)",
    deleted="xpath:self::*[contains(concat(' ', normalize-space(@class), ' '), ' deleted ')]",
)

XENFORO2 = EngineSpec(
    engine="xenforo2",
    post=("article.message[data-content^='post-']",
          # a style that renamed "message" (or writes a div): data-content and data-author
          # are the template's own
          "xpath://*[starts-with(@data-content,'post-') and @data-author]"),
    post_id_attr="data-content",
    author=(".message-name .username", ".message-userDetails .username",
            "[itemprop=author] [itemprop=name]", ".message-name"),
    author_id_attr="data-user-id",
    author_id_regex=r"(\d+)",
    # the signature is a second .bbWrapper, outside the message body
    body=(".message-body > .bbWrapper", ".message-body .bbWrapper",
          "xpath:.//*[contains(@class,'message-content')]//*[contains(@class,'bbWrapper')]"),
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote.bbCodeBlock--quote", header=".bbCodeBlock-title",
                        author_attr="data-quote", post_attr="data-source",
                        body=".bbCodeBlock-expandContent"),
        spoiler=".bbCodeSpoiler, .bbCodeInlineSpoiler",
        spoiler_title="." + _SPOILER_TITLE_CLASS,
        spoiler_body=".bbCodeSpoiler-content .bbCodeBlock-content",
        drop=".bbCodeBlock-expandLink, .js-selectToQuoteEnd",
    ),
    time=(".message-attribution-main time.u-dt", ".message-attribution time.u-dt",
          "xpath:(.//time[@datetime or @data-time]"
          "[not(ancestor::*[contains(@class,'bbWrapper')])])[1]"),
    time_attrs=("data-time", "datetime"),
    number="xpath:.//ul[contains(@class, 'message-attribution-opposite')]"
           "//a[starts-with(normalize-space(.), '#')]",
    signature=".message-signature",
    edit=".message-lastEdit",
    avatar=".message-avatar img",
    day_first=False,
    title="h1.p-title-value",
    page_current=".pageNav-page--current",
    page_count_regex=None,
    deleted="xpath:self::*[contains(@class, 'message--deleted')]",
)

_MODERATOR_EDIT = re.compile(r"moderator|модератор", re.I)
_SPOILER_WORD = re.compile(r"^\s*(?:spoiler|спойлер)\s*:?\s*", re.I)
_THREAD_ID = (
    re.compile(r'data-content-key="thread-(\d+)"'),
    re.compile(r'<link[^>]+rel="canonical"[^>]+/threads/(?:[^/"]*\.)?(\d+)/'),
    re.compile(r'property="og:url"[^>]+/threads/(?:[^/"]*\.)?(\d+)/'),
    re.compile(r'/threads/(?:[^/"]*\.)?(\d+)/'),
)
_STOCK_AVATAR = re.compile(r"/xenforo/avatars/avatar_", re.I)
_BUTTONS = css("button.bbCodeSpoilerButton, button.bbCodeSpoiler-button")
_BUTTON_TITLE = css(".SpoilerTitle, .bbCodeSpoiler-button-title")
_TIME_IN = css(".DateTime, time")
_PAGE_LINKS = css(".pageNav-main .pageNav-page a, .PageNav nav a")


SIGNALS: tuple[Signal, ...] = (
    markup("<html id=\"XF\"> (XenForo 2)", r"<html\s[^>]*\bid=[\"']?XF[\"'\s>]", 3.0),
    markup("<html id=\"XenForo\"> (XenForo 1)", r"<html\s[^>]*\bid=[\"']?XenForo[\"'\s>]", 3.0),
    # "Forum software by XenForo®"
    powered_by("XenForo", 2.0),
    markup("the XF:branding comment", r"<!--\s*XF:branding", 2.0),
    asset(r"js/xf/", 2.0),
    asset(r"js/xenforo/", 2.0),
    asset(r"css\.php\?css=(?:public%3A|xenforo,)", 1.5),
    markup("data-xf-init attributes (XenForo 2)", r"\sdata-xf-init=", 1.5),
    markup("XenForo's JavaScript setup", r"\bXF\.config\b|\bXenForo\.(?:visitor|serverTimeInfo)",
           1.0),
    markup("posts' data-content (XenForo 2)", r"\sdata-content=[\"']post-\d+", 1.0),
    element_id("js-post-#", 1.0),
    element_id("post-#", 0.5),
    # class names are what imitating styles copy first: weak witnesses
    css_class("message-body", 0.5),
    css_class("bbWrapper", 0.5),
    css_class("messageText", 0.5),
    css_class("messageUserInfo", 0.5),
    form_action(r"/add-reply", 1.0),
)
# a post's own anchor: XenForo 1's li#post-123, XenForo 2's data-content="post-123"
_POST_ANCHOR = re.compile(r"""(?:\sid|data-content)=["']?post-\d""")
# what a page without the root id and the branding (a DOM dump of a custom style) must show
_UNNAMED_SCORE = 3.0

# compiled once: detection runs on every page of every thread
_XF1_POSTS = css(XENFORO1.post)
_XF2_POSTS = css(XENFORO2.post)


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """XenForo stamps the root element's id in every style of both versions; a Wayback copy
    keeps it. The branding comment is the fallback for pages saved without the root tag,
    and then the engine's scripts, attributes and classes together (`SIGNALS`)."""
    html_id = root.get("id")
    if html_id == "XF":
        return XENFORO2
    if html_id == "XenForo":
        return XENFORO1
    if not ("<!--XF:branding-->" in text or "Forum software by XenForo" in text) and (
            _POST_ANCHOR.search(text) is None
            or score("xenforo", SIGNALS, searched(text)).score < _UNNAMED_SCORE):
        return None  # nothing of a XenForo post, or too little else: not XenForo's
    if select(_XF2_POSTS, root):
        return XENFORO2
    if select(_XF1_POSTS, root):
        return XENFORO1
    return None


def _spoiler_titles(root: etree._Element) -> None:
    """Swap each spoiler's <button> for a span holding only its title ("Spoiler: X" -> X),
    which the spec's spoiler_title then takes as data-title."""
    for button in select(_BUTTONS, root):
        own = select(_BUTTON_TITLE, button)
        raw = " ".join(text_content(own[0] if own else button).split())
        title = raw if own else _SPOILER_WORD.sub("", raw)
        span = etree.Element("span")
        span.set("class", _SPOILER_TITLE_CLASS)
        span.text = title
        span.tail = button.tail
        parent = button.getparent()
        if parent is None:
            continue
        if title:
            parent.replace(button, span)
        else:
            span.text = None
            span.tail = None
            remove_keep_tail(button)


def _edit_time(edit_el: etree._Element, ctx: PageContext) -> EditMarker | None:
    """The edit marker with the time from the DateTime element's attributes."""
    raw = " ".join(text_content(edit_el).split())
    marker = parse_edit(raw, ctx, day_first=False)
    for el in select(_TIME_IN, edit_el):
        dt = from_unix(el.get("data-time"), ctx.timezone) if el.get("data-time") else None
        dt = dt or from_iso(el.get("datetime"), ctx.timezone)
        if dt is None and el.get("title"):
            dt = parse_edit(el.get("title", ""), ctx, day_first=False).time
        if dt is not None:
            return marker.model_copy(update={"time": dt})
    return marker


def _fix_post(post: ForumPost, edit: EditMarker | None) -> None:
    if post.edit is not None and edit is not None:
        moderator = bool(_MODERATOR_EDIT.search(edit.raw or ""))
        # plain "Last edited:" is printed only for the author's own edits
        post.edit = edit.model_copy(update={"editor": None if moderator else post.author})
    if post.author_id == "0":
        # XenForo 2 marks a guest's name with data-user-id="0": no profile to link
        post.author_id = None
    if post.avatar is not None and post.avatar.url and _STOCK_AVATAR.search(post.avatar.url):
        post.avatar = Avatar()


def _page_info(root: etree._Element, info: PageInfo, text: str) -> PageInfo:
    for rx in _THREAD_ID:
        m = rx.search(text)
        if m:
            info.thread_id = m.group(1)
            break
    numbers = page_link_numbers(root, _PAGE_LINKS)
    if numbers and (info.page_count is None or max(numbers) > info.page_count):
        info.page_count = max(numbers)
    if not numbers and info.page_number is None:
        # no page navigation at all: the whole thread fits on this one page
        info.page_number, info.page_count = 1, 1
    return info


# XenForo's alt text for a posted picture: the BBCode tag, a zero-width space inside
_IMG_PLACEHOLDER = re.compile(r"^\s*\[\u200b?img\]\s*$", re.I)


def _image_placeholders(root: etree._Element) -> None:
    """Blank the alt "[IMG]" XenForo gives every posted picture: it is the tag, not words of
    the post (the picture stays)."""
    for img in root.iter("img"):
        if _IMG_PLACEHOLDER.match(img.get("alt") or ""):
            img.set("alt", "")


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _spoiler_titles(root)
    _image_placeholders(root)
    post_sel = spec.compiled["post"]
    edit_sel = spec.compiled["edit"]
    assert post_sel is not None
    assert edit_sel is not None
    # edit markers are read before parse_with_spec rewrites the post bodies
    edits: list[EditMarker | None] = []
    elements = select(post_sel, root)
    for el in elements:
        found = first(edit_sel, el)
        edits.append(_edit_time(found, ctx) if found is not None else None)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements)
    for post, edit in zip(parsed.posts, edits, strict=True):
        _fix_post(post, edit)
    # a deleted post's placeholder has no body by design: not worth a warning
    gone = {f"post {p.post_id} " for p in parsed.posts if p.deleted}
    parsed.issues[:] = [i for i in parsed.issues if not (
        i.code == "post-without-body" and any(i.message.startswith(g) for g in gone))]
    parsed.info = _page_info(root, parsed.info, text)
    return parsed


ADAPTER = EngineAdapter(family="xenforo", detect=detect, parse=parse, signals=SIGNALS,
                        title="XenForo")
