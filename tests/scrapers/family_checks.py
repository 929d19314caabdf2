"""Checks every new engine family's tests share: its detection claims its own fixture pages
and no other family's page (fixtures here, real pages in ../shared), and on the shared real
pages it claims, the posts come out right (authors, times, first words, quotes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.page import load_page, parse_html
from tests.conftest import shared_dir
from tests.scrapers.real_threads import cases, score_page

FIXTURES = Path(__file__).parent / "fixtures"


def variant(adapter: EngineAdapter, path: Path) -> str | None:
    """The variant `adapter` reads the saved page at `path` as, or None."""
    page = load_page(path.name, path.read_bytes())
    spec = adapter.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def other_pages(own: str) -> list[Path]:
    """The saved pages of every other family: the fixtures here and the shared real pages."""
    pages = [p for p in sorted(FIXTURES.glob("*/*.htm*")) if p.parent.name != own]
    for folder in ("real", "real-threads"):
        root = shared_dir() / "fixtures" / folder
        if root.is_dir():
            pages += sorted(root.rglob("*.htm*"))
    return pages


def claimed_elsewhere(adapter: EngineAdapter) -> list[str]:
    return [str(p) for p in other_pages(adapter.family) if variant(adapter, p) is not None]


def check_real_pages(adapter: EngineAdapter) -> None:
    """Every shared real-threads page the family claims: all expected posts read, with their
    authors, times, first words and quotes. Skips (saying so) when the set holds none."""
    folders = [f for f in cases() if variant(adapter, f / "page.html") is not None]
    if not folders:
        pytest.skip(f"no {adapter.title} page among the shared real threads "
                    f"({shared_dir() / 'fixtures' / 'real-threads'}); judged on pages elsewhere")
    for folder in folders:
        score = score_page(folder)
        assert score.read == score.expected, folder.name
        assert score.exact == score.expected, (folder.name, [p.why for p in score.posts])
