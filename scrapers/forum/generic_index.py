"""The page's elements in document order, with what the generic reader asks of each, computed
in one pass: where each element's subtree ends, its text length, whether it looks like a
poster's name (a profile link, a class that says user/author/name) or a time (a <time>, an
attribute holding a date, a short text that reads as a date), and its shape (tag and class
words, an id's prefix before its digits).

Every later question ("how much text is under this element", "does it hold a name") is a
range of this order: an element's subtree is the indexes from its own to its `end`, so a count
under an element is a difference of prefix sums, and no element is walked twice.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from lxml import etree

from scrapers.forum.dates import parse_forum_date
from scrapers.forum.types import PageContext

# what holds no text a reader sees, nor a post
_SKIP = frozenset({"script", "style", "noscript", "template", "head", "svg", "select",
                   "option", "textarea", "iframe", "object", "button"})
# profile links: /user/12, /users/nick, /members/nick.12/, /u/nick, /profile/..., /people/,
# /author/, /@nick, ?u=12, ?userid=12, ?showuser=12, action=profile
_PROFILE_HREF = re.compile(
    r"(?:^|/)(?:users?|members?|profiles?|u|people|authors?|accounts?|benutzer|mitglied(?:er)?|"
    r"usuarios?|utilisateurs?|participant|spieler|leden|uzytkownik|polzovatel|member\.php|"
    r"profile\.php|userinfo)(?:[/.?=_-]|$)|"
    r"(?:^|/)@[\w.-]+|[?&;](?:u|user|userid|user_id|uid|showuser|mid|member|memberid)=\d|"
    r"action=(?:profile|viewprofile)|mode=viewprofile", re.I)
_NOT_PROFILE = re.compile(r"login|logout|register|signup|sign-up|lostpassword|password|"
                          r"settings|preferences|/help|search|memberlist(?!.*(?:viewprofile|[?&;]u=))|/members/?$|"
                          r"[?&]sort=|/list\b", re.I)
# the words (class and id split at "-", "_" and camelCase) of the element holding a
# poster's name: one of them holds a stem, none is a word of something else beside a name
_NAME_STEM = re.compile(r"user|author|poster|nick|name|member|byline|owner|commenter|"
                        r"benutzer|autor|creator", re.I)
_NOT_NAME = frozenset({
    "avatar", "rank", "title", "info", "meta", "stat", "stats", "group", "badge", "badges",
    "role", "count", "counter", "level", "join", "joined", "since", "location", "action",
    "actions", "menu", "bar", "nav", "filename", "tag", "tags", "label", "online", "offline",
    "icon", "pic", "photo", "image", "img", "signature", "list", "card", "details", "box",
    "panel", "block", "wrap", "wrapper", "container", "area", "column", "col", "row",
    "section", "extra", "extras", "field", "fields", "post", "posts", "popup",
    "tooltip", "dropdown", "form", "input", "search", "login", "notice", "reputation",
    "karma", "points", "score", "flair", "status", "blurb", "bio", "profile", "pane",
    "sidebar", "data", "content", "body", "text", "message", "subject", "topic",
    # the names of things that are no one: a category, a forum, a thread, a file
    "cat", "category", "categories", "thread", "forum", "board", "file", "site", "brand",
    "product", "room", "channel", "game", "font", "page", "app", "domain", "host", "event",
    "place", "team"})
_PICTURE = re.compile(r"avatar|avtr|userpic|photo|picture|thumb", re.I)
_TOKENS = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|\d+")
# attributes that hold a post's time
_TIME_ATTRS = ("datetime", "data-time", "data-timestamp", "data-datetime", "data-date",
               "data-created", "data-utime", "title", "content")
_ITEMPROP_TIME = frozenset({"datecreated", "datepublished", "uploaddate", "datemodified"})
# a relative time, read only with the page's capture date but a time all the same
_RELATIVE = re.compile(
    r"\b(?:\d+|an?|one)\s+(?:second|sec|minute|min|hour|hr|day|week|month|year)s?\s+ago\b|"
    r"\b(?:just now|today|yesterday|heute|gestern|сегодня|вчера|hier|aujourd'hui|hoy|ayer|"
    r"oggi|ieri)\b|"
    r"\bvor\s+\d+\s+(?:sekunden?|minuten?|stunden?|tagen?|wochen?|monaten?|jahren?)\b|"
    r"\d+\s*(?:秒|分钟|小时|天|周|个?月|年)前|"
    r"\d+\s+(?:секунд|минут|час|дн|день|недел|месяц|год|лет)\S*\s+назад", re.I)
_DIGIT = re.compile(r"\d")
_ANY_DAY = datetime(2000, 1, 1, tzinfo=UTC)
_DIGITS = re.compile(r"\d+")
_CLASS_SEP = re.compile(r"[\s]+")

# the block elements a post is written as
POST_TAGS = frozenset({"div", "article", "section", "li", "tr", "table", "tbody", "dl", "main",
                       "aside", "td", "details", "dd", "ol", "ul"})


def class_words(el: etree._Element) -> list[str]:
    """The element's class words with their digits taken out ("post-123" -> "post-"), a
    word that was only digits left out: the shape, not the instance."""
    raw = el.get("class")
    if not raw:
        return []
    out = []
    for w in _CLASS_SEP.split(raw):
        w = _DIGITS.sub("", w)
        if w and w not in out:
            out.append(w)
    return sorted(out)


def shape(el: etree._Element) -> str:
    """The element as a CSS-like selector of its shape: ``div.post.reply``."""
    words = class_words(el)
    return str(el.tag) + "".join("." + w for w in words[:4])


@dataclass
class Index:
    """The page's elements in document order and what is known of each."""

    els: list[etree._Element]
    pos: dict[etree._Element, int]
    end: list[int]  # the last index of the element's subtree
    parent: list[int]  # -1 for the root
    depth: list[int]
    text_at: list[int]  # characters of text at this index (its own text, its children's tails)
    text_sum: list[int]  # prefix sums of text_at (text_sum[i] = sum of text_at[:i])
    tail_len: list[int]
    aside: list[bool] = field(default_factory=list)  # in a sidebar, menu, header, footer
    names: list[int] = field(default_factory=list)  # indexes that look like a poster's name
    times: list[int] = field(default_factory=list)  # indexes that look like a time
    name_sum: list[int] = field(default_factory=list)
    time_sum: list[int] = field(default_factory=list)
    kind: dict[int, str] = field(default_factory=dict)  # name index -> why (link, class, ...)
    time_cache: dict[tuple[int, int | None], tuple[str | None, datetime | None, str]] = field(
        default_factory=dict)

    def text(self, i: int) -> int:
        """Characters of text under element i (its own tail left out)."""
        return self.text_sum[self.end[i] + 1] - self.text_sum[i] - self.tail_len[i]

    def names_in(self, i: int) -> int:
        return self.name_sum[self.end[i] + 1] - self.name_sum[i]

    def times_in(self, i: int) -> int:
        return self.time_sum[self.end[i] + 1] - self.time_sum[i]

    def contains(self, outer: int, inner: int) -> bool:
        return outer <= inner <= self.end[outer]


