"""mybb.ru hosting (and its sister hosts rusff, quadyshop, ...): a PunBB 1.2 derivative, not
the MyBB engine; thread pages are div#pun > div#pun-viewtopic, posts div.post#p123.

What a selector cannot say, and this module does in code:
- the author line is "<span class="acchide">Автор:&nbsp;</span><a ...>Kent</a>"; the hidden
  label is screen-reader text, removed before reading so guests' bare names read clean;
- the edit line "Отредактировано Kent (2019-03-04 09:10:00)" is read here (the shared edit
  reader would take "от" of "Отредактировано" for "by");
- the page count is the highest number in the page links (the heading "Сообщений 16 страница
  30 из 38" counts posts, not pages).
"""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import parse_forum_date
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, select
from scrapers.forum.signals import asset, css_class, element_id, markup
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage
from scrapers.html_text import element_text

_AUTHOR_LI = "li[contains(concat(' ', normalize-space(@class), ' '), ' pa-author ')]"

MYBBRU = EngineSpec(
    engine="mybbru",
    post="xpath://div[contains(concat(' ', normalize-space(@class), ' '), ' topic ')]"
         "/div[contains(concat(' ', normalize-space(@class), ' '), ' post ')]"
         "[starts-with(@id, 'p')]",
    # guests: the bare name, no profile link
    author=(f"xpath:(.//{_AUTHOR_LI}/a | .//{_AUTHOR_LI}[not(a)])[1]",
            # a style that renames li.pa-author: the profile link in the author box
            "xpath:(.//*[contains(@class, 'post-author')]//a[contains(@href, "
            "'profile.php?id=')][normalize-space()])[1]"),
    # div.post-content#p311-content: the id stays when a style renames the class
    body=("div.post-content",
          "xpath:(.//div[starts-with(@id, 'p')][contains(@id, '-content')])[1]"),
    post_id_regex=r"^p(\d+)$",
    # data-posted is a Unix time; older pages lack it and have only the permalink text
    time="xpath:self::*[@data-posted] | .//h3//a[contains(@class, 'permalink')]",
    time_attrs=("data-posted",),
    number="xpath:.//h3/span/strong",
    signature="dl.post-sig, div.post-sig",
    edit="p.lastedit",
    avatar="li.pa-avatar img",
    title="xpath:(//div[@id='pun-main']/h1/span)[1]",
    page_current="xpath:(//div[contains(@class, 'pagelink')])[1]/strong",
    page_count_regex=None,
    thread_id_regex=r"viewtopic\.php\?id=(\d+)",
    markup=MarkupSpec(
        quote=QuoteSpec(container="div.quote-box:not(.spoiler-box):not(.hide-box)",
                        header="cite", body="blockquote"),
        spoiler="div.spoiler-box", spoiler_title="div.spoiler-box > div",
        spoiler_body="blockquote",
    ),
)

# in any case
_HOST_MARKS = ("mybb.ru", "rusff.me", "rusff.ru", "quadyshop", "forumstatic.ru",
               "forumavatars.ru")
# an author line (li.pa-author, or a style's own item with the profile link) in a post in
# div#pun (its id attribute found directly: libxml2 makes
# `//div[@id=...]` visit every node's children)
_PUN_TOPIC = etree.XPath("boolean(/descendant::div/@id[. = 'pun']/parent::*"
                         "/descendant::div[contains(@class, 'post-author')]"
                         f"/descendant::*[self::{_AUTHOR_LI} or "
                         "self::a[contains(@href, 'profile.php?id=')]])")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """The hosting's marks (copyright, static hosts) and its PunBB topic markup, both: plain
    PunBB boards share the markup but not the marks."""
    # the markup first: most pages fail it faster than a search of their text for marks
    if not _PUN_TOPIC(root) or not contains(text, *_HOST_MARKS):
        return None
    return MYBBRU


_ACCHIDE = css("span.acchide")
_PAGE_LINKS = css("xpath:(//div[contains(@class, 'pagelink')])[1]")
_EDITED = re.compile(r"(?:Отредактировано|Edited by)\s+(?P<editor>.+?)\s*\((?P<time>[^()]+)\)",
                     re.I)


def edit_marker(raw: str, ctx: PageContext) -> EditMarker:
    """"Отредактировано Kent (2019-03-04 09:10:00)"."""
    text = " ".join(raw.split())
    m = _EDITED.search(text)
    if m is None:
        return EditMarker(raw=text)
    return EditMarker(editor=m["editor"],
                      time=parse_forum_date(m["time"], ctx.timezone, anchor=ctx.captured_at),
                      raw=text)


def _page_count(root: etree._Element, current: int | None) -> int | None:
    found = select(_PAGE_LINKS, root)
    if not found:
        return current
    numbers = [int(n) for n in re.findall(r"\b(\d+)\b", element_text(found[0], set()))]
    return max([*numbers, current or 0]) or None


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    for label in select(_ACCHIDE, root):
        parent = label.getparent()
        if parent is not None:
            tail = label.tail
            prev = label.getprevious()
            if prev is not None:
                prev.tail = (prev.tail or "") + (tail or "")
            else:
                parent.text = (parent.text or "") + (tail or "")
            parent.remove(label)
    parsed = parse_with_spec(root, spec, ctx, text)
    parsed.info.page_count = _page_count(root, parsed.info.page_number)
    parsed.posts = [p if p.edit is None or p.edit.raw is None
                    else replace(p, edit=edit_marker(p.edit.raw, ctx))
                    for p in parsed.posts]
    return parsed


# the evidence the hosting's pages carry, whatever the style
SIGNALS = (
    markup("mybb.ru hosting marks", r"mybb\.ru|rusff\.(?:me|ru)|quadyshop", 2.0),
    asset(r"forumstatic\.ru/", 2.0),
    element_id("pun-viewtopic", 1.5),
    element_id("pun", 0.5),
    css_class("post-author", 1.0),
    css_class("pa-author", 1.0),
    markup("profile link profile.php?id=", r"profile\.php\?id=\d", 0.5),
)

ADAPTER = EngineAdapter(family="mybbru", detect=detect, parse=parse, signals=SIGNALS,
                        title="mybb.ru")
