"""The registered engine families, tried in this order by `scrapers.forum.page.detect`.

Order matters where engines copy each other's markup: phpBB is tried before Forumotion
(whose skins imitate phpBB, so phpBB's detection refuses Forumotion's markers), MyBB before
mybb.ru (a PunBB descendant despite the name), mybb.ru before FluxBB/punBB (whose
detection refuses what mybb.ru's claims).
"""

from __future__ import annotations

from scrapers.forum.adapter import EngineAdapter
from scrapers.forum.engines import (
    asgaros,
    bbpress,
    discourse,
    discuz,
    flarum,
    fluxbb,
    forumotion,
    invision,
    kunena,
    misago,
    mybb,
    mybbru,
    nodebb,
    phpbb,
    simplepress,
    smf,
    ubbthreads,
    ucoz,
    vanilla,
    vbulletin,
    woltlab,
    wpforo,
    xenforo,
)

_ADAPTERS: tuple[EngineAdapter, ...] = (
    phpbb.ADAPTER, invision.ADAPTER, vbulletin.ADAPTER, xenforo.ADAPTER, smf.ADAPTER,
    mybb.ADAPTER, mybbru.ADAPTER, ucoz.ADAPTER, forumotion.ADAPTER, fluxbb.ADAPTER,
    vanilla.ADAPTER, woltlab.ADAPTER,
    # the WordPress forum plugins: each demands its own post markup, so their order among
    # themselves and the others does not matter
    bbpress.ADAPTER, wpforo.ADAPTER, simplepress.ADAPTER, asgaros.ADAPTER,
    discuz.ADAPTER, misago.ADAPTER, kunena.ADAPTER, ubbthreads.ADAPTER,
    discourse.ADAPTER, nodebb.ADAPTER, flarum.ADAPTER,
)
FAMILIES = tuple(a.family for a in _ADAPTERS)


def adapters() -> tuple[EngineAdapter, ...]:
    """Every engine family's adapter, in detection order."""
    return _ADAPTERS
