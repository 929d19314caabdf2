"""Verification: re-play the game and compare with what the GM published (days for now;
nights come with the night engine)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.gamelog import GameLog
from engine.rulesets import get_ruleset
from engine.verify.days import published_outcome, verify_day, verify_days
from engine.verify.findings import Finding, Report, Status


def verify(log: GameLog, rulings: Mapping[str, str] | None = None) -> Report:
    ruleset = get_ruleset(log.meta.ruleset or "")
    chosen = ruleset.choose({**log.meta.rulings, **(rulings or {})})
    return Report(game=log.meta.game_id or log.meta.title, rulings=chosen,
                  findings=verify_days(log, rulings))


__all__ = ["Finding", "Report", "Status", "published_outcome", "verify", "verify_day",
           "verify_days"]
