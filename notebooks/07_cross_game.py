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
# # 07 · Cross-game research: where the mafia sit on the wagons that eliminate
#
# Over the games of the corpus store (the first `LIMIT` of rule set `RULESET`, in game-id
# order; `None`: all of them), each game's *final wagons* are taken: the wagons that were
# hammered or that eliminated their target. For each faction group (scum: the mafia;
# town), the tables compare what happened with chance:
#
# - `on_wagon`: how often a living member of the group ends on the final wagon;
# - `share`: the group's share of the seats on final wagons;
# - `terminal`: the mean terminal position over the wagon's size (1: the last to join,
#   usually the hammerer); `entry`: how complete the wagon was when the seat's vote
#   joined it (entry position over the votes needed);
# - `hammer`: the group's share of the hammers;
# - `scum_on_scum`: the share of the mafia's votes that landed on a teammate.
#
# Chance is the within-day slot-shuffle null model: each day's faction labels permuted
# among that day's living slots (1000 draws per game). `null_mean` and `null_sd` describe
# the draws, `percentile` places the observed value among them (50: as chance; near 0 or
# 100: unusual), `p_value` is two-sided. Pooled rows sum the counts over the games first.
# The scope "not last day" leaves out each game's final day, when a lynch decides the game.
#
# **The store.** The notebook reads no game log: `mafiakit corpus` stored, with every game,
# what the research needs of it (each day's living slots and counted votes, the factions,
# the seats of the final wagons; `toolkit.research_tables`). Build it once, from the
# project's folder (about a minute on two cores for the 98 corpus games; a re-run only
# reads what changed):
#
# ```
# mafiakit corpus $MAFIAKIT_SHARED/corpus/mafiascum --db corpus.duckdb --workers 2
# ```
#
# `STORE` names the store; by default `$MAFIAKIT_STORE`, else `corpus.duckdb` in the
# project's folder (`toolkit.store.default_store`). The numbers are the same as when each
# game log is read and counted again (`toolkit.research.cross_game`, much slower).
#
# **Compared with the Computational-Mafia "vca" study.** That project (the "Great Vote
# Count Analysis" of mafiascum games; its write-up on hammered wagons and slot factions)
# labelled every vote on a day's hammered wagon as mafia or town and set the mafia
# proportion against a null made by shuffling slot factions. Leaving out the days that
# end a game, it found mafia on hammered wagons at a rate somewhat lower than chance, a
# small effect, with mafia keeping off wagons on town later in the game, sitting more on
# wagons on their own teammates, and hammering a teammate a little more often than
# chance; on the final day the pattern turns round.
#
# The figures that follow are from all 98 corpus games (`LIMIT = None`, or
# `python -m toolkit.research --db corpus.duckdb`); this table agrees with the study on the
# headline: excluding the last day, the mafia hold 23.0 % of final-wagon seats against
# 24.6 % under the null (percentile 0.8, p ≈ 0.02), and a living mafioso ends on the final
# wagon 52.8 % of the time against 56.7 %; with every day included the gap narrows
# (24.2 % against 25.1 %, p ≈ 0.16), as the study's reversal on final days would predict.
# When mafia are on the wagon they sit later than chance (terminal 0.63 against 0.60,
# entry 0.66 against 0.64) and cast 29 % of the hammers against 26 % (not significant).
# Scum-on-scum votes: 18.3 % of the mafia's votes against 18.0 % under the shuffle and
# 17.1 % for random voters. With a `LIMIT`, the tables below are for that many games
# only; a handful of games is far too few to see an effect this small.
#
# Without the store, the notebook says how to build it and shows nothing.

# %% tags=["parameters"]
STORE = None  # None: toolkit.store.default_store()
RULESET = "mafiascum"
LIMIT = None

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit.research import null_figure
from toolkit.research_tables import cross_game_store

result = cross_game_store(STORE, ruleset=RULESET, limit=LIMIT)
print(result.source)

# %% [markdown]
# ## Pooled over the games

# %%
result.pooled

# %% [markdown]
# ## The mafia's votes on each other, against random voters
#
# `expected` is the number of votes on a teammate if each mafioso had voted uniformly
# among the other living slots; `baseline` = expected / votes.

# %%
result.scum_rates

# %% [markdown]
# ## Per game: the mafia's share of the final-wagon seats
#
# A single game has few seats: the null's spread is wide and no game says much alone.

# %%
result.per_game[(result.per_game.metric == "share") & (result.per_game.group == "scum")]

# %% [markdown]
# ## Observed against the null, per faction
#
# The histograms are the pooled null draws of `on_wagon` for each group, the vertical
# lines the observed values.

# %%
null_figure(result)

# %% [markdown]
# ## The mafia on the wagons that eliminate: the vca study's charts
#
# The share of mafia among the voters on each day's final wagon (those still on it at the
# hammer), against the same kind of null as the study's: the factions at the day's start
# shuffled among the slots alive when the day was decided, the eliminated slot's faction
# kept, so that each panel (town eliminated, mafia eliminated) compares like with like.
# The grey bars are the null's mean and its 5–95 % band, the red line the observed share.
# Every panel gives its n; a bin with fewer than 30 seats is not drawn, and its panel
# names it with its n. The days that end a game are apart: there the mafia vote to win.

# %%
from toolkit.figures.research import (
    day_share_figure,
    distance_share_figure,
    entry_share_figure,
)
from toolkit.research_tables import wagon_shares_store

shares = wagon_shares_store(STORE, ruleset=RULESET, limit=LIMIT)
print(shares.source)
day_share_figure(shares)

# %% [markdown]
# By entry position: the first voter to join the wagon, the second, ... (among those
# still on it at the hammer), on the days that did not end the game.

# %%
entry_share_figure(shares)

# %% [markdown]
# By distance from the hammer: the hammerer, the voter before, ... (hammered wagons).

# %%
distance_share_figure(shares)

# %% [markdown]
# The numbers behind the charts, one row per bin (`observed` against `null_mean`,
# `null_lo`–`null_hi`, `p_value`):

# %%
shares.table
