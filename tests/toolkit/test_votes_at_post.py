"""`mafiakit votes GAME --at-post N` (issue 23): the day's standing count as of post N, read
from the day engine's own count: weights, voters, marks not counted, the threshold."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from engine.gamelog import HouseRules, load, save
from tests.toolkit.test_votes_cli import _game
from toolkit.cli import app


def _json(*args: str) -> Any:
    out = CliRunner().invoke(app, ["votes", *args, "--format", "json"])
    assert out.exit_code == 0, out.output
    return json.loads(out.stdout)


def _weighted(tmp_path: Path) -> Path:
    """The small imported game counted under declared house rules: a majority day, Alice's
    vote worth two."""
    path = _game(tmp_path, "vote Eve")
    log = load(path)
    log.meta.ruleset = "house"
    log.meta.rulings = {}
    log.meta.house_rules = HouseRules(decision="majority", weights={"Alice": 2})
    out = tmp_path / "house.json"
    save(log, out)
    return out


def test_the_count_as_of_a_post(tmp_path: Path) -> None:
    game = str(_game(tmp_path, "vote Eve"))
    at = _json(game, "--at-post", "3")
    assert (at["day"], at["post"], at["alive"], at["majority"], at["decision"]) == (
        1, 3, 4, 3, "majority")
    # Alice's vote (post 2) and Dave's own (post 3, the quoted one left out); Eve not yet
    assert at["tally"] == [{"target": "Carol", "votes": 2.0, "voters": [
        {"voter": "Alice", "votes": 1.0}, {"voter": "Dave", "votes": 1.0}]}]
    assert [(n["post"], n["voter"], n["reason"]) for n in at["not_counted"]] == [
        (3, "Dave", "in-quote")]
    assert at["decided"] is None
    # at the hammer: the day's own tally, and the day said to be decided there
    day = _json(game, "--day", "1")["days"][0]
    hammer = _json(game, "--at-post", str(day["decided_at_post"]))
    assert [(t["target"], t["votes"], [v["voter"] for v in t["voters"]])
            for t in hammer["tally"]] == [(t["target"], t["votes"], t["voters"])
                                          for t in day["tally"]]
    assert hammer["decided"].startswith("the day was decided at post 4 (hammer: Carol)")
    table = CliRunner().invoke(app, ["votes", game, "--at-post", "3"])
    assert table.exit_code == 0, table.output
    assert "Day 1 as of post 3: 3 votes eliminate (majority of 4 alive)" in table.stdout
    assert "post 3 Dave: 'VOTE: Eve' — in-quote" in table.stdout


def test_a_later_day_counts_its_own_living_and_marks(tmp_path: Path) -> None:
    at = _json(str(_game(tmp_path, "vote Eve")), "--at-post", "8")
    assert (at["day"], at["alive"], at["majority"], at["tally"]) == (2, 2, 2, [])
    assert [(n["voter"], n["reason"]) for n in at["not_counted"]] == [("Lurker", "not-a-player")]


def test_weights_are_shown(tmp_path: Path) -> None:
    game = str(_weighted(tmp_path))
    at = _json(game, "--at-post", "2")
    assert at["tally"] == [{"target": "Carol", "votes": 2.0,
                            "voters": [{"voter": "Alice", "votes": 2.0}]}]
    # Alice's two and Dave's one reach the majority of four at post 3: a hammer there
    at = _json(game, "--at-post", "3")
    assert at["tally"][0]["votes"] == 3.0
    assert at["decided"].startswith("the day was decided at post 3 (hammer: Carol)")
    table = CliRunner().invoke(app, ["votes", game, "--at-post", "2"])
    assert "Alice (x2)" in table.stdout


def test_the_rulings_given_are_applied(tmp_path: Path) -> None:
    game = str(_game(tmp_path, "vote Eve"))
    default = _json(game, "--at-post", "12")
    chosen = _json(game, "--at-post", "12", "--ruling", "mafiascum.deadline=plurality")
    # one vote of two standing at the close: the standing is the same, the outcome not
    assert default["tally"] == chosen["tally"]
    assert default["decided"].startswith("the day was decided at post 12 (deadline: no lynch)")
    assert chosen["decided"].startswith("the day was decided at post 12 (deadline: Eve)")
    bad = CliRunner().invoke(app, ["votes", game, "--at-post", "12", "--ruling",
                                   "mafiascum.deadline=x"])
    assert bad.exit_code == 2
    assert "the options are" in bad.output


def test_a_post_in_no_day_is_a_clear_error(tmp_path: Path) -> None:
    game = str(_game(tmp_path, "vote Eve"))
    for post, said in (("6", "post 6 is in no day; the days are day 1: posts 2-5; "
                              "day 2: posts 7-9; day 3: posts 11-12"),
                       ("99", "post 99 is in no day (the thread's last post is 12)")):
        out = CliRunner().invoke(app, ["votes", game, "--at-post", post])
        assert out.exit_code == 2, out.output
        assert said in out.output.replace("\n", " ").replace("  ", " ")
    both = CliRunner().invoke(app, ["votes", game, "--at-post", "3", "--day", "1"])
    assert both.exit_code == 2
    assert "leave out --day" in both.output


def test_a_targets_own_threshold_is_shown(tmp_path: Path) -> None:
    game = str(_game(tmp_path, "vote Eve"))
    assert _json(game, "--at-post", "3")["needed"] == {}
    # "one less for no lynch": No Lynch needs 2 of the 4 living where a player needs 3
    at = _json(game, "--at-post", "3", "--ruling", "mafiascum.no-lynch-threshold=one-less")
    assert (at["majority"], at["needed"]) == (3, {"No Lynch": 2})
    table = CliRunner().invoke(app, ["votes", game, "--at-post", "3", "--ruling",
                                     "mafiascum.no-lynch-threshold=one-less"])
    assert "3 votes eliminate (majority of 4 alive); No Lynch needs 2" in table.stdout
