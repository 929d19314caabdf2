"""Notebooks outside JupyterLab (issue 23): a notebook executed on a bundled game and
exported with nbconvert keeps its charts, drawn offline from plotly.js inlined in the file,
while every figure still carries plotly's mime type for JupyterLab and the report."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jupytext
import nbformat
import plotly.graph_objects as go
import plotly.io as pio
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbconvert import HTMLExporter
from plotly.offline import get_plotlyjs

from tests.browser import chromium, needs_chromium
from tests.conftest import ROOT
from toolkit.notebooks import FOLDER, execute
from toolkit.renderers import COLAB, ENVIRONMENT, NOTEBOOK, OFFLINE, choose, use_renderers

GAME = ROOT / "data" / "games" / "contested-island" / "expected.json"
NIGHTS = FOLDER / "04_night_visits.py"  # a short notebook with several charts
PLOTLY_JSON = "application/vnd.plotly.v1+json"
# a stretch of plotly.js itself, past its licence header, to find it inlined in an export
PLOTLY_JS = get_plotlyjs()[2000:2200]


def _outputs(nb: nbformat.NotebookNode) -> list[dict[str, Any]]:
    return [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]


def _figures(nb: nbformat.NotebookNode) -> int:
    return sum(PLOTLY_JSON in o.get("data", {}) for o in _outputs(nb))


def _check_export(nb: nbformat.NotebookNode) -> str:
    """The notebook as nbconvert's HTML, after checking that every figure is in it."""
    figures = _figures(nb)
    assert figures >= 2, "the notebook drew no charts on the bundled game"
    body, _ = HTMLExporter().from_notebook_node(nb)  # type: ignore[no-untyped-call]
    assert body.count('class="plotly-graph-div"') == figures
    assert body.count("Plotly.newPlot(") == figures
    assert body.count(PLOTLY_JS) == 1, "plotly.js is not inlined once in the export"
    # offline: nothing of plotly's (or the MathJax plotly would add) comes from a CDN; the
    # template's own scripts (require.js, MathJax for the markdown) are nbconvert's business
    sources = re.findall(r"<script[^>]*\bsrc=\"([^\"]+)\"", body)
    assert not [s for s in sources if "plot" in s or "mathjax/3" in s.lower()], sources
    return body


@pytest.fixture(scope="module")
def executed() -> nbformat.NotebookNode:
    return execute(NIGHTS, {"GAME": str(GAME)})


def test_choose_keeps_the_mime_type_and_adds_offline_html() -> None:
    assert choose({}) == NOTEBOOK == f"plotly_mimetype+{OFFLINE}"
    assert choose({"VSCODE_PID": "1"}) == NOTEBOOK  # plotly alone would write the mime type only
    assert choose({"COLAB_NOTEBOOK_ID": "x"}) == COLAB
    assert choose({"COLAB_RELEASE_TAG": "release"}) == COLAB
    assert choose({"PLOTLY_RENDERER": "notebook_connected"}) == "notebook_connected"
    assert choose({ENVIRONMENT: "plotly_mimetype", "PLOTLY_RENDERER": "svg",
                   "COLAB_NOTEBOOK_ID": "x"}) == "plotly_mimetype"


def test_the_offline_renderer_writes_a_drawn_div_and_loads_nothing() -> None:
    bundle = pio.renderers[OFFLINE].to_mimebundle(go.Figure(go.Bar(y=[1, 2])).to_dict())
    html = bundle["text/html"]
    assert 'class="plotly-graph-div"' in html
    assert "Plotly.newPlot(" in html
    assert "src=" not in html  # no script loaded from anywhere (MathJax from its CDN)


def test_use_renderers_sets_plotly_default_and_rejects_unknown_names() -> None:
    before = pio.renderers.default
    try:
        assert use_renderers(NOTEBOOK) == NOTEBOOK
        assert pio.renderers.default == NOTEBOOK
        with pytest.raises(ValueError, match="renderer"):
            use_renderers("plotly_mimetype+no_such_renderer")
    finally:
        pio.renderers.default = before


def test_an_executed_notebook_keeps_its_charts_in_nbconvert_html(
        executed: nbformat.NotebookNode) -> None:
    figures = [o for o in _outputs(executed) if PLOTLY_JSON in o.get("data", {})]
    # each figure in both forms: the mime type (JupyterLab, the report) and its HTML
    assert figures
    assert all("text/html" in o["data"] for o in figures)
    _check_export(executed)


@pytest.mark.filterwarnings("ignore:Your element with mimetype")  # that is the point
def test_the_report_renderer_alone_loses_the_charts_in_an_export() -> None:
    """What issue 23 saw: with plotly's mime type only, an export has no chart (this also
    shows that the check above can fail)."""
    nb = execute(NIGHTS, {"GAME": str(GAME)}, renderers="plotly_mimetype")
    assert _figures(nb) >= 2
    with pytest.raises(AssertionError):
        _check_export(nb)


@pytest.fixture
def sockets() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        yield Path(folder)


def test_a_notebook_run_outside_the_toolkit_keeps_its_charts(sockets: Path) -> None:
    """As `jupyter nbconvert --execute` would: the notebook file alone, in a kernel whose
    environment names no renderer, so only the notebook's own `use_renderers()` decides."""
    nb = jupytext.read(NIGHTS)
    env = {k: v for k, v in os.environ.items() if k not in (ENVIRONMENT, "PLOTLY_RENDERER")}
    km = KernelManager(kernel_name="python3", transport="ipc", ip=str(sockets / "kernel"))
    client = NotebookClient(nb, km=km, timeout=600,
                            resources={"metadata": {"path": str(FOLDER)}})
    try:
        client.execute(env=env)  # its own default GAME: the bundled contested-island game
    finally:
        if km.has_kernel:
            km.shutdown_kernel()
    _check_export(nb)


@needs_chromium
def test_the_exported_charts_draw_offline_in_headless_chromium(
        executed: nbformat.NotebookNode, tmp_path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    page = tmp_path / "nights.html"
    page.write_text(_check_export(executed), encoding="utf-8")
    figures = _figures(executed)
    # offline: no host name resolves, so whatever the page would fetch from a CDN fails
    driver = chromium(1400, 2400, ["--host-resolver-rules=MAP * ~NOTFOUND"])
    try:
        driver.get(page.as_uri())
        WebDriverWait(driver, 60).until(lambda d: d.execute_script(
            "return document.querySelectorAll('.js-plotly-plot .main-svg').length") >= figures)
        drawn = driver.execute_script(
            "return Array.from(document.querySelectorAll('.plotly-graph-div')).map(f => ["
            "f.querySelectorAll('.main-svg').length, f.getBoundingClientRect().height])")
        assert len(drawn) == figures
        assert all(svgs >= 1 and height > 100 for svgs, height in drawn)
        logged = driver.get_log("browser")
        # the template's CDN scripts fail to load offline; no script may fail otherwise
        errors = [e for e in logged if e["level"] == "SEVERE" and "net::" not in e["message"]]
        assert errors == []
    finally:
        driver.quit()


def test_every_notebook_sets_its_renderers_before_its_charts() -> None:
    """Opened in Lab, VS Code or Colab, a notebook runs without the runner's help."""
    for path in sorted(FOLDER.glob("[0-9][0-9]_*.py")):
        code = [c.source for c in jupytext.read(path).cells if c.cell_type == "code"]
        first = next(i for i, src in enumerate(code) if "use_renderers()" in src)
        assert not any(".show()" in src or "figure" in src for src in code[:first]), path.name
