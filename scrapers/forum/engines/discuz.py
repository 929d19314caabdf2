"""Discuz! X (Comsenz/Tencent's Chinese forum engine, X2.5 to X3.5), its default template's
thread page (forum.php?mod=viewthread, or the rewritten thread-123-1-1.html).

The markup, from template/default/forum/viewthread.htm, viewthread_node.htm and
viewthread_node_body.htm: ``div#postlist > div#post_<pid> > table#pid<pid>.plhin``; the
poster in ``td.pls div.authi a.xw1`` (profile ``home.php?mod=space&uid=N``), the time in
``em#authorposton<pid>`` ("发表于 2019-3-4 09:05", or for recent posts ``发表于 <span
title="2019-3-4 09:05">前天 09:05</span>``), the floor in ``a#postnum<pid>`` (``<em>5</em>#``,
or a name for the first floors: 楼主, 沙发, 板凳, 地板), the body ``td.t_f#postmessage_<pid>``.
A deleted post keeps a ``table#pid<pid>`` with only its floor and "该帖已被删除"; a banned
author's post shows ``div.locked`` where the body was.

What a selector cannot say, and this module does in code:
- the named floors (楼主=1, 沙发=2, 板凳=3, 地板=4) become their numbers;
- the quote header ``<font size="2"><a href="...findpost&pid=N"><font color="#999999">Kent
  发表于 2019-3-4 09:05</font></a></font><br />`` is the first child of the quote's
  blockquote: its author is the text before "发表于" (English packs: "posted on");
- the edit note ``<i class="pstatus"> 本帖最后由 Kent 于 2019-3-4 09:10 编辑 </i>`` puts the
  editor between 由 and 于 ("This post was last edited by Kent at ..." in English packs);
- the page count is in "/ 3 页" or the highest page link.
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum import signals as sg
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import parse_forum_date
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, select
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage
from scrapers.html_text import element_text

_QUOTE_HEAD_CLASS = "mk-dz-quote-head"
_QUOTE_AUTHOR_ATTR = "data-mk-author"
# a whole class word: "pg" is the page links, "pgs" the bar around them
_PG = "contains(concat(' ', normalize-space(@class), ' '), ' pg ')"
_AUTHORPOSTON = "xpath:.//em[starts-with(@id, 'authorposton')]"
# the body cell's id is the stable part; a theme that renames the class keeps it
_BODY = ("xpath:.//td[starts-with(@id, 'postmessage_')]", "td.t_f")

DISCUZX = EngineSpec(
    engine="discuz-x",
    # a post's table holds its time line or its body; a deleted post's placeholder table
    # (floor and "该帖已被删除" only) holds neither and is no post
    post="xpath://table[starts-with(@id, 'pid')][.//em[starts-with(@id, 'authorposton')] "
         "or .//td[starts-with(@id, 'postmessage_')]]",
    # members: the bold link on the left (authoronleft, the default) or the link in the time
    # line; guests and deleted members: the bare text of the left column's name line
    author=("xpath:.//td[contains(@class, 'pls')]//div[contains(@class, 'authi')]/a",
            "xpath:.//div[contains(@class, 'authi')]/a[contains(@class, 'xi2')]"
            "[contains(@href, 'uid')]",
            "xpath:.//td[contains(@class, 'pls')]//div[contains(@class, 'pi')][1]"),
    # "该用户已被删除" and a guest's IP sit in an <em> after the name
    author_noise="em",
    author_id_regex=r"(?:[?&;]uid=|space-uid-)(\d+)",
    body=_BODY,
    post_id_regex=r"^pid(\d+)$",
    # the exact time is the title of the span that shows "前天 09:05"; older posts print it
    time=(f"{_AUTHORPOSTON}/span[@title]", _AUTHORPOSTON),
    time_attrs=("title",),
    time_regex=r"(?:发表于|發表於|posted on)?\s*(.+)$",
    number="xpath:.//a[starts-with(@id, 'postnum')]",
    number_regex=r"(\d+)",
    signature="div.sign",
    edit="i.pstatus",
    avatar="div.avatar img",
    title=("span#thread_subject", "h1.ts"),
    page_current=f"xpath:(//div[{_PG}])[1]/strong",
    page_count_regex=r"/\s*(\d+)\s*(?:页|頁|pages?)",
    thread_id_regex=r"(?:[?&;]tid=|thread-)(\d+)",
    # a banned author's or a hidden reply's text is replaced by div.locked before the body
    deleted="xpath:.//div[contains(@class, 'pcb')]/div[contains(@class, 'locked')]"
            "[not(../div[contains(@class, 't_fsz') or contains(@class, 'pcbs')])]",
    day_first=False,
    markup=MarkupSpec(
        quote=QuoteSpec(container="div.quote", header="." + _QUOTE_HEAD_CLASS,
                        author_attr=_QUOTE_AUTHOR_ATTR, body="blockquote"),
        # [hide] text a reader was allowed to see: "本帖隐藏的内容" and the text
        hidden="div.showhide",
        # ads the template puts inside the body cell (a_pr) and around it, attachment and
        # "log in to see" notices
        drop="div.a_pr, div.a_pt, div.a_pb, div.a_p, div.attach_nopermission, "
             "span.atips_close, div.showhide > h4, div.tip",
    ),
)

_MARKS = ("discuz", "comsenz")
_IS_DISCUZ = re.compile(r"Discuz!|discuz_uid|Comsenz|\bdiscuz\.net\b", re.I)
_POSTS = css(DISCUZX.post)
_FLOOR = css("xpath://a[starts-with(@id, 'postnum')]")
_NAMED_FLOORS = {"楼主": 1, "樓主": 1, "沙发": 2, "沙發": 2, "板凳": 3, "地板": 4}
_QUOTES = css("div.quote > blockquote")
_QUOTE_AUTHOR = re.compile(r"^\s*(?P<author>.+?)\s*(?:发表于|發表於|posted on)\s", re.I | re.S)
_EDIT = (
    re.compile(r"本帖最后由\s*(?P<editor>.+?)\s*于\s*(?P<time>.+?)\s*编辑"),
    re.compile(r"本帖最後由\s*(?P<editor>.+?)\s*於\s*(?P<time>.+?)\s*編輯"),
    re.compile(r"last edited by\s*(?P<editor>.+?)\s+(?:at|on)\s+(?P<time>.+?)\s*$", re.I),
)
_PAGE_LINKS = css(f"xpath:(//div[{_PG}])[1]/a")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """Discuz! by its marks (generator meta, "Powered by Discuz!", the discuz_uid script
    global), then its post tables."""
    if not contains(text, *_MARKS) or not _IS_DISCUZ.search(text):
        return None
    if select(_POSTS, root):
        return DISCUZX
    return None


def _floors(root: etree._Element) -> None:
    """A named floor's link text to its number ("沙发" -> "2"), which the spec then reads."""
    for a in select(_FLOOR, root):
        word = " ".join(element_text(a, set()).split())
        if word in _NAMED_FLOORS:
            for child in list(a):
                a.remove(child)
            a.text = str(_NAMED_FLOORS[word])


