"""The mafiascum corpus read in place for cross-game notebooks."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import need_corpus
from toolkit.corpus import games, threads


def test_no_corpus_no_threads(tmp_path: Path) -> None:
    assert threads(tmp_path) == []
    assert list(games(tmp_path)) == []


def test_a_slice_of_the_corpus_with_its_votes() -> None:
    folder = need_corpus()
    seen: list[tuple[int, int, str]] = []
    got = list(games(folder, limit=2, progress=lambda d, n, t: seen.append((d, n, t))))
    assert [t for t, _ in got] == threads(folder)[:2]
    assert [(d, n) for d, n, _ in seen] == [(1, 2), (2, 2)]
    for _, log in got:
        assert log.votes
        assert log.meta.ruleset == "mafiascum"
