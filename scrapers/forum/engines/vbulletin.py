"""vBulletin 3, 4 and 5 thread pages.

- vBulletin 3 (3.6-3.8): each post is a ``<table id="post123">`` (postbit or postbit_legacy),
  the text in ``div#post_message_123``, the date after the template comment "status icon and
  date", the number in the ``showpost.php?...postcount=N`` link, the edit note after the
  comment "edit note".
- vBulletin 4: ``<li class="postbitlegacy|postbit ... postcontainer" id="post_123">``,
  ``span.date``, ``a.postcounter``, the text in ``blockquote.postcontent``,
  ``blockquote.postcontent.lastedited`` for the edit note.
- vBulletin 5: ``<li class="b-post" data-node-id="123" data-node-publishdate="unix">``, the
  text in ``.js-post__content-text``.

Custom styles rewrite the postbit templates: each field is a chain, the default templates'
classes first, then what a style keeps (the ids postmenu_123, post_message_123, postcount123,
profile links to member.php, an element classed as a date outside the message, wherever the
style puts it: header or user info). A page that names vBulletin nowhere is claimed only
when its signals (scripts, menus, ids, classes, forms: `SIGNALS`) add up.

Quotes are not "X wrote:" headers that the shared quote reader understands ("Originally
Posted by <strong>X</strong>" / "Сообщение от <strong>X</strong>" and a "view post" link), so
this module rewrites them first into ``<blockquote class="vb-quote" data-author
data-post-id>``; the home-made [spoiler] codes of Russian boards are rewritten the same way.
"""

from __future__ import annotations

import re
from dataclasses import replace

import lxml.html
from lxml import etree

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.marks import contains, places
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, flat_text, select
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
from scrapers.forum.spec import EngineSpec, page_info, parse_with_spec
from scrapers.forum.types import PageContext, PageInfo, ParsedPage

# member.php?u=12 (vB3, vB4 without friendly URLs), member.php/12-nick (vB4 friendly URLs),
# /member/12-nick (vB5)
AUTHOR_ID_RE = r"(?:[?&;](?:amp;)?(?:u|userid)=|member\.php/|/member/)(\d+)"

_MARKUP = MarkupSpec(
    quote=QuoteSpec(container="blockquote.vb-quote", header=None, author_attr="data-author",
                    post_attr="data-post-id"),
    spoiler="div.vb-spoiler",
    spoiler_title="div.vb-spoiler-title",
    drop="img.inlineimg[src*='viewpost'], div.bbcode_quote_container",
)

# xpath: a table whose id is "post" and digits only: vB3 posts, not the look-alike tables of
# ads and guest notices (id="post_ad", no id) nor "post_thanks_box_123" divs
_VB3_POST = ("xpath://table[starts-with(@id,'post') and string(number(substring(@id,5)))!='NaN'"
             " and (.//div[starts-with(@id,'post_message_')]"
             " or .//td[starts-with(@id,'td_post_')])]")
_VB3_AVATAR = (
    "xpath:.//img[not(ancestor::div[starts-with(@id,'post_message_')])"
    " and (contains(@src,'avatar') or contains(@src,'image.php?u=')"
    " or contains(@alt,'Avatar') or contains(@alt,'Аватар')"
    " or contains(../@title,'Avatar') or contains(../@title,'Аватар'))]")

# where a printed date starts in a line that holds labels too
_DATE_START = (r"(?i)((?:сегодня|вчера|today|yesterday|"
               r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|янв|фев|мар|апр|ма[йяе]|"
               r"июн|июл|авг|сен|окт|ноя|дек)[a-zа-яё]*\.?\s*\d|\d).*)")

# outside the message: what a theme prints in the post's header and user info
_NOT_IN_MESSAGE = "not(ancestor::div[starts-with(@id,'post_message_')])"
# a link that names a member: to a profile, with text, not an item of a menu
_NAME_LINK = "contains(@href,'member.php') and normalize-space() and not(ancestor::ul)"

