"""`mafiakit scrape ... --gm-log FILE`: the GM log merged into the scraped game log (its
nights, results, roles and issues, each issue naming the file and line), and a clear exit 2
for a GM log that cannot be read."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import BadInputError
from engine.gamelog import GameLog, load
from scrapers.gmlog import read_gm_log
from scrapers.scrape import scrape
from toolkit.cli import app

THREAD = Path(__file__).parents[1] / "fixtures" / "threads" / "open-roles"

# the players of the saved thread, by their nicks, inflected as a Russian GM writes them
GM_LOG = """Лог ведущего

Ночь 1
Филин (Врач) — лечит → Сову
Барсук — сводит → Дятла и Ёжика
Выдра — меняет ходы Филина и Бобра
Куница — охраняет ту самую
Утро. Этой ночью убит Филин. Филин — Врач, честный.

Роли:
Лиса — Пукальщик, мафия
"""

pytestmark = pytest.mark.skipif(not THREAD.is_dir(), reason="open-roles thread missing")


def _scrape(tmp_path: Path, *args: str) -> tuple[int, str, GameLog | None]:
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["scrape", str(THREAD), "--ruleset", "open-roles",
                                      "--timezone", "Europe/Moscow", "-o", str(out), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, " ".join(result.output.split()), (
        load(out) if result.exit_code == 0 else None)


def test_the_gm_log_is_merged(tmp_path: Path) -> None:
    path = tmp_path / "gm-log.txt"
    path.write_text(GM_LOG, encoding="utf-8")
    code, output, log = _scrape(tmp_path, "--gm-log", str(path))
    assert code == 0, output
    assert log is not None
    night = next(n for n in log.nights if n.number == 1)
    assert [(a.actor, a.ability, a.targets) for a in night.actions] == [
        ("Филин", "heal", ["Сова"]), ("Барсук", "match", ["Дятел", "Ёжик"]),
        ("Выдра", "swap", ["Филин", "Бобр"])]
    assert all(a.source is not None and a.source.file == "gm-log.txt" for a in night.actions)
    deaths = log.published.for_phase("N1")
    assert deaths is not None
    assert [(d.slot, d.revealed_role) for d in deaths.deaths] == [("Филин", "doctor")]
    lisa = next(s for s in log.players if s.id == "Лиса")
    assert lisa.faction == "mafia"
    mine = [i for i in log.issues if i.where.file == "gm-log.txt"]
    assert [(i.where.line, i.code) for i in mine] == [(7, "unknown-name"), (None, "accounting")]
    assert mine[-1].message.endswith(" + 1 reported (1 unknown-name)")
    assert "gm-log.txt:7" in output
    assert any(s.kind == "gm-log" and s.path == "gm-log.txt" for s in log.meta.sources)


def test_strict_stops_at_the_gm_log_line(tmp_path: Path) -> None:
    path = tmp_path / "gm-log.txt"
    path.write_text("Ночь 1\nКуница — охраняет ту самую\n", encoding="utf-8")
    log = scrape([THREAD], ruleset="open-roles", timezone="Europe/Moscow")
    with pytest.raises(BadInputError, match=r"gm-log\.txt: line 2"):
        read_gm_log(path, log, strict=True)


@pytest.mark.parametrize("content", [None, b"\xff\xfe\xfa not text"])
def test_an_unreadable_gm_log_exits_2(tmp_path: Path, content: bytes | None) -> None:
    path = tmp_path / "gm-log.txt"
    if content is not None:
        path.write_bytes(content)
    code, output, log = _scrape(tmp_path, "--gm-log", str(path))
    assert code == 2
    assert log is None
    assert "gm-log.txt" in output
    assert ("cannot read" in output) if content is None else ("not UTF-8" in output)
