"""Kunena, the Joomla! forum component: the Bootstrap templates of Kunena 4 to 6 ("crypsis",
"aurelia") and the table template of Kunena 1.6 to 2.0 ("blue_eagle").

Crypsis/Aurelia (template/aurelia/layouts/topic/item/default.php, topic/item/message/
default.php, message/item/default.php, user/profile/default.php): ``div.topic-item-messages
> div.row.message`` per post (``row-fluid`` in crypsis); the poster in ``ul.profilebox li
strong a.kwho-<group>`` (profile ``/forum/user/62-kent`` or ``...&userid=62``), or, in the
"top" and "bottom" avatar layouts, only in the ``div.mykmsg-header`` line; ``small.text-muted``
holding ``span.kdate[title]`` (KunenaDate::toSpan: the post date format as text, by default a
"2 days 3 hours ago", the hover format, by default the date and time, as its title; a second
kdate for the last edit) and ``<a href="#123" id="123" rel="canonical">#5</a>``; the body
``div.kmsg``, the signature ``div.ksig`` beside it, the edit note ``div.alert.alert-info``
("Last edit: <date> by <a>Kent</a>."). Module positions between posts (ads) are other divs.

blue_eagle (template/blue_eagle/html/topic/default_left.php, default_message.php,
default_profile_vertical.php): ``div.kmsg-header`` with ``span.kmsgdate[title]`` and ``<a
id="123"></a>`` stands before each post's ``table.kmsg``, whose ``li.kpost-username`` names
the poster and ``div.kmsgtext`` holds the body.

What a selector cannot say, and this module does in code:
- quotes: Kunena 3-5 writes ``<blockquote><p class="kmsgtext-quote">Kent wrote: text</p>``,
  the author inside the quoted paragraph; Kunena 6 a link "Kent wrote:" to the quoted post in
  a div at the quote's head; 1.x ``<b>Kent wrote:</b><div class="kmsgtext-quote">``. The
  header is taken out and the author (and post) put in attributes;
- the edit note's exact time is its title.
"""

from __future__ import annotations

import re

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum import signals as sg
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, remove_keep_tail, select
from scrapers.forum.spec import (
    EngineSpec,
    page_link_numbers,
    parse_edit,
    parse_with_spec,
    time_value,
)
from scrapers.forum.types import PageContext, ParsedPage
from scrapers.html_text import element_text

_AUTHOR_ATTR, _POST_ATTR, _HEAD_CLASS = "data-mk-author", "data-mk-post", "mk-kn-quote-head"


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_KWHO = "contains(concat(' ', @class), ' kwho-')"
_AUTHOR_ID = r"(?:[?&;](?:amp;)?userid=|/user/)(\d+)"
_THREAD_ID = r"(?:[?&](?:amp;)?id=|/)(\d+)(?:-[^/?#&\"]*)?(?:[?#&\"]|$)"
_QUOTE = QuoteSpec(container="blockquote, div.kmsgtext-quote", header="." + _HEAD_CLASS,
                   author_attr=_AUTHOR_ATTR, post_attr=_POST_ATTR)
_MARKUP = MarkupSpec(quote=_QUOTE, spoiler="div.kspoiler", spoiler_title="div.kspoiler-header",
                     spoiler_body="div.kspoiler-content", hidden="div.kmsgtext-hide",
                     drop="div.kspoiler-expand, div.kspoiler-hide")

# a div holding a body and its "#N" permalink, but no smaller such div: the post, whatever
# class a style gives the row
_BODY_AND_LINK = (f"div[.//div[{_cls('kmsg')}]][.//small//a[@rel='canonical'][@id]]")