VBULLETIN3 = EngineSpec(
    engine="vbulletin3",
    post=_VB3_POST,
    author=("xpath:(.//*[contains(concat(' ',normalize-space(@class),' '),' bigusername ')]"
            " | .//td[starts-with(@id,'td_post_')]/div[@class='smallfont']"
            "/a[contains(@href,'member.php')])[1]",
            # a custom postbit that renamed "bigusername": the menu under the name keeps its
            # id (postmenu_123), or the first profile link outside the message
            f"xpath:(.//div[starts-with(@id,'postmenu_')]//a[{_NAME_LINK}])[1]",
            f"xpath:(.//a[{_NAME_LINK}][{_NOT_IN_MESSAGE}])[1]"),
    author_id_regex=AUTHOR_ID_RE,
    body="xpath:.//div[starts-with(@id,'post_message_')]",
    markup=_MARKUP,
    time=("xpath:(.//comment()[contains(.,'status icon and date')])[1]/..",
          # a theme without the template comments: an element classed as a date
          f"xpath:(.//*[contains(@class,'date')][{_NOT_IN_MESSAGE}])[1]"),
    # the status icon's alt ("Old", "Старое") and a theme's label ("Posted") come before the
    # date, which starts at a relative day, a month name ("Mar 21, 2020") or a digit
    time_regex=_DATE_START,
    number="xpath:.//a[contains(@href,'postcount=')]",
    number_attr="href",
    number_regex=r"postcount=(\d+)",
    edit="xpath:(.//comment()[contains(.,'edit note')])[1]/following-sibling::div[1]",
    avatar=_VB3_AVATAR,
    title="td.navbar > strong",
    page_current="div.pagenav td.alt2 strong",
    deleted="xpath:self::table[not(.//div[starts-with(@id,'post_message_')])]",
)

# a post: li#post_123 classed "postbit"/"postbitlegacy", or, in a theme that renamed the
# classes, holding the message div#post_message_123 (ads are li#post_ad, no digits)
_VB4_POST = ("xpath://li[starts-with(@id,'post_') and string(number(substring(@id,6)))!='NaN'"
             " and (contains(@class,'postbit') or .//div[starts-with(@id,'post_message_')])]")

VBULLETIN4 = EngineSpec(
    engine="vbulletin4",
    post=_VB4_POST,
    author=("xpath:(.//*[contains(concat(' ',normalize-space(@class),' '),' username ')])[1]",
            # a profile link with text, outside the message, the member menu ("View
            # Profile", "View Forum Posts") and the avatar link
            f"xpath:(.//*[contains(@class,'userinfo')]//a[{_NAME_LINK}])[1]",
            f"xpath:(.//a[{_NAME_LINK}][{_NOT_IN_MESSAGE}])[1]"),
    author_id_regex=AUTHOR_ID_RE,
    body=("xpath:.//div[starts-with(@id,'post_message_')]"
          "/blockquote[contains(@class,'postcontent')]",
          # a theme writing the message in a div.postcontent, or straight in the message div
          "xpath:.//div[starts-with(@id,'post_message_')]/*[contains(@class,'postcontent')]",
          "xpath:.//div[starts-with(@id,'post_message_')]"),
    markup=_MARKUP,
    # the header's span.date (postbit, postbit_legacy); themes move the date into the user
    # info block or rename its span: an element classed "postdate"/"date" outside the message
    time=("span.date",
          f"xpath:(.//*[contains(@class,'postdate')][{_NOT_IN_MESSAGE}])[1]",
          f"xpath:(.//*[contains(@class,'date')][{_NOT_IN_MESSAGE}]"
          "[not(ancestor::dl[contains(@class,'userinfo_extra')])])[1]"),
    time_regex=_DATE_START,
    number=("a.postcounter", "xpath:.//a[starts-with(@id,'postcount')]/preceding-sibling::a[1]"),
    signature="blockquote.signature, div.signature",
    edit="blockquote.lastedited",
    avatar="a.postuseravatar img, a.postuseravatarlink img",
    title="span.threadtitle",
    page_current=".pagination span.selected a",
    deleted="xpath:self::li[contains(@class,'postbitdeleted')]",
)

VBULLETIN5 = EngineSpec(
    engine="vbulletin5",
    post=("li.b-post[data-node-id]",
          # a theme that renamed b-post: the node id and the text's js- class (which the
          # engine's scripts need) stay
          "xpath://li[@data-node-id][.//*[contains(concat(' ',normalize-space(@class),' '),"
          "' js-post__content-text ')]]"),
    author=(".b-userinfo__details .author",
            ".b-userinfo__details [itemprop=name]",
            "xpath:(.//*[contains(@class,'b-userinfo')]//a[contains(@href,'/member/')])[1]"),
    author_id_regex=AUTHOR_ID_RE,
    post_id_attr="data-node-id",
    body=".js-post__content-text",
    markup=_MARKUP,
    # the unix publish date on the post is exact; the <time datetime> is server-local and
    # zoneless, and the text is in the viewer's zone
    time="xpath:self::*[@data-node-publishdate] | .//div[contains(@class,'b-post__timestamp')]",
    time_attrs=("data-node-publishdate",),
    number="a.b-post__count",
    signature=".post-signature",
    edit=("xpath:.//*[contains(@class,'b-post__edit') or contains(@class,'post-edit-info')"
          " or contains(@class,'b-post-edit')]"),
    avatar="a.b-avatar img",
    title="h1.main-title",
    page_current="input.js-pagenum",
    deleted="xpath:self::li[contains(@class,'b-post--deleted')]",
)

