"""Misago (the Django forum, rafalp/Misago): its server-rendered thread page, which a saved
copy holds (the React app re-renders the same list in place).

The markup, from misago/templates/misago/thread/posts/index.html and posts/post/*.html
(0.19 onward): ``ul.posts-list > li.post#post-<pk>``; the heading
``div.post-heading`` with the poster's ``a.item-title`` (profile ``/u/<slug>/<pk>/``) around
``<span itemprop="author">``, or ``strong.item-title`` for a deleted account or guest; the time
``<time itemprop="datePublished" datetime="ISO">`` beside a localised text ("posted on
March 4, 2019, 9:05 a.m.", "опубликовано 4 марта 2019 г. 9:05"); the body
``div.panel-body > article.misago-markup``. A post hidden from the reader shows
``div.post-body-hidden`` ("This post is hidden...") instead; thread events (``li.event``) are
no posts. The older 0.5 templates (misago/thread/post.html) wrote ``div.media.post#post-<pk>``,
``a.user-name`` and ``a.post-date[data-timestamp]``: the same spec reads them through its
selector chains.

What a selector cannot say, and this module does in code:
- a quote is ``<aside class="quote-block"><div class="quote-heading">@Kent has written:</div>
  <blockquote class="quote-body">``: the heading is finalised per language
  (misago/markup/finalise.py: "%(title)s has written:", "Quoted message:" without a title),
  so the author is the heading less the phrase and the "@" of a mention;
- the page number is in the canonical address (``/t/<slug>/<pk>/<page>/``); a page without a
  ``rel="next"`` link is the thread's last.
"""

from __future__ import annotations

import re

from lxml import etree

from engine.gamelog import Avatar
from scrapers.forum import signals as sg
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.marks import contains
from scrapers.forum.markup import MarkupSpec, QuoteSpec, css, select
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage
from scrapers.html_text import element_text

_QUOTE_AUTHOR_ATTR = "data-mk-author"


