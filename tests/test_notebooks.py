"""Every notebook in notebooks/ executes headless on the bundled games (issue 8), through
the same runner as `mafiakit report` (its `GAME` parameter set): each on the contested-island
game (the one with every kind of record) and on one other bundled game, by turns, so that
every game meets several notebooks and the suite stays short (a run starts a kernel)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT
from toolkit.notebooks import execute, notebook_paths, takes_game

# the notebooks about one game (07, across the corpus, runs in tests/toolkit/test_research.py)
NOTEBOOKS = [p for p in notebook_paths() if takes_game(p)]
GAMES = sorted((ROOT / "data" / "games").glob("*/expected.json"))
MAIN = ROOT / "data" / "games" / "contested-island" / "expected.json"
OTHERS = [g for g in GAMES if g != MAIN]
RUNS = [(nb, game) for i, nb in enumerate(NOTEBOOKS)
        for game in (MAIN, OTHERS[i % len(OTHERS)])]


def test_there_are_notebooks_and_games() -> None:
    assert NOTEBOOKS
    assert MAIN in GAMES
    assert {g for _, g in RUNS} == set(GAMES) or len(NOTEBOOKS) < len(OTHERS)


@pytest.mark.parametrize(("path", "game"), RUNS,
                         ids=[f"{nb.stem}-{game.parent.name}" for nb, game in RUNS])
def test_notebook_runs_on_a_bundled_game(path: Path, game: Path) -> None:
    nb = execute(path, {"GAME": str(game)})
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    html = [o["data"]["text/html"] for o in outputs if "text/html" in o.get("data", {})]
    assert any("mafiakit-game" in h for h in html), "the game card was not shown"