# English boards print dates month first (06-15-2016); Russian ones day first (15.06.2016)
_MONTH_FIRST = {spec.engine: replace(spec, day_first=False)
                for spec in (VBULLETIN3, VBULLETIN4, VBULLETIN5)}

_GENERATOR = re.compile(r"vBulletin\s*(?:®|&reg;)?\s*(?:Version\s*)?(\d)", re.I)
_POWERED = re.compile(r"Powered by\s*(?:<[^>]*>\s*)*vBulletin(?:®|&reg;)?\s*(?:</a>\s*)?"
                      r"(?:Version|Версия)\s*(\d)", re.I)
_THREAD_ID = (
    re.compile(r"""<input[^>]+name=["']t["'][^>]*value=["'](\d+)"""),
    re.compile(r"""showthread\.php\?(?:[^"'<>\s]*?(?:&amp;|&|;))?t=(\d+)"""),
    re.compile(r"showthread\.php/(\d+)"),
    re.compile(r"""<link[^>]+rel=["']canonical["'][^>]+href=["'][^"']*/(\d+)-[^"'/]*["']"""),
)


def _meta_version(root: etree._Element) -> int | None:
    """The major version the generator meta states."""
    for meta in root.iter("meta"):
        if (meta.get("name") or "").lower() == "generator":
            m = _GENERATOR.search(meta.get("content") or "")
            if m:
                return int(m.group(1))
    return None


def _footer_version(text: str) -> int | None:
    """The major version the footer copyright states: `_POWERED.search(text)`, tried only
    where it can match, at "Powered by" in any case (letters IGNORECASE matches to ASCII
    only)."""
    for at in places(text, "powered by"):
        m = _POWERED.match(text, at)
        if m:
            return int(m.group(1))
    return None


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# whether there is a post of each version: the same answer as the variants' post selectors,
# faster (libxml2 makes `//x[...]` visit every node's children, and tests an attribute node
# faster than an element's attribute); vB5's text class is looked for in its posts, and the
# first post with one ends the search
_VB5_POSTS = etree.XPath("/descendant::li/@data-node-id/parent::*")
_HAS_VB5_TEXT = etree.XPath(
    "boolean(descendant::*/@class[contains(., 'js-post__content-text')]"
    "[contains(concat(' ', normalize-space(.), ' '), ' js-post__content-text ')])")
_HAS_VB4_POST = etree.XPath(
    "boolean(/descendant::li/@id[starts-with(., 'post_')]"
    "[string(number(substring(., 6))) != 'NaN']/parent::*[contains(@class, 'postbit')"
    " or .//div[starts-with(@id, 'post_message_')]])")
_HAS_VB3_POST = etree.XPath(
    "boolean(/descendant::table/@id[starts-with(., 'post')]"
    "[string(number(substring(., 5))) != 'NaN']/parent::*"
    "[.//div[starts-with(@id, 'post_message_')] or .//td[starts-with(@id, 'td_post_')]])")


SIGNALS: tuple[Signal, ...] = (
    generator("vBulletin"),
    powered_by("vBulletin"),
    # vB3 clientscript/vbulletin_global.js, vB4 clientscript/vbulletin-core.js and the
    # vbulletin_important.css both print
    asset(r"clientscript/vbulletin[_-]", 2.0),
    markup("vbmenu_register() calls (vB3, vB4 menus)", r"vbmenu_register\(", 1.5),
    markup("vB's JavaScript globals", r"var\s+(?:SESSIONURL|SECURITYTOKEN|vb_disable_ajax)\b",
           1.0),
    element_id("post_message_#", 1.0),
    element_id("postcount#", 1.0),
    css_class("postbitlegacy"),
    css_class("postcontainer"),
    css_class("b-post"),
    css_class("js-post__content-text", 1.5),
    markup("vB5 post nodes", r"data-node-publishdate=", 1.5),
    form_action(r"newreply\.php", 0.5),
    form_action(r"showthread\.php", 0.5),
)
# the evidence a page must show when it names vBulletin nowhere (a host's own footer, no
# generator): the posts' own ids and the engine's scripts or menus, not one of them alone
_UNNAMED_SCORE = 3.0


def _enough(text: str) -> bool:
    """Whether the page's vBulletin signals add up to a claim without the name."""
    return score("vbulletin", SIGNALS, searched(text)).score >= _UNNAMED_SCORE


