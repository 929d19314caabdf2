"""The report in a real browser: headless Chromium (Debian's, which `./run test` installs
when missing) opens the report of a bundled game from disk, draws every chart, logs no
error, and a screenshot is taken (issue 8)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT
from toolkit.report import build_report

GAME = ROOT / "data" / "games" / "contested-island" / "expected.json"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

@pytest.mark.skipif(CHROMIUM is None or DRIVER is None,
                    reason="Debian's chromium and chromium-driver are not installed "
                           "(./run test installs them: apt-get install chromium chromium-driver)")
def test_every_chart_renders_in_headless_chromium_without_errors(tmp_path: Path) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.ui import WebDriverWait

    # the real report: every notebook about one game, on the bundled contested-island game
    report = tmp_path / "report.html"
    drawn = build_report(GAME, report)
    assert drawn >= 2  # 01's activity heatmap, 04's nights, and the votes' and blocs' charts
    options = Options()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,2400",
                "--disable-dev-shm-usage"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    try:
        driver.get(report.as_uri())
        WebDriverWait(driver, 60).until(lambda d: d.execute_script(
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
        logged = driver.get_log("browser")  # type: ignore[no-untyped-call]
        errors = [e for e in logged if e["level"] == "SEVERE"]
        assert errors == []
        shot = tmp_path / "report.png"
        assert driver.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        driver.quit()
