"""Running the notebooks of `notebooks/` headless: each is a jupytext `py:percent` file
whose cell tagged `parameters` holds its defaults (the game to load, ...); a run adds a
cell after it setting the given values, as papermill does, and executes the notebooks with
nbclient in their folder. Figures are written as `toolkit.renderers` says: by default both
plotly's own JSON output (`application/vnd.plotly.v1+json`, which JupyterLab shows and the
report draws) and HTML that an nbconvert export draws offline; the report asks for the JSON
alone (`renderers="plotly_mimetype"`), which is all it reads.

Several notebooks run in one kernel, one after the other (`execute_all`): a kernel's start
and the toolkit's imports cost more than most notebooks, and in one kernel `toolkit.load`
hands every notebook the same `Game`, so each game is read and replayed once."""

from __future__ import annotations

import os
import re
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

# jsonschema, under nbformat, builds the grammar of rfc3987-syntax at import when that is
# installed (JupyterLab's extras bring it): seconds, for an IRI check nbformat's schema never
# makes. Not imported here, nor in the report's kernel (`_SETUP`); what jsonschema does when
# it is not installed.
sys.modules.setdefault("rfc3987_syntax", None)  # type: ignore[arg-type]

import jupytext  # noqa: E402
import nbformat  # noqa: E402
from jupyter_client.manager import KernelManager  # noqa: E402
from nbclient import NotebookClient  # noqa: E402
from nbclient.exceptions import CellExecutionError  # noqa: E402

from engine.errors import MafiakitError  # noqa: E402
from toolkit.renderers import ENVIRONMENT, NOTEBOOK  # noqa: E402

FOLDER = Path(__file__).resolve().parent.parent / "notebooks"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")  # the kernel colours its tracebacks
# the renderers set before the notebook's first cell too: a notebook that does not call
# `use_renderers` itself still writes its figures as the run asks (`ENVIRONMENT`), not as the
# kernel's environment (PLOTLY_RENDERER=browser, a VS Code terminal...) would pick
_SETUP = ("import sys as _sys\n_sys.modules.setdefault('rfc3987_syntax', None)\n"
          "from toolkit.renderers import use_renderers as _use_renderers\n_use_renderers()")
# a headless run keeps no input history: IPython writes each cell to its SQLite history
# (a second of the report's time), which nobody will read back
_KERNEL_ARGS = ["--HistoryManager.enabled=False"]
_OWNER = "mafiakit_notebook"  # a merged cell's metadata: which notebook it came from


class NotebookError(MafiakitError):
    """A notebook that failed: which one, which cell, what the kernel said."""


def notebook_paths(folder: Path = FOLDER) -> list[Path]:
    """The notebooks in order of their number (00_..., 01_...)."""
    return sorted(folder.glob("[0-9][0-9]_*.py"))


def read(path: Path) -> nbformat.NotebookNode:
    """The notebook at `path` (a jupytext `py:percent` file)."""
    nb: nbformat.NotebookNode = jupytext.read(path)
    return nb


def reads(text: str) -> nbformat.NotebookNode:
    """A notebook from the text of a `py:percent` file."""
    nb: nbformat.NotebookNode = jupytext.reads(text, fmt="py:percent")
    return nb


def takes_game(path: Path | nbformat.NotebookNode) -> bool:
    """Whether the notebook is about one game: its parameters cell sets `GAME` (the
    cross-game notebook sets the corpus instead, and is no part of a game's report)."""
    nb = read(path) if isinstance(path, Path) else path
    return any("parameters" in c.get("metadata", {}).get("tags", []) and
               re.search(r"^GAME\s*=", c.source, flags=re.M) for c in nb.cells)


def execute(path: Path, parameters: Mapping[str, object] | None = None, *,
            timeout: int = 600, renderers: str = NOTEBOOK) -> nbformat.NotebookNode:
    """The notebook at `path` executed with `parameters` (values Python literals can
    write: str, int, float, bool, None, lists of them), its figures shown by the plotly
    `renderers` (see `toolkit.renderers`; the default keeps them in an HTML export)."""
    return execute_all([path], parameters, timeout=timeout, renderers=renderers)[0]


def execute_all(paths: Sequence[Path], parameters: Mapping[str, object] | None = None, *,
                timeout: int = 600, books: Sequence[nbformat.NotebookNode] | None = None,
                renderers: str = NOTEBOOK) -> list[nbformat.NotebookNode]:
    """The notebooks at `paths` (`books`: as already read, then filled in place) executed
    one after the other in one kernel, each with `parameters` set after its own
    parameters cell and run in its own folder; each returned as its own notebook with its
    outputs."""
    books = list(books) if books is not None else [read(p) for p in paths]
    merged = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    for n, (path, nb) in enumerate(zip(paths, books, strict=True)):
        at = next((i for i, c in enumerate(nb.cells)
                   if "parameters" in c.get("metadata", {}).get("tags", [])), -1)
        # each notebook reads its relative paths from its own folder, as in JupyterLab
        lines = [_SETUP, f"import os as _os\n_os.chdir({str(path.parent.resolve())!r})"]
        lines += [f"{name} = {value!r}" for name, value in (parameters or {}).items()]
        nb.cells.insert(at + 1, nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
            "\n".join(lines), metadata={"tags": ["injected-parameters"]}))
        for cell in nb.cells:
            cell.metadata[_OWNER] = n
            merged.cells.append(cell)
    with tempfile.TemporaryDirectory() as sockets:
        # the kernel talks over local sockets in a private folder, not TCP (which every
        # kernel warns about on the user's terminal, and which any local user could reach)
        km = KernelManager(kernel_name="python3", transport="ipc",
                           ip=str(Path(sockets) / "kernel"))
        client = NotebookClient(merged, km=km, timeout=timeout, extra_arguments=_KERNEL_ARGS,
                                resources={"metadata": {"path": str(paths[0].parent)}})
        # the kernel's `use_renderers()` calls (ours above, the notebook's own) read it there
        env = {**os.environ, ENVIRONMENT: renderers}
        try:
            client.execute(env=env)
        except CellExecutionError as exc:
            # the kernel's message ends with the exception; the failed cell names the notebook
            failed = next((c for c in merged.cells if any(
                o.get("output_type") == "error" for o in c.get("outputs", []))), None)
            name = paths[failed.metadata[_OWNER]].name if failed is not None else \
                ", ".join(p.name for p in paths)
            text = _ANSI.sub("", str(exc)).strip().splitlines()
            raise NotebookError(f"{name}: a cell failed: {text[-1] if text else exc}") \
                from None
        finally:
            if km.has_kernel:  # a kernel handed to the client is ours to stop
                km.shutdown_kernel()
    for cell in merged.cells:
        cell.metadata.pop(_OWNER, None)
    return books
