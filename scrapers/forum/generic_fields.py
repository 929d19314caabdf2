"""Where a group of blocks keeps each field: the relative path (a chain of element shapes from
the block down) that finds an author, a time and a body in (nearly) every block.

For each block, the elements that may hold the field are collected (`generic_index` marks
names and times); each is described by keys of decreasing precision: the whole chain of
shapes from the block to it, its last two shapes, its own shape. The key that finds the field
in the most blocks, with values that look right (names that differ from block to block, times
that read and run forward, bodies with text), is the group's path for the field.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime

from lxml import etree

from scrapers.forum.generic_index import Index, class_words, visible_text
from scrapers.forum.spec import author_name

Key = tuple[str, ...]

_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_PARAGRAPHS = frozenset({"p", "pre", "ul", "ol", "blockquote", "h2", "h3", "h4", "h5", "h6",
                         "figure", "table", "dl", "hr", "img"})
_BODY_TAGS = frozenset({"div", "p", "article", "section", "td", "span", "blockquote", "main",
                        "dd", "li", "pre", "font", "bdi"})
_SIGNATURE = re.compile(r"signature|(?:^|[-_]|user|post)sig(?:s|nature)?(?:$|[-_])", re.I)
# chrome that is never a post's text: menus, forms, footers of buttons
_CHROME = re.compile(r"(?:^|[-_])(?:nav|menu|toolbar|actions?|buttons?|controls?|footer|"
                     r"share|vote|votes|reactions?|likes?|breadcrumbs?)(?:$|[-_])", re.I)
# words of UI labels that are no one's name
_UI_WORDS = frozenset({"reply", "quote", "report", "share", "like", "edit", "delete", "link",
                       "permalink", "profile", "pm", "message", "top", "back", "more", "login",
                       "log in", "sign in", "register", "antworten", "zitieren", "ответить",
                       "цитата", "guest", "anonymous", "posts", "beiträge", "by", "von",
                       "от", "par", "por", "di", "in reply to", "author", "autor"})


def sig(el: etree._Element) -> str:
    return str(el.tag) + "".join("." + w for w in class_words(el))


def chain(ix: Index, block: int, i: int) -> tuple[str, ...]:
    """The shapes from `block` (left out) down to element i."""
    out: list[str] = []
    j = i
    while j != block and j >= 0:
        out.append(sig(ix.els[j]))
        j = ix.parent[j]
    out.reverse()
    return tuple(out)


def keys_of(path: tuple[str, ...]) -> list[Key]:
    """The keys of a path, most precise first: the whole chain, its last two shapes, the
    last shape, the last element's tag with one of its class words (a theme adds words
    to some posts' names: "rank--bold" for a moderator)."""
    out: list[Key] = [("=", *path)]
    if len(path) >= 2:
        out.append(("..", *path[-2:]))
    out.append(("...", path[-1]))
    tag, *words = path[-1].split(".")
    if len(words) > 1:
        out.extend(("~", f"{tag}.{w}") for w in words[:6] if w)
    return out


PRECISION = {"=": 1.0, "..": 0.99, "...": 0.98, "~": 0.97}


def key_css(key: Key) -> str:
    """A key as a CSS-like selector, for the warning."""
    steps = key[1:]
    if key[0] == "=":
        return " > ".join(steps)
    return " ".join(steps)


def _within(ix: Index, nested: list[int], i: int) -> int | None:
    """The block of `nested` (outermost blocks, in document order) that holds i, if any."""
    k = bisect.bisect_right(nested, i) - 1
    if k >= 0 and ix.contains(nested[k], i):
        return nested[k]
    return None


def region(ix: Index, block: int, inner: list[int]) -> Iterator[int]:
    """The indexes under `block` (itself left out) minus the subtrees of the blocks nested
    in it (`inner`, outermost, sorted)."""
    i = block + 1
    stop = ix.end[block]
    while i <= stop:
        j = _within(ix, inner, i)
        if j is not None:
            i = ix.end[j] + 1
            continue
        yield i
        i += 1


def own_text(ix: Index, i: int, inner: list[int]) -> int:
    """Text under i less that of the nested blocks under it."""
    size = ix.text(i)
    lo = bisect.bisect_right(inner, i)
    hi = bisect.bisect_right(inner, ix.end[i])
    for j in inner[lo:hi]:
        size -= ix.text(j)
    return max(0, size)


