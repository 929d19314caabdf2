"""Forumotion (forumotion.com, forumactif.*, forum2x2.ru and other hosted boards) thread pages.

Forumotion's skins copy phpBB2 ("subsilver"), phpBB3 ("prosilver") and other engines' markup
(PunBB, Invision, ModernBB, AwesomeBB, whose class names differ again and which a board's own
CSS renames further),
so the page must be told from the real engines by what only Forumotion serves (see `detect`):
its static host illiweb.com, its footer links, and the ``post--<id>`` class its templates put
on every displayed post (the "show hidden message" script toggles ``.post--<id>``).

Code is needed for:

- the post time: it is printed run together with the post subject (phpBB2: "Тема сообщения:
  Re: Мартовская мафия ... <img> Пн 4 Мар 2019 - 9:05") or the author's name (phpBB3: "автор
  Марта Сегодня в 9:05"), and a subject or nick such as "Мартовская" or "Марта" reads as a month;
  the date is taken from the text after the clock icon or the author link;
- the edit notice "Последний раз редактировалось: Марта (Пн 4 Мар 2019 - 10:12), всего
  редактировалось 1 раз(а)", read the same way without the editor's nick;
- the "Спонсированный контент" block Forumotion appends to free boards' pages in post markup,
  told by its name or by the ad slot (``#fa_ad_sponsored``, ``ins.adsbygoogle``) it holds;
- the skins other than phpBB2 and phpBB3 (`THEME`): the post is still the ``post--<id>``
  element, the author the first profile link (``/u12``) outside the message, the time the
  skin's date element or the text after the author;
- spoiler titles ("Спойлер:" is no title) and the "Скрытый текст:" label of hidden text;
- thread id, page number and count from Forumotion's ``/t45p15-topic`` URLs and "Страница 2 из 2".
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import parse_forum_date, unread_reason
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, select, text_content
from scrapers.forum.signals import asset, element_id, markup
from scrapers.forum.spec import EngineSpec, parse_edit, parse_with_spec
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# only displayed posts carry post--<id>; hidden-post placeholders, forum rules and the
# "promote traffic" box use the same "post" class without it
_POST_ROW = (f"[{_has_class('post')}][contains(@class, 'post--')]"
             "[substring(substring-after(@class, 'post--'), 1, 1) != '']"
             "[contains('0123456789', substring(substring-after(@class, 'post--'), 1, 1))]")
_EDITED = ("xpath:.//*[starts-with(normalize-space(text()[1]), 'Последний раз редактировалось')"
           " or starts-with(normalize-space(text()[1]), 'Last edited by')]")
_MARKUP = MarkupSpec(
    quote=QuoteSpec(container="blockquote", header="cite"),
    spoiler="dl.spoiler, div.spoiler",
    spoiler_title="dl.spoiler > dt, div.spoiler > .spoiler_title",
    spoiler_body="dl.spoiler > dd, div.spoiler > .spoiler_content",
    hidden="dl.hidecode",
    # the "Скрытый текст:" label is chrome; the code box's "Выделить всё" link likewise
    drop="dl.hidecode > dt, dl.codebox dt a",
)

PHPBB2 = EngineSpec(
    engine="forumotion-phpbb2",
    post="xpath:.//tr" + _POST_ROW,
    post_id_attr="class",
    post_id_regex=r"post--(\d+)",
    author="span.name",
    author_link="xpath:.//span[contains(@class, 'name')]//a[@href]",
    body="div.postbody > div:first-child",
    markup=_MARKUP,
    signature=".signature_div",
    edit=_EDITED,
    avatar="span.poster-profile a img",
    title="h1.cattitle",
    page_count_regex=None,
    thread_id_regex=r"(?!)",  # read from Forumotion's URLs in `_page_info`
)

PHPBB3 = EngineSpec(
    engine="forumotion-phpbb3",
    post="xpath:.//div" + _POST_ROW,
    post_id_attr="class",
    post_id_regex=r"post--(\d+)",
    author="div.postprofile dt > strong",
    author_link="div.postprofile dt > strong a[href]",
    body="div.postbody div.content",
    markup=_MARKUP,
    signature=".signature_div",
    edit=_EDITED,
    avatar="div.postprofile dt img",
    title="h1.page-title",
    page_count_regex=None,
    thread_id_regex=r"(?!)",
)

# any other skin: what every skin keeps, the post--<id> element, the /u12 profile links, the
# message in a "content"/"entry" box
_PROFILE = ("a[starts-with(@href, '/u')][string-length(@href) > 2]"
            "[translate(substring-before(concat(substring(@href, 3), '-'), '-'), "
            "'0123456789', '') = '']")
_OUTSIDE_TEXT = ("[not(ancestor::blockquote)][not(ancestor::*[contains(@class, 'content') "
                 "or contains(@class, 'entry') or contains(@class, 'signature')])]")
THEME = EngineSpec(
    engine="forumotion-theme",
    post="xpath:.//*" + _POST_ROW,
    post_id_attr="class",
    post_id_regex=r"post--(\d+)",
    author=("div.postprofile dt > strong", ".postprofile-name",
            f"xpath:(.//{_PROFILE}{_OUTSIDE_TEXT}[normalize-space()])[1]",
            "xpath:(.//*[contains(@class, 'username') or contains(@class, 'postprofile-name') "
            f"or {_has_class('name')}][normalize-space()])[1]"),
    author_link=f"xpath:(.//{_PROFILE}{_OUTSIDE_TEXT})[1]",
    body=("div.postbody div.content", ".post-entry", ".entry-content",
          "xpath:(.//div[contains(@class, 'content')])[1]", "div.postbody > div:first-child"),
    markup=_MARKUP,
    signature=".signature_div",
    edit=_EDITED,
    avatar=("xpath:(.//*[contains(@class, 'postprofile')]//img)[1]", "img.avatar"),
    title=("h1.page-title", "h1.cattitle", "xpath:(//h1)[1]"),
    page_count_regex=None,
    thread_id_regex=r"(?!)",
)
# a skin's own date element (not inside the message)
_THEME_TIME = css("xpath:(.//*[contains(@class, 'date') or contains(@class, 'time')]"
                  "[normalize-space()][not(ancestor::*[contains(@class, 'content') or "
                  "contains(@class, 'entry')])])[1]")

# what only Forumotion serves: its static host, and its own or its brands' domains in links
_HOSTS = re.compile(r"(?:^|[/.])(?:illiweb\.com|forumotion\.[a-z.]+|forumactif\.[a-z.]+|"
                    r"forum2x2\.(?:ru|net|com)|editboard\.com|forumgratuit\.[a-z.]+)(?:[/:]|$)",
                    re.I)
_ASSETS = css("script[src], link[href], img[src], a[href], meta[content]")
# the board and user objects every Forumotion page defines for its scripts, and its toolbar
_INLINE = re.compile(r"\b(?:_userdata|_board)\s*=\s*\{|\bfa_toolbar\b")
_SCRIPTS = css("script:not([src])")
_TOOLBAR = css("#fa_toolbar, #fa_toolbar_hidden")
# whether the variants' posts are there: their class attribute nodes tested directly, which
# libxml2 does faster than `.//tr[...]` (every node's children visited)
_HAS_ROWS = {
    spec.engine: etree.XPath(f"boolean(/descendant::{tag}/@class[contains(., 'post--')]"
                             f"/parent::*[{_has_class('post')}])")
    for spec, tag in ((PHPBB2, "tr"), (PHPBB3, "div"), (THEME, "*"))}
# the phpBB3 skin's author box; without it a div post is another skin's
_P3_PROFILE = css("div.postprofile dt")
_PHPBB3_POSTS = css(PHPBB3.post)
# the element the post date follows: phpBB2's clock icon, phpBB3's author line
_TIME_AFTER_ICON = css("xpath:.//td/span[@class='postdetails'][img][1]/img[last()]")
_AUTHOR_LINE = css("p.author")
_PROFILE_LINK = re.compile(r"/u\d+")
_SPONSORED = re.compile(r"^(?:Спонсированный контент|Sponsored content|Contenu sponsorisé|"
                        r"Contenido patrocinado)$", re.I)
_AD_SLOT = css("xpath:.//*[@id = 'fa_ad_sponsored' or contains(@class, 'adsbygoogle')]")
_TOPIC_URL = re.compile(r"/t(\d+)(?:p(\d+))?-")
_THREAD_SOURCES = css("link[rel=canonical], meta[property='og:url'], h1.page-title a, "
                      "h2.topic-title a, span.postdetails a")
_PAGES = re.compile(r"(?:Страница|Page)\s*(\d+)\s*(?:из|of|sur)\s*(\d+)", re.I)
_DEFAULT_TITLE = re.compile(r"^(?:спойлер|spoiler)?\s*:?\s*$", re.I)
_RELATIVE_TAIL = re.compile(r"\s+(?:Сегодня|Вчера|Today|Yesterday)$", re.I)


def forumotion_markers(root: etree._Element) -> list[str]:
    """What marks this page as served by Forumotion: its hosts the page loads from or links to
    outside the posts' bodies (a post may link anywhere), the ``_userdata`` / ``_board``
    objects of its scripts, its toolbar."""
    return list(_markers(root))


def _markers(root: etree._Element) -> Iterator[str]:
    # one at a time: detection stops at the first (the scripts' objects, usually)
    for script in select(_SCRIPTS, root):
        m = _INLINE.search(script.text or "")
        if m:
            yield m.group(0)
    yield from ("#" + (el.get("id") or "") for el in select(_TOOLBAR, root))
    for el in select(_ASSETS, root):
        value = el.get("src") or el.get("href") or el.get("content") or ""
        if _HOSTS.search(value.split("?")[0]) and not _in_post_body(el):
            yield value


# what members write: post bodies (all skins) and signatures
_BODY_CLASSES = frozenset({"postbody", "post-entry", "post_message", "signature_div"})


def _in_post_body(el: etree._Element) -> bool:
    for anc in el.iterancestors():
        classes = (anc.get("class") or "").split()
        if anc.tag == "blockquote" or not _BODY_CLASSES.isdisjoint(classes):
            return True
    return False


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """A Forumotion page: posts marked ``post--<id>`` on a page served with Forumotion's
    assets (illiweb.com), footer links (forumotion/forumactif/forum2x2) or script objects
    (``_userdata``, ``_board``). phpBB itself never
    writes ``post--`` classes; both markers are required so that a phpBB post linking to a
    Forumotion board is not taken for one."""
    if "post--" not in text:
        return None
    for spec in (PHPBB3, PHPBB2, THEME):
        if _HAS_ROWS[spec.engine](root):
            if next(_markers(root), None) is None:
                return None
            if spec is PHPBB3 and not any(select(_P3_PROFILE, el)
                                          for el in select(_PHPBB3_POSTS, root)[:3]):
                return THEME
            return spec
    return None


def _text_after(el: etree._Element) -> str:
    """The text that follows `el` inside its parent."""
    parts = [el.tail or ""]
    for sib in el.itersiblings():
        parts.append(text_content(sib))
        parts.append(sib.tail or "")
    return " ".join("".join(parts).split())


def _time_text(post_el: etree._Element, spec: EngineSpec, author: str) -> str | None:
    if spec is THEME:
        dated = select(_THEME_TIME, post_el)
        if dated:
            return " ".join(text_content(dated[0]).split()) or None
    if spec is PHPBB2:
        icons = select(_TIME_AFTER_ICON, post_el)
        return _text_after(icons[0]) if icons else None
    lines = select(_AUTHOR_LINE, post_el)
    if not lines:
        return None
    line = lines[0]
    links = [a for a in line.iter("a") if _PROFILE_LINK.search(a.get("href", ""))]
    if links:
        return _text_after(links[-1])
    # a guest's name is plain text: take it out of the line
    raw = " ".join(text_content(line).split())
    _head, sep, tail = raw.partition(author)
    return tail.strip() if sep else raw


def _fix_time(post: ForumPost, post_el: etree._Element, spec: EngineSpec,
              ctx: PageContext) -> None:
    raw = _time_text(post_el, spec, post.author)
    post.time_raw = raw
    if not raw:
        ctx.issue("warning", "post-without-time", f"post {post.post_id}: no time found")
        return
    post.time = parse_forum_date(raw, ctx.timezone, anchor=ctx.captured_at)
    if post.time is None:
        why = unread_reason(raw, ctx.timezone, ctx.captured_at)
        ctx.issue("warning", "bad-time", f"post {post.post_id}: time not read: {why}", text=raw)


def _edit(marker: EditMarker, ctx: PageContext) -> EditMarker:
    """Editor and time of the edit notice; the date is read without the editor's nick."""
    raw = marker.raw or ""
    editor = marker.editor
    if editor:
        # "редактировалось Kent Сегодня в 10:02" (no brackets) ends the nick at " в "
        editor = _RELATIVE_TAIL.sub("", editor).strip() or None
    rest = raw.replace(editor, " ", 1) if editor else raw
    again = parse_edit(rest, ctx)
    return marker.model_copy(update={"editor": editor, "time": again.time})


