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
# # 04 · Night visits
#
# Who went to whom each night: the GM's action log re-played under the rule set, each
# visit marked as it resolved (taken, redirected to another, blocked, refused, stopped).
# A dashed grey arrow did not take place (its hover gives the engine's reason); the dead are
# grey. A game without a night action log has no graph.

# %% tags=["parameters"]
GAME = "../data/games/contested-island/expected.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
import pandas as pd

from toolkit import load
from toolkit.figures.nights import visit_graphs
from toolkit.metrics.visits import cumulative_graph, repeat_visits
from toolkit.report_tables import table

game = load(GAME)
game

# %%
visits = game.visits  # the replay's, worked out once
table(visits, game.log)

# %% [markdown]
# ## Each night

# %%
for figure in visit_graphs(game.log, visits):
    figure.show()

# %% [markdown]
# ## The same visit on several nights

# %%
table(repeat_visits(visits), game.log)

# %% [markdown]
# ## All nights together: visits per pair

# %%
table(pd.DataFrame(sorted(cumulative_graph(game.log, visits).edges(data="weight"),
                          key=lambda e: (-e[2], e[0], e[1])),
                   columns=["visitor", "visited", "visits"]), game.log)
