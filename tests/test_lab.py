"""`./run lab` (issue 23): JupyterLab on 127.0.0.1 only, as root too, with the project's
Jupyter config (`.jupyter/`) that opens the py:percent notebooks as notebooks. The command
line comes from `./run lab --dry-run`, which prints it and sets nothing up; the server test
starts that very command line (with the test's interpreter) and asks the running server."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

CONFIG = ROOT / ".jupyter"


def _dry_run(tmp_path: Path, *args: str, uid: int | None = None,
             env: dict[str, str] | None = None) -> tuple[str, list[str]]:
    """`./run lab --dry-run ARGS`: the JUPYTER_CONFIG_PATH it sets and the argv it would
    exec, as the user `uid` (a fake `id` first on PATH) or as whoever runs the tests."""
    environ = {**os.environ, **(env or {})}
    if uid is not None:
        fake = tmp_path / f"bin-{uid}"
        fake.mkdir()
        (fake / "id").write_text(f"#!/bin/sh\necho {uid}\n", encoding="utf-8")
        (fake / "id").chmod(0o755)
        environ["PATH"] = f"{fake}{os.pathsep}{environ['PATH']}"
    done = subprocess.run([str(ROOT / "run"), "lab", "--dry-run", *args], env=environ,
                          capture_output=True, text=True, check=True, timeout=60)
    first, *argv = done.stdout.splitlines()
    name, _, value = first.partition("=")
    assert name == "JUPYTER_CONFIG_PATH"
    return value, argv


@pytest.mark.parametrize("uid", [0, 1000])
def test_lab_binds_localhost_and_allows_root_only_for_root(tmp_path: Path, uid: int) -> None:
    config, argv = _dry_run(tmp_path, "--port=8899", uid=uid)
    assert argv[0].endswith("/bin/jupyter")
    assert argv[1] == "lab"
    assert "--ip=127.0.0.1" in argv
    assert not [a for a in argv if "0.0.0.0" in a]
    assert ("--allow-root" in argv) == (uid == 0)
    assert "--notebook-dir=notebooks" in argv
    assert argv[-1] == "--port=8899"  # the user's own options come last, and win
    assert "--dry-run" not in argv
    assert config == str(CONFIG)


def test_lab_adds_the_project_config_to_the_users(tmp_path: Path) -> None:
    config, _ = _dry_run(tmp_path, env={"JUPYTER_CONFIG_PATH": "/elsewhere/jupyter"})
    assert config.split(os.pathsep) == [str(CONFIG), "/elsewhere/jupyter"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=30) as response:
        body = response.read().decode("utf-8")
    return json.loads(body) if response.headers.get_content_type() == "application/json" \
        else body


def test_lab_serves_the_py_notebooks_as_notebooks(tmp_path: Path) -> None:
    config, argv = _dry_run(tmp_path)
    token = secrets.token_hex(16)
    env = {**os.environ, "JUPYTER_CONFIG_PATH": config,
           # the user's own Jupyter config, data, settings and workspaces kept out
           "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_DATA_DIR": str(tmp_path / "data"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(tmp_path / "settings"),
           "JUPYTERLAB_WORKSPACES_DIR": str(tmp_path / "workspaces")}
    env.pop("JUPYTER_TOKEN", None)
    command = [sys.executable, "-m", "jupyter", *argv[1:], f"--port={_free_port()}",
               "--ServerApp.port_retries=0", "--no-browser", f"--IdentityProvider.token={token}"]
    log = (tmp_path / "lab.log").open("w", encoding="utf-8")
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        info: dict[str, Any] = {}
        deadline = time.monotonic() + 120
        while not info:
            assert server.poll() is None, (tmp_path / "lab.log").read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "the server did not start in 120 s"
            found = sorted((tmp_path / "runtime").glob(f"jpserver-{server.pid}.json"))
            info = json.loads(found[0].read_text(encoding="utf-8")) if found else {}
            time.sleep(0.5)
        assert info["hostname"] == "127.0.0.1"
        base = info["url"]
        assert base.startswith("http://127.0.0.1:")
        # jupytext's contents manager: the .py file served as a notebook, its cells parsed
        nb = _get(f"{base}api/contents/01_overview.py?type=notebook&content=1&token={token}")
        assert nb["type"] == "notebook"
        assert nb["format"] == "json"
        tags = [t for c in nb["content"]["cells"] for t in c["metadata"].get("tags", [])]
        assert "parameters" in tags
        # a double-click opens a Python file with jupytext's notebook, not the text editor
        plugin = _get(f"{base}lab/api/settings/@jupyterlab/docmanager-extension:plugin"
                      f"?token={token}")
        viewers = plugin["schema"]["properties"]["defaultViewers"]["default"]
        assert viewers.get("python") == "Jupytext Notebook"
        # and the front end has the extension that provides that viewer
        page = _get(f"{base}lab?token={token}")
        assert "jupyterlab-jupytext" in page
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
