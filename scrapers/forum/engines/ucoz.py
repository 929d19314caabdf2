"""uCoz "Форум" module thread pages (sites on ucoz.ru / ucoz.net / ucoz.com and their own
domains), windows-1251 as uCoz serves them.

One post is a row ``<tr id="post123">`` of the thread's gTable holding a ``table.postTable``:
the author (``.postUser``) and "Дата: ... | Сообщение # <a class="postNumberLink">16</a>" in
the two ``td.postTdTop`` cells, the avatar and rank in ``td.postTdInfo``, the body in
``span.ucoz-forum-post`` with the signature (``span.signatureView``) and the edit notice
("Сообщение отредактировал X - <date>") after it, and the profile button in the bottom row.

Code is needed for what a selector cannot say:

- the post-number link's direct URL ``/forum/5-77-1234-16-1551679500`` carries the post id and
  the post's Unix time, a machine-readable time that is read before the printed text (which may
  be "Сегодня, 09:05" and is in whatever zone the site or viewer chose);
- the author link is ``href="javascript://"`` (it pastes the nick into the reply box); the
  profile id sits in the profile button's ``onclick="window.open('/index/8-12', ...)"``;
- quote headers are "<b>Цитата</b> <span class="qName">Kent</span>" with a link to the quoted
  post in ``span.qAnchor``, or in older designs "Цитата (Kent)" / "Kent пишет:";
- spoiler titles sit in an ``<input type="button" value="...">``, dropped as chrome;
- a second message sent soon after the first is merged into it under
  "<b>Добавлено</b> (04.03.2019, 10:20)" and a dashed line: the bold is the engine's, not the
  author's, and must not read as a bold vote;
- thread id and page count are in the uCoz URL scheme ``/forum/<forum>-<thread>-<page>``.
"""

from __future__ import annotations

import re
from datetime import timedelta

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import from_unix
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, select, text_content
from scrapers.forum.signals import asset, css_class, element_id, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_edit, parse_with_spec
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage

# attributes put on a quote container by `_mark_quotes`, read back by the QuoteSpec
_AUTHOR_ATTR = "data-mk-author"
_POST_ATTR = "data-mk-post"
# class of the span that replaces a spoiler's <input> button, found by the spoiler spec
_SPOILER_TITLE_CLASS = "mk-ucoz-spoiler-title"


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


UCOZ = EngineSpec(
    engine="ucoz-forum",
    # ads and separators are other rows of the same table; only posts are tr#postN with a
    # postTable inside
    post=f"xpath:.//tr[starts-with(@id, 'post')][.//table[{_has_class('postTable')}]]",
    post_id_attr="id",
    post_id_regex=r"^post(\d+)$",
    author=(".postUser",
            # a design that renames .postUser: uCoz's own link that pastes the nick into
            # the reply box, else the first profile link with a name
            "xpath:(.//a[contains(@onclick, \"emoticon('[b]\")][normalize-space()])[1]",
            "xpath:(.//a[contains(@href, '/index/8-') or contains(@onclick, '/index/8-')]"
            "[normalize-space()])[1]",
            # a guest's bare name: the post's first header cell holds only it
            f"xpath:(.//td[{_has_class('postTdTop')}])[1]"),
    author_link="xpath:.//a[contains(@onclick, '/index/8-') or contains(@href, '/index/8-')]",
    author_id_attr="onclick",
    # "/index/8-0-Kent" is a profile looked up by nick: 0 is no id
    author_id_regex=r"/index/8-([1-9]\d*)",
    body=".ucoz-forum-post",
    markup=MarkupSpec(
        quote=QuoteSpec(container="div.bbQuoteBlock", header=".bbQuoteName",
                        author_attr=_AUTHOR_ATTR, post_attr=_POST_ATTR, body=".quoteMessage"),
        spoiler=".uSpoilerClosed, .uSpoilerOpened",
        spoiler_title="." + _SPOILER_TITLE_CLASS,
        spoiler_body=".uSpoilerText",
        hidden=".UhideBlock, .UhideBlockL",
    ),
    # the header cell holding the post-number link; its text is "Дата: <date> | Сообщение # N"
    time=f"xpath:.//td[{_has_class('postTdTop')}][.//a[{_has_class('postNumberLink')}]]",
    time_regex=r"(?:Дата\s*:\s*)?(.+?)\s*(?:\||Сообщение\s*#|$)",
    number=".postNumberLink",
    signature=".signatureView",
    edit=(f"xpath:.//*[{_has_class('edited')} or "
          "starts-with(normalize-space(text()[1]), 'Сообщение отредактировал')]"),
    avatar="img.userAvatar",
    title="a.forumBarA",
    page_current=".switchActive, .curPage",
    page_count_regex=None,
    thread_id_regex=r"(?!)",  # the uCoz URL scheme is read in `_page_info`
)

