"""`mafiakit report GAME.json -o REPORT.html`: a game's review as one self-contained HTML
file that works offline. It opens on the game's title and a first screen made for a person
after the game (`toolkit.report_review`: the result, the eliminations day by day, every
disputed result in full, the day's vote chart); then a section per notebook about one game;
the raw views last, in an appendix.

The notebooks run in one kernel (`toolkit.notebooks.execute_all`), so each game is read and
replayed once. plotly.js is inlined once and each figure drawn from its JSON; long tables
get search and paging from the DataTables bundle itables ships, inlined too; tables and
text pass through `toolkit.safe_html`, so that nothing a forum page held runs in the report;
a Content-Security-Policy lets the page load nothing from outside."""

from __future__ import annotations

import base64
import html
import json
import re
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import mistune

from engine.gamelog import load as load_log
from toolkit.notebooks import execute_all, notebook_paths, read, reads, takes_game
from toolkit.report_assets import datatables, tables_script
from toolkit.safe_html import sanitize

if TYPE_CHECKING:
    import nbformat

_CSP = ("default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; "
        "style-src 'unsafe-inline'; img-src data:; font-src data:")
_CSS = """
body { font-family: system-ui, sans-serif; margin: 1em auto; max-width: 1200px; padding: 0 1em;
       color: #222; }
h1 { margin: 0.2em 0; font-size: 1.6em; }
nav { font-size: 0.9em; color: #555; }
nav ol { display: flex; flex-wrap: wrap; gap: 0 1.2em; padding: 0; margin: 0.3em 0;
         list-style: none; }
section.notebook { border-top: 2px solid #ccc; margin-top: 2em; }
section.appendix { border-top: 4px double #999; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 2px 6px; text-align: left; vertical-align: top;
         white-space: pre-line; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; font-size: 0.85em; }
.figure { margin: 1em 0; max-width: 100%; overflow-x: auto; }
/* a wide table scrolls inside its own box, not the page (a narrow window, a phone) */
table:not(.mk-long) { display: block; max-width: 100%; overflow-x: auto; }
.dt-layout-table { max-width: 100%; overflow-x: auto; }
.mafiakit-game { max-width: 100%; overflow-x: auto; }
.mk-result { font-size: 1.2em; margin: 0.3em 0; }
.mk-facts, .mk-note, .mk-caption { color: #555; margin: 0.3em 0; }
.mk-note { font-size: 0.8em; }
.mk-none { color: #666; font-style: italic; }
.mk-dispute { border-left: 4px solid #b00; padding: 0.2em 0.8em; margin: 1em 0;
              background: #fff6f6; }
.mk-dispute.mk-ruling-dependent { border-color: #a0a; background: #fbf5fb; }
.mk-dispute.mk-unverifiable { border-color: #b80; background: #fffaf0; }
.mk-dispute h4, .mk-dispute h3 { margin: 0.3em 0; }
.mk-chain li { margin: 0.1em 0; }
.mk-role { color: #555; }
.mk-phase { font-weight: bold; color: #444; margin-right: 0.3em; }
.mk-days td { min-width: 12em; }
.mk-columns { display: flex; flex-wrap: wrap; gap: 0 2em; }
.mk-column { flex: 1 1 30em; min-width: 0; }
"""
_MARKDOWN = mistune.create_markdown(escape=True, plugins=["table"])
# the first screen, run as the first notebook of the kernel
_REVIEW = '''# %% tags=["parameters"]
GAME = ""

# %%
from toolkit import load
from toolkit.report_review import show_review

show_review(load(GAME))
'''

_CARD = "mafiakit-game"  # the class of `Game`'s card
Progress = Callable[[str], None]


def is_appendix(nb: nbformat.NotebookNode) -> bool:
    """Whether the notebook goes in the report's appendix: its header says
    `mafiakit: {report: appendix}` (the raw views)."""
    meta = nb.metadata.get("mafiakit", {})
    return isinstance(meta, dict) and meta.get("report") == "appendix"


def report_notebooks() -> list[tuple[Path, nbformat.NotebookNode]]:
    """The notebooks of a game's report in their order, read: those about one game, the
    appendix last."""
    books = [(p, nb) for p in notebook_paths() if takes_game(nb := read(p))]
    return sorted(books, key=lambda b: is_appendix(b[1]))  # a stable sort keeps the order


