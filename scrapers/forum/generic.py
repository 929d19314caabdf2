"""The generic reader: the posts of a page no engine family claims, found by the page's own
repetition (wrapper induction), with no knowledge of any site's class names.

A thread page writes its posts as blocks of one shape, one after another (or nested, in a
threaded view): the same tag and class words, or ids of one prefix and a number
(``post-123``). Each block holds a poster's name (a profile link, an element whose class says
user or author), a time (a <time>, a date in an attribute, a text that reads as a date) and a
body of text. The reader:

1. groups the page's block elements by shape (`generic_index` computes, in one pass over the
   page, each element's text size and whether it looks like a name or a time);
2. keeps the groups whose blocks hold names and times, and, for each, induces where the
   author, the time and the body are (`generic_fields`: the relative path that finds each
   in nearly every block);
3. scores each group by the text its posts hold, how many of them have an author and a time,
   and how many look like several posts in one; the best one is the thread's posts;
4. looks for one block before the first one (or around it) that has the same fields in
   another shape: the opening post, which many engines write apart from the replies;
5. reads each block into a post (`generic_body`: quotes with their author, signatures and
   the post's trailing action links out). A time is read without the action links on its
   line; a date after a profile label ("Joined", "Anmeldungsdatum") is the poster's, no time
   at all; a time inside the element that is the other posts' body is no time of the post.

What it finds it says, in a `generic-reader` warning naming the shape, the count and where
each field was found; each post read so carries ``read_by="generic"``. A page with no such
repetition is refused (None and the reason): a guess is never presented as a reading.
"""

from __future__ import annotations

import bisect
import copy
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime

from lxml import etree

from scrapers.forum.dates import parse_forum_date, unread_reason
from scrapers.forum.generic_body import edit_marker as _edit_marker
from scrapers.forum.generic_body import normalise
from scrapers.forum.generic_fields import _UI_WORDS as _UI
from scrapers.forum.generic_fields import (
    Field,
    TimeValue,
    _within,
    author_field,
    body_candidates,
    body_field,
    chain,
    clean_name,
    key_css,
    loose_paragraphs,
    own_text,
    time_field,
    time_in_body,
)
from scrapers.forum.generic_index import (
    POST_TAGS,
    Index,
    build,
    class_words,
    date_text,
)
from scrapers.forum.markup import remove_keep_tail
from scrapers.forum.spec import AUTHOR_ID_RE, author_name, parse_edit, time_value
from scrapers.forum.types import ForumPost, PageContext, PageInfo, ParsedPage

READ_BY = "generic"
_ID_DIGITS = re.compile(r"\d+")
_AUTHOR_ID = re.compile(AUTHOR_ID_RE)
_DATA_ID = re.compile(r"^data-(?:[\w-]*(?:post|comment|reply|message|msg|entry)[\w-]*|id)$")
_TOP_CANDIDATES = 12
_MAX_WORDS = 6


@dataclass
class Reading:
    """A group read: its blocks and where each field is."""

    shape: str
    blocks: list[int]
    inner: dict[int, list[int]]
    author: Field
    time: Field
    body: Field
    score: float
    valid: list[bool]
    single: bool = False  # one block only: a reply after an opening post of another shape


def _group_keys(ix: Index) -> dict[tuple[str, ...], list[int]]:
    """Block elements by shape: tag and class words; tag and one class word; tag and id
    prefix; tag and a data attribute naming a post."""
    groups: dict[tuple[str, ...], list[int]] = defaultdict(list)
    for i, el in enumerate(ix.els):
        tag = el.tag
        if tag not in POST_TAGS or ix.aside[i] or not ix.text(i):
            continue
        words = class_words(el)
        if words:
            groups[("c", str(tag), *words)].append(i)
            if len(words) > 1:
                for w in words[:_MAX_WORDS]:
                    groups[("w", str(tag), w)].append(i)
        ident = el.get("id")
        if ident and _ID_DIGITS.search(ident):
            groups[("i", str(tag), _ID_DIGITS.sub("#", ident))].append(i)
        for raw_attr in el.attrib:
            attr = str(raw_attr)
            if attr.startswith("data-") and _DATA_ID.match(attr) and _ID_DIGITS.search(
                    el.get(attr) or ""):
                groups[("d", str(tag), attr)].append(i)
    return groups


