"""The contract of an engine module: `ADAPTER = EngineAdapter(...)`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from scrapers.forum.signals import Signal
from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage

Detect = Callable[[etree._Element, str], EngineSpec | None]
Parse = Callable[[etree._Element, EngineSpec, PageContext, str], ParsedPage]


@dataclass(frozen=True)
class EngineAdapter:
    """An engine family.

    `detect(root, text)` looks at the markup (never the URL) and returns the spec of the
    variant the page is, or None. `parse(root, spec, ctx, text)` reads the posts; most
    engines use `parse_with_spec` as it is. `signals`: the evidence the family's pages
    carry (`scrapers.forum.signals`), by which families are tried in order of evidence.
    `title`: the family's name as a reader knows it ("phpBB", "Discourse").
    `anchors`: the post census's anchors of each variant (`scrapers.forum.census`): the
    variant's engine name and its (attribute, value prefix) pairs, e.g.
    ``(("discourse-crawler", (("id", "post_"),)),)``.
    """

    family: str
    detect: Detect
    parse: Parse = parse_with_spec
    signals: tuple[Signal, ...] = ()
    title: str = ""
    anchors: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
