"""Simple Machines Forum: 1.1 (default "Core" theme, table layout), 2.0 (Curve) and 2.1.

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
                      spoiler=_SPOILER, spoiler_title=_SPOILER_TITLE, spoiler_body=_SPOILER_BODY),
)

_QUOTES = "blockquote.bbc_standard_quote, blockquote.bbc_alternate_quote"
_POSTER = ("xpath:(.//div[contains(@class, 'poster')]/h4/a | "
           ".//div[contains(@class, 'poster')]/h4[not(a)])[1]")

SMF20 = EngineSpec(
    engine="smf2-curve",
    post="xpath://div[contains(concat(' ', normalize-space(@class), ' '), ' post_wrapper ')]"
         "/parent::div",
    author=_POSTER,
    body="div.post div.inner",
    post_id="div.post div.inner",
    post_id_regex=r"msg_(\d+)",
    time="div.keyinfo div.smalltext",
    time_regex=_TIME_IN_KEYINFO,
    number="div.keyinfo div.smalltext",
    number_regex=_REPLY_NUMBER,
    signature="div.signature",
    edit="xpath:.//div[starts-with(@id, 'modified_')][normalize-space()]",
    avatar="img.avatar",
    title="div.navigate_section li.last",
    page_current="xpath:(//div[contains(@class, 'pagelinks')])[1]/strong",
    page_count_regex=None,
    thread_id_regex=_TOPIC,
    markup=MarkupSpec(quote=QuoteSpec(container=_QUOTES, header="div.quoteheader",
                                      header_before=True),
                      drop="div.quotefooter", spoiler=_SPOILER, spoiler_title=_SPOILER_TITLE,
                      spoiler_body=_SPOILER_BODY),
)

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
    return None


_HEADER = css("div.quoteheader, blockquote.bbc_standard_quote > cite, "
              "blockquote.bbc_alternate_quote > cite")
_QUOTE_FROM = re.compile(
    r"^\s*(?:Цитата|Quote)(?:\s+from)?\s*:\s*(?P<author>.+?)"
    r"(?:\s+(?:от|on)\s+(?:\d|сегодня|вчера|today|yesterday).*)?\s*$", re.I | re.S)
_PAGE_LINKS = css("xpath:(//td[contains(@class, 'middletext')] | "
                  "//div[contains(@class, 'pagelinks')])[1]")


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


ADAPTER = EngineAdapter(family="smf", detect=detect, parse=parse)
