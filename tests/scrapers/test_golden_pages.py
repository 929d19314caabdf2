"""Every saved page fixture gives exactly its expected posts (see tests/scrapers/golden.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import shared_dir
from tests.scrapers.golden import run

FIXTURES = Path(__file__).parent / "fixtures"
EXPECTED = sorted(FIXTURES.rglob("*.expected.json"))


def _page_for(expected: Path, doc: dict[str, Any]) -> Path:
    if "shared" in doc:
        path: Path = shared_dir() / str(doc["shared"])
        if not path.is_file():
            pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
        return path
    stem = expected.name.removesuffix(".expected.json")
    if (expected.parent / stem).is_file():  # "<page>.html.expected.json"
        return expected.parent / stem
    pages = [p for p in expected.parent.iterdir()
             if p.name != expected.name and p.name.startswith(stem + ".")
             and not p.name.endswith(".json")]
    assert len(pages) == 1, f"{expected}: expected one page named {stem}.*, found {pages}"
    return pages[0]


@pytest.mark.parametrize("expected", EXPECTED, ids=lambda p: str(p.relative_to(FIXTURES)))
def test_page_matches_expected(expected: Path) -> None:
    doc = json.loads(expected.read_text(encoding="utf-8"))
    got = run(_page_for(expected, doc), doc.get("options", {}))
    assert got["page"] == doc["page"]
    assert len(got["posts"]) == len(doc["posts"])
    for i, (g, e) in enumerate(zip(got["posts"], doc["posts"], strict=True)):
        assert g == e, f"post {i} ({e.get('post_id')}) differs"
    assert got["issues"] == doc["issues"]
