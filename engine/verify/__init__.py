"""Verification: re-play the game and compare with what the GM published: every day's
count and vote counts, and every night the rule set's night engine can replay."""

from __future__ import annotations

from collections.abc import Mapping

from engine.gamelog import GameLog
from engine.rulesets import chosen_rulings
from engine.verify.days import published_outcome, verify_day, verify_days
from engine.verify.findings import Finding, Report, Status
from engine.verify.nights import verify_nights
from engine.verify.reading import misreadings
from engine.verify.replays import Replays


def verify(log: GameLog, rulings: Mapping[str, str] | None = None) -> Report:
    chosen = chosen_rulings(log, rulings)
    # one store for the whole check: a day and a night found under the same reading, or
    # under readings that differ only in rulings they do not read, are worked out once
    replays = Replays(log)
    return Report(game=log.meta.game_id or log.meta.title, rulings=chosen,
                  findings=_in_order([*verify_days(log, rulings, replays),
                                      *verify_nights(log, rulings, replays)]),
                  warnings=misreadings(log))


def _in_order(findings: list[Finding]) -> list[Finding]:
    """Day 1, night 1, day 2, ... (stable within a phase)."""
    def key(f: Finding) -> tuple[int, int]:
        digits = "".join(c for c in f.phase if c.isdigit())
        return (int(digits) if digits else 0, 0 if f.phase.startswith("D") else 1)
    return sorted(findings, key=key)


__all__ = ["Finding", "Report", "Status", "misreadings", "published_outcome", "verify",
           "verify_day",
           "verify_days", "verify_nights"]
