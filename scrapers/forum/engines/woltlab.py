"""WoltLab Burning Board 4 and 5 and WoltLab Suite Forum (WBB on WoltLab Suite 3-6).

Each post is ``article.wbbPost.message[data-post-id]`` inside ``li#post123`` of the thread's
``ul.wbbThreadPostList``, with the poster's id in the article's ``data-user-id``; the
sidebar's ``.messageAuthorContainer .username`` (WBB 5, WSC; ``h2.username`` in WBB 4's
sidebar) names the poster, ``.messagePublicationTime time`` carries ``datetime`` (ISO) and
``data-timestamp`` beside the printed date (WSC 6 writes ``woltlab-core-date-time[date]``);
the message is ``div.messageBody div.messageText``, the signature ``div.messageSignature``,
the edit note ``.wbbPostEditNote`` ("Dieser Beitrag wurde bereits 2 Mal editiert, zuletzt von
„Kent“ (9. März 2020, 21:10)", English "This post has been edited 2 times, last by Kent
...").

What a selector cannot say, and this module does in code:
- the quote ``blockquote.quoteBox[cite]`` names its author only in its title ("Zitat von
  Kent", "Kent schrieb:", "Quote from Kent") and the quoted post only in the ``cite``
  address (``?postID=123#post123``); both are written on the quote as attributes before the
  bodies are read;
- the poster's id is the article's ``data-user-id`` where the name carries no profile link
  (guests' view on some boards; ``0`` is a guest poster);
- the edit note's editor, count and time (from its ``time`` element, else German or English
  text);
- page number and count are the pagination's ``data-pages`` (``woltlab-core-pagination``'s
  ``page``/``count`` in WSC 6) or its links; the thread id is in the canonical address.
"""

from __future__ import annotations

import re
from datetime import datetime

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import parse_forum_date
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text, select
from scrapers.forum.signals import css_class, generator, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_with_spec, time_value
from scrapers.forum.types import PageContext, ParsedPage