AURELIA = EngineSpec(
    engine="kunena-bootstrap",
    post=(f"xpath://div[{_cls('message')}][.//div[{_cls('kmsg')}]]",
          f"xpath://{_BODY_AND_LINK}[not(.//{_BODY_AND_LINK})]"),
    author=(f"xpath:(.//ul[{_cls('profilebox')}]//strong//*[{_KWHO}])[1]",
            f"xpath:(.//ul[{_cls('profilebox')}]//strong)[1]",
            f"xpath:(.//div[{_cls('mykmsg-header')}]//*[{_KWHO}])[1]",
            f"xpath:(.//small//span[{_cls('visible-xs')} or {_cls('visible-phone')}]"
            f"//*[{_KWHO}])[1]"),
    author_id_regex=_AUTHOR_ID,
    body=f"xpath:(.//div[{_cls('kmsg')}])[1]",
    post_id="xpath:(.//small//a[@rel='canonical'][@id])[1]",
    post_id_regex=r"^(\d+)$",
    # the first kdate is the post's, a second the last edit's
    # Kunena 6 classes the span "kdate"; a span with a title in the post's <small> line is
    # the same KunenaDate::toSpan where a version or style does not
    time=(f"xpath:(.//small//span[{_cls('kdate')}])[1]", f"xpath:(.//*[{_cls('kdate')}])[1]",
          "xpath:(.//small//span[@title][not(*)])[1]"),
    time_attrs=("title",),
    number="xpath:(.//small//a[@rel='canonical'][@id])[1]",
    signature="div.ksig",
    edit=f"xpath:(.//div[{_cls('alert')}][{_cls('alert-info')}])[1]",
    avatar=f"xpath:(.//ul[{_cls('profilebox')}]//img)[1]",
    title=(f"xpath:(//div[{_cls('kunena-topic-item')}]/h1)[1]", "h1"),
    page_current="xpath:(//ul[contains(@class, 'pagination')])[1]/li[contains(@class, 'active')]",
    page_count_regex=None,
    thread_id_regex=_THREAD_ID,
    deleted=f"xpath:self::*[{_cls('message-deleted')}] | .//*[{_cls('message-deleted')}]",
    markup=_MARKUP,
)

_HEADER = f"preceding-sibling::div[{_cls('kmsg-header')}][1]"
BLUE_EAGLE = EngineSpec(
    engine="kunena-blue-eagle",
    post=f"xpath://table[{_cls('kmsg')}][.//div[{_cls('kmsgtext')}]]",
    author=(f"xpath:(.//li[{_cls('kpost-username')}]//*[{_KWHO}])[1]",
            f"xpath:(.//li[{_cls('kpost-username')}])[1]"),
    author_id_regex=_AUTHOR_ID,
    body=f"xpath:(.//div[{_cls('kmsgtext')}])[1]",
    # the post's header stands just before its table
    post_id=f"xpath:{_HEADER}//a[@id]",
    post_id_regex=r"^(\d+)$",
    time=f"xpath:{_HEADER}//span[{_cls('kmsgdate')}]",
    time_attrs=("title",),
    number=f"xpath:{_HEADER}//span[starts-with(@class, 'kmsg-id')]",
    signature="div.kmsgsignature",
    # 1.6: span.kmessage_editMarkUp, 2.0: span.kmessage-editmarkup (in a "-cover" div)
    edit=f"xpath:(.//*[{_cls('kmessage_editMarkUp')} or {_cls('kmessage-editmarkup')}]"
         "[normalize-space()])[1]",
    avatar="xpath:(.//li[contains(@class, 'kpost-avatar')]//img)[1]",
    title=(f"xpath:(//div[{_cls('kmsg-header')}]//span[contains(@class, 'kmsgtitle')])[1]",),
    page_current="xpath:(//ul[contains(@class, 'kpagination')])[1]/li[contains(@class, 'active')]",
    page_count_regex=None,
    thread_id_regex=_THREAD_ID,
    markup=_MARKUP,
)

_MARKS = ("kunena",)
_IS_KUNENA = re.compile(r"com_kunena|kunena\.org|/media/kunena/|id=\"kunena\"", re.I)
_IS = ((css(AURELIA.post), AURELIA), (css(BLUE_EAGLE.post), BLUE_EAGLE))
_QUOTE_PARAS = css("blockquote > p.kmsgtext-quote")
_OLD_QUOTES = css("div.kmsgtext-quote")
# COM_KUNENA_POST_WROTE in the languages Kunena ships
_WROTE = re.compile(
    r"^\s*(?P<author>[^\n:]+?)\s+(?:wrote|написал\(а\)|написала?|пишет|schrieb|a écrit|"
    r"escribió|ha scritto|napisał\(a\)|napisała?|schreef|escreveu|kirjoitti|skrev)\s*:\s*",
    re.I)
