"""Selectors as data: an `EngineSpec` says where each part of a post sits in an engine's
markup, and `parse_with_spec` reads a page with it. Engine modules hold a spec per variant and
add code only for what a selector cannot say."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from urllib.parse import urljoin

from lxml import etree

from engine.gamelog import Avatar, EditMarker
from scrapers.forum.dates import from_iso, from_unix, parse_forum_date, unread_reason
from scrapers.forum.markup import (
    MarkupSpec,
    Selector,
    css,
    first,
    flat_text,
    normalise_body,
    select,
)
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


# a selector field: one selector (CSS, or ``xpath:...``), or a chain of them tried in turn
Sel = str | tuple[str, ...]


@dataclass(frozen=True)
class _Patterns:
    post_id: re.Pattern[str]
    author_id: re.Pattern[str]
    number: re.Pattern[str]
    time: re.Pattern[str] | None


@dataclass(frozen=True)
class EngineSpec:
    """Where things are in one engine variant's thread page. CSS selectors; those of a post's
    parts are relative to the post element."""

    engine: str
    post: Sel
    author: Sel
    body: Sel
    markup: MarkupSpec = field(default_factory=MarkupSpec)
    post_id: Sel | None = None  # element holding the id; None: the post element itself
    post_id_attr: str = "id"
    post_id_regex: str = r"(\d+)"
    author_id_attr: str = "href"
    author_id_regex: str = AUTHOR_ID_RE
    author_link: Sel | None = None  # element with the profile link when not the author's
    # inside the author element: badges, ranks, reputation counters, online markers that
    # themes put there, removed from the name (see `author_name`)
    author_noise: Sel | None = None
    time: Sel | None = None
    time_attrs: tuple[str, ...] = ()  # attributes tried before the text (title, datetime)
    time_regex: str | None = None  # group 1 of this taken from the time text
    number: Sel | None = None
    number_attr: str | None = None
    number_regex: str = r"#?\s*(\d+)"
    signature: Sel | None = None  # removed from the body before anything else
    edit: Sel | None = None
    avatar: Sel | None = None  # img; None: the engine variant shows none in this markup
    day_first: bool = True
    title: Sel | None = None  # thread title on the page
    page_current: Sel | None = None  # element with the current page number
    page_count_regex: str | None = r"(?:page|страница)\s*\d+\s*(?:of|из)\s*(\d+)"
    thread_id_regex: str = r"[?&;](?:t|topic|showtopic|threadid|thread_id|tid)=(\d+)"
    deleted: Sel | None = None  # matched inside a post: a deleted/hidden placeholder

    @cached_property
    def patterns(self) -> _Patterns:
        """The post fields' regexes, compiled once (re.search with a string looks the
        pattern up in re's cache on every call)."""
        return _Patterns(post_id=re.compile(self.post_id_regex),
                         author_id=re.compile(self.author_id_regex),
                         number=re.compile(self.number_regex),
                         time=re.compile(self.time_regex, re.S) if self.time_regex else None)

    @cached_property
    def compiled(self) -> dict[str, Selector | None]:
        names = ("post", "author", "body", "post_id", "author_link", "author_noise", "time",
                 "number", "signature", "edit", "avatar", "title", "page_current", "deleted")
        return {n: (css(getattr(self, n)) if getattr(self, n) else None) for n in names}


def _first(sel: Selector | None, el: etree._Element) -> etree._Element | None:
    return first(sel, el) if sel is not None else None


def _text(el: etree._Element | None) -> str:
    # XPath string() in C: these are short fields (author, time, number, edit line)
    return flat_text(el) if el is not None else ""


# classes of what themes put inside the element holding a poster's name besides the name: a
# rank or title, badges, a reputation or post counter, an online marker, text for screen
# readers, icons; matched as parts of class words ("userBadge", "rank-title", "is-online")
_AUTHOR_NOISE = re.compile(
    r"badge|rank|reputation|\brep\b|online|offline|status|sr-only|screen-reader|"
    r"visually-?hidden|a11y|flair|user-?title|usertitle|\bicon|ipsType_light|counter|"
    r"subscriber|premium|donor|tooltip|\btag\b|label|pronoun", re.I)
_AUTHOR_DROP_TAGS = frozenset({"button", "script", "style", "sup", "sub", "img", "svg", "i",
                               "small", "time"})




def _no_letters(text: str) -> bool:
    """A marker or counter glued to a name in an element of its own: "+", "★", "(1,234)",
    "+15" hold no letter (a name written that way alone is still kept: see `author_name`).
    An "@" is no counter: it marks the handle after it ("Full Name @handle")."""
    return bool(text) and text.strip() != "@" and not any(c.isalpha() for c in text)



