"""Running the notebooks of `notebooks/` headless: each is a jupytext `py:percent` file
whose cell tagged `parameters` holds its defaults (the game to load, ...); a run adds a
cell after it setting the given values, as papermill does, and executes the notebook with
nbclient in the notebooks' folder. Figures are written as `toolkit.renderers` says (by
default both plotly's own JSON output, `application/vnd.plotly.v1+json`, which JupyterLab
shows and the report draws, and HTML that an nbconvert export draws offline)."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

import jupytext
import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

from engine.errors import MafiakitError
from toolkit.renderers import ENVIRONMENT, NOTEBOOK

FOLDER = Path(__file__).resolve().parent.parent / "notebooks"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")  # the kernel colours its tracebacks
# the renderers set before the notebook's first cell too: a notebook that does not call
# `use_renderers` itself still writes its figures as the run asks, not as the kernel's
# environment (PLOTLY_RENDERER=browser, a VS Code terminal...) would pick without a screen
_SETUP = "from toolkit.renderers import use_renderers as _use_renderers\n_use_renderers()"


class NotebookError(MafiakitError):
    """A notebook that failed: which one, which cell, what the kernel said."""


def notebook_paths(folder: Path = FOLDER) -> list[Path]:
    """The notebooks in order of their number (00_..., 01_...)."""
    return sorted(folder.glob("[0-9][0-9]_*.py"))


def takes_game(path: Path) -> bool:
    """Whether the notebook is about one game: its parameters cell sets `GAME` (the
    cross-game notebook sets the corpus instead, and is no part of a game's report)."""
    nb = jupytext.read(path)
    return any("parameters" in c.get("metadata", {}).get("tags", []) and
               re.search(r"^GAME\s*=", c.source, flags=re.M) for c in nb.cells)


def execute(path: Path, parameters: Mapping[str, object] | None = None, *,
            timeout: int = 600, renderers: str = NOTEBOOK) -> nbformat.NotebookNode:
    """The notebook at `path` executed with `parameters` (values Python literals can
    write: str, int, float, bool, None, lists of them), its figures shown by the plotly
    `renderers` (see `toolkit.renderers`; the default keeps them in an HTML export)."""
    nb: nbformat.NotebookNode = jupytext.read(path)
    at = next((i for i, c in enumerate(nb.cells)
               if "parameters" in c.get("metadata", {}).get("tags", [])), -1)
    lines = [_SETUP] + [f"{name} = {value!r}" for name, value in (parameters or {}).items()]
    nb.cells.insert(at + 1, nbformat.v4.new_code_cell(  # type: ignore[no-untyped-call]
        "\n".join(lines), metadata={"tags": ["injected-parameters"]}))
    with tempfile.TemporaryDirectory() as sockets:
        # the kernel talks over local sockets in a private folder, not TCP (which every
        # kernel warns about on the user's terminal, and which any local user could reach)
        km = KernelManager(kernel_name="python3", transport="ipc",
                           ip=str(Path(sockets) / "kernel"))
        client = NotebookClient(nb, km=km, timeout=timeout,
                                resources={"metadata": {"path": str(path.parent)}})
        # the kernel's `use_renderers()` calls (ours above, the notebook's own) read it there
        env = {**os.environ, ENVIRONMENT: renderers}
        try:
            client.execute(env=env)
        except CellExecutionError as exc:
            # the kernel's message ends with the exception; the cell's source names the place
            text = _ANSI.sub("", str(exc)).strip().splitlines()
            raise NotebookError(f"{path.name}: a cell failed: {text[-1] if text else exc}") \
                from None
        finally:
            if km.has_kernel:  # a kernel handed to the client is ours to stop
                km.shutdown_kernel()
    return nb
