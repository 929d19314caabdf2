"""toolkit.figures.votes: what the step chart, the wagon raster and the Sankey draw, on the
tiny games of the vote metrics' tests (computed by hand there) and on the bundled games.

Game A (tests.toolkit.metrics.test_votes; post k at 12:00 + 10k minutes, majority 3):
day 1: 3 a->c, 4 b->c, 5 c->a, 6 a unvotes, 7 e->a, 8 a->c, 9 e->c (the hammer on c by e),
10 the GM closes the day. Day 2: 14 a->b, 15 b->a, 17 the GM closes.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from engine.day import count_days
from engine.gamelog import GameLog, SlotChange, load
from tests.conftest import ROOT
from tests.toolkit.metrics.test_votes import double_lynch_game, game_a, modkill_game
from toolkit.daycount import ensure_votes
from toolkit.figures.style import FACTION_COLOURS
from toolkit.figures.votes import (
    MOST_VOTES,
    NO_VOTE,
    tally,
    target_colours,
    vote_count_chart,
    vote_count_charts,
    vote_flow_sankey,
    vote_flow_sankeys,
    wagon_raster,
    wagon_rasters,
)
from toolkit.metrics.votes import hammers, vote_changes, vote_counts
from toolkit.metrics.wagons import wagon_entries

GAMES = sorted(p.name for p in (ROOT / "data/games").iterdir() if (p / "expected.json").is_file())


def at(post: int) -> datetime:
    """When post `post` of a tiny game was posted."""
    return datetime(2020, 1, 6, 12, 0, tzinfo=UTC) + timedelta(minutes=10 * post)


def trace(fig: go.Figure, name: str) -> Any:
    return next(t for t in fig.data if t.name == name)


# the step chart


def test_a_line_per_target_ordered_by_its_peak_then_the_majority_and_the_hammer() -> None:
    fig = vote_count_charts(game_a())[0]
    assert [t.name for t in fig.data] == ["c", "a", "majority", "hammer"]
    c, a = fig.data[0], fig.data[1]
    # c after posts 3..9 (a left it at 6, came back at 8), held to the close at post 10
    assert list(c.x) == [at(p) for p in range(3, 11)]
    assert list(c.y) == [1, 2, 2, 1, 1, 2, 3, 3]
    assert list(a.y) == [1, 1, 2, 2, 1, 1]  # c at 5, e at 7, e left at 9
    assert c.line.shape == "hv"
    assert c.line.color == target_colours(game_a())["c"] != a.line.color
    majority = trace(fig, "majority")
    assert set(majority.y) == {3}
    assert majority.line.dash == "dash"
    hammer = trace(fig, "hammer")
    assert list(hammer.x) == [at(9)]
    assert list(hammer.y) == [3]
    assert "hammer by e on c at post 9: 3 votes of 3 needed" in hammer.hovertext[0]
    assert fig.layout.xaxis.title.text == "time (UTC)"
    assert fig.layout.title.text == "Day 1: votes on each target (threshold: majority 3)"


def test_a_day_without_a_hammer_has_no_star_and_the_axis_can_be_the_post() -> None:
    figs = vote_count_charts(game_a(), x="post")
    assert len(figs) == 2
    day2 = figs[1]
    assert [t.name for t in day2.data] == ["a", "b", "majority"]  # both peak at 1: by name
    assert list(day2.data[0].x) == [15, 17]  # b->a at 15, held to the close (post 17)
    assert day2.layout.xaxis.title.text == "post"
    assert set(trace(day2, "majority").y) == {2}


def test_the_majority_line_drops_when_a_player_leaves_during_the_day() -> None:
    log = modkill_game()
    fig = vote_count_charts(log, x="post")[0]
    majority = trace(fig, "majority")
    # 6 alive: 4; c modkilled at post 6: 5 alive, 3; held to the close at post 8
    assert list(majority.x) == [3, 4, 5, 6, 7, 8]
    assert list(majority.y) == [4, 4, 4, 3, 3, 3]
    assert list(trace(fig, "hammer").y) == [3]


def test_a_double_lynch_day_has_two_hammers() -> None:
    log = double_lynch_game()
    fig = vote_count_charts(log, x="post")[0]
    hammer = trace(fig, "hammer")
    assert list(hammer.x) == [5, 8]
    assert [t.name for t in fig.data][:2] == ["b", "c"]


def test_posts_without_a_time_put_the_day_on_post_numbers() -> None:
    log = game_a()
    log.posts[4].time = None  # post 5
    fig = vote_count_charts(log)[0]
    assert fig.layout.xaxis.title.text == "post"
    assert list(fig.data[0].x) == list(range(3, 11))


def test_a_plurality_day_has_the_most_votes_at_the_close_for_threshold() -> None:
    # contested-island's day 1 ended in no lynch: before issue 23 its chart had no
    # threshold line at all, and the title only "(plurality: no majority)"
    log = load(ROOT / "data/games/contested-island/expected.json")
    counts = vote_counts(log)
    assert counts["majority"].isna().all()
    fig = vote_count_chart(log, counts, 1, hammers(log))
    assert "majority" not in {t.name for t in fig.data}
    line = trace(fig, MOST_VOTES)
    assert line.line.dash == "dash"
    day = counts[counts["day"] == 1]
    last = day[day["post"] == day["post"].max()]
    assert set(line.y) == {float(last["votes"].max())}
    assert fig.layout.title.text.endswith(f"(threshold: {MOST_VOTES}: 2, tied: Maui and "
                                          "Zanzibar)")
    assert len(fig.data) == day["target"].nunique() + 1
    # the tied lines' tallies one above, one below the line
    assert [t.textposition for t in fig.data[:2]] == ["top left", "bottom left"]


def test_every_days_chart_has_a_threshold_line_and_says_what_it_is() -> None:
    for folder in GAMES:
        log = load(ROOT / "data/games" / folder / "expected.json")
        ensure_votes(log)
        for fig in vote_count_charts(log, count_days(log)):
            lines = [t for t in fig.data if t.name in ("majority", MOST_VOTES)]
            assert len(lines) == 1, (folder, fig.layout.title.text)
            assert "(threshold: majority " in fig.layout.title.text or \
                f"(threshold: {MOST_VOTES}: " in fig.layout.title.text


def test_a_weighted_total_says_how_many_voters_it_has() -> None:
    # world-cup-2018 day 5: Prostak had 5 votes from 4 voters; the chart said "5 votes"
    log = load(ROOT / "data/games/world-cup-2018/expected.json")
    ensure_votes(log)
    results = count_days(log)
    counts = vote_counts(log, results)
    fig = vote_count_chart(log, counts, 5, hammers(log, results))
    prostak = next(t for t in fig.data if t.name == "Prostak")
    assert "5 votes (4 voters)" in [c[1] for c in prostak.customdata]
    assert prostak.text[-1] == "5 votes (4 voters)"  # the count at the close, on the line
    assert set(prostak.text[:-1]) == {""}
    assert "weighted" in fig.layout.yaxis.title.text
    assert tally(5.0, 4) == "5 votes (4 voters)"
    assert tally(3.0, 3) == "3 votes"
    assert tally(1.0, 1) == "1 vote"
    assert tally(7.5, 8) == "7.5 votes (8 voters)"


def test_a_double_vote_on_a_wagon_says_so() -> None:
    # world-cup-2018 day 5: Pastor's ballot counts 2 votes; the raster showed him as one of
    # four like any other voter
    log = load(ROOT / "data/games/world-cup-2018/expected.json")
    ensure_votes(log)
    results = count_days(log)
    entries = wagon_entries(log, results)
    pastor = entries[(entries["day"] == 5) & (entries["voter"] == "Pastor")]
    assert list(pastor["weight"]) == [2.0]
    assert set(entries["weight"]) == {0.5, 1.0, 2.0}  # a late half vote on day 2 too
    fig = wagon_raster(log, entries, 5, hammers(log, results))
    marks = [(text, hover) for t in fig.data if t.name != "hammer"
             for text, hover in zip(t.text, t.hovertext, strict=True)]
    assert ("3 ×2", "Pastor (Участники Чемпионата Мира) on Prostak at post 68: #3 (counts 2 "
            "votes); stayed to the end") in marks
    assert sum("×" in text for text, _ in marks) == 1


# the wagon raster


def factions_game() -> GameLog:
    """Game A's votes with a and e mafia, the rest town."""
    log = game_a()
    for slot in log.players:
        slot.faction = "mafia" if slot.id in ("a", "e") else "town"
    return log


