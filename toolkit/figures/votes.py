"""Figures of the day's votes: the vote-count step chart with the majority and the hammer,
the wagon raster, and the vote-flow Sankey.

All three draw frames of `toolkit.metrics.votes` / `toolkit.metrics.wagons` and decide
nothing about the votes themselves. Shared looks:

- A target (a slot or No Lynch) has one colour in every figure of a game: `target_colours`,
  fixed by the roster's slot ids, so that a line of the step chart and a node of the Sankey
  match.
- The x axis is the posts' time (UTC) when every post drawn has one, else the post number
  (`x="post"` asks for post numbers anyway): a thread whose posts lack times is still drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

import pandas as pd
import plotly.graph_objects as go

from engine.day import DayResult, day_window
from engine.gamelog import GameLog
from toolkit.daycount import slot_namer
from toolkit.figures.style import clear_of_modebar, colours, faction_colours
from toolkit.labels import faction_label
from toolkit.metrics.blocs import faction_at
from toolkit.metrics.votes import (
    Rulings,
    counted,
    hammers,
    post_times,
    vote_changes,
    vote_counts,
)
from toolkit.metrics.wagons import wagon_entries

Axis = Literal["time", "post"]
NO_LYNCH = "no-lynch"
NO_VOTE = "no vote"
_GREY = "#999999"


def target_colours(log: GameLog) -> dict[str, str]:
    """A colour per slot id (and No Lynch, grey), from the palette in sorted id order."""
    return colours([s.id for s in log.players], {NO_LYNCH: _GREY})


def _rgba(colour: str, alpha: float) -> str:
    """'#rrggbb' as an rgba() string with `alpha` (the Sankey's links are see-through)."""
    h = colour.lstrip("#")
    if len(h) != 6:
        return f"rgba(153,153,153,{alpha})"
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r},{g},{b},{alpha})"


class _Clock:
    """Where a post goes on the x axis of one day's figure."""

    def __init__(self, log: GameLog, posts: Sequence[int], x: Axis) -> None:
        self.times = post_times(log)
        self.by_time = x == "time" and all(self.times.get(p) is not None for p in posts)

    def at(self, post: int) -> Any:
        return self.times[post] if self.by_time else post

    @property
    def title(self) -> str:
        return "time (UTC)" if self.by_time else "post"


def _day_end(log: GameLog, day: int, last: int) -> int:
    """The post the day's lines run to: the day's closing post when known and later than the
    last change, else the last change itself."""
    end = day_window(log, day).end
    return end if end is not None and end > last else last


