"""Selectors made cheaper without changing what they find.

CSS: the simple selectors engine specs mostly are ("div.content", "p.author strong",
"td[id^='post-main-'] .unreg") answered in Python over lxml's C iteration. An lxml XPath
call has a fixed cost and tests its predicates on every node it walks; `el.iter("div")`
walks in C and hands Python only the candidates, and the first match can end the walk.
`compile_css` accepts only what it can answer exactly as lxml's CSSSelector (cssselect's
HTML translator) does: element names, classes, ids, attribute tests (=, ^=, *=, $=, ~=,
existence), ``:not()`` of such a simple selector, ``:first-child``, and the descendant and
child combinators, in comma-separated groups. Anything else returns None and the caller
keeps the XPath. The results are those of the XPath: the elements at or under the context
element, in document order, each once.

XPath: `descendant_steps` writes ``//x[...]`` as ``/descendant::x[...]`` where that finds the
same nodes, which libxml2 walks without first gathering every node's children.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import cssselect
from cssselect.parser import (
    Attrib,
    Class,
    CombinedSelector,
    Element,
    Hash,
    Negation,
    Pseudo,
    Tree,
)
from lxml import etree

# names the translator writes as plain XPath name tests and values it compares as they are
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_WORD = re.compile(r"[A-Za-z0-9_-]+")

# A compound selector is its tag (None: any element) and its tests on the element itself,
# kept as data that `_ok` reads in one call (a Python function call per test would cost
# more than the test):
#   ("class", word) ("id", value) ("exists", attr) ("=", attr, value) ("^=", attr, value)
#   ("*=", attr, value) ("$=", attr, value) ("~=", attr, word) ("first-child",)
#   ("not", compound)
Test = tuple[object, ...]


@dataclass(frozen=True)
class _Compound:
    tag: str | None
    tests: tuple[Test, ...]


def _has_word(value: str, word: str) -> bool:
    """XPath's contains(concat(' ', normalize-space(v), ' '), ' word '): `word` is one of the
    words of `v` split at XML whitespace (space, tab, CR, LF; not other Unicode spaces)."""
    if "\t" in value or "\n" in value or "\r" in value:
        value = value.replace("\t", " ").replace("\n", " ").replace("\r", " ")
    return f" {word} " in f" {value} "


def has_class(el: etree._Element, name: str) -> bool:
    """CSS `.name` of `el` (a word of its class attribute, as `_has_word` splits it)."""
    value = el.get("class")
    # most elements fail at the substring test, the words are split only after it
    return value is not None and name in value and _has_word(value, name)


def _ok(el: etree._Element, compound: _Compound) -> bool:
    """Whether `el` passes the compound's tests (its tag is checked by the caller)."""
    for test in compound.tests:
        kind = test[0]
        if kind == "class":
            value = el.get("class")
            word = str(test[1])
            if value is None or word not in value or not _has_word(value, word):
                return False
        elif kind == "id":
            if el.get("id") != test[1]:
                return False
        elif kind == "first-child":
            # count(preceding-sibling::*) = 0: comments and processing instructions do not
            # count
            prev = el.getprevious()
            while prev is not None:
                if isinstance(prev.tag, str):
                    return False
                prev = prev.getprevious()
        elif kind == "not":
            sub = test[1]
            assert isinstance(sub, _Compound)
            if (sub.tag is None or el.tag == sub.tag) and _ok(el, sub):
                return False
        else:
            found = el.get(str(test[1]))
            if kind == "exists":
                if found is None:
                    return False
                continue
            want = str(test[2])
            if found is None or not (
                    found == want if kind == "=" else found.startswith(want) if kind == "^="
                    else want in found if kind == "*=" else found.endswith(want) if kind == "$="
                    else want in found and _has_word(found, want)):  # "~="
                return False
    return True


def _attrib_test(node: Attrib) -> Test | None:
    if node.namespace is not None or node.flag is not None or not _NAME.fullmatch(node.attrib):
        return None
    name = node.attrib.lower()
    op = node.operator
    if op == "exists":
        return ("exists", name)
    if node.value is None or not isinstance(node.value.value, str):
        return None
    value: str = node.value.value
    if op == "=":
        return ("=", name, value)
    if not value:
        return None  # the translator makes these match nothing; left to it
    if op in ("^=", "*=", "$="):
        return (op, name, value)
    if op == "~=" and _WORD.fullmatch(value):
        return ("~=", name, value)
    return None


def _test(node: Tree) -> tuple[Test, Tree] | None:
    """The test a class, id, attribute, pseudo-class or negation node makes, and the node it
    qualifies; None for what is not handled."""
    if isinstance(node, Class):
        return (("class", node.class_name), node.selector) if _WORD.fullmatch(
            node.class_name) else None
    if isinstance(node, Hash):
        return (("id", node.id), node.selector) if _WORD.fullmatch(node.id) else None
    if isinstance(node, Attrib):
        test = _attrib_test(node)
        return (test, node.selector) if test is not None else None
    if isinstance(node, Pseudo) and node.ident == "first-child":
        return ("first-child",), node.selector
    if isinstance(node, Negation) and not isinstance(node.subselector, CombinedSelector):
        sub = _compound(node.subselector)
        return (("not", sub), node.selector) if sub is not None else None
    return None