def _css(key: tuple[str, ...]) -> str:
    kind, tag, *rest = key
    if kind in ("c", "w"):
        return tag + "".join("." + w for w in rest)
    if kind == "i":
        return f'{tag}[id^="{rest[0].split("#")[0]}"]'
    return f"{tag}[{rest[0]}]"


def _nesting(ix: Index, blocks: list[int]) -> dict[int, list[int]]:
    """For each block, the blocks nested in it (a threaded view), in document order."""
    inner: dict[int, list[int]] = {}
    stack: list[int] = []
    for b in blocks:
        while stack and not ix.contains(stack[-1], b):
            stack.pop()
        if stack:  # the blocks directly nested: those under them are theirs
            inner.setdefault(stack[-1], []).append(b)
        stack.append(b)
    return inner


def outermost(ix: Index, found: list[int]) -> list[int]:
    """Those of `found` (in document order) that are under none of the others."""
    out: list[int] = []
    for b in found:
        if not out or not ix.contains(out[-1], b):
            out.append(b)
    return out


def read_time(ix: Index, i: int, ctx: PageContext, name: int | None = None) -> TimeValue:
    """The time element i holds: its attributes first (datetime, data-time, title), then its
    printed text; the printed text kept. `name`: the poster's name element when i holds it
    too ("Kent - 2 years ago"): its text is not the time's."""
    if name is not None and not ix.contains(i, name):
        name = None
    cached = ix.time_cache.get((i, name))
    if cached is not None:
        return TimeValue(*cached)
    el = ix.els[i]
    shown = date_text(el) if name is None else _text_without(el, ix.els[name])
    raw: str | None = None
    dt: datetime | None = None
    cands = [el, *el.iterdescendants("time")] if el.tag != "time" else [el]
    for e in cands:
        for attr in ("datetime", "data-time", "data-timestamp", "data-datetime", "data-utime",
                     "data-date", "title", "content"):
            value = e.get(attr)
            if value and re.search(r"\d", value):
                dt = time_value(value, ctx)
                if dt is not None:
                    raw = value
                    break
        if dt is not None:
            break
    if dt is None and shown:
        dt = parse_forum_date(shown, ctx.timezone, anchor=ctx.captured_at)
        raw = shown
    ix.time_cache[(i, name)] = (raw, dt, shown)
    return TimeValue(raw, dt, shown)


_LEAD = re.compile(r"^(?:[\s\-–—·|,:•»]|by\b|on\b|am\b|le\b|el\b|il\b)+", re.I)


def _text_without(el: etree._Element, skip: etree._Element) -> str:
    """The date text of `el` without that of `skip` under it, the separators that led
    to it ("- ", "· ", "on ") taken off."""
    return _LEAD.sub("", date_text(el, skip)).strip()


def _evaluate(ix: Index, key: tuple[str, ...], members: list[int], ctx: PageContext,
              page_text: int, least: int = 2) -> Reading | None:
    inner = _nesting(ix, members)
    author = author_field(ix, members, inner)
    if author.key is None:
        return None
    time = time_field(ix, members, inner, lambda i, a: read_time(ix, i, ctx, a), author)
    _headers_before(ix, members, inner, author, time)
    body = body_field(ix, members, inner, author, time)
    time_in_body(ix, members, inner, author, time, body)
    n = len(members)
    valid = [author.at[b] is not None and body.at[b] is not None for b in range(n)]
    n_valid = sum(valid)
    if n_valid < least:
        return None
    texts = 0
    for b, block in enumerate(members):
        at = body.at[b]
        if valid[b] and at is not None:
            texts += own_text(ix, at, inner.get(block, []))
    cov_t = sum(time.at[b] is not None for b in range(n) if valid[b]) / n_valid
    # several posts in one block: the name path finds more than one name in it
    multi = 0
    if author.key is not None:
        for b, block in enumerate(members):
            if not valid[b]:
                continue
            names = {clean_name(author_name(ix.els[i]))
                     for i in _same_key(ix, block, inner.get(block, []), author.key)
                     if not _under(ix, body.at[b], i)}
            if len(names) > 1:
                multi += 1
    share = texts / max(1, page_text)
    # the text of the posts and their number: many posts of little text (a list of
    # links) and few of much (blocks each holding several posts) both lose to the thread
    score = (texts ** 0.6) * (n_valid ** 0.4) * (0.3 + 0.7 * cov_t) * (n_valid / n) * (
        1 - multi / n_valid) ** 2
    score *= 0.5 + min(1.0, share * 2)
    if time.key is None:
        score *= 0.3
    return Reading(shape=_css(key), blocks=members, inner=inner, author=author, time=time,
                   body=body, score=score, valid=valid)