def build_report(game: Path, output: Path, *, notebooks: Sequence[Path] | None = None,
                 parameters: dict[str, object] | None = None,
                 progress: Progress | None = None) -> int:
    """Execute the review and each notebook on `game` (its `GAME` parameter; by default
    every notebook about one game) in one kernel and write the report to `output`; the
    number of figures drawn."""
    chosen = report_notebooks() if notebooks is None else [(p, read(p)) for p in notebooks]
    paths = [p for p, _ in chosen]
    appendix = [is_appendix(nb) for _, nb in chosen]
    title = load_log(game).meta.title or game.name
    with tempfile.TemporaryDirectory() as folder:
        review = Path(folder) / "review.py"  # its name in an error; its folder, the cwd
        if progress is not None:
            progress(f"running the review and {len(paths)} notebooks in one kernel: "
                     + ", ".join(p.name for p in paths))
        books = execute_all([review, *paths], {"GAME": str(game.resolve()),
                                               **(parameters or {})},
                            books=[reads(_REVIEW),
                                   *(nb for _, nb in chosen)],
                            # the figures' JSON alone: the report draws them from it, and
                            # plotly.js inlined in a notebook's output would only be dropped
                            renderers="plotly_mimetype")
    sections: list[str] = []
    figures = 0
    seen: set[str] = set()
    for i, nb in enumerate(books):
        body, drawn = _notebook(nb, figures, seen)
        figures += drawn
        if i == 0:
            sections.append(f'<section class="review" id="review">{body}</section>')
        else:
            kind = "notebook appendix" if appendix[i - 1] else "notebook"
            head = "<h2>Appendix: the raw views</h2>" if appendix[i - 1] else ""
            sections.append(f'<section class="{kind}" id="nb-{i}">{head}{body}</section>')
    toc = "".join(f'<li><a href="#nb-{i}">{"Appendix: " if appendix[i - 1] else ""}'
                  f"{html.escape(_title(p, nb))}</a></li>"
                  for i, (p, nb) in enumerate(chosen, start=1))
    page = "".join(sections)
    long_tables = "mk-long" in page
    assets = ""
    if long_tables:
        script, css = datatables()
        assets = (f"<style>{css}</style><script type=\"module\">{script}\n"
                  f"{tables_script()}</script>")
    from plotly.offline import get_plotlyjs  # plotly.js, inlined

    document = (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
                f'<meta http-equiv="Content-Security-Policy" content="{_CSP}">'
                f"<title>{html.escape(title)}</title>"
                f"<style>{_CSS}</style><script>{get_plotlyjs()}</script>{assets}</head><body>"
                f"<header><h1>{html.escape(title)}</h1>"
                f"<nav>a review by mafiakit of {html.escape(game.name)} · sections:"
                f"<ol>{toc}</ol></nav></header>{page}</body></html>\n")
    output.write_text(document, encoding="utf-8")
    return figures


def _title(path: Path, nb: nbformat.NotebookNode) -> str:
    """The notebook's first heading without its number ("# 01 · GM audit" -> "GM audit"),
    else its file name in words."""
    for cell in nb.cells:
        if cell.cell_type == "markdown" and (m := re.search(r"^#\s+(.+)$", cell.source, re.M)):
            return re.sub(r"^\d+\s*·\s*", "", m[1]).strip()
    words = path.stem.split("_", 1)[-1].replace("_", " ")
    return words[:1].upper() + words[1:]


def _demoted(markup: str) -> str:
    """A notebook's headings one level down: the page's own title is the only h1."""
    return re.sub(r"<(/?)h([1-5])\b", lambda m: f"<{m[1]}h{int(m[2]) + 1}", markup)


def _notebook(nb: nbformat.NotebookNode, first: int, seen: set[str]) -> tuple[str, int]:
    """A notebook's markdown and outputs as report HTML, and the figures drawn; the game
    card, which each notebook shows for its reader in JupyterLab, only the first time in
    the report (`seen`: the cards shown so far)."""
    parts: list[str] = []
    drawn = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts.append(_demoted(sanitize(str(_MARKDOWN(cell.source)))))
            continue
        if cell.cell_type != "code" or "injected-parameters" in cell.metadata.get("tags", []):
            continue
        for out in cell.get("outputs", []):
            piece, fig = _output(out, f"fig-{first + drawn}")
            if _CARD in piece:
                if piece in seen:
                    continue
                seen.add(piece)
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
        return _demoted(sanitize(_text(data["text/html"]))), 0
    if "image/png" in data:
        raw = "".join(_text(data["image/png"]).split())
        base64.b64decode(raw, validate=True)  # only an image's bytes go into the page
        return f'<p><img alt="figure" src="data:image/png;base64,{raw}"></p>', 0
    if "text/plain" in data:
        return f"<pre>{html.escape(_text(data['text/plain']))}</pre>", 0
    return "", 0


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value)
