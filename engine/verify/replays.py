"""The replays verify asks of one game: one per reading of the rules (the chosen one, and
each option of each ruling tried against a finding), all sharing the phases they can
(`engine.replay.Shared`: a phase is worked out again only under a reading that differs in a
ruling it read)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.gamelog import GameLog
from engine.replay import Replay, Shared


class Replays:
    def __init__(self, log: GameLog) -> None:
        self.log = log
        self._shared = Shared()
        self._by: dict[tuple[tuple[str, str], ...], Replay] = {}

    def under(self, rulings: Mapping[str, str] | None) -> Replay:
        """The replay of the game under `rulings` (over the log's own)."""
        key = tuple(sorted((rulings or {}).items()))
        found = self._by.get(key)
        if found is None:
            found = self._by[key] = Replay(self.log, rulings, shared=self._shared)
        return found
