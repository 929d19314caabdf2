"""Voting-bloc figures: a slot x slot heatmap of a pair metric (final-vote agreement,
co-wagon overlap, signed agreement, Louvain co-assignment) ordered by community then
faction, and the vote network with one layout kept across the days.

Heatmaps: rows and columns are the roster's slots ordered by their Louvain community
(`toolkit.metrics.communities.louvain` on the pair table's co-voting graph, largest first),
then by faction (sorted name), then seat; each community of two or more slots is framed.
The faction of each slot (at the start; its later changes in the hover) colours its tick
label and a strip of squares along the top and left edges, one legend entry per faction
(colours by the faction's kind: `toolkit.figures.style`); a slot that died has a grey
"† N3" after its name. The title sits below plotly's toolbar.

The vote network: the slots placed once by networkx's spring layout of the whole game's
vote graph (fixed seed), then one view per day on a slider: nodes coloured by the faction
at the day's start (grey: dead when the day began, and their names grey), an arrow voter ->
target for each vote that day, dark and larger where the voter's final vote stood. The
names are tags on a white ground above the arrows, each on the side of its node clearest
of the node's arrows.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations
from typing import Any

import networkx as nx
import pandas as pd
import plotly.graph_objects as go

from engine.day import DayResult
from engine.gamelog import GameLog, Slot
from engine.gamelog.base import phase_sort_key
from toolkit.figures.style import DEAD, DEAD_TEXT, clear_of_modebar, faction_colours
from toolkit.labels import faction_label, role_label
from toolkit.metrics.blocs import UNKNOWN, day_votes, pair_matrix, true_labels, vote_edges
from toolkit.metrics.communities import covote_graph, louvain
from toolkit.metrics.nulls import Weight

NODE_RADIUS = 0.06  # in layout units: where an arrow stops short of its target
BASELINE = 0.05  # the layout's pull between any two slots (see network_layout)
OFFSET = 0.015  # A -> B and B -> A drawn side by side, not on top of each other
LABELS = {"agreement": "final-vote agreement", "overlap": "co-wagon overlap",
          "signed": "signed agreement", "share": "co-assignment"}


def _faction(slot: Slot) -> str:
    return slot.faction or UNKNOWN


def _faction_story(log: GameLog, slot: Slot) -> str:
    """"Rick Morgan; Group of Survivors, Order of Li from N2; died N5": the slot's role, its
    faction and the faction's changes, by the rules' names, and when it died."""
    story = faction_label(log, slot.faction) or _faction(slot)
    for change in sorted(slot.changes, key=lambda c: phase_sort_key(c.phase)):
        if change.faction is not None:
            story += f", {faction_label(log, change.faction)} from {change.phase}"
    role = role_label(log, slot.role)
    died = died_in(slot)
    return (f"{role}; " if role else "") + story + (f"; died {died}" if died else "")


def community_order(log: GameLog, communities: Mapping[str, int]) -> list[str]:
    """The roster's slot ids by community number (slots missing from `communities` last),
    then faction at the start (sorted), then seat."""
    seat = {s.id: i for i, s in enumerate(log.players)}
    faction = {s.id: _faction(s) for s in log.players}
    last = max(communities.values(), default=-1) + 1
    return sorted(seat, key=lambda s: (communities.get(s, last), faction[s], seat[s]))


def _shown(value: object) -> str:
    return f"{value:.3g}" if isinstance(value, float) else str(value)


def _tick(name: str, colour: str) -> str:
    # plotly's text accepts a span with a colour style, drawn as an SVG tspan
    return f'<span style="color:{colour}">{name}</span>'


def pair_heatmap(log: GameLog, pairs: pd.DataFrame, value: str, *,
                 communities: Mapping[str, int] | None = None, resolution: float = 1.0,
                 seed: int = 0, title: str | None = None) -> go.Figure:
    """A heatmap of the pair table `pairs` (columns a, b, `value` and any others, shown in
    the hover), e.g. `blocs.final_agreement` ("agreement"), `blocs.co_wagon_overlap_game`
    ("overlap"), `blocs.signed_agreement` ("signed") or `communities.coassignment`
    ("share"). `communities`: slot -> community; when not given, one Louvain run
    (`resolution`, `seed`) on `covote_graph(log, pairs, value)`. The diagonal and pairs the
    table lacks are blank. The colour scale runs over [0, 1], or [-1, 1] (diverging) when a
    value is negative."""
    if communities is None:
        communities = louvain(covote_graph(log, pairs, value), resolution, seed)
    order = community_order(log, communities)
    n = len(order)
    name = {s.id: s.name for s in log.players}
    matrix = pair_matrix(pairs, value, order, diagonal=math.nan)
    extra = [c for c in pairs.columns if c not in ("a", "b", value)]
    details: dict[frozenset[str], str] = {}
    for row in pairs.to_dict("records"):
        details[frozenset((row["a"], row["b"]))] = "".join(
            f"<br>{c}: {_shown(row[c])}" for c in extra)
    label = LABELS.get(value, value)
    z = matrix.to_numpy(dtype=float)
    hover = [[f"{name[a]} & {name[b]}<br>{label}: {z[i, j]:.3f}"
              f"{details.get(frozenset((a, b)), '')}" for j, b in enumerate(order)]
             for i, a in enumerate(order)]
    signed = bool((pairs[value].dropna() < 0).any())
    fig = go.Figure(go.Heatmap(
        z=z, x=list(range(n)), y=list(range(n)), text=hover,
        hovertemplate="%{text}<extra></extra>", hoverongaps=False,
        zmin=-1.0 if signed else 0.0, zmax=1.0, zmid=0.0 if signed else None,
        colorscale="RdBu" if signed else "Blues",
        colorbar={"title": {"text": label}, "x": 1.02}, name=label, showlegend=False))
    factions = {s.id: _faction(s) for s in log.players}
    palette = faction_colours(factions.values(), log)
    story = {s.id: _faction_story(log, s) for s in log.players}
    # the faction strip: a square left of each row and above each column, a trace a faction
    for faction in sorted(set(factions.values())):
        at = [i for i, s in enumerate(order) if factions[s] == faction]
        fig.add_trace(go.Scatter(
            x=[-1.0] * len(at) + [float(i) for i in at],
            y=[float(i) for i in at] + [-1.0] * len(at),
            mode="markers", name=faction_label(log, faction) or faction, legendgroup=faction,
            marker={"symbol": "square", "size": 11, "color": palette[faction]},
            hovertext=[f"{name[order[i]]}: {story[order[i]]}" for i in at] * 2,
            hoverinfo="text"))
    for part in sorted({communities.get(s, -1) for s in order} - {-1}):
        at = [i for i, s in enumerate(order) if communities.get(s) == part]
        if len(at) >= 2:
            fig.add_shape(type="rect", x0=at[0] - 0.5, x1=at[-1] + 0.5, y0=at[0] - 0.5,
                          y1=at[-1] + 0.5, line={"color": "#333333", "width": 2},
                          name=f"community {part}")
    died = {s.id: died_in(s) for s in log.players}
    # a slot that died during the game: a grey "† N3" after its name, which keeps its
    # faction's colour (most of a roster dies: grey names would hide the factions); the
    # pairs count the days both voted
    ticks = [_tick(name[s], palette[factions[s]]) +
             (_tick(f" † {died[s]}", DEAD_TEXT) if died[s] else "") for s in order]
    axis: dict[str, Any] = {"tickmode": "array", "tickvals": list(range(n)), "ticktext": ticks,
                            "showgrid": False, "zeroline": False}
    fig.update_layout(
        title={"text": title or f"{label.capitalize()} by pair, ordered by community then "
                                "faction"},
        xaxis={**axis, "title": {"text": "slot"}, "range": [-1.6, n - 0.5], "side": "top",
               "tickangle": -60},
        yaxis={**axis, "title": {"text": "slot"}, "range": [n - 0.5, -1.6],
               "scaleanchor": "x"},
        legend={"title": {"text": "faction"}, "orientation": "h", "y": -0.05},
        height=max(450, 26 * n + 220), width=max(550, 26 * n + 300),
        template="plotly_white")
    # room above for the column labels on top (a dead slot's "† N3" too) and the axis title,
    # then the title, under the toolbar
    longest = max((len(name[s]) + (len(f" † {died[s]}") if died[s] else 0) for s in order),
                  default=0)
    clear_of_modebar(fig, top=50 + 6 * longest)
    return fig




def died_in(slot: Slot) -> str | None:
    """The phase the slot died in (its fate's phase), None when it lived to the end or its
    fate is unknown."""
    fate = slot.fate
    return fate.phase if fate.phase is not None and fate.kind not in (
        "survived", "endgamed", "unknown") else None


def covote_heatmap(log: GameLog, pairs: pd.DataFrame, value: str = "agreement", *,
                   resolution: float = 1.0, seed: int = 0,
                   title: str | None = None) -> go.Figure:
    """The co-voting heatmap of a pair table of `toolkit.metrics.blocs` (`pair_heatmap`,
    communities from one Louvain run on the table's own co-voting graph)."""
    return pair_heatmap(log, pairs, value, resolution=resolution, seed=seed, title=title)


def coassignment_heatmap(log: GameLog, coassigned: pd.DataFrame, *,
                         title: str | None = None) -> go.Figure:
    """The co-assignment matrix (`communities.coassignment`: the share of Louvain runs
    putting two slots together), ordered by a Louvain run (resolution 1, seed 0) on the
    co-assignment graph itself, so that slots the sweep keeps together sit together."""
    return pair_heatmap(log, coassigned, "share",
                        title=title or "Co-assignment: share of Louvain runs that put "
                                       "two slots in one community")


# --- the vote network -----------------------------------------------------------------------

def network_layout(log: GameLog, edges: pd.DataFrame, weight: Weight = "votes",
                   seed: int = 0) -> dict[str, tuple[float, float]]:
    """Slot -> (x, y): networkx's `spring_layout` (seed `seed`) of the undirected union of
    the days' vote graphs (`edges`: `blocs.vote_edges`), an edge's weight the sum of the
    column `weight` over days and both directions, divided by the largest (so minutes and
    votes pull alike), plus `BASELINE` between every two slots. Every slot of the roster
    is placed, in roster order; coordinates rounded to 4 places so that the figure's JSON
    is stable."""
    graph = nx.Graph()
    graph.add_nodes_from(s.id for s in log.players)
    summed: dict[tuple[str, str], float] = {}
    for voter, target, w in edges[["voter", "target", weight]].itertuples(index=False):
        key = (min(voter, target), max(voter, target))
        summed[key] = summed.get(key, 0.0) + float(w)
    top = max(summed.values(), default=0.0)
    # a faint pull between every two slots keeps those who never voted (or were never
    # voted) near the rest, instead of flung to the rim with the voters in a knot
    slots = [s.id for s in log.players]
    graph.add_edges_from(combinations(slots, 2), weight=BASELINE)
    for (a, b), w in sorted(summed.items()):
        if w > 0 and a != b:
            graph.add_edge(a, b, weight=BASELINE + w / top)
    pos = nx.spring_layout(graph, weight="weight", seed=seed)
    return {n: (round(float(pos[n][0]), 4), round(float(pos[n][1]), 4)) for n in graph.nodes}


def arrow(x0: float, y0: float, x1: float, y1: float) -> tuple[float, float, float, float,
                                                                 float]:
    """The segment drawn for a vote from (x0, y0) to (x1, y1): both ends pulled in by
    `NODE_RADIUS`, shifted `OFFSET` to the right of the direction of travel; and the angle of
    its head in degrees clockwise from up (plotly's marker angle). Returns (x0, y0, x1, y1,
    angle)."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    side_x, side_y = uy * OFFSET, -ux * OFFSET  # the right-hand normal
    return (x0 + ux * NODE_RADIUS + side_x, y0 + uy * NODE_RADIUS + side_y,
            x1 - ux * NODE_RADIUS + side_x, y1 - uy * NODE_RADIUS + side_y,
            math.degrees(math.atan2(dx, dy)))


def _lines(segments: Sequence[tuple[float, float, float, float, float]], name: str,
           colour: str, width: float, visible: bool) -> go.Scatter:
    xs: list[float | None] = []
    ys: list[float | None] = []
    for x0, y0, x1, y1, _ in segments:
        xs += [x0, x1, None]
        ys += [y0, y1, None]
    return go.Scatter(x=xs, y=ys, mode="lines", name=name, showlegend=False,
                      line={"color": colour, "width": width}, hoverinfo="skip",
                      visible=visible)


def vote_network(log: GameLog, results: Sequence[DayResult] | None = None, *,
                 weight: Weight = "votes", seed: int = 0) -> go.Figure:
    """The vote network, one view a day on a slider (see the module's docstring). Each day
    has four traces, in order: earlier votes (lines), final votes (lines), arrow heads (one
    per voter -> target with a vote that day, coloured by the voter's faction, hover: votes
    cast, minutes stood, final), slots (markers). Before them, one legend-only trace per
    faction and one for the dead. `weight` and `seed`: the layout's (`network_layout`)."""
    edges = vote_edges(log, results)
    days = day_votes(log, results)
    labels = true_labels(log, days)
    at = network_layout(log, edges, weight, seed)
    name = {s.id: s.name for s in log.players}
    palette = faction_colours([_faction(s) for s in log.players] +
                              [f for day in labels.values() for f in day.values()], log)
    fig = go.Figure()
    shown = sorted({f for day in labels.values() for f in day.values()} or
                   {_faction(s) for s in log.players})
    for faction in [*shown, "dead"]:
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers",
                                 name=faction_label(log, faction) or faction,
                                 marker={"size": 12, "color": palette.get(faction, DEAD)}))
    legend = len(fig.data)
    names: list[list[dict[str, Any]]] = []  # the name tags of each day
    links = sorted({(str(v), str(t)) for v, t in zip(edges["voter"], edges["target"],
                                                     strict=True)})
    for i, d in enumerate(days):
        label = labels[d.day]
        today = edges[edges["day"] == d.day]
        rows = today.to_dict("records")  # every row had a vote: cast, standing or final
        segments = [arrow(*at[r["voter"]], *at[r["target"]]) for r in rows]
        earlier = [seg for seg, r in zip(segments, rows, strict=True) if not r["final"]]
        final = [seg for seg, r in zip(segments, rows, strict=True) if r["final"]]
        fig.add_trace(_lines(earlier, "earlier votes", "#bbbbbb", 1, i == 0))
        fig.add_trace(_lines(final, "final votes", "#555555", 2, i == 0))
        fig.add_trace(go.Scatter(
            x=[seg[2] for seg in segments], y=[seg[3] for seg in segments], mode="markers",
            name=f"votes, day {d.day}", showlegend=False, visible=i == 0,
            marker={"symbol": "arrow", "angle": [seg[4] for seg in segments],
                    "size": [13 if r["final"] else 9 for r in rows],
                    "color": [palette[label[r["voter"]]] for r in rows],
                    "line": {"width": 0}},
            hovertext=[f"{name[r['voter']]} → {name[r['target']]}: {r['votes']} vote(s), "
                       f"stood {r['minutes']:.0f} min{', final vote' if r['final'] else ''}"
                       for r in rows], hoverinfo="text"))
        alive = set(d.alive)
        fig.add_trace(go.Scatter(
            x=[at[s.id][0] for s in log.players], y=[at[s.id][1] for s in log.players],
            mode="markers", name=f"slots, day {d.day}", showlegend=False, visible=i == 0,
            marker={"size": 16, "line": {"width": 1, "color": "#333333"},
                    "color": [palette[label[s.id]] if s.id in alive else DEAD
                              for s in log.players]},
            hovertext=[f"{s.name} ({_side(log, s, label[s.id])})"
                       f"{'' if s.id in alive else ', dead'}" for s in log.players],
            hoverinfo="text"))
        names.append(name_tags(log, at, alive, links))
    per_day = 4
    steps = []
    for i, d in enumerate(days):
        visible = [True] * legend + [j // per_day == i for j in range(per_day * len(days))]
        steps.append({"method": "update", "label": f"Day {d.day}",
                      "args": [{"visible": visible},
                               # only the text: the title keeps its place below the toolbar
                               {"title.text": f"Day {d.day}: who voted whom",
                                "annotations": names[i]}]})
    if not days:  # no day counted: the slots alone
        fig.add_trace(go.Scatter(
            x=[at[s.id][0] for s in log.players], y=[at[s.id][1] for s in log.players],
            mode="markers", name="slots", showlegend=False,
            marker={"size": 16, "color": [palette[_faction(s)] for s in log.players]}))
        names.append(name_tags(log, at, {s.id for s in log.players}, links))
    fig.update_layout(
        title={"text": f"Day {days[0].day}: who voted whom" if days else "No votes counted"},
        sliders=[{"active": 0, "steps": steps, "currentvalue": {"prefix": ""},
                  "pad": {"t": 30}}] if days else [],
        xaxis={"visible": False, "title": {"text": "layout x"}},
        yaxis={"visible": False, "title": {"text": "layout y"}, "scaleanchor": "x"},
        legend={"title": {"text": "faction"}}, annotations=names[0], height=720,
        template="plotly_white")
    clear_of_modebar(fig)
    return fig


def _side(log: GameLog, slot: Slot, faction: str) -> str:
    """"Rick Morgan, Group of Survivors": the role and the faction of the day, by name."""
    role = role_label(log, slot.role)
    side = faction_label(log, faction) or faction
    return f"{role}, {side}" if role else side


TAG_SHIFT = 14  # px from a node's centre to its name tag: past the marker (16 px across)


def name_tags(log: GameLog, at: Mapping[str, tuple[float, float]], alive: set[str],
              links: Sequence[tuple[str, str]] = ()) -> list[dict[str, Any]]:
    """A slot's name as an annotation beside its node, on a white ground (annotations are
    drawn above the traces, so no arrow runs over a name), the dead's names grey. The side:
    of eight around the node, the one farthest in angle from the node's arrows (`links`:
    voter -> target pairs of the whole game, so that the side is the same every day), the
    one away from the layout's centre breaking ties (and for a node without arrows)."""
    cx = sum(x for x, _ in at.values()) / max(len(at), 1)
    cy = sum(y for _, y in at.values()) / max(len(at), 1)
    ways: dict[str, list[float]] = {}
    for a, b in links:
        if a != b and a in at and b in at:
            for here, there in ((a, b), (b, a)):
                (x0, y0), (x1, y1) = at[here], at[there]
                ways.setdefault(here, []).append(math.atan2(y1 - y0, x1 - x0))
    tags: list[dict[str, Any]] = []
    for s in log.players:
        x, y = at[s.id]
        out = math.atan2(y - cy, x - cx) if (x, y) != (cx, cy) else math.pi / 2
        side = max((k * math.pi / 4 for k in range(8)),
                   key=lambda a: (round(_clearance(a, ways.get(s.id, [])), 6),
                                  -abs(_turn(a, out))))
        ux, uy = math.cos(side), math.sin(side)
        tags.append({
            "x": x, "y": y, "xref": "x", "yref": "y", "text": s.name, "showarrow": False,
            "xshift": round(TAG_SHIFT * ux, 1), "yshift": round(TAG_SHIFT * uy, 1),
            "xanchor": "left" if ux > 0.35 else "right" if ux < -0.35 else "center",
            "yanchor": "bottom" if uy > 0.35 else "top" if uy < -0.35 else "middle",
            "bgcolor": "rgba(255,255,255,0.85)", "borderpad": 1,
            "font": {"size": 10, "color": "#222222" if s.id in alive else DEAD_TEXT}})
    return tags


def _turn(a: float, b: float) -> float:
    """The angle between two directions, in [0, pi]."""
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _clearance(side: float, ways: Sequence[float]) -> float:
    """How far in angle a tag on `side` is from the nearest arrow (pi: no arrows)."""
    return min((_turn(side, w) for w in ways), default=math.pi)