_SPOILER_TITLES = css("dl.spoiler > dt, div.spoiler > .spoiler_title")

def _spoiler_titles(root: etree._Element) -> None:
    """"Спойлер:" is the untitled spoiler's label; "Роли:" is the title "Роли"."""
    for dt in select(_SPOILER_TITLES, root):
        title = " ".join(text_content(dt).split())
        for child in list(dt):
            dt.remove(child)
        dt.text = None if _DEFAULT_TITLE.match(title) else title.rstrip(": ")


def _page_info(root: etree._Element, info: PageInfo) -> PageInfo:
    for el in select(_THREAD_SOURCES, root):
        m = _TOPIC_URL.search(el.get("href") or el.get("content") or "")
        if m:
            info.thread_id = m.group(1)
            break
    pm = _PAGES.search(" ".join(text_content(root).split()))
    if pm:
        info.page_number, info.page_count = int(pm.group(1)), int(pm.group(2))
    else:
        # no page numbers at all: the whole thread is this one page
        info.page_number, info.page_count = 1, 1
    return info


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _spoiler_titles(root)
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    # an ad slot in post markup is no post (its "author" may be a label or nothing at all)
    elements = [el for el in select(post_sel, root) if not select(_AD_SLOT, el)]
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements)
    kept: list[ForumPost] = []
    for post, el in zip(parsed.posts, elements, strict=True):
        if _SPONSORED.match(post.author):
            continue  # Forumotion's ad block, dressed as a post
        _fix_time(post, el, spec, ctx)
        if post.edit is not None:
            post.edit = _edit(post.edit, ctx)
        post.order = len(kept)
        kept.append(post)
    parsed.posts = kept
    parsed.info = _page_info(root, parsed.info)
    parsed.issues = ctx.issues
    return parsed


# the evidence Forumotion's pages carry, whatever the skin
SIGNALS = (
    asset(r"illiweb\.com/", 3.0),
    markup("Forumotion's script objects _userdata/_board", r"\b(?:_userdata|_board)\s*=\s*\{",
           2.0),
    markup("Forumotion's host links",
           r"href=[\"'][^\"']*(?:forumotion|forumactif|forum2x2|editboard)\.", 2.0),
    element_id("fa_toolbar", 1.5),
    markup("class post--<id>", r"class=[\"'][^\"']*\bpost--\d+", 1.5),
    element_id("fa_ad_sponsored", 1.0),
    markup("profile link /u<id>", r"href=[\"']/u\d+[\"']", 0.5),
)

ADAPTER = EngineAdapter(
    family="forumotion", detect=detect, parse=parse, signals=SIGNALS, title="Forumotion",
    # the post's own id="p123" (beside the class post--123 the selector reads)
    anchors=(("forumotion-theme", (("id", "p"),)),))
