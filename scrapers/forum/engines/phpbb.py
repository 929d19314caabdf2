"""phpBB: 3.0 prosilver, 3.1-3.3 prosilver, 3.x subsilver2 and 2.0 subSilver thread pages.

The variants differ in layout, not in ideas:

- prosilver (3.0 and 3.1+): one ``div.post#p123`` per post, author and date in ``p.author``
  (3.1+ adds ``<time datetime>``), text in ``div.content``, edit notice ``div.notice``,
  signature ``div.signature`` outside the text;
- subsilver2 (3.x): one ``table.tablebg`` per post, ``b.postauthor`` without a profile link
  (the profile button sits in the post's last row), the date after "Добавлено:" in the
  header cell, the signature in a second ``div.postbody``;
- phpBB 2 subSilver: every post is a ``<tr>`` of one big ``table.forumline``; the signature
  is glued to the message inside the same ``span.postbody`` after
  ``<br />_________________<br />`` and has to be cut off; quotes are tables.

phpBB prints times in the board's (or viewer's) zone and says which in the footer ("All times
are UTC + 3 hours [ DST ]", "Часовой пояс: UTC + 3 часа [ Летнее время ]",
"Часовой пояс: UTC+03:00", "Часовой пояс: GMT + 3"): that statement is the truth about the
page and wins over the zone the caller guessed.

Forumotion boards copy phpBB's markup (and its "© phpBB" line); they are left to the
forumotion adapter.
"""

from __future__ import annotations

import re

from lxml import etree

