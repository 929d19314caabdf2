"""A count of the posts on a page made without the engine adapter's post selector.

An adapter turns every element its post selector finds into a post. A post whose container the
selector misses (a variant's markup, a moderator's differently-classed post, a post nested in
other markup) would be lost without a trace. The census looks for something else: the anchors
each engine writes once per post, carrying the post's id (``id="p123"`` on phpBB's post div,
``<a name="entry123">`` before an Invision 2 post, ...). They are searched in the page's text
with a regular expression per attribute (one or two a variant), so that a post is counted
whatever its container looks like, at under 2% of the page's parse.

An anchor is chosen to occur for every post of the variant and nowhere else: not in a quote's
link to the quoted post, not in "go to post" links, not in the reply form. Only attributes that
name an element (``id``, ``name``, ``data-content``) are read, never addresses (``href="#p123"``
links to a post from anywhere, quotes included). The census is a set of distinct ids, so an
anchor written twice for a post (MyBB's ``<a name="pid1" id="pid1">``) counts once.

Where a variant gets two anchors, either one is enough to count a post: the census survives a
theme that drops one of them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from lxml import etree

from scrapers.forum.spec import EngineSpec


@dataclass(frozen=True)
class Census:
    """The distinct post ids whose anchors the page carries."""

    ids: frozenset[str]

    @property
    def count(self) -> int:
        return len(self.ids)


_BEFORE_ATTR = frozenset(" \t\n\r\f\"'")  # what stands before an attribute's name


@dataclass(frozen=True)
class _Anchors:
    """A variant's anchors: for each attribute, the regexes (one per attribute, each
    starting with the literal ``name=`` that lets the regex engine skip ahead fast) of the
    values "<prefix><id>" it takes, quoted or not."""

    patterns: tuple[re.Pattern[str], ...]

    def ids(self, text: str) -> set[str]:
        found: set[str] = set()
        for pattern in self.patterns:
            for m in pattern.finditer(text):
                # a name of its own, not the end of one: `data-id="p1"` is not `id="p1"`
                if m.start() == 0 or text[m.start() - 1] in _BEFORE_ATTR:
                    found.add(m.group(2))
        return found


def _anchors(*anchors: tuple[str, str]) -> _Anchors:
    """(attribute, value prefix) pairs: the attribute's whole value is the prefix and the
    post id's digits. Written as engines write them: the name in lower case, no space
    around "="."""
    by_attr: dict[str, list[str]] = {}
    for attr, prefix in anchors:
        by_attr.setdefault(attr, []).append(re.escape(prefix))
    return _Anchors(tuple(
        re.compile(rf"{re.escape(attr)}=([\"'])?(?:{'|'.join(prefixes)})(\d+)(?(1)\1|(?![\w-]))")
        for attr, prefixes in by_attr.items()))


# Each variant's anchors, checked on the project's fixture pages, the real pages in
# shared/fixtures/real and the rendered pages of every engine: each anchor appears for every
# post the adapter reads and for no other id.
_ANCHORS: dict[str, _Anchors] = {
    # the post div's own id, <div id="p123" class="post bg2">; ad blocks dressed as posts
    # carry none
    "phpbb30-prosilver": _anchors(("id", "p")),
    "phpbb31-prosilver": _anchors(("id", "p")),
    # <a name="p123"></a> at the head of each post table
    "phpbb3-subsilver2": _anchors(("name", "p")),
    # <a name="123"></a> in the poster's name cell (the page's other anchors are words)
    "phpbb2-subsilver": _anchors(("name", "")),
    # Forumotion writes the id twice: class "post--123" (which its selector reads) and an
    # anchor id="p123" in the post
    "forumotion-phpbb2": _anchors(("id", "p")),
    "forumotion-phpbb3": _anchors(("id", "p")),
    # <a name="entry123"></a> before each post table; the body cell is td#post-main-123
    "ipb2": _anchors(("name", "entry"), ("id", "post-main-")),
    # div.post_block#post_id_123 and its <a id="entry123"></a>
    "ipb3": _anchors(("id", "post_id_"), ("id", "entry")),
    # article#elComment_123 and its <a id="comment-123"></a>
    "ips4": _anchors(("id", "elComment_"), ("id", "comment-")),
    # div.post#post_123 and its <a name="pid123" id="pid123"></a>
    "mybb18": _anchors(("id", "post_"), ("id", "pid")),
    # div.post#p123 (PunBB's anchor)
    "mybbru": _anchors(("id", "p")),
    # the subject div, div#subject_123, and <a name="msg123"></a>
    "smf1-core": _anchors(("id", "subject_"), ("name", "msg")),
    # the subject div and the body div#msg_123 (the post wrapper has no id in Curve)
    "smf2-curve": _anchors(("id", "subject_"), ("id", "msg_")),
    # div#msg123 around the post, the subject div and the body div#msg_123
    "smf21": _anchors(("id", "msg"), ("id", "subject_"), ("id", "msg_")),
    # tr#post123, the row the selector reads, is the only per-post anchor uCoz writes with
    # the id (the post-number link carries the thread and a timestamp instead)
    "ucoz-forum": _anchors(("id", "post")),
    # table#post123 and the post-number link a#postcount123 (a deleted post keeps both but
    # has no post_message_ div)
    "vbulletin3": _anchors(("id", "post"), ("id", "postcount")),
    "vbulletin4": _anchors(("id", "post_"), ("id", "postcount")),
    # <a id="post123" class="anchor"></a> at the head of each post (data-node-id is on the
    # post's controls as well as on the post)
    "vbulletin5": _anchors(("id", "post")),
    # li#post-123
    "xenforo1": _anchors(("id", "post-")),
    # article[data-content="post-123"] and its id="js-post-123"
    "xenforo2": _anchors(("data-content", "post-"), ("id", "js-post-")),
}


@cache
def _declared() -> dict[str, _Anchors]:
    """The anchors the registered families declare with their adapter (`EngineAdapter.
    anchors`), with those written here."""
    from scrapers.forum.engines import adapters  # the registry imports the engines, not this

    out = dict(_ANCHORS)
    for adapter in adapters():
        for engine, pairs in adapter.anchors:
            out[engine] = _anchors(*pairs)
    return out


def has_census(engine: str) -> bool:
    """Whether the census knows the anchors of this engine variant."""
    return engine in _declared()


def census(root: etree._Element, text: str, spec: EngineSpec) -> Census | None:
    """The post ids whose anchors the page `text` carries, or None for a variant without a
    known anchor. `root` is the page's tree; the anchors are read from the text, where one
    regex finds them all (the tree is neither needed nor walked). A variant declared with no
    anchors (one that writes no per-post attribute, such as Discourse's print view) has no
    census: a count of nothing would call every post read uncounted."""
    del root  # the same signature as an adapter's; a future variant may need the tree
    anchors = _declared().get(spec.engine)
    if anchors is None or not anchors.patterns:
        return None
    return Census(ids=frozenset(anchors.ids(text)))
