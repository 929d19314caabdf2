"""The night visit graph: the players on a circle (in seat order), an arrow from each actor
to where each visit went, coloured by ability; a visit that did not take effect (blocked,
refused, stopped) drawn faint and dashed."""

from __future__ import annotations

import math

import pandas as pd
import plotly.graph_objects as go

from engine.gamelog import GameLog
from toolkit.figures.style import colours, faction_colours
from toolkit.metrics.visits import has_night_engine, resolved_visits, submitted_visits

_DONE = ("resolved", "redirected", "submitted")


def _circle(log: GameLog) -> dict[str, tuple[float, float]]:
    n = max(len(log.players), 1)
    return {s.id: (math.cos(math.pi / 2 - 2 * math.pi * i / n),
                   math.sin(math.pi / 2 - 2 * math.pi * i / n))
            for i, s in enumerate(log.players)}


def visit_graph(log: GameLog, visits: pd.DataFrame, night: int) -> go.Figure:
    """Night `night`'s visits (a frame of `toolkit.metrics.visits`: submitted or resolved)
    as arrows between the players; the legend names each ability."""
    at = _circle(log)
    rows = visits[visits.night == night]
    palette = colours(str(a) for a in visits.ability.dropna().unique())
    fig = go.Figure()
    for ability, group in rows.groupby("ability", sort=True):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for row in group.itertuples():
            to = row.resolved_target if "resolved_target" in group and \
                isinstance(row.resolved_target, str) else row.target
            if row.actor not in at or to not in at:
                continue
            (x0, y0), (x1, y1) = at[str(row.actor)], at[str(to)]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
            done = str(row.status) in _DONE
            fig.add_annotation(x=x1, y=y1, ax=x0, ay=y0, xref="x", yref="y", axref="x",
                               ayref="y", showarrow=True, arrowhead=3, arrowsize=1.2,
                               arrowwidth=2 if done else 1, arrowcolor=palette[str(ability)],
                               opacity=1.0 if done else 0.35, standoff=12, startstandoff=10,
                               text="")
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", name=str(ability),
                                 line={"color": palette[str(ability)], "width": 1},
                                 hoverinfo="skip"))
    factions = faction_colours(s.faction for s in log.players)
    fig.add_trace(go.Scatter(
        x=[at[s.id][0] for s in log.players], y=[at[s.id][1] for s in log.players],
        mode="markers+text", text=[s.name for s in log.players], textposition="top center",
        marker={"size": 14, "color": [factions[s.faction or "unknown"] for s in log.players],
                "line": {"width": 1, "color": "#333"}},
        name="players", hovertext=[f"{s.name} ({s.role or '?'}, {s.faction or '?'})"
                                   for s in log.players], hoverinfo="text"))
    fig.update_layout(title=f"Night {night}: who visited whom", showlegend=True,
                      xaxis={"visible": False, "range": [-1.4, 1.4]},
                      yaxis={"visible": False, "range": [-1.3, 1.3], "scaleanchor": "x"},
                      height=650, template="plotly_white")
    return fig


def game_visits(log: GameLog) -> pd.DataFrame:
    """The game's visits: resolved by the replay where the rule set has a night engine,
    else as the GM's log submitted them."""
    return resolved_visits(log) if has_night_engine(log) else submitted_visits(log)


def visit_graphs(log: GameLog, visits: pd.DataFrame | None = None) -> list[go.Figure]:
    """A visit graph for every night with a logged action, in order."""
    frame = game_visits(log) if visits is None else visits
    return [visit_graph(log, frame, int(n)) for n in sorted(frame.night.dropna().unique())]