def author_name(el: etree._Element, noise: Selector | None = None) -> str:
    """The poster's name in `el`: its text without what themes put beside the name inside
    the same element (`_AUTHOR_NOISE` classes, the spec's `author_noise`, buttons, icons,
    counters in <sup>/<small>, elements without a letter: a subscriber's "<b>+</b>", a
    reputation "(+15)").
    A noise class on the element that holds the name itself (Neowin's
    ``<span class="group-subscriber-2"><b>+</b>forster</span>``) does not take the name with
    it: when dropping everything leaves nothing, the outermost such element is kept (what is
    inside it still dropped). When that leaves nothing either, the whole text."""
    whole = _text(el)
    if not len(el):
        return whole
    by_class: set[etree._Element] = set(select(noise, el)) if noise is not None else set()
    drop: set[etree._Element] = set()
    for d in el.iterdescendants(etree.Element):
        cls = d.get("class")
        if d.tag in _AUTHOR_DROP_TAGS:
            drop.add(d)
        elif cls and _AUTHOR_NOISE.search(cls):
            by_class.add(d)
        # a leaf's text is its own (most names sit in one link): no XPath call for it
        elif _no_letters(" ".join((d.text or "").split()) if not len(d) else _text(d)):
            drop.add(d)
    if not drop and not by_class:
        return whole
    name = _without(el, drop | by_class)
    if not name:
        for d in el.iterdescendants(etree.Element):  # document order: outermost first
            if d in by_class:
                name = _without(el, drop | (by_class - {d}))
                if name:
                    break
    return name or whole


def _without(el: etree._Element, drop: set[etree._Element]) -> str:
    """The text of `el` without the elements in `drop` (their tails kept)."""
    parts: list[str] = [el.text or ""]

    def walk(node: etree._Element) -> None:
        for child in node:
            if child not in drop and isinstance(child.tag, str):
                parts.append(child.text or "")
                walk(child)
            parts.append(child.tail or "")

    walk(el)
    return " ".join("".join(parts).split())


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


# plain strings, not lxml's "smart" ones that keep their element; attribute nodes tested
# directly, which libxml2 does faster than an element's `[@rel=...]`
_CANONICAL = etree.XPath('/descendant::link/@rel[. = "canonical"]/../@href | '
                         '/descendant::meta/@property[. = "og:url"]/../@content',
                         smart_strings=False)
# two queries, not a union: counting needs no document order, and sorting it costs
_HREFS = etree.XPath("/descendant::a/@href", smart_strings=False)
_ACTIONS = etree.XPath("/descendant::form/@action", smart_strings=False)


def _thread_id(root: etree._Element, pattern: str) -> str | None:
    """The thread's id: from the canonical address when the page gives one, else the id
    most of the page's links carry (post permalinks, pagination, reply links); never from
    stylesheet or script addresses, whose ``?t=`` is a timestamp."""
    rx = re.compile(pattern)
    for value in _strings(_CANONICAL(root)):
        m = rx.search(value)
        if m:
            return m.group(1)
    counts: dict[str, int] = {}
    # links repeat (reply, quote, profile buttons): each address is searched once
    links = Counter(_strings(_HREFS(root)))
    links.update(_strings(_ACTIONS(root)))
    for value, n in links.items():
        m = rx.search(value)
        if m:
            counts[m.group(1)] = counts.get(m.group(1), 0) + n
    if not counts:
        return None
    return min(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0]


# the whitespace XPath's normalize-space() leaves (it folds only ASCII blanks), &nbsp; aside
_OTHER_SPACES = tuple(c for c in map(chr, range(0x3001)) if c.isspace() and c not in " \xa0")
_NORMALIZED = etree.XPath("normalize-space()")


def collapse_spaces(normalized: str) -> str:
    """`" ".join(text.split())`, given XPath's normalize-space() of `text`, which does most
    of it in C (far faster than a Python walk and split)."""
    if "\xa0" in normalized:  # &nbsp;, with at most one space on either side by now
        normalized = " ".join(filter(None, (part.strip(" ") for part in normalized.split("\xa0"))))
    # isprintable() is false for every whitespace but " " (and for a few other characters)
    if not normalized.isprintable() and any(c in normalized for c in _OTHER_SPACES):
        normalized = " ".join(normalized.split())
    return normalized


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
            # all of the document's text (as itertext() gives it)
            plain = collapse_spaces(str(_NORMALIZED(root)))
        cm = re.search(spec.page_count_regex, plain, re.I)
        page_count = int(cm.group(1)) if cm else None
    return PageInfo(engine=spec.engine, thread_id=thread,
                    thread_title=title, page_number=page_number, page_count=page_count)


EditReader = Callable[[etree._Element, PageContext], EditMarker | None]


