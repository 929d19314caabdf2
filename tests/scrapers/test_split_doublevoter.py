"""A Doublevoter whose two votes are cast separately, on a made-up game: the archive notes
say so ('X is a doublevoter who can put votes on different people'), the importer takes the
ruling from them, and the reader gives one vote a mark, "Vote: A, B" one on each, "X x2"
both; without the note the two votes go together and the day ends otherwise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.day import count_day
from engine.gamelog import GameLog
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from scrapers.rulesets.mafiascum.grammar import parse
from tests.scrapers import mafiascum_fixture as fx


def _posts() -> list[dict[str, Any]]:
    # 5 alive: 3 to lynch
    p = fx._post
    return [
        p(0, "Hostess", "Rules. Day 1 begins now."),
        p(1, "Quill", '<span style="font-weight: bold">VOTE: Tarn</span>'),
        p(2, "Sable", '<span style="font-weight: bold">vote tarn</span>'),
        # together, Quill's two votes and Sable's are the hammer on Tarn at post 2
        p(3, "Quill", '<span style="font-weight: bold">Vote: Rook, Umber</span>'),
        p(4, "Umber", '<span style="font-weight: bold">vote rook</span>'),
        p(5, "Quill", '<span style="font-weight: bold">VOTE: Rook x2</span>'),
        p(6, "Tarn", "nothing"),
        p(7, "Hostess", "Rook was lynched. Night 1 begins."),
    ]


def _import(tmp_path: Path, notes: str) -> GameLog:
    archive, transitions = fx.notes_game("Split Mafia", "Town Doublevoter", notes)
    ds = fx.write(tmp_path, _posts(), archive=archive, transitions=transitions)
    return import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))


def test_the_notes_split_the_votes(tmp_path: Path) -> None:
    log = _import(tmp_path, "Quill is a doublevoter who can put votes on different people")
    assert log.meta.rulings["mafiascum.doublevote"] == "separate"
    quill = [(v.post, v.target, v.weight, v.counts) for v in log.votes if v.voter == "Quill"]
    assert quill == [(1, "Tarn", 1.0, True), (3, "Rook", 1.0, True), (3, "Umber", 1.0, True),
                     (5, "Rook", 2.0, True)]
    result = count_day(log, 1)
    # post 3 moves the vote on Tarn (the only one placed) to Rook and places the free one
    # on Umber; post 4: Rook 2; post 5: both on Rook, 3 with Umber's: the hammer
    assert (result.eliminated, result.decided_at_post, result.decided_by) == ("Rook", 5, "hammer")
    assert {t.target: t.votes for t in result.tally} == {"Rook": 3.0, "Tarn": 1.0}
    assert [t.voters for t in result.tally if t.target == "Rook"] == [("Umber", "Quill")]


def test_without_the_note_the_votes_go_together(tmp_path: Path) -> None:
    log = _import(tmp_path, "Missing Posts")
    assert "mafiascum.doublevote" not in log.meta.rulings
    quill = [(v.post, v.target, v.weight) for v in log.votes if v.voter == "Quill"]
    assert quill == [(1, "Tarn", None), (3, "Rook", None), (5, "Rook", None)]
    result = count_day(log, 1)
    assert (result.eliminated, result.decided_at_post) == ("Tarn", 2)


@pytest.mark.parametrize(("text", "both", "split"), [
    ("Vote: Rook, Umber", False, ("Rook", "Umber")),
    ("Vote: Rook and Umber", False, ("Rook", "Umber")),
    ("VOTE: Rook & Umber Gale", False, ("Rook", "Umber Gale")),
    ("VOTE: Rook x2", True, None),
    ("VOTE: rookx2", True, None),
    ("vote: Rook (x2)", True, None),
    ("VOTE: Rook", False, None),
    ("vote rook, because he lied to me twice", False, None),  # more words than a name
])
def test_the_grammar_reads_both_and_two_names(text: str, both: bool,
                                               split: tuple[str, str] | None) -> None:
    (cmd,) = parse(text)
    assert (cmd.both, cmd.split) == (both, split)
