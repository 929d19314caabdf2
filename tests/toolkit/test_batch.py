"""`mafiakit corpus` (issue 9): every game under some folders into the store; unchanged
sources skipped, failures recorded, the same tables with one worker or two."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from typer.testing import CliRunner

from engine.gamelog import load
from tests.conftest import ROOT
from tests.scrapers import mafiascum_fixture
from tests.toolkit.stores import held_by_another_process
from toolkit.batch import find, find_sources, run
from toolkit.cli import app
from toolkit.store import TABLES, Store

GAMES = ROOT / "data" / "games"


def _folder(tmp_path: Path) -> Path:
    """Two bundled game logs, a tiny mafiascum dataset, a broken log and a JSON that is no
    game log."""
    top = tmp_path / "archive"
    for name in ("open-roles", "mafiascum"):
        (top / name).mkdir(parents=True)
        shutil.copy(GAMES / name / "expected.json", top / name / "expected.json")
    mafiascum_fixture.write(top / "ms")
    (top / "broken.json").write_text('{"meta": {"title": "x"', encoding="utf-8")
    (top / "planted.json").write_text('["D2 vote count"]', encoding="utf-8")
    return top


def _tables(db: Path) -> dict[str, pd.DataFrame]:
    with Store(db) as store:
        return {t: store.table(t) for t in ("games", *TABLES)}


def test_what_is_found(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    found = {s.game_id: s.kind for s in find_sources([top])}
    assert found == {"broken.json": "gamelog", "mafiascum/expected.json": "gamelog",
                     "open-roles/expected.json": "gamelog",
                     f"mafiascum:{mafiascum_fixture.THREAD}": "corpus"}


def test_a_run_stores_every_game_and_records_the_broken_one(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    seen: list[str] = []
    summary = run([top], tmp_path / "db.duckdb", progress=lambda d, n, g: seen.append(g))
    assert (summary.found, summary.stored, summary.skipped) == (4, 3, 0)
    assert [g for g, _ in summary.failed] == ["broken.json"]
    assert "broken.json" in summary.failed[0][1]
    assert len(seen) == 4
    tables = _tables(tmp_path / "db.duckdb")
    games = tables["games"].set_index("game_id")
    assert games.loc["broken.json", "status"] == "error"
    # every post stored: the bundled logs' and the dataset's
    posts = tables["posts"].groupby("game_id").size().to_dict()
    assert posts["open-roles/expected.json"] == 71
    assert posts["mafiascum/expected.json"] == 102
    assert posts[f"mafiascum:{mafiascum_fixture.THREAD}"] == len(mafiascum_fixture.posts())


def test_a_rerun_skips_what_did_not_change_and_redoes_what_did(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    db = tmp_path / "db.duckdb"
    run([top], db)
    again = run([top], db)
    assert (again.skipped, again.stored, len(again.failed)) == (3, 0, 1)  # a failure retried
    (top / "broken.json").unlink()
    shutil.copy(GAMES / "open-roles" / "gm-mistakes" / "expected.json",
                top / "open-roles" / "expected.json")
    third = run([top], db)
    assert (third.found, third.skipped, third.stored, third.failed) == (3, 2, 1, [])
    findings = _tables(db)["findings"]
    mine = findings[findings.game_id == "open-roles/expected.json"]
    assert (mine.status == "disputed").sum() == 4


def test_one_worker_or_two_give_the_same_tables(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    run([top], tmp_path / "one.duckdb", workers=1)
    run([top], tmp_path / "two.duckdb", workers=2)
    one, two = _tables(tmp_path / "one.duckdb"), _tables(tmp_path / "two.duckdb")
    for name in one:
        pd.testing.assert_frame_equal(one[name], two[name])


def test_the_command(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    out = CliRunner().invoke(app, ["corpus", str(top), "--db", str(tmp_path / "c.duckdb"),
                                   "--parquet", str(tmp_path / "pq")])
    assert out.exit_code == 0, out.output
    assert "4 games found, 0 unchanged, 3 stored" in out.output
    assert "broken.json" in out.output
    assert (tmp_path / "pq" / "posts.parquet").is_file()
    bad = CliRunner().invoke(app, ["corpus", str(tmp_path / "nowhere"), "--db",
                                   str(tmp_path / "c.duckdb")])
    assert bad.exit_code == 2
    assert "not a folder" in bad.output


def test_a_dask_cluster_gives_the_same_tables(tmp_path: Path) -> None:
    from distributed import LocalCluster

    top = _folder(tmp_path)
    run([top], tmp_path / "local.duckdb", workers=1)
    cluster = LocalCluster(  # type: ignore[no-untyped-call]
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster:
        summary = run([top], tmp_path / "dask.duckdb", dask=cluster.scheduler_address)
    assert (summary.stored, len(summary.failed)) == (3, 1)
    local, remote = _tables(tmp_path / "local.duckdb"), _tables(tmp_path / "dask.duckdb")
    for name in local:
        pd.testing.assert_frame_equal(local[name], remote[name])


def _threads(tmp_path: Path) -> Path:
    """Two bundled archived threads as they are kept (game.toml, thread.zip, GM log, the
    scraped expected.json beside them, a GM-mistakes copy with planted.json) and one whose
    descriptor points out of its folder."""
    top = tmp_path / "threads"
    for name in ("world-cup-2018", "mafiascum"):
        shutil.copytree(GAMES / name, top / name)
    bad = top / "escaping"
    bad.mkdir()
    (bad / "game.toml").write_text('ruleset = "mafiascum"\npages = ["../mafiascum/thread.zip"]\n',
                                   encoding="utf-8")
    return top


def test_archived_threads_are_scraped_and_stored(tmp_path: Path) -> None:
    top = _threads(tmp_path)
    found = find(  # the scraped output beside a descriptor is the thread's: not a 2nd game
        [top])
    assert [s.game_id for s in found.sources] == [
        "thread:escaping", "thread:mafiascum", "thread:mafiascum/gm-mistakes",
        "thread:world-cup-2018", "thread:world-cup-2018/gm-mistakes"]
    assert {p: why.split(":")[0] for p, why in found.ignored} == {
        "mafiascum/expected.json": "beside game.toml",
        "mafiascum/gm-mistakes/expected.json": "beside game.toml",
        "world-cup-2018/expected.json": "beside game.toml",
        "world-cup-2018/gm-mistakes/expected.json": "beside game.toml",
        "mafiascum/gm-mistakes/planted.json": "JSON that is no game log (no \"meta\")",
        "world-cup-2018/gm-mistakes/planted.json": "JSON that is no game log (no \"meta\")"}
    db = tmp_path / "t.duckdb"
    summary = run([top], db, workers=2)
    assert (summary.stored, [g for g, _ in summary.failed]) == (4, ["thread:escaping"])
    assert "escaping/game.toml: pages: '../mafiascum/thread.zip' points outside" in \
        summary.failed[0][1]
    tables = _tables(db)
    # the stored tables are those of the game log the thread scrapes to (its expected.json)
    for game_id, folder in (("thread:world-cup-2018", "world-cup-2018"),
                            ("thread:mafiascum/gm-mistakes", "mafiascum/gm-mistakes")):
        with Store(tmp_path / f"{folder.replace('/', '-')}.duckdb") as alone:
            alone.put(game_id, load(top / folder / "expected.json"), source="", source_hash="")
            want = {name: alone.table(name) for name in TABLES}
        for name in TABLES:
            got = tables[name][tables[name].game_id == game_id].reset_index(drop=True)
            pd.testing.assert_frame_equal(got, want[name], obj=f"{game_id} {name}")
    findings = tables["findings"]
    disputed = findings[(findings.game_id == "thread:world-cup-2018/gm-mistakes")
                        & (findings.status == "disputed")]
    assert len(disputed) == 4
    # a changed GM log is a changed game
    again = run([top], db)
    assert (again.skipped, again.stored) == (4, 0)
    with (top / "world-cup-2018" / "gm-log.txt").open("a", encoding="utf-8") as f:
        f.write("\n")
    assert (run([top], db).stored, run([top], db).stored) == (1, 0)


def test_an_interrupted_run_keeps_what_it_stored_and_resumes(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    db = tmp_path / "db.duckdb"

    def stop_after_two(done: int, todo: int, game: str) -> None:
        if done == 2:
            raise KeyboardInterrupt

    for workers in (2, 1):
        with pytest.raises(KeyboardInterrupt):
            run([top], db, workers=workers, progress=stop_after_two)
        with Store(db) as store:
            kept = store.game_ids()
        assert len(kept) == 2
        resumed = run([top], db)
        assert (resumed.skipped, resumed.stored + len(resumed.failed)) == (
            2 - ("broken.json" in kept), 4 - len(kept) + ("broken.json" in kept))
        db.unlink()


def test_ctrl_c_while_storing_a_game_stops_after_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real SIGINT while the first game is being written: that game is stored whole (not
    broken off in the middle of its transaction), the run stops after it, and a second run
    does the rest."""
    top = _folder(tmp_path)
    db = tmp_path / "db.duckdb"
    put = Store.put_tables

    def ctrl_c_then_put(store: Store, *args: Any, **kwargs: Any) -> None:
        if not store.game_ids():
            os.kill(os.getpid(), signal.SIGINT)
        put(store, *args, **kwargs)

    monkeypatch.setattr(Store, "put_tables", ctrl_c_then_put)
    with pytest.raises(KeyboardInterrupt):
        run([top], db, workers=2)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back
    tables = _tables(db)
    assert list(tables["games"].status) == ["ok"]
    (stored,) = tables["games"].game_id
    assert set(tables["posts"].game_id) == {stored}
    monkeypatch.undo()
    resumed = run([top], db)
    assert (resumed.skipped, resumed.stored + len(resumed.failed)) == (1, 3)


