"""The acceptance test over ../shared/fixtures/real-threads: real saved thread pages of many
forum engines, each beside an expected.json made by hand from its HTML (see
`tests.scrapers.real_threads` for how posts are lined up and scored).

``pytest tests/scrapers/test_real_threads.py -s`` prints the per-page table."""

from __future__ import annotations

import pytest

from tests.scrapers.real_threads import PageScore, cases, folder, score_all, table

# the share of posts that must come out right (author in order, a body, a time where the
# page prints one) and exact (also the printed time, the first words, the number of quotes)
RIGHT = 0.98
EXACT = 0.98


@pytest.fixture(scope="module")
def scores() -> list[PageScore]:
    if not cases():
        pytest.skip(f"no real thread pages under {folder()} (set MAFIAKIT_SHARED)")
    found = score_all()
    print("\n" + table(found, verbose=True))
    return found


def test_every_page_is_read_or_refused_with_its_reason(scores: list[PageScore]) -> None:
    for s in scores:
        assert s.read or s.refused, f"{s.name}: no posts and no error saying why"


def test_posts_right_over_the_set(scores: list[PageScore]) -> None:
    total = sum(s.expected for s in scores)
    right = sum(s.right for s in scores)
    assert right >= RIGHT * total, table(scores)


def test_posts_exact_over_the_set(scores: list[PageScore]) -> None:
    total = sum(s.expected for s in scores)
    exact = sum(s.exact for s in scores)
    assert exact >= EXACT * total, table(scores, verbose=True)
