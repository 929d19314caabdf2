"""The bundled games of `data/games/` (issue 7): each archived thread with its GM log scrapes
to its expected game log exactly; verify confirms everything on the clean copy and disputes
exactly the planted GM mistakes on the other, each with its chain. Built by `data/build.py`,
committed, never generated here."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from engine.gamelog import GameLog
from engine.rulesets import get_ruleset, ruleset_ids
from engine.verify import verify
from scrapers.descriptor import DESCRIPTOR, read_descriptor, scrape_game

GAMES = Path(__file__).resolve().parents[2] / "data" / "games"
BUNDLES = sorted(p.name for p in GAMES.iterdir() if p.is_dir())
COPIES = [GAMES / b for b in BUNDLES] + [GAMES / b / "gm-mistakes" for b in BUNDLES]


def _expected(folder: Path) -> GameLog:
    return GameLog.model_validate_json((folder / "expected.json").read_text(encoding="utf-8"))


def _scraped(folder: Path) -> GameLog:
    """The thread scraped as its `game.toml` says (as `mafiakit corpus` reads it), the
    descriptor checked against the game it describes."""
    want = _expected(folder)
    game = read_descriptor(folder / DESCRIPTOR)
    assert (game.ruleset, list(game.gms)) == (want.meta.ruleset, want.meta.gms)
    assert game.pages == (folder / "thread.zip",)
    gm_log = folder / "gm-log.txt"  # a vanilla game has none
    assert game.gm_log == (gm_log if gm_log.exists() else None)
    return scrape_game(game)


@pytest.mark.parametrize("folder", COPIES, ids=lambda p: str(p.relative_to(GAMES)))
def test_the_thread_and_gm_log_scrape_to_the_expected_game_log(folder: Path) -> None:
    got = _scraped(folder).model_dump(mode="json")
    want = json.loads((folder / "expected.json").read_text(encoding="utf-8"))
    # compared part by part first, so that a failure names what differs
    for key in want:
        assert got[key] == want[key], f"{folder.name}: {key} differs"
    assert got == want


@pytest.mark.parametrize("bundle", BUNDLES)
def test_the_clean_game_is_confirmed(bundle: str) -> None:
    log = _expected(GAMES / bundle)
    report = verify(log)
    assert report.findings
    assert [f"{f.phase} {f.item}: {f.status}" for f in report.findings
            if f.status != "confirmed"] == []
    # every kind of result the GM published is checked: days and their running counts,
    # nights and the end where the rule set has a night engine
    items = {f.item.split(":")[0].split(" (")[0] for f in report.findings}
    nights = get_ruleset(log.meta.ruleset or "").night is not None
    counts = any(p.vote_counts for p in log.published.phases)
    assert {"elimination", *(("deaths", "victory") if nights else ()),
            *(("vote count",) if counts else ())} <= items
    assert counts or log.meta.ruleset == "contested-island"  # its GM posted no counts


@pytest.mark.parametrize("bundle", BUNDLES)
def test_exactly_the_planted_mistakes_are_disputed_with_their_chains(bundle: str) -> None:
    folder = GAMES / bundle / "gm-mistakes"
    planted = json.loads((folder / "planted.json").read_text(encoding="utf-8"))
    report = verify(_expected(folder))
    off = [f for f in report.findings if f.status != "confirmed"]
    assert sorted(f"{f.phase} {f.item}" for f in off) == sorted(planted)
    assert all(f.status == "disputed" for f in off)
    assert all(f.chain for f in off), [f.item for f in off if not f.chain]


def test_the_bundles_cover_every_rule_set_and_the_archive_kinds() -> None:
    """One game per registered rule set written as code (the generic forum rule set, built
    from a declaration, counts any bundled thread scraped without one:
    tests/scrapers/test_house_rules_file.py); different forum engines; at least one
    windows-1251 thread and one Wayback capture."""
    logs = [_expected(GAMES / b) for b in BUNDLES]
    assert sorted(g.meta.ruleset or "" for g in logs) == sorted(
        r for r in ruleset_ids() if get_ruleset(r).house is None)
    engines = {g.meta.engine for g in logs}
    assert len(engines) == len(logs), engines
    assert any(s.captured_at is not None for g in logs for s in g.meta.sources)
    charsets = set()
    for b in BUNDLES:
        with zipfile.ZipFile(GAMES / b / "thread.zip") as z:
            head = z.read(z.namelist()[0])[:4000].decode("ascii", "replace").casefold()
            charsets |= {c for c in ("windows-1251", "utf-8") if c in head}
    assert charsets == {"windows-1251", "utf-8"}