def vote_count_chart(log: GameLog, counts: pd.DataFrame, day: int,
                     hammer_rows: pd.DataFrame | None = None, *,
                     x: Axis = "time") -> go.Figure:
    """Day `day`'s votes on each target as steps (`counts`: `toolkit.metrics.votes.
    vote_counts`; y = the weighted votes, the heads in the hover), a line a target, the
    legend ordered by the most votes the target reached (then by name). Each line ends in
    its count at the close, with the voters when weights make them differ ("5 votes (4
    voters)"). The dashed line is the day's threshold, on every day, named in the title: the
    majority at each change post (it drops when a player leaves during the day), or on a day
    decided by plurality the most votes any target had at the close. Each hammer of the day
    (`hammer_rows`: `hammers`) is a star on its target's line at the hammer post, the
    hammerer named in its hover. The lines run on to the day's closing post."""
    name = slot_namer(log)
    palette = target_colours(log)
    rows = counts[counts["day"] == day]
    hits = hammer_rows[hammer_rows["day"] == day] if hammer_rows is not None else None
    posts = sorted({int(p) for p in rows["post"]})
    end = _day_end(log, day, posts[-1]) if posts else None
    clock = _Clock(log, [*posts, *([end] if end is not None else [])], x)
    fig = go.Figure()
    peaks = rows.groupby("target")["votes"].max()
    order = sorted(peaks.index, key=lambda t: (-float(peaks[t]), name(str(t))))
    closing: list[float] = []
    for target in order:
        line = rows[rows["target"] == target]
        xs = [clock.at(int(p)) for p in line["post"]]
        ys = [float(v) for v in line["votes"]]
        heads = [int(h) for h in line["heads"]]
        post_list = [int(p) for p in line["post"]]
        if end is not None and end > post_list[-1]:  # hold the last count to the close
            xs.append(clock.at(end))
            ys.append(ys[-1])
            heads.append(heads[-1])
            post_list.append(end)
        # lines ending on one count (a tie) put their tallies above, below, beside
        where = ("top left", "bottom left", "middle left")[closing.count(ys[-1]) % 3]
        closing.append(ys[-1])
        fig.add_trace(go.Scatter(
            x=xs, y=ys, mode="lines+markers+text", line={"shape": "hv", "width": 2,
                                                         "color": palette.get(str(target),
                                                                              _GREY)},
            marker={"size": 5}, name=name(str(target)),
            # the count at the close, where a reader looks for the outcome
            text=[""] * (len(ys) - 1) + [tally(ys[-1], heads[-1])],
            textposition=where, textfont={"size": 10},
            customdata=[[p, tally(v, h)] for p, v, h in zip(post_list, ys, heads,
                                                              strict=True)],
            hovertemplate=f"{name(str(target))}: %{{customdata[1]}}"
                          "<br>after post %{customdata[0]}<extra></extra>"))
    threshold = _threshold(fig, clock, rows, end, closing,
                           [name(str(t)) for t in order])
    if hits is not None and not hits.empty:
        fig.add_trace(go.Scatter(
            x=[clock.at(int(p)) for p in hits["post"]], y=[float(v) for v in hits["votes"]],
            mode="markers", name="hammer",
            marker={"symbol": "star", "size": 18, "color": "#000000",
                    "line": {"width": 1, "color": "#ffffff"}},
            hovertext=[f"hammer by {name(str(r['voter']))} on {name(str(r['target']))} at post "
                       f"{int(r['post'])}: {tally(r['votes'], r['heads'])} of "
                       f"{_needed(r['needed'])} needed" for r in _records(hits)],
            hoverinfo="text"))
    weighted = bool((rows["votes"] != rows["heads"]).any())
    fig.update_layout(title=f"Day {day}: votes on each target (threshold: {threshold})",
                      xaxis_title=clock.title,
                      yaxis_title="votes (weighted: voters in the labels)" if weighted
                      else "votes",
                      yaxis={"rangemode": "tozero", "dtick": 1}, hovermode="closest",
                      template="plotly_white", height=450)
    clear_of_modebar(fig)
    return fig


def tally(votes: Any, heads: Any) -> str:
    """"3 votes", or "5 votes (4 voters)" where weights make the two differ."""
    v, h = float(votes), int(heads)
    said = f"{v:g} vote{'' if v == 1 else 's'}"
    return said if v == h else f"{said} ({h} voter{'' if h == 1 else 's'})"


MOST_VOTES = "most votes at the close"