# what is beside a thread, never it: a sidebar of recent posts, a menu, the page's header
_ASIDE_TAGS = frozenset({"aside", "nav", "footer", "header"})
_ASIDE_WORDS = frozenset({"sidebar", "widget", "widgets", "related", "recent", "popular",
                          "similar", "latest", "trending", "suggested", "navbar", "menu",
                          "footer", "masthead", "ctxbar"})


def _is_aside(el: etree._Element) -> bool:
    if el.tag in _ASIDE_TAGS:
        return True
    if el.tag in ("body", "html", "main", "article"):
        return False  # a page's or a post's classes say what it has ("single-sidebar-none")
    attr = " ".join(filter(None, (el.get("class"), el.get("id"))))
    if not attr:
        return False
    for word in attr.split():
        tokens = [t.lower() for t in _TOKENS.findall(word)]
        # the word names the thing ("sidebar", "recent-posts", "page-sidebar"), not a
        # setting about it ("single-sidebar-none")
        if tokens and (tokens[0] in _ASIDE_WORDS or tokens[-1] in _ASIDE_WORDS):
            return True
    return False


# the words of a post's action links (its buttons written as links): chrome around a post's
# text and its time, never part of either
ACTION_WORDS = frozenset({
    "reply", "quote", "report", "edit", "delete", "share", "permalink", "thread", "parent",
    "context", "flag", "like", "unlike", "upvote", "downvote", "hide", "collapse", "expand",
    "multiquote", "multi-quote", "reply with quote", "quick reply", "report post",
    "ответить", "цитировать", "цитата", "пожаловаться", "жалоба", "изменить", "редактировать",
    "удалить", "поделиться", "antworten", "zitieren", "melden", "bearbeiten", "löschen",
    "teilen", "répondre", "citer", "signaler", "modifier", "supprimer", "partager",
    "responder", "citar", "reportar", "denunciar", "editar", "eliminar", "borrar",
    "compartir", "compartilhar", "excluir", "rispondi", "cita", "segnala", "modifica",
    "elimina", "condividi", "odpowiedz", "cytuj", "zgłoś", "edytuj", "usuń", "reageren",
    "beantwoorden", "citeren", "bewerken", "verwijderen", "delen"})
