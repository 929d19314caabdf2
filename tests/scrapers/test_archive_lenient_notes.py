"""The archive notes' corrections of single marks, on a made-up game: 'X voted Y in post N
but ...', 'X did not vote in post N but ...', 'X tried to UNVOTE in post N but the mod
ignored it', a nick written after the day ('D1 Name'), and `note_corrections=False`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.day import count_day
from engine.gamelog import GameLog
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.scrapers import mafiascum_fixture as fx


def _p(number: int, user: str, content: str) -> dict[str, Any]:
    return fx._post(number, user, content)


def _posts() -> list[dict[str, Any]]:
    # 5 alive: 3 to lynch. Rook's lynch needs Sable's vote of post 4, which the reader
    # cannot place ('the tall one' names nobody)
    return [
        _p(0, "Hostess", "Rules. Day 1 begins now."),
        _p(1, "Hostess", "<b>Day 1</b> has begun!"),
        _p(2, "Quill", "<b>VOTE: Rook</b>"),
        _p(3, "Tarn", "<b>VOTE: Rook</b>"),
        _p(4, "Sable", "<b>VOTE: the tall one</b>"),
        _p(5, "Umber", "<b>VOTE: Quill</b> and some bold chatter"),
        _p(6, "Rook", "<b>UNVOTE</b> <b>VOTE: Umber</b>"),
        _p(7, "Umber", "I think Rook is lying."),
        _p(8, "Quill", "Hmm."),
        _p(9, "Hostess", "Rook was lynched. He was Mafia Goon. Night 1 begins."),
    ]


def _import(tmp_path: Path, notes: str, *, note_corrections: bool = True) -> GameLog:
    archive, transitions = fx.notes_game("Notes Mafia", "Town Cop", notes)
    ds = fx.write(tmp_path, _posts(), archive=archive, transitions=transitions)
    return import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions),
                            note_corrections=note_corrections)


def _vote_of(log: GameLog, post: int) -> list[tuple[str | None, str | None, bool]]:
    return [(v.target, v.special, v.counts) for v in log.votes if v.post == post]


def test_without_notes_the_day_misses_the_lynch(tmp_path: Path) -> None:
    log = _import(tmp_path, "D1")
    assert _vote_of(log, 4) == [(None, None, False)]  # unknown-name
    assert count_day(log, 1).outcome == "no-lynch"


def test_voted_y_in_post_n_corrects_the_mark(tmp_path: Path) -> None:
    note = ("Sable voted Rook in post 4 but votecounter did not read \"[b]VOTE: the tall "
            "one[/b]\" as a vote")
    log = _import(tmp_path, f"D1; {note}")
    [vote] = [v for v in log.votes if v.post == 4]
    assert (vote.target, vote.counts, vote.reason, vote.raw) == ("Rook", True, None,
                                                                 "VOTE: the tall one")
    assert vote.detail is not None
    assert note in vote.detail
    [issue] = [i for i in log.issues if i.code == "note-correction"]
    assert (issue.severity, issue.where.line, issue.where.post) == ("warning", 5, 4)
    result = count_day(log, 1)
    assert (result.outcome, result.decided_by, result.decided_at_post) == ("Rook", "hammer", 4)
    # off: the posts alone
    off = _import(tmp_path / "off", f"D1; {note}", note_corrections=False)
    assert _vote_of(off, 4) == [(None, None, False)]
    assert count_day(off, 1).outcome == "no-lynch"
    assert not [i for i in off.issues if i.code.startswith("note-")]


def test_a_correction_that_agrees_changes_nothing(tmp_path: Path) -> None:
    log = _import(tmp_path, "Quill voted Rook in post 2 but the tool missed it")
    assert _vote_of(log, 2) == [("Rook", None, True)]
    [issue] = [i for i in log.issues if i.code == "note-correction"]
    assert issue.severity == "info"
    assert "agrees" in issue.message


def test_a_correction_to_unvote_and_to_no_lynch(tmp_path: Path) -> None:
    log = _import(tmp_path, "Umber voted UNVOTE in post 5 but the bold chatter read as a "
                            "vote; Rook voted NO LYNCH in post 6 but it was read as Umber")
    assert _vote_of(log, 5) == [(None, "unvote", True)]
    assert _vote_of(log, 6) == [(None, "unvote", False), (None, "no-lynch", True)]


def test_a_correction_where_no_mark_was_read_adds_the_vote(tmp_path: Path) -> None:
    log = _import(tmp_path, "D1 Umber voted Rook in post 7 but wrote it in plain text")
    assert _vote_of(log, 7) == [("Rook", None, True)]
    [vote] = [v for v in log.votes if v.post == 7]
    assert (vote.author, vote.voter) == ("Umber", "Umber")


def test_a_correction_naming_no_slot_or_the_wrong_post_is_reported(tmp_path: Path) -> None:
    log = _import(tmp_path, "Nobody voted Rook in post 4 but x; Sable voted Rook in post 3 "
                            "but y; Sable voted Stranger in post 4 but z")
    issues = [i for i in log.issues if i.code == "note-correction-not-placed"]
    assert [i.message for i in issues] == [
        "the notes' correction 'Nobody voted Rook in post 4 but x' names no slot of this "
        "game; not applied",
        "the notes' correction 'Sable voted Rook in post 3 but y' post 3 is by 'Tarn', not "
        "of slot 'Sable'; not applied",
        "the notes' correction 'Sable voted Stranger in post 4 but z' votes 'Stranger', who "
        "is no slot of this game; not applied"]
    assert _vote_of(log, 3) == [("Rook", None, True)]
    assert _vote_of(log, 4) == [(None, None, False)]


def test_did_not_vote_in_post_n_rules_the_marks_out(tmp_path: Path) -> None:
    log = _import(tmp_path, "Tarn did not vote in post 3 but the host edited the post")
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    assert [(r.post, r.voter) for r in d1.ruled_out] == [(3, "Tarn")]
    result = count_day(log, 1)
    assert [(n.post, n.reason) for n in result.not_counted if n.post == 3] == [
        (3, "gm-ruling")]
    off = _import(tmp_path / "off", "Tarn did not vote in post 3 but the host edited it",
                  note_corrections=False)
    off_d1 = off.published.for_phase("D1")
    assert off_d1 is None or off_d1.ruled_out == []


def test_tried_to_unvote_with_a_day_before_the_nick(tmp_path: Path) -> None:
    log = _import(tmp_path, "D1 Rook tried to UNVOTE in post 6 but moderator ignored it")
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    assert [(r.post, r.voter) for r in d1.ruled_out] == [(6, "Rook")]
    result = count_day(log, 1)
    assert sorted((n.post, n.reason) for n in result.not_counted if n.post == 6) == [
        (6, "gm-ruling"), (6, "superseded")]
