"""Invision Power Board 2.x, IP.Board 3.x and IPS Community Suite 4 topic pages.

Three engines under one name with little markup in common:

- IPB 2.x: a table per post (`td#post-member-N` for the author, `td#post-main-N` for the
  body), a relative-or-dotted date "Отправлено: Сегодня, 9:05", quotes as a
  `div.quotetop` "ЦИТАТА(Kent @ 4.3.2019, 9:05)" followed by a `div.quotemain`;
- IPB 3.x: `div.post_block#post_id_N`, `abbr.published` with an ISO title,
  `blockquote.ipsBlockquote` with data-author / data-cid;
- IPS 4: `article.cPost#elComment_N`, `<time datetime>`, `blockquote.ipsQuote` with
  data-ipsquote-* attributes.

Skins rename classes: each field is a chain, the default skin's path first, then the
templates' ids (post_id_123, elComment_123), microformats and microdata (vcard, published,
entry-content, itemprop), `<time datetime>` and profile links. IP.Board 3.0 and 3.1 write a
quote's citation before the quote, 3.2+ inside it.

Code is needed where a selector cannot say it: the IPB 2 quote header carries author and
quoted post id in free text beside (not inside) the quote; the IPB 2 spoiler header is a
sibling too; the edit lines name the editor in wording the shared edit reader does not know
("отредактировал Kent - date", "Изменено date пользователем Kent"); stock "no photo"
pictures are not avatars; page counts and thread ids sit in attributes and links.
"""

from __future__ import annotations

import re
from datetime import datetime

from lxml import etree

from engine.gamelog import Avatar
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import from_iso, from_unix, parse_forum_date
from scrapers.forum.marks import contains
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
    generator,
    markup,
    powered_by,
    score,
    searched,
)
from scrapers.forum.spec import EngineSpec, page_link_numbers, parse_with_spec
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage

# attributes set on IPB 2 quotes from their header, read back by the quote spec
_Q_AUTHOR = "data-mk-author"
_Q_POST = "data-mk-post"

IPB2 = EngineSpec(
    engine="ipb2",
    # one table per post; the nearest table holding a post body (bodies may hold tables)
    post="xpath://td[starts-with(@id, 'post-main-')]/ancestor::table[1]",
    post_id="td[id^='post-main-']",
    author="td[id^='post-member-'] .normalname, td[id^='post-member-'] .unreg",
    body="td[id^='post-main-'] div.postcolor",
    markup=MarkupSpec(
        quote=QuoteSpec(container="div.quotemain", header=None, author_attr=_Q_AUTHOR,
                        post_attr=_Q_POST),
        spoiler="div.spoilermain",
        # the "QuoteBegin" comments and snapback images are chrome
        drop="img[alt='*']",
    ),
    time="xpath:(.//span[contains(@class, 'postdetails')])[1]",
    time_regex=r"(?:Отправлено|Добавлено|Posted)\s*:?\s*(.+)",
    number="xpath:.//span[contains(@class, 'postdetails')]/a[starts-with(normalize-space(.), '#')]",
    signature="div.signature",
    edit="td[id^='post-main-'] span.edit",
    avatar="xpath:.//td[starts-with(@id, 'post-main-')]/preceding-sibling::td"
           "//img[not(contains(@src, 'style_images'))]",
    title="xpath://div[contains(@class, 'maintitle')]//b",
    page_current=".pagecurrent",
    page_count_regex=r"(\d+)\s*(?:страниц|pages)",
)

