"""`mafiakit anonymize`: no original name survives (declined Russian forms included), the
pseudonyms are keyed and consistent, and the result is a game log that verifies alike."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from engine.gamelog import GameLog, dumps, load, parse_game_log
from engine.verify import verify
from tests.conftest import ROOT, corpus_threads, need_corpus
from toolkit.anonymize import PREFIX, anonymize, game_names, word_forms
from toolkit.cli import app
from toolkit.daycount import ensure_votes

GAMES = sorted((ROOT / "data" / "games").glob("*/expected.json"))
KEY = "test-key"
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def _survivors(original: GameLog, text: str) -> list[str]:
    """Names (>= 3 characters) of `original` found as a word in `text`: as written, with
    the last letter doubled (a typo), with a Russian ending after a Latin nick, and every
    pymorphy3 form of a Cyrillic name's words that the original holds."""
    source = dumps(original)
    found: list[str] = []
    for name in game_names(original):
        if len(name) < 3:
            continue
        pattern = (r"(?<!\w)" + re.escape(name) + re.escape(name[-1])
                   + r"*(?:['’`]?[а-яё]{1,3})?(?!\w)")
        if re.search(pattern, text, re.IGNORECASE):
            found.append(name)
        if CYRILLIC.search(name) and " " not in name:
            for form in word_forms(name):
                word = r"(?<!\w)" + re.escape(form) + r"(?!\w)"
                if len(form) >= 3 and re.search(word, source, re.I) and re.search(
                        word, text, re.I):
                    found.append(f"{name} as {form}")
    return found


def _statuses(log: GameLog) -> list[tuple[str, str]]:
    ensure_votes(log)
    return [(f.phase, f.status) for f in verify(log, {}).findings]


def _russian_game() -> GameLog:
    """open-roles with two Cyrillic nicks, declined in the posts' text."""
    doc: dict[str, Any] = json.loads((ROOT / "data/games/open-roles/expected.json").read_text(
        encoding="utf-8"))
    doc["players"][0]["occupants"][0]["nick"] = "Багира"
    doc["players"][1]["occupants"][0]["nick"] = "Серый Брат"
    post = doc["posts"][5]
    post["text"] += " Голосую за Багиру, а Серого Брата спрошу: где БАГИРОЙ был? Брат молчит."
    post["html"] += " <b>голосую за багиру</b> и Серому  Брату привет"
    return parse_game_log(json.dumps(doc), "russian")


def test_russian_forms_are_replaced() -> None:
    log = _russian_game()
    out = dumps(anonymize(log, KEY))
    assert not _survivors(log, out)
    for word in ("Багир", "багир", "БАГИР", "Серого", "Серому"):
        assert word not in out
    # the lone «Брат» is not a name of the game; «Серый Брат» as a whole is
    assert "Брат молчит" in out


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.parent.name)
def test_no_name_survives_and_verify_agrees(path: Path) -> None:
    log = load(path)
    out = anonymize(log, KEY)
    text = dumps(out)
    assert not _survivors(log, text)
    assert not out.meta.thread_urls
    assert all(p.author.startswith(PREFIX) for p in out.posts)
    assert _statuses(load(path)) == _statuses(out)


def test_corpus_game() -> None:
    need_corpus()
    from toolkit.corpus import load_thread

    log = load_thread(corpus_threads()[0])
    out = anonymize(log, KEY)
    assert not _survivors(log, dumps(out))
    assert _statuses(log) == _statuses(out)


def test_consistency() -> None:
    path = ROOT / "data/games/mafiascum/expected.json"
    one, two = dumps(anonymize(load(path), KEY)), dumps(anonymize(load(path), KEY))
    assert one == two
    other = anonymize(load(path), "another key")
    first = anonymize(load(path), KEY)
    assert {s.id for s in first.players}.isdisjoint({s.id for s in other.players})
    # the same nick in two games gets the same pseudonym
    a = load(path)
    b = _russian_game()
    b.players[2].occupants[0].nick = a.players[0].occupants[0].nick
    pa = anonymize(a, KEY).players[0].occupants[0].nick
    pb = anonymize(b, KEY).players[2].occupants[0].nick
    assert pa == pb
    assert pa.startswith(PREFIX)


def test_cli(tmp_path: Path) -> None:
    src = ROOT / "data/games/world-cup-2018/expected.json"
    out = tmp_path / "anon.json"
    runner = CliRunner()
    result = runner.invoke(app, ["anonymize", str(src), "-o", str(out), "--key", KEY])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == dumps(anonymize(load(src), KEY))
    env = runner.invoke(app, ["anonymize", str(src), "-o", str(tmp_path / "b.json")],
                        env={"MAFIAKIT_ANON_KEY": KEY})
    assert env.exit_code == 0
    assert (tmp_path / "b.json").read_bytes() == out.read_bytes()
    missing = runner.invoke(app, ["anonymize", str(src), "-o", str(tmp_path / "c.json")],
                            env={"MAFIAKIT_ANON_KEY": None})
    assert missing.exit_code == 2
    assert not (tmp_path / "c.json").exists()
    copy = tmp_path / "game.json"
    copy.write_bytes(src.read_bytes())
    again = runner.invoke(app, ["anonymize", str(copy), "-o", str(copy), "--key", KEY])
    assert again.exit_code == 2
    assert "over the input" in again.output
    assert copy.read_bytes() == src.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    broken = runner.invoke(app, ["anonymize", str(bad), "-o", str(tmp_path / "d.json"),
                                 "--key", KEY])
    assert broken.exit_code == 2
    assert "bad.json" in broken.output
