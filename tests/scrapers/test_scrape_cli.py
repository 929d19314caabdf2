"""`mafiakit scrape` end to end on the fixture pages: files, zips, duplicates, strictness."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.gamelog import GameLog, load
from toolkit.cli import app

VB = Path(__file__).parent / "fixtures" / "vbulletin"
PLAIN = VB / "vb38_ru_cp1251.html"
WAYBACK = VB / "vb38_ru_cp1251_wayback.html"
OTHER = VB / "vb42_ru_utf8.html"

pytestmark = pytest.mark.skipif(not PLAIN.is_file(), reason="vBulletin fixtures missing")


def _scrape(tmp_path: Path, *inputs: Path, args: tuple[str, ...] = ()) -> tuple[int, str,
                                                                                 GameLog | None]:
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["scrape", *map(str, inputs), "-o", str(out),
                                      "--timezone", "Europe/Moscow", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, " ".join(result.output.split()), (
        load(out) if result.exit_code == 0 else None)


def test_plain_and_wayback_copies_of_a_page_make_one_thread(tmp_path: Path) -> None:
    code, output, log = _scrape(tmp_path, WAYBACK, PLAIN)
    assert code == 0, output
    assert log is not None
    assert log.meta.engine == "vbulletin3"
    assert len(log.posts) == 8
    assert [p.number for p in log.posts] == sorted(p.number for p in log.posts)
    codes = {i.code for i in log.issues}
    assert "duplicate-post" in codes
    captured = {s.path: s.captured_at for s in log.meta.sources}
    assert captured[WAYBACK.name] is not None
    assert log.meta.gms == [log.posts[0].author]
    assert log.posts[0].gm


def test_a_zip_gives_the_same_posts(tmp_path: Path) -> None:
    archive = tmp_path / "thread.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.write(PLAIN, "saved/" + PLAIN.name)
        z.write(WAYBACK, "saved/" + WAYBACK.name)
    code, output, log = _scrape(tmp_path, archive)
    assert code == 0, output
    assert log is not None
    _, _, direct = _scrape(tmp_path / "d", PLAIN, WAYBACK)
    assert direct is not None
    assert [(p.id, p.author, p.text) for p in log.posts] == [
        (p.id, p.author, p.text) for p in direct.posts]


def test_strict_stops_at_the_first_warning(tmp_path: Path) -> None:
    code, output, _ = _scrape(tmp_path, PLAIN, args=("--strict",))
    assert code == 2
    assert "(strict mode)" in output


def test_pages_of_two_threads(tmp_path: Path) -> None:
    code, output, log = _scrape(tmp_path, PLAIN, OTHER)
    assert code == 0, output
    assert log is not None
    mixed = [i for i in log.issues if i.code in ("thread-mixed", "engines-mixed")]
    assert mixed, [i.code for i in log.issues]


def test_posts_only_reads_no_players_phases_or_votes(tmp_path: Path) -> None:
    code, output, full = _scrape(tmp_path / "full", PLAIN, args=("--ruleset", "mafiascum"))
    assert code == 0, output
    code, output, log = _scrape(tmp_path, PLAIN, args=("--ruleset", "mafiascum",
                                                       "--posts-only"))
    assert code == 0, output
    assert log is not None
    assert full is not None
    assert [p.model_dump() for p in log.posts] == [
        p.model_dump(exclude={"slot"}) | {"slot": None} for p in full.posts]
    assert full.players
    assert not log.players
    assert not log.phases
    assert not log.votes
    assert "posts-only" in {i.code for i in log.issues}