from engine.gamelog import Avatar, EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import parse_forum_date
from scrapers.forum.fast_select import has_class
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text, select
from scrapers.forum.signals import (
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
from scrapers.forum.spec import EngineSpec, parse_edit, parse_with_spec
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage
from scrapers.html_text import element_text


def _cls(name: str) -> str:
    """XPath test for a class among several (`contains(@class, 'post')` would match 'postbody')."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# The 3.0-era spoiler BBCode most Russian boards installed: a bare wrapper div (margin style)
# holding div.quotetitle ("Спойлер:" and a show/hide button) and div.quotecontent with the
# text in a display:none div. A quote's own hidden-text div is not such a wrapper.
_OLD_SPOILER = ("div[not(@class)][not(contains(@style, 'display'))][count(*) = 2]"
                "[*[1][self::div][@class = 'quotetitle']]"
                "[*[2][self::div][@class = 'quotecontent']]")
_OLD_SPOILER_TITLE = "./div[@class = 'quotetitle']"
_OLD_SPOILER_BODY = "./div[@class = 'quotecontent']/div"

# [img] is <img alt="Image"> (3.1+ adds class "postimage"; the word is the board's language);
# phpBB 2 writes a smiley as <img src=".../smiles/icon_cry.gif" alt="Crying or Very sad">:
# the alt of both is the engine's label, not words of the post. (phpBB 3's smiley alt is the
# code the poster typed, ":cry:", and stays.)
_IMAGE_WORDS = ("Image", "Изображение", "Bild", "Imagen", "Immagine", "Imagem", "Obraz",
                "Afbeelding", "Kép", "Resim", "Obrázek")
MUTED_IMAGES = ("xpath:.//img[" + _cls("postimage") + " or contains(@src, '/smiles/') or "
                + " or ".join(f"@alt = '{w}'" for w in _IMAGE_WORDS) + "]")

# 3.0 writes [b] as a font-weight span, 3.2+ as <strong class="text-strong">; colours are
# style="color: ..." spans in all of them, which the common markup reads as they are.
# Spoilers: the old BBCode above and the 3.2+ "Simple Spoiler" extension (details.spoiler).
PROSILVER_MARKUP = MarkupSpec(
    quote=QuoteSpec(
        container="blockquote",
        header="cite",
        # 3.0-3.2 wrap a quote's text in a bare <div>; 3.3 does not
        body=("xpath:./div[cite or (not(@*) and not(preceding-sibling::*) "
              "and not(following-sibling::*))]"),
    ),
    spoiler=f"xpath:.//details[{_cls('spoiler')}] | .//{_OLD_SPOILER}",
    spoiler_title=(f"xpath:./summary//span[{_cls('spoiler-title')}] | {_OLD_SPOILER_TITLE}"),
    spoiler_body=f"xpath:./div[{_cls('spoiler-body')}] | {_OLD_SPOILER_BODY}",
    mute_images=MUTED_IMAGES,
)

# subsilver2 writes a quote as two sibling divs: div.quotetitle "X писал(а):" and
# div.quotecontent; the old spoiler uses the same two inside its wrapper
SUBSILVER2_MARKUP = MarkupSpec(
    quote=QuoteSpec(
        container=("xpath:.//div[@class = 'quotecontent']"
                   "[preceding-sibling::*[1][self::div][@class = 'quotetitle']]"
                   f"[not(parent::{_OLD_SPOILER})]"),
        header="xpath:./div[@class = 'quotetitle']",
        header_before=True,
    ),
    spoiler=f"xpath:.//{_OLD_SPOILER}",
    spoiler_title=f"xpath:{_OLD_SPOILER_TITLE}",
    spoiler_body=f"xpath:{_OLD_SPOILER_BODY}",
    mute_images=MUTED_IMAGES,
)

# phpBB 2: [quote="Kent"] is a table: a row with <span class="genmed"><b>Kent писал(а):</b>
# </span>, then a row with <td class="quote">
PHPBB2_MARKUP = MarkupSpec(
    quote=QuoteSpec(
        container=f"xpath:.//table[tr/td[{_cls('quote')}]]",
        header=f"xpath:./tr[1]/td/span[{_cls('genmed')}]",
        body=f"xpath:./tr/td[{_cls('quote')}]",
    ),
    mute_images=MUTED_IMAGES,
)

# id "p" + digits only: ad blocks dressed as posts ("post bg3", "post-ad") have none
_PROSILVER_POST = (f"xpath://div[{_cls('post')}][starts-with(@id, 'p')][string-length(@id) > 1]"
                   "[translate(substring(@id, 2), '0123456789', '') = '']"
                   f"[.//p[{_cls('author')}]]")


def _prosilver(engine: str, deleted: str | None) -> EngineSpec:
    return EngineSpec(
        engine=engine,
        post=_PROSILVER_POST,
        post_id_regex=r"^p(\d+)$",
        author="p.author strong",
        body="div.content",
        # the <time datetime> of 3.1+ when there is one, else the text of p.author after "»"
        time=(f"xpath:.//p[{_cls('author')}]/time | "
              f".//p[{_cls('author')}][not(time)]"),
        time_attrs=("datetime",),
        time_regex=r"»\s*(.+)$",
        edit=f"xpath:.//div[{_cls('notice')}][not({_cls('post_deleted_msg')})]",
        avatar="dl.postprofile dt img",
        title="h2.topic-title, #page-body h2",
        page_count_regex=None,
        deleted=deleted,
        markup=PROSILVER_MARKUP,
    )


PROSILVER30 = _prosilver("phpbb30-prosilver", None)
# a soft-deleted post, shown to moderators, keeps its text but carries class "deleted"
PROSILVER31 = _prosilver("phpbb31-prosilver", f"xpath:self::div[{_cls('deleted')}]")

SUBSILVER2 = EngineSpec(
    engine="phpbb3-subsilver2",
    # the innermost table.tablebg holding a b.postauthor (attachments are tablebg too)
    post=(f"xpath://table[{_cls('tablebg')}][.//b[{_cls('postauthor')}]]"
          f"[not(.//table[{_cls('tablebg')}]//b[{_cls('postauthor')}])]"),
    post_id="xpath:.//a[starts-with(@name, 'p')]",
    post_id_attr="name",
    post_id_regex=r"^p(\d+)$",
    author="b.postauthor",
    # b.postauthor has no link: the profile button in the post's last row has the id
    author_link=(f"xpath:.//div[{_cls('gensmall')}]/a[contains(@href, 'mode=viewprofile')]"),
    time=f"xpath:(.//td[{_cls('gensmall')}])[1]/div[last()]",
    time_regex=r":\s*(.+)$",
    body="div.postbody",  # the first one; the signature is the second
    edit=(f"xpath:.//span[{_cls('gensmall')}][contains(., 'едактировал') "
          "or contains(., 'dited')]"),
    avatar=(f"xpath:.//td[{_cls('profile')}]//img[not(contains(@src, '/ranks/'))]"
            "[not(contains(@src, 'imageset'))]"),
    title="a.titles, #pageheader h2",
    page_count_regex=None,
    markup=SUBSILVER2_MARKUP,
)

PHPBB2 = EngineSpec(
    engine="phpbb2-subsilver",
    post=(f"xpath://table[{_cls('forumline')}]//tr[td/span[{_cls('name')}]/a[@name]]"),
    post_id=f"xpath:./td[1]/span[{_cls('name')}]/a[@name]",
    post_id_attr="name",
    post_id_regex=r"^(\d+)$",
    author=f"xpath:./td[1]/span[{_cls('name')}]",
    # the profile button is in the next row; a guest has none
    author_link="xpath:following-sibling::tr[1]//a[contains(@href, 'mode=viewprofile')]",
    time=f"xpath:./td[2]//span[{_cls('postdetails')}]",
    # "Добавлено: 04.03.2019 9:05   Заголовок сообщения: ..." - up to the first hh:mm
    time_regex=r":\s*(.+?\d{1,2}:\d{2}(?:\s*[ap]\.?m\b\.?)?)",
    body=f"xpath:./td[2]//td[span[{_cls('postbody')}]]",
    edit=(f"xpath:./td[2]//td/span[{_cls('gensmall')}][contains(., 'едактировал') "
          "or contains(., 'dited')]"),
    avatar=(f"xpath:./td[1]/span[{_cls('postdetails')}]/img[not(contains(@src, 'rank'))]"),
    title="a.maintitle",
    page_count_regex=None,
    markup=PHPBB2_MARKUP,
)

# ---- custom themes -----------------------------------------------------------------------
# A theme (BBOOTS, a Bootstrap or "flat" style, an old subSilver derivative) renames the
# default classes but keeps what phpBB itself writes: the post anchor (3.x: the post's
# ``id="p123"``, ``div#post_content123`` around the text; 2.x: ``<a name="123">``), the
# ``postbody``/``postdetails`` classes the templates copy, the profile links
# (``memberlist.php?mode=viewprofile&u=``, ``profile.php?mode=viewprofile&u=``) and the
# ``viewtopic.php?p=`` permalinks. These variants read a page through those only.

_DIGIT_ID = ("starts-with(@id, 'p') and string-length(@id) > 1 "
             "and translate(substring(@id, 2), '0123456789', '') = ''")
_TEXT_BOX = (f".//div[{_cls('postbody')}] or .//div[starts-with(@id, 'post_content')] "
             f"or .//div[{_cls('content')}]")
_USERNAME = f"({_cls('username')} or {_cls('username-coloured')})"

PHPBB3_THEME = EngineSpec(
    engine="phpbb3-theme",
    # the innermost element with a post id that holds the text (an ad block, a "quick reply"
    # form or a deleted-post notice carries no such id)
    post=(f"xpath://div[{_DIGIT_ID}][{_TEXT_BOX}][not(.//div[{_DIGIT_ID}][{_TEXT_BOX}])]"),
    post_id_regex=r"^p(\d+)$",
    author=("p.author strong",
            f"xpath:(.//*[{_cls('postprofile')}]//*[{_USERNAME}][normalize-space()])[1]",
            f"xpath:(.//*[{_USERNAME}][normalize-space()])[1]",
            "xpath:(.//a[contains(@href, 'mode=viewprofile')][normalize-space()])[1]"),
    author_link="xpath:(.//a[contains(@href, 'mode=viewprofile')])[1]",
    body=("xpath:.//div[starts-with(@id, 'post_content')]//div[" + _cls("content") + "]",
          f"xpath:(.//div[{_cls('postbody')}]//div[{_cls('content')}])[1]",
          f"xpath:(.//div[{_cls('content')}])[1]",
          "xpath:.//div[starts-with(@id, 'post_content')]"),
    # 3.1+ <time datetime>; prosilver's p.author; a theme's own time box; else the element
    # holding the post's permalink (the date sits after the poster's name there, see parse)
    time=(f"xpath:.//p[{_cls('author')}]/time", f"xpath:.//p[{_cls('author')}]",
          "xpath:(.//time[@datetime])[1]",
          "xpath:(.//*[contains(@class, 'time') or contains(@class, 'date')]"
          "[not(self::time)][normalize-space()])[1]",
          "xpath:(.//a[contains(@href, 'viewtopic.php?p=') or starts-with(@href, '#p')]"
          "/parent::*[normalize-space()])[1]"),
    time_attrs=("datetime",),
    time_regex=r"»\s*(.+)$",
    signature=f"xpath:.//div[{_cls('signature')}]",
    edit=f"xpath:.//div[{_cls('notice')}][not({_cls('post_deleted_msg')})]",
    avatar=("dl.postprofile dt img", "img.avatar"),
    # the heading that links to the topic itself (a post's subject links to "#p123")
    title=("h2.topic-title", "#page-body h2",
           "xpath:(//h1 | //h2 | //h3)[a[contains(@href, 'viewtopic.php')]"
           "[contains(@href, 't=')]][1]"),
    page_count_regex=None,
    deleted=f"xpath:self::div[{_cls('deleted')}]",
    markup=PROSILVER_MARKUP,
)

_NAMED = ("a[@name][string-length(@name) > 0]"
          "[translate(@name, '0123456789', '') = '']")
_P2_BODY = f".//span[{_cls('postbody')}]"
_P2_HOLDS = f"descendant-or-self::{_NAMED}"
# the row of the anchor's own post: the nearest row with a message that holds no other
# post's anchor
_P2_ROW = f"ancestor::tr[{_P2_BODY}][1][count(.//{_NAMED}) = 1]"
# a post written after its anchor: a block with a message and a link to a post (the mini-post
# permalink, the quote button: an ad block has neither), no anchor of its own, not inside
# one post's row, whose nearest earlier sibling with an anchor or a message is the anchor
_P2_BLOCK = (f"*[{_P2_BODY}][.//a[contains(@href, '?p=') or contains(@href, '&p=')]]"
             f"[not(.//{_NAMED})]"
             f"[not(ancestor::tr[count(.//{_NAMED}) = 1][{_P2_BODY}])]"
             f"[preceding-sibling::*[{_P2_HOLDS} or {_P2_BODY}][1][{_P2_HOLDS}]"
             f"[not({_P2_BODY})]]")

PHPBB2_THEME = EngineSpec(
    engine="phpbb2-theme",
    # subSilver and its derivatives put the anchor in the poster's cell of the post's row;
    # themes with a table per post (the "XS" header/footer ones) put it before the table
    post=f"xpath://{_NAMED}/{_P2_ROW} | //{_P2_BLOCK}",
    post_id=(f"xpath:.//{_NAMED}",
             f"xpath:preceding-sibling::*[{_P2_HOLDS}][1]/{_P2_HOLDS}"),
    post_id_attr="name",
    post_id_regex=r"^(\d+)$",
    author=(f"xpath:(.//*[{_cls('name')}][normalize-space()])[1]",
            "xpath:(.//a[contains(@href, 'mode=viewprofile')][normalize-space()])[1]"),
    author_link=("xpath:(.//a[contains(@href, 'mode=viewprofile')])[1]",
                 "xpath:following-sibling::tr[1]//a[contains(@href, 'mode=viewprofile')]"),
    # the date follows the post's mini-post link ("Posted: <date>  Post subject: ...")
    time=("xpath:(.//a[contains(@href, 'p=')][img]/following-sibling::span[1])[1]",
          "xpath:(.//img[contains(@src, 'minipost')]/following-sibling::span[1])[1]",
          f"xpath:(.//td[{_cls('postdetails')} or span[{_cls('postdetails')}]]"
          "[contains(., ':')][not(.//*[" + _cls("name") + "])])[last()]"),
    time_regex=PHPBB2.time_regex,
    body=f"xpath:(.//td[span[{_cls('postbody')}]])[1]",
    edit=(f"xpath:.//span[{_cls('gensmall')}][contains(., 'едактировал') "
          "or contains(., 'dited')]"),
    avatar=(f"xpath:.//span[{_cls('postdetails')}]//img[not(contains(@src, 'rank'))]"),
    title=("a.maintitle", "a.cattitle"),
    page_count_regex=None,
    markup=PHPBB2_MARKUP,
)

VARIANTS = (PROSILVER30, PROSILVER31, SUBSILVER2, PHPBB2, PHPBB3_THEME, PHPBB2_THEME)
_THEMES = (PHPBB3_THEME, PHPBB2_THEME)

# the evidence phpBB's pages carry, whatever the theme
SIGNALS = (
    powered_by("phpBB", 2.0),
    markup("phpBB copyright meta", r"<meta\s[^>]*content=[\"'][^\"']*phpBB (?:Limited|Group)",
           2.0),
    generator("phpBB"),
    markup("<body id=\"phpbb\">", r"<body\s[^>]*id=[\"']phpbb[\"']", 1.5),
    asset(r"styles/[^/\"']+/(?:theme|template|imageset)/", 1.5),
    asset(r"templates/[^/\"']+/[^\"']*\.(?:css|js)", 0.5),
    markup("profile link memberlist.php?mode=viewprofile",
           r"memberlist\.php\?mode=viewprofile", 1.5),
    markup("phpBB 2 profile link", r"profile\.php\?mode=viewprofile", 1.5),
    markup("reply/quote link posting.php?mode=", r"posting\.php\?mode=(?:reply|quote)", 1.0),
    form_action(r"posting\.php\?mode=reply", 0.5),
    markup("permalink viewtopic.php?p=", r"viewtopic\.php\?(?:[^\"'#]*&amp;)?p=\d", 0.5),
    element_id("post_content#", 1.0),
    css_class("postbody", 1.0),
    css_class("postprofile", 0.5),
    css_class("postdetails", 0.5),
)

# something phpBB and nothing else writes, in any case: its name, its copyright meta and
# style comment, its profile URL schemes (3.x memberlist.php, 2.x profile.php)
_PHPBB_MARKS = ("phpbb", "memberlist.php?mode=viewprofile", "profile.php?mode=viewprofile")
# Forumotion (forumotion.com, forumactif.com, forum2x2.ru) hosts phpBB-looking skins; its
# pages load scripts and images from illiweb.com and set the _userdata JS object
_FORUMOTION_STRUCTURAL = re.compile(
    r"illiweb\.com|\b_userdata\s*=|\bfa_toolbar\b|\b_board\s*=\s*\{", re.I)
_FORUMOTION_BRAND = re.compile(
    r"forumotion|forumactif|forum2x2|hitskin\.com|forumgratuit|editboard\.com", re.I)

_P30_TIME = css(f"xpath:.//p[{_cls('author')}]/time")
# Detection's selectors find the same elements as the variants' (or say whether there is
# one) faster: libxml2 makes `//x[...]` visit every node's children, and tests an attribute
# node faster than an element's attribute; the cheap tests go first. A subsilver2 post is
# there when a b.postauthor is inside a table.tablebg, a phpBB 2 one when a forumline row
# holds a named link.
# 3.1+ is responsive (viewport meta) and wraps each post's text in div#post_content123
_P31_MARK = etree.XPath("boolean(/descendant::meta/@name[. = 'viewport'] | "
                        "/descendant::div/@id[starts-with(., 'post_content')])")
_POSTBODY = css("div.postbody")
# "p" and digits only, as PROSILVER30.post's tests of the id allow
_POST_ID = re.compile(r"p[0-9]+")
_HAS_SUBSILVER2_POST = etree.XPath(
    "boolean(/descendant::b/@class[contains(concat(' ', normalize-space(.), ' '), "
    f"' postauthor ')]/parent::*[ancestor::table[{_cls('tablebg')}]])")
_HAS_PHPBB2_POST = etree.XPath(
    f"boolean(/descendant::a/@name/parent::*[parent::span[{_cls('name')}]"
    f"[parent::td[parent::tr[ancestor::table[{_cls('forumline')}]]]]])")


def _has_brand(low: str) -> bool:
    """`_FORUMOTION_BRAND.search(low)` on lowercased text, tried only where a match can
    start: at "forum", and before the "n.com" of "hitskin.com" and the "board.com" of
    "editboard.com" (those parts hold no "i", "s" or "k", which IGNORECASE also matches
    to letters beyond ASCII)."""
    for part, back in (("forum", 0), ("n.com", 6), ("board.com", 4)):
        at = low.find(part, back)
        while at >= 0:
            if _FORUMOTION_BRAND.match(low, at - back):
                return True
            at = low.find(part, at + 1)
    return False


def _is_forumotion(root: etree._Element, text: str) -> bool:
    if contains(text, "illiweb.com"):
        return True
    # the "_" marks searched together first: one search, and on most pages the end of it
    if contains(text, "fa_toolbar", "_userdata", "_board") and (
            contains(text, "fa_toolbar") or (contains(text, "_userdata", "_board")
                                             and _FORUMOTION_STRUCTURAL.search(text.lower()))):
        return True
    head = root.find("head")
    head_html = etree.tostring(head, encoding="unicode").lower() if head is not None else ""
    # the last 4000 characters of text.lower(), lowering only the tail (a character never
    # lowers to less than one)
    tail = text[-4000:].lower()[-4000:]
    # a brand name in a post is a mention; in the head or the footer it is the host
    return _has_brand(head_html) or _has_brand(tail)


def _first_prosilver_posts(root: etree._Element) -> list[etree._Element]:
    """The first three of the elements PROSILVER30.post finds (all that detection uses), by
    a walk over the page's divs that ends at the third: the first posts come early."""
    posts: list[etree._Element] = []
    for div in root.iter("div"):
        ident = div.get("id")
        if (ident and _POST_ID.fullmatch(ident) and has_class(div, "post")
                and any(has_class(p, "author") for p in div.iter("p"))):
            posts.append(div)
            if len(posts) == 3:
                break
    return posts


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """The phpBB variant of the page, from its post markup; None for other engines."""
    if not contains(text, *_PHPBB_MARKS) or _is_forumotion(root, text):
        return None
    prosilver = _first_prosilver_posts(root)
    if prosilver and any(select(_POSTBODY, p) for p in prosilver):
        newer = select(_P30_TIME, prosilver[0]) or _P31_MARK(root)
        return PROSILVER31 if newer else PROSILVER30
    if _HAS_SUBSILVER2_POST(root):
        return SUBSILVER2
    if _HAS_PHPBB2_POST(root):
        return PHPBB2
    # a custom theme: enough of phpBB's evidence besides the name, and its post markup
    if score("phpbb", SIGNALS, searched(text)).score < _THEME_EVIDENCE:
        return None
    for spec in _THEMES:
        post_sel = spec.compiled["post"]
        if post_sel is not None and select(post_sel, root):
            return spec
    return None


# what a custom theme's page must show (its profile links and reply links, a style path...)
_THEME_EVIDENCE = 3.0


# ---- edit notices ---------------------------------------------------------------------------

_EDIT_WORDS = re.compile(r"редактировал|edited", re.I)
_EDITOR_AFTER = re.compile(r"(?:редактировалось|edited by)\s*:?\s*(?P<editor>[^(;,]+?)\s*"
                           r"(?:\(|;|,|\s+on\s|$)", re.I)
_EDIT_TAIL = re.compile(r"[,;]\s*(?:всего|edited)\b.*$", re.I | re.S)


def edit_marker(notice: etree._Element, ctx: PageContext) -> EditMarker | None:
    """phpBB's "Последний раз редактировалось X Пн мар 04, 2019 9:05 am, всего
    редактировалось 1 раз." (3.x, X a profile link), "Последний раз редактировалось: X
    (Пн Мар 04, 2019 9:10), всего редактировалось 1 раз" (2.x) and the English ones.
    The date is read from the text after the editor's name only, so that a nick like
    "Марта" or "Август" is not taken for a month."""
    raw = " ".join(element_text(notice, set()).split())
    if not _EDIT_WORDS.search(raw):
        return None  # a "bumped by" or other notice
    base = parse_edit(raw, ctx)
    editor: str | None = None
    for a in notice.iter("a"):
        if re.search(r"mode=viewprofile|[?&]u=\d", a.get("href", "")):
            editor = flat_text(a) or None
            break
    if editor is None:
        m = _EDITOR_AFTER.search(raw)
        editor = m["editor"].strip() if m else base.editor
    after = raw
    if editor and editor in raw:
        after = raw[raw.index(editor) + len(editor):]
    after = re.split(r"(?:причина|reason)\s*:", after, flags=re.I)[0]
    when = _EDIT_TAIL.sub("", after).strip(" ()")
    time = parse_forum_date(when, ctx.timezone, anchor=ctx.captured_at) if when else None
    return EditMarker(editor=editor, time=time, count=base.count, reason=base.reason, raw=raw)


# ---- phpBB 2 signatures -----------------------------------------------------------------------

_SIG_LINE = re.compile(r"_{10,}")


def cut_signature(body: etree._Element) -> bool:
    """Remove what follows phpBB 2's "<br />_________________<br />" in the message cell.
    The message and signature share one span.postbody (the last top-level one: a quote closes
    the span and opens a new one after its table). True when a signature was cut."""
    spans = [c for c in body if isinstance(c.tag, str) and c.tag == "span"
             and "postbody" in (c.get("class") or "").split()]
    for span in reversed(spans):
        if span.text and _SIG_LINE.search(span.text):
            span.text = span.text[: _SIG_LINE.search(span.text).start()]  # type: ignore[union-attr]
            for child in list(span):
                span.remove(child)
            return True
        for child in list(span):
            tail = child.tail or ""
            m = _SIG_LINE.search(tail)
            if not m:
                continue
            child.tail = tail[: m.start()]
            for later in list(child.itersiblings()):
                span.remove(later)
            # the <br /> that led into the line is the signature's too
            if child.tag == "br" and not child.tail.strip():
                prev = child.getprevious()
                if prev is not None:
                    prev.tail = (prev.tail or "") + (child.tail or "")
                else:
                    span.text = (span.text or "") + (child.tail or "")
                span.remove(child)
            return True
    return False


# ---- page facts -------------------------------------------------------------------------------

_PAGE_OF = re.compile(r"(?:page|страница)\s*(\d+)\s*(?:of|из)\s*(\d+)", re.I)
_THREAD = re.compile(r"[?&;]t=(\d+)")


def page_facts(root: etree._Element, spec: EngineSpec, text: str, plain: str) -> PageInfo:
    """Title and thread id from the topic title link; page and page count from the
    "Страница 2 из 3" / "Page 2 of 10" line (its numbers sit in <strong> or <b>, so the
    page's text is read, not its markup)."""
    title_sel = spec.compiled["title"]
    title_el = first(title_sel, root) if title_sel is not None else None
    title = flat_text(title_el) if title_el is not None else None
    thread_id = None
    if title_el is not None:
        link = title_el if title_el.tag == "a" else next(iter(title_el.iter("a")), None)
        tm = _THREAD.search(link.get("href", "")) if link is not None else None
        thread_id = tm.group(1) if tm else None
    if thread_id is None:
        tm = _THREAD.search(text)
        thread_id = tm.group(1) if tm else None
    pm = _PAGE_OF.search(plain)
    return PageInfo(engine=spec.engine, thread_id=thread_id, thread_title=title or None,
                    page_number=int(pm.group(1)) if pm else None,
                    page_count=int(pm.group(2)) if pm else None)


_SAVED_LOCAL = re.compile(r"^(?:\./)?[^/?#]+_files/")


_ID_DIGITS = re.compile(r"[0-9]+")


def _prosilver_posts(root: etree._Element) -> list[etree._Element]:
    """What `_PROSILVER_POST` finds, in document order, by one walk over the page's divs in C:
    the XPath tests the class of every div of the page first, ~10 us a post."""
    return [div for div in root.iter("div")
            if (ident := div.get("id")) and ident.startswith("p")
            and _ID_DIGITS.fullmatch(ident, 1) and has_class(div, "post")
            and any(has_class(p, "author") for p in div.iter("p"))]


def _nested(elements: list[etree._Element]) -> bool:
    """Whether a post element holds another (never on a page phpBB wrote)."""
    own = set(elements)
    return any(a in own for el in elements for a in el.iterancestors())


def _time_after_name(post: ForumPost, ctx: PageContext) -> None:
    """A theme's time box prints "#123 by Kent Sun Dec 15, 2019 4:58 pm" or "Kent » 15 Dec
    2019": the date is what follows the poster's name (a name like "Марта" would read as a
    month, a post number as a day)."""
    raw = post.time_text or ""
    at = raw.rfind(post.author) if post.author and post.author != "(unknown)" else -1
    if at < 0:
        return
    after = raw[at + len(post.author):].strip(" ,»-–|:")
    after = re.sub(r"^(?:on|at|»)\s+", "", after, flags=re.I)
    when = parse_forum_date(after, ctx.timezone, anchor=ctx.captured_at) if after else None
    if when is not None:
        post.time, post.time_raw, post.time_text = when, after, after


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    sel = spec.compiled
    post_sel = sel["post"]
    assert post_sel is not None
    elements = (_prosilver_posts(root) if spec in (PROSILVER30, PROSILVER31)
                else select(post_sel, root))
    edit_sel = sel["edit"]
    # edit notices are read before the post's body is rewritten: in parse_with_spec, post by
    # post; here, all before any, when rewriting one post could touch another's notice (a
    # post inside another) or the phpBB 2 signature cut could take it
    phpbb2 = spec in (PHPBB2, PHPBB2_THEME)
    early = phpbb2 or _nested(elements)
    edits: list[EditMarker | None] = []
    for el in elements if early else ():
        notice = first(edit_sel, el) if edit_sel is not None else None
        edits.append(edit_marker(notice, ctx) if notice is not None else None)
        if phpbb2:
            body_sel = sel["body"]
            body = first(body_sel, el) if body_sel is not None else None
            if body is not None:
                cut_signature(body)
    avatar_sel = sel["avatar"]
    local_avatars: list[str | None] = []
    # without the page's address no avatar is resolved against it: nothing to undo
    for el in elements if ctx.base_url else ():
        img = first(avatar_sel, el) if avatar_sel is not None else None
        src = img.get("src", "") if img is not None else ""
        local_avatars.append(src if _SAVED_LOCAL.match(src) else None)
    parsed = parse_with_spec(
        root, spec, ctx, text, posts=None if phpbb2 else elements,
        edit=None if early else edit_marker, info=lambda: page_facts(root, spec, text, ctx.plain))
    for i, post in enumerate(parsed.posts):
        if early:
            post.edit = edits[i]
        local = local_avatars[i] if local_avatars else None
        if local is not None and post.avatar is not None:
            # a browser's "Save page as" copy points images into ./<name>_files/, next to
            # the saved file: resolving that against the page's original address would
            # name a file that never existed on the forum
            post.avatar = Avatar(url=local, alt=post.avatar.alt)
        if spec in _THEMES and post.time_text and post.time_raw == post.time_text:
            _time_after_name(post, ctx)
        if post.time is not None:
            # 3.1+ <time datetime> is UTC: shown in the page's zone like every other time
            post.time = post.time.astimezone(ctx.timezone)
    return parsed


ADAPTER = EngineAdapter(
    family="phpbb", detect=detect, parse=parse, signals=SIGNALS, title="phpBB",
    anchors=(("phpbb3-theme", (("id", "p"), ("id", "post_content"))),
             ("phpbb2-theme", (("name", ""),))))
