"""Headless Chromium for the tests that look at a page as a person would (the report, the
figures, an exported notebook): Debian's chromium and chromedriver, which `./run test`
installs when missing; a test without them is skipped with the reason printed."""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from typing import Any

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")

needs_chromium = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Debian's chromium and chromium-driver are not installed "
           "(./run test installs them: apt-get install chromium chromium-driver)")


def chromium(width: int, height: int, extra: Iterable[str] = (), *, logs: bool = True) -> Any:
    """A headless Chromium window of `width` x `height` (`extra`: more switches), keeping
    the browser's console log when `logs`; the caller quits it."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = str(CHROMIUM)
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                f"--window-size={width},{height}", *extra):
        options.add_argument(arg)
    if logs:
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)
