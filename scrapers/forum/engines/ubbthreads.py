"""UBB.threads 7.x (Groupee/VNC's commercial PHP forum), its flat thread view
(``ubbthreads.php?ubb=showflat&Number=N`` or ``ubbthreads.php/topics/N/...``).

UBB.threads' templates are not published; this reader follows the markup its pages write:
one table per post, after an ``<a id="Post<n>" name="Post<n>">`` anchor; a
``td.subjecttable`` row with the subject (a link to ``#Post<n>``) and the time as
``<span class="date">03/04/19</span> <span class="time">09:05 AM</span>`` ("Today"/
"Yesterday" for recent posts, the board's date format otherwise, US month-first by default);
``td.author-content`` with the poster (``span.username``, linked to
``ubbthreads.php?ubb=showprofile&User=N`` or ``/users/N/...`` for members); ``td.post-content >
div.post_inner`` holding the body ``div#body<k>``, the edit line ("Last edited by Kent;
03/04/19 09:12 AM. Reason: ...") and the signature. Quotes and spoilers are
``div.ubbcode-block`` with a ``div.ubbcode-header`` ("Originally Posted by: <a>Kent</a>",
"Quote:", "Spoiler: <button>") and a ``div.ubbcode-body``. Sponsor rows are other tables.

Selectors are chained to theme-agnostic fallbacks (the post's anchor, profile links, the
"Last edited by" text) because UBB.threads styles rename classes freely.

What a selector cannot say, and this module does in code:
- the post id sits on the anchor before the post's table (or the subject link's ``#Post<n>``);
- the date and time are two spans, joined before reading;
- a spoiler is an ubbcode block like a quote, told apart by its header.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapers.forum import signals as sg
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, select
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage
from scrapers.html_text import element_text

_ID_ATTR = "data-mk-post"
_SPOILER_CLASS = "mk-ubb-spoiler"


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_AUTHOR_CELL = f"td[{_cls('author-content')}]"
_EDITED = ("starts-with(normalize-space(.), 'Last edited by') or "
           "starts-with(normalize-space(.), 'Edited by')")

UBB7 = EngineSpec(
    engine="ubbthreads7",
    # the innermost table holding a poster cell and a post cell: the page's outer layout
    # tables hold them too, and sponsor rows hold neither
    post=f"xpath://table[.//{_AUTHOR_CELL}][.//td[{_cls('post-content')}] or "
         f".//div[{_cls('post_inner')}]][not(.//table[.//{_AUTHOR_CELL}])]",
    author=(f"xpath:(.//{_AUTHOR_CELL}//span[{_cls('username')}])[1]",
            f"xpath:(.//{_AUTHOR_CELL}//a[contains(@href, 'showprofile') or "
            "contains(@href, '/users/')])[1]",
            "xpath:(.//a[contains(@href, 'ubb=showprofile')])[1]"),
    author_link=(f"xpath:(.//{_AUTHOR_CELL}//a[contains(@href, 'showprofile') or "
                 "contains(@href, '/users/')])[1]",
                 "xpath:(.//a[contains(@href, 'ubb=showprofile')])[1]"),
    author_id_regex=r"(?:[?&;](?:amp;)?User=|/users/)(\d+)",
    author_noise="span.usertitle",
    body=(f"xpath:(.//div[{_cls('post_inner')}]/div[starts-with(@id, 'body')])[1]",
          f"xpath:(.//div[{_cls('post_inner')}])[1]",
          f"xpath:(.//td[{_cls('post-content')}])[1]"),
    post_id_attr=_ID_ATTR,
    post_id_regex=r"(\d+)",
    time=(f"xpath:(.//td[{_cls('subjecttable')}]//span[{_cls('date')}])[1]",
          f"xpath:(.//span[{_cls('date')}])[1]"),
    signature="div.signature, span.signature",
    edit=(f"xpath:(.//div[{_cls('post_inner')}]//*[{_cls('edited-by')} or {_cls('edited')}"
          f" or {_cls('edit-note')}])[1]",
          f"xpath:(.//div[{_cls('post_inner')}]//*[{_EDITED}][not(*[{_EDITED}])])[1]"),
    avatar="xpath:(.//td[contains(@class, 'author-content')]//img[contains(@class, 'avatar')])[1]",
    day_first=False,
    title=("h1.title-topic", "xpath:(//td[contains(@class, 'tdheader')]//h1)[1]",
           f"xpath:(//td[{_cls('subjecttable')}]//a[contains(@href, '#Post')])[1]"),
    page_current="xpath:(//*[contains(@class, 'pagination')])[1]"
                 "//*[contains(@class, 'currentpage') or contains(@class, 'current')]",
    thread_id_regex=r"(?:/topics/|[?&;](?:amp;)?Number=)(\d+)",
    markup=MarkupSpec(
        quote=QuoteSpec(container=f"div.ubbcode-block:not(.{_SPOILER_CLASS})",
                        header="div.ubbcode-header", body="div.ubbcode-body"),
        spoiler=f"div.{_SPOILER_CLASS}", spoiler_title="div.ubbcode-header",
        spoiler_body="div.ubbcode-body",
    ),
)

_MARKS = ("ubbthreads", "ubb.threads")
_POSTS = css(UBB7.post)
_ANCHOR = etree.XPath("preceding::a[starts-with(@id, 'Post') or starts-with(@name, 'Post')][1]")
_SUBJECT_LINK = css(f"xpath:.//td[{_cls('subjecttable')}]//a[contains(@href, '#Post')]")
_POST_NUMBER = re.compile(r"^Post(\d+)$")
_HASH_POST = re.compile(r"#Post(\d+)$")
_DATES = css("span.date")
_BLOCKS = css("div.ubbcode-block")
_HEAD = css("div.ubbcode-header")
_SPOILER_WORD = re.compile(r"^\s*(?:spoiler|спойлер)\b\s*:?\s*", re.I)
_PAGE_LINKS = css("xpath:(//*[contains(@class, 'pagination')])[1]//a")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """UBB.threads by its script and footer marks, then its post tables."""
    if not contains(text, *_MARKS):
        return None
    if select(_POSTS, root):
        return UBB7
    return None


def _ids(posts: list[etree._Element]) -> None:
    """Each post table's id: from the Post<n> anchor before it, unless that anchor is the
    previous post's (a theme that drops a post's anchor); else from the subject link, the
    first #Post link of the subject row (a "[Re: Kent]" link to the parent follows it)."""
    previous: etree._Element | None = None
    for post in posts:
        own = None
        found = _ANCHOR(post)
        anchor = found[0] if isinstance(found, list) and found else None
        if isinstance(anchor, etree._Element) and anchor is not previous:
            m = _POST_NUMBER.match(anchor.get("id") or anchor.get("name") or "")
            own = m.group(1) if m else None
        previous = anchor if isinstance(anchor, etree._Element) else None
        if own is None:
            link = first(_SUBJECT_LINK, post)
            m = _HASH_POST.search(link.get("href", "")) if link is not None else None
            own = m.group(1) if m else None
        if own:
            post.set(_ID_ATTR, own)


