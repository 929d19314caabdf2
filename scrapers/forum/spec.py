"""Selectors as data: an `EngineSpec` says where each part of a post sits in an engine's
markup, and `parse_with_spec` reads a page with it. Engine modules hold a spec per variant and
add code only for what a selector cannot say."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from urllib.parse import urljoin

from lxml import etree

from engine.gamelog import Avatar, EditMarker
from scrapers.forum.dates import from_iso, from_unix, parse_forum_date
from scrapers.forum.markup import MarkupSpec, Selector, css, flat_text, normalise_body, select
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage

# profile links of the common engines: ?u=12, ?userid=12, ?showuser=12, /members/nick.12/,
# /user/12-nick/, /profile/12-nick/, /u12, ?action=profile;u=12, profile.php?id=12
AUTHOR_ID_RE = (r"(?:[?&;](?:u|userid|user_id|showuser|uid|id|mid)=|/members?/(?:[^/]*\.)?|"
                r"/(?:user|profile)/|/u)(\d+)")
_SAVED_ASSET = re.compile(r"^(?:\./)?[^/:]+_files/")
_EDIT_COUNT = re.compile(r"(\d+)\s*(?:times?|раз)", re.I)
# where an editor's name ends: punctuation, " - ", "on"/"at"/"в", a digit, a weekday or
# relative day (names may hold spaces: "Blood Queen")
_NAME_END = (r"\s*(?:[;,:(«»]|\.?$|\s-\s|\s+(?:on|at|в|-)\s|\s+\d|"
             r"\s+(?:пн|вт|ср|чт|пт|сб|вс|mon|tue|wed|thu|fri|sat|sun|сегодня|вчера|today|"
             r"yesterday|понедельник|вторник|среда|четверг|пятница|суббота|воскресенье)\b)")
_NAME = r"(?P<editor>[^\s\d;,:()«»][^;,:()«»]*?)"
_EDITOR_FORMS = (
    # "Последний раз редактировалось Kent ...", "Отредактировано Kent (2019-03-04 09:10)"
    re.compile(r"(?:\bedited by|\bредактировалось|\bотредактировал[аои]?|\bотредактировано|"
               r"\bизменено|\bизменил[аои]?)\s*:?\s*(?:пользователем\s+)?" + _NAME + _NAME_END,
               re.I),
    # "04.03.2019, 09:10 пользователем Kent" (MyBB, IPS), "... от Kent »" (SMF)
    re.compile(r"(?:\bпользователем|\bот|\bby)\s+" + _NAME + r"\s*(?:[.;,)«»]|$)", re.I),
)


@dataclass(frozen=True)
class EngineSpec:
    """Where things are in one engine variant's thread page. CSS selectors; those of a post's
    parts are relative to the post element."""

    engine: str
    post: str
    author: str
    body: str
    markup: MarkupSpec = field(default_factory=MarkupSpec)
    post_id: str | None = None  # element holding the id; None: the post element itself
    post_id_attr: str = "id"
    post_id_regex: str = r"(\d+)"
    author_id_attr: str = "href"
    author_id_regex: str = AUTHOR_ID_RE
    author_link: str | None = None  # element with the profile link when not the author's
    time: str | None = None
    time_attrs: tuple[str, ...] = ()  # attributes tried before the text (title, datetime)
    time_regex: str | None = None  # group 1 of this taken from the time text
    number: str | None = None
    number_attr: str | None = None
    number_regex: str = r"#?\s*(\d+)"
    signature: str | None = None  # removed from the body before anything else
    edit: str | None = None
    avatar: str | None = None  # img; None: the engine variant shows none in this markup
    day_first: bool = True
    title: str | None = None  # thread title on the page
    page_current: str | None = None  # element with the current page number
    page_count_regex: str | None = r"(?:page|страница)\s*\d+\s*(?:of|из)\s*(\d+)"
    thread_id_regex: str = r"[?&;](?:t|topic|showtopic|threadid|thread_id|tid)=(\d+)"
    deleted: str | None = None  # matched inside a post: a deleted/hidden placeholder

    @cached_property
    def compiled(self) -> dict[str, Selector | None]:
        names = ("post", "author", "body", "post_id", "author_link", "time", "number",
                 "signature", "edit", "avatar", "title", "page_current", "deleted")
        return {n: (css(getattr(self, n)) if getattr(self, n) else None) for n in names}


def _first(sel: Selector | None, el: etree._Element) -> etree._Element | None:
    if sel is None:
        return None
    found = select(sel, el)
    return found[0] if found else None


def _text(el: etree._Element | None) -> str:
    # XPath string() in C: these are short fields (author, time, number, edit line)
    return flat_text(el) if el is not None else ""


def parse_edit(raw: str, ctx: PageContext, *, day_first: bool = True) -> EditMarker:
    """An edit marker from its text: editor, time, count, whatever it says."""
    text = " ".join(raw.split())
    editor = None
    for rx in _EDITOR_FORMS:
        m = rx.search(text)
        if m and m["editor"].strip():
            editor = m["editor"].strip()
            break
    count_m = _EDIT_COUNT.search(text)
    time = parse_forum_date(text, ctx.timezone, anchor=ctx.captured_at, day_first=day_first)
    reason = None
    rm = re.search(r"(?:reason|причина)\s*:\s*(.+)$", text, re.I)
    if rm:
        reason = rm.group(1).strip()
    return EditMarker(editor=editor, time=time, count=int(count_m[1]) if count_m else None,
                      reason=reason, raw=text)


def _strings(found: object) -> list[str]:
    return [str(v) for v in found] if isinstance(found, list) else []


def _thread_id(root: etree._Element, pattern: str) -> str | None:
    """The thread's id: from the canonical address when the page gives one, else the id
    most of the page's links carry (post permalinks, pagination, reply links); never from
    stylesheet or script addresses, whose ``?t=`` is a timestamp."""
    rx = re.compile(pattern)
    for value in _strings(root.xpath('//link[@rel="canonical"]/@href | '
                                     '//meta[@property="og:url"]/@content')):
        m = rx.search(str(value))
        if m:
            return m.group(1)
    counts: dict[str, int] = {}
    for value in _strings(root.xpath("//a/@href | //form/@action")):
        m = rx.search(str(value))
        if m:
            counts[m.group(1)] = counts.get(m.group(1), 0) + 1
    if not counts:
        return None
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]


def page_link_numbers(root: etree._Element, sel: Selector) -> list[int]:
    """The page numbers written in the pagination links `sel` finds (for engines that never
    print "page N of M")."""
    texts = (flat_text(a) for a in select(sel, root))
    return [int(t) for t in texts if t.isdigit()]


def page_info(root: etree._Element, spec: EngineSpec, text: str, plain: str = "") -> PageInfo:
    sel = spec.compiled
    title_el = _first(sel["title"], root)
    title = _text(title_el) or None
    thread = _thread_id(root, spec.thread_id_regex)
    current = _first(sel["page_current"], root)
    page_number = None
    if current is not None:
        pm = re.search(r"(\d+)", _text(current))
        page_number = int(pm.group(1)) if pm else None
    page_count = None
    if spec.page_count_regex:
        # on the text, not the markup: "Страница <b>2</b> из <b>3</b>"
        if not plain:  # an adapter calling without the page's text: read it here
            plain = " ".join("".join(str(t) for t in root.itertext()).split())
        cm = re.search(spec.page_count_regex, plain, re.I)
        page_count = int(cm.group(1)) if cm else None
    return PageInfo(engine=spec.engine, thread_id=thread,
                    thread_title=title, page_number=page_number, page_count=page_count)


def parse_with_spec(root: etree._Element, spec: EngineSpec, ctx: PageContext,
                    text: str) -> ParsedPage:
    """Every post on the page. A post without an author or body is reported, not dropped
    silently; one whose time cannot be read keeps its raw time and gets an issue."""
    sel = spec.compiled
    posts: list[ForumPost] = []
    post_sel = sel["post"]
    assert post_sel is not None
    for order, el in enumerate(select(post_sel, root)):
        posts.append(_post(el, order, spec, ctx))
    if not posts:
        ctx.issue("warning", "page-without-posts",
                  f"no posts found on this {spec.engine} page")
    return ParsedPage(info=page_info(root, spec, text, ctx.plain), posts=posts, issues=ctx.issues)


def _post(el: etree._Element, order: int, spec: EngineSpec, ctx: PageContext) -> ForumPost:
    sel = spec.compiled
    id_el = _first(sel["post_id"], el) if spec.post_id else el
    post_id = None
    if id_el is not None:
        im = re.search(spec.post_id_regex, id_el.get(spec.post_id_attr) or "")
        post_id = im.group(1) if im else None
    author_el = _first(sel["author"], el)
    author = _text(author_el)
    link = _first(sel["author_link"], el) if spec.author_link else author_el
    author_id = None
    if link is not None:
        if link.tag != "a":
            link = next(iter(link.iter("a")), link)
        am = re.search(spec.author_id_regex, link.get(spec.author_id_attr) or "")
        author_id = am.group(1) if am else None
    number = None
    num_el = _first(sel["number"], el)
    if num_el is not None:
        raw_num = (num_el.get(spec.number_attr) if spec.number_attr else None) or _text(num_el)
        nm = re.search(spec.number_regex, raw_num)
        number = int(nm.group(1)) if nm else None
    time_raw, time = _time(el, spec, ctx, post_id)
    edit = None
    edit_el = _first(sel["edit"], el)
    if edit_el is not None:
        edit = parse_edit(_text(edit_el), ctx, day_first=spec.day_first)
    avatar = None
    if spec.avatar:
        img = _first(sel["avatar"], el)
        if img is not None:
            src = img.get("src")
            # a saved copy's own "./page_files/x.jpg" never existed on the forum: keep it
            if src and ctx.base_url and not _SAVED_ASSET.match(src):
                src = urljoin(ctx.base_url, src)
            avatar = Avatar(url=src, alt=img.get("alt"))
        else:
            avatar = Avatar()
    deleted = _first(sel["deleted"], el) is not None
    body_el = _first(sel["body"], el)
    if body_el is None:
        if not deleted:
            ctx.issue("warning", "post-without-body",
                      f"post {post_id or order} has no body where {spec.engine} puts it "
                      f"({spec.body}); kept empty")
        html, text, quotes = "", "", []
    else:
        if sel["signature"] is not None:
            for sig in select(sel["signature"], body_el):
                sig_parent = sig.getparent()
                if sig_parent is not None:
                    sig_parent.remove(sig)
        if edit_el is not None and edit_el in body_el.iter():
            parent = edit_el.getparent()
            if parent is not None:
                parent.remove(edit_el)
        norm = normalise_body(body_el, spec.markup)
        html, text, quotes = norm.html, norm.text, norm.quotes
    if not author:
        ctx.issue("warning", "post-without-author",
                  f"post {post_id or order} shows no author; kept as '(unknown)'")
        author = "(unknown)"
    return ForumPost(page=ctx.name, order=order, post_id=post_id, number=number, author=author,
                     author_id=author_id, time=time, time_raw=time_raw, html=html, text=text,
                     quotes=quotes, edit=edit, avatar=avatar, deleted=deleted)


def _time(el: etree._Element, spec: EngineSpec, ctx: PageContext, post_id: str | None
          ) -> tuple[str | None, datetime | None]:
    time_el = _first(spec.compiled["time"], el)
    if time_el is None:
        if spec.time:
            ctx.issue("warning", "post-without-time", f"post {post_id}: no time found")
        return None, None
    for attr in spec.time_attrs:
        value = time_el.get(attr)
        if not value:
            continue
        if value.isdigit() and len(value) >= 9:
            dt = from_unix(value, ctx.timezone)
        else:
            dt = from_iso(value, ctx.timezone) or parse_forum_date(
                value, ctx.timezone, anchor=ctx.captured_at, day_first=spec.day_first)
        if dt is not None:
            return value, dt
    raw = _text(time_el)
    if spec.time_regex:
        tm = re.search(spec.time_regex, raw, re.S)
        raw = tm.group(1).strip() if tm else raw
    dt = parse_forum_date(raw, ctx.timezone, anchor=ctx.captured_at, day_first=spec.day_first)
    if dt is None:
        relative = re.search(r"сегодня|вчера|today|yesterday", raw, re.I)
        why = ("a relative date and the page's capture date is unknown" if relative
               else "not a date this reader knows")
        ctx.issue("warning", "bad-time", f"post {post_id}: time not read: {why}", text=raw)
    return raw, dt