# what separates action links on a line ("quote | report", "· reply ·")
_SEPARATORS = " \t\n|·•-–—/[](),»«"
_EDGES = " \t\n|·•-–—,»«"  # what a date's text does not start or end with


def is_action(text: str) -> bool:
    """Whether `text` is an action link's label ("reply", "[Quote]", "Zitieren")."""
    word = " ".join(text.strip(_SEPARATORS + "+#:").split()).casefold()
    return word in ACTION_WORDS


def _action_only(el: etree._Element) -> bool:
    """Whether all the text `el` shows is action labels and their separators."""
    labels = 0
    for piece in [el.text, *(t for c in el for t in (None, c.tail))]:
        if piece and piece.strip(_SEPARATORS):
            return False
    for child in el:
        if not isinstance(child.tag, str):
            continue
        text = visible_text(child)
        if not text.strip(_SEPARATORS):
            continue
        if (child.tag in ("a", "button") and is_action(text)) or _action_only(child):
            labels += 1
        else:
            return False
    return labels > 0 or (el.tag in ("a", "button") and is_action(visible_text(el)))


def is_action_chrome(el: etree._Element) -> bool:
    """An action link, or an element holding nothing but action links ("<sup><a>reply</a>
    </sup>", "<span><a>quote</a> | <a>report</a></span>")."""
    if el.tag in ("a", "button"):
        return is_action(visible_text(el))
    return _action_only(el)


# the labels of the facts about a poster that are dates: a registration date is the
# poster's, never the post's time
_PROFILE_LABEL = (
    r"registered(?:\s+on|\s+since)?|registration(?:\s+date)?|joined(?:\s+on)?|join\s+date|"
    r"member\s+since|anmeldungsdatum|registriert(?:\s+seit|\s+am)?|mitglied\s+seit|"
    r"dabei\s+seit|регистрация|зарегистрирован[а-я]*|на\s+форуме\s+с|с\s+нами\s+с|"
    r"inscrit(?:e)?(?:\s+le|\s+depuis)?|inscription|membre\s+depuis|"
    r"registrad[oa](?:\s+el|\s+em|\s+desde)?|miembro\s+desde|fecha\s+de\s+registro|"
    r"membro\s+desde|iscritt[oa](?:\s+il|\s+dal)?|registrat[oa]|membro\s+dal|"
    r"data\s+di\s+registrazione|lid\s+sinds|geregistreerd|zarejestrowany|"
    r"data\s+rejestracji|dołączył[a]?")
_LABEL_IN = re.compile(rf"(?<!\w)(?:{_PROFILE_LABEL})(?!\w)", re.I)
_LABEL_END = re.compile(rf"(?<!\w)(?:{_PROFILE_LABEL})\s*[:\-–]?\s*$", re.I)


def before_profile_label(text: str) -> str:
    """`text` up to a poster's profile label ("Posted 20 April · Joined Jan 2013" -> "Posted
    20 April"): the date after such a label is the poster's."""
    m = _LABEL_IN.search(text)
    return text[:m.start()].rstrip(_EDGES) if m else text


def profile_labelled(el: etree._Element) -> bool:
    """Whether the text just before `el` (in its line: a sibling's tail, a sibling, the
    parent's text) is a profile label: "<dt>Joined</dt><dd><time ...></dd>"."""
    node = el
    for _ in range(3):
        prev = node.getprevious()
        while prev is not None and not isinstance(prev.tag, str):
            prev = prev.getprevious()
        if prev is not None:
            before = (prev.tail or "").strip() or " ".join(
                "".join(str(t) for t in itertools.islice(prev.itertext(), 8))[:80].split())
            return bool(before and _LABEL_END.search(before))
        par = node.getparent()
        if par is None:
            return False
        if (par.text or "").strip():
            return bool(_LABEL_END.search(par.text or ""))
        node = par
    return False


