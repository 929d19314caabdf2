"""The rulings the GM's own rules state, as the scrape recorded them: a ruling the GM wrote
down ("If a majority is not reached by deadline, the player with the most votes is lynched")
is a fact of the game, so verify does not try its other options. A finding the stated
reading disputes is `disputed`, not `ruling-dependent` on a reading the GM ruled out.

The scrape sets the option in `meta.rulings` and records the statement as an issue of code
`house-rule` whose message begins "<key>=<option>," (`scrapers.house_rules`,
`scrapers.stated_thresholds`); a statement counts while `meta.rulings` still holds its
option (a person who chose otherwise in the log has overridden it)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.gamelog import GameLog

STATED_CODE = "house-rule"
_STATED = re.compile(r"^(?P<key>[a-z0-9-]+\.[a-z0-9-]+)=(?P<option>[a-z0-9-]+),")


@dataclass(frozen=True)
class Stated:
    key: str
    option: str
    post: int | None  # the post of the GM's statement

    def __str__(self) -> str:
        where = f" (post {self.post})" if self.post is not None else ""
        return f"{self.key}={self.option}{where}"


def stated_rulings(log: GameLog, chosen: Mapping[str, str] | None = None
                   ) -> dict[str, Stated]:
    """The rulings the GM's rules state that the log still applies, by key; with `chosen`
    (the reading verify works under), only those it holds: a person who asked for another
    option of a stated ruling (`--ruling`) has overridden the statement."""
    out: dict[str, Stated] = {}
    for issue in log.issues:
        if issue.code != STATED_CODE:
            continue
        m = _STATED.match(issue.message)
        if m is None or log.meta.rulings.get(m["key"]) != m["option"] or (
                chosen is not None and chosen.get(m["key"]) != m["option"]):
            continue
        out.setdefault(m["key"], Stated(m["key"], m["option"], issue.where.post))
    return out
