"""`mafiakit report GAME.json -o REPORT.html`: the notebooks executed on one game and put
together as one self-contained HTML file that works offline: plotly.js inlined once, each
figure drawn from its JSON; tables and text through `toolkit.safe_html`, so that nothing
a forum page held runs in the report; a Content-Security-Policy that lets the page load
nothing from outside."""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import mistune
import nbformat
from plotly.offline import get_plotlyjs

from toolkit.notebooks import execute, notebook_paths, takes_game
from toolkit.safe_html import sanitize

_CSP = ("default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; "
        "style-src 'unsafe-inline'; img-src data:; font-src data:")
_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1200px; padding: 0 1em;
       color: #222; }
section.notebook { border-top: 2px solid #ccc; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; font-size: 0.85em; }
.figure { margin: 1em 0; }
nav li { margin: 0.2em 0; }
"""
_MARKDOWN = mistune.create_markdown(escape=True, plugins=["table"])

Progress = Callable[[str], None]


def build_report(game: Path, output: Path, *, notebooks: Sequence[Path] | None = None,
                 parameters: dict[str, object] | None = None,
                 progress: Progress | None = None) -> int:
    """Execute each notebook on `game` (its `GAME` parameter; by default every notebook
    about one game) and write the report to `output`; the number of figures drawn."""
    paths = list(notebooks) if notebooks is not None else [
        p for p in notebook_paths() if takes_game(p)]
    sections: list[str] = []
    figures = 0
    for path in paths:
        if progress is not None:
            progress(f"running {path.name}")
        nb = execute(path, {"GAME": str(game.resolve()), **(parameters or {})})
        body, drawn = _notebook(nb, path, figures)
        figures += drawn
        sections.append(body)
    toc = "".join(f'<li><a href="#nb-{i}">{html.escape(_title(p))}</a></li>'
                  for i, p in enumerate(paths))
    page = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
            f"<title>mafiakit report: {html.escape(game.name)}</title>"
            f"<style>{_CSS}</style><script>{get_plotlyjs()}</script></head><body>"
            f"<h1>mafiakit report: {html.escape(game.name)}</h1><nav><ol>{toc}</ol></nav>"
            + "".join(f'<section class="notebook" id="nb-{i}">{s}</section>'
                      for i, s in enumerate(sections))
            + "</body></html>\n")
    output.write_text(page, encoding="utf-8")
    return figures


def _title(path: Path) -> str:
    return path.stem.replace("_", " ")


def _notebook(nb: nbformat.NotebookNode, path: Path, first: int) -> tuple[str, int]:
    parts: list[str] = []
    drawn = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(sanitize(str(_MARKDOWN(cell.source))))
            continue
        if cell.cell_type != "code" or "injected-parameters" in cell.metadata.get("tags", []):
            continue
        for out in cell.get("outputs", []):
            piece, fig = _output(out, f"fig-{first + drawn}")
            drawn += fig
            parts.append(piece)
    return "".join(parts), drawn


def _output(out: dict[str, Any], fig_id: str) -> tuple[str, int]:
    """One output as report HTML, and whether it is a figure."""
    kind = out.get("output_type")
    if kind == "stream":
        return f"<pre>{html.escape(str(out.get('text', '')))}</pre>", 0
    if kind == "error":
        return f"<pre>{html.escape(str(out.get('ename')))}: " \
               f"{html.escape(str(out.get('evalue')))}</pre>", 0
    data = out.get("data", {})
    if "application/vnd.plotly.v1+json" in data:
        spec = data["application/vnd.plotly.v1+json"]
        # JSON in a script: "</" would close the script early
        blob = json.dumps({"data": spec.get("data", []), "layout": spec.get("layout", {})},
                          ensure_ascii=False).replace("</", "<\\/")
        return (f'<div class="figure" id="{fig_id}"></div><script>(function(){{'
                f"var f={blob};Plotly.newPlot('{fig_id}',f.data,f.layout,"
                "{responsive:true,displaylogo:false});})();</script>", 1)
    if "text/html" in data:
        return sanitize(_text(data["text/html"])), 0
    if "image/png" in data:
        raw = "".join(_text(data["image/png"]).split())
        base64.b64decode(raw, validate=True)  # only an image's bytes go into the page
        return f'<p><img alt="figure" src="data:image/png;base64,{raw}"></p>', 0
    if "text/plain" in data:
        return f"<pre>{html.escape(_text(data['text/plain']))}</pre>", 0
    return "", 0


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value)
