"""Simple Machines Forum: 1.1 (default "Core" theme, table layout), 2.0 (Curve, and the
"Core" theme 2.0 still ships) and 2.1.

Themes rename SMF's classes but keep what SMF itself writes: the subject's ``id="subject_123"``,
the body's ``id="msg_123"``, the profile links ``index.php?action=profile;u=12`` and the
"« Reply #1 on: <date> »" line; each field is a chain of selectors, the theme's first, then
those.

What a selector cannot say, and this module does in code:
- SMF's quote header is "Цитата: Kent от 04 Марта 2019, 09:05:12" (English "Quote from: Kent
  on ..."), which the shared "X wrote:" reader would take whole as the author; the header is
  rewritten to "Kent писал:" (its link, which carries ``#msg123``, kept) before parsing;
- SMF prints no "page N of M": the page count is the highest page number in the page links.
"""

from __future__ import annotations

import re

from lxml import etree

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, select
from scrapers.forum.signals import (
    asset,
    css_class,
    element_id,
    form_action,
    generator,
    markup,
    powered_by,
)
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage
from scrapers.html_text import element_text

# "windowbg" as a whole class word: windowbg3 and windowbg_hover are other things
_WINDOWBG = ("(contains(concat(' ', normalize-space(@class), ' '), ' windowbg ') or "
             "contains(concat(' ', normalize-space(@class), ' '), ' windowbg2 '))")
# "« Ответ #12 : 04 Марта 2019, 09:05:12 »", "« : Сегодня в 09:05:12 »" (first post): the
# date follows the first ": " (the time's own colons have no space after them)
_TIME_IN_KEYINFO = r":\s+(.+?)\s*»?\s*$"
_REPLY_NUMBER = r"#\s*(\d+)"
_TOPIC = r"[?;&]topic=(\d+)"
# SMF 1.1 writes a smiley as <img src=".../Smileys/default/cry.gif" alt="Cry">: the alt is
# the smiley's description, not words of the post (2.0+ writes the code the poster typed)
_SMF1_SMILEY = "xpath:.//img[contains(@src, '/Smileys/')]"
# no spoiler in SMF itself: the common "Spoiler" mod's markup
_SPOILER, _SPOILER_TITLE, _SPOILER_BODY = "div.spoiler", "div.spoilerheader", "div.spoilerbody"

SMF11 = EngineSpec(
    engine="smf1-core",
    post=f"xpath://td[{_WINDOWBG}][.//div[starts-with(@id, 'subject_')]]",
    # a guest has no profile link: the name is bare inside <b>
    author="xpath:(.//td[@rowspan='2'])[1]/b",
    body="div.post",
    # div.post carries id="msg_N" only for those who may edit it; the subject div always
    post_id="xpath:.//div[starts-with(@id, 'subject_')]",
    post_id_regex=r"subject_(\d+)",
    time="xpath:.//div[starts-with(@id, 'subject_')]/following-sibling::div"
         "[contains(@class, 'smalltext')]",
    time_regex=_TIME_IN_KEYINFO,
    number="xpath:.//div[starts-with(@id, 'subject_')]/following-sibling::div"
           "[contains(@class, 'smalltext')]",
    number_regex=_REPLY_NUMBER,
    signature="div.signature",
    edit="xpath:.//td[starts-with(@id, 'modified_')][normalize-space()]",
    avatar="img.avatar",
    title="xpath:(//div[@class='nav'])[1]/b[last()]",
    page_current="xpath:(//td[contains(@class, 'middletext')])[1]/b",
    page_count_regex=None,
    thread_id_regex=_TOPIC,
    markup=MarkupSpec(quote=QuoteSpec(container="div.quote", header="div.quoteheader",
                                      header_before=True),
                      spoiler=_SPOILER, spoiler_title=_SPOILER_TITLE, spoiler_body=_SPOILER_BODY,
                      mute_images=_SMF1_SMILEY),
)

