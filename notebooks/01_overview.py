# ---
# jupyter:
#   jupytext:
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 01 · Overview
#
# The game at a glance: who played what and how it ended for them, the days and nights
# with their deaths, and how much each player posted. (The review that opens a report,
# with every disputed result of the GM's: `toolkit.report_review.show_review(game)`.)

# %% tags=["parameters"]
GAME = "../data/games/contested-island/expected.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
import pandas as pd

from toolkit import load
from toolkit.report_tables import table

game = load(GAME)
game

# %% [markdown]
# ## Days and nights

# %%
table(pd.DataFrame(game.summary.as_dict()["phases"]), game.log)

# %% [markdown]
# ## Posts per phase and author

# %%
table(game.posts.pivot_table(index="author", columns="phase", values="number",
                             aggfunc="count", fill_value=0, sort=False), game.log)

# %% [markdown]
# ## Activity
#
# Posts and words per player per day (`lurk`: 1 - posts / the living players' mean that
# day), the lurk index over the game, the longest silences, and when each player posts.

# %%
from toolkit.figures.activity import activity_heatmap
from toolkit.metrics.activity import daily_activity, hour_heatmap, longest_silence, lurk_index

table(daily_activity(game.log).pivot_table(index="slot", columns="day", values="posts",
                                           fill_value=0), game.log)

# %%
table(lurk_index(game.log).sort_values("lurk", ascending=False), game.log)

# %%
table(longest_silence(game.log).sort_values("hours", ascending=False), game.log)

# %%
activity_heatmap(hour_heatmap(game.log))