# IP.Board 3.0-3.4 default skin: div.post_block#post_id_123 > div.post_wrap, the author in
# h3 span.author.vcard, abbr.published[title] (ISO), div.post.entry-content, p.edit; skins
# keep the microformat classes (hentry, vcard, published, entry-content) and the microdata
# the 3.2+ templates write (itemprop commentTime, commentText), which are the fallbacks
IPB3 = EngineSpec(
    engine="ipb3",
    post=("div.post_block[id^='post_id_']",
          # a skin that renamed post_block: the id is the template's own
          "xpath://div[starts-with(@id,'post_id_') and string(number(substring(@id,9)))!='NaN'"
          " and .//*[contains(@class,'entry-content') or @itemprop='commentText']]"),
    author=(".post_wrap h3 .author", "h3 span.author.vcard", ".vcard .fn",
            "[itemprop=creator] [itemprop=name]",
            # a guest's name is written straight in the h3, beside the "#3" post link
            ".post_wrap > h3"),
    author_link=(".post_wrap h3 .author a", "h3 span.author.vcard a", ".vcard a.url",
                 "xpath:(.//a[contains(@href,'showuser=') or contains(@href,'/user/')])[1]"),
    body=("div.post.entry-content", "[itemprop=commentText]", ".entry-content"),
    markup=MarkupSpec(
        # 3.2+: blockquote.ipsBlockquote[data-author][data-cid] holding p.citation; 3.0 and
        # 3.1: p.citation before div.blockquote > div.quote (see `_prepare_ipb30`)
        quote=QuoteSpec(container="blockquote.ipsBlockquote, div.blockquote",
                        header="p.citation", author_attr="data-author", post_attr="data-cid"),
        spoiler="div.bbc_spoiler",
        spoiler_body=".bbc_spoiler_content",
        # the spoiler header is the fixed word "Спойлер" and a show button, not a title
        drop=".bbc_spoiler > .spoiler_title",
    ),
    time=("abbr.published", "[itemprop=commentTime]", "xpath:(.//abbr[@title])[1]",
          ".posted_info"),
    time_attrs=("title", "datetime"),
    time_regex=r"^(?:Posted|Отправлено|Добавлено)?\s*:?\s*(.+)$",
    number=("span.post_id a", "a[rel=bookmark]"),
    signature="div.signature",
    edit="p.edit",
    avatar="li.avatar img, img.ipsUserPhoto, img.photo",
    title=("h1.ipsType_pagetitle", "xpath://div[@id='content']//h2[contains(@class,'maintitle')]"),
    page_current="ul.pagination li.active",
    # a soft-deleted post shown to moderators (3.2+, softDeletedPostBit): its first body is
    # "Post deleted by X", the text sits hidden in postsDeleteShow_123
    deleted="xpath:.//div[starts-with(@id,'postsDelete_')]",
)

IPS4 = EngineSpec(
    engine="ips4",
    post=("article.cPost[id^='elComment_']",
          # a theme that renamed cPost: the id (and the content's data-role) are the
          # template's own; the "Advertising" articles some themes add carry no id
          "xpath://article[starts-with(@id,'elComment_')]"),
    author=("aside.cAuthorPane .cAuthorPane_author", ".cAuthorPane_author",
            "[itemprop=author] [itemprop=name]", "[itemprop=creator] [itemprop=name]"),
    author_link=("aside.cAuthorPane .cAuthorPane_author a", ".cAuthorPane_author a",
                 "xpath:(.//a[contains(@href,'/profile/')][not(ancestor::*"
                 "[@data-role='commentContent'])])[1]"),
    body=("div[data-role='commentContent']", "[itemprop=text]"),
    markup=MarkupSpec(
        quote=QuoteSpec(container="blockquote.ipsQuote", header=".ipsQuote_citation",
                        author_attr="data-ipsquote-username",
                        post_attr="data-ipsquote-contentcommentid",
                        body=".ipsQuote_contents"),
        spoiler="div.ipsSpoiler",
        spoiler_body=".ipsSpoiler_contents",
        # "Скрытый текст" is the engine's fixed header, not a title the author gave
        drop=".ipsSpoiler_header",
    ),
    time=(".ipsComment_meta time",
          "xpath:(.//time[@datetime][not(ancestor::*[@data-role='commentContent'])])[1]"),
    time_attrs=("datetime", "title"),
    number="a[data-role='shareComment']",
    number_regex=r"#\s*(\d+)",
    signature="[data-role='memberSignature']",
    edit="[data-role='commentContent'] .ipsType_reset.ipsType_medium[data-excludequote]",
    avatar="aside.cAuthorPane .cAuthorPane_photo img",
    title="h1.ipsType_pageTitle",
    page_current="li.ipsPagination_active",
)

