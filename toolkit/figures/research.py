"""Charts of the cross-game research (notebook 07), those of the Computational-Mafia "vca"
study: the mafia's share of the wagons that eliminate, by day, by entry position and by
distance from the hammer, each against the shuffled-faction null
(`toolkit.research_tables.wagon_shares`).

Every panel says its sample size in its title (wagons and seats, or entries); a bin with
fewer than `min_seats` seats is not drawn, and the panel lists it with its n, so that an
empty stretch of a chart never passes for a lack of effect. The null is drawn as its mean
with its band (the `band` percentiles of its draws) as error bars; the observed share as a
line in the mafia's colour."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from toolkit.figures.style import faction_colours
from toolkit.research_tables import ELIMINATED, FINAL, NO_HAMMER, WagonShares

MIN_SEATS = 30  # below this many seats a bin's share is too noisy to draw
NULL_COLOUR = "#7f7f7f"
_TARGET = {"any": "any slot eliminated", "town": "town eliminated",
           "scum": "mafia eliminated"}
_X = {"day": "day", "entry": "entry position on the wagon (1: the first to join)",
      "distance": "joins before the hammer"}
_WHAT = {"day": "by day", "entry": "by entry position",
         "distance": "by distance from the hammer (hammered wagons)"}


def day_share_figure(shares: WagonShares, *, finals: Sequence[str] = FINAL,
                     min_seats: int = MIN_SEATS) -> go.Figure | None:
    """The mafia's share of the final wagons day by day (x: the day number), one panel per
    eliminated slot's faction (any, town, mafia) and per `finals` (the days that did not
    end the game, those that did); None when no game was read."""
    return _figure(shares, "day", finals, min_seats)


def entry_share_figure(shares: WagonShares, *, finals: Sequence[str] = FINAL[:1],
                       min_seats: int = MIN_SEATS) -> go.Figure | None:
    """The mafia's share of the n-th voter to join the final wagons (among those still on
    it at its end), one panel per eliminated slot's faction and per `finals` (by default
    the days that did not end the game, as the vca study); None when no game was read."""
    return _figure(shares, "entry", finals, min_seats)


def distance_share_figure(shares: WagonShares, *, finals: Sequence[str] = FINAL[:1],
                          min_seats: int = MIN_SEATS) -> go.Figure | None:
    """The mafia's share of the seats of the hammered wagons by how many joins before the
    hammer they came (x: "hammer", "hammer-1", ...), panels as `entry_share_figure`; None
    when no game was read."""
    return _figure(shares, "distance", finals, min_seats)


def _figure(shares: WagonShares, by: str, finals: Sequence[str], min_seats: int
            ) -> go.Figure | None:
    if not shares.games:
        return None
    table = shares.table[shares.table["by"] == by]
    panels = [(final, group) for final in finals for group in ELIMINATED]
    titles = [_panel_title(table, by, final, group, min_seats) for final, group in panels]
    fig = make_subplots(rows=len(finals), cols=len(ELIMINATED), shared_yaxes=True,
                        subplot_titles=titles, vertical_spacing=0.25 if len(finals) > 1
                        else 0.1)
    mafia = faction_colours(["mafia"])["mafia"]
    for i, (final, group) in enumerate(panels):
        row, col = i // len(ELIMINATED) + 1, i % len(ELIMINATED) + 1
        rows = table[(table["final"] == final) & (table["eliminated"] == group)]
        shown = rows[rows["seats"] >= min_seats]
        first = i == 0
        fig.add_trace(go.Scatter(
            x=list(shown["x"]), y=list(shown["null_mean"]), mode="markers",
            marker={"color": NULL_COLOUR, "symbol": "line-ew-open", "size": 14},
            error_y={"type": "data", "array": list(shown["null_hi"] - shown["null_mean"]),
                     "arrayminus": list(shown["null_mean"] - shown["null_lo"]),
                     "color": NULL_COLOUR, "thickness": 2, "width": 6},
            name=f"null: mean and {_band(shares)} band", legendgroup="null",
            showlegend=first, hovertext=_hover(shown, by, null=True), hoverinfo="text"),
            row=row, col=col)
        fig.add_trace(go.Scatter(
            x=list(rows["x"]), y=_gapped(rows, min_seats, "observed"),
            mode="lines+markers", marker={"color": mafia, "size": 8},
            line={"color": mafia}, name="observed mafia share", legendgroup="observed",
            showlegend=first, hovertext=_gapped_hover(rows, min_seats, by),
            hoverinfo="text"), row=row, col=col)
        fig.update_xaxes(title_text=_X[by], row=row, col=col, **_ticks(rows, by))
    fig.update_yaxes(title_text="mafia share of the seats", col=1)
    fig.update_yaxes(rangemode="tozero")
    left = "; ".join(f"{k}: {v}" for k, v in shares.left_out.items()
                     if v and (by == "distance" or k != NO_HAMMER))
    top, bottom = 230, 130
    height = 420 * len(finals) + top + bottom
    notes = [f"null: factions shuffled among the living, the eliminated slot kept "
             f"({shares.runs} draws, seed {shares.seed}); bins with fewer than {min_seats} "
             "seats not drawn", *([f"left out: {left}"] if left else [])]
    # the notes in an annotation of their own: a title of several lines overlaps the
    # panels' titles, whatever its anchor
    fig.add_annotation(text="<br>".join(notes), xref="paper", yref="paper", x=0, y=1,
                       xanchor="left", yanchor="bottom", yshift=95, showarrow=False,
                       align="left", font={"size": 12, "color": "#444444"})
    fig.update_layout(
        title={"text": f"Mafia on the wagons that eliminate, {_WHAT[by]}: {shares.games} "
               f"games, {shares.wagons} wagons", "y": 1 - 20 / height, "yanchor": "top",
               "x": 0.01, "xanchor": "left"},
        margin={"t": top, "b": bottom}, template="plotly_white", height=height,
        legend={"orientation": "h", "y": -100 / (height - top - bottom)})
    return fig


def _band(shares: WagonShares) -> str:
    lo, hi = shares.band
    return f"{lo:g}–{hi:g}%"


def _panel_title(table: pd.DataFrame, by: str, final: str, group: str, min_seats: int
                 ) -> str:
    """The panel's subject, its n, and the bins it leaves out with theirs."""
    rows = table[(table["final"] == final) & (table["eliminated"] == group)]
    if by == "day":
        n = f"n = {int(rows['wagons'].sum())} wagons, {int(rows['seats'].sum())} seats"
    else:
        # every wagon has a first voter (and a hammered one a hammerer): the bin x = 1
        # (entry) or 0 (distance) counts the wagons
        base = rows[rows["x"] == (1 if by == "entry" else 0)]
        n = f"n = {int(rows['seats'].sum())} entries, {int(base['wagons'].sum())} wagons"
    note = _not_drawn(rows, by, min_seats)
    small = f"<br><span style='font-size:10px;color:#555555'>{note}</span>" if note else ""
    return f"{_TARGET[group]}, {final}<br>{n}{small}"


