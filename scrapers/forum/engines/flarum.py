"""Flarum discussion pages, as the browser drew them and as the server writes them for
readers without JavaScript.

- **js** (`flarum-js`): a DOM dump of the Mithril application: ``div.PostStream-item``
  carrying ``data-id`` (the post id), ``data-number`` and ``data-time`` around an
  ``article.CommentPost``; the name in ``.PostUser-name .username``, the time in ``.PostMeta
  time[datetime]`` (its text is relative, "11 days ago"), the body in ``.Post-body``.
  Themes restyle the stream but keep these class names, which Flarum's own CSS and
  extensions select by. Event posts ("X renamed the discussion", ``article.EventPost``) and
  the "Write a reply" placeholder are stream items too, and are not posts.
- **noscript** (`flarum-noscript`): the list Flarum's server renders inside
  ``<noscript id="flarum-content">`` (``views/frontend/content/discussion.blade.php``): per
  post an ``<article>`` (a ``<div>`` before 1.0) with the name in ``h3.PostUser-name`` and
  the body in ``div.Post-body``, nothing else. The page's ``flarum-json-payload`` holds the
  same posts as API resources, in the same order, with their id, number and time and their
  user: these are taken from it, each checked against the name the list prints.

What a selector cannot say, done in code: a quote is a blockquote opening with a link to
the quoted post (``a.PostMention`` with the post's ``data-id``, the mentions extension's
``> @"Kent"#p12``), which gives its author and post; the author's id is the username of
the profile link ``/u/<username>``, the only id the JS view shows (the noscript view takes
the same from the payload); the edit marker is the ``.PostEdited`` tooltip.
"""

from __future__ import annotations

import json
import re
from typing import Any

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.dates import from_iso
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, first, flat_text, select
from scrapers.forum.signals import asset, css_class, element_id, markup, powered_by
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import ForumPost, PageContext, ParsedPage


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_Q_AUTHOR, _Q_POST = "data-mk-author", "data-mk-post"
_MARKUP = MarkupSpec(
    quote=QuoteSpec(container="blockquote", header=None, author_attr=_Q_AUTHOR,
                    post_attr=_Q_POST),
    # the BBCode extension's [spoiler] and [details] folds
    spoiler="details, .spoiler",
    spoiler_title="summary",
)
_USER = r"/u/([^/?#\"']+)"

JS = EngineSpec(
    engine="flarum-js",
    post=(f"xpath://div[{_cls('PostStream-item')}][@data-number]"
          f"[.//article[{_cls('CommentPost')}]]",
          f"xpath://article[{_cls('CommentPost')}]"),
    post_id="xpath:ancestor-or-self::*[@data-id][1]",
    post_id_attr="data-id",
    author=(".PostUser-name .username", ".PostUser-name a", ".PostUser-name"),
    author_link=".PostUser-name a[href]",
    author_id_regex=_USER,
    time=(".Post-header .PostMeta time", ".PostMeta time", "time[datetime]"),
    time_attrs=("datetime",),
    number=("xpath:ancestor-or-self::*[@data-number][1]", ".PostMeta-number"),
    number_attr="data-number",
    body=".Post-body",
    markup=_MARKUP,
    edit=".PostEdited",
    avatar=".PostUser-avatar[src], img.PostUser-avatar",
    title=(".DiscussionHero-title", "h1.DiscussionHero-title", ".DiscussionHero h2"),
    page_count_regex=None,
    thread_id_regex=r"/d/(\d+)",
    deleted=f"xpath:self::*[{_cls('Post--hidden')}] | .//article[{_cls('Post--hidden')}]",
    day_first=False,
)

NOSCRIPT = EngineSpec(
    engine="flarum-noscript",
    post=f"xpath://*[@id='flarum-content']//*[*[{_cls('Post-body')}]]",
    post_id_regex=r"^(\d+)$",  # the list writes no id: the payload gives it (below)
    author=(".PostUser-name", "h3"),
    body=".Post-body",
    markup=_MARKUP,
    title=("#flarum-content h1", "#flarum-content h2"),
    page_count_regex=None,
    thread_id_regex=r"/d/(\d+)",
    day_first=False,
)

_JS_POSTS = css(JS.post)
_NOSCRIPT_POSTS = css(NOSCRIPT.post)
_FLARUM = re.compile(r"id=[\"']flarum-(?:content|loading|json-payload)[\"']|flarum\.core",
                     re.I)
_PAYLOAD = re.compile(r"<script[^>]*id=[\"']flarum-json-payload[\"'][^>]*>(.*?)</script>",
                      re.S | re.I)
_QUOTES = css("xpath://blockquote")
_MENTION = f"a[{_cls('PostMention')}]"


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """The drawn stream first (a DOM dump keeps the noscript list too, which would read the
    posts twice), then the server's list, which needs Flarum's own ids around it."""
    # the class and the ids hold these words: a substring scan before any XPath over the page
    if not contains(text, "poststream-item", "flarum"):
        return None
    if select(_JS_POSTS, root):
        return JS
    if _FLARUM.search(text) and select(_NOSCRIPT_POSTS, root):
        return NOSCRIPT
    return None