def _named(text: str) -> bool:
    """Whether the page says vBulletin (or writes its register-menu calls) anywhere."""
    return contains(text, "vbullet", "vbmenu_register")


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """The vBulletin variant of the page, from the generator meta or footer together with
    the post markup; a page without vBulletin post markup is not claimed, nor one that names
    vBulletin nowhere unless its signals add up (`_UNNAMED_SCORE`)."""
    version = _meta_version(root)
    named = version is not None or _named(text)
    if not named and (not contains(text, "post_message_", "js-post__content-text")
                      or not _enough(text)):
        return None  # nothing of a vBulletin post: not worth scoring the page
    if version is None:
        version = _footer_version(text)
    found: EngineSpec | None = None
    if any(_HAS_VB5_TEXT(post) for post in select(_VB5_POSTS, root)):
        found = VBULLETIN5
    elif _HAS_VB4_POST(root) and version in (4, None):
        found = VBULLETIN4
    elif _HAS_VB3_POST(root) and version in (3, None):
        found = VBULLETIN3
    if found is None:
        return None
    if (named and version is None and "vbmenu_register" not in text and "vBulletin" not in text
            and not _enough(text)):
        # post-like markup and "vbulletin" only in lower case (a link, a word in a post),
        # and little else of vBulletin's: someone else's page
        return None
    lang = (root.get("lang") or root.get("{http://www.w3.org/XML/1998/namespace}lang")
            or "").lower()
    return _MONTH_FIRST[found.engine] if lang.startswith("en") else found


def _replace_with(old: etree._Element, new: etree._Element, content: etree._Element | None
                  ) -> None:
    """Put `new` where `old` is, holding `content`'s children (and text)."""
    if content is not None:
        new.text = content.text
        for child in list(content):
            new.append(child)
    new.tail = old.tail
    parent = old.getparent()
    if parent is not None:
        parent.replace(old, new)


_POST_LINK = re.compile(r"[?&;](?:amp;)?p=(\d+)|#post(\d+)")
_VB3_QUOTE = css(
    "xpath://div[starts-with(@id,'post_message_') or contains(@class,'js-post__content-text')"
    " or contains(@class,'postcontent')]//div[div[@class='smallfont']"
    " and table[.//td[contains(@class,'alt2')]]]")
_VB4_QUOTE = css("xpath://div[contains(@class,'bbcode_container')][div[contains(@class,"
                 "'bbcode_quote')]]")
_VB3_SPOILER = css(
    "xpath://div[div[@class='smallfont'] and div[contains(@class,'alt2')]"
    "/div[contains(translate(@style,' ',''),'display:none')]]")
_WRAP_SPOILER = css("xpath://div[contains(@class,'spoiler-wrap') or @class='spoiler']"
                    "[.//*[contains(@class,'spoiler-head') or contains(@class,'spoiler-title')]]")


def _quote(container: etree._Element, postedby: etree._Element | None,
           message: etree._Element | None) -> None:
    """Rewrite one engine quote to ``blockquote.vb-quote`` with its author and post id."""
    new = etree.Element("blockquote")
    new.set("class", "vb-quote")
    if postedby is not None:
        strong = next(iter(postedby.iter("strong", "b")), None)
        author = flat_text(strong) if strong is not None else ""
        if author:
            new.set("data-author", author)
        for a in postedby.iter("a"):
            m = _POST_LINK.search(a.get("href") or "")
            if m:
                new.set("data-post-id", m.group(1) or m.group(2))
                break
        parent = postedby.getparent()
        if parent is not None:
            parent.remove(postedby)
    _replace_with(container, new, message)


