"""The registered engine families, tried in this order by `scrapers.forum.page.detect`.

Order matters where engines copy each other's markup: phpBB is tried before Forumotion
(whose skins imitate phpBB, so phpBB's detection refuses Forumotion's markers), MyBB before
mybb.ru (a PunBB descendant despite the name).
"""

from __future__ import annotations

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import (
    discourse,
    flarum,
    forumotion,
    invision,
    mybb,
    mybbru,
    nodebb,
    phpbb,
    smf,
    ucoz,
    vbulletin,
    xenforo,
)

_ADAPTERS: tuple[EngineAdapter, ...] = (
    phpbb.ADAPTER, invision.ADAPTER, vbulletin.ADAPTER, xenforo.ADAPTER, smf.ADAPTER,
    mybb.ADAPTER, mybbru.ADAPTER, ucoz.ADAPTER, forumotion.ADAPTER,
    discourse.ADAPTER, nodebb.ADAPTER, flarum.ADAPTER,
)
FAMILIES = tuple(a.family for a in _ADAPTERS)


def adapters() -> tuple[EngineAdapter, ...]:
    """Every engine family's adapter, in detection order."""
    return _ADAPTERS