# /forum/<forum>-<thread>-<post>-16-<unix time>: uCoz's direct link to one post
_POST_LINK = re.compile(r"/forum/\d+-(\d+)-(\d+)-16-(\d{9,11})")
_THREAD_LINK = re.compile(r"/forum/\d+-(\d+)-(\d+)")
_PAGES = re.compile(r"Страница\s*(\d+)\s*из\s*(\d+)", re.I)
_POST_TABLE = css("table.postTable")
# whether there is a ".ucoz-forum-post, [id^='ucoz-forum-post-'], td.posttdMessage": its
# attribute nodes tested directly, which libxml2 does faster than a test of every element
_UCOZ_BODY = etree.XPath(
    "boolean(/descendant::*/@class[contains(., 'ucoz-forum-post')]"
    "[contains(concat(' ', normalize-space(.), ' '), ' ucoz-forum-post ')]"
    " | /descendant::*/@id[starts-with(., 'ucoz-forum-post-')]"
    " | /descendant::td/@class[contains(., 'posttdMessage')]"
    "[contains(concat(' ', normalize-space(.), ' '), ' posttdMessage ')])")
_NUMBER_LINK = css(".postNumberLink")
_PROFILE_LINKS = css("a[href*='/index/8-']")
_PROFILE_ID = re.compile(r"/index/8-([1-9]\d*)")
_QUOTES = css("div.bbQuoteBlock")
_QUOTE_NAME = css(".bbQuoteName")
_QNAME = css(".qName")
_QANCHOR_LINK = css(".qAnchor a")
_SPOILER_BUTTONS = css("input.uSpoilerButton")
_BODY_BOLD = css(".ucoz-forum-post b")
_ADDED_TAIL = re.compile(r"^\s*\(\s*(?:\d{1,2}\.\d{1,2}\.\d{2,4},?\s*)?\d{1,2}:\d{2}\s*\)")
_FORUM_BAR = css("a.forumBarA")
_NUM_PAGES = css(".numPages")
_PAREN_AUTHOR = re.compile(r"^\s*(?:Цитата|Quote)\s*\((?P<author>.+)\)\s*:?\s*$", re.I | re.S)
_WROTE_AUTHOR = re.compile(r"^\s*(?:(?:Цитата|Quote)\s*)?(?P<author>.+?)\s+"
                           r"(?:пишет|писал\(а\)|писала?|wrote)\s*:?\s*$", re.I | re.S)
# the untitled spoiler's button says only what it does
_DEFAULT_SPOILER = re.compile(r"^(?:открыть|свернуть|показать|скрыть)?\s*спойлер$", re.I)


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """uCoz forum pages: the post table of the uCoz forum module (``table.postTable`` with a
    ``ucoz-forum-post`` body or ``td.posttdMessage``) on a page that names uCoz (its
    ``/.s/src/`` scripts, the ``window.uCoz`` data, the "uCoz" copyright)."""
    # the markup first: most pages fail it faster than a search of their text for "ucoz"
    if not select(_POST_TABLE, root) or not contains(text, "ucoz"):
        return None
    return UCOZ if _UCOZ_BODY(root) else None


def _mark_quotes(root: etree._Element) -> None:
    """Put each quote's author and quoted post id in attributes the QuoteSpec reads: the
    header text alone ("Цитата Kent") would not tell the word from the nick."""
    for quote in select(_QUOTES, root):
        names = [n for n in select(_QUOTE_NAME, quote) if _quote_of(n) is quote]
        if not names:
            continue
        header = names[0]
        author: str | None = None
        qname = select(_QNAME, header)
        if qname:
            author = " ".join(text_content(qname[0]).split()) or None
        else:
            raw = " ".join(text_content(header).split())
            m = _PAREN_AUTHOR.match(raw) or _WROTE_AUTHOR.match(raw)
            author = m["author"].strip() if m else None
        if author:
            quote.set(_AUTHOR_ATTR, author)
        for link in select(_QANCHOR_LINK, header):
            pm = _POST_LINK.search(link.get("href", "") + " " + link.get("onclick", ""))
            if pm:
                quote.set(_POST_ATTR, pm.group(2))
                break


def _quote_of(el: etree._Element) -> etree._Element | None:
    for anc in el.iterancestors():
        if anc.tag == "div" and "bbQuoteBlock" in (anc.get("class") or "").split():
            return anc
    return None


