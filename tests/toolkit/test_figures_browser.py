"""The toolbar off the titles, as a browser draws them (issue 23): headless Chromium opens
the heatmaps with plotly's toolbar shown, and the toolbar's box and the title's box do not
meet. Skipped without Debian's chromium and chromium-driver (`./run test` installs them)."""

from __future__ import annotations

from pathlib import Path

from engine.gamelog import load
from tests.browser import chromium, needs_chromium
from tests.conftest import ROOT
from toolkit.figures.activity import activity_heatmap
from toolkit.figures.blocs import covote_heatmap
from toolkit.metrics import blocs
from toolkit.metrics.activity import hour_heatmap

GAME = ROOT / "tests" / "engine" / "games" / "island-16.json"
BOXES = """
const box = s => { const b = document.querySelector(s).getBoundingClientRect();
                   return [b.left, b.top, b.right, b.bottom]; };
return [box('.modebar'), box('.gtitle')];"""


def apart(a: list[float], b: list[float]) -> bool:
    """Whether two boxes [left, top, right, bottom] do not overlap."""
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


@needs_chromium
def test_the_toolbar_does_not_cover_a_heatmaps_title(tmp_path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    log = load(GAME)
    figures = {"covote": covote_heatmap(log, blocs.final_agreement(log)),
               "activity": activity_heatmap(hour_heatmap(log))}
    driver = chromium(900, 900, logs=False)
    try:
        for name, fig in figures.items():
            page = tmp_path / f"{name}.html"
            # the toolbar always shown (plotly shows it on hover), plotly.js inline: offline
            fig.write_html(str(page), include_plotlyjs=True, config={"displayModeBar": True})
            driver.get(page.as_uri())
            WebDriverWait(driver, 60).until(lambda d: d.execute_script(
                "return document.querySelector('.modebar') !== null && "
                "document.querySelector('.gtitle') !== null"))
            toolbar, title = driver.execute_script(BOXES)
            assert toolbar[2] > toolbar[0]  # drawn
            assert apart(toolbar, title), (name, toolbar, title)
    finally:
        driver.quit()