_QUOTES = "blockquote.bbc_standard_quote, blockquote.bbc_alternate_quote"
_POSTER = ("xpath:(.//div[contains(@class, 'poster')]/h4/a | "
           ".//div[contains(@class, 'poster')]/h4[not(a)])[1]",
           # a theme's own poster box: the first profile link with a name, outside the body
           "xpath:(.//a[contains(@href, 'action=profile;u=') or contains(@href, "
           "'action=profile&u=')][normalize-space()][not(ancestor::div[starts-with(@id, "
           "'msg_')])])[1]")
# "« Reply #1 on: <date> »": in div.keyinfo, else the line after the subject
_KEYINFO = ("div.keyinfo div.smalltext",
            "xpath:(.//*[starts-with(@id, 'subject_')]/following-sibling::*"
            "[contains(@class, 'smalltext')])[1]")
_SMF20_MARKUP = MarkupSpec(quote=QuoteSpec(container=_QUOTES, header="div.quoteheader",
                                           header_before=True),
                           drop="div.quotefooter", spoiler=_SPOILER, spoiler_title=_SPOILER_TITLE,
                           spoiler_body=_SPOILER_BODY)


def _smf20(engine: str, post: str, page_current: str) -> EngineSpec:
    return EngineSpec(
        engine=engine,
        post=post,
        author=_POSTER,
        body=("div.post div.inner", "xpath:.//div[starts-with(@id, 'msg_')]"
              "[translate(substring(@id, 5), '0123456789', '') = '']"),
        post_id=("div.post div.inner", "xpath:.//*[starts-with(@id, 'subject_')]"),
        post_id_regex=r"(?:msg|subject)_(\d+)",
        time=_KEYINFO,
        time_regex=_TIME_IN_KEYINFO,
        number=_KEYINFO,
        number_regex=_REPLY_NUMBER,
        signature="div.signature",
        edit="xpath:.//div[starts-with(@id, 'modified_')][normalize-space()]",
        avatar="img.avatar",
        title=("div.navigate_section li.last", "xpath:(//*[@id='top_subject'])[1]"),
        page_current=page_current,
        page_count_regex=None,
        thread_id_regex=_TOPIC,
        markup=_SMF20_MARKUP,
    )


SMF20 = _smf20("smf2-curve",
               "xpath://div[contains(concat(' ', normalize-space(@class), ' '), "
               "' post_wrapper ')]/parent::div",
               "xpath:(//div[contains(@class, 'pagelinks')])[1]/strong")
# 2.0's "Core" theme (and themes made from it): div.windowbg > div.poster + div.postarea, no
# post_wrapper; the post is the block whose own child is the poster box and that holds the
# subject and the body (the quick reply box, a windowbg too, holds neither)
SMF20_CORE = _smf20("smf2-core",
                    "xpath://div[div[contains(@class, 'poster')]]"
                    "[.//*[starts-with(@id, 'subject_')]][.//div[starts-with(@id, 'msg_')]]",
                    # "Pages: [<strong>1</strong>] 2 3" in div.middletext
                    "xpath:(//div[contains(@class, 'pagelinks') or "
                    "contains(@class, 'middletext')][strong])[1]/strong")

SMF21 = EngineSpec(
    engine="smf21",
    post=f"xpath://div[{_WINDOWBG}][starts-with(@id, 'msg')]"
         "[.//div[contains(@class, 'post_wrapper')]]",
    author=_POSTER,
    body="div.post div.inner",
    post_id_regex=r"msg(\d+)",
    time="div.postinfo a.smalltext",
    number="span.page_number",
    signature="div.signature",
    edit="xpath:.//*[starts-with(@id, 'modified_')][normalize-space()]",
    avatar="img.avatar",
    # the heading; else the last link tree item (its "►" divider is outside the link)
    title="xpath:(//*[@id='top_subject'] | //div[contains(@class, 'navigate_section')]"
          "//li[contains(@class, 'last')][not(//*[@id='top_subject'])]/a)[1]",
    page_current="xpath:(//div[contains(@class, 'pagelinks')])[1]/span[@class='current_page']",
    page_count_regex=None,
    thread_id_regex=_TOPIC,
    markup=MarkupSpec(quote=QuoteSpec(container=_QUOTES, header="cite"),
                      bold_classes=("bbc_b",), spoiler=_SPOILER, spoiler_title=_SPOILER_TITLE,
                      spoiler_body=_SPOILER_BODY),
)

