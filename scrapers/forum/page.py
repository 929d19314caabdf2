"""One saved page to its posts: decode, unwrap a Wayback capture, detect the engine, parse."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import datetime, tzinfo

from lxml import etree

from engine.gamelog import ParseIssue, Where
from scrapers.archive.decode import decode_page
from scrapers.archive.wayback import unwrap
from scrapers.forum import generic
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.census import Census, census
from scrapers.forum.dates import stated_zone
from scrapers.forum.engines import adapters
from scrapers.forum.signals import Evidence, score, searched
from scrapers.forum.spec import EngineSpec, absolute_url, collapse_spaces
from scrapers.forum.types import ForumPost, Page, PageContext, PageInfo, ParsedPage

# a page is complete when its </body> or </html> was written and what follows it is whole
# markup: a browser's DOM dump ("save as complete", developer tools) has no <html> start tag
# and may end with elements scripts put after </body> (ad iframes); a cut page ends before
# either, or inside a tag or a text
_END_TAG = re.compile(r"</(?:html|body)\s*>", re.I)
_WHOLE_END = re.compile(r"(?:>|-->)\s*$")


def _complete(text: str) -> bool:
    tail = text[-65536:]
    ends = list(_END_TAG.finditer(tail))
    return bool(ends) and _WHOLE_END.search(tail[ends[-1].start():]) is not None


_SAVED_FROM = re.compile(r"<!--\s*saved from url=\(\d+\)(?P<url>\S+?)\s*-->", re.I)


def load_page(name: str, data: bytes, *, mtime: datetime | None = None,
              address: str | None = None) -> Page:
    """Decode one page and take a Wayback wrapper off; what was odd goes in `issues`.
    `address`: where the page was fetched from, when a fetch manifest says so."""
    decoded = decode_page(data)
    issues: list[ParseIssue] = []
    if decoded.lossy:
        issues.append(ParseIssue(
            severity="warning", code="undecodable-bytes", where=Where(file=name),
            message=f"bytes that no charset explains were replaced (read as {decoded.encoding})"))
    if decoded.declared and decoded.how == "detected":
        issues.append(ParseIssue(
            severity="info", code="charset-mismatch", where=Where(file=name),
            message=f"the page declares {decoded.declared} but reads as {decoded.encoding}"))
    un = unwrap(decoded.text)
    if not data.strip():
        issues.append(ParseIssue(
            severity="error", code="empty-page", where=Where(file=name),
            message=f"the file is empty ({len(data)} bytes): nothing was saved in it"))
    elif not _complete(un.text):
        issues.append(ParseIssue(
            severity="warning", code="page-truncated", where=Where(file=name),
            message="the page ends before its </body> or </html>: it was saved or copied "
                    "incompletely; posts at its end may be missing or cut short"))
    url = un.original_url
    captured, how = un.captured_at, ("wayback" if un.captured_at else None)
    saved = _SAVED_FROM.search(un.text[:4096])
    if saved and url is None:
        url = saved["url"]
    if url is None:
        url = address
    if captured is None and mtime is not None:
        captured, how = mtime, "mtime"
    return Page(name=name, text=un.text, size=len(data), sha256=hashlib.sha256(data).hexdigest(),
                encoding=decoded.encoding, url=url, captured_at=captured, captured_from=how,
                wayback=un.wayback, issues=issues)


def parse_html(text: str) -> etree._Element:
    """The page's element tree. A plain lxml HTML parser, not `lxml.html`'s: its Python-level
    element class lookup costs more than the parse itself on a forum page."""
    # lxml refuses str input that declares an encoding in an XML prolog
    cleaned = re.sub(r"^\s*<\?xml[^>]*\?>", "", text, count=1)
    if _NOT_XML.search(cleaned):
        # lxml reads C0 controls into the tree but refuses them when the markup is rewritten
        # (quotes, spoilers): they carry nothing a reader sees, so they go
        cleaned = _NOT_XML.sub("", cleaned)
    if "&#" in cleaned and _NOT_XML_REF.search(cleaned):
        cleaned = _NOT_XML_REF.sub("", cleaned)  # the same characters written as references
    root = etree.fromstring(cleaned or "<html></html>", etree.HTMLParser())
    if root is None:  # only whitespace or comments
        root = etree.fromstring("<html></html>", etree.HTMLParser())
    return root


# XPath collects and collapses the text in C, far faster than a Python walk and split
_NORMALIZED_BODY = etree.XPath("normalize-space(/html/body)")


def plain_text(root: etree._Element) -> str:
    """The page's text, runs of whitespace made one space: `" ".join(text.split())` of the
    body's text (the whole document's when the body has none)."""
    plain = str(_NORMALIZED_BODY(root))
    if not plain:  # no body, or nothing but whitespace in it
        return " ".join(str(root.xpath("string(/html/body)") or root.xpath("string(/)")).split())
    return collapse_spaces(plain)


def evidence(text: str, registry: tuple[EngineAdapter, ...] | None = None
             ) -> list[Evidence]:
    """Each family's signal score on the page, best first (registry order among equals)."""
    part = searched(text)
    found = [score(a.family, a.signals, part) for a in (registry or adapters())]
    order = {e.family: i for i, e in enumerate(found)}
    return sorted(found, key=lambda e: (-e.score, order[e.family]))


