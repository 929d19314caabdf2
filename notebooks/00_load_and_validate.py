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
#   mafiakit:
#     report: appendix
# ---

# %% [markdown]
# # 00 · Load and validate a game log
#
# Loads one game log and shows the game card, the parse issues and every view of the game
# as the toolkit holds it (ids as the log writes them): the raw material of the other
# notebooks, and the report's appendix.

# %% tags=["parameters"]
GAME = "../data/sample/island-mini.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit import load
from toolkit.report_tables import listing, table

game = load(GAME)
game

# %% [markdown]
# ## Parse issues

# %%
listing(str(issue) for issue in game.log.issues)

# %% [markdown]
# ## Views

# %%
table(game.slots, caption="Slots")

# %%
table(game.posts[["number", "author", "slot", "phase", "time", "gm", "words"]],
      caption="Posts")

# %%
table(game.votes, caption="Votes")

# %%
table(game.actions, caption="Actions")

# %%
table(game.published, caption="What the GM published")
