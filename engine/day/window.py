"""Where a day sits in the thread and who is alive in it, from a game log."""

from __future__ import annotations

from dataclasses import dataclass

from engine.gamelog import GameLog, Phase, phase_sort_key

_DEAD = ("eliminated", "killed", "modkilled")


@dataclass(frozen=True)
class DayWindow:
    """Posts `start < number <= end` are the day (the start post is the GM's announcement);
    posts after the previous day's end and before `start`, or after `end` and before the next
    day's start, fall in the nights around it."""

    day: int
    start: int | None  # post opening the day (None: from the previous day's end)
    end: int | None  # post closing the day (None: not recorded)
    before: int  # the previous day's end (its start or earlier when unknown; -1: none)
    after: int | None  # the next day's start, when known

    def holds(self, post: int) -> bool:
        low = self.start if self.start is not None else self.before
        return post > low and (self.end is None or post <= self.end)


def day_window(log: GameLog, day: int) -> DayWindow:
    phases = {p.key: p for p in log.phases}
    this = phases.get(f"D{day}")
    nxt = phases.get(f"D{day + 1}")
    before = _known_before(phases, day)
    start = this.start.post if this and this.start else None
    if start is not None and start < before:
        start = None  # a start before the previous day's end is a misreading: ignore it
    end = this.end.post if this and this.end else None
    after = nxt.start.post if nxt and nxt.start and nxt.start.post is not None else None
    return DayWindow(day=day, start=start, end=end, before=before, after=after)


def _known_before(phases: dict[str, Phase], day: int) -> int:
    """The last post known to come before day `day`: the previous day's end; when that is not
    recorded (lost posts), the latest boundary of an earlier day (a day runs after the
    previous one began, not from the thread's first post); -1 when nothing is known."""
    for earlier in range(day - 1, 0, -1):
        phase = phases.get(f"D{earlier}")
        if phase is None:
            continue
        for bound in (phase.end, phase.start):
            if bound is not None and bound.post is not None:
                return bound.post
    return -1


def days_of(log: GameLog) -> list[int]:
    """The numbers of the game's days, in order."""
    return sorted({p.number for p in log.phases if p.kind == "day"})


@dataclass(frozen=True)
class Departure:
    """A slot leaving during the day: at `post` (None: at an unknown point of the day)."""

    slot: str
    post: int | None
    kind: str
    text: str


def alive_at_start(log: GameLog, day: int) -> list[str]:
    """Slots alive when day `day` begins: not dead in any earlier phase, by what the GM
    published (unless brought back later: a `resurrected` slot change, e.g. Medical
    Miracles), else by the slot's recorded fate."""
    key = phase_sort_key(f"D{day}")
    dead = log.announced_out(f"D{day}")
    for s in log.players:
        if s.fate.kind in _DEAD and s.fate.phase is not None \
                and phase_sort_key(s.fate.phase) < key:
            dead.add(s.id)
    return [s.id for s in log.players if s.id not in dead]


def departures(log: GameLog, day: int) -> list[Departure]:
    """Deaths during day `day` other than its own elimination: day-kills and modkills, with
    the post they happened at when the record gives it."""
    out: list[Departure] = []
    item = log.published.for_phase(f"D{day}")
    if item is None:
        return out
    for death in item.deaths:
        if death.kind == "eliminated":
            continue
        out.append(Departure(slot=death.slot, post=death.source.post, kind=death.kind,
                             text=death.raw or death.kind))
    return out


def vote_resets(log: GameLog, day: int) -> list[int]:
    """Posts at which the GM cleared every standing vote of day `day`."""
    item = log.published.for_phase(f"D{day}")
    if item is None:
        return []
    return sorted(r.post for r in item.vote_resets if r.post is not None)


def ruled_out(log: GameLog, day: int) -> dict[tuple[int, str | None], str]:
    """The marks of day `day` the GM ruled do not count: (post, voter slot or None for the
    whole post) to what the record says."""
    item = log.published.for_phase(f"D{day}")
    if item is None:
        return {}
    return {(r.post, r.voter): r.source.text or "the GM ruled it out" for r in item.ruled_out}