def detect(root: etree._Element, text: str, *,
           registry: tuple[EngineAdapter, ...] | None = None,
           prefer: str | None = None) -> tuple[EngineAdapter, EngineSpec] | None:
    """The family and variant of the page: families are tried in order of the evidence
    their signals find (`prefer`, the family the rest of the archive is, first), each
    family's own `detect` deciding the variant or refusing."""
    registry = registry or adapters()
    by_family = {a.family: a for a in registry}
    preferred = by_family.get(prefer) if prefer is not None else None
    if preferred is not None:
        # the archive's family first, before any evidence is weighed: the signals are read
        # once per archive (on its first page), not on each of its thousand pages
        spec = preferred.detect(root, text)
        if spec is not None:
            return preferred, spec
    for e in evidence(text, registry):
        adapter = by_family[e.family]
        if adapter is preferred:
            continue
        spec = adapter.detect(root, text)
        if spec is not None:
            return adapter, spec
    return None


# characters XML (and so lxml's tree) does not allow: C0 controls but tab, LF and CR,
# U+FFFE/U+FFFF and lone surrogates
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
# the same written as character references, which lxml's parser turns into them ("&#03" with
# no semicolon, found by the atheris fuzzer in a XenForo post; &#0; and surrogates it makes
# U+FFFD itself)
_NOT_XML_REF = re.compile(r"&#(?:0*(?:[1-8]|1[124-9]|2[0-9]|3[01]|6553[45])(?![0-9])"
                          r"|[xX]0*(?:[1-8bBcCeEfF]|1[0-9a-fA-F]|[fF]{3}[eEfF])(?![0-9a-fA-F]))"
                          r";?")


@dataclass
class ArchiveEngine:
    """The engine an archive's pages have been claimed by, decided once for the archive: the
    first page a family claims sets it; later pages try that family first, and a page no
    family claims by itself (a page whose footer and scripts were cut, a print view among
    normal pages) is read with the archive's variant when that finds posts on it. One per
    scrape, never shared between archives."""

    adapter: EngineAdapter | None = None
    spec: EngineSpec | None = None

    @property
    def family(self) -> str | None:
        return self.adapter.family if self.adapter is not None else None

    def note(self, adapter: EngineAdapter, spec: EngineSpec) -> None:
        if self.adapter is None:
            self.adapter, self.spec = adapter, spec


def parse_page(page: Page, timezone: tzinfo, archive: ArchiveEngine | None = None, *,
               registry: tuple[EngineAdapter, ...] | None = None) -> ParsedPage:
    """The posts of one page. An unknown engine or unreadable page gives an empty result
    with an error issue, never an exception. A zone the page states for its times ("All
    times are GMT -5") wins over `timezone`: it says what the page's clock was. `archive`:
    the engine the archive's other pages were claimed by (see `ArchiveEngine`).

    A page no family recognises is read by the generic reader (`read_generic`) or refused.
    `registry`: the families to try (all registered ones by default)."""
    ctx = PageContext(name=page.name, timezone=timezone, captured_at=page.captured_at,
                      issues=list(page.issues), base_url=page.url)
    text = page.text
    controls = len(_NOT_XML.findall(text))
    if "&#" in text:
        controls += len(_NOT_XML_REF.findall(text))
    if controls:  # `parse_html` removes them: said here, where issues are kept
        ctx.issue("warning", "control-characters",
                  f"{controls} control characters (not allowed in HTML "
                  "text) removed")
    try:
        root = parse_html(text)
    except (etree.ParserError, ValueError) as exc:
        ctx.issue("error", "unparsable-page", f"not an HTML page: {exc}")
        return ParsedPage(info=PageInfo(engine="unknown"), posts=[], issues=ctx.issues)
    # on the text, not the markup ("UTC [ <abbr>DST</abbr> ]"); the footer's statement is
    # the last one on the page
    ctx.plain = plain_text(root)
    stated = stated_zone(ctx.plain)
    if stated is not None:
        ctx.timezone = stated[0]
        ctx.issue("info", "page-timezone",
                  f"times read in {stated[0].tzname(None)}, as the page states: {stated[1]!r}")
    _base_url(root, ctx)
    found = detect(root, text, registry=registry,
                   prefer=archive.family if archive is not None else None)
    if found is None and archive is not None and archive.adapter is not None:
        assert archive.spec is not None
        trial_ctx = PageContext(name=ctx.name, timezone=ctx.timezone,
                                captured_at=ctx.captured_at, base_url=ctx.base_url,
                                plain=ctx.plain)
        trial = archive.adapter.parse(root, archive.spec, trial_ctx, text)
        if trial.posts:  # read once: parsing rewrites the posts' markup in the tree
            ctx.issue("info", "engine-from-archive",
                      f"no family claims this page by itself; read as {archive.spec.engine}, "
                      "the engine of the archive's other pages")
            trial.issues = ctx.issues + trial_ctx.issues
            return _with_census(page.name, root, text, archive.spec, trial)
    if found is None:
        return read_generic(root, ctx, registry or adapters())
    adapter, spec = found
    if archive is not None:
        archive.note(adapter, spec)
    return _with_census(page.name, root, text, spec, adapter.parse(root, spec, ctx, text))