_SUMMARY = 120  # characters: the most a thread header's line under the title holds
_HEAD_GAP = 400  # characters of text between the opening post and the replies, at most
_NEAR = 40  # elements between a header written before its block and the block


def _headers_before(ix: Index, members: list[int], inner: dict[int, list[int]],
                    author: Field, time: Field) -> None:
    """For the blocks without a name, the header written just before them (a row or a div
    of the poster's name and the time, then the block): its name and time."""
    nested = {j for blocks in inner.values() for j in blocks}
    for b, block in enumerate(members):
        if author.at[b] is not None or block in nested:
            continue  # a block nested in another has its own header or is none
        prev = members[b - 1] if b else -1
        lo = prev if prev >= 0 and ix.contains(prev, block) else (
            ix.end[prev] if prev >= 0 else block - _NEAR)
        lo = max(lo, block - _NEAR)
        k = bisect.bisect_left(ix.names, block)
        names = [i for i in ix.names[max(0, k - 5):k] if lo < i < block
                 and not ix.aside[i] and not ix.contains(i, block)]
        names = [i for i in names if _name_ok(ix, i)]
        if not names:
            continue
        a = names[-1]
        author.at[b] = a
        if time.at[b] is None:
            k = bisect.bisect_right(ix.times, a)
            t = ix.times[k] if k < len(ix.times) else None
            if t is not None and t < block and not ix.contains(t, block):
                time.at[b] = t


def _name_ok(ix: Index, i: int) -> bool:
    value = clean_name(author_name(ix.els[i]))
    return 2 <= len(value) <= 50 and value.casefold() not in _UI


def _under(ix: Index, outer: int | None, i: int) -> bool:
    return outer is not None and ix.contains(outer, i)


def _same_key(ix: Index, block: int, nested: list[int], key: tuple[str, ...]) -> list[int]:
    from scrapers.forum.generic_fields import _marked, keys_of

    return [i for i in _marked(ix.names, ix, block, nested)
            if key in keys_of(chain(ix, block, i))]


def _candidates(ix: Index) -> list[tuple[tuple[str, ...], list[int]]]:
    """The groups worth reading in full, best first by a cheap measure: blocks holding names
    and times, and the text they hold."""
    groups = _group_keys(ix)
    scored: list[tuple[float, tuple[str, ...], list[int]]] = []
    seen: set[tuple[int, ...]] = set()
    for key, members in groups.items():
        if len(members) < 2:
            continue
        sig = tuple(members)
        if sig in seen:
            continue
        seen.add(sig)
        with_time = sum(bool(ix.times_in(m)) for m in members)
        with_name = sum(bool(ix.names_in(m)) for m in members)
        if with_time < 0.3 * len(members) or with_name < 0.5 * len(members):
            continue
        # nested members count their text once
        text = sum(ix.text(m) for m in outermost(ix, members))
        scored.append((text ** 0.5 * (with_time / len(members)), key, members))
    scored.sort(key=lambda t: -t[0])
    return [(k, m) for _, k, m in scored[:_TOP_CANDIDATES]]