def _gapped(rows: pd.DataFrame, min_seats: int, column: str) -> list[Any]:
    """The column's values, None where a bin is too small, so that the line breaks there
    rather than joining its neighbours over it."""
    return [v if n >= min_seats else None
            for v, n in zip(rows[column], rows["seats"], strict=True)]


def _label(by: str, x: int) -> str:
    if by == "distance":
        return "hammer" if x == 0 else f"hammer-{x}"
    return f"{'day' if by == 'day' else 'entry'} {x}"


def _hover(rows: pd.DataFrame, by: str, *, null: bool = False) -> list[str]:
    out = []
    for r in rows.to_dict("records"):
        if null:
            out.append(f"{_label(by, int(r['x']))}: null mean {r['null_mean']:.3f}, band "
                       f"{r['null_lo']:.3f}–{r['null_hi']:.3f} ({r['runs']} draws)")
        else:
            out.append(f"{_label(by, int(r['x']))}: {r['mafia']} mafia of {r['seats']} "
                       f"seats ({r['observed']:.3f}) on {r['wagons']} wagons of "
                       f"{r['games']} games; percentile {r['percentile']:.1f}, "
                       f"p = {r['p_value']:.3f}")
    return out


def _gapped_hover(rows: pd.DataFrame, min_seats: int, by: str) -> list[str | None]:
    return [h if n >= min_seats else None
            for h, n in zip(_hover(rows, by), rows["seats"], strict=True)]


def _not_drawn(rows: pd.DataFrame, by: str, min_seats: int) -> str:
    if rows.empty:
        return "no wagons"
    small = rows[rows["seats"] < min_seats]
    if small.empty:
        return ""
    listed = ", ".join(f"{_label(by, int(x))} (n = {int(n)})"
                       for x, n in zip(small["x"], small["seats"], strict=True))
    return f"not drawn (fewer than {min_seats} seats): " + _wrapped(listed)


def _wrapped(text: str, width: int = 40) -> str:
    lines: list[str] = []
    for part in text.split(", "):
        if lines and len(lines[-1]) + len(part) + 2 <= width:
            lines[-1] += ", " + part
        else:
            lines.append(part)
    return "<br>".join(lines)


def _ticks(rows: pd.DataFrame, by: str) -> dict[str, Any]:
    xs = sorted(int(x) for x in rows["x"])
    if by == "distance":
        return {"tickmode": "array", "tickvals": xs, "ticktext": [_label(by, x) for x in xs],
                "autorange": "reversed"}  # the hammer at the right, as the wagon grows
    return {"tickmode": "array", "tickvals": xs, "ticktext": [str(x) for x in xs]}
