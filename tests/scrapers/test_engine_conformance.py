"""One conformance test over every registered engine family (in the spirit of OpenSpiel's
test run on every registered game): each family has fixture pages, each page is claimed by
exactly one family, its own, and every post it yields has an author and a body."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.archive.decode import decode_page
from scrapers.archive.wayback import unwrap
from scrapers.forum.engines import FAMILIES, adapters
from scrapers.forum.page import parse_html, read_page
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
REAL = {"phpBB.html": "phpbb", "vBulletin3.html": "vbulletin", "vBulletin4.html": "vbulletin",
        "vBulletin5.html": "vbulletin", "Xenforo1.html": "xenforo", "Xenforo2.html": "xenforo"}


def _pages() -> list[tuple[Path, str]]:
    pages = [(p, p.parent.name) for p in sorted(FIXTURES.glob("*/*.html"))
             if p.parent.name in FAMILIES]
    real = shared_dir() / "fixtures" / "real" / "Kinematics__NetTally"
    pages += [(real / name, family) for name, family in REAL.items() if (real / name).is_file()]
    return pages


PAGES = _pages()


def test_every_registered_family_has_fixture_pages() -> None:
    registered = [a.family for a in adapters()]
    assert registered == list(FAMILIES)
    covered = {family for _, family in PAGES}
    assert set(FAMILIES) <= covered, f"families without a fixture: {set(FAMILIES) - covered}"


@pytest.mark.parametrize(("path", "family"), PAGES, ids=lambda v: getattr(v, "name", v))
def test_page_is_claimed_by_its_family_only(path: Path, family: str) -> None:
    text = unwrap(decode_page(path.read_bytes()).text).text
    root = parse_html(text)
    claimed = [a.family for a in adapters() if a.detect(root, text) is not None]
    assert claimed == [family]


@pytest.mark.parametrize(("path", "family"), PAGES, ids=lambda v: getattr(v, "name", v))
def test_every_post_has_an_author_and_a_body(path: Path, family: str) -> None:
    _, parsed = read_page(path.name, path.read_bytes(), ZoneInfo("UTC"))
    assert parsed.posts
    assert parsed.info.engine != "unknown"
    for post in parsed.posts:
        assert post.author
        assert post.deleted or post.html.strip(), f"post {post.post_id} has no body"
        assert post.time is None or post.time.tzinfo is not None


def test_every_family_has_a_title_and_detection_signals() -> None:
    """Messages name a family as readers know it, and detection weighs its evidence."""
    for adapter in adapters():
        assert adapter.title, f"{adapter.family}: no title"
        assert adapter.signals, f"{adapter.family}: no detection signals"
        assert sum(s.weight for s in adapter.signals) >= 3, adapter.family
