"""DataFrame views, the summary and the HTML card, on the bundled sample game."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from engine.gamelog import GameLog, Meta
from tests.conftest import ROOT, SAMPLE
from toolkit import Game, load
from toolkit import frames as F
from toolkit.cli import app

VIEWS = {
    "posts": F.POSTS_COLUMNS, "votes": F.VOTES_COLUMNS, "actions": F.ACTIONS_COLUMNS,
    "deaths": F.DEATHS_COLUMNS, "published": F.PUBLISHED_COLUMNS, "slots": F.SLOTS_COLUMNS,
}


@pytest.fixture(scope="module")
def game() -> Game:
    return load(SAMPLE)


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_views_have_typed_columns(game: Game, view: str) -> None:
    df: pd.DataFrame = getattr(game, view)
    assert list(df.columns) == list(VIEWS[view])
    for name, dtype in VIEWS[view].items():
        assert str(df[name].dtype) == dtype, (view, name, df[name].dtype)


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_views_of_an_empty_game_keep_their_columns(view: str) -> None:
    empty = Game(GameLog(meta=Meta(title="empty", ruleset="mafiascum")))
    df: pd.DataFrame = getattr(empty, view)
    assert len(df) == 0
    assert [str(t) for t in df.dtypes] == list(VIEWS[view].values())


def test_posts_view(game: Game) -> None:
    posts = game.posts
    assert len(posts) == 19
    assert int(posts["gm"].sum()) == 6
    row = posts.set_index("number").loc[5]
    assert row["slot"] == "Фиджи"
    assert row["quotes"] == 1
    assert row["phase"] == "D1"
    assert str(row["time"]) == "2019-03-01 18:40:00+00:00"  # 21:40 Moscow time
    assert posts.set_index("number").loc[18, "edited"]
    phases = posts.set_index("number")["phase"]
    assert phases.loc[12] == "D2"
    assert phases.loc[11] == "N1"


def test_votes_view(game: Game) -> None:
    votes = game.votes
    assert len(votes) == 12
    void = votes[~votes["counts"]]
    assert sorted(void["reason"]) == ["in-quote", "no-vote-right", "no-vote-right"]
    assert votes["weight"].sum() == 4.0
    assert votes.loc[votes["special"] == "cancel", "target"].tolist() == ["Куба"]


def test_actions_deaths_published_slots(game: Game) -> None:
    actions = game.actions
    assert actions["ability"].tolist() == [
        "stunning-blow", "cover", "murder", "treatment", "surveillance"]
    assert actions.loc[2, "options"] == {"attack": "psychic"}
    assert actions.loc[2, "targets"] == ["Мальта"]
    deaths = game.deaths
    assert deaths[["phase", "slot", "kind"]].values.tolist() == [
        ["N1", "Мальта", "killed"], ["D2", "Корсика", "eliminated"]]
    published = game.published
    assert published["item"].value_counts().to_dict() == {
        "death": 2, "newspaper": 3, "vote-count": 1, "private": 1}
    private = published[published["item"] == "private"].iloc[0]
    assert json.loads(private["detail"]) == {"ability": "surveillance", "type": "K"}
    slots = game.slots.set_index("id")
    assert slots.loc["Фиджи", "nicks"] == ["Бриз", "Маяк"]
    assert slots.loc["Фиджи", "replacements"] == 1
    assert slots.loc["Фиджи", "posts"] == 4
    assert slots.loc["Мальта", "fate_phase"] == "N1"


def test_summary(game: Game) -> None:
    s = game.summary
    assert s.eliminations == ["D2: Корсика"]
    assert [p.phase for p in s.phases] == ["D1", "N1", "D2"]
    assert s.phases[1].deaths == ["Мальта (killed)"]
    assert (s.posts_total, s.posts_by_gm, s.votes, s.actions) == (19, 6, 12, 5)


def test_html_repr_escapes_and_lists_slots(game: Game) -> None:
    html = game._repr_html_()
    assert "<table>" in html
    assert "Бриз → Маяк" in html
    log = game.log.model_copy(deep=True)
    log.meta.title = "<script>alert(1)</script>"
    assert "<script>" not in Game(log)._repr_html_()


def test_summary_command_json_and_table(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["summary", str(SAMPLE), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["posts_total"] == 19
    assert data["eliminations"] == ["D2: Корсика"]
    table = runner.invoke(app, ["summary", str(SAMPLE)])
    assert table.exit_code == 0
    assert "Корсика" in table.stdout
    assert "Eliminations: D2: Корсика" in table.stdout


def test_the_result_is_the_announced_winners_when_the_source_gives_no_words() -> None:
    game = load(ROOT / "data" / "games" / "open-roles" / "expected.json")
    assert game.log.meta.result is None
    assert game.summary.result == "town won"


def test_the_findings_view_of_a_game_with_gm_mistakes() -> None:
    game = load(ROOT / "data" / "games" / "open-roles" / "gm-mistakes" / "expected.json")
    off = game.findings[game.findings.status != "confirmed"]
    assert list(off.item) == ["vote count (post 32)", "newspaper: resurrected (Ulitka)",
                              "private: Sova on Kit", "deaths"]
    assert all(off.chain.str.len() > 0)


def test_the_chains_of_the_disputed_findings_as_text() -> None:
    from toolkit.findings import chains_text

    game = load(ROOT / "data" / "games" / "world-cup-2018" / "gm-mistakes" / "expected.json")
    text = chains_text(game.findings)
    assert text.startswith("D2 vote count (post 28): disputed\n  1 voter placed differently\n"
                           "    Aibolit: the GM has them on Pisaka")
    assert text.count(": disputed") == 4
    clean = load(ROOT / "data" / "games" / "world-cup-2018" / "expected.json")
    assert chains_text(clean.findings) == "every result confirmed"