def _quote_authors(root: etree._Element) -> None:
    """A blockquote that opens with a PostMention is a quote of that post: its author and
    post go on the blockquote, the mention (the quote's header) out of the quoted text."""
    for bq in select(_QUOTES, root):
        holder = bq
        # the mention sits at the very start, inside the first paragraph
        while len(holder) and not (holder.text or "").strip() and holder[0].tag != "a":
            holder = holder[0]
        if (holder.text or "").strip() or not len(holder):
            continue
        link = holder[0]
        if link.tag != "a" or "PostMention" not in (link.get("class") or "").split():
            continue
        author = flat_text(link)
        if author:
            bq.set(_Q_AUTHOR, author)
        if link.get("data-id"):
            bq.set(_Q_POST, link.get("data-id", ""))
        tail = link.tail or ""
        holder.remove(link)
        holder.text = tail.lstrip(" :")


_EDITED_BY = re.compile(r"^(?P<editor>.+?)\s+(?:edited|bearbeitete|a modifié|ha modificato|"
                        r"editó|изменил[аи]?|отредактировал[аи]?)\b", re.I)


def _edit(edit_el: etree._Element, ctx: PageContext) -> EditMarker:
    """The "edited" mark; its tooltip ("Kent edited 2 hours ago") names the editor."""
    tip = edit_el.get("title") or edit_el.get("data-original-title") or ""
    m = _EDITED_BY.search(tip)
    return EditMarker(editor=m.group("editor").strip() if m else None,
                      raw=(tip or flat_text(edit_el)) or None)


def _payload_posts(text: str) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """The payload's posts with a body, in the order the noscript list prints them, and its
    users by id."""
    m = _PAYLOAD.search(text)
    if not m:
        return [], {}
    try:
        data = json.loads(m.group(1))
    except ValueError:
        return [], {}
    doc = data.get("apiDocument") if isinstance(data, dict) else None
    included = doc.get("included") if isinstance(doc, dict) else None
    if not isinstance(included, list):
        return [], {}
    res = [r for r in included if isinstance(r, dict) and isinstance(r.get("attributes"), dict)]
    posts = [r for r in res if r.get("type") == "posts" and "contentHtml" in r["attributes"]]
    users = {str(r.get("id")): r for r in res if r.get("type") == "users"}
    return posts, users


def _user_of(resource: dict[str, Any], users: dict[str, dict[str, Any]]) -> dict[str, Any]:
    rel = resource.get("relationships")
    user = rel.get("user") if isinstance(rel, dict) else None
    data = user.get("data") if isinstance(user, dict) else None
    uid = str(data.get("id")) if isinstance(data, dict) else ""
    attrs = users.get(uid, {}).get("attributes")
    return attrs if isinstance(attrs, dict) else {}


def _from_payload(posts: list[ForumPost], text: str, ctx: PageContext) -> None:
    """Id, number, time and username of each noscript post from the payload, where the
    payload's post at the same place is by the user the list names."""
    resources, users = _payload_posts(text)
    if len(resources) != len(posts):
        if resources:
            ctx.issue("warning", "payload-mismatch",
                      f"the page's JSON payload has {len(resources)} posts, its list "
                      f"{len(posts)}: ids and times not taken from it")
        return
    for post, res in zip(posts, resources, strict=True):
        user = _user_of(res, users)
        if post.author not in (user.get("displayName"), user.get("username")):
            continue
        attrs = res["attributes"]
        post.post_id = str(res.get("id")) if res.get("id") is not None else None
        number = attrs.get("number")
        post.number = number if isinstance(number, int) else None
        created = attrs.get("createdAt")
        if isinstance(created, str):
            post.time_raw = created
            post.time = from_iso(created, ctx.timezone)
        username = user.get("username")
        post.author_id = username if isinstance(username, str) else None
        edited = attrs.get("editedAt")
        if isinstance(edited, str):
            post.edit = EditMarker(time=from_iso(edited, ctx.timezone), raw=edited)


_CANONICAL = css("xpath://link[@rel='canonical']")


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _quote_authors(root)
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    elements = select(post_sel, root)
    parsed = parse_with_spec(root, spec, ctx, text, posts=elements,
                             edit=_edit if spec is JS else None)
    if spec is JS:
        for el, post in zip(elements, parsed.posts, strict=True):
            holder = next(el.iterancestors(), None) if el.get("data-time") is None else el
            stamp = holder.get("data-time") if holder is not None else None
            if post.time is None and stamp:
                # a theme without the header's <time>: the stream item's own ISO time
                post.time, post.time_raw = from_iso(stamp, ctx.timezone), stamp
                said = f"post {post.post_id}: "
                parsed.issues[:] = [i for i in parsed.issues if not (
                    i.code == "post-without-time" and i.message.startswith(said))]
    if spec is NOSCRIPT:
        _from_payload(parsed.posts, text, ctx)
        canonical = first(_CANONICAL, root)
        m = re.search(r"[?&]page=(\d+)", canonical.get("href") or "") \
            if canonical is not None else None
        parsed.info.page_number = int(m.group(1)) if m else 1
    return parsed


ADAPTER = EngineAdapter(
    family="flarum", detect=detect, parse=parse, title="Flarum",
    signals=(
        powered_by("Flarum"),
        element_id("flarum-loading", 2.0),
        element_id("flarum-content", 2.0),
        element_id("flarum-json-payload", 2.0),
        css_class("PostStream-item", 1.5),
        css_class("CommentPost", 1.0),
        css_class("Post-body", 0.5),
        asset(r"/assets/forum(?:-[a-z]{2})?\.js", 1.0),
        markup("flarum.core in a script", r"flarum\.core", 1.0),
    ),
    # no census: the stream item's data-id and data-number are written again on the
    # mentions of a post (a reply's PostMention, the "replied to this" links), which may
    # name a post on another page; the noscript list writes no attribute per post at all
    anchors=(("flarum-js", ()), ("flarum-noscript", ())),
)
