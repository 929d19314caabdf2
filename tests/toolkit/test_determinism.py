"""Determinism (issue 10): the same inputs give byte-identical game logs, findings, reports
and stores across runs, whatever the hash seed and however many workers.

Each command runs twice, in two separate processes started at once (so that the pair costs
the time of one run) with different `PYTHONHASHSEED` values: the order of a set of strings
(nicks, names) changes with the seed, so anything that lets such an order reach an output
shows here as different bytes. The two runs also write into different folders, so a
temporary or output path that leaks into what is written differs too."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from scrapers.descriptor import DESCRIPTOR, read_descriptor
from tests.conftest import ROOT, SAMPLE, corpus_dir, need_corpus
from toolkit.store import TABLES, Store

GAMES = ROOT / "data" / "games"
BUNDLES = sorted(p.name for p in GAMES.iterdir() if (p / DESCRIPTOR).is_file())
SEEDS = ("1", "2")


def _twice(tmp_path: Path, command: Callable[[Path, int], Sequence[str]], *,
           codes: tuple[int, ...] = (0,), timeout: int = 300) -> list[Path]:
    """`mafiakit <command(folder, run)>` run in two processes at once: run 0 with hash seed
    1 in `tmp_path/1`, run 1 with seed 2 in `tmp_path/2` (`command` is given the folder its
    run works in, and the run); each must exit with one of `codes`. The two folders, each
    holding its run's standard output in `stdout`."""
    folders = [tmp_path / seed for seed in SEEDS]
    runs = []
    for i, (seed, folder) in enumerate(zip(SEEDS, folders, strict=True)):
        folder.mkdir()
        # the kernels `mafiakit report` starts inherit this environment, and with it the seed
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = (folder / "stdout").open("wb")
        runs.append((subprocess.Popen([sys.executable, "-m", "toolkit.cli",
                                       *command(folder, i)],
                                      cwd=folder, env=env, stdout=out,
                                      stderr=subprocess.PIPE), out))
    try:
        errors = [proc.communicate(timeout=timeout)[1] for proc, _ in runs]
    finally:
        for proc, out in runs:
            proc.kill()  # a run still going (timed out) is not left behind; no-op otherwise
            proc.wait()
            out.close()
    for (proc, _), err in zip(runs, errors, strict=True):
        assert proc.returncode in codes, err.decode(errors="replace")
    return folders


def _same_bytes(folders: Sequence[Path], name: str) -> bytes:
    first, second = ((f / name).read_bytes() for f in folders)
    assert first, f"{name}: nothing written"
    assert first == second, f"{name} differs between hash seeds {SEEDS}"
    return first


@pytest.mark.parametrize("bundle", BUNDLES)
def test_a_scraped_thread_is_the_same_bytes(bundle: str, tmp_path: Path) -> None:
    """The bundled thread scraped as its `game.toml` says; every other bundle written
    gzipped, whose header must carry no time and no file name."""
    game = read_descriptor(GAMES / bundle / DESCRIPTOR)
    name = "game.json" if BUNDLES.index(bundle) % 2 == 0 else "game.json.gz"
    gms = [arg for gm in game.gms for arg in ("--gm", gm)]
    gm_log = ["--gm-log", str(game.gm_log)] if game.gm_log else []
    roster = ["--roster", str(game.roster)] if game.roster else []
    folders = _twice(tmp_path, lambda folder, _: [
        "scrape", *map(str, game.pages), "--ruleset", game.ruleset, "--timezone",
        game.timezone, *gms, *gm_log, *roster, "-o", str(folder / name), "-q"])
    written = _same_bytes(folders, name)
    log = json.loads(gzip.decompress(written) if name.endswith(".gz") else written)
    assert log["posts"]
    assert log["players"]
    assert log["phases"]


@pytest.mark.corpus
def test_an_imported_mafiascum_game_is_the_same_bytes(tmp_path: Path) -> None:
    corpus = need_corpus()
    posts = _smallest_thread(corpus)
    folders = _twice(tmp_path, lambda folder, _: [
        "import", "mafiascum", "--posts", str(posts), "--archive",
        str(corpus / "archive.txt"), "--transitions", str(corpus / "transitions.tsv"),
        "-o", str(folder / "game.json"), "-q"])
    log = json.loads(_same_bytes(folders, "game.json"))
    assert log["posts"]
    assert log["votes"]


@pytest.mark.parametrize("bundle", BUNDLES)
def test_the_findings_are_the_same_bytes(bundle: str, tmp_path: Path) -> None:
    """verify's JSON of the bundle's GM-mistakes copy: disputed findings with their chains
    beside the confirmed ones (exit 1: something is disputed)."""
    copy = GAMES / bundle / "gm-mistakes" / "expected.json"
    folders = _twice(tmp_path, lambda *_: ["verify", str(copy), "-f", "json"], codes=(1,))
    found = json.loads(_same_bytes(folders, "stdout"))
    disputed = [f for f in found["findings"] if f["status"] == "disputed"]
    assert disputed
    assert all(f["chain"] for f in disputed)


def test_the_report_is_the_same_bytes(tmp_path: Path) -> None:
    """The whole `mafiakit report` of the five-player sample (the smallest game): every
    notebook run in its own kernel, the figures drawn from plotly's JSON under ids the report
    numbers itself. The slowest test here: seven kernels per run."""
    folders = _twice(tmp_path, lambda folder, _: [
        "report", str(SAMPLE), "-o", str(folder / "report.html"), "-q"], timeout=900)
    page = _same_bytes(folders, "report.html").decode("utf-8")
    assert "Plotly.newPlot('fig-0'" in page


def test_a_corpus_run_on_one_or_two_workers_exports_the_same_bytes(tmp_path: Path) -> None:
    """`mafiakit corpus` with --workers 1 (seed 1) and --workers 2 (seed 2), which stores
    the games in the order they finish: every Parquet file the same bytes. The games: a
    bundled thread and its GM-mistakes copy, a game log and, when the corpus is there, its
    smallest thread (without it the run is on the others only)."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "sample.json").symlink_to(SAMPLE)
    folders = [GAMES / "mafiascum", logs]
    corpus = corpus_dir()
    if (corpus / "archive.txt").is_file():
        dataset = tmp_path / "dataset"
        (dataset / "posts").mkdir(parents=True)
        for name in ("archive.txt", "transitions.tsv"):
            (dataset / name).symlink_to(corpus / name)
        posts = _smallest_thread(corpus)
        (dataset / "posts" / posts.name).symlink_to(posts)
        folders.append(dataset)
    runs = tmp_path / "runs"
    runs.mkdir()
    done = _twice(runs, lambda folder, run: [
        "corpus", *map(str, folders), "--db", str(folder / "store.duckdb"),
        "--workers", str(run + 1), "--parquet", str(folder / "parquet"), "-q"])
    names = sorted(p.name for p in (done[0] / "parquet").iterdir())
    assert names == sorted(f"{t}.parquet" for t in ("games", *TABLES))
    assert names == sorted(p.name for p in (done[1] / "parquet").iterdir())
    for name in names:
        _same_bytes([f / "parquet" for f in done], name)
    with Store(done[0] / "store.duckdb") as store:
        games = store.table("games")
    assert list(games["status"]) == ["ok"] * (len(folders) + 1)


def _smallest_thread(corpus: Path) -> Path:
    return min((corpus / "posts").glob("*.jsonl.gz"), key=lambda p: (p.stat().st_size, p.name))
