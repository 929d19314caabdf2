"""A post body read generically into the one markup: quotes found by what they are (a
<blockquote>, a block whose class says quote) with their "X wrote:" header, inside them or
just before them; signatures and the engine's buttons out."""

from __future__ import annotations

import re
from collections.abc import Callable

from lxml import etree

from scrapers.forum.generic_index import is_action_chrome
from scrapers.forum.markup import (
    _POSTED_BY,
    _QUOTE_FROM,
    _QUOTE_PAREN,
    MarkupSpec,
    NormalisedBody,
    QuoteSpec,
    normalise_body,
    remove_keep_tail,
)

# a quote header in the languages the dates are read in: "X wrote:", "X said:",
# "X schrieb:", "X a écrit :", "X escribió:", "X scrisse:", "X писал(а):"
_WROTE = re.compile(
    r"^\s*(?:quote|zitat|citation|cita|цитата)?\s*[:(]?\s*(?:In post \d+,\s*)?"
    r"(?P<author>[^\n]{1,80}?)\s*\)?\s*"
    r"(?:wrote|said|posted|says|writes|schrieb|sagte|a écrit|escribió|escreveu|scrisse|"
    r"schreef|napisał|написал\(а\)|написала?|писал\(а\)|писала?|пишет|сказал\(а\)|сказала?)"
    r"(?!\w)(?:\s*[:»].*)?\s*$", re.I | re.S)
_QUOTE_WORD = re.compile(r"quote|zitat|citat|cita", re.I)
# the parts of a quote that name it, not its text
_HEADER_WORD = re.compile(r"title|head|header|author|cite|by|quoter|name|top|info|meta|"
                          r"source|attribution|user", re.I)
_NOT_CONTAINER = re.compile(r"button|btn|link|icon|action|toggle|expand|count|reply|"
                            r"multiquote|quote-?this|quoter|quote-?(?:head|header|title|"
                            r"author|by|name|meta|info|top|cite)", re.I)
_CONTAINER_TAGS = frozenset({"blockquote", "div", "aside", "section", "figure", "table",
                             "fieldset", "q", "dl"})
_SIG = re.compile(r"signature|(?:^|[-_ ]|user|post)sig(?:s|nature)?(?:$|[-_ ])", re.I)
_CHROME = re.compile(r"(?:^|[-_ ])(?:share|reactions?|likes?|toolbar|buttons?|actions?|"
                     r"controls?|expand|readmore)(?:$|[-_ ])", re.I)

MARKUP = MarkupSpec(quote=QuoteSpec(container="blockquote.mk-gq", header=None,
                                    author_attr="data-author", post_attr="data-post-id"))


def _classes(el: etree._Element) -> str:
    return " ".join(filter(None, (el.get("class"), el.get("id"))))


def _is_container(el: etree._Element) -> bool:
    if el.tag == "blockquote":
        return True
    if el.tag not in _CONTAINER_TAGS:
        return False
    words = _classes(el)
    if not words or not _QUOTE_WORD.search(words):
        return False
    return not any(_NOT_CONTAINER.search(w) and not re.fullmatch(r".*quote", w, re.I)
                   for w in words.split() if _QUOTE_WORD.search(w))


def _text(el: etree._Element) -> str:
    return " ".join("".join(str(t) for t in el.itertext()).split())


def _author_of(text: str) -> str | None:
    text = text.strip()
    if not text or len(text) > 120:
        return None
    for rx in (_QUOTE_PAREN, _QUOTE_FROM, _POSTED_BY, _WROTE):
        m = rx.match(text)
        if m:
            return m["author"].strip(" :«»\"'@") or None
    return None


def _header_inside(q: etree._Element) -> tuple[etree._Element | None, str | None]:
    """The element at the head of quote `q` that names its author, and the author."""
    if (q.text or "").strip():
        return None, None  # the quote starts with its text
    for el in q.iter(etree.Element):
        if el is q:
            continue
        text = _text(el)
        if not text:
            continue
        words = _classes(el)
        if el.tag == "cite" or (words and _HEADER_WORD.search(words) and len(text) <= 120):
            name = _author_of(text) or el.get("data-author") or (
                text if len(text) <= 40 and ":" not in text else None)
            return el, name
        if len(text) <= 120 and _author_of(text) and len(el) <= 3:
            return el, _author_of(text)
        return None, None  # the quote's first words are its text
    return None, None


def _header_before(q: etree._Element) -> tuple[etree._Element | None, str | None]:
    prev = q.getprevious()
    if prev is None or not isinstance(prev.tag, str):
        return None, None
    if prev.tail and prev.tail.strip():
        return None, None
    text = _text(prev)
    name = _author_of(text)
    words = _classes(prev)
    if name is None and words and _QUOTE_WORD.search(words) and _HEADER_WORD.search(words):
        name = text.strip(" :") if 0 < len(text) <= 40 else None
    if name is None:
        return None, None
    return prev, name