def _compound(node: Tree) -> _Compound | None:
    """A cssselect tree without combinators as a compound; None for what is not handled."""
    tests: list[Test] = []
    while not isinstance(node, Element):
        found = _test(node)
        if found is None:
            return None
        tests.append(found[0])
        node = found[1]
    if node.namespace is not None:
        return None
    if node.element is None or node.element == "*":
        return _Compound(None, tuple(tests))
    if _NAME.fullmatch(node.element):
        return _Compound(node.element.lower(), tuple(tests))
    return None


# a branch, left to right: each compound with the combinator that joins it to the one before
# (" " descendant, ">" child; the first has None)
_Branch = tuple[tuple[_Compound, str | None], ...]


def _branch(node: Tree) -> _Branch | None:
    if isinstance(node, CombinedSelector):
        if node.combinator not in (" ", ">") or isinstance(node.subselector, CombinedSelector):
            return None
        left = _branch(node.selector)
        right = _compound(node.subselector)
        if left is None or right is None:
            return None
        return (*left, (right, node.combinator))
    first = _compound(node)
    return ((first, None),) if first is not None else None


def _chain(el: etree._Element, branch: _Branch, i: int, top: etree._Element) -> bool:
    """Whether compounds 0..i-1 of `branch` match above `el` (which matches compound i), all
    at or under `top`."""
    if el is top:
        return False
    want = branch[i - 1][0]
    tag = want.tag
    parent = el.getparent()
    if branch[i][1] == ">":
        return (parent is not None and (tag is None or parent.tag == tag) and _ok(parent, want)
                and (i == 1 or _chain(parent, branch, i - 1, top)))
    while parent is not None:
        if ((tag is None or parent.tag == tag) and _ok(parent, want)
                and (i == 1 or _chain(parent, branch, i - 1, top))):
            return True
        if parent is top:
            return False
        parent = parent.getparent()
    return False


class Matcher:
    """A compiled selector group: `all` and `first` of it at or under an element."""

    def __init__(self, branches: list[_Branch]) -> None:
        self._branches = branches
        tags = {branch[-1][0].tag for branch in branches}
        self._tags: tuple[str, ...] | None = (
            None if None in tags else tuple(sorted(t for t in tags if t is not None)))
        # whether the candidates are only the elements of some tags (not every element)
        self.by_tag = self._tags is not None
        # one tag for every branch: the walk hands over only elements of that tag
        self._tag_checked = self._tags is not None and len(self._tags) == 1
        # one branch of two or more compounds, all joined by descendant combinators, the
        # first a tag with a test ("dl.postprofile dt img"): its first match is looked for
        # from the top down (a first compound that many nested elements match, "*" or
        # "div", would have their subtrees searched again and again)
        head = branches[0][0][0]
        self._down = (branches[0] if len(branches) == 1 and len(branches[0]) > 1
                      and head.tag is not None and head.tests
                      and all(comb == " " for _, comb in branches[0][1:]) else None)

    def _candidates(self, top: etree._Element) -> Iterator[etree._Element]:
        # etree.Element as the filter: elements only, not comments or processing instructions
        return top.iter(*self._tags) if self._tags else top.iter(etree.Element)

    def _matches(self, el: etree._Element, top: etree._Element) -> bool:
        for branch in self._branches:
            last = branch[-1][0]
            if ((self._tag_checked or last.tag is None or el.tag == last.tag) and _ok(el, last)
                    and (len(branch) == 1 or _chain(el, branch, len(branch) - 1, top))):
                return True
        return False

    def all(self, top: etree._Element) -> list[etree._Element]:
        return [el for el in self._candidates(top) if self._matches(el, top)]

    def first(self, top: etree._Element) -> etree._Element | None:
        if self._down is not None:
            return _first_down(top, self._down, 0, True)
        for el in self._candidates(top):
            if self._matches(el, top):
                return el
        return None


def _first_down(top: etree._Element, branch: _Branch, i: int, with_top: bool
                ) -> etree._Element | None:
    """The first element in document order at (`with_top`) or under `top` that matches
    compound i of `branch` and has the rest of the branch under it, for a branch of
    descendant combinators only. Looked for from the top down: the first compound's
    elements are few ("dl.postprofile"), the last one's many ("img"). The first element
    with a match under it holds the first match: one later in the document either follows
    its subtree or lies inside it, where every match is one of its own."""
    compound = branch[i][0]
    tag = compound.tag
    found = (top.iter(tag) if with_top else top.iterdescendants(tag)) if tag is not None else (
        top.iter(etree.Element) if with_top else top.iterdescendants(etree.Element))
    last = i == len(branch) - 1
    for el in found:
        if _ok(el, compound):
            if last:
                return el
            match = _first_down(el, branch, i + 1, False)
            if match is not None:
                return match
    return None


