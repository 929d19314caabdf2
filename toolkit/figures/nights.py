"""The night visit graph: the players on a circle (in seat order), an arrow from each actor
to where each visit went, coloured by ability (named as the rules name it, one well-separated
hue each: `style.ability_colours`). A move the replay says did not take place (blocked,
refused, stopped: the engine's `Move.stopped`) is drawn as failed: a dashed grey arrow, the
engine's reason in its hover. Players dead before the night are grey; the living are
coloured by their faction at the night."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from engine.gamelog import GameLog, Slot
from engine.gamelog.base import phase_sort_key
from toolkit.figures.style import (
    DEAD,
    DEAD_TEXT,
    FAILED,
    ability_colours,
    clear_of_modebar,
    faction_colours,
)
from toolkit.labels import ability_label, faction_label, role_label
from toolkit.metrics.visits import has_night_engine, resolved_visits, submitted_visits

_DONE = ("resolved", "redirected", "submitted")
FAILED_NAME = "failed (hover: why)"
_RIM = 0.07  # in layout units: an arrow stops this short of a player's marker


def _circle(log: GameLog) -> dict[str, tuple[float, float]]:
    n = max(len(log.players), 1)
    return {s.id: (math.cos(math.pi / 2 - 2 * math.pi * i / n),
                   math.sin(math.pi / 2 - 2 * math.pi * i / n))
            for i, s in enumerate(log.players)}


def failed(row: Any) -> bool:
    """Whether a visit row did not take place by the replay (its status: blocked, stopped,
    refused; `toolkit.metrics.visits` counts a move the engine gave a stop reason as not
    taken place, whatever its done flag)."""
    return str(row.status) not in _DONE


def faction_at_night(log: GameLog, slot: Slot, night: int) -> str | None:
    """The slot's faction during night `night`: its starting faction, changed by every slot
    change giving a faction in an earlier phase."""
    faction = slot.faction
    for change in sorted(slot.changes, key=lambda c: phase_sort_key(c.phase)):
        if change.faction is not None and \
                phase_sort_key(change.phase) < phase_sort_key(f"N{night}"):
            faction = change.faction
    return faction


def _segment(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float, float,
                                                                        float]:
    """The arrow from a to b, both ends pulled in by `_RIM` so the names stay clear."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    return a[0] + ux * _RIM, a[1] + uy * _RIM, b[0] - ux * _RIM, b[1] - uy * _RIM


