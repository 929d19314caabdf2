"""MyBB 1.8 (the mybb.com engine; the mybb.ru hosting is PunBB-based, see `mybbru`).

What a selector cannot say, and this module does in code:
- relative dates: MyBB prints ``<span title="04.03.2019">Вчера</span>, 09:05``; the title holds
  the absolute date, which replaces the word before the time is read (no anchor needed);
- the quote header ``<cite><span> (04.03.2019, 09:05)</span>Kent писал: <a ...></a></cite>``
  carries the quoted post's date first; the date span goes so that the author reads clean;
- the edit marker "(Последний раз редактировалось: 04.03.2019, 09:10 пользователем Kent.)"
  puts the time before the editor, which the shared edit reader does not expect.
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
from scrapers.forum.signals import asset, css_class, element_id, form_action, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage

MYBB18 = EngineSpec(
    engine="mybb18",
    post='div.post[id^="post_"]',
    # guests: the name stands bare in span.largetext, without a profile link
    author=("div.author_information span.largetext",
            # a theme's own author box: the first profile link with a name, outside the text
            "xpath:(.//a[contains(@href, 'action=profile') and contains(@href, 'uid=')]"
            "[normalize-space()][not(ancestor::div[starts-with(@id, 'pid_')])])[1]"),
    # div.post_body#pid_123 (the id stays when a theme renames the class)
    body=("div.post_body", "xpath:.//div[starts-with(@id, 'pid_')]"),
    post_id_regex=r"post_(\d+)",
    time=("span.post_date", "xpath:(.//*[contains(@class, 'post_date') or "
          "contains(@class, 'post-date')])[1]"),
    time_regex=r"^(.*?)\s*(?:\(|$)",  # the edit marker sits inside span.post_date
    number="div.post_head div.float_right strong a",
    signature="div.signature",
    edit="span.edited_post",
    avatar="div.author_avatar img",
    title="xpath:(//div[contains(@class, 'navigation')]/span[contains(@class, 'active')])[1]",
    page_current="xpath:(//div[contains(@class, 'pagination')])[1]"
                 "/span[contains(@class, 'pagination_current')]",
    page_count_regex=r"(?:Страниц[аы]?|Pages)\s*\((\d+)\)",
    # not the default: MyBB's stylesheet links carry "?t=<timestamp>"
    thread_id_regex=r"showthread\.php\?tid=(\d+)",
    deleted="xpath:self::*[contains(concat(' ', normalize-space(@class), ' '), ' deleted_post ')]",
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote.mycode_quote", header="cite"),
        # a board-defined [spoiler] MyCode; its show/hide button is chrome
        spoiler="div.spoiler", spoiler_title="div.spoiler_title",
        spoiler_body="div.spoiler_content",
        bold_classes=("mycode_b",),
        drop="span.spoiler_button",
    ),
)

# in any case; "mybb" and "my_post_key", a part of each, are looked for first
_MYBB_MARKS = ("mybb group", "mybb.com", "my_post_key", "mybb.version")
# mybb.ru (PunBB) boards say "MyBB" too; their markup is div#pun / div#pun-viewtopic.
# Attribute nodes tested directly: libxml2 makes `//x[@id=...]` visit every node's children
# and reads an attribute node faster than an element's attribute.
_PUNBB = etree.XPath(
    "boolean(/descendant::*/@id[. = 'pun' or . = 'pun-viewtopic' or . = 'pun_wrap'])")
# a div.post_author inside a div#post_N
_IS_18 = etree.XPath("boolean(/descendant::div/@class[contains(., 'post_author')]/parent::*"
                     "/ancestor::div[starts-with(@id, 'post_')])")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    if (not contains(text, "mybb", "my_post_key") or not contains(text, *_MYBB_MARKS)
            or _PUNBB(root)):
        return None
    if _IS_18(root):
        return MYBB18
    return None


_TITLED = css("span.post_date span[title], span.edited_post span[title], "
              "blockquote.mycode_quote > cite > span")
_EDIT = re.compile(
    r"(?:редактировал(?:ось|ся|а)?|edited)\s*:?\s*(?P<time>.+?)\s+"
    r"(?:пользователем|by)\s+(?P<editor>.+?)\.?\s*\)?\s*$", re.I | re.S)
_HAS_DATE = re.compile(r"\d")


def _absolute_dates(root: etree._Element) -> None:
    """Relative words to the absolute date MyBB keeps in their title; quote-header dates out."""
    for span in select(_TITLED, root):
        parent = span.getparent()
        if parent is not None and parent.tag == "cite":
            tail = span.tail
            parent.remove(span)
            parent.text = (parent.text or "") + (tail or "")
            continue
        title = span.get("title") or ""
        if _HAS_DATE.search(title):
            span.text = title
            for child in list(span):
                span.remove(child)


def edit_marker(raw: str, ctx: PageContext) -> EditMarker:
    """MyBB's "(Последний раз редактировалось: <time> пользователем <editor>.)"."""
    text = " ".join(raw.split())
    m = _EDIT.search(text)
    if m is None:
        return EditMarker(raw=text)
    return EditMarker(editor=m["editor"].strip() or None,
                      time=parse_forum_date(m["time"], ctx.timezone, anchor=ctx.captured_at),
                      raw=text)


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _absolute_dates(root)
    parsed = parse_with_spec(root, spec, ctx, text)
    parsed.posts = [p if p.edit is None or p.edit.raw is None
                    else replace(p, edit=edit_marker(p.edit.raw, ctx))
                    for p in parsed.posts]
    return parsed


# the evidence MyBB's pages carry, whatever the theme
SIGNALS = (
    powered_by("MyBB", 2.0),
    markup("my_post_key", r"\bmy_post_key\b", 2.0),
    asset(r"jscripts/(?:general|thread)\.js", 1.5),
    markup("profile link member.php?action=profile&uid=",
           r"member\.php\?action=profile&(?:amp;)?uid=\d", 1.0),
    form_action(r"newreply\.php", 1.0),
    element_id("pid_#", 1.0),
    element_id("post_#", 0.5),
    css_class("post_body", 1.0),
    css_class("author_information", 0.5),
)

ADAPTER = EngineAdapter(family="mybb", detect=detect, parse=parse, signals=SIGNALS,
                        title="MyBB")
