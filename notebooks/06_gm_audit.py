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
# # 06 · GM audit
#
# Every result the GM published, checked under the written rules: each day re-counted,
# each running vote count compared with the standing votes at its post, each night
# re-played. A disputed result comes with the chain of events that gives the rules' result
# (one step a line); a ruling-dependent one with what each reading of an open rule gives.

# %% tags=["parameters"]
GAME = "../data/games/contested-island/gm-mistakes/expected.json"

# %%
from toolkit.renderers import use_renderers; use_renderers()  # charts in Lab and in HTML exports
from toolkit import load
from toolkit.report_tables import table

game = load(GAME)
game

# %% [markdown]
# ## Summary

# %%
table(game.findings.status.value_counts())

# %% [markdown]
# ## Disputed and uncertain results, with their chains

# %%
table(game.findings[game.findings.status != "confirmed"], game.log)

# %% [markdown]
# ## What the GM showed that the rules keep hidden
#
# Newspaper facts the rule set does not display, private results that carry more than the
# role's answer (ranked candidates; `toolkit.metrics.gm_audit`).

# %%
from toolkit.metrics.gm_audit import excess_private, undisplayed_newspaper

table(undisplayed_newspaper(game.log), game.log)

# %%
table(excess_private(game.log), game.log)

# %% [markdown]
# ## Every finding

# %%
table(game.findings, game.log)
