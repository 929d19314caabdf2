"""mafiakit engine: the game-log format, rule sets, day and night resolution, verification.

Imports neither `scrapers` nor `toolkit`.
"""
