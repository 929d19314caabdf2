"""Project conventions that a change could silently break."""

from __future__ import annotations

import ast
import os
import re

import pytest

from tests.conftest import ROOT

FORBIDDEN = {"engine": {"scrapers", "toolkit"}, "scrapers": {"toolkit"}, "toolkit": set()}


def _imports(package: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            found.extend((str(path.relative_to(ROOT)), n.split(".")[0]) for n in names)
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_flow_one_way(package: str) -> None:
    bad = [(f, m) for f, m in _imports(package) if m in FORBIDDEN[package]]
    assert not bad, f"{package} must not import {FORBIDDEN[package]}: {bad}"


def test_readme_starts_with_the_two_commands() -> None:
    head = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    assert "./run demo" in head
    assert "./run test" in head


def test_run_and_ci_scripts() -> None:
    assert os.access(ROOT / "run", os.X_OK)
    assert "./run test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.parametrize("package", ["engine", "scrapers", "toolkit"])
def test_modules_stay_small(package: str) -> None:
    big = [(str(p.relative_to(ROOT)), n) for p in (ROOT / package).rglob("*.py")
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600]
    assert not big, f"modules over 600 lines: {big}"


def test_no_machine_paths_in_committed_data() -> None:
    pattern = re.compile(r"(/work/|/home/|/root/|/tmp/|[A-Z]:\\\\)")
    for path in (ROOT / "data").rglob("*"):
        if path.is_file():
            assert not pattern.search(path.read_text(encoding="utf-8", errors="replace")), path
