"""`mafiakit report`: the notebooks executed on a game as one offline HTML page, in which
nothing from the forum's pages runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.gamelog import load, save
from tests.conftest import ROOT
from toolkit.cli import app
from toolkit.notebooks import NotebookError, notebook_paths
from toolkit.report import build_report

GAME = ROOT / "data" / "games" / "contested-island" / "expected.json"
HOSTILE = ('<script>window.pwned=1</script><img src="http://evil.example/x.png" '
           'onerror="window.pwned=2"><a href="javascript:window.pwned=3">click</a>')

# a notebook that shows a post's own HTML, raw, and a figure: the worst a notebook may do
SHOWS_RAW = '''# %% [markdown]
# # Raw posts <script>window.pwned=4</script>

# %% tags=["parameters"]
GAME = ""

# %%
from IPython.display import HTML
from toolkit import load
import plotly.graph_objects as go
game = load(GAME)
HTML(game.log.posts[1].html)

# %%
go.Figure(go.Bar(x=["a", "b"], y=[1, 2]))
'''


def _scripts(page: str) -> list[str]:
    return re.findall(r"<script[^>]*>(.*?)</script>", page, flags=re.S)


def test_the_report_of_a_bundled_game(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    build_report(GAME, out, notebooks=notebook_paths()[:1])
    head, body = out.read_text(encoding="utf-8").split("</head>", 1)
    assert "Content-Security-Policy" in head
    assert "mafiakit-game" in body  # the game card of notebook 00
    # the head loads nothing (plotly.js is inlined)
    assert not re.search(r"(?:src|href)=", re.sub(r"<script>.*?</script>", "", head, flags=re.S))
    assert len(_scripts(head)) == 1  # plotly.js, inlined once
    assert _scripts(body) == []


def test_nothing_from_a_post_runs_in_the_report(tmp_path: Path) -> None:
    log = load(GAME)
    log.posts[1] = log.posts[1].model_copy(update={"html": HOSTILE, "text": "click"})
    game = tmp_path / "hostile.json"
    save(log, game)
    notebook = tmp_path / "90_raw.py"
    notebook.write_text(SHOWS_RAW, encoding="utf-8")
    out = tmp_path / "report.html"
    assert build_report(game, out, notebooks=[notebook]) == 1
    head, body = out.read_text(encoding="utf-8").split("</head>", 1)
    assert len(_scripts(head)) == 1  # plotly.js
    scripts = _scripts(body)
    assert len(scripts) == 1  # the one figure's drawing
    assert "Plotly.newPlot('fig-0'" in scripts[0]
    assert "pwned" not in scripts[0]
    for bad in ("onerror", "javascript:", "evil.example", "<img"):
        assert bad not in body
    assert "click" in body  # the post's words stay
    assert "&lt;script&gt;window.pwned=4" in body  # a notebook's own markdown, escaped


def test_a_failing_notebook_is_named(tmp_path: Path) -> None:
    notebook = tmp_path / "91_broken.py"
    notebook.write_text('# %% tags=["parameters"]\nGAME = ""\n\n# %%\n1 / 0\n',
                        encoding="utf-8")
    with pytest.raises(NotebookError, match=r"91_broken\.py: a cell failed: ZeroDivisionError"):
        build_report(GAME, tmp_path / "r.html", notebooks=[notebook])


def test_the_command(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    bad = CliRunner().invoke(app, ["report", str(tmp_path / "missing.json"), "-o", str(out)])
    assert bad.exit_code == 2
    assert "missing.json" in bad.output


def test_a_games_report_runs_the_notebooks_about_one_game(tmp_path: Path) -> None:
    from toolkit.notebooks import takes_game

    assert all(takes_game(p) for p in notebook_paths() if not p.name.startswith("07"))
    other = tmp_path / "07_corpus.py"
    other.write_text('# %% tags=["parameters"]\nCORPUS = None\n', encoding="utf-8")
    assert not takes_game(other)