def _path(segments: list[tuple[float, float, float, float]], texts: list[str],
          ) -> dict[str, Any]:
    """x, y, marker sizes and hover texts of segments drawn as one trace: a hover point
    at each segment's middle, none at its ends."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    sizes: list[int] = []
    hover: list[str] = []
    for (x0, y0, x1, y1), text in zip(segments, texts, strict=True):
        xs += [x0, (x0 + x1) / 2, x1, None]
        ys += [y0, (y0 + y1) / 2, y1, None]
        sizes += [0, 9, 0, 0]
        hover += ["", text, "", ""]
    return {"x": xs, "y": ys, "sizes": sizes, "hover": hover}


def _describe(log: GameLog, name: dict[str, str], row: Any, to: str) -> str:
    what = f"{name.get(str(row.actor), str(row.actor))}: {ability_label(log, str(row.ability))}"
    text = f"{what} → {name.get(to, to)}"
    if isinstance(getattr(row, "resolved_target", None), str) and row.resolved_target != \
            row.target and isinstance(row.target, str):
        text += f" (sent to {name.get(str(row.target), str(row.target))})"
    if failed(row):
        reason = row.reason if isinstance(getattr(row, "reason", None), str) else "no reason"
        text += f"<br>FAILED ({row.status}): {reason}"
    return text


def visit_graph(log: GameLog, visits: pd.DataFrame, night: int) -> go.Figure:
    """Night `night`'s visits (a frame of `toolkit.metrics.visits`: submitted or resolved)
    as arrows between the players; the legend names each ability, and "failed" the moves
    that did not take place."""
    at = _circle(log)
    name = {s.id: s.name for s in log.players}
    rows = visits[visits.night == night]
    palette = ability_colours({int(str(n)): [str(a) for a in g.ability.dropna()]
                               for n, g in visits.groupby("night")}).get(night, {})
    fig = go.Figure()
    broken: list[tuple[float, float, float, float]] = []
    broken_text: list[str] = []
    order = sorted({str(a) for a in rows.ability.dropna()}, key=lambda a: ability_label(log, a))
    for ability in order:
        done: list[tuple[float, float, float, float]] = []
        done_text: list[str] = []
        for row in rows[rows.ability == ability].itertuples():
            to = row.resolved_target if "resolved_target" in rows and \
                isinstance(row.resolved_target, str) else row.target
            if row.actor not in at or to not in at:
                continue
            seg = _segment(at[str(row.actor)], at[str(to)])
            text = _describe(log, name, row, str(to))
            gone = failed(row)
            (broken if gone else done).append(seg)
            (broken_text if gone else done_text).append(text)
            colour = FAILED if gone else palette[ability]
            fig.add_annotation(x=seg[2], y=seg[3], ax=seg[0], ay=seg[1], xref="x", yref="y",
                               axref="x", ayref="y", showarrow=True, arrowhead=3,
                               arrowsize=1.2, arrowwidth=1 if gone else 2, arrowcolor=colour,
                               opacity=0.6 if gone else 1.0, text="")
        if not done:  # every move of it failed: drawn with the failed, no colour to show
            continue
        path = _path(done, done_text)
        fig.add_trace(go.Scatter(
            x=path["x"], y=path["y"], mode="lines+markers", name=ability_label(log, ability),
            line={"color": palette[ability], "width": 2},
            marker={"size": path["sizes"], "color": palette[ability]},
            hovertext=path["hover"], hoverinfo="text"))
    if broken:
        path = _path(broken, broken_text)
        fig.add_trace(go.Scatter(
            x=path["x"], y=path["y"], mode="lines+markers", name=FAILED_NAME,
            line={"color": FAILED, "width": 1.5, "dash": "dash"},
            marker={"size": path["sizes"], "color": FAILED, "symbol": "x"},
            hovertext=path["hover"], hoverinfo="text"))
    _players(fig, log, at, night)
    fig.update_layout(title=f"Night {night}: who visited whom", showlegend=True,
                      xaxis={"visible": False, "range": [-1.4, 1.4]},
                      yaxis={"visible": False, "range": [-1.3, 1.3], "scaleanchor": "x"},
                      legend={"title": {"text": "ability"}},
                      height=650, template="plotly_white")
    clear_of_modebar(fig)
    return fig


def _players(fig: go.Figure, log: GameLog, at: dict[str, tuple[float, float]],
             night: int) -> None:
    """The players' markers and names: the dead (announced before the night) grey, the
    living by their faction at the night; role and faction by name in the hover."""
    out = log.announced_out(f"N{night}")
    faction = {s.id: faction_at_night(log, s, night) for s in log.players}
    palette = faction_colours(faction.values(), log)

    def hover(s: Slot) -> str:
        role = role_label(log, s.role) or "role unknown"
        side = faction_label(log, faction[s.id]) or "faction unknown"
        return f"{s.name} ({role}, {side}){', dead' if s.id in out else ''}"

    for side in sorted({f or "unknown" for f in faction.values()}):  # the legend's colours
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", legendgroup="players",
                                 name=faction_label(log, side) or side,
                                 legendgrouptitle={"text": "players"},
                                 marker={"size": 12, "color": palette[side]}))
    if out:
        fig.add_trace(go.Scatter(x=[None], y=[None], mode="markers", name="dead",
                                 legendgroup="players", marker={"size": 12, "color": DEAD}))
    fig.add_trace(go.Scatter(
        x=[at[s.id][0] for s in log.players], y=[at[s.id][1] for s in log.players],
        mode="markers+text", text=[s.name for s in log.players],
        # each name outside the circle, where no arrow (a chord inside it) runs
        textposition=[outside(*at[s.id]) for s in log.players],
        textfont={"color": [DEAD_TEXT if s.id in out else "#222222" for s in log.players]},
        marker={"size": 14, "color": [DEAD if s.id in out else palette[faction[s.id] or
                                                                        "unknown"]
                                      for s in log.players],
                "line": {"width": 1, "color": "#333"}},
        name="players", showlegend=False, hovertext=[hover(s) for s in log.players],
        hoverinfo="text"))


def outside(x: float, y: float) -> str:
    """Plotly's text position for a name on the circle at (x, y): away from the centre."""
    vertical = "top" if y > 0.38 else "bottom" if y < -0.38 else "middle"
    across = "right" if x > 0.38 else "left" if x < -0.38 else "center"
    return f"{vertical} {across}" if (vertical, across) != ("middle", "center") else \
        "top center"


def game_visits(log: GameLog) -> pd.DataFrame:
    """The game's visits: resolved by the replay where the rule set has a night engine,
    else as the GM's log submitted them."""
    return resolved_visits(log) if has_night_engine(log) else submitted_visits(log)


def visit_graphs(log: GameLog, visits: pd.DataFrame | None = None) -> list[go.Figure]:
    """A visit graph for every night with a logged action, in order."""
    frame = game_visits(log) if visits is None else visits
    return [visit_graph(log, frame, int(n)) for n in sorted(frame.night.dropna().unique())]