_QUOTE_HEAD = re.compile(r"^\s*(?:цитата|quote)\s*\((?P<author>.+?)\s*@\s*(?P<date>[^)]*)\)",
                         re.I | re.S)
# a quote without a date ([quote=Kent], [quote name='Kent' post='5102']): "ЦИТАТА(Kent)"; tried
# after the dated form, whose "@" tells where a nick with brackets ends
_QUOTE_HEAD_UNDATED = re.compile(r"^\s*(?:цитата|quote)\s*\((?P<author>.+)\)\s*$", re.I | re.S)
_PID = re.compile(r"[?&]pid=(\d+)|findpost__p__(\d+)|[?&]comment=(\d+)")
_ENTRY = re.compile(r"(?:&amp;|[?&;])p=(\d+)|#entry(\d+)")
_EDITORS = (
    # IPB 2: "Сообщение отредактировал Kent - 4.3.2019, 9:10",
    # "This post has been edited by Kent: Mar 4 2019, 09:10 AM"
    re.compile(r"(?:отредактировал[аи]?|edited by)\s+(?P<editor>.+?)\s*(?:\s-\s|:\s)", re.I),
    # IPS 4: "Изменено 4 марта 2019 пользователем Kent", "Edited March 4 by Kent"
    re.compile(r"(?:пользователем|\bby)\s+(?P<editor>[^\n]+?)\s*$", re.I),
)
_STOCK_AVATAR = re.compile(r"default_(?:large|thumb|photo)|/profile/default|set_resources_\d+/"
                           r"[0-9a-f]+_default_photo|noavatar", re.I)
_THREAD_ID = (
    re.compile(r'data-pageID="(\d+)"'),
    re.compile(r"showtopic=(\d+)"),
    re.compile(r"/topic/(\d+)-"),
    re.compile(r'name=["\']t["\']\s+value=["\'](\d+)'),
)
_SPOILER_HEAD = css("div.spoilertop")
_QUOTE_TOP = css("div.quotetop")
_TIME_IN = css("time, abbr")
_PAGE_LINKS = css(".pagelink a, ul.pagination li.page a, li.ipsPagination_page a")
_IPS4_PAGES = css("ul.ipsPagination[data-pages]")


# compiled once: detection runs on every page of every thread
_POSTS = {spec.engine: css(spec.post) for spec in (IPS4, IPB3, IPB2)}


