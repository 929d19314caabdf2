"""Recount against the record: for every day whose outcome the game log records (the GM's
announced elimination or no-lynch), does the re-count give the same? With, for a miss, the
clues to why (names not understood, votes by non-players, a day without a recorded end).

Two kinds of day are not scored, because the votes that decided them are not in the data,
so neither agreement nor a miss can be claimed: a day whose recorded end lies past the last
post the log holds (a posts file cut short), and a day whose end neither the record nor the
GM's posts give and which no hammer ends within the posts (the count has no close to count
at: "no-close"). Each is listed apart with why, never left out unseen, and `agreement_all`
gives the figure with them counted as misses.

Used on the real mafiascum corpus (the acceptance figure of the votes work) and on any
collection of imported or scraped games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.day import DayResult, count_day, days_of
from engine.gamelog import GameLog
from engine.verify import published_outcome

_CLUES = ("unknown-name", "ambiguous-name", "not-a-player", "not-a-target", "dead-target",
          "dead-voter")


@dataclass(frozen=True)
class DayCheck:
    game: str
    day: int
    recorded: str  # slot id(s) joined by '+', or 'no-lynch'
    counted: str  # slot id, 'no-lynch' or 'none'
    decided_by: str
    decided_at_post: int | None
    clues: tuple[str, ...]  # for a miss: what the count could not use
    # why the day cannot be scored (its votes are not in the data), else None
    unscored: str | None = None

    @property
    def agrees(self) -> bool:
        return self.unscored is None and self.recorded == self.counted


def check_days(log: GameLog) -> list[DayCheck]:
    out = []
    game = log.meta.game_id or log.meta.title
    last_post = max((p.number for p in log.posts), default=None)
    ends = {p.number: p.end.post for p in log.phases
            if p.kind == "day" and p.end is not None and p.end.post is not None}
    for day in days_of(log):
        recorded, _ = published_outcome(log, day)
        if recorded is None:
            continue
        result = count_day(log, day)
        end = ends.get(day)
        if end is not None and last_post is not None and end > last_post:
            why = (f"the day ends at post {end}, but the posts stop at {last_post}: the "
                   "votes that decided it are not in the data")
            out.append(DayCheck(game, day, recorded, result.outcome, result.decided_by,
                                result.decided_at_post, (), unscored=why))
            continue
        if result.decided_by == "no-close":
            why = ("the day's end is neither recorded nor announced in the posts, and no hammer "
                   f"ends it in them (the posts stop at {last_post}): no count can decide it")
            out.append(DayCheck(game, day, recorded, result.outcome, result.decided_by,
                                result.decided_at_post, _clues(result), unscored=why))
            continue
        out.append(DayCheck(game, day, recorded, result.outcome, result.decided_by,
                            result.decided_at_post,
                            () if result.outcome == recorded else _clues(result)))
    return out


def _clues(result: DayResult) -> tuple[str, ...]:
    clues = [f"post {n.post} {n.voter}: {n.raw!r} {n.reason}" for n in result.not_counted
             if n.reason in _CLUES]
    if result.decided_by == "no-close":
        clues.insert(0, "the day's end is not recorded")
    top = ", ".join(f"{t.target} {t.votes:g}" for t in result.tally[:3])
    clues.insert(0, f"tally {top or 'empty'}; {result.majority} needed")
    return tuple(clues)


def agreement(checks: Iterable[DayCheck]) -> tuple[int, int]:
    """(days that agree, days scored); unscored days count on neither side."""
    items = [c for c in checks if c.unscored is None]
    return sum(c.agrees for c in items), len(items)


def agreement_all(checks: Iterable[DayCheck]) -> tuple[int, int]:
    """(days that agree, every recorded day): the unscored days counted as misses."""
    items = list(checks)
    return sum(c.agrees for c in items), len(items)


def unscored(checks: Iterable[DayCheck]) -> list[DayCheck]:
    return [c for c in checks if c.unscored is not None]


def miss_table(checks: Iterable[DayCheck]) -> str:
    """Every scored day that disagrees, with its clues; then every day not scored, why."""
    items = list(checks)
    lines = [f"{'game':22} {'day':>3}  {'recorded':22} {'counted':22} decided", "-" * 90]
    for c in items:
        if c.agrees or c.unscored is not None:
            continue
        where = f"{c.decided_by} at {c.decided_at_post}" if c.decided_at_post else c.decided_by
        lines.append(f"{c.game:22} {c.day:>3}  {c.recorded[:22]:22} {c.counted[:22]:22} {where}")
        lines.extend(f"{'':28}{clue[:110]}" for clue in c.clues[:6])
    apart = unscored(items)
    if apart:
        lines.append(f"not scored ({len(apart)} days):")
        lines.extend(f"{c.game:22} {c.day:>3}  {c.recorded[:22]:22} {c.unscored}"
                     for c in apart)
    return "\n".join(lines)