def _threshold(fig: go.Figure, clock: _Clock, rows: pd.DataFrame, end: int | None,
               closing: list[float], names: list[str]) -> str:
    """Draw the day's threshold as a dashed line and say what it is: the majority at each
    change post ("majority 4", "majority 4, then 3"), or on a plurality day the most votes a
    target had at the close, drawn across the day ("most votes at the close: 3", and who
    tied there: what a tie does is the rule set's, the day's result says)."""
    majority = rows.drop_duplicates("post")[["post", "majority"]].dropna()
    style = {"shape": "hv", "dash": "dash", "color": "#333333", "width": 1.5}
    if not majority.empty:
        mx = [clock.at(int(p)) for p in majority["post"]]
        my = [int(m) for m in majority["majority"]]
        if end is not None and end > int(majority["post"].iloc[-1]):
            mx.append(clock.at(end))
            my.append(my[-1])
        fig.add_trace(go.Scatter(x=mx, y=my, mode="lines", name="majority", line=style,
                                 hovertemplate="majority: %{y}<extra></extra>"))
        return "majority " + ", then ".join(str(m) for m in dict.fromkeys(my))
    if rows.empty:
        return "none: no votes"
    top = max(closing, default=0.0)
    tied = [n for n, v in zip(names, closing, strict=True) if v == top]
    said = f"{top:g}" + (f", tied: {' and '.join(tied)}" if len(tied) > 1 else "")
    start = clock.at(int(rows["post"].min()))
    stop = clock.at(end if end is not None else int(rows["post"].max()))
    fig.add_trace(go.Scatter(
        x=[start, stop], y=[top, top], mode="lines", name=MOST_VOTES,
        line={**style, "shape": "linear"},
        hovertemplate=f"plurality: the most votes at the close decide; {said}"
                      "<extra></extra>"))
    return f"{MOST_VOTES}: {said}"


def _records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """The rows as dicts (typed loosely: a frame's cells are of many types)."""
    return [{str(k): v for k, v in row.items()} for row in df.to_dict("records")]


def _needed(value: Any) -> str:
    return "?" if pd.isna(value) else str(int(value))


def vote_count_charts(log: GameLog, results: Sequence[DayResult] | None = None,
                      rulings: Rulings = None, *, x: Axis = "time") -> list[go.Figure]:
    """A `vote_count_chart` for every day with a counted vote, in order (counting once)."""
    results = counted(log, results, rulings)
    counts = vote_counts(log, results, rulings)
    hits = hammers(log, results, rulings)
    return [vote_count_chart(log, counts, int(d), hits, x=x)
            for d in sorted(counts["day"].unique())]


def _faction(log: GameLog, day: int) -> Callable[[str], str]:
    known = {s.id for s in log.players}
    return lambda slot: faction_at(log, slot, day) if slot in known else "unknown"


