"""The report in a real browser: headless Chromium (Debian's, which `./run test` installs
when missing) opens the report of a bundled game from disk, draws every chart, makes its
long tables searchable, logs no error (a script the Content-Security-Policy refused would be
one), and the first screen is photographed at 1400 and 800 px wide (issues 8 and 23).

The screenshots go to a folder the test prints; with MAFIAKIT_SHOTS set, they are copied
there too, for a person to look at."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.browser import chromium, needs_chromium
from tests.conftest import ROOT
from toolkit.report import build_report

GAME = ROOT / "data" / "games" / "contested-island" / "gm-mistakes" / "expected.json"


@needs_chromium
def test_every_chart_renders_in_headless_chromium_without_errors(tmp_path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    # the real report: the review and every notebook about one game, on the bundled
    # contested-island game with the GM's planted mistakes (so the first screen has disputes)
    report = tmp_path / "report.html"
    drawn = build_report(GAME, report)
    assert drawn >= 2  # the review's vote chart, 01's heatmap, the votes', blocs', nights'
    driver = chromium(1400, 900, ["--hide-scrollbars"])
    try:
        driver.get(report.as_uri())
        WebDriverWait(driver, 120).until(lambda d: d.execute_script(
            "return document.querySelectorAll('.js-plotly-plot .main-svg').length") >= drawn)
        charts = driver.execute_script(
            "return Array.from(document.querySelectorAll('.figure')).map(f => ["
            "f.querySelectorAll('.main-svg').length,"
            "f.querySelectorAll('.trace, .hm, .sankey, .heatmaplayer image').length,"
            "f.getBoundingClientRect().height])")
        assert len(charts) == drawn
        for svgs, traces, height in charts:
            assert svgs >= 1
            assert traces >= 1
            assert height > 100
        # every long table got DataTables' search box and paging
        WebDriverWait(driver, 30).until(lambda d: d.execute_script(
            "return document.querySelectorAll('table.mk-long').length > 0 && "
            "Array.from(document.querySelectorAll('table.mk-long')).every("
            "t => t.closest('.dt-container') && "
            "t.closest('.dt-container').querySelector('input[type=search]'))"))
        logged = driver.get_log("browser")
        errors = [e for e in logged if e["level"] == "SEVERE"]
        assert errors == []
        shots = tmp_path / "shots"
        shots.mkdir()
        for width in (1400, 800):
            driver.set_window_size(width, 900)
            driver.execute_script("window.scrollTo(0, 0); window.dispatchEvent("
                                  "new Event('resize'));")
            WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                "return document.readyState") == "complete")
            shot = shots / f"first-screen-{width}.png"
            assert driver.save_screenshot(str(shot))
            assert shot.stat().st_size > 10_000
        # the page fits the narrow window: no sideways scrolling of the whole page
        assert driver.execute_script(
            "return document.documentElement.scrollWidth <= window.innerWidth + 1")
        print(f"screenshots of the first screen: {shots}")
        if os.environ.get("MAFIAKIT_SHOTS"):
            copy = Path(os.environ["MAFIAKIT_SHOTS"])
            copy.mkdir(parents=True, exist_ok=True)
            for shot in shots.iterdir():
                shutil.copy(shot, copy / shot.name)
            print(f"copied to {copy}")
    finally:
        driver.quit()
