"""Where the notebooks' charts show: one call, `use_renderers()`, that the notebooks make
after their imports and that the headless runner (`toolkit.notebooks.execute`) makes too.

Plotly 7 writes only its own mime type (`application/vnd.plotly.v1+json`) in a Jupyter
kernel: JupyterLab draws it, but an HTML export (nbconvert, nbviewer, GitHub) has nothing to
draw it with, and every chart is gone. So each figure is written twice in one output:

- `plotly_mimetype`: the figure's JSON, which JupyterLab (and VS Code) draw, and which
  `mafiakit report` reads;
- `mafiakit_notebook`: plotly's `notebook` renderer (a `<div>` and its `Plotly.newPlot`
  call, as `text/html`), with plotly.js inlined once per notebook, at the first figure,
  so that an exported file draws its charts offline. Unlike plotly's own `notebook`
  renderer it loads no MathJax from a CDN next to every figure: the charts set no LaTeX,
  and an export must not reach out to the network.

Colab is the exception: it shows each output in its own frame, so plotly.js inlined once
would be missing from every later figure; there the `colab` renderer loads plotly.js from
its CDN in every output (a Colab session is online anyway).

The choice can be forced with the `MAFIAKIT_PLOTLY_RENDERER` environment variable (any
plotly renderer name or `+` combination, e.g. `plotly_mimetype` for light notebooks);
`PLOTLY_RENDERER`, plotly's own variable, is respected when set."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

import plotly.io as pio
from plotly.io.base_renderers import NotebookRenderer

OFFLINE = "mafiakit_notebook"
NOTEBOOK = f"plotly_mimetype+{OFFLINE}"
COLAB = "colab"
ENVIRONMENT = "MAFIAKIT_PLOTLY_RENDERER"


class OfflineNotebookRenderer(NotebookRenderer):  # type: ignore[misc]
    """plotly's `notebook` renderer (plotly.js inlined once, when first used), each figure
    as a `<div>` drawn by `Plotly.newPlot`, without a MathJax `<script src>` on a CDN."""

    def to_mimebundle(self, fig_dict: dict[str, Any]) -> dict[str, str]:
        html = pio.to_html(fig_dict, config=self.config, auto_play=self.auto_play,
                           include_plotlyjs=False, include_mathjax=False,
                           post_script=self.post_script, full_html=False,
                           animation_opts=self.animation_opts, default_width="100%",
                           default_height=525, validate=False)
        return {"text/html": html}


# registered under its own name, so that a combination can name it like plotly's renderers
pio.renderers[OFFLINE] = OfflineNotebookRenderer()


def choose(environ: Mapping[str, str] | None = None) -> str:
    """The renderer combination for the environment `environ` (default: this process's)."""
    env = os.environ if environ is None else environ
    if env.get(ENVIRONMENT):
        return env[ENVIRONMENT]
    if env.get("PLOTLY_RENDERER"):
        return env["PLOTLY_RENDERER"]
    # the variable plotly checks, the one newer Colab runtimes set, or its module loaded
    if env.get("COLAB_NOTEBOOK_ID") or env.get("COLAB_RELEASE_TAG") or (
            environ is None and "google.colab" in sys.modules):
        return COLAB
    return NOTEBOOK


def use_renderers(renderers: str | None = None) -> str:
    """Make `renderers` (default: `choose()`) how figures show from now on; the combination
    used. Plotly keeps its default renderer per process, so this is the one place that sets
    it: a notebook calls it once, after its imports."""
    chosen = renderers or choose()
    pio.renderers.default = chosen  # plotly checks the names and raises on an unknown one
    return chosen