SIGNALS: tuple[Signal, ...] = (
    generator("Invision"),
    # "Powered by Invision Community", "Community Forum Software by IP.Board 3.4.6",
    # "Powered by Invision Power Board"
    powered_by("Invision", 2.0),
    powered_by("IP.Board", 2.0),
    css_class("ipsApp", 2.0),
    element_id("ipboard_body", 2.0),
    # IP.Board 3's public/js/ips.topic.js, ips.hovercard.js; IPS 4's applications/core/...
    asset(r"ips\.[a-z]+\.js", 1.5),
    asset(r"public/js/ipb\.js", 1.5),
    asset(r"applications/core/interface/", 1.5),
    asset(r"jscripts/ipb_", 1.5),
    markup("ips.setSetting() calls (IPS 4)", r"ips\.setSetting\(", 1.5),
    markup("ipb.vars (IP.Board 3)", r"ipb\.vars\[", 1.5),
    markup("ipb_var_ globals (IPB 2)", r"\bipb_var_\w+", 1.5),
    element_id("elComment_#", 1.0),
    element_id("post_id_#", 1.0),
    element_id("post-main-#", 1.0),
    css_class("cPost"),
    css_class("post_block"),
    markup("IPS 4 quotes", r"data-ipsquote-", 1.0),
    form_action(r"do=multimodComment", 1.0),
    form_action(r"app=forums&(?:amp;)?module=post", 1.0),
)
# what a page that names Invision nowhere (a skin's own footer) must show to be claimed
_UNNAMED_SCORE = 3.0


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """By structure first (the post containers are unique to each generation), with the
    engine's own markers required beside them so that a post merely mentioning Invision on
    another forum is not taken. A skin that drops the body's class or id and the footer is
    still claimed when the engine's scripts, ids and forms add up (`SIGNALS`)."""
    body = root.find("body")
    body_class = (body.get("class") or "") if body is not None else ""
    body_id = (body.get("id") or "") if body is not None else ""
    # a part of every text mark below, in any case: most pages have none, and three
    # searches of the page then stand for five
    marked = contains(text, "invision", "ip.board", "ipb")
    if ("ipsApp" in body_class.split() or (marked and "Invision Community" in text)) and select(
            _POSTS[IPS4.engine], root):
        return IPS4
    if (body_id == "ipboard_body" or (marked and ("IP.Board" in text or "ipb.vars" in text))
            ) and select(_POSTS[IPB3.engine], root):
        return IPB3
    if marked and ("Invision Power Board" in text or "ipb_var_" in text) and select(
            _POSTS[IPB2.engine], root):
        return IPB2
    if not contains(text, "elcomment_", "post_id_", "post-main-"):
        return None  # none of the posts' own ids: not worth scoring
    if score("invision", SIGNALS, searched(text)).score < _UNNAMED_SCORE:
        return None
    for spec in (IPS4, IPB3, IPB2):
        if select(_POSTS[spec.engine], root):
            return spec
    return None


_IPB30_CITATION = css("xpath://p[contains(concat(' ', normalize-space(@class), ' '),"
                      " ' citation ')][following-sibling::*[1][self::div]"
                      "[contains(concat(' ', normalize-space(@class), ' '), ' blockquote ')]]")
# "Kent, on 04 March 2019 - 09:05 AM, said:", "Kent (04 Март 2019 - 09:05) писал:"
_CITED = re.compile(r"^\s*(?P<author>.+?)(?:,\s+on\s+.+?,?|\s+\([^)]*\d[^)]*\))\s*"
                    r"(?:said|wrote|писал\(а\)|писала?|сказал\(а\)|сказала?)\s*:?\s*$", re.I | re.S)


def _prepare_ipb30(root: etree._Element) -> None:
    """IP.Board 3.0 and 3.1 write a quote's header as a p.citation before the quote
    (div.blockquote > div.quote), with a "snapback" link to the quoted post: its author
    and post go on the quote as 3.2's data-author / data-cid, and the header goes."""
    for cite in select(_IPB30_CITATION, root):
        quote = cite.getnext()
        if quote is None:
            continue
        m = _CITED.match(" ".join(text_content(cite).split()))
        if m and not quote.get("data-author"):
            quote.set("data-author", m["author"].strip())
        for a in cite.iter("a"):
            pm = _PID.search(a.get("href", "")) or _ENTRY.search(a.get("href", ""))
            if pm:
                quote.set("data-cid", next(g for g in pm.groups() if g))
                break
        remove_keep_tail(cite)


def _prepare_ipb2(root: etree._Element) -> None:
    """Put each IPB 2 quote header's facts on its quote, then drop the header (it is a
    sibling the quote spec cannot see); drop spoiler headers (fixed "Спойлер" text)."""
    for top in select(_QUOTE_TOP, root):
        main = top.getnext()
        if main is not None and "quotemain" in (main.get("class") or "").split():
            header = " ".join(text_content(top).split())
            m = _QUOTE_HEAD.match(header) or _QUOTE_HEAD_UNDATED.match(header)
            if m:
                main.set(_Q_AUTHOR, m["author"])
            for a in top.iter("a"):
                pm = _PID.search(a.get("href", ""))
                if pm:
                    main.set(_Q_POST, next(g for g in pm.groups() if g))
                    break
        remove_keep_tail(top)
    for head in select(_SPOILER_HEAD, root):
        remove_keep_tail(head)


_EditFix = tuple[str | None, datetime | None, str | None]


