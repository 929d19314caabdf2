"""The engine is decided once per archive: a page no family claims by itself is read with
the variant the archive's other pages were claimed by (`scrapers.forum.page.ArchiveEngine`)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum import page as page_module
from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import adapters
from scrapers.forum.page import ArchiveEngine, load_page, parse_page

PHPBB = Path(__file__).parent / "fixtures" / "phpbb" / "phpbb33_prosilver_ru.html"
UTC = ZoneInfo("UTC")


def _refusing(family: str) -> tuple[EngineAdapter, ...]:
    """The registry with `family`'s detection refusing every page (a page whose markers a
    host cut away)."""
    return tuple(replace(a, detect=lambda root, text: None) if a.family == family else a
                 for a in adapters())


def test_a_page_no_family_claims_is_read_as_the_archive(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    first = load_page("page1.html", PHPBB.read_bytes())
    archive = ArchiveEngine()
    one = parse_page(first, UTC, archive)
    assert archive.family == "phpbb"
    assert one.posts
    monkeypatch.setattr(page_module, "adapters", lambda: _refusing("phpbb"))
    second = load_page("page2.html", PHPBB.read_bytes())
    alone = parse_page(second, UTC)  # without the archive: only the generic reader's guess
    assert alone.info.engine == "generic"
    assert "generic-reader" in [i.code for i in alone.issues]
    two = parse_page(load_page("page2.html", PHPBB.read_bytes()), UTC, archive)
    assert [p.author for p in two.posts] == [p.author for p in one.posts]
    assert [len(p.quotes) for p in two.posts] == [len(p.quotes) for p in one.posts]
    assert [p.text for p in two.posts] == [p.text for p in one.posts]
    codes = [i.code for i in two.issues]
    assert "engine-from-archive" in codes
    assert "unknown-engine" not in codes
    assert "generic-reader" not in codes
    assert two.info.engine == one.info.engine
    assert all(p.read_by is None for p in two.posts)
    assert two.census == len(two.posts)


def test_the_archive_family_is_tried_first_and_kept() -> None:
    archive = ArchiveEngine()
    parse_page(load_page("page1.html", PHPBB.read_bytes()), UTC, archive)
    spec = archive.spec
    parse_page(load_page("page2.html", PHPBB.read_bytes()), UTC, archive)
    assert archive.spec is spec  # decided by the first claimed page, not re-decided