def date_text(el: etree._Element, skip: etree._Element | None = None) -> str:
    """The text of a time's element as a reader takes it: without the action links beside
    the date ("2 years ago | <a>thread</a>", "<a>Zitieren</a> 20. April 2020"), without
    `skip` (the poster's name on the same line), and without a poster's dated fact."""
    parts: list[str] = []

    def walk(node: etree._Element) -> None:
        if node is skip or (node is not el and is_action_chrome(node)):
            return
        parts.append(node.text or "")
        for child in node:
            if isinstance(child.tag, str) and child.tag not in _SKIP:
                walk(child)
            parts.append(child.tail or "")

    walk(el)
    text = " ".join(" ".join(parts).split()) if skip is not None else _joined(parts)
    return before_profile_label(text).strip(_EDGES)


def _joined(parts: list[str]) -> str:
    out = ""
    for piece in parts:
        if not piece:
            continue
        if out and not out[-1].isspace() and not piece[0].isspace() and (
                out[-1].isalnum() and piece[0].isalnum()):
            out += " "
        out += piece
    return " ".join(out.split())


def _strip_len(s: str | None) -> int:
    return len(s.strip()) if s else 0


def visible_text(el: etree._Element) -> str:
    """The element's text as a reader sees it: pieces joined, a space put between two pieces
    that would otherwise run a word and a number together ("28.09.19" and "12:44" written in
    two spans with nothing between them)."""
    out = ""
    for item in el.itertext():
        piece = str(item)
        if not piece:
            continue
        if out and not out[-1].isspace() and not piece[0].isspace() and (
                out[-1].isalnum() and piece[0].isalnum()):
            out += " "
        out += piece
    return " ".join(out.split())


def build(root: etree._Element, ctx: PageContext) -> Index:
    """The index of the page under `root` (its <body> when it has one)."""
    body = root.find("body")
    top = body if body is not None else root
    els: list[etree._Element] = []
    parent: list[int] = []
    depth: list[int] = []
    stack: list[tuple[etree._Element, int, int]] = [(top, -1, 0)]
    # a preorder walk that leaves out what holds no text a reader sees
    while stack:
        el, par, d = stack.pop()
        i = len(els)
        els.append(el)
        parent.append(par)
        depth.append(d)
        kids = [c for c in el if isinstance(c.tag, str) and c.tag not in _SKIP]
        for c in reversed(kids):
            stack.append((c, i, d + 1))
    n = len(els)
    end = list(range(n))
    for i in range(n - 1, 0, -1):
        p = parent[i]
        if end[i] > end[p]:
            end[p] = end[i]
    pos = {el: i for i, el in enumerate(els)}
    aside = [False] * n
    for i, el in enumerate(els):
        p = parent[i]
        aside[i] = (p >= 0 and aside[p]) or _is_aside(el)
    text_at = [0] * n
    tail_len = [0] * n
    for i, el in enumerate(els):
        text_at[i] += _strip_len(el.text)
        t = _strip_len(el.tail)
        tail_len[i] = t
        if parent[i] >= 0:
            # the tail is under the parent: counted at this index, which is in the parent's
            # range, and taken off this element's own count by `text`
            text_at[i] += t
    text_sum = [0] * (n + 1)
    for i in range(n):
        text_sum[i + 1] = text_sum[i] + text_at[i]
    ix = Index(els=els, pos=pos, end=end, parent=parent, depth=depth, text_at=text_at,
               text_sum=text_sum, tail_len=tail_len, aside=aside)
    _mark(ix, ctx)
    return ix


