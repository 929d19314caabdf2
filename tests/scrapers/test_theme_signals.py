"""Detection evidence (scrapers.forum.signals) of the phpBB, SMF, Forumotion, MyBB, mybb.ru and
uCoz families: each family's own pages show its evidence, more of it than any other family's,
so that families are tried in the right order, and a theme's renamed classes do not lose it."""

from __future__ import annotations

from pathlib import Path

import pytest

from scrapers.archive.decode import decode_page
from scrapers.archive.wayback import unwrap
from scrapers.forum.page import evidence
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
FAMILIES = ("phpbb", "smf", "forumotion", "mybb", "mybbru", "ucoz")
REAL_THREADS = {"phpbb3-bboots-ebaumsworld-watching": "phpbb", "phpbb3-leftsilver-ilp": "phpbb",
                "phpbb3-prosilver-openoffice-documentation": "phpbb",
                "phpbb31-videolan-chinese-subtitles": "phpbb",
                "smf1-bpdfamily-silent-treatment": "smf"}


def _pages() -> list[tuple[Path, str]]:
    return [(p, family) for family in FAMILIES
            for p in sorted((FIXTURES / family).glob("*.htm*")) if p.suffix != ".json"]


@pytest.mark.parametrize(("path", "family"), _pages(), ids=lambda v: getattr(v, "name", v))
def test_own_fixture_shows_most_evidence_for_its_family(path: Path, family: str) -> None:
    text = unwrap(decode_page(path.read_bytes()).text).text
    ranked = evidence(text)
    own = next(e for e in ranked if e.family == family)
    assert own.score >= 3, own
    # Forumotion skins copy phpBB's markup: there phpBB may show as much, never more
    best = ranked[0]
    assert best.family == family or (family == "forumotion" and best.score <= own.score), ranked


@pytest.mark.parametrize(("folder", "family"), sorted(REAL_THREADS.items()))
def test_real_page_shows_most_evidence_for_its_family(folder: str, family: str) -> None:
    path = shared_dir() / "fixtures" / "real-threads" / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"real page {path} not found (set MAFIAKIT_SHARED)")
    ranked = evidence(path.read_text(encoding="utf-8"))
    assert ranked[0].family == family, ranked[:3]
    assert ranked[0].score >= 3
