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
# # 03 · Voting blocs
#
# Who votes with whom, from the day engine's standing votes (so what counts as a vote is
# the rule set's): how often two players' final votes agree, how long their votes stood on
# the same wagon, whom each voted; the communities Louvain finds in that, and how the true
# factions vote: their modularity, their cohesion (Rice index), how often scum vote scum.
#
# How to read it: a pair metric runs from 0 (never together) to 1 (always together); the
# signed agreement from -1 (always on each other) to 1. The heatmaps order the players by
# community, then faction; a frame marks each community, the faction is the colour of the
# name and of the squares on the edges (its later changes are in the hover). The network
# keeps one layout for the whole game: move the slider to change the day; grey players
# were dead when the day began, a big dark arrow is a final vote. Every faction metric is
# compared with a null model that shuffles the faction labels among the living players of
# each day: a small `p_value` means the factions vote unlike random groups of the same
# sizes. A game whose slots have no faction shows one group, "unknown", and no scum.

# %% tags=["parameters"]
GAME = "../data/games/contested-island/expected.json"
RUNS = 200  # draws of the null model (1000 for a closer p-value)
SEED = 0  # the null model's and Louvain's seed

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit import load
from toolkit.factions import scum_factions
from toolkit.labels import faction_label
from toolkit.figures.blocs import coassignment_heatmap, covote_heatmap, vote_network
from toolkit.metrics.blocs import co_wagon_overlap_game, final_agreement, signed_agreement
from toolkit.metrics.communities import (
    coassignment,
    community_sweep,
    covote_graph,
    faction_modularity,
)
from toolkit.metrics.nulls import (
    faction_modularity_by_day,
    faction_nulls,
    pooled,
    rice_index,
    scum_on_scum,
)
from toolkit.report_tables import number_text, record, say, table

game = load(GAME)
game

# %%
results = game.results
scum = scum_factions(game.log)
say("Scum factions: " + (", ".join(faction_label(game.log, f) for f in scum) or "none"))

# %% [markdown]
# ## Who votes with whom
#
# Final-vote agreement: of the days both had a vote standing at the end, the share on the
# same target. Co-wagon overlap: of the minutes both had a vote standing, the share on the
# same target. Signed agreement: +1 a day on the same target, -1 a day one stood on the
# other, over the days both lived to the end. The closest pairs first.

# %%
agreement = final_agreement(game.log, results)
table(agreement.sort_values(["agreement", "days_both"], ascending=False), game.log)

# %%
overlap = co_wagon_overlap_game(game.log, results)
table(overlap.sort_values("overlap", ascending=False), game.log)

# %%
signed = signed_agreement(game.log, results)
table(signed.sort_values("signed"), game.log)

# %% [markdown]
# ## Co-voting heatmaps

# %%
covote_heatmap(game.log, agreement, "agreement", seed=SEED)

# %%
covote_heatmap(game.log, overlap, "overlap", seed=SEED)

# %%
covote_heatmap(game.log, signed, "signed", seed=SEED)

# %% [markdown]
# ## The vote network, day by day

# %%
vote_network(game.log, results, seed=SEED)

# %% [markdown]
# ## Louvain communities of the co-wagon graph
#
# Louvain over several resolutions (higher: more, smaller communities) and seeds. The
# first table counts the communities each run found; the co-assignment matrix gives, for
# each pair, the share of runs that put them together: a stable bloc is a dark block.

# %%
graph = covote_graph(game.log, overlap, "overlap")
sweep = community_sweep(graph)
table(sweep.drop_duplicates(["resolution", "seed"]).pivot(index="seed", columns="resolution",
                                                          values="communities"))

# %%
coassignment_heatmap(game.log, coassignment(sweep))

# %% [markdown]
# ## Factions: modularity, cohesion, scum on scum
#
# Faction modularity of the co-wagon graph, then of each day's vote graph (positive: the
# factions vote within themselves more than chance would put their votes; negative:
# across). The Rice index of a faction on a day: 1 when all its voters' final votes stand
# on one target, 0 when all differ.

# %%
say(f"Faction modularity of the co-wagon graph: {number_text(faction_modularity(graph))}")

# %%
table(faction_modularity_by_day(game.log, results), game.log)

# %%
table(rice_index(game.log, results).pivot(index="faction", columns="day", values="rice"),
      game.log)

# %% [markdown]
# Scum-on-scum: of the votes scum cast on players, the share on scum, and the share
# expected had each picked a living player at random (`baseline`); per day, then pooled.

# %%
per_day = scum_on_scum(game.log, results, scum=scum)
table(per_day, game.log)

# %%
record(pooled(per_day), caption="Pooled over the game")

# %% [markdown]
# ## Against the null model
#
# Each faction metric under `RUNS` within-day shuffles of the faction labels: `percentile`
# of the observed value among the shuffles, two-sided `p_value`. Rows with an empty `day`
# are the whole game.

# %%
table(faction_nulls(game.log, results, runs=RUNS, seed=SEED, scum=scum), game.log, digits=3)
