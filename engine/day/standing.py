"""The standing-votes count shared by the rule sets: each voter's latest vote stands until
withdrawn or replaced (or, where votes cannot change, the first one stands). The day is
decided by a majority at the moment it is reached (the hammer), or at the close by the most
votes; rule sets differ only in the functions and numbers of `CountRules`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from engine.day.result import Ballot, DayEvent, DayResult, DecidedBy, NotCounted, TallyLine
from engine.day.window import DayWindow, Departure

NO_LYNCH = "no-lynch"

Names = Callable[[str], str]


@dataclass(frozen=True)
class Extra:
    """Votes at the close not cast by a voter: penalties, modifiers. `reason` is shown."""

    target: str
    votes: float
    reason: str


def _one(_b: Ballot) -> float:
    return 1.0


def _no_extra(_slot: str) -> int:
    return 0


def _no_void(_b: Ballot) -> tuple[str, str] | None:
    return None


def _no_extras(_standing: dict[str, str], _alive: list[str]) -> list[Extra]:
    return []


def _no_tie(_tied: list[str], _last: str | None) -> tuple[str | None, str]:
    return None, "a tie: nobody is eliminated"


@dataclass(frozen=True)
class CountRules:
    """What varies between rule sets (and rulings).

    `weight`: a counted ballot's votes (role, gifts, half votes late in the day).
    `void`: a rule-set reason a ballot does not count at all (banned, turned to stone, ...).
    `extras`: votes added at the close (non-voter penalties, avatar rule).
    `tie`: who goes when several share the most votes at the close, and why (None: nobody).
    """

    decision: Literal["majority", "plurality"] = "majority"
    weight: Callable[[Ballot], float] = _one
    extra_needed: Callable[[str], int] = _no_extra  # majority only: Loved +1, Hated -1
    no_lynch_less: int = 0  # majority only: 1 for "one less for no lynch"
    deadline: str = "no-lynch"  # majority only, at the close: no-lynch | plurality
    vote_change: bool = True
    void: Callable[[Ballot], tuple[str, str] | None] = _no_void
    extras: Callable[[dict[str, str], list[str]], list[Extra]] = _no_extras
    tie: Callable[[list[str], str | None], tuple[str | None, str]] = _no_tie


@dataclass
class _State:
    alive: list[str]
    # voter -> (target, post, weight of that ballot)
    standing: dict[str, tuple[str, int, float]] = field(default_factory=dict)
    events: list[DayEvent] = field(default_factory=list)
    last_target: str | None = None  # the target of the last counted vote


def majority_of(alive: int) -> int:
    """Half the living, rounded down, plus one."""
    return alive // 2 + 1


def count_standing(window: DayWindow, alive: Sequence[str], ballots: Sequence[Ballot],
                   departures: Sequence[Departure], resets: Sequence[int],
                   not_counted: list[NotCounted], rules: CountRules,
                   names: Names = str) -> DayResult:
    """Re-count one day. `ballots` are the counted marks of the day in post order (one per
    voter per post); marks found void on the way are added to `not_counted`."""
    state = _State(alive=list(alive))
    steps: list[tuple[int, int, Ballot | Departure | int]] = []
    steps.extend((b.post, 1, b) for b in ballots)
    # a death or reset announced in a post applies from that post on
    steps.extend((d.post, 0, d) for d in departures if d.post is not None)
    steps.extend((r, 0, r) for r in resets)
    steps.sort(key=lambda s: (s[0], s[1]))
    voted: set[str] = set()

    for i, (post, _, step) in enumerate(steps):
        if isinstance(step, Departure):
            _depart(state, step, names)
            continue
        if isinstance(step, int):
            state.standing.clear()
            state.events.append(DayEvent(post, "reset", "the GM resets the vote count"))
            continue
        b = step
        why = _why_void(b, state, rules, voted, names)
        if why is not None:
            not_counted.append(NotCounted(b.post, b.voter, b.raw, why[0], why[1]))
            continue
        if b.special == "unvote":
            if b.voter in state.standing:
                old = state.standing.pop(b.voter)[0]
                state.events.append(DayEvent(post, "unvote",
                                             f"{names(b.voter)} unvotes {_show(old, names)}"))
            continue
        target = NO_LYNCH if b.special == "no-lynch" else b.target
        if target is None:
            continue
        if target != NO_LYNCH and target not in state.alive:
            not_counted.append(NotCounted(b.post, b.voter, b.raw, "dead-target",
                                          f"{names(target)} is not alive at this post"))
            continue
        voted.add(b.voter)
        weight = rules.weight(b)
        state.standing[b.voter] = (target, post, weight)
        state.last_target = target
        shown = "" if weight == 1 else f" ({weight:g} votes)"
        state.events.append(DayEvent(post, "vote", f"{names(b.voter)} votes "
                                                   f"{_show(target, names)}{shown}"))
        if rules.decision != "majority":
            continue
        need = _needed(target, len(state.alive), rules)
        have = _votes_on(state, target)
        if have >= need:
            state.events.append(DayEvent(post, "hammer", f"{_show(target, names)} reaches "
                                         f"{have:g} of {need} needed: the day ends"))
            for _, _, later in steps[i + 1:]:
                if isinstance(later, Ballot):
                    not_counted.append(NotCounted(later.post, later.voter, later.raw,
                                                  "after-deadline",
                                                  f"the day ended at the hammer in post {post}"))
            return _result(window, state, rules, target, post, "hammer", need, [])
    return _close(window, state, rules, names)


def _why_void(b: Ballot, state: _State, rules: CountRules, voted: set[str],
              names: Names) -> tuple[str, str] | None:
    if b.voter not in state.alive:
        return "dead-voter", f"{names(b.voter)} is not alive at this post"
    ruled = rules.void(b)
    if ruled is not None:
        return ruled
    if not rules.vote_change and b.voter in voted:
        return "vote-change-forbidden", "the first vote of the day stands"
    return None


def _close(window: DayWindow, state: _State, rules: CountRules, names: Names) -> DayResult:
    need = majority_of(len(state.alive))
    if window.end is None:
        state.events.append(DayEvent(None, "close", "the record does not show the day's end"))
        return _result(window, state, rules, None, None, "no-close", need, [])
    extras = rules.extras({v: t for v, (t, _, _) in state.standing.items()}, state.alive)
    for e in extras:
        state.events.append(DayEvent(window.end, "extra",
                                     f"{_show(e.target, names)} +{e.votes:g}: {e.reason}"))
    tally = _tally(state, extras)
    plurality = rules.decision == "plurality" or rules.deadline == "plurality"
    if plurality and tally and tally[0].votes > 0:
        top = [t.target for t in tally if t.votes == tally[0].votes]
        if len(top) == 1:
            chosen: str | None = top[0]
            why = f"{_show(top[0], names)} has the most votes ({tally[0].votes:g})"
        else:
            chosen, why = rules.tie(top, state.last_target)
            why = f"a tie between {', '.join(_show(t, names) for t in top)}: {why}"
        state.events.append(DayEvent(window.end, "close", f"the day closes: {why}"))
        return _result(window, state, rules, chosen if chosen is not None else NO_LYNCH,
                       window.end, "deadline", need, extras)
    text = ("the day closes without a majority: no lynch" if rules.decision == "majority"
            else "the day closes with no votes: nobody is eliminated")
    state.events.append(DayEvent(window.end, "close", text))
    return _result(window, state, rules, NO_LYNCH, window.end, "deadline", need, extras)


def _show(target: str, names: Names) -> str:
    return "No Lynch" if target == NO_LYNCH else names(target)


def _needed(target: str, alive: int, rules: CountRules) -> int:
    base = majority_of(alive)
    if target == NO_LYNCH:
        return max(1, base - rules.no_lynch_less)
    return max(1, base + rules.extra_needed(target))


def _votes_on(state: _State, target: str) -> float:
    return sum(w for t, _, w in state.standing.values() if t == target)


def _depart(state: _State, d: Departure, names: Names) -> None:
    if d.slot not in state.alive:
        return
    state.alive.remove(d.slot)
    state.standing.pop(d.slot, None)
    for voter in [v for v, (t, _, _) in state.standing.items() if t == d.slot]:
        del state.standing[voter]
    state.events.append(DayEvent(d.post, "death", f"{names(d.slot)} leaves the game "
                                 f"({d.text}); their vote and the votes on them are removed"))


def _tally(state: _State, extras: Sequence[Extra]) -> list[TallyLine]:
    by_target: dict[str, list[tuple[int, str, float]]] = {}
    for voter, (target, post, weight) in state.standing.items():
        by_target.setdefault(target, []).append((post, voter, weight))
    added: dict[str, float] = {}
    for e in extras:
        added[e.target] = added.get(e.target, 0.0) + e.votes
        by_target.setdefault(e.target, [])
    first = {t: min((p for p, _, _ in v), default=10**12) for t, v in by_target.items()}
    lines = [TallyLine(target=t, votes=sum(w for _, _, w in v) + added.get(t, 0.0),
                       voters=tuple(voter for _, voter, _ in sorted(v)), extra=added.get(t, 0.0))
             for t, v in by_target.items()]
    # most votes first; equal counts: who got there first
    lines.sort(key=lambda t: (-t.votes, first[t.target], t.target))
    return lines


def _result(window: DayWindow, state: _State, rules: CountRules, target: str | None,
            post: int | None, how: DecidedBy, need: int, extras: Sequence[Extra]) -> DayResult:
    eliminated = target if target not in (None, NO_LYNCH) else None
    return DayResult(day=window.day, eliminated=eliminated, no_lynch=target == NO_LYNCH,
                     decided_at_post=post, decided_by=how, tally=_tally(state, extras),
                     not_counted=[], majority=need if rules.decision == "majority" else None,
                     alive=list(state.alive), events=state.events)
