"""Day ends from a rule set's fixed daily close, where the GM's posts do not announce them
(world-cup-2018: «День закрывается в 21:00 по московскому времени»). The end is the last post
written by the close; its source is "deadline" and its reference cites the rule."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from engine.gamelog import Boundary, ParseIssue, Phase, Post, SourceRef, Where
from engine.rulesets import DayRules


def close_after(moment: datetime, at: time, zone: ZoneInfo) -> datetime:
    """The first daily close strictly after `moment`."""
    local = moment.astimezone(zone)
    close = datetime.combine(local.date(), at, tzinfo=zone)
    return close if close > local else datetime.combine(local.date() + timedelta(days=1), at,
                                                         tzinfo=zone)


def ends_from_close(phases: list[Phase], posts: list[Post], rules: DayRules
                    ) -> list[ParseIssue]:
    """Give each day that has a start but no end the end its daily close makes (in place):
    the last post timed at or before the first close after the day's start."""
    if rules.close_at is None or rules.close_zone is None:
        return []
    hour, minute = (int(x) for x in rules.close_at.split(":"))
    zone = ZoneInfo(rules.close_zone)
    by_number = {p.number: p for p in posts}
    issues: list[ParseIssue] = []
    for phase in phases:
        if phase.kind != "day" or phase.end is not None or phase.start is None:
            continue
        start = by_number.get(phase.start.post) if phase.start.post is not None else None
        begun = phase.start.time or (start.time if start is not None else None)
        if begun is None:
            continue
        close = close_after(begun, time(hour, minute), zone)
        last = None
        for p in posts:
            if p.number <= (phase.start.post or -1) or p.time is None:
                continue
            if p.time > close:
                break
            last = p
        if last is None:
            continue
        phase.end = Boundary(post=last.number, time=close, source="deadline", ref=SourceRef(
            kind="rule", post=last.number, text=rules.close_clause,
            note=f"the daily close at {rules.close_at} ({rules.close_zone}); the GM's posts "
                 "do not announce this day's end"))
        issues.append(ParseIssue(
            severity="info", code="phase-end-from-deadline", where=Where(post=last.number),
            message=f"the end of Day {phase.number} is the rule set's close "
                    f"{close.isoformat()}: post {last.number} is the last before it"))
    return issues
