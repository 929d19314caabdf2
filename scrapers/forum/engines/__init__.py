"""The registered engine families, tried in this order by `scrapers.forum.detect`."""

from __future__ import annotations

import importlib

from scrapers.forum.adapter import EngineAdapter

FAMILIES = ("phpbb", "invision", "vbulletin", "xenforo", "smf", "mybb", "mybbru", "ucoz",
            "forumotion")


def adapters() -> tuple[EngineAdapter, ...]:
    """Every engine module's ADAPTER, in detection order."""
    found: list[EngineAdapter] = []
    for family in FAMILIES:
        try:
            module = importlib.import_module(f"scrapers.forum.engines.{family}")
        except ModuleNotFoundError as exc:
            if exc.name != f"scrapers.forum.engines.{family}":
                raise
            continue
        found.append(module.ADAPTER)
    return tuple(found)