def _spoiler_titles(root: etree._Element) -> None:
    """Replace the spoiler's button (an <input>, dropped by body normalisation) by a span with
    its title; an untitled spoiler's button ("Открыть спойлер") gives no title."""
    for button in select(_SPOILER_BUTTONS, root):
        parent = button.getparent()
        if parent is None:
            continue
        title = button.get("value", "").strip().strip("[]'\" ")
        span = etree.Element("span")
        span.tail = button.tail
        if title and not _DEFAULT_SPOILER.match(title):
            span.set("class", _SPOILER_TITLE_CLASS)
            span.text = title
        parent.replace(button, span)


def _merge_markers(root: etree._Element) -> None:
    """Un-bold uCoz's "Добавлено (time)" line, printed in bold by the engine when it merges
    a member's consecutive messages; the text stays, as the page shows it."""
    for b in select(_BODY_BOLD, root):
        if (b.text or "").strip() == "Добавлено" and len(b) == 0 and _ADDED_TAIL.match(
                b.tail or ""):
            b.tag = "span"
            b.set("class", "ucoz-added")


def _unix_time(post_el: etree._Element) -> tuple[str, str] | None:
    """(post id, Unix time) from the post-number link's direct URL."""
    for link in select(_NUMBER_LINK, post_el):
        m = _POST_LINK.search(link.get("href", "") + " " + link.get("onclick", ""))
        if m:
            return m.group(2), m.group(3)
    return None


def _fix_post(post: ForumPost, post_el: etree._Element, ctx: PageContext) -> None:
    if post.author_id is None:
        # some designs link the profile directly (href="/index/8-12") instead of a pop-up
        for link in select(_PROFILE_LINKS, post_el):
            pm = _PROFILE_ID.search(link.get("href", ""))
            if pm:
                post.author_id = pm.group(1)
                break
    found = _unix_time(post_el)
    if found is not None:
        link_post_id, stamp = found
        post.post_id = post.post_id or link_post_id
        exact = from_unix(stamp, ctx.timezone)
        if exact is not None:
            shown = post.time
            # the printed time is in the site's or viewer's zone, the stamp is not: a gap
            # means the page was shown in another zone than the one given for it
            if shown is not None and abs(shown - exact) >= timedelta(minutes=1):
                ctx.issue("info", "time-zone-mismatch",
                          f"post {post.post_id}: the page prints {post.time_raw!r} but the "
                          f"post's link says {exact.isoformat()}; the page was probably shown "
                          "in another time zone", text=post.time_raw)
            post.time = exact
            # "Сегодня" without a capture date was reported unreadable; the stamp settles it
            ctx.issues[:] = [i for i in ctx.issues
                             if not (i.code == "bad-time" and i.message.startswith(
                                 f"post {post.post_id}:"))]
    if post.edit is not None and post.edit.raw:
        post.edit = _edit(post.edit, ctx)


def _edit(marker: EditMarker, ctx: PageContext) -> EditMarker:
    """The time of "Сообщение отредактировал X - <date>", read without the editor's nick (a
    nick such as "Мартовский" would otherwise be taken for the month)."""
    raw = marker.raw or ""
    if marker.editor:
        raw = raw.replace(marker.editor, " ")
    again = parse_edit(raw, ctx)
    return marker.model_copy(update={"time": again.time or marker.time})


def _page_info(root: etree._Element, info: PageInfo) -> PageInfo:
    for link in select(_FORUM_BAR, root):
        m = _THREAD_LINK.search(link.get("href", ""))
        if m:
            info.thread_id = m.group(1)
            break
    num_pages = select(_NUM_PAGES, root)
    if num_pages and text_content(num_pages[0]).strip().isdigit():
        info.page_count = int(text_content(num_pages[0]).strip())
    else:
        pm = _PAGES.search(" ".join(text_content(root).split()))
        if pm:
            info.page_number = info.page_number or int(pm.group(1))
            info.page_count = int(pm.group(2))
    if info.page_count is None and info.page_number is None:
        # no page switches at all: the whole thread is this one page
        info.page_number, info.page_count = 1, 1
    return info


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _mark_quotes(root)
    _spoiler_titles(root)
    _merge_markers(root)
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    elements = select(post_sel, root)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements)
    for post, el in zip(parsed.posts, elements, strict=True):
        _fix_post(post, el, ctx)
    parsed.info = _page_info(root, parsed.info)
    parsed.issues = ctx.issues
    return parsed


# the evidence uCoz's pages carry, whatever the design
SIGNALS = (
    powered_by("uCoz", 2.0),
    asset(r"/\.s/src/", 2.0),
    markup("window.uCoz data", r"window\.uCoz\b", 2.0),
    css_class("postTable", 1.0),
    css_class("ucoz-forum-post", 1.0),
    css_class("postNumberLink", 0.5),
    element_id("post#", 0.5),
)

ADAPTER = EngineAdapter(family="ucoz", detect=detect, parse=parse, signals=SIGNALS,
                        title="uCoz")