def _first_block(ix: Index, r: Reading, ctx: PageContext) -> tuple[int, int, int | None,
                                                                   list[int]] | None:
    """The opening post written in another shape before the group's first block (or around
    it: the page's main element holding the thread): (block, name, time, body indexes)."""
    first = r.blocks[0]
    names = [i for i in ix.names if i < first and not ix.contains(i, first)
             and not ix.aside[i]]
    for a in reversed(names[-3:]):
        if not _name_ok(ix, a):
            continue
        # the time after the name, or the line holding both ("Kent - 2 years ago")
        lo = bisect.bisect_right(ix.times, a)
        after = [t for t in ix.times[lo:lo + 5] if t < first and not ix.contains(t, first)
                 and not ix.contains(t, a)]
        holding = [t for t in ix.times[max(0, lo - 3):lo] if ix.contains(t, a)
                   and not ix.contains(t, first) and ix.text(t) <= ix.text(a) + 80]
        t = after[0] if after else (holding[-1] if holding else None)
        if t is not None and t - a > 60:
            t = None
        if t is None:
            continue
        up = _lca(ix, a, t)
        found_at: tuple[int, int, int] | None = None  # (body size, block, body)
        for _ in range(6):
            if up < 0:
                break
            nested = outermost(ix, [b for b in r.blocks if ix.contains(up, b)])
            others = [n for n in ix.names[bisect.bisect_right(ix.names, up):
                                          bisect.bisect_left(ix.names, a)]
                      if _within(ix, nested, n) is None]
            if others:
                break  # another name before this one: the block holds more than a post
            # right before the posts (a title or a count of replies between), or holding
            # them: a block further up the page is the page's own chrome
            between = ix.text_sum[first] - ix.text_sum[ix.end[up] + 1]
            near = ix.contains(up, first) or between <= _HEAD_GAP
            # the opening post's text comes after its name and before the replies, and
            # holds none of them
            found = [(z, i) for z, i in body_candidates(ix, up, nested, [a, t])
                     if a < i < first and not ix.contains(i, first)]
            if found and near:
                size, body = max(found, key=lambda x: (x[0], -x[1]))
                if size >= 2 and (found_at is None or size > found_at[0] * 1.5):
                    found_at = (size, up, body)
            if ix.contains(up, first):
                break
            up = ix.parent[up]
        if found_at is not None:
            _size, block, body = found_at
            nested = outermost(ix, [b for b in r.blocks if ix.contains(block, b)])
            return block, a, t, loose_paragraphs(ix, body, nested, [a, t])
    return None


def _lca(ix: Index, a: int, b: int) -> int:
    p = a
    while p >= 0 and not ix.contains(p, b):
        p = ix.parent[p]
    return p


def read(root: etree._Element, ctx: PageContext) -> tuple[ParsedPage, str] | str:
    """The page read generically and the warning that says how; or why it cannot be."""
    ix = build(root, ctx)
    if not ix.names:
        return "no element that looks like a poster's name (a profile link, a user/author class)"
    if not ix.times:
        return "no element that looks like a post's time"
    page_text = ix.text(0)
    best: Reading | None = None
    for key, members in _candidates(ix):
        r = _evaluate(ix, key, members, ctx, page_text)
        if r is not None and (best is None or r.score > best.score):
            best = r
    if best is None:
        best = _one_reply(ix, ctx, page_text)
    if best is None:
        return ("no repeated block of one shape holds a poster's name, a time and a body of "
                "text in at least two of its members (nor does one reply after an opening "
                "post of another shape)")
    return _posts(ix, best, ctx)


def _one_reply(ix: Index, ctx: PageContext, page_text: int) -> Reading | None:
    """A thread of an opening post and one reply, each of its own shape: the single
    block that has a name, a time and a body, with an opening post before it (read with
    less confidence, and said so)."""
    best: Reading | None = None
    for key, members in _group_keys(ix).items():
        if len(members) != 1 or key[0] not in ("c", "i"):
            continue
        m = members[0]
        if not ix.times_in(m) or not ix.names_in(m):
            continue
        r = _evaluate(ix, key, members, ctx, page_text, least=1)
        if r is None or not r.valid[0] or r.time.at[0] is None:
            continue
        if _first_block(ix, r, ctx) is None:
            continue
        if best is None or r.score > best.score:
            best = r
    if best is not None:
        best.single = True
    return best