def wagon_raster(log: GameLog, entries: pd.DataFrame, day: int,
                 hammer_rows: pd.DataFrame | None = None, *, x: Axis = "time") -> go.Figure:
    """Day `day`'s wagons as rows (`entries`: `toolkit.metrics.wagons.wagon_entries`), the
    earliest-started wagon on top; each voter's entry onto a wagon is a mark at the entry's
    post, labelled with its position on the wagon (1: started it), coloured by the voter's
    faction at the day's start (one legend entry a faction). A filled mark stayed on the
    wagon to the round's end; an open one left it later (the hover says when). On a
    double-lynch day the wagons of the second round are rows of their own. Each hammer
    (`hammer_rows`: `hammers`) is a black cross at the end of its wagon's row.

    Why rows of wagons rather than rows of voters: the question this figure answers is how
    each wagon grew (who came in which order, from which faction), and a row per wagon keeps
    the positions readable; the Sankey shows where each voter went."""
    name = slot_namer(log)
    faction = _faction(log, day)
    rows = entries[entries["day"] == day]
    rounds = sorted({int(r) for r in rows["round"]})
    hits = hammer_rows[hammer_rows["day"] == day] if hammer_rows is not None else None
    clock = _Clock(log, [int(p) for p in rows["post"]] +
                   ([int(p) for p in hits["post"]] if hits is not None else []), x)

    def label(rnd: int, target: str) -> str:
        return f"{name(target)} · round {rnd}" if len(rounds) > 1 else name(target)

    first = rows.groupby(["round", "target"])["post"].min()
    wagons = sorted(first.index, key=lambda k: (int(first[k]), int(k[0]), str(k[1])))
    labels = [label(int(r), str(t)) for r, t in wagons]
    fig = go.Figure()
    factions = {faction(str(v)) for v in rows["voter"]}
    palette = faction_colours(factions, log)
    for fac in sorted(factions):
        mine = rows[[faction(str(v)) == fac for v in rows["voter"]]]
        stayed = mine["left_post"].isna().tolist()
        fig.add_trace(go.Scatter(
            x=[clock.at(int(p)) for p in mine["post"]],
            y=[label(int(r), str(t)) for r, t in zip(mine["round"], mine["target"],
                                                     strict=True)],
            mode="markers+text", name=faction_label(log, fac) or fac,
            # a ballot worth other than one vote says so by its place on the wagon
            text=[str(int(p)) + ("" if w == 1 else f" ×{w:g}")
                  for p, w in zip(mine["position"], _weights(mine), strict=True)],
            textposition="top center",
            marker={"size": 12, "color": palette[fac],
                    "symbol": ["circle" if s else "circle-open" for s in stayed],
                    "line": {"width": 2, "color": palette[fac]}},
            hovertext=[_entry_text(name, r, faction_label(log, fac) or fac)
                       for r in mine.itertuples()],
            hoverinfo="text"))
    if hits is not None and not hits.empty:
        fig.add_trace(go.Scatter(
            x=[clock.at(int(p)) for p in hits["post"]],
            y=[label(int(r), str(t)) for r, t in zip(hits["round"], hits["target"],
                                                     strict=True)],
            mode="markers", name="hammer",
            marker={"symbol": "x", "size": 16, "color": "#000000"},
            hovertext=[f"hammer by {name(str(r['voter']))} at post {int(r['post'])}"
                       for r in _records(hits)], hoverinfo="text"))
    fig.update_layout(
        title=f"Day {day}: who joined each wagon, in order", xaxis_title=clock.title,
        # the first wagon on top; room above it for its position labels
        yaxis={"title": "wagon", "categoryorder": "array", "categoryarray": labels,
               "range": [len(labels) - 0.5, -0.9]},
        legend_title_text="voter's faction", template="plotly_white",
        height=max(300, 45 * len(labels) + 160, 24 * len(factions) + 200))
    clear_of_modebar(fig)
    return fig


def _weights(rows: pd.DataFrame) -> list[float]:
    """Each entry's votes (1 for a frame of entries without weights)."""
    if "weight" not in rows:
        return [1.0] * len(rows)
    return [1.0 if pd.isna(w) else float(w) for w in rows["weight"]]


def _entry_text(name: Callable[[str], str], row: Any, faction: str) -> str:
    left = "stayed to the end" if pd.isna(row.left_post) else f"left at post {int(row.left_post)}"
    again = f", entry {int(row.entry)}" if int(row.entry) > 1 else ""
    weight = getattr(row, "weight", 1.0)
    worth = "" if pd.isna(weight) or float(weight) == 1 else \
        f" (counts {float(weight):g} votes)"
    return (f"{name(str(row.voter))} ({faction}) on {name(str(row.target))} at post "
            f"{int(row.post)}: #{int(row.position)}{worth}{again}; {left}")


def wagon_rasters(log: GameLog, results: Sequence[DayResult] | None = None,
                  rulings: Rulings = None, *, x: Axis = "time") -> list[go.Figure]:
    """A `wagon_raster` for every day with a wagon, in order."""
    results = counted(log, results, rulings)
    entries = wagon_entries(log, results, rulings)
    hits = hammers(log, results, rulings)
    return [wagon_raster(log, entries, int(d), hits, x=x)
            for d in sorted(entries["day"].unique())]


def _node(name: Callable[[str], str], target: Any) -> str:
    return NO_VOTE if pd.isna(target) else name(str(target))


