"""The contract of an engine module: `ADAPTER = EngineAdapter(...)`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from lxml import etree

from scrapers.forum.spec import EngineSpec, parse_with_spec
from scrapers.forum.types import PageContext, ParsedPage

Detect = Callable[[etree._Element, str], EngineSpec | None]
Parse = Callable[[etree._Element, EngineSpec, PageContext, str], ParsedPage]


@dataclass(frozen=True)
class EngineAdapter:
    """An engine family.

    `detect(root, text)` looks at the markup (never the URL) and returns the spec of the
    variant the page is, or None. `parse(root, spec, ctx, text)` reads the posts; most
    engines use `parse_with_spec` as it is.
    """

    family: str
    detect: Detect
    parse: Parse = parse_with_spec