def _posts(ix: Index, r: Reading, ctx: PageContext) -> tuple[ParsedPage, str]:
    entries: list[tuple[int, int, int | None, list[int], list[int]]] = []
    head = _first_block(ix, r, ctx)
    dropped = 0
    for b, block in enumerate(r.blocks):
        a, t, body = r.author.at[b], r.time.at[b], r.body.at[b]
        if not r.valid[b] or a is None or body is None:
            dropped += 1
            continue
        nested = r.inner.get(block, [])
        avoid = [x for x in (a, t) if x is not None]
        entries.append((block, a, t, loose_paragraphs(ix, body, nested, avoid), nested))
    if head is not None:
        hb, ha, ht, hbody = head
        first_a = entries[0][1] if entries else None
        # the thread's header ("started by X, date") names the first post's author: a
        # block before the posts by the first post's own author is taken for that
        same = (first_a is not None and clean_name(author_name(ix.els[ha]))
                == clean_name(author_name(ix.els[first_a]))
                and sum(own_text(ix, i, []) for i in hbody) < max(
                    _SUMMARY, 0.3 * _median_body(ix, entries)))
        if same:
            head = None
        else:
            entries.insert(0, (hb, ha, ht, hbody,
                                outermost(ix, [b for b in r.blocks if ix.contains(hb, b)])))
    # everything is read off the tree before a body is rewritten (a nested block's body is
    # inside its parent block)
    facts = []
    for order, (block, a, t, _b, _n) in enumerate(entries):
        facts.append(_facts(ix, block, a, t, ctx, order))
    bodies: dict[int, tuple[str, str, list[object], str | None]] = {}
    for order in range(len(entries) - 1, -1, -1):
        block, a, t, body_at, nested = entries[order]
        # the block's edit notice, beside its body or in it (not a nested block's)
        edit = _edit_marker(ix.els[block], lambda e, nested=nested: (  # type: ignore[misc]
            e in ix.pos and _within(ix, nested, ix.pos[e]) is None))
        html, text, quotes, in_body = _body(ix, body_at, nested,
                                            [x for x in (a, t) if x is not None])
        bodies[order] = (html, text, quotes, edit or in_body)
    posts: list[ForumPost] = []
    for order, f in enumerate(facts):
        html, text, quotes, edit = bodies[order]
        posts.append(ForumPost(page=ctx.name, order=order, html=html, text=text,
                               quotes=quotes, read_by=READ_BY,  # type: ignore[arg-type]
                               edit=parse_edit(edit, ctx) if edit else None,
                               **f))  # type: ignore[arg-type]
    where = (f"author from {key_css(r.author.key)}" if r.author.key else "no author path")
    when = (f"time from {key_css(r.time.key)}" if r.time.key else "no time found")
    what = (f"body from {key_css(r.body.key)}" if r.body.key else "body by size")
    timed = sum(p.time is not None for p in posts)
    first = (f"; the first post read apart, as {_shape(ix.els[entries[0][0]])}"
             if head is not None else "")
    skipped = f"; {dropped} blocks without an author or body left out" if dropped else ""
    if r.single:
        first += ("; no repeated structure: one reply block after the opening post, "
                  "read with less confidence")
    message = (f"read generically: {len(r.blocks)} blocks {r.shape}, {len(posts)} posts "
               f"({timed} with a time), {where}, {when}, {what}{first}{skipped}; "
               "not a known engine, check the result")
    title_el = root_title(ix)
    info = PageInfo(engine="generic", thread_title=title_el)
    parsed = ParsedPage(info=info, posts=posts, issues=ctx.issues)
    parsed.census = len(r.blocks) + (1 if head is not None else 0)
    parsed.not_read = dropped
    return parsed, message