def _quote_headers(root: etree._Element) -> None:
    """Mark a quote's header (its first element, naming the quoted author and linking the
    quoted post) and put the author in an attribute; a [quote] without one is left alone."""
    for bq in select(_QUOTES, root):
        head = next(iter(bq), None)
        if head is None or head.tag != "font" or (bq.text or "").strip():
            continue
        m = _QUOTE_AUTHOR.match(element_text(head, set()))
        if m is None:
            continue
        head.set("class", _QUOTE_HEAD_CLASS)
        container = bq.getparent()
        if container is not None:
            container.set(_QUOTE_AUTHOR_ATTR, m["author"].strip())
        after = head.getnext()
        if after is not None and after.tag == "br":  # the line break after the header
            head.tail = (head.tail or "") + (after.tail or "")
            bq.remove(after)


def edit_marker(raw: str, ctx: PageContext) -> EditMarker:
    text = " ".join(raw.split())
    for rx in _EDIT:
        m = rx.search(text)
        if m:
            return EditMarker(editor=m["editor"].strip() or None,
                              time=parse_forum_date(m["time"], ctx.timezone,
                                                    anchor=ctx.captured_at, day_first=False),
                              raw=text)
    return EditMarker(raw=text)


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _floors(root)
    _quote_headers(root)
    parsed = parse_with_spec(root, spec, ctx, text,
                             edit=lambda el, c: edit_marker(element_text(el, set()), c))
    numbers = page_link_numbers(root, _PAGE_LINKS)
    info = parsed.info
    if numbers:
        info.page_count = max([*numbers, info.page_count or 0, info.page_number or 0])
    elif info.page_number is None and parsed.posts:
        info.page_number, info.page_count = 1, 1  # no page links: a one-page thread
    gone = {f"post {p.post_id} " for p in parsed.posts if p.deleted}
    parsed.issues[:] = [i for i in parsed.issues if not (
        i.code == "post-without-body" and any(i.message.startswith(g) for g in gone))]
    parsed.posts = [replace(p, author_id=None) if p.author_id == "0" else p
                    for p in parsed.posts]
    return parsed


ADAPTER = EngineAdapter(
    family="discuz", detect=detect, parse=parse, title="Discuz!",
    signals=(
        sg.generator("Discuz!"),
        sg.powered_by("Discuz!"),
        sg.markup("the discuz_uid script global", r"\bdiscuz_uid\s*=", 2.0, needle="discuz_uid"),
        sg.element_id("postmessage_#", 1.0),
        sg.element_id("authorposton#", 1.0),
        sg.css_class("plhin", 0.5),
        sg.asset(r"data/cache/style_\d+_common\.css", 1.0, needle="data/cache/style_"),
    ),
    # the time line em#authorposton<pid> and the body cell td#postmessage_<pid>: a deleted
    # post's placeholder has neither, a banned author's post keeps its time line
    anchors=(("discuz-x", (("id", "authorposton"), ("id", "postmessage_"))),),
)
