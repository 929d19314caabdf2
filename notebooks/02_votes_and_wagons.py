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
# # 02 · Votes and wagons
#
# How each day's vote went, from the day engine's own count under the game's rule set
# (what counts as a vote, when it stops standing): the standing votes after each post that
# changed them, the votes on each target over the day, how far each wagon was from its
# target's threshold (L-n), the hammers, who joined each wagon in what order, who moved
# their vote where, and how long each player took to cast a first vote.
#
# Reading the charts: in the step chart a line is a target (its weighted total at the end,
# with its voters when they differ), the dashed line the day's threshold (the majority, or
# on a day decided by plurality the most votes at the close, as the title says), a star the
# hammer (its hover names the hammerer). In the wagon raster a row is a wagon, the first-started on top, a mark a
# voter's entry labelled with its place on the wagon and coloured by the voter's faction;
# an open mark left the wagon later. In the Sankey a link runs from a voter's previous
# target (or "no vote") to the next.

# %% tags=["parameters"]
GAME = "../data/games/contested-island/expected.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit import load
from toolkit.figures.votes import vote_count_charts, vote_flow_sankeys, wagon_rasters
from toolkit.metrics.votes import (
    first_vote_latency,
    hammers,
    l_minus_n,
    standing_votes,
    vote_switches,
)
from toolkit.metrics.wagons import (
    hammer_distance,
    terminal_positions,
    wagon_completion,
    wagon_entries,
)
from toolkit.report_tables import table

game = load(GAME)
results = game.results  # each day re-counted (a log without votes: read from its posts)
game

# %% [markdown]
# ## Standing votes
#
# The votes standing after each post that changed them (a row per voter); here each day's
# last change: the votes as the day closed, or at its hammer (a row a voter, a column a day,
# the target voted; empty: no vote standing).

# %%
standing = standing_votes(game.log, results)
final = standing[standing.post == standing.groupby("day").post.transform("max")]
table(final.dropna(subset=["voter"]).pivot(index="voter", columns="day", values="target"),
      game.log)

# %% [markdown]
# ## Votes on each target, day by day

# %%
for figure in vote_count_charts(game.log, results):
    figure.show()

# %% [markdown]
# ## L-n
#
# How many votes each wagon was short of what its target needed after each change (0 or
# less: the hammer). Empty for a game whose days are decided by plurality.

# %%
table(l_minus_n(game.log, results), game.log)

# %% [markdown]
# ## Hammers
#
# The vote that brought a wagon to its threshold, and who cast it. No row for a day that
# ended at the deadline.

# %%
table(hammers(game.log, results), game.log)

# %% [markdown]
# ## Wagons
#
# Each entry onto a wagon with its position (1: started it; a voter coming back is a new
# entry, at the back).

# %%
for figure in wagon_rasters(game.log, results):
    figure.show()

# %%
table(wagon_entries(game.log, results), game.log)

# %% [markdown]
# Where the voters still on each wagon at the end of the round stood in it, and for the
# hammered wagons how many votes before the hammer each of them came (0: the hammerer).

# %%
table(terminal_positions(game.log, results), game.log)

# %%
table(hammer_distance(game.log, results), game.log)

# %% [markdown]
# How close each wagon came to its threshold (percent of the votes its target needed; days
# decided by a majority only): each wagon's highest.

# %%
table(wagon_completion(game.log, results).groupby(["day", "target"]).percent.max()
      .unstack("day"), game.log, digits=0)

# %% [markdown]
# ## Vote switches and the flow of votes
#
# A voter's own moves off a target: onto another (`switch`) or onto none (`unvote`). The
# Sankeys also show first votes (from "no vote") and votes removed by the GM or a death.

# %%
table(vote_switches(game.log, results), game.log)

# %%
for figure in vote_flow_sankeys(game.log, results):
    figure.show()

# %% [markdown]
# ## First-vote latency
#
# Minutes from the day's start to each player's first vote that day (empty: never voted).

# %%
latency = first_vote_latency(game.log, results)
table(latency.pivot_table(index="voter", columns="day", values="minutes"), game.log, digits=0)

# %%
table(latency.groupby("day").agg(voted=("voted", "sum"), median_minutes=("minutes", "median")),
      digits=0)