def _editor_in(raw: str) -> tuple[str, str] | None:
    """The editor an edit line names and the rest of the line, where the date is."""
    for rx in _EDITORS:
        m = rx.search(raw)
        if m:
            after = raw[m.end():] if m.end() < len(raw) else raw[:m.start()]
            return m["editor"].strip(" .:"), after
    return None


def _edit_fix(edit_el: etree._Element, ctx: PageContext) -> _EditFix:
    """The editor named in the marker, the reason IPS 4 prints after it, and its time: the
    machine time of its <time>/<abbr>, else the date printed beside the editor's name (read
    apart from the name, since a nick such as "Марфа" or "Майя" would be taken for a month)."""
    # IPS 4 puts "Изменено ... пользователем X" in a <strong> and the reason after it; an
    # IP.Board 3 skin may put only the name in it ("edited by <strong>X</strong>: date")
    whole = " ".join(text_content(edit_el).split())
    strong = next(iter(edit_el.iter("strong")), None)
    raw = " ".join(text_content(strong).split()) if strong is not None else whole
    reason = None
    found = _editor_in(raw)
    if found is None and raw != whole:
        raw = whole
        found = _editor_in(raw)
    elif strong is not None:
        reason = whole[whole.find(raw) + len(raw):].strip() or None
    editor, after = found if found is not None else (None, raw)
    for el in select(_TIME_IN, edit_el):
        value = el.get("datetime") or el.get("title") or ""
        when = from_unix(value, ctx.timezone) if value.isdigit() else from_iso(value,
                                                                               ctx.timezone)
        if when is not None:
            return editor, when.astimezone(ctx.timezone), reason
    return editor, parse_forum_date(after, ctx.timezone, anchor=ctx.captured_at), reason


def _fix_post(post: ForumPost, fix: _EditFix | None, ctx: PageContext) -> None:
    if post.time is not None:
        # ISO attributes carry UTC; show every time in the zone the page is read in
        post.time = post.time.astimezone(ctx.timezone)
    if post.edit is not None and fix is not None:
        editor, when, reason = fix
        post.edit = post.edit.model_copy(update={"editor": editor, "time": when or post.edit.time,
                                                 "reason": reason or post.edit.reason})
    if post.avatar is not None and post.avatar.url and _STOCK_AVATAR.search(post.avatar.url):
        post.avatar = Avatar()


def _page_info(root: etree._Element, info: PageInfo, text: str) -> PageInfo:
    for rx in _THREAD_ID:
        m = rx.search(text)
        if m:
            info.thread_id = m.group(1)
            break
    numbers = page_link_numbers(root, _PAGE_LINKS)
    numbers += [int(u.get("data-pages", "0")) for u in select(_IPS4_PAGES, root)
                if u.get("data-pages", "").isdigit()]
    if info.page_number is not None:
        numbers.append(info.page_number)
    if numbers and (info.page_count is None or max(numbers) > info.page_count):
        info.page_count = max(numbers)
    if info.page_number is None and info.page_count in (None, 1):
        # no page navigation: the topic fits on this one page
        info.page_number, info.page_count = 1, 1
    return info


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    if spec is IPB2:
        _prepare_ipb2(root)
    elif spec is IPB3:
        _prepare_ipb30(root)
    post_sel = spec.compiled["post"]
    edit_sel = spec.compiled["edit"]
    assert post_sel is not None
    assert edit_sel is not None
    # edit markers are read before parse_with_spec rewrites the post bodies
    fixes: list[_EditFix | None] = []
    elements = select(post_sel, root)
    for el in elements:
        found = first(edit_sel, el)
        fixes.append(_edit_fix(found, ctx) if found is not None else None)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements)
    for post, fix in zip(parsed.posts, fixes, strict=True):
        _fix_post(post, fix, ctx)
    parsed.info = _page_info(root, parsed.info, text)
    return parsed


ADAPTER = EngineAdapter(family="invision", detect=detect, parse=parse, signals=SIGNALS,
                        title="Invision")
