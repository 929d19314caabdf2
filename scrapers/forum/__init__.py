"""Forum engines: detect the engine of a saved thread page and split it into posts.

One module per engine family in `scrapers.forum.engines`, each holding its selectors as data
(`EngineSpec`) and only the code its engine's oddities need.
"""