_POST_IN_LINK = re.compile(r"#(\d+)$|[?&](?:amp;)?mesid=(\d+)")
_PAGE_LINKS = css("xpath:(//ul[contains(@class, 'pagination')])[1]//a")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """Kunena by its component paths and credits, then the template by its post markup."""
    if not contains(text, *_MARKS) or not _IS_KUNENA.search(text):
        return None
    for sel, spec in _IS:
        if select(sel, root):
            return spec
    return None


def _mark(container: etree._Element, author: str, head: etree._Element | None) -> None:
    container.set(_AUTHOR_ATTR, author)
    if head is not None:
        for a in head.iter("a"):
            m = _POST_IN_LINK.search(a.get("href", ""))
            if m:
                container.set(_POST_ATTR, m.group(1) or m.group(2))
                break
        head.set("class", _HEAD_CLASS)


def _quotes(root: etree._Element) -> None:
    """Each quote's "Kent wrote:" out of its text, into attributes (see the module's doc)."""
    for p in select(_QUOTE_PARAS, root):
        bq = p.getparent()
        if bq is None:
            continue
        m = _WROTE.match(p.text or "")
        if m:  # Kunena 3-5: the header is the paragraph's first words
            p.text = (p.text or "")[m.end():]
            _mark(bq, m["author"].strip(), None)
            continue
        # Kunena 6: <p> closed by the parser before the header div that follows it
        head = p.getnext()
        if head is not None and head.tag == "div" and not element_text(p, set()).strip():
            m = _WROTE.match(" ".join(element_text(head, set()).split()))
            if m:
                _mark(bq, m["author"].strip(), head)
    for div in select(_OLD_QUOTES, root):
        parent = div.getparent()
        if parent is not None and parent.tag == "blockquote":
            continue
        prev = div.getprevious()
        if prev is not None and prev.tag == "br" and not (prev.tail or "").strip():
            br, prev = prev, prev.getprevious()  # the header's line break (nl2br)
            if prev is not None and prev.tag in ("b", "strong"):
                remove_keep_tail(br)
        if prev is not None and prev.tag in ("b", "strong"):
            m = _WROTE.match(element_text(prev, set()).strip() + " ")
            if m:  # 1.x: <b>Kent wrote:</b> before the quote: moved into it
                prev.tail, tail = None, prev.tail
                div.insert(0, prev)
                prev.tail = tail
                _mark(div, m["author"].strip(), prev)


def _edit(el: etree._Element, ctx: PageContext) -> EditMarker:
    marker = parse_edit(element_text(el, set()), ctx)
    title = el.get("title")
    when = time_value(title, ctx) if title else None
    return marker.model_copy(update={"time": when}) if when is not None else marker


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _quotes(root)
    parsed = parse_with_spec(root, spec, ctx, text, edit=_edit)
    numbers = page_link_numbers(root, _PAGE_LINKS)
    info = parsed.info
    if numbers:
        info.page_count = max([*numbers, info.page_number or 0])
    elif info.page_number is None and parsed.posts:
        info.page_number, info.page_count = 1, 1  # no page links: one page
    return parsed


ADAPTER = EngineAdapter(
    family="kunena", detect=detect, parse=parse, title="Kunena",
    signals=(
        sg.asset(r"/com_kunena/", 2.0, needle="/com_kunena/"),
        sg.asset(r"/media/kunena/", 1.5, needle="/media/kunena/"),
        sg.powered_by("Kunena", 2.0),
        sg.css_class("kmsg", 1.0),
        sg.markup("a kwho- profile link", r"class=[\"']kwho-", 1.0, needle="kwho-"),
        sg.css_class("kunena-topic-item", 1.0),
    ),
    # each post's <a id="123"> (aurelia: the "#5" permalink; blue_eagle: the header anchor)
    anchors=(("kunena-bootstrap", (("id", ""),)), ("kunena-blue-eagle", (("id", ""),))),
)