@dataclass
class Field:
    key: Key | None
    at: list[int | None]  # per block, the element's index or None
    score: float = 0.0


def _name_value(ix: Index, i: int) -> str:
    return clean_name(author_name(ix.els[i]))


_HANDLE = re.compile(r"^(?P<name>.+?)\s+@[\w.\-]+$")


def clean_name(name: str) -> str:
    """A poster's name as shown: "Full Name @handle" is the full name, "@handle" alone the
    handle; a trailing ":" or "said" goes."""
    name = " ".join(name.split()).strip(" :·|-–—")
    m = _HANDLE.match(name)
    if m:
        name = m["name"]
    if name.startswith("@") and " " not in name and len(name) > 1:
        name = name[1:]
    return name


def _looks_name(value: str) -> bool:
    if not value or len(value) > 50:
        return False
    if value.casefold() in _UI_WORDS:
        return False
    return not value.replace(".", "").replace(",", "").isdigit()


def _prior(ix: Index, i: int) -> float:
    kind = ix.kind.get(i, "")
    return {"itemprop": 1.15, "profile": 1.1, "class": 1.0}.get(kind, 0.8)


def author_field(ix: Index, blocks: list[int], inner: dict[int, list[int]]) -> Field:
    cand: dict[Key, list[int | None]] = defaultdict(lambda: [None] * len(blocks))
    prior: dict[Key, float] = defaultdict(float)
    rank: dict[Key, float] = defaultdict(float)
    for b, block in enumerate(blocks):
        nested = inner.get(block, [])
        for i in _marked(ix.names, ix, block, nested):
            value = _name_value(ix, i)
            if not _looks_name(value):
                continue
            for k in keys_of(chain(ix, block, i)):
                if cand[k][b] is None:
                    cand[k][b] = i
                    prior[k] += _prior(ix, i)
                    rank[k] += _position(ix, block, i)
    best = Field(key=None, at=[None] * len(blocks))
    n = len(blocks)
    ranked: list[tuple[float, Key]] = []
    for k, at in cand.items():
        found = [i for i in at if i is not None]
        cov = len(found) / n
        values = [_name_value(ix, i) for i in found]
        distinct = len(set(values))
        spread = 1.0 if n < 3 or distinct >= 2 else 0.35
        # an initial (a letter avatar) is no name
        spread *= sum(len(v) >= 2 for v in values) / max(1, len(values))
        # "Reply"-like texts that differ only by a count, link words: a spread of texts
        # among few blocks says little
        score = cov * spread * (prior[k] / max(1, len(found)))
        # the earlier in the block, the likelier the header's name (not a mention)
        score *= 1.0 - 0.1 * (rank[k] / max(1, len(found)))
        score *= PRECISION[k[0]]
        ranked.append((score, k))
        if score > best.score:
            best = Field(key=k, at=list(at), score=score)
    _fill(ix, blocks, best, ranked, cand)
    return best


def _fill(ix: Index, blocks: list[int], best: Field, ranked: list[tuple[float, Key]],
          cand: dict[Key, list[int | None]]) -> None:
    """The blocks the best key misses (a post without the full name, a variant of the
    header): the next keys, best first, that find the field there, in the same part of the
    block (its first step from the block the same as the best's: the header, not a quote
    in the body)."""
    if best.key is None or all(i is not None for i in best.at):
        return
    steps = Counter(_step(ix, blocks[b], i) for b, i in enumerate(best.at) if i is not None)
    step = steps.most_common(1)[0][0] if steps else None
    ranked.sort(key=lambda t: -t[0])
    for b, i in enumerate(best.at):
        if i is not None:
            continue
        for score, k in ranked:
            if score < 0.1 * best.score:
                break
            j = cand[k][b]
            if j is not None and _step(ix, blocks[b], j) == step:
                best.at[b] = j
                break


def _step(ix: Index, block: int, i: int) -> str:
    """The tag of the first element from `block` down to i (which part of the block)."""
    return chain(ix, block, i)[0].split(".")[0]


def _position(ix: Index, block: int, i: int) -> float:
    """Where i is in the block's text, 0 (first) to 1 (last)."""
    size = ix.text(block)
    if not size:
        return 0.0
    before = ix.text_sum[i] - ix.text_sum[block]
    return min(1.0, before / size)


