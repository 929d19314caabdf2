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
# # 00 · Load and validate a game log
#
# Loads one game log, shows the game card, the parse issues and the first rows of every view.

# %% tags=["parameters"]
GAME = "../data/sample/island-mini.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit import load

game = load(GAME)
game

# %% [markdown]
# ## Parse issues

# %%
[str(issue) for issue in game.log.issues]

# %% [markdown]
# ## Views

# %%
game.slots

# %%
game.posts[["number", "author", "slot", "phase", "time", "gm", "words"]].head(10)

# %%
game.votes

# %%
game.actions

# %%
game.published