def _has(cls: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


WBB = EngineSpec(
    engine="wbb",
    # ads and thread statistics are other list items; only posts carry data-post-id
    post=f"xpath://*[self::article or self::div][{_has('wbbPost')}][@data-post-id]",
    post_id_attr="data-post-id",
    author=(".messageAuthorContainer a.username", ".messageAuthorContainer .username",
            "h2.username a", "h2.username", ".messageSidebar .username",
            "[itemprop=author] [itemprop=name]", ".messageHeader .username"),
    # WSC: /user/12-kent/; WBB 4: index.php/User/12-Kent/ or index.php?user/12-kent/
    author_id_regex=r"[/?][Uu]ser/(\d+)-",
    body=("div.messageBody div.messageText", "div.messageText", "[itemprop=text]"),
    time=(".messagePublicationTime time", ".messagePublicationTime woltlab-core-date-time",
          f"xpath:.//header[{_has('messageHeader')}]//time",
          f"xpath:.//header[{_has('messageHeader')}]//woltlab-core-date-time",
          "time.datetime"),
    time_attrs=("datetime", "date", "data-timestamp"),
    number=f"xpath:.//ul[{_has('messageQuickOptions')}]//a[starts-with(normalize-space(.), '#')]",
    signature="div.messageSignature",
    edit=".wbbPostEditNote",
    avatar=(".messageAuthor .userAvatar img", ".messageSidebar img.userAvatarImage"),
    title=("h1.contentTitle", "xpath:(//header[contains(@class, 'boxHeadline')]//h1)[1]"),
    page_current=(f"xpath:(//nav[{_has('pagination')}])[1]//li[{_has('active')}]/span[1]",),
    page_count_regex=r"(?:Seite|Page)\s*\d+\s*(?:von|of)\s*(\d+)",
    thread_id_regex=r"(?:[/?][Tt]hread/|threadID=)(\d+)",
    deleted=f"xpath:self::*[{_has('messageDeleted')}]",
    markup=MarkupSpec(
        # WBB 4.0 writes the title in a <header>; later ones keep the text in quoteBoxContent
        quote=QuoteSpec(container="blockquote", header="header", author_attr="data-author",
                        post_attr="data-post-id", body="div.quoteBoxContent"),
        spoiler="div.spoilerBox", spoiler_title="div.spoilerBoxHeader",
        spoiler_body="div.spoilerBoxContent",
        # the "expand" toggle of a long quote or code box
        drop="span.toggleButton, .codeBoxHeader",
    ),
)

_POSTS = css(WBB.post)
_MARKS = ("woltlab", "com.woltlab.wbb", "burning board", "wcf.user", "wcf_path")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """WoltLab's post markup and its name in the page (object types such as
    "com.woltlab.wbb.likeablePost", the WCF scripts, the "Burning Board" footer)."""
    if first(_POSTS, root) is None or not contains(text, *_MARKS):
        return None
    return WBB


# "Zitat von Kent", "Quote from Kent", "Kent schrieb:", "Kent wrote:"
_QUOTE_TITLE = (
    re.compile(r"^(?:Zitat von|Quote from|Quote by|Citation de|Cita de)\s+(?P<a>.+?)\s*$", re.I),
    re.compile(r"^(?P<a>.+?)\s+(?:schrieb|wrote|a écrit|escribió)\s*:?\s*$", re.I),
)
_QUOTED_POST = re.compile(r"(?:[?&]postID=|#post|/post/)(\d+)", re.I)
_QUOTE_BOXES = css("blockquote.quoteBox, div.quoteBox")
_QUOTE_TITLES = css(".quoteBoxTitle, header h3, .quoteHeader h3")


def _quote_facts(root: etree._Element) -> None:
    """Each quote's author and quoted post as the attributes the quote spec reads."""
    boxes = select(_QUOTE_BOXES, root)
    mine = set(boxes)
    for box in boxes:
        if not box.get("data-author"):
            # this box's own title, not one of a quote nested in it
            own = [t for t in select(_QUOTE_TITLES, box)
                   if next((a for a in t.iterancestors() if a in mine), None) is box]
            title = flat_text(own[-1]) if own else ""
            for rx in _QUOTE_TITLE:
                m = rx.match(title)
                if m:
                    box.set("data-author", m["a"].strip(" „“\"'»«"))
                    break
        cite = _QUOTED_POST.search(box.get("cite") or "")
        if cite and not box.get("data-post-id"):
            box.set("data-post-id", cite.group(1))


_GERMAN = {"januar": "January", "jänner": "January", "februar": "February", "märz": "March",
           "mai": "May", "juni": "June", "juli": "July", "oktober": "October",
           "dezember": "December", "mär": "Mar", "okt": "Oct", "dez": "Dec",
           "heute": "today", "gestern": "yesterday"}
_GERMAN_WORD = re.compile(r"\b(" + "|".join(sorted(_GERMAN, key=len, reverse=True)) + r")\b\.?",
                          re.I)


def german_date(raw: str, ctx: PageContext) -> datetime | None:
    """A date WoltLab prints in German ("9. März 2020, 21:10", "Heute, 21:10") or English."""
    text = _GERMAN_WORD.sub(lambda m: _GERMAN[m.group(1).lower()], raw)
    text = re.sub(r"\b(\d{1,2})(?:st|nd|rd|th)\b", r"\1", text)  # "Mar 9th 2020"
    text = re.sub(r"\b(\d{1,2})\.\s*(?=[A-Za-z])", r"\1 ", text)  # "9. March"
    return parse_forum_date(text, ctx.timezone, anchor=ctx.captured_at)


_EDIT_COUNT = re.compile(r"(\d+)\s*(?:-?\s*mal\b|times?\b)", re.I)
# the editor's name ends at the time: "(9. März 2020, 21:10)", "am 9. März 2020", or the end
_EDITOR = re.compile(r"(?:zuletzt von|bearbeitet von|last by|edited by)\s*[„“”‚‘\"»«]?"
                     r"(?P<editor>[^„“”‚‘\"»«()]+?)[“”‘\"»«]?"
                     r"(?:\s*\(|\s+(?:am|on|um|at)\s|\s*$|\s*[.,;](?:\s|$))", re.I)
_TIMES = css("time, woltlab-core-date-time")


def edit_marker(el: etree._Element, ctx: PageContext) -> EditMarker:
    raw = flat_text(el)
    m = _EDITOR.search(raw)
    count = _EDIT_COUNT.search(raw)
    when = None
    for t in select(_TIMES, el):
        for attr in ("datetime", "date", "data-timestamp"):
            if t.get(attr):
                when = time_value(t.get(attr, ""), ctx)
                if when is not None:
                    break
        if when is not None:
            break
    if when is None:
        paren = re.search(r"\(([^()]*\d[^()]*)\)", raw)
        when = german_date(paren.group(1) if paren else raw, ctx)
    return EditMarker(editor=m["editor"].strip() if m else None, time=when,
                      count=int(count.group(1)) if count else None, raw=raw)


_PAGINATION = css(f"xpath:(//nav[{_has('pagination')}] | //woltlab-core-pagination)[1]")


def _page_facts(root: etree._Element, parsed: ParsedPage) -> None:
    info = parsed.info
    nav = first(_PAGINATION, root)
    if nav is not None:
        if nav.tag == "woltlab-core-pagination":
            page, count = nav.get("page"), nav.get("count")
            info.page_number = int(page) if page and page.isdigit() else info.page_number
            info.page_count = int(count) if count and count.isdigit() else info.page_count
        elif (nav.get("data-pages") or "").isdigit():
            info.page_count = int(nav.get("data-pages", ""))
        else:
            numbers = [int(t) for t in (flat_text(a) for a in nav.iter("a")) if t.isdigit()]
            info.page_count = max([*numbers, info.page_number or 0]) or info.page_count
    else:
        # no pagination: the whole thread is this page
        info.page_number = info.page_number or 1
        info.page_count = info.page_count or 1
    if info.thread_id is None:
        # a board's own address scheme ("/forum/board/slug-972190/") ends with the id
        found = root.xpath("//link[@rel='canonical']/@href | //meta[@property='og:url']/@content")
        for href in found if isinstance(found, list) else []:
            m = re.search(r"-(\d+)/?(?:[?#].*)?$", str(href))
            if m:
                info.thread_id = m.group(1)
                break


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _quote_facts(root)
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    elements = select(post_sel, root)
    users = [el.get("data-user-id") for el in elements]
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements, edit=edit_marker)
    for post, user in zip(parsed.posts, users, strict=True):
        if post.author_id is None and user and user.isdigit() and user != "0":
            post.author_id = user
    _page_facts(root, parsed)
    return parsed


ADAPTER = EngineAdapter(
    family="woltlab", detect=detect, parse=parse, title="WoltLab Burning Board",
    signals=(
        generator("WoltLab"), powered_by("WoltLab"), powered_by("Burning Board"),
        markup("WoltLab object type", r"com\.woltlab\.(?:wbb|wcf)", 2.0),
        markup("Forum Software: Burning Board", r"Burning Board", 1.0),
        css_class("wbbPost", 2.0), css_class("wbbThreadPostList", 1.5),
        css_class("messageAuthorContainer"), css_class("quoteBox", 0.5),
        markup("data-post-id", r"data-post-id=", 0.5),
    ),
    anchors=(("wbb", (("data-post-id", ""), ("id", "post"))),),
)
