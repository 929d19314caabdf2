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
# # 05 · Information leaks
#
# Candidates for a human to review, never verdicts: each table is ranked by its `score`
# and says `why` a row is there. The registry lists every piece of private information
# (the GM's private results, each player's own role) with when it became private and when,
# if ever, public. Then: private text copied into the thread, a private fact named by
# someone else before it was public, a vote moved onto or off a subject soon after a
# private result about them, posts by dead players, hidden text, talk of channels outside
# the thread. Last, the GM's side: newspaper items the rules do not display, private results
# that say more than the role's answer.

# %% tags=["parameters"]
GAME = "../data/games/contested-island/expected.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit import load
from toolkit.metrics.gm_audit import excess_private, undisplayed_newspaper
from toolkit.metrics.leaks import channel_mentions, dead_posts, hidden_text, vote_switches
from toolkit.metrics.private_info import fact_mentions, private_registry, verbatim_copies
from toolkit.report_tables import table

game = load(GAME)
game

# %% [markdown]
# ## Private information and when it became public

# %%
table(private_registry(game.log), game.log)

# %% [markdown]
# ## Private text copied into the thread (5-word shingles)

# %%
table(verbatim_copies(game.log), game.log)

# %% [markdown]
# ## A private fact named by someone else while it was private

# %%
table(fact_mentions(game.log), game.log)

# %% [markdown]
# ## Votes moved onto or off a subject within a day of a private result about them

# %%
table(vote_switches(game.log), game.log)

# %% [markdown]
# ## Posts by dead players

# %%
table(dead_posts(game.log), game.log)

# %% [markdown]
# ## Hidden text and channels outside the thread

# %%
table(hidden_text(game.log), game.log)

# %%
table(channel_mentions(game.log), game.log)

# %% [markdown]
# ## The GM's side

# %%
table(undisplayed_newspaper(game.log), game.log)

# %%
table(excess_private(game.log), game.log)