def test_games_no_longer_found_are_reported_then_pruned(tmp_path: Path) -> None:
    top = _folder(tmp_path)
    db = tmp_path / "db.duckdb"
    run([top], db)
    shutil.rmtree(top / "open-roles")
    summary = run([top], db)
    assert summary.gone == ["open-roles/expected.json"]
    with Store(db) as store:
        assert "open-roles/expected.json" in store.game_ids()
    out = CliRunner().invoke(app, ["corpus", str(top), "--db", str(db), "--prune"])
    assert out.exit_code == 0, out.output
    assert "1 stored games no longer found under these folders (removed)" in out.output
    assert "1 files not taken as games (JSON that is no game log" in out.output
    tables = _tables(db)
    assert "open-roles/expected.json" not in set(tables["games"].game_id)
    assert "open-roles/expected.json" not in set(tables["posts"].game_id)


def test_a_store_in_use_by_another_run_is_a_clear_error(tmp_path: Path) -> None:
    """Two cron runs overlapping: the second says the store is locked and by whom, and
    touches nothing."""
    top = _folder(tmp_path)
    db = tmp_path / "db.duckdb"
    with held_by_another_process(db):
        out = CliRunner().invoke(app, ["corpus", str(top), "--db", str(db)])
    assert out.exit_code == 2, out.output
    assert f"{db}: cannot open the store" in out.output
    assert "lock" in out.output
