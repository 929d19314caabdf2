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
# with their deaths, how much was posted, and what checking the GM's results found.

# %% tags=["parameters"]
GAME = "../data/games/contested-island/expected.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
import pandas as pd

from toolkit import load

game = load(GAME)
game

# %% [markdown]
# ## Days and nights

# %%
pd.DataFrame(game.summary.as_dict()["phases"])

# %% [markdown]
# ## Posts per phase and author

# %%
game.posts.pivot_table(index="author", columns="phase", values="number", aggfunc="count",
                       fill_value=0)

# %% [markdown]
# ## The GM's results, checked
#
# Each day re-counted and each night re-played under the rule set; `disputed` rows carry
# the chain of events behind the result the rules give.

# %%
game.findings.groupby(["phase", "status"], sort=False).size().unstack(fill_value=0)

# %%
game.findings[game.findings.status != "confirmed"]

# %% [markdown]
# ## Activity
#
# Posts and words per player per day (`lurk`: 1 - posts / the living players' mean that
# day), the lurk index over the game, the longest silences, and when each player posts.

# %%
from toolkit.figures.activity import activity_heatmap
from toolkit.metrics.activity import daily_activity, hour_heatmap, longest_silence, lurk_index

daily_activity(game.log).pivot_table(index="slot", columns="day", values="posts", fill_value=0)

# %%
lurk_index(game.log).sort_values("lurk", ascending=False)

# %%
longest_silence(game.log).sort_values("hours", ascending=False).head(10)

# %%
activity_heatmap(hour_heatmap(game.log))