def _join_dates(root: etree._Element) -> None:
    """"<span class="date">03/04/19</span> <span class="time">09:05 AM</span>": the time
    goes into the date span ("Today at 08:15 AM" keeps its "at")."""
    for date in select(_DATES, root):
        nxt = date.getnext()
        if nxt is None or nxt.tag != "span" or "time" not in (nxt.get("class") or "").split():
            continue
        between = (date.tail or "").strip()
        date.text = " ".join(filter(None, [element_text(date, set()).strip(), between,
                                            element_text(nxt, set()).strip()]))
        for child in list(date):
            date.remove(child)
        date.tail = nxt.tail
        parent = date.getparent()
        if parent is not None:
            parent.remove(nxt)


def _spoilers(root: etree._Element) -> None:
    for block in select(_BLOCKS, root):
        head = first(_HEAD, block)
        if head is None:
            continue
        words = element_text(head, set()).strip()
        if _SPOILER_WORD.match(words):
            block.set("class", f"{block.get('class', '')} {_SPOILER_CLASS}".strip())
            title = _SPOILER_WORD.sub("", words).strip()
            for child in list(head):
                head.remove(child)
            head.text = title or None


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    posts = select(post_sel, root)
    _ids(posts)
    _join_dates(root)
    _spoilers(root)
    parsed = parse_with_spec(root, spec, ctx, text, posts=posts)
    numbers = page_link_numbers(root, _PAGE_LINKS)
    info = parsed.info
    if numbers:
        info.page_count = max([*numbers, info.page_count or 0, info.page_number or 0])
    elif info.page_number is None and parsed.posts:
        info.page_number, info.page_count = 1, 1
    return parsed


ADAPTER = EngineAdapter(
    family="ubbthreads", detect=detect, parse=parse, title="UBB.threads",
    signals=(
        sg.powered_by("UBB.threads", 3.0),
        sg.markup("ubbthreads.php links", r"ubbthreads\.php", 1.5, needle="ubbthreads.php"),
        sg.asset(r"ubb_js/", 1.0, needle="ubb_js/"),
        sg.css_class("author-content", 0.5),
        sg.css_class("post_inner", 0.5),
        sg.css_class("subjecttable", 1.0),
        sg.css_class("ubbcode-block", 0.5),
    ),
    # <a id="Post123" name="Post123"> before each post (the subject link's #Post123 is an
    # address, not counted)
    anchors=(("ubbthreads7", (("id", "Post"), ("name", "Post"))),),
)
