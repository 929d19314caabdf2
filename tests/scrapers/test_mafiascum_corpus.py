"""All 98 real mafiascum games import: every post, the slots and fates of archive.txt, the day
ends of transitions.tsv, and load(save(log)) == log.

The expectations are read here, independently of the importer, with the plainest reading of
each file. Skipped with the reason when ../shared is absent (MAFIAKIT_SHARED).
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from engine.gamelog import GameLog, load, save
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.conftest import corpus_threads, need_corpus

THREADS = corpus_threads()


def _block(archive: str, thread: str) -> list[str]:
    blocks = re.split(r"\n(?=https?://)", archive)
    for block in blocks:
        if re.search(rf"[?&]t={thread}\b", block.split("\n", 1)[0]):
            return block.strip().split("\n")
    raise AssertionError(f"thread {thread} not in archive.txt")


def _expected_slots(lines: list[str]) -> list[tuple[list[str], str, str, str | None, str]]:
    out = []
    for line in lines[lines.index("Players") + 1:]:
        if not line.strip():
            continue
        names, role, fate = (p.strip() for p in line.rsplit(",", 2))
        nicks = [n.strip() for n in re.split(r"\breplaced\b", names) if n.strip()]
        low = fate.lower()
        kind = ("eliminated" if "lynched" in low else "modkilled" if "modkilled" in low
                else "killed" if ("killed" in low or "shot" in low)
                else "endgamed" if "endgamed" in low else "survived" if "survived" in low
                else "?")
        m = re.search(r"(day|night) (\d+)", low)
        phase = None if m is None or kind == "survived" else m[1][0].upper() + m[2]
        out.append((list(reversed(nicks)), role, kind, phase, fate))
    return out


def _expected_day_ends(transitions: str, game_number: str) -> list[int | None]:
    for row in transitions.splitlines():
        cells = row.split("\t")
        if cells[0].strip() == game_number:
            ends: list[int | None] = []
            for cell in cells[1:]:
                if cell.strip() == "-":
                    break
                if cell.strip():
                    ends.append(None if cell.strip() == "missing" else int(cell))
            return ends
    raise AssertionError(f"game {game_number} not in transitions.tsv")


def test_corpus_has_98_games() -> None:
    need_corpus()
    assert len(THREADS) == 98


@pytest.mark.corpus
@pytest.mark.parametrize("thread", THREADS or ["(corpus absent)"])
def test_game_imports_completely(thread: str, tmp_path: Path) -> None:
    corpus = need_corpus()
    posts = corpus / "posts" / f"{thread}.jsonl.gz"
    log = import_mafiascum(MafiascumFiles(posts, corpus / "archive.txt",
                                          corpus / "transitions.tsv"))

    lines = [ln for ln in gzip.decompress(posts.read_bytes()).decode().split("\n") if ln.strip()]
    assert len(log.posts) == len(lines)
    # nothing lost (issue 10): the import's balances are there and add up
    accounts = [i.message for i in log.issues if i.code == "accounting"]
    assert [a.split(":")[0] for a in accounts] == ["posts", "vote-like marks"]
    assert accounts[0].startswith(f"posts: {len(lines):,} post lines in the file = "
                                  f"{len(log.posts):,} in the log")
    assert not [i.message for i in log.issues if i.code == "accounting-mismatch"]

    block = _block((corpus / "archive.txt").read_text(encoding="utf-8"), thread)
    expected = _expected_slots(block)
    assert len(log.players) == len(expected)
    for slot, (nicks, role, kind, phase, fate) in zip(log.players, expected, strict=True):
        assert slot.nicks == nicks
        assert slot.role_name == role
        assert (slot.fate.kind, slot.fate.phase, slot.fate.raw) == (kind, phase, fate)
    moderators = [m.strip() for m in block[2].split(":", 1)[1].split(",")]
    assert log.meta.gms == moderators
    notes = " ".join(line for line in block if line.startswith("Notes:"))
    no_lynch = {f"D{n}" for n in re.findall(r"\bD(\d+) no lynch", notes, re.I)}
    assert {p.phase for p in log.published.phases if p.no_elimination} == no_lynch

    game_number = re.search(r"\d{3,5}", block[1])
    assert game_number is not None
    ends = _expected_day_ends((corpus / "transitions.tsv").read_text(encoding="utf-8"),
                              game_number[0])
    days = [p for p in log.phases if p.kind == "day"]
    assert len(days) >= len(ends)
    assert [d.end.post if d.end else None for d in days[: len(ends)]] == ends

    out = tmp_path / "game.json.gz"
    save(log, out)
    again: GameLog = load(out)
    assert again == log
