"""`mafiakit report`: the notebooks executed on a game as one offline HTML page, in which
nothing from the forum's pages runs."""

from __future__ import annotations

import html
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
    # the head loads nothing (plotly.js and DataTables are inlined)
    assert not re.search(r"(?:src|href)=", re.sub(r"<script[^>]*>.*?</script>", "", head,
                                                  flags=re.S))
    # plotly.js, inlined once; DataTables for the long tables, as an inline module
    assert len(_scripts(head)) == 2
    assert '<script type="module">' in head
    assert len(_scripts(body)) == 1  # the review's vote chart


def test_nothing_from_a_post_runs_in_the_report(tmp_path: Path) -> None:
    log = load(GAME)
    log.posts[1] = log.posts[1].model_copy(update={"html": HOSTILE, "text": "click"})
    game = tmp_path / "hostile.json"
    save(log, game)
    notebook = tmp_path / "90_raw.py"
    notebook.write_text(SHOWS_RAW, encoding="utf-8")
    out = tmp_path / "report.html"
    assert build_report(game, out, notebooks=[notebook]) == 2  # the review's and the cell's
    head, body = out.read_text(encoding="utf-8").split("</head>", 1)
    assert len(_scripts(head)) == 1  # plotly.js (no long table: no DataTables)
    scripts = _scripts(body)
    assert len(scripts) == 2  # the two figures' drawing
    assert "Plotly.newPlot('fig-1'" in scripts[1]
    assert not [s for s in scripts if "pwned" in s]
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


# the whole report of the game with the GM's planted mistakes, built once for the tests below
MISTAKES = ROOT / "data" / "games" / "contested-island" / "gm-mistakes" / "expected.json"


@pytest.fixture(scope="module")
def review(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("report") / "report.html"
    build_report(MISTAKES, out)
    return out.read_text(encoding="utf-8")


def _text(page: str) -> str:
    """The page without its scripts (plotly.js, DataTables, the figures' JSON)."""
    return re.sub(r"<script[^>]*>.*?</script>", "", page, flags=re.S)


def _first_screen(page: str) -> str:
    body = _text(page).split("</head>", 1)[1]
    return body[body.index('<section class="review"'):body.index('<section class="notebook"')]


def test_the_report_is_titled_by_the_game(review: str) -> None:
    title = load(MISTAKES).meta.title
    assert f"<title>{html.escape(title)}</title>" in review
    assert f"<h1>{html.escape(title)}</h1>" in review
    assert "mafiakit report: expected.json" not in review
    assert _text(review).count("<h1>") == 1  # the notebooks' own titles are sections under it


def test_the_first_screen_is_the_review(review: str) -> None:
    first = _first_screen(review)
    assert "Result:</strong> Group of Survivors won" in first
    assert "Day by day" in first
    assert "Corsica</strong> eliminated" in first
    assert "Jen Li" in first  # the role's name, not its id
    assert first.count('<div class="mk-dispute') == 2
    assert 'class="figure"' in first  # a day's vote chart
    # the sections follow, the raw views last, in the appendix
    body = _text(review)
    assert body.index('id="review"') < body.index('class="notebook"') \
        < body.index('class="notebook appendix"')
    assert body.rindex('<section class="notebook') == body.index("notebook appendix") - 16


def test_every_dispute_is_shown_in_full(review: str) -> None:
    from engine.verify import verify

    first = _first_screen(review)
    disputed = [f for f in verify(load(MISTAKES)).findings if f.status == "disputed"]
    assert len(disputed) == 2
    for finding in disputed:
        assert html.escape(f"{finding.phase} {finding.item}: disputed", quote=False) in first
        for step in finding.chain:  # every step, whole
            assert f"<li>{html.escape(step, quote=False)}</li>" in first
    assert "the rules give</th><td>Cuba, Singapore" in first
    assert "the GM published</th><td>Singapore (post 36)" in first
    assert "Rulings in effect:" in first
    assert "…" not in _text(review)


def test_no_raw_reprs_float_noise_or_na_walls(review: str) -> None:
    text = _text(review)
    for raw in ("dtype:", "ScumRate(", "&lt;NA&gt;", "<NA>", "e-16", "e-17", "NaN",
                "[(&#x27;", "Name: count"):
        assert raw not in text, raw
    # no table left with a header and no rows: an empty table says "none"
    assert not re.search(r"</thead><tbody></tbody>", text)
    assert "mk-none" in text


def test_names_not_ids_before_the_appendix(review: str) -> None:
    text = _text(review)
    shown = text[:text.index("notebook appendix")]
    for slug in ("rick-morgan", "who-are-you", "stunning-blow", ">survivors<"):
        assert slug not in shown, slug
    assert "Rick Morgan" in shown
    assert "Stunning Blow" in shown


def test_the_game_card_once_and_long_tables_whole(review: str) -> None:
    text = _text(review)
    assert text.count('class="mafiakit-game"') == 1
    findings = len(verify_findings())
    every = text[text.rindex("<h3>Every finding</h3>"):]
    table = every[:every.index("</table>")]
    assert table.count("<tr>") == findings + 1  # every row, not the first ten
    assert "mk-long" in table  # searched and paged in the browser


def verify_findings() -> list[object]:
    from engine.verify import verify

    return list(verify(load(MISTAKES)).findings)


def test_the_notebooks_run_in_one_kernel(tmp_path: Path) -> None:
    from toolkit.notebooks import execute_all

    first = tmp_path / "81_first.py"
    first.write_text('# %% tags=["parameters"]\nGAME = ""\n\n# %%\nSHARED = 41\n',
                     encoding="utf-8")
    second = tmp_path / "82_second.py"
    second.write_text('# %% tags=["parameters"]\nGAME = ""\n\n# %%\nSHARED + 1\n\n'
                      "# %%\n1 / 0\n", encoding="utf-8")
    with pytest.raises(NotebookError, match=r"^82_second\.py: a cell failed: ZeroDivision"):
        execute_all([first, second], {"GAME": "x"})
    second.write_text('# %% tags=["parameters"]\nGAME = ""\n\n# %%\nSHARED + 1\n',
                      encoding="utf-8")
    books = execute_all([first, second], {"GAME": "x"})
    assert books[1].cells[-1].outputs[0]["data"]["text/plain"] == "42"


def test_a_game_is_loaded_and_replayed_once(tmp_path: Path) -> None:
    import os
    import shutil

    from toolkit import load as load_game

    copy = tmp_path / "game.json"
    shutil.copy(GAME, copy)
    game = load_game(copy)
    assert load_game(str(copy)) is game  # another notebook gets the same replays
    assert load_game(tmp_path / "." / "game.json") is game
    os.utime(copy, ns=(1, 1))  # the file changed since: read again
    assert load_game(copy) is not game
