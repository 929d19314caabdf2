"""`mafiakit votes` and `mafiakit verify` on a small imported mafiascum game: the JSON of the
CLI contract, and exit 1 with the chain when the GM's result is disputed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from tests.scrapers.mafiascum_fixture import _post, write
from toolkit.cli import app

B = '<span style="font-weight: bold">{}</span>'


def _records(day3_vote: str) -> list[dict[str, Any]]:
    return [
        _post(0, "Modder", "Welcome."),
        _post(1, "Modder", "Day 1 has begun!"),
        _post(2, "Alice", B.format("Vote: Bob")),
        _post(3, "Dave", "<blockquote><div><cite>Bob wrote:</cite>" + B.format("VOTE: Eve")
              + "</div></blockquote>" + B.format("vote bob")),
        _post(4, "Eve", B.format("vote bob")),
        _post(5, "Modder", "Bob was lynched. Night 1 begins."),
        _post(6, "Modder", "Dave was killed. Day 2 begins. Carol replaces Bob."),
        _post(7, "Carol", "Hi all, I replaced in."),
        _post(8, "Lurker", B.format("Vote: Alice")),
        _post(9, "Modder", "No lynch today. Night 2."),
        _post(10, "Modder", "Nobody died. Day 3 has begun."),
        _post(11, "Alice", B.format(day3_vote)),
        _post(12, "Modder", "Eve was lynched. Town wins!"),
    ]


def _game(tmp_path: Path, day3_vote: str) -> Path:
    data = write(tmp_path / "data", _records(day3_vote))
    out = tmp_path / "game.json"
    result = CliRunner().invoke(app, ["import", "mafiascum", "--posts", str(data.posts),
                                      "--archive", str(data.archive), "--transitions",
                                      str(data.transitions), "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


def test_votes_json(tmp_path: Path) -> None:
    game = _game(tmp_path, "vote Eve")
    result = CliRunner().invoke(app, ["votes", str(game), "--format", "json"])
    assert result.exit_code == 0, result.output
    days = json.loads(result.stdout)["days"]
    # four slots: three votes are a majority; day 3 has two living and one vote
    assert [(d["day"], d["eliminated"], d["no_lynch"], d["decided_at_post"]) for d in days] == [
        (1, "Carol", False, 4), (2, None, True, 9), (3, None, True, 12)]
    assert days[0]["tally"] == [{"target": "Carol", "votes": 3.0,
                                 "voters": ["Alice", "Dave", "Eve"], "extra": 0.0}]
    assert [(n["post"], n["voter"], n["reason"]) for n in days[0]["not_counted"]] == [
        (3, "Dave", "in-quote")]
    assert [(n["post"], n["voter"], n["reason"]) for n in days[1]["not_counted"]] == [
        (8, "Lurker", "not-a-player")]


def test_votes_one_day_and_a_bad_day(tmp_path: Path) -> None:
    game = _game(tmp_path, "vote Eve")
    ok = CliRunner().invoke(app, ["votes", str(game), "--day", "3", "--ruling",
                                  "mafiascum.deadline=plurality"])
    assert ok.exit_code == 0
    assert "Eve eliminated at post 12 (deadline" in ok.stdout
    bad = CliRunner().invoke(app, ["votes", str(game), "--day", "9"])
    assert bad.exit_code == 2
    assert "no day 9" in bad.output


def test_verify_confirms_under_the_gms_reading(tmp_path: Path) -> None:
    game = str(_game(tmp_path, "vote Eve"))
    default = CliRunner().invoke(app, ["verify", game])
    # day 3 is lynched at the deadline with one vote of two: the plurality reading
    assert default.exit_code == 0, default.output
    assert "2 confirmed, 0 disputed, 0 unverifiable, 1 ruling-dependent" in default.stdout
    assert "mafiascum.deadline=plurality -> Eve" in default.stdout
    chosen = CliRunner().invoke(app, ["verify", game, "--ruling", "mafiascum.deadline=plurality"])
    assert chosen.exit_code == 0, chosen.output
    assert "3 confirmed, 0 disputed" in chosen.stdout


def test_verify_disputes_with_the_chain(tmp_path: Path) -> None:
    game = _game(tmp_path, "vote Dave")  # a vote for a dead player: Eve was not lynched
    result = CliRunner().invoke(app, ["verify", str(game), "--format", "json"])
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    d3 = next(f for f in report["findings"] if f["phase"] == "D3")
    assert (d3["status"], d3["expected"], d3["published"]) == ("disputed", "No Lynch", "Eve")
    assert any("no lynch" in step for step in d3["chain"])


def test_verify_under_another_ruling(tmp_path: Path) -> None:
    game = _game(tmp_path, "vote Eve")
    bad = CliRunner().invoke(app, ["verify", str(game), "--ruling", "mafiascum.deadline=x"])
    assert bad.exit_code == 2
    assert "the options are" in bad.output


def test_a_foreign_or_unprefixed_ruling_is_refused_naming_it(tmp_path: Path) -> None:
    """A reading asked for and not applied would report the game under another: a key of
    another rule set, one written without its rule set, and one the rule set has not are
    each exit 2, naming the key and listing the game's rule set's keys."""
    game = str(_game(tmp_path, "vote Eve"))
    for command in ("votes", "verify"):
        foreign = CliRunner().invoke(app, [command, game, "--ruling", "open-roles.tie=last-vote"])
        assert foreign.exit_code == 2, foreign.output
        assert "'open-roles.tie'" in foreign.output
        assert "a ruling of rule set 'open-roles'" in foreign.output
        assert "mafiascum.deadline" in foreign.output  # the keys it could have been
        bare = CliRunner().invoke(app, [command, game, "--ruling", "deadline=plurality"])
        assert bare.exit_code == 2, bare.output
        assert "write it whole, 'mafiascum.deadline'" in bare.output
        unknown = CliRunner().invoke(app, [command, game, "--ruling", "mafiascum.nope=x"])
        assert unknown.exit_code == 2, unknown.output
        assert "'mafiascum.nope'" in unknown.output
        assert "no such ruling" in unknown.output
    ok = CliRunner().invoke(app, ["votes", game, "--ruling", "mafiascum.deadline=plurality"])
    assert ok.exit_code == 0, ok.output
