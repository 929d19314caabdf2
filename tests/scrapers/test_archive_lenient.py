"""Lenient reading of the mafiascum archive files, each case with a made-up archive: what a
bad line still says is kept with a warning, every bad line is reported in one run, and a
game is refused only when no slot is left; `--strict` refuses at the first bad line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.errors import BadInputError
from engine.gamelog import Fate, GameLog, ParseIssue
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from scrapers.importers.mafiascum_fates import read_fate
from scrapers.importers.mafiascum_transitions import read_day_ends
from tests.scrapers import mafiascum_fixture as fx
from toolkit.cli import app

HEAD = f"""https://forum.mafiascum.net/viewtopic.php?f=53&t={fx.THREAD}
Game {fx.GAME}: Lenient Mafia
Moderator: Modder
Current Update: Town Win

Players
"""


def _import(tmp_path: Path, players: str, *, strict: bool = False,
            transitions: str = fx.TRANSITIONS) -> GameLog:
    ds = fx.write(tmp_path, archive=HEAD + players, transitions=transitions)
    return import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions),
                           strict=strict)


def _line(players: str, text: str) -> int:
    return (HEAD + players).splitlines().index(text) + 1


def _warnings(log: GameLog, *codes: str) -> list[ParseIssue]:
    return [i for i in log.issues if i.code in codes]


PLAYERS = """Alice, Town Cop, survived
Carol replaced Bob, Mafia Goon, lynched Day 1
Dave, Vanilla Townie, killed Night 1
Eve, Mafia Godfather, lynched Day 3
"""


def _fate(raw: str) -> tuple[Fate, list[ParseIssue]]:
    issues: list[ParseIssue] = []
    return read_fate(raw, file="archive.txt", line=9, issues=issues), issues


@pytest.mark.parametrize(
    ("raw", "kind", "phase", "cause", "said"),
    [
        ("killed ngiht 2", "killed", "N2", None, "'ngiht' as 'night'"),
        ("lynched dya 3", "eliminated", "D3", None, "'dya' as 'day'"),
        ("lycnhed Day 3", "eliminated", "D3", None, "'lycnhed' as 'lynched'"),
        ("modkiled Night 1", "modkilled", "N1", None, "'modkiled' as 'modkilled'"),
        ("lynched D4", "eliminated", "D4", None, "'d' as 'day'"),
    ],
)
def test_a_typo_in_a_fate_is_read_by_edit_distance(raw: str, kind: str, phase: str,
                                                     cause: str | None, said: str) -> None:
    fate, issues = _fate(raw)
    assert (fate.kind, fate.phase, fate.cause, fate.raw) == (kind, phase, cause, raw)
    [issue] = issues
    assert (issue.severity, issue.code, issue.where.line) == ("warning", "archive-fate-typo", 9)
    assert said in issue.message
    assert issue.text == raw


def test_the_known_forms_give_no_warning() -> None:
    for raw in ("survived", "lynched Day 2", "killed Night 1", "endgamed", "lynched Day 2."):
        _, issues = _fate(raw)
        assert issues == [], raw


def test_an_unknown_fate_kind_is_a_death_in_its_phase() -> None:
    fate, issues = _fate("Suicided Day 1")
    assert (fate.kind, fate.phase, fate.cause, fate.raw) == ("killed", "D1", "suicided",
                                                             "Suicided Day 1")
    [issue] = issues
    assert (issue.code, issue.severity) == ("archive-fate-unknown-kind", "warning")
    assert "kept as a death in D1" in issue.message


def test_a_fate_with_no_phase_and_no_known_word_is_unknown() -> None:
    fate, issues = _fate("vanished mysteriously")
    assert (fate.kind, fate.phase) == ("unknown", None)
    assert [i.code for i in issues] == ["archive-fate-unknown"]


def test_words_too_far_from_a_known_one_are_not_guessed() -> None:
    # 'slain' is no typo of any fate verb; 'dawn' is no typo of day or night
    fate, _ = _fate("slain Night 2")
    assert (fate.kind, fate.phase, fate.cause) == ("killed", "N2", "slain")
    fate, issues = _fate("killed dawn 2")
    assert (fate.kind, fate.phase) == ("unknown", None)
    assert [i.code for i in issues] == ["archive-fate-unknown"]


def test_a_typo_fate_is_published_as_the_death_it_reads_as(tmp_path: Path) -> None:
    players = PLAYERS.replace("killed Night 1", "killed ngiht 1")
    log = _import(tmp_path, players)
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    assert [(d.slot, d.kind) for d in n1.deaths] == [("Dave", "killed")]
    [issue] = _warnings(log, "archive-fate-typo")
    assert issue.where.line == _line(players, "Dave, Vanilla Townie, killed ngiht 1")


def test_an_unknown_fate_kind_is_published_as_a_death_with_its_text(tmp_path: Path) -> None:
    players = PLAYERS.replace("Dave, Vanilla Townie, killed Night 1",
                              "Dave, Vanilla Townie, Suicided Day 1")
    log = _import(tmp_path, players)
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    assert [(d.slot, d.kind, d.cause, d.raw) for d in d1.deaths] == [
        ("Bob", "eliminated", None, "Carol replaced Bob, Mafia Goon, lynched Day 1"),
        ("Dave", "killed", "suicided", "Dave, Vanilla Townie, Suicided Day 1")]
    dave = next(s for s in log.players if s.id == "Dave")
    assert (dave.fate.kind, dave.fate.phase, dave.fate.raw) == ("killed", "D1",
                                                                "Suicided Day 1")


BAD = """Alice, Town Cop, survived
Carol replaced Bob, Mafia Goon, lynched Day 1
Dave, Vanilla Townie, vanished
Frank, Town Doctor
, Town Vanilla, survived
Eve, Mafia Godfather, lynched Day 3
"""


def test_every_bad_line_is_reported_in_one_run(tmp_path: Path) -> None:
    log = _import(tmp_path, BAD)
    bad = _warnings(log, "archive-fate-unknown", "archive-bad-slot-line")
    assert [(i.where.line, i.code, i.severity) for i in bad] == [
        (_line(BAD, "Dave, Vanilla Townie, vanished"), "archive-fate-unknown", "warning"),
        (_line(BAD, "Frank, Town Doctor"), "archive-bad-slot-line", "warning"),
        (_line(BAD, ", Town Vanilla, survived"), "archive-bad-slot-line", "error")]
    # what the lines still say is kept: Dave and Frank with unknown fates, the line that
    # names nobody left out
    assert [(s.id, s.role_name, s.fate.kind) for s in log.players] == [
        ("Alice", "Town Cop", "survived"), ("Bob", "Mafia Goon", "eliminated"),
        ("Dave", "Vanilla Townie", "unknown"), ("Frank", "Town Doctor", "unknown"),
        ("Eve", "Mafia Godfather", "eliminated")]


def test_strict_refuses_at_the_first_bad_line(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match=f"line {_line(BAD, 'Dave, Vanilla Townie, vanished')}"
                                            ": unknown fate 'vanished'"):
        _import(tmp_path, BAD, strict=True)


def test_a_game_is_refused_only_when_no_slot_is_left(tmp_path: Path) -> None:
    players = ", Town Cop, survived\nreplaced , Mafia Goon, lynched Day 1\n"
    ds = fx.write(tmp_path, archive=HEAD + players)
    result = CliRunner().invoke(app, [
        "import", "mafiascum", "--posts", str(ds.posts), "--archive", str(ds.archive),
        "--transitions", str(ds.transitions), "-o", str(tmp_path / "g.json"), "--quiet"])
    assert result.exit_code == 2
    output = " ".join(result.output.split())
    assert "lists no usable players" in output
    for text in (", Town Cop, survived", "replaced , Mafia Goon, lynched Day 1"):
        assert f"line {_line(players, text)}: slot line {text!r} names no player" in output
    assert not (tmp_path / "g.json").exists()


def test_a_block_without_its_players_line_is_read_from_its_slot_lines(tmp_path: Path) -> None:
    ds = fx.write(tmp_path, archive=HEAD.replace("Players\n", "") + PLAYERS)
    log = import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))
    assert [s.id for s in log.players] == ["Alice", "Bob", "Dave", "Eve"]
    assert [i.code for i in log.issues if i.code.startswith("archive-")] == [
        "archive-no-players-line"]
    with pytest.raises(BadInputError, match="has no 'Players' line"):
        import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions), strict=True)


# -- transitions.tsv ---------------------------------------------------------------------

ROW = "Number\tDay 1\tDay 2\tDay 3\tDay 4\n{game}\t{cells}\n"


@pytest.mark.parametrize(
    ("cells", "ends", "messages"),
    [
        ("5\t9\t12\t-", [5, 9, 12], []),
        ("5\t#9\t12\t-", [5, 9, 12], ["Day 2: '#9' read as post 9"]),
        ("5\tnine\t12\t-", [5, None, 12], ["Day 2: 'nine' is not a post number; taken as "
                                           "'missing'"]),
        ("5\t4\t12\t-", [5, None, 12], ["Day 2: post 4 does not come after the previous "
                                        "day's end (post 5); taken as 'missing'"]),
        ("5?\tmissing\t1a2\t-", [5, None, None],
         ["Day 1: '5?' read as post 5", "Day 3: '1a2' is not a post number"]),
    ],
)
def test_transitions_cells_read_leniently(cells: str, ends: list[int | None],
                                          messages: list[str]) -> None:
    got = read_day_ends(ROW.format(game="77", cells=cells), "77", "transitions.tsv")
    assert got.ends == ends
    assert len(got.issues) == len(messages)
    for issue, message in zip(got.issues, messages, strict=True):
        assert issue.severity == "warning"
        assert issue.where.line == 2
        assert message in issue.message


def test_transitions_strict_raises_at_the_first_bad_cell() -> None:
    with pytest.raises(BadInputError, match="line 2: game 77, Day 2: '#9' is not a post"):
        read_day_ends(ROW.format(game="77", cells="5\t#9\tnine"), "77", "transitions.tsv",
                      strict=True)


def test_a_game_without_a_transitions_row_takes_its_day_ends_from_the_moderator(
        tmp_path: Path) -> None:
    transitions = fx.TRANSITIONS.replace(f"{fx.GAME}\t5\t9\t12\t-\n", "")
    log = _import(tmp_path, PLAYERS, transitions=transitions)
    [issue] = _warnings(log, "transitions-no-row")
    assert issue.severity == "warning"
    assert f"no row for game number {fx.GAME}" in issue.message
    assert [p.key for p in log.phases if p.kind == "day"] == ["D1", "D2", "D3"]
    # no recorded end: each is the moderator's announcement, and each is warned about
    assert [(p.end.post, p.end.source) for p in log.phases if p.kind == "day" and p.end] == \
        [(5, "gm-post"), (9, "gm-post"), (12, "gm-post")]
    beyond = _warnings(log, "transition-beyond-row")
    assert [i.message.split("post ")[-1] for i in beyond] == \
        ["5 (lynched)", "9 (no lynch)", "12 (lynched)"]
    with pytest.raises(BadInputError, match=f"no row for game number {fx.GAME}"):
        _import(tmp_path, PLAYERS, transitions=transitions, strict=True)