def _base_url(root: etree._Element, ctx: PageContext) -> None:
    """The page's <base href>, against its address, resolves its relative links."""
    base = root.find(".//base")
    if base is not None and base.get("href"):
        ctx.base_url = absolute_url(ctx.base_url or "", base.get("href", ""))


def _with_census(name: str, root: etree._Element, text: str, spec: EngineSpec,
                 parsed: ParsedPage) -> ParsedPage:
    counted = census(root, text, spec)
    if counted is not None:
        parsed.census = counted.count
        parsed.not_read = not_read(counted, parsed.posts)
        parsed.issues.extend(census_issues(name, counted, parsed.posts))
    return parsed


def read_generic(root: etree._Element, ctx: PageContext,
                 registry: tuple[EngineAdapter, ...]) -> ParsedPage:
    """The posts of a page no family claims, by its repeated post structure
    (`scrapers.forum.generic`), said in a `generic-reader` warning; or the `unknown-engine`
    error naming the families tried and what was looked for."""
    found = generic.read(root, ctx)
    if isinstance(found, str):
        families = ", ".join(a.title or a.family for a in registry)
        ctx.issue("error", "unknown-engine",
                  f"no known forum engine recognises this page ({families}), and no repeated "
                  f"post structure was found: {found}; looked for sibling blocks of one "
                  "shape, each with a poster's name or profile link, a time and a body of "
                  "text")
        return ParsedPage(info=PageInfo(engine="unknown"), posts=[], issues=ctx.issues)
    parsed, message = found
    ctx.issue("warning", "generic-reader", message)
    parsed.issues = ctx.issues
    return parsed


def _listed(ids: set[str] | frozenset[str], limit: int = 20) -> str:
    ordered = sorted(ids, key=lambda i: (len(i), i))  # numeric order for digit ids
    more = f" and {len(ordered) - limit} more" if len(ordered) > limit else ""
    return ", ".join(ordered[:limit]) + more


def not_read(counted: Census, posts: list[ForumPost]) -> int:
    """Posts the page carries that the adapter did not read: anchors no post read has,
    less the posts read without an id (each may be one of them)."""
    read = {p.post_id for p in posts if p.post_id is not None}
    return max(0, len(counted.ids - read) - sum(p.post_id is None for p in posts))


def census_issues(name: str, counted: Census, posts: list[ForumPost]) -> list[ParseIssue]:
    """What the census says of the posts read: a warning for posts the page carries that
    were not read (lost before anything else could report them), an info for posts read that
    the census did not count (the census is short, nothing is lost). A post read without an
    id matches no anchor: such posts stand for as many of the unmatched anchors."""
    read = {p.post_id for p in posts if p.post_id is not None}
    without_id = sum(p.post_id is None for p in posts)
    unread = counted.ids - read
    uncounted = read - counted.ids
    issues: list[ParseIssue] = []
    lost = not_read(counted, posts)
    if lost > 0:
        among = (f" ({without_id} posts read without an id may be some of them)"
                 if without_id else "")
        issues.append(ParseIssue(
            severity="warning", code="posts-not-read", where=Where(file=name),
            message=f"{lost} posts on this page were not read: ids {_listed(unread)}{among}; "
                    f"the page carries {counted.count} post anchors, {len(posts)} posts "
                    "were read"))
    short = len(uncounted) + max(0, without_id - len(unread))
    if short > 0:
        which = f": ids {_listed(uncounted)}" if uncounted else ""
        issues.append(ParseIssue(
            severity="info", code="census-short", where=Where(file=name),
            message=f"{short} posts read have no anchor the post census counts{which}"))
    return issues


def read_page(name: str, data: bytes, timezone: tzinfo, *,
              mtime: datetime | None = None) -> tuple[Page, ParsedPage]:
    page = load_page(name, data, mtime=mtime)
    return page, parse_page(page, timezone)