def parse_with_spec(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str, *,
                    posts: list[etree._Element] | None = None, edit: EditReader | None = None,
                    info: Callable[[], PageInfo] | None = None) -> ParsedPage:
    """Every post on the page. A post without an author or body is reported, not dropped
    silently; one whose time cannot be read keeps its raw time and gets an issue.

    An engine module may pass what it has at hand or reads its own way, so that nothing is
    looked for twice: `posts`, the post elements it selected with the spec on this very tree;
    `edit`, its reader of an edit notice element (instead of `parse_edit` of its text); `info`,
    its reading of the page's facts (instead of `page_info`), called after the posts."""
    sel = spec.compiled
    found: list[ForumPost] = []
    post_sel = sel["post"]
    assert post_sel is not None
    for order, el in enumerate(select(post_sel, root) if posts is None else posts):
        found.append(_post(el, order, spec, ctx, edit))
    if not found:
        ctx.issue("warning", "page-without-posts",
                  f"no posts found on this {spec.engine} page")
    facts = info() if info is not None else page_info(root, spec, text, ctx.plain)
    return ParsedPage(info=facts, posts=found, issues=ctx.issues)


def _post(el: etree._Element, order: int, spec: EngineSpec, ctx: PageContext,
          edit_reader: EditReader | None = None) -> ForumPost:
    sel = spec.compiled
    id_el = _first(sel["post_id"], el) if spec.post_id else el
    post_id = None
    if id_el is not None:
        im = spec.patterns.post_id.search(id_el.get(spec.post_id_attr) or "")
        post_id = im.group(1) if im else None
    author_el = _first(sel["author"], el)
    author = author_name(author_el, sel["author_noise"]) if author_el is not None else ""
    link = _first(sel["author_link"], el) if spec.author_link else author_el
    author_id = None
    if link is not None:
        if link.tag != "a":
            link = next(iter(link.iter("a")), link)
        am = spec.patterns.author_id.search(link.get(spec.author_id_attr) or "")
        author_id = am.group(1) if am else None
    number = None
    num_el = _first(sel["number"], el)
    if num_el is not None:
        raw_num = (num_el.get(spec.number_attr) if spec.number_attr else None) or _text(num_el)
        nm = spec.patterns.number.search(raw_num)
        number = int(nm.group(1)) if nm else None
    time_raw, time, time_text = _time(el, spec, ctx, post_id)
    edit = None
    edit_el = _first(sel["edit"], el)
    if edit_el is not None:
        edit = (edit_reader(edit_el, ctx) if edit_reader is not None
                else parse_edit(_text(edit_el), ctx, day_first=spec.day_first))
    avatar = None
    if spec.avatar:
        img = _first(sel["avatar"], el)
        if img is not None:
            src = img.get("src")
            # a saved copy's own "./page_files/x.jpg" never existed on the forum: keep it
            if src and ctx.base_url and not _SAVED_ASSET.match(src):
                src = absolute_url(ctx.base_url, src)
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
                     quotes=quotes, edit=edit, avatar=avatar, deleted=deleted,
                     time_text=time_text)


def _time(el: etree._Element, spec: EngineSpec, ctx: PageContext, post_id: str | None
          ) -> tuple[str | None, datetime | None, str | None]:
    """The post's time: (what was read: an attribute's value or the printed text, the aware
    time, the printed text)."""
    time_el = _first(spec.compiled["time"], el)
    if time_el is None:
        if spec.time:
            ctx.issue("warning", "post-without-time", f"post {post_id}: no time found")
        return None, None, None
    raw = _text(time_el)
    time_pattern = spec.patterns.time
    if time_pattern is not None:
        tm = time_pattern.search(raw)
        raw = tm.group(1).strip() if tm else raw
    for attr in spec.time_attrs:
        value = time_el.get(attr)
        if not value:
            continue
        dt = time_value(value, ctx, day_first=spec.day_first)
        if dt is not None:
            return value, dt, raw or None
    dt = parse_forum_date(raw, ctx.timezone, anchor=ctx.captured_at, day_first=spec.day_first)
    if dt is None:
        why = unread_reason(raw, ctx.timezone, ctx.captured_at, day_first=spec.day_first)
        ctx.issue("warning", "bad-time", f"post {post_id}: time not read: {why}", text=raw)
    return raw, dt, raw or None


def time_value(value: str, ctx: PageContext, *, day_first: bool = True) -> datetime | None:
    """A time written in an attribute: Unix seconds (or milliseconds), ISO 8601, or a date
    as a forum prints it."""
    value = value.strip()
    if value.isdigit() and len(value) >= 9:
        if len(value) >= 13:  # milliseconds (JavaScript's Date.now())
            value = value[:-3]
        return from_unix(value, ctx.timezone)
    return from_iso(value, ctx.timezone) or parse_forum_date(
        value, ctx.timezone, anchor=ctx.captured_at, day_first=day_first)


def absolute_url(base: str, src: str) -> str:
    """`src` against the page's address, or as written when either is no URL urljoin can
    split ("http://[", an unclosed IPv6 host, raises ValueError; found by the atheris
    read_page fuzzer): an avatar's address is kept for the reader, a bad one included."""
    try:
        return urljoin(base, src)
    except ValueError:
        return src