def test_a_mark_per_entry_labelled_with_its_position_coloured_by_faction() -> None:
    log = factions_game()
    fig = wagon_rasters(log)[0]
    assert fig.layout.yaxis.categoryarray == ("c", "a")  # c's wagon started first
    mafia, town = trace(fig, "Mafia"), trace(fig, "Town")
    # mafia: a->c at 3 (#1, left at 6), e->a at 7 (#2, left at 9), a->c again at 8 (#2),
    # e->c at 9 (#3, the hammer)
    assert list(mafia.y) == ["c", "a", "c", "c"]
    assert list(mafia.text) == ["1", "2", "2", "3"]
    assert list(mafia.marker.symbol) == [
        "circle-open", "circle-open", "circle", "circle"]
    assert mafia.marker.color == FACTION_COLOURS["mafia"]
    assert town.marker.color == FACTION_COLOURS["town"]
    assert list(town.x) == [at(4), at(5)]  # b->c, c->a
    assert "a (Mafia) on c at post 8: #2, entry 2; stayed to the end" in mafia.hovertext
    hammer = trace(fig, "hammer")
    assert list(hammer.y) == ["c"]
    assert list(hammer.x) == [at(9)]


def test_the_colour_is_the_faction_at_the_days_start() -> None:
    log = factions_game()
    log.players[1].changes.append(SlotChange(phase="N1", kind="recruited", faction="mafia"))
    figs = wagon_rasters(log)
    assert trace(figs[0], "Town").hovertext[0].startswith("b (Town)")
    # day 2: b (mafia since night 1) votes a at post 15
    assert list(trace(figs[1], "Mafia").x) == [at(14), at(15)]