def _median_body(ix: Index, entries: list[tuple[int, int, int | None, list[int], list[int]]]
                 ) -> float:
    """The median body size of the posts; 0 for fewer than three (no measure)."""
    sizes = sorted(sum(own_text(ix, i, e[4]) for i in e[3]) for e in entries)
    return float(sizes[len(sizes) // 2]) if len(sizes) >= 3 else 0.0


def _same_day(ix: Index, ctx: PageContext, one: tuple[int | None, int],
              other: tuple[int | None, int]) -> bool:
    """Whether two time elements say the same: the same text, or the same day."""
    if one[0] is None or other[0] is None:
        return False
    a, b = read_time(ix, one[0], ctx, one[1]), read_time(ix, other[0], ctx, other[1])
    if a.text and a.text == b.text:
        return True
    return a.time is not None and b.time is not None and a.time.date() == b.time.date()


def _shape(el: etree._Element) -> str:
    return str(el.tag) + "".join("." + w for w in class_words(el)[:3])


def root_title(ix: Index) -> str | None:
    for el in ix.els:
        if el.tag == "h1":
            text = " ".join("".join(str(t) for t in el.itertext()).split())
            if text:
                return text
    return None


def _facts(ix: Index, block: int, a: int, t: int | None, ctx: PageContext, order: int
           ) -> dict[str, object]:
    el = ix.els[block]
    post_id = None
    for attr in ("data-post-id", "data-postid", "data-post", "data-pid", "data-comment-id",
                 "id"):
        m = _ID_DIGITS.search(el.get(attr) or "")
        if m:
            post_id = m.group(0)
            break
    name_el = ix.els[a]
    author = clean_name(author_name(name_el)) or "(unknown)"
    link = name_el if name_el.tag == "a" else next(
        iter(name_el.iter("a")), None)
    if link is None:
        link = next((p for p in name_el.iterancestors("a")), None)
    author_id = None
    if link is not None:
        m = _AUTHOR_ID.search(link.get("href") or "")
        author_id = m.group(1) if m else None
    time_raw = time_text = None
    time = None
    if t is not None:
        tv = read_time(ix, t, ctx, a)
        time_raw, time, time_text = tv.raw, tv.time, tv.text or None
        if time is None:
            why = unread_reason(tv.text, ctx.timezone, ctx.captured_at)
            ctx.issue("warning", "bad-time", f"post {post_id or order}: time not read: {why}",
                      text=tv.text)
    return {"post_id": post_id, "number": None, "author": author, "author_id": author_id,
            "time": time, "time_raw": time_raw, "time_text": time_text}


def _body(ix: Index, body_at: list[int], nested: list[int], avoid: list[int]
          ) -> tuple[str, str, list[object], str | None]:
    if len(body_at) == 1 and not any(ix.contains(body_at[0], j) for j in nested + avoid):
        el = ix.els[body_at[0]]
    else:
        el = etree.Element("div")
        for i in body_at:
            part = ix.els[i]
            part_copy = _copy_without(part, [ix.els[j] for j in nested + avoid
                                        if ix.contains(i, j)])
            el.append(part_copy)
    edit = _edit_marker(el, lambda e: True)
    norm = normalise(el)
    return norm.html, norm.text, list(norm.quotes), edit


def _copy_without(el: etree._Element, drop: list[etree._Element]) -> etree._Element:
    """A copy of `el` without the elements of `drop` under it (their tails kept)."""
    c = copy.deepcopy(el)
    c.tail = None
    paths = []
    for d in drop:
        path: list[int] = []
        x = d
        while x is not el:
            par = x.getparent()
            if par is None:
                break
            path.append(par.index(x))
            x = par
        if x is el:
            paths.append(tuple(reversed(path)))
    # the outermost of nested drops, the last first so that the paths before stay right
    tops = [p for p in paths if not any(q != p and p[:len(q)] == q for q in paths)]
    for p in sorted(tops, reverse=True):
        y = c
        for k in p:
            y = y[k]
        remove_keep_tail(y)
    return c