def vote_flow_sankey(log: GameLog, changes: pd.DataFrame, day: int | None = None) -> go.Figure:
    """Where votes moved (`changes`: `toolkit.metrics.votes.vote_changes`; one day, or the
    whole game when `day` is None): a link from "X (before)" to "Y (after)" for each change
    of a voter's standing vote from X to Y, "no vote" standing for no vote on either side
    (a first vote comes from it; an unvote, or a vote removed by the GM or a death, goes to
    it). A link's width is the number of such changes, its hover the voters and the kinds.
    Nodes are in roster order (then No Lynch, then "no vote"), coloured as the targets of
    `vote_count_chart`."""
    name = slot_namer(log)
    palette = target_colours(log)
    rows = changes if day is None else changes[changes["day"] == day]
    order = [s.id for s in log.players] + [NO_LYNCH]
    rank = {slot: i for i, slot in enumerate(order)}

    def key(target: Any) -> tuple[int, str]:
        if pd.isna(target):
            return (len(order) + 1, "")
        return (rank.get(str(target), len(order)), str(target))

    sides: dict[str, list[Any]] = {"before": [], "after": []}
    for side, column in (("before", "old"), ("after", "new")):
        seen: dict[tuple[int, str], Any] = {key(t): t for t in rows[column]}
        sides[side] = [seen[k] for k in sorted(seen)]
    labels = [f"{_node(name, t)} ({side})" for side in ("before", "after") for t in sides[side]]
    index = {(side, key(t)): i for i, (side, t) in enumerate(
        [("before", t) for t in sides["before"]] + [("after", t) for t in sides["after"]])}
    node_colours = [_GREY if pd.isna(t) else palette.get(str(t), _GREY)
                    for side in ("before", "after") for t in sides[side]]
    links: dict[tuple[int, int], list[Any]] = {}
    for r in rows.itertuples():
        link = (index[("before", key(r.old))], index[("after", key(r.new))])
        links.setdefault(link, []).append(r)
    pairs = sorted(links)
    fig = go.Figure(go.Sankey(
        arrangement="snap",
        node={"label": labels, "color": node_colours, "pad": 12,
              "line": {"width": 0.5, "color": "#333333"},
              "hovertemplate": "%{label}: %{value} changes<extra></extra>"},
        link={"source": [s for s, _ in pairs], "target": [t for _, t in pairs],
              "value": [len(links[p]) for p in pairs],
              "color": [_rgba(node_colours[s], 0.4) for s, _ in pairs],
              "customdata": [_link_text(name, links[p]) for p in pairs],
              "hovertemplate": "%{source.label} → %{target.label}: %{value}"
                               "<br>%{customdata}<extra></extra>"}))
    where = "the whole game" if day is None else f"day {day}"
    fig.update_layout(title=f"Vote flow, {where}: from each voter's previous target to the next",
                      template="plotly_white", height=max(350, 28 * max(len(sides["before"]),
                                                                        len(sides["after"]))
                                                          + 150))
    clear_of_modebar(fig)
    return fig


def _link_text(name: Callable[[str], str], rows: list[Any]) -> str:
    """The voters of a link (day and post of each move) and how many of each kind."""
    moves = [f"{name(str(r.voter))} (day {int(r.day)}, post {int(r.post)})" for r in rows]
    shown = ", ".join(moves[:8]) + (f" and {len(moves) - 8} more" if len(moves) > 8 else "")
    kinds: dict[str, int] = {}
    for r in rows:
        kinds[str(r.kind)] = kinds.get(str(r.kind), 0) + 1
    return shown + "<br>" + ", ".join(f"{k}: {n}" for k, n in sorted(kinds.items()))


def vote_flow_sankeys(log: GameLog, results: Sequence[DayResult] | None = None,
                      rulings: Rulings = None) -> list[go.Figure]:
    """The whole game's `vote_flow_sankey`, then one a day with a change, in order."""
    changes = vote_changes(log, counted(log, results, rulings), rulings)
    return [vote_flow_sankey(log, changes)] + [
        vote_flow_sankey(log, changes, int(d)) for d in sorted(changes["day"].unique())]