def test_a_double_lynch_day_has_rows_per_round() -> None:
    log = double_lynch_game()
    fig = wagon_raster(log, wagon_entries(log), 1, hammers(log), x="post")
    assert fig.layout.yaxis.categoryarray == ("b · round 1", "c · round 2")
    assert list(trace(fig, "hammer").y) == ["b · round 1", "c · round 2"]


# the Sankey


def test_the_sankey_links_each_previous_target_to_the_next() -> None:
    log = game_a()
    fig = vote_flow_sankeys(log)[0]
    sankey = fig.data[0]
    labels = list(sankey.node.label)
    assert labels == ["a (before)", "c (before)", "no vote (before)",
                      "a (after)", "b (after)", "c (after)", "no vote (after)"]
    links = {(labels[s], labels[t]): v for s, t, v in
             zip(sankey.link.source, sankey.link.target, sankey.link.value, strict=True)}
    # first votes: a, b, a (again) on c; c, e, b on a; a on b; a unvoted c; e moved a -> c
    assert links == {("no vote (before)", "c (after)"): 3, ("no vote (before)", "a (after)"): 3,
                     ("no vote (before)", "b (after)"): 1, ("c (before)", "no vote (after)"): 1,
                     ("a (before)", "c (after)"): 1}
    colours = target_colours(log)
    assert sankey.node.color[labels.index("c (after)")] == colours["c"]
    assert sankey.node.color[labels.index("no vote (before)")] == "#999999"
    assert "whole game" in fig.layout.title.text


def test_a_days_sankey_has_only_that_days_changes() -> None:
    log = game_a()
    assert len(vote_flow_sankeys(log)) == 3  # the game, day 1, day 2
    day2 = vote_flow_sankey(log, vote_changes(log), 2).data[0]
    assert list(day2.node.label) == [f"{NO_VOTE} (before)", "a (after)", "b (after)"]
    assert sum(day2.link.value) == 2
    assert "b (day 2, post 15)" in day2.link.customdata[0]


# the bundled games


@pytest.mark.parametrize("folder", GAMES)
def test_every_figure_of_a_bundled_game_is_drawn_and_survives_its_json(folder: str) -> None:
    log = load(ROOT / "data/games" / folder / "expected.json")
    ensure_votes(log)
    results = count_days(log)
    counts = vote_counts(log, results)
    charts = vote_count_charts(log, results)
    assert len(charts) == counts["day"].nunique() > 0
    for fig, day in zip(charts, sorted(counts["day"].unique()), strict=True):
        lines = [t for t in fig.data if t.name not in ("majority", MOST_VOTES, "hammer")]
        assert len(lines) == counts[counts["day"] == day]["target"].nunique()
    rasters = wagon_rasters(log, results)
    entries = wagon_entries(log, results)
    assert sum(len(t.x) for f in rasters for t in f.data if t.name != "hammer") == len(entries)
    changes = vote_changes(log, results)
    sankeys = vote_flow_sankeys(log, results)
    assert sum(sankeys[0].data[0].link.value) == len(changes)
    for fig in [*charts, *rasters, *sankeys]:
        text = fig.to_json()
        # nothing fetched when drawn
        assert "mapbox" not in text
        assert "://" not in text
        assert pio.from_json(text).layout.title.text == fig.layout.title.text