def _marked(marked: list[int], ix: Index, block: int, nested: list[int]) -> Iterator[int]:
    """The marked indexes under `block`, those of nested blocks left out."""
    lo = bisect.bisect_right(marked, block)
    hi = bisect.bisect_right(marked, ix.end[block])
    for i in marked[lo:hi]:
        if nested and _within(ix, nested, i) is not None:
            continue
        yield i


@dataclass
class TimeValue:
    raw: str | None
    time: datetime | None
    text: str


TimeRead = Callable[[int, int | None], TimeValue]


def time_field(ix: Index, blocks: list[int], inner: dict[int, list[int]],
               read: TimeRead, author: Field) -> Field:
    cand: dict[Key, list[int | None]] = defaultdict(lambda: [None] * len(blocks))
    rank: dict[Key, float] = defaultdict(float)
    holding: dict[Key, int] = defaultdict(int)
    for b, block in enumerate(blocks):
        nested = inner.get(block, [])
        name_at = author.at[b]
        for i in _marked(ix.times, ix, block, nested):
            held = name_at is not None and ix.contains(i, name_at)
            if held and ix.text(i) > ix.text(name_at) + 80:  # type: ignore[arg-type]
                continue  # a line holding the name and more: its time, if any, is deeper
            for k in keys_of(chain(ix, block, i)):
                if cand[k][b] is None:
                    cand[k][b] = i
                    rank[k] += _position(ix, block, i)
                    holding[k] += held
    n = len(blocks)
    best = Field(key=None, at=[None] * n)
    ranked: list[tuple[float, Key]] = []
    for k, at in cand.items():
        found = [(b, i) for b, i in enumerate(at) if i is not None]
        cov = len(found) / n
        vals = [read(i, author.at[b]) for b, i in found]
        parsed = [v.time for v in vals if v.time is not None]
        rate = len(parsed) / max(1, len(found))
        forward = sum(x <= y for x, y in itertools.pairwise(parsed))
        order = forward / (len(parsed) - 1) if len(parsed) > 1 else 1.0
        clock = sum(bool(v.time is not None and (v.time.hour or v.time.minute))
                    for v in vals) / max(1, len(vals))
        tag = sum(ix.els[i].tag == "time" or bool(ix.els[i].get("datetime"))
                  for _, i in found) / max(1, len(found))
        relative = sum(v.time is None and bool(v.text) for v in vals) / max(1, len(vals))
        score = cov * (0.45 + 0.25 * rate + 0.15 * order + 0.1 * clock + 0.1 * tag
                       + 0.2 * relative * (1 - rate))
        score *= 1.0 - 0.15 * (rank[k] / max(1, len(found)))
        score *= 1.0 - 0.1 * (holding[k] / max(1, len(found)))
        score *= PRECISION[k[0]]
        ranked.append((score, k))
        if score > best.score:
            best = Field(key=k, at=list(at), score=score)
    _fill(ix, blocks, best, ranked, cand)
    return best


def _excluded(el: etree._Element) -> bool:
    words = " ".join(filter(None, (el.get("class"), el.get("id"))))
    return el.tag in _HEADINGS or el.tag in ("form", "nav", "header", "footer") or bool(
        words and (_SIGNATURE.search(words) or _CHROME.search(words)))


def body_candidates(ix: Index, block: int, nested: list[int], avoid: list[int]
                    ) -> list[tuple[int, int]]:
    """(text, index) of the elements under `block` that may be its body: block elements
    that hold none of `avoid` (the name, the time), outside chrome, headings, signatures."""
    out: list[tuple[int, int]] = []
    i = block + 1
    stop = ix.end[block]
    nk = nested
    while i <= stop:
        j = _within(ix, nk, i) if nk else None
        if j is not None:
            i = ix.end[j] + 1
            continue
        el = ix.els[i]
        if _excluded(el) or any(ix.contains(a, i) for a in avoid):
            i = ix.end[i] + 1
            continue
        holds = any(ix.contains(i, a) for a in avoid)
        if not holds and el.tag in _BODY_TAGS:
            size = own_text(ix, i, nk)
            if size:
                out.append((size, i))
            i = ix.end[i] + 1  # the largest is this one or none under it
            continue
        i += 1
    return out


