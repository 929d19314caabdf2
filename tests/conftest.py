"""Shared fixtures: the project root, the bundled sample, and the real data in ../shared.

Tests that need ../shared read its path from MAFIAKIT_SHARED (default: ../shared next to the
project) and are skipped, with the reason printed (-ra), when it is absent.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "data" / "sample" / "island-mini.json"


def shared_dir() -> Path:
    return Path(os.environ.get("MAFIAKIT_SHARED", str(ROOT.parent / "shared"))).resolve()


def corpus_dir() -> Path:
    return shared_dir() / "corpus" / "mafiascum"


def corpus_threads() -> list[str]:
    posts = corpus_dir() / "posts"
    if not posts.is_dir():
        return []
    return sorted(p.name.removesuffix(".jsonl.gz") for p in posts.glob("*.jsonl.gz"))


def need_corpus() -> Path:
    path = corpus_dir()
    if not (path / "archive.txt").is_file():
        pytest.skip(f"mafiascum corpus not found at {path} (set MAFIAKIT_SHARED)")
    return path


@pytest.fixture
def sample_path() -> Path:
    return SAMPLE