def _prepare(root: etree._Element) -> None:
    """Quotes and spoilers of all three versions into the markup `_MARKUP` reads; innermost
    first, so that an outer quote carries its inner quotes already rewritten."""
    for div in reversed(select(_VB3_QUOTE, root)):
        cell = next(iter(div.iterdescendants("td")), None)
        if cell is None:
            continue
        # with an author: <div>Сообщение от <strong>X</strong> <a href=...p=1></a></div>
        # <div style="font-style:italic">text</div>; without: the text sits in the cell
        kids = [k for k in cell if isinstance(k.tag, str)]
        if (len(kids) >= 2 and kids[0].tag == "div" and kids[1].tag == "div"
                and "italic" in (kids[1].get("style") or "")
                and kids[0].find(".//strong") is not None):
            _quote(div, kids[0], kids[1])
        else:
            _quote(div, None, cell)
    for div in reversed(select(_VB4_QUOTE, root)):
        inner = next((d for d in div.iter("div") if "quote_container" in (d.get("class") or "")
                      .split()), None)
        if inner is None:
            continue
        postedby = next((d for d in inner if isinstance(d.tag, str)
                         and "bbcode_postedby" in (d.get("class") or "")), None)
        message = next((d for d in inner if isinstance(d.tag, str)
                        and "message" in (d.get("class") or "").split()), None)
        if postedby is not None and message is not None:
            _quote(div, postedby, message)
        else:
            _quote(div, None, inner)
    for div in reversed(select(_VB3_SPOILER, root)):
        head = div.find("div")
        box = next((k for k in div if isinstance(k.tag, str)
                    and "alt2" in (k.get("class") or "")), None)
        body = box.find("div") if box is not None else None
        _spoiler(div, flat_text(head) if head is not None else "", body)
    for div in reversed(select(_WRAP_SPOILER, root)):
        head = next((d for d in div.iter() if isinstance(d.tag, str) and re.search(
            r"spoiler-(?:head|title)", d.get("class") or "")), None)
        body = next((d for d in div.iter() if isinstance(d.tag, str) and re.search(
            r"spoiler-(?:body|content)", d.get("class") or "")), None)
        title = flat_text(head) if head is not None else ""
        if head is not None and body is None:
            head.getparent().remove(head)  # type: ignore[union-attr]
        _spoiler(div, title, body if body is not None else div)


def _spoiler(old: etree._Element, title: str, body: etree._Element | None) -> None:
    new = etree.Element("div")
    new.set("class", "vb-spoiler")
    title = title.strip().rstrip(":").strip()
    if body is not None:
        new.text = body.text
        for child in list(body):
            new.append(child)
    if title:
        head = etree.Element("div")
        head.set("class", "vb-spoiler-title")
        head.text = title
        head.tail = new.text
        new.text = None
        new.insert(0, head)
    new.tail = old.tail
    parent = old.getparent()
    if parent is not None:
        parent.replace(old, new)


_PAGE_TOTAL = css("span.pagetotal")


def _page_info(root: etree._Element, spec: EngineSpec, text: str) -> PageInfo:
    info = page_info(root, spec, text)
    info.thread_id = None
    for rx in _THREAD_ID:
        m = rx.search(text)
        if m:
            info.thread_id = m.group(1)
            break
    if spec.engine == "vbulletin5":
        # the page number is the value of the "Page [1] of 2" box
        box = select(spec.compiled["page_current"], root) if spec.compiled["page_current"] \
            else []
        value = box[0].get("value", "") if box else ""
        info.page_number = int(value) if value.isdigit() else None
        total = select(_PAGE_TOTAL, root)
        count = flat_text(total[0]) if total else ""
        info.page_count = int(count) if count.isdigit() else info.page_count
        if info.thread_id is None:
            first = [li.get("data-node-id") for li in root.iter("li")
                     if "b-post--first" in (li.get("class") or "").split()]
            info.thread_id = first[0] if first else None
    if info.page_number is None and info.page_count is None and spec.engine != "vbulletin5":
        # a thread of one page shows no page navigation at all
        info.page_number, info.page_count = 1, 1
    return info


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _prepare(root)
    parsed = parse_with_spec(root, spec, ctx, text, info=lambda: _page_info(root, spec, text))
    deleted = {p.post_id or str(p.order) for p in parsed.posts if p.deleted}
    # a deleted post's placeholder has no body by design; not a parsing problem
    ctx.issues[:] = [i for i in ctx.issues if not (
        i.code == "post-without-body" and any(
            re.search(rf"post {re.escape(d)} has no body", i.message) for d in deleted))]
    parsed.issues = ctx.issues
    for post in parsed.posts:
        post.html = _drop_empty_colors(post.html)
    return parsed


def _drop_empty_colors(html: str) -> str:
    """Unwrap colour spans around nothing: vB boards wrap embedded videos (dropped as
    iframes) in coloured divs, which would leave a colour run without text."""
    if "mk-color" not in html:
        return html
    frag = lxml.html.fragment_fromstring(html, create_parent="div")
    changed = False
    for span in frag.xpath('.//span[@class="mk-color"]'):
        if not span.text_content().strip() and not span.xpath(".//img"):
            span.drop_tag()
            changed = True
    if not changed:
        return html
    return ((frag.text or "") + "".join(
        lxml.html.tostring(child, encoding="unicode", with_tail=True) for child in frag)).strip()


ADAPTER = EngineAdapter(family="vbulletin", detect=detect, parse=parse, signals=SIGNALS,
                        title="vBulletin")