def body_field(ix: Index, blocks: list[int], inner: dict[int, list[int]],
               author: Field, time: Field) -> Field:
    n = len(blocks)
    cand: dict[Key, list[int | None]] = defaultdict(lambda: [None] * n)
    weight: dict[Key, int] = defaultdict(int)
    own_best: list[int | None] = [None] * n
    for b, block in enumerate(blocks):
        avoid = [a for a in (author.at[b], time.at[b]) if a is not None]
        found = body_candidates(ix, block, inner.get(block, []), avoid)
        if not found:
            continue
        size, i = max(found, key=lambda t: (t[0], -t[1]))
        own_best[b] = i
        for k in keys_of(chain(ix, block, i)):
            if cand[k][b] is None:
                cand[k][b] = i
                weight[k] += size
    best = Field(key=None, at=own_best)
    best_score = 0.0
    for k, at in cand.items():
        cov = sum(i is not None for i in at) / n
        score = cov * (1 + weight[k] / max(1, sum(weight.values())))
        score *= PRECISION[k[0]]
        if score > best_score:
            best_score = score
            best = Field(key=k, at=list(at), score=score)
    # blocks the key missed: an element of the key's shape in them, else their own best
    if best.key is not None:
        for b, block in enumerate(blocks):
            if best.at[b] is None:
                avoid = [a for a in (author.at[b], time.at[b]) if a is not None]
                # the key, then its less precise forms (the last shapes, a class word)
                looser = keys_of(best.key[1:]) if best.key[0] == "=" else [best.key]
                for k in looser if own_best[b] is not None else []:
                    best.at[b] = _keyed(ix, block, inner.get(block, []), k, avoid)
                    if best.at[b] is not None:
                        break
                # the body's own element there, empty (a reply's preview template, a
                # post whose text was removed): no body, not the counters beside it
                if best.at[b] is None and not _empty_like(ix, block, inner.get(block, []),
                                                          best.key[-1]):
                    best.at[b] = own_best[b]
    return best


def _keyed(ix: Index, block: int, nested: list[int], key: Key, avoid: list[int]
           ) -> int | None:
    """The first element under `block` that `key` describes, holding none of `avoid`."""
    for i in region(ix, block, nested):
        if any(ix.contains(i, a) or ix.contains(a, i) for a in avoid):
            continue
        if ix.text(i) and key in keys_of(chain(ix, block, i)):
            return i
    return None


def time_in_body(ix: Index, blocks: list[int], inner: dict[int, list[int]], author: Field,
                 time: Field, body: Field) -> None:
    """A block whose time lies in the element that is the other blocks' body (an answer it
    embeds, a date its text quotes) has no time of its own there: that element, time and
    all, is its body, and the block has no time."""
    if body.key is None:
        return
    for b, block in enumerate(blocks):
        t, a, own = time.at[b], author.at[b], body.at[b]
        if t is None or (own is not None and ix.contains(own, t)):
            continue
        for i in region(ix, block, inner.get(block, [])):
            if i > t:
                break
            if (ix.contains(i, t) and ix.text(i) and (a is None or not (
                    ix.contains(i, a) or ix.contains(a, i)))
                    and body.key in keys_of(chain(ix, block, i))):
                time.at[b] = None
                body.at[b] = i
                break


def _empty_like(ix: Index, block: int, nested: list[int], shape: str) -> bool:
    """Whether `block` holds an empty element of `shape` (its tag, its class words and maybe
    more): the body's own element, with no text."""
    tag, *words = shape.split(".")
    want = set(words)
    for i in region(ix, block, nested):
        el = ix.els[i]
        if el.tag == tag and not ix.text(i) and want <= set(class_words(el)) and (
                want or not el.get("class")):
            return True
    return False


def loose_paragraphs(ix: Index, i: int, nested: list[int], avoid: list[int]) -> list[int]:
    """When a body is one paragraph among loose paragraphs (a post written as <p>s straight
    in its block, no wrapper), the run of paragraph siblings around it; else [i]."""
    el = ix.els[i]
    if el.tag not in _PARAGRAPHS:
        return [i]
    par = ix.parent[i]
    if par < 0:
        return [i]
    sibs = [j for j in range(par + 1, ix.end[par] + 1) if ix.parent[j] == par]
    run: list[int] = []
    for j in sibs:
        e = ix.els[j]
        ok = (e.tag in _PARAGRAPHS and j not in nested and not _excluded(e)
              and not any(ix.contains(j, a) for a in avoid))
        if ok:
            run.append(j)
        elif j > i:
            break
        elif run and j < i:
            run = []
    return run if i in run else [i]


def time_text(el: etree._Element) -> str:
    return visible_text(el)
