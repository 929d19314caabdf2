"""Activity: posts per slot by hour of day, as a heatmap."""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go

from toolkit.figures.style import clear_of_modebar


def activity_heatmap(hours: pd.DataFrame, title: str = "Posts by hour of day") -> go.Figure:
    """`hours`: `toolkit.metrics.activity.hour_heatmap` (slot, hour, posts); slots in their
    order there, hours 0-23."""
    slots = list(dict.fromkeys(hours.slot))
    table = hours.pivot_table(index="slot", columns="hour", values="posts", aggfunc="sum",
                              fill_value=0).reindex(index=slots, columns=range(24),
                                                    fill_value=0)
    fig = go.Figure(go.Heatmap(z=table.to_numpy(), x=list(range(24)), y=slots,
                               colorscale="Blues", hovertemplate="%{y}, %{x}:00: %{z} posts"
                               "<extra></extra>"))
    fig.update_layout(title=title, xaxis_title="hour", yaxis={"autorange": "reversed"},
                      height=max(300, 22 * len(slots) + 120), template="plotly_white")
    clear_of_modebar(fig)
    return fig
