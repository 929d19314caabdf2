"""The mafiascum importer on a small synthetic dataset: what it builds, and bad input."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.day import count_day
from engine.errors import BadInputError
from engine.gamelog import load
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from scrapers.importers.mafiascum_archive import faction_of
from scrapers.importers.mafiascum_fates import parse_fate
from tests.scrapers import mafiascum_fixture as fx
from toolkit.cli import app


def _files(ds: fx.Dataset) -> MafiascumFiles:
    return MafiascumFiles(ds.posts, ds.archive, ds.transitions)


def _cli(ds: fx.Dataset, out: Path, *more: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, [
        "import", "mafiascum", "--posts", str(ds.posts), "--archive", str(ds.archive),
        "--transitions", str(ds.transitions), "-o", str(out), "--quiet", *more])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, " ".join(result.output.split())


def test_import_builds_slots_posts_phases_and_deaths(tmp_path: Path) -> None:
    log = import_mafiascum(_files(fx.write(tmp_path)))
    assert log.meta.game_id == f"mafiascum:{fx.THREAD}"
    assert log.meta.gms == ["Modder"]
    assert [s.id for s in log.players] == ["Alice", "Bob", "Dave", "Eve"]
    bob = log.slot("Bob")
    assert bob.nicks == ["Bob", "Carol"]  # "Carol replaced Bob": Bob first
    assert bob.occupants[1].from_post == 6  # the moderator's announcement
    assert bob.fate.kind == "eliminated"
    assert bob.fate.phase == "D1"
    assert log.slot("Dave").fate.phase == "N1"
    assert log.slot("Alice").faction == "town"
    assert log.slot("Eve").faction == "mafia"
    assert [p.number for p in log.posts] == list(range(13))
    assert [p.number for p in log.posts if p.gm] == [0, 1, 5, 6, 9, 10, 12]
    assert log.posts[7].slot == "Bob"  # Carol's post belongs to Bob's slot
    assert log.posts[8].slot is None  # a spectator
    assert log.posts[3].quotes[0].author == "Alice"
    assert log.posts[3].text == "Why me?"
    assert log.posts[3].time is not None
    assert log.posts[3].time.isoformat() == "2012-07-21T11:02:00+00:00"
    ends = {p.key: p.end.post for p in log.phases if p.end is not None}
    assert ends == {"D1": 5, "N1": 6, "D2": 9, "N2": 10, "D3": 12}
    starts = {p.key: p.start.post for p in log.phases if p.start is not None}
    assert starts["D1"] == 1
    assert starts["D2"] == 6
    assert [p.key for p in log.phases] == ["D1", "N1", "D2", "N2", "D3"]
    deaths = {(pub.phase, d.slot, d.kind) for pub in log.published.phases for d in pub.deaths}
    assert deaths == {("D1", "Bob", "eliminated"), ("N1", "Dave", "killed"),
                      ("D3", "Eve", "eliminated")}
    assert log.published.victory is not None
    assert log.published.victory.winners == ["town"]
    codes = {i.code for i in log.issues}
    assert "posts-by-non-players" in codes
    assert "timezone-assumed" in codes


def test_import_cli_writes_a_loadable_log(tmp_path: Path) -> None:
    ds = fx.write(tmp_path / "in", gz=False)
    code, output = _cli(ds, tmp_path / "g.json.gz")
    assert code == 0, output
    log = load(tmp_path / "g.json.gz")
    assert len(log.posts) == 13


def test_timezone_option_is_applied(tmp_path: Path) -> None:
    log = import_mafiascum(_files(fx.write(tmp_path)), timezone="America/New_York")
    assert log.posts[0].time is not None
    assert log.posts[0].time.utcoffset() is not None
    assert log.posts[0].time.isoformat() == "2012-07-20T17:38:00-04:00"


# -- bad input: exit 2 with a message naming the file and the line ---------------------------


def test_truncated_jsonl_names_file_and_line(tmp_path: Path) -> None:
    ds = fx.write(tmp_path, gz=False)
    text = ds.posts.read_text(encoding="utf-8")
    ds.posts.write_text(text[: len(text) - 25], encoding="utf-8")
    code, output = _cli(ds, tmp_path / "g.json")
    assert code == 2
    assert f"{fx.THREAD}.jsonl: line 13: not valid JSON" in output
    assert "truncated" in output
    assert not (tmp_path / "g.json").exists()


def test_truncated_gzip_is_reported(tmp_path: Path) -> None:
    ds = fx.write(tmp_path)
    data = ds.posts.read_bytes()
    ds.posts.write_bytes(data[: len(data) // 2])
    code, output = _cli(ds, tmp_path / "g.json")
    assert code == 2
    assert f"{fx.THREAD}.jsonl.gz: not a complete gzip file" in output


def test_post_missing_a_field_names_the_line_and_field(tmp_path: Path) -> None:
    records = fx.posts()
    del records[2]["user"]
    code, output = _cli(fx.write(tmp_path, records), tmp_path / "g.json")
    assert code == 2
    assert "line 3: post is missing the field 'user'" in output


def test_post_field_of_wrong_type(tmp_path: Path) -> None:
    records = fx.posts()
    records[4]["number"] = "four"
    code, output = _cli(fx.write(tmp_path, records), tmp_path / "g.json")
    assert code == 2
    assert "line 5: field 'number' has the wrong type: 'four'" in output


def test_unknown_fate_names_archive_line_when_strict(tmp_path: Path) -> None:
    archive = fx.ARCHIVE.replace("killed Night 1", "drowned Day 2")
    code, output = _cli(fx.write(tmp_path, archive=archive), tmp_path / "g.json", "--strict")
    assert code == 2
    line = archive.splitlines().index("Dave, Vanilla Townie, drowned Day 2") + 1
    assert f"archive.txt: line {line}: unknown fate 'drowned Day 2'" in output


def test_unknown_fate_in_another_game_does_not_matter(tmp_path: Path) -> None:
    # the first block of the fixture archive has "drowned Night 9"; importing our game works
    log = import_mafiascum(_files(fx.write(tmp_path)))
    assert len(log.players) == 4


def test_non_numeric_transitions_row_names_line_and_column_when_strict(
        tmp_path: Path) -> None:
    transitions = fx.TRANSITIONS.replace(f"{fx.GAME}\t5\t9", f"{fx.GAME}\t5\tnine")
    code, output = _cli(fx.write(tmp_path, transitions=transitions), tmp_path / "g.json",
                        "--strict")
    assert code == 2
    assert f"transitions.tsv: line 4: game {fx.GAME}, Day 2: 'nine' is not a post number" \
        in output


def test_missing_day_end_is_a_warning_and_taken_from_the_moderators_posts(
        tmp_path: Path) -> None:
    transitions = fx.TRANSITIONS.replace(f"{fx.GAME}\t5\t9", f"{fx.GAME}\t5\tmissing")
    log = import_mafiascum(_files(fx.write(tmp_path, transitions=transitions)))
    end = log.phase("D2").end
    assert end is not None
    assert (end.post, end.source) == (9, "gm-post")  # "No lynch today. Night 2."
    issue = next(i for i in log.issues if i.code == "transition-missing")
    assert issue.severity == "warning"
    assert "taken from the moderator's post 9" in issue.message


def test_missing_day_end_without_an_announcement_stays_empty(tmp_path: Path) -> None:
    transitions = fx.TRANSITIONS.replace(f"{fx.GAME}\t5\t9", f"{fx.GAME}\t5\tmissing")
    # neither the end of day 2 nor the start of day 3 is announced
    records = [dict(r, content="Thanks all.") if r["number"] in (9, 10) else r
               for r in fx.posts()]
    log = import_mafiascum(_files(fx.write(tmp_path, records, transitions=transitions)))
    assert log.phase("D2").end is None
    assert "transition-missing" in {i.code for i in log.issues}


def test_game_not_in_archive(tmp_path: Path) -> None:
    records = [dict(r, thread="777") for r in fx.posts()]
    code, output = _cli(fx.write(tmp_path, records), tmp_path / "g.json")
    assert code == 2
    assert "archive.txt: no game block for thread t=777" in output


def test_posts_of_two_threads_mixed(tmp_path: Path) -> None:
    records = fx.posts()
    records[6]["thread"] = "5555"
    code, output = _cli(fx.write(tmp_path, records), tmp_path / "g.json")
    assert code == 2
    assert f"line 7: post of thread 5555 in a file of thread {fx.THREAD}" in output


def test_duplicate_post_number_with_other_content(tmp_path: Path) -> None:
    records = fx.posts()
    records.append(dict(records[4], content="something else"))
    code, output = _cli(fx.write(tmp_path, records), tmp_path / "g.json")
    assert code == 2
    assert "line 14: post number 4 also on line 5 with different content" in output


def test_identical_duplicate_post_is_kept_once(tmp_path: Path) -> None:
    records = [*fx.posts(), fx.posts()[4]]
    log = import_mafiascum(_files(fx.write(tmp_path, records)))
    assert len(log.posts) == 13
    assert "duplicate-post" in {i.code for i in log.issues}


def test_bad_time_is_kept_as_an_issue(tmp_path: Path) -> None:
    records = fx.posts()
    records[2]["time"] = "yesterday-ish"
    log = import_mafiascum(_files(fx.write(tmp_path, records)))
    assert log.posts[2].time is None
    issue = next(i for i in log.issues if i.code == "bad-time")
    assert issue.where.post == 2
    assert issue.text == "yesterday-ish"


def test_unknown_timezone_is_bad_input(tmp_path: Path) -> None:
    with pytest.raises(BadInputError, match="unknown IANA time zone 'Mars/Olympus'"):
        import_mafiascum(_files(fx.write(tmp_path)), timezone="Mars/Olympus")


def test_not_utf8_posts(tmp_path: Path) -> None:
    ds = fx.write(tmp_path)
    text = gzip.decompress(ds.posts.read_bytes())
    ds.posts.write_bytes(gzip.compress(text.replace(b"Spectator", b"Sp\xffctator")))
    code, output = _cli(ds, tmp_path / "g.json")
    assert code == 2
    assert "line 9: not UTF-8 text" in output


def test_empty_posts_file(tmp_path: Path) -> None:
    code, output = _cli(fx.write(tmp_path, []), tmp_path / "g.json")
    assert code == 2
    assert "no posts in the file" in output


# -- archive.txt reading -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "kind", "phase", "cause"),
    [
        ("survived", "survived", None, None),
        ("Survived", "survived", None, None),
        ("lynched Day 2", "eliminated", "D2", None),
        ("was lynched Day 4", "eliminated", "D4", None),
        ("killed Night 1", "killed", "N1", None),
        ("killed day 3", "killed", "D3", None),
        ("shot day 1", "killed", "D1", "shot"),
        ("modkilled Night 2", "modkilled", "N2", None),
        ("endgamed", "endgamed", None, None),
        ("endgamed Day 6", "endgamed", "D6", None),
        ("killed lynched day 3", "eliminated", "D3", None),
    ],
)
def test_fates(raw: str, kind: str, phase: str | None, cause: str | None) -> None:
    fate = parse_fate(raw, file="archive.txt", line=7)
    assert (fate.kind, fate.phase, fate.cause, fate.raw) == (kind, phase, cause, raw)
    assert fate.source is not None
    assert fate.source.line == 7


@pytest.mark.parametrize(
    ("role", "faction"),
    [
        ("Town Cop", "town"), ("Vanilla Townie", "town"), ("town?", "town"),
        ("Mafia Goon", "mafia"), ("1-Shot Mafia Ninja", "mafia"),
        ("Third Party Serial Killer", "third-party"), ("3rd Party Serial Killer", "third-party"),
        ("Serial Killer", "third-party"), ("Werewolf Goon", "werewolf"),
        ("Hated Townie", "town"), ("Even Night Compulsive Fruit Vendor/Odd Night Serial Killer",
                                   "third-party"),
        ("Mystery Role", None),
    ],
)
def test_faction_of(role: str, faction: str | None) -> None:
    assert faction_of(role) == faction


def test_empty_name_in_replacement_chain_is_an_issue(tmp_path: Path) -> None:
    archive = fx.ARCHIVE.replace("Carol replaced Bob", "Carol replaced replaced Bob")
    log = import_mafiascum(_files(fx.write(tmp_path, archive=archive)))
    assert log.slot("Bob").nicks == ["Bob", "Carol"]
    assert "archive-empty-name" in {i.code for i in log.issues}


def test_json_of_posts_is_not_an_object(tmp_path: Path) -> None:
    ds = fx.write(tmp_path, gz=False)
    ds.posts.write_text(json.dumps([1, 2]) + "\n", encoding="utf-8")
    code, output = _cli(ds, tmp_path / "g.json")
    assert code == 2
    assert "line 1: expected a JSON object, got list" in output


def test_no_lynch_days_from_the_notes(tmp_path: Path) -> None:
    log = import_mafiascum(_files(fx.write(tmp_path)))
    d2 = log.published.for_phase("D2")
    assert d2 is not None
    assert d2.no_elimination is not None
    assert d2.no_elimination.text == "D2 no lynch"
    assert d2.deaths == []
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    assert d1.no_elimination is None


def test_same_nick_as_original_in_two_slots_gets_distinct_ids(tmp_path: Path) -> None:
    archive = fx.ARCHIVE.replace("Dave, Vanilla Townie, killed Night 1",
                                 "Alice, Vanilla Townie, killed Night 1")
    log = import_mafiascum(_files(fx.write(tmp_path, archive=archive)))
    assert [s.id for s in log.players] == ["Alice", "Bob", "Alice#3", "Eve"]
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    assert [d.slot for d in n1.deaths] == ["Alice#3"]


def test_import_is_deterministic(tmp_path: Path) -> None:
    from engine.gamelog import dumps

    ds = fx.write(tmp_path)
    assert dumps(import_mafiascum(_files(ds))) == dumps(import_mafiascum(_files(ds)))


def test_rulings_from_the_notes_and_the_rules_post(tmp_path: Path) -> None:
    archive = fx.ARCHIVE.replace("Notes: D2 no lynch",
                                 "Notes: D2 no lynch; Two players are lynched per Day")
    records = fx.posts()
    records[0]["content"] = ("Welcome.<br>If no majority is reached by the deadline, the "
                             "player with the most votes will be lynched.<br>Day 1 will "
                             "start soon.")
    log = import_mafiascum(_files(fx.write(tmp_path, records, archive=archive)))
    assert log.meta.rulings == {"mafiascum.day-lynches": "two",
                                "mafiascum.deadline": "plurality"}
    stated = next(i for i in log.issues if i.code == "house-rule")
    assert stated.where.post == 0
    assert stated.text is not None
    assert "most votes" in stated.text


def test_a_moderators_ruling_on_one_mark_from_the_notes(tmp_path: Path) -> None:
    archive = fx.ARCHIVE.replace(
        "Notes: D2 no lynch",
        "Notes: D2 no lynch; Alice tried to vote Bob in post 2 but moderator ignored it")
    log = import_mafiascum(_files(fx.write(tmp_path, archive=archive)))
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    [ruling] = d1.ruled_out
    assert (ruling.post, ruling.voter) == (2, "Alice")
    result = count_day(log, 1)
    assert [(n.post, n.reason) for n in result.not_counted if n.post == 2] == [(2, "gm-ruling")]