def normalise(body: etree._Element) -> NormalisedBody:
    """`body` (rewritten in place) in the one markup."""
    for el in list(body.iter(etree.Element)):
        if el is body:
            continue
        words = _classes(el)
        style = (el.get("style") or "").replace(" ", "").lower()
        # a signature, the engine's buttons, and what the page does not show (an empty
        # moderator's note kept for scripts)
        if ((words and (_SIG.search(words) or _CHROME.search(words)))
                or "display:none" in style) and el.getparent() is not None:
            remove_keep_tail(el)
    drop_trailing_actions(body)
    # the outermost containers; one wrapping nothing but another is the same quote
    containers = [el for el in body.iter(etree.Element) if el is not body and _is_container(el)]
    done: set[etree._Element] = set()
    for q in reversed(containers):  # innermost first
        if q in done or q.getparent() is None:
            continue
        header, name = _header_inside(q)
        before = None
        if header is None:
            before, name2 = _header_before(q)
            name = name2 if before is not None else name
        wrapper = _only_child_container(q, containers)
        if wrapper is not None:
            continue  # the outer one is the quote
        if header is not None:
            remove_keep_tail(header)
        if before is not None:
            remove_keep_tail(before)
        post_id = q.get("data-post-id") or q.get("data-postid") or q.get("data-post")
        q.tag = "blockquote"
        for attr in list(q.attrib):
            del q.attrib[attr]
        q.set("class", "mk-gq")
        if name:
            q.set("data-author", name)
        if post_id:
            q.set("data-post-id", post_id)
        done.add(q)
    return normalise_body(body, MARKUP)


_BLANK = " \t\n\r\xa0|·•"


def drop_trailing_actions(body: etree._Element) -> None:
    """The post's action links after its text ("reply", "quote | report", "Antworten"),
    taken out: the last elements of the body, nothing but action links, set apart from the
    text before them (a link at the end of a sentence, "see this <a>reply</a>", stays)."""
    while True:
        node = body
        while len(node):
            last = node[-1]
            if (last.tail or "").strip(_BLANK):
                return  # text after it: the body's own
            if not isinstance(last.tag, str):
                node.remove(last)  # a comment at the end
                continue
            if is_action_chrome(last) and _apart(last):
                remove_keep_tail(last)
                break
            node = last
        else:
            return


_INLINE = frozenset({"a", "b", "strong", "i", "em", "u", "span", "font", "code", "small",
                     "sup", "sub", "mark", "s", "abbr", "q", "bdi"})


def _apart(el: etree._Element) -> bool:
    """Whether `el` stands apart from the text before it: after a block, a line break, a
    separator or another action link, not in the middle of a sentence."""
    prev = el.getprevious()
    while prev is not None and not isinstance(prev.tag, str):
        prev = prev.getprevious()
    if prev is None:
        par = el.getparent()
        before = (par.text if par is not None else "") or ""
    else:
        before = prev.tail or ""
    if before.strip(_BLANK):
        return before.rstrip()[-1:] in "|·•:-–—"
    if prev is not None and prev.tag in _INLINE:
        return is_action_chrome(prev)  # "see <b>this</b> <a>reply</a>": the sentence's
    return True


def _only_child_container(q: etree._Element, containers: list[etree._Element]
                          ) -> etree._Element | None:
    """The container that wraps `q` and holds (nearly) nothing else: `q` is its body."""
    par = q.getparent()
    hops = 0
    while par is not None and hops < 4:
        if par in containers:
            whole = len(_text(par))
            mine = len(_text(q))
            return par if whole and mine >= 0.6 * whole else None
        par = par.getparent()
        hops += 1
    return None


# an edit notice: "Last edited by Kent: Nov 10, 2016", "zuletzt bearbeitet", "изменено"
_EDIT_CLASS = re.compile(r"(?:^|[-_\s])(?:edited|lastedit|last-?edit|edit-?(?:note|info|notice|"
                         r"by|line|ed)|modified|post-?edited)(?:$|[-_\s])", re.I)
_EDIT_TEXT = re.compile(r"edit|bearbeitet|изменен|отредактир|modifi|editad", re.I)


def edit_marker(body: etree._Element, own: Callable[[etree._Element], bool]) -> str | None:
    """The text of the edit notice under `body` (those `own` accepts), taken out of the
    tree; None when it has none."""
    for el in body.iter(etree.Element):
        words = " ".join(filter(None, (el.get("class"), el.get("id"))))
        if el is body or not words or not _EDIT_CLASS.search(words) or not own(el):
            continue
        text = " ".join("".join(str(t) for t in el.itertext()).split())
        if text and len(text) < 300 and _EDIT_TEXT.search(text):
            remove_keep_tail(el)
            return text
    return None