_SMF_MARK = re.compile(r"smf_scripturl|smf_theme_url|Simple Machines|simplemachines\.org")
_IS_11 = css(SMF11.post)
_IS_20 = css(SMF20.post)
_IS_21 = css(SMF21.post)
_IS_20_CORE = css(SMF20_CORE.post)


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """SMF by its script globals and copyright, then the variant by its post markup."""
    # "smf_" and "machines", a part of each mark in any case, are looked for first: the
    # regex tries every "s" of a page that has none
    if not contains(text, "smf_", "machines") or not _SMF_MARK.search(text):
        return None
    if select(_IS_21, root):
        return SMF21
    if select(_IS_20, root):
        return SMF20
    if select(_IS_11, root):
        return SMF11
    if select(_IS_20_CORE, root):
        return SMF20_CORE
    return None


_HEADER = css("div.quoteheader, blockquote.bbc_standard_quote > cite, "
              "blockquote.bbc_alternate_quote > cite")
_QUOTE_FROM = re.compile(
    r"^\s*(?:Цитата|Quote)(?:\s+from)?\s*:\s*(?P<author>.+?)"
    # the date: "04 Марта 2019", "Сегодня в", and English boards' "March 04, 2019"
    r"(?:\s+(?:от|on)\s+(?:\d|сегодня|вчера|today|yesterday|[^\W\d_]+\.?\s+\d).*)?\s*$",
    re.I | re.S)
# 1.1 and 2.0 Core: td/div.middletext "Pages: [1] 2 3"; Curve and 2.1: div.pagelinks
_PAGE_LINKS = css("xpath:(//td[contains(@class, 'middletext')] | "
                  "//div[contains(@class, 'pagelinks')] | "
                  "//div[contains(@class, 'middletext')][contains(., '[')])[1]")


def _rewrite_quote_headers(root: etree._Element) -> None:
    """"Цитата: Kent от <date>" -> "Kent писал:", keeping the header's link (post id)."""
    for header in select(_HEADER, root):
        m = _QUOTE_FROM.match(" ".join(element_text(header, set()).split()))
        if m is None:
            continue  # a bare "Цитата": a quote without an author
        links = [a for a in header.iter("a") if a.get("href")]
        for child in list(header):
            header.remove(child)
        header.text = f"{m['author'].strip()} писал: "
        if links:
            link = etree.SubElement(header, "a", href=links[0].get("href", ""))
            link.text = None


def _page_count(root: etree._Element, current: int | None) -> int | None:
    found = select(_PAGE_LINKS, root)
    if not found:
        return current
    numbers = [int(n) for n in re.findall(r"\b(\d+)\b", element_text(found[0], set()))]
    best = max(numbers, default=0)
    return max(best, current or 0) or None


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _rewrite_quote_headers(root)
    parsed = parse_with_spec(root, spec, ctx, text)
    parsed.info.page_count = _page_count(root, parsed.info.page_number)
    return parsed


# the evidence SMF's pages carry, whatever the theme
SIGNALS = (
    powered_by("SMF", 2.0),
    markup("'Simple Machines' copyright", r"Simple\s+Machines|simplemachines\.org", 2.0),
    generator("SMF"),
    markup("SMF script globals", r"\bsmf_(?:scripturl|theme_url|images_url)\b", 2.5),
    asset(r"Themes/[^/\"']+/(?:style|css|scripts)/", 1.5),
    markup("profile link index.php?action=profile;u=", r"[?;&]action=profile;u=\d", 1.0),
    form_action(r"[?;&]action=post2", 1.0),
    markup("reply link index.php?action=post;", r"[?;&]action=post;(?:quote|topic)=", 1.0),
    element_id("subject_#", 1.0),
    element_id("msg_#", 1.0),
    css_class("windowbg", 0.5),
    css_class("keyinfo", 0.5),
)

ADAPTER = EngineAdapter(
    family="smf", detect=detect, parse=parse, signals=SIGNALS, title="SMF",
    anchors=(("smf2-core", (("id", "subject_"), ("id", "msg_"))),))