def _cls(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_HEADING = f"div[{_cls('panel-heading')}]"

MISAGO = EngineSpec(
    engine="misago",
    # 0.19+: li.post in ul.posts-list; 0.5: div.media.post
    post=(f"xpath://ul[{_cls('posts-list')}]/li[{_cls('post')}][starts-with(@id, 'post-')]",
          f"xpath://div[{_cls('post')}][{_cls('media')}][starts-with(@id, 'post-')]"),
    author=(f"xpath:(.//{_HEADING}//*[@itemprop='author'])[1]",
            f"xpath:(.//{_HEADING}//*[{_cls('item-title')}][not({_cls('rank-name')})])[1]",
            f"xpath:(.//{_HEADING}//*[{_cls('user-name')}])[1]"),
    # the name's link; a guest's or deleted account's name has none
    author_link=(f"xpath:(.//{_HEADING}//a[{_cls('item-title')}])[1]",
                 f"xpath:(.//{_HEADING}//a[{_cls('user-name')}])[1]"),
    author_id_regex=r"/u(?:sers?)?/[^/?#]*?[-/](\d+)/?(?:$|[?#])",
    body=(f"xpath:.//div[{_cls('panel-body')}]/article[{_cls('misago-markup')}]",
          f"xpath:.//*[{_cls('misago-markup')}]"),
    post_id_regex=r"^post-(\d+)$",
    # the server's <time datetime>, 0.5's data-timestamp; a page saved after the React app
    # re-rendered the list has the "posted-on" link, its full date in the title
    time=(f"xpath:(.//{_HEADING}//time[@datetime])[1]",
          f"xpath:(.//{_HEADING}//*[@data-timestamp])[1]",
          f"xpath:(.//{_HEADING}//a[{_cls('posted-on')}][@title])[1]"),
    time_attrs=("datetime", "data-timestamp", "title"),
    # the printed time without the template's "posted on" (misago/thread/posts/post/header.html)
    time_regex=r"^(?:posted on|опубликовано|opublikowano|veröffentlicht am|publié le)?\s*(.+)$",
    avatar=f"xpath:(.//div[{_cls('post-avatar')}]//img | .//*[{_cls('user-avatar')}]//img)[1]",
    title=("div.page-thread div.page-header h1", "div.page-header h1"),
    page_count_regex=None,
    thread_id_regex=r"/t/[^/?#]+/(\d+)",
    # hidden from this reader, or content Misago refuses to show ("invalid post content",
    # 0.5's "invalid message checksum"): the page holds no text of the post
    deleted=(f"xpath:.//*[{_cls('post-body-hidden')}] | self::*[{_cls('post-hidden')}]"
             f"[not(.//*[{_cls('misago-markup')}])] | .//*[{_cls('panel-body-invalid')}] | "
             f".//*[{_cls('corrupted-message')}]"),
    markup=MarkupSpec(
        quote=QuoteSpec(container="aside.quote-block", header="div.quote-heading",
                        author_attr=_QUOTE_AUTHOR_ATTR, body="blockquote.quote-body"),
        spoiler="aside.spoiler-block", spoiler_body="blockquote.spoiler-body",
        drop="div.spoiler-overlay",
    ),
)

_POSTS = css(MISAGO.post)
_MARKS = ("misago",)
_IS_MISAGO = re.compile(r"/misago/|misago-markup|navbar-misago|misago-project")
_HEADINGS = css("aside.quote-block > div.quote-heading")
# misago/markup/finalise.py's "%(title)s has written:" in the languages Misago ships
_HAS_WRITTEN = re.compile(
    r"^\s*@?(?P<author>.+?)\s+(?:has written|wrote|пишет|написал\(а\)|написала?|"
    r"napisał\(a\)|napisała?|hat geschrieben|schrieb|a écrit|ha scritto|escribió|"
    r"escreveu|heeft geschreven|kirjoitti)\s*:?\s*$", re.I | re.S)
_CANONICAL_PAGE = re.compile(
    r'<link[^>]+rel="canonical"[^>]+href="[^"]*/t/[^/"]+/\d+/(?:(\d+)/)?"', re.I)
_BLANK_AVATAR = re.compile(r"blank-?avatar|/blank\.png", re.I)
_NEXT = re.compile(r'<link[^>]+rel="next"', re.I)


def detect(root: etree._Element, text: str) -> EngineSpec | None:
    """Misago by its static paths and markup class, then its post list."""
    if not contains(text, *_MARKS) or not _IS_MISAGO.search(text):
        return None
    if select(_POSTS, root):
        return MISAGO
    return None


def _quote_authors(root: etree._Element) -> None:
    for heading in select(_HEADINGS, root):
        m = _HAS_WRITTEN.match(" ".join(element_text(heading, set()).split()))
        container = heading.getparent()
        if m and container is not None:
            container.set(_QUOTE_AUTHOR_ATTR, m["author"].strip())
        # "Quoted message:" names nobody; the shared reader must not take it for a name
        heading.text = None
        for child in list(heading):
            heading.remove(child)


def parse(root: etree._Element, spec: EngineSpec, ctx: PageContext, text: str) -> ParsedPage:
    _quote_authors(root)
    parsed = parse_with_spec(root, spec, ctx, text)
    m = _CANONICAL_PAGE.search(text)
    if m:
        parsed.info.page_number = int(m.group(1) or 1)
        if not _NEXT.search(text):
            parsed.info.page_count = parsed.info.page_number
    for post in parsed.posts:
        if post.avatar is not None and post.avatar.url and _BLANK_AVATAR.search(post.avatar.url):
            post.avatar = Avatar()  # the stock picture of a member without one
    gone = {f"post {p.post_id} " for p in parsed.posts if p.deleted}
    parsed.issues[:] = [i for i in parsed.issues if not (
        i.code == "post-without-body" and any(i.message.startswith(g) for g in gone))]
    return parsed


ADAPTER = EngineAdapter(
    family="misago", detect=detect, parse=parse, title="Misago",
    signals=(
        sg.asset(r"/static/misago/", 2.0, needle="/static/misago/"),
        sg.css_class("misago-markup", 1.5),
        sg.css_class("posts-list", 0.5),
        sg.css_class("navbar-misago", 1.0),
        sg.markup("a Misago branding link", r"misago-project\.org", 1.0,
                  needle="misago-project.org"),
    ),
    # li.post#post-<pk> (0.5: div.post#post-<pk>); events are li#event-<pk>
    anchors=(("misago", (("id", "post-"),)),),
)
