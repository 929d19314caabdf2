"""mafiakit toolkit: games as DataFrames, analysis, plots, the command line.

>>> from toolkit import load
>>> game = load("data/sample/harbour-mini.json")  # doctest: +SKIP
>>> game.votes.head()                              # doctest: +SKIP
"""

from toolkit.game import Game, load

__all__ = ["Game", "load"]