def _mark(ix: Index, ctx: PageContext) -> None:
    names: list[int] = []
    times: list[int] = []
    for i, el in enumerate(ix.els):
        why = name_kind(el, ix, i)
        if why is not None:
            names.append(i)
            ix.kind[i] = why
        if _time_like(el, ix, i, ctx):
            times.append(i)
    n = len(ix.els)
    time_sum = _prefix(times, n)
    name_sum = _prefix(names, n)

    def holds(sums: list[int], i: int) -> int:
        return sums[ix.end[i] + 1] - sums[i + 1]

    # the element holding a name holds no time, nor another name (the inner one is it)
    timed = set(times)
    named = set(names)

    def same_inside(i: int) -> bool:
        """Whether a name under i is the same text (the inner element is the name)."""
        if not holds(name_sum, i):
            return False
        size = ix.text(i)
        return any(j in named and ix.text(j) >= size - 2 for j in range(i + 1, ix.end[i] + 1))

    kept = [i for i in names if not holds(time_sum, i) and not same_inside(i)
            and not (i in timed and ix.kind.get(i) == "class")]
    ix.names, ix.times = kept, times
    ix.name_sum = _prefix(kept, n)
    ix.time_sum = time_sum


def _prefix(marked: list[int], n: int) -> list[int]:
    at = [0] * (n + 1)
    for i in marked:
        at[i + 1] = 1
    for i in range(n):
        at[i + 1] += at[i]
    return at


def name_kind(el: etree._Element, ix: Index, i: int) -> str | None:
    """Why element i may hold a poster's name ("profile", "rel", "itemprop", "class"), or
    None. A name is short text: an element with more than 60 characters is none."""
    size = ix.text(i)
    if size == 0 or size > 60:
        return None
    tag = el.tag
    if el.get("rel") == "author" or (el.get("itemprop") or "").lower() in ("author", "creator"):
        return "itemprop"
    if (el.get("itemprop") or "").lower() == "name":
        par = el.getparent()
        if par is not None and (par.get("itemprop") or "").lower() in ("author", "creator"):
            return "itemprop"
    attr = " ".join(filter(None, (el.get("class"), el.get("id"), el.get("data-role"))))
    if attr and _PICTURE.search(attr):
        return None  # an avatar's link: its text, if any, is an initial or an alt
    if tag == "a":
        href = el.get("href") or ""
        if href and _PROFILE_HREF.search(href) and not _NOT_PROFILE.search(href):
            return "profile"
    if attr and tag in ("a", "span", "b", "strong", "div", "p", "cite", "h3", "h4", "h5",
                        "h6", "dt", "address", "em", "i", "td", "li", "bdi", "font", "u"):
        for word in attr.split():
            tokens = [t.lower() for t in _TOKENS.findall(word)]
            stems = [t for t in tokens if _NAME_STEM.search(t)]
            # no word of something else: neither a word of its own ("user-avatar") nor
            # written into the name's word ("usertitle")
            if stems and not any(t in _NOT_NAME for t in tokens) and not any(
                    w in t for t in stems for w in _NOT_NAME if len(w) >= 4):
                return "class"
    if el.get("data-author") or el.get("data-username") or el.get("data-user"):
        return "class"
    return None


def _time_like(el: etree._Element, ix: Index, i: int, ctx: PageContext) -> bool:
    # "Joined: <time>", "<dt>Registriert</dt><dd>...": the poster's date, not the post's
    return _dated(el, ix, i, ctx) and not profile_labelled(el)


def _dated(el: etree._Element, ix: Index, i: int, ctx: PageContext) -> bool:
    tag = el.tag
    if tag == "time":
        return True
    for attr in ("datetime", "data-time", "data-timestamp", "data-datetime", "data-utime"):
        if el.get(attr):
            return True
    if (el.get("itemprop") or "").lower() in _ITEMPROP_TIME:
        return True
    size = ix.text(i)
    # a short line: its text as read (the spaces of the markup and its action links left
    # out: "<a>Zitieren</a> 20. April 2020 11:17") of a date's length
    raw = date_text(el) if 0 < size <= 240 and ix.end[i] - i <= 6 else ""
    if not raw or len(raw) > 80:
        title = el.get("title")
        return bool(size == 0 and title and _DIGIT.search(title) and len(title) < 60
                    and parse_forum_date(title, ctx.timezone, anchor=ctx.captured_at))
    if _RELATIVE.search(raw):
        return True
    if not _DIGIT.search(raw):
        return False
    # a date without its year or a relative one is a time all the same: read with any
    # anchor here, with the page's own when the post is read
    anchor = ctx.captured_at or _ANY_DAY
    return parse_forum_date(raw, ctx.timezone, anchor=anchor) is not None or bool(
        el.get("title") and parse_forum_date(el.get("title", ""), ctx.timezone,
                                             anchor=anchor))