def compile_css(selector: str) -> Matcher | None:
    """A Python matcher for `selector`, or None when it is beyond what this module answers
    exactly as the XPath translation does."""
    try:
        parsed = cssselect.parse(selector)
    except cssselect.SelectorError:
        return None
    branches = []
    for sel in parsed:
        if sel.pseudo_element is not None:
            return None
        branch = _branch(sel.parsed_tree)
        if branch is None:
            return None
        branches.append(branch)
    return Matcher(branches) if branches else None


# ---- XPath: `//name[...]` as `/descendant::name[...]` -----------------------------------------

# functions whose value is a boolean or a string: as a predicate, a test of the node alone
# (a number would be compared with the node's position)
_TEST_FUNCTIONS = frozenset({
    "not", "contains", "starts-with", "boolean", "true", "false", "lang", "normalize-space",
    "string", "concat", "substring", "substring-before", "substring-after", "translate",
    "local-name", "name", "namespace-uri"})
_XNAME = r"[A-Za-z_][\w.-]*(?![\w.-])"
_STEP_TEST = re.compile(rf"(?:{_XNAME}::)?(?:{_XNAME}(?::(?:{_XNAME}|\*))?|\*|@{_XNAME}|@\*|"
                        r"node\(\)|text\(\)|comment\(\)|\.\.|\.)")
# a location path with its predicates emptied: "p", ".//p[]", "td/span[]/a[]", "@id"
_PATH = re.compile(rf"/?/?{_STEP_TEST.pattern}(?:\[\])*(?://?{_STEP_TEST.pattern}(?:\[\])*)*")
# the name test that may follow "//" for the rewrite: a name, *, or a node type test
_AFTER = re.compile(rf"(?:{_XNAME}(?::(?:{_XNAME}|\*))?|\*|node\(\)|text\(\)|comment\(\))"
                    r"(?!\s*::|\s*\()")


def _close(expr: str, at: int) -> int:
    """The index just past the bracket or parenthesis group opening at `at` (strings
    skipped); len(expr) + 1 when it does not close."""
    depth = 0
    i = at
    while i < len(expr):
        ch = expr[i]
        if ch in "'\"":
            end = expr.find(ch, i + 1)
            if end < 0:
                return len(expr) + 1
            i = end
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(expr) + 1


def _top_level(expr: str) -> str | None:
    """`expr` with every string emptied and every bracket and parenthesis group emptied
    ("[]", "()"); None when they do not balance."""
    out = []
    i = 0
    while i < len(expr):
        ch = expr[i]
        if ch in "'\"":
            end = expr.find(ch, i + 1)
            if end < 0:
                return None
            out.append("''")
            i = end + 1
        elif ch in "[(":
            end = _close(expr, i)
            if end > len(expr):
                return None
            out.append("[]" if ch == "[" else "()")
            i = end
        elif ch in "])":
            return None
        else:
            out.append(ch)
            i += 1
    return "".join(out)


def _node_test(pred: str) -> bool:
    """Whether a predicate's value is a boolean, string or node-set whatever the node's
    position among its siblings: then it tests the node alone (conservatively: False when
    unsure)."""
    if "position(" in pred or "last(" in pred:
        return False
    expr = pred.strip()
    top = _top_level(expr)
    if top is None:
        return False
    if top == "()":  # ( expr )
        return _node_test(expr[1:-1])
    if re.search(r"[=<>]", top) or re.search(r"(?:^|[\s)\]'])(?:and|or)(?=[\s(@.$'])", top):
        return True  # a comparison, "and", "or": booleans
    call = re.fullmatch(r"([A-Za-z][\w-]*)\s*\(\)", top)
    if call and call.group(1) not in ("node", "text", "comment"):
        return call.group(1) in _TEST_FUNCTIONS
    return _PATH.fullmatch(top) is not None  # a path: whether it finds a node


def descendant_steps(xpath: str) -> str:
    """`xpath` with each `//name[p]...` written `/descendant::name[p]...` where every
    predicate p tests the node alone (no position, no number): the same nodes, found
    without libxml2 gathering every node's children first (`//name` with a predicate is
    `descendant-or-self::node()/child::name[p]`, which it does not shorten)."""
    out = []
    i = 0
    while i < len(xpath):
        ch = xpath[i]
        if ch in "'\"":
            end = xpath.find(ch, i + 1)
            if end < 0:
                return xpath
            out.append(xpath[i:end + 1])
            i = end + 1
            continue
        if xpath.startswith("//", i):
            m = _AFTER.match(xpath, i + 2)
            if m:
                j = m.end()
                preds = []
                while j < len(xpath) and xpath[j] == "[":
                    end = _close(xpath, j)
                    if end > len(xpath):
                        return xpath
                    preds.append(xpath[j + 1:end - 1])
                    j = end
                if all(_node_test(p) for p in preds):
                    # the predicates are rewritten inside too
                    inner = "".join(f"[{descendant_steps(p)}]" for p in preds)
                    out.append(f"/descendant::{m.group(0)}{inner}")
                    i = j
                    continue
        out.append(ch)
        i += 1
    return "".join(out)
