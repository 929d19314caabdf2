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


@dataclass(frozen=True)
class DayStep:
    """A day action that changes who may vote (open-roles' judge).

    ``cancel``: the voter's standing vote is removed at `post` (None: right after the voter's
    first counted vote); with `revote` the voter may vote again even where votes cannot
    change, else later votes are void. ``ban``: from `post` on (None: all day) the voter's
    votes are void; with `removes`, a vote already standing is dropped too.
    """

    post: int | None
    kind: Literal["cancel", "ban"]
    voter: str
    revote: bool = False
    removes: bool = False
    text: str = ""


@dataclass(frozen=True)
class VotingRecord:
    """How the voting went, for rule sets that derive more than the outcome from it
    (open-roles: the next night's order). `cast`: (post, voter, target) of every vote that
    entered the count, in order; `cancelled`: voters whose vote a day step removed, in the
    order removed; `dropped`: voters whose vote `final_void` removed at the close."""

    cast: tuple[tuple[int, str, str], ...]
    cancelled: tuple[str, ...]
    dropped: tuple[str, ...]
    eliminated: str | None
    alive: tuple[str, ...]  # alive when the day was decided (the eliminated included)


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


def _not_spared(_target: str) -> str | None:
    return None


@dataclass(frozen=True)
class CountRules:
    """What varies between rule sets (and rulings).

    `weight`: a counted ballot's votes (role, gifts, half votes late in the day).
    `void`: a rule-set reason a ballot does not count at all (banned, turned to stone, ...).
    `extras`: votes added at the close (non-voter penalties, avatar rule).
    `tie`: who goes when several share the most votes at the close, and why (None: nobody).
    `steps`: day actions that cancel votes or bar voters (open-roles' judge).
    `final_void`: a standing vote shown in the running count but not counted at the close
    (open-roles: matched, stunned, blocked voters).
    `tie_last`: the "last vote" `tie` is given: the last vote cast ("cast"), or the latest
    vote still standing at the close on one of the tied ("standing").
    `order`: what the voting gives besides the outcome (open-roles' night order), with the
    events that explain it.
    `tie_by_reach`: `tie` gets the tied in the order they reached their count (the post of
    the latest vote standing on each; votes added at the close, at the close), not the
    tally's order.
    `cancel`: what a "cancel X" ballot withdraws (contested-island «не казнить X»): the
    voter's vote only when it stands on X ("own-only"), or whatever it names ("any").
    `change_needs_cancel`: a vote for someone else while one stands is void (cancel first).
    `spared`: why the player about to be eliminated is not (a one-time protection from
    execution), else None; with `spared_next` the next most votes goes instead of nobody.
    `notes`: what the count could not know or did not apply; added to the day's notes.
    `used_up`: slots whose one-time protection was spent before the day (carried forward in
    `DayResult.used_up`, so that a later day learns it from one earlier count).
    `lynches`: majority only: how many hammers a day may have (a "double lynch" day: after
    the first, the votes start again among the living and the day ends at the second).
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
    steps: tuple[DayStep, ...] = ()
    final_void: Callable[[Ballot], tuple[str, str] | None] = _no_void
    tie_last: Literal["cast", "standing"] = "cast"
    order: Callable[[VotingRecord], tuple[list[str], list[DayEvent]]] | None = None
    tie_by_reach: bool = False
    cancel: Literal["own-only", "any"] = "own-only"
    change_needs_cancel: bool = False
    spared: Callable[[str], str | None] = _not_spared
    spared_next: bool = False
    notes: Sequence[str] = ()
    used_up: frozenset[str] = frozenset()  # slots whose one-time protection is already spent
    lynches: int = 1
    # voters whose votes stand separately, one vote each (a Doublevoter whose two votes are
    # cast apart): a ballot places one of them (the older moves), a ballot of weight 2 both
    split_voters: frozenset[str] = frozenset()


# the standing-votes key of a split voter's second vote (`CountRules.split_voters`); never a
# slot id, and shown, counted and removed as the voter's own
_SECOND = "\x1f2"


def voter_of(key: str) -> str:
    """The voter a standing vote's key belongs to (a split voter's second vote's key is
    the voter's with `_SECOND` after it)."""
    return key[: -len(_SECOND)] if key.endswith(_SECOND) else key


@dataclass
class _State:
    alive: list[str]
    # voter -> (target, post, weight of that ballot)
    standing: dict[str, tuple[str, int, float]] = field(default_factory=dict)
    events: list[DayEvent] = field(default_factory=list)
    last_target: str | None = None  # the target of the last counted vote
    ballots: dict[str, Ballot] = field(default_factory=dict)  # voter -> standing ballot
    barred: dict[str, str] = field(default_factory=dict)  # voter -> why their votes are void
    pending: dict[str, DayStep] = field(default_factory=dict)  # cancels with no post
    cast: list[tuple[int, str, str]] = field(default_factory=list)
    order: dict[str, int] = field(default_factory=dict)  # a split vote's key -> when placed
    cancelled: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    # (post, voter -> (target, post of that vote)) after the last step of each post: what a
    # vote count posted then should show
    seen: list[tuple[int, dict[str, tuple[str, int]]]] = field(default_factory=list)
    # beside `seen`, for the running count as of a post (`DayResult.tally_at`): the living
    # after each such post, and the votes each shown vote carried (voter, its post) -> votes
    living: list[tuple[int, int]] = field(default_factory=list)
    weighed: dict[tuple[str, int], float] = field(default_factory=dict)

    def snapshot(self, post: int) -> None:
        # one place per voter, as a vote count shows voters (a split voter: the first vote
        # standing, else the second)
        shown: dict[str, tuple[str, int]] = {}
        for key, (target, at, weight) in self.standing.items():
            voter = voter_of(key)
            if voter == key or voter not in self.standing:
                shown[voter] = (target, at)
                self.weighed[(voter, at)] = weight
        self.seen.append((post, shown))
        self.living.append((post, len(self.alive)))

    def withdraw(self, voter: str) -> tuple[str, int, float] | None:
        """Take the voter's standing votes away; the first of them, or None."""
        self.standing.pop(voter + _SECOND, None)
        return self.standing.pop(voter, None)


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
    voted: set[str] = set()
    steps: list[tuple[int, int, Ballot | Departure | int | DayStep]] = []
    steps.extend((b.post, 1, b) for b in ballots)
    # a death or reset announced in a post applies from that post on
    steps.extend((d.post, 0, d) for d in departures if d.post is not None)
    steps.extend((r, 0, r) for r in resets)
    steps.extend((d.post, 0, d) for d in rules.steps if d.post is not None)
    for d in rules.steps:  # a day step the record gives no post for
        if d.post is None and d.kind == "cancel":
            state.pending.setdefault(d.voter, d)
        elif d.post is None:
            _day_step(state, d, None, voted, not_counted, names)
    steps.sort(key=lambda s: (s[0], s[1]))

    for i, (post, _, step) in enumerate(steps):
        if i and steps[i - 1][0] != post:
            state.snapshot(steps[i - 1][0])
        if isinstance(step, Departure):
            _depart(state, step, names)
            continue
        if isinstance(step, int):
            state.standing.clear()
            state.events.append(DayEvent(post, "reset", "the GM resets the vote count"))
            continue
        if isinstance(step, DayStep):
            _day_step(state, step, post, voted, not_counted, names)
            continue
        b = step
        why = _why_void(b, state, rules, voted, names)
        if why is not None:
            not_counted.append(NotCounted(b.post, b.voter, b.raw, why[0], why[1]))
            continue
        if b.special == "unvote":
            second = state.standing.get(b.voter + _SECOND)
            withdrawn = state.withdraw(b.voter)
            if withdrawn is not None:
                old = _show(withdrawn[0], names)
                if second is not None:
                    old = f"{old} and {_show(second[0], names)}"
                state.events.append(DayEvent(post, "unvote", f"{names(b.voter)} unvotes {old}"))
            continue
        if b.special == "cancel":
            _cancel(state, b, rules, not_counted, names)
            continue
        target = NO_LYNCH if b.special == "no-lynch" else b.target
        if target is None:
            continue
        if target != NO_LYNCH and target not in state.alive:
            not_counted.append(NotCounted(b.post, b.voter, b.raw, "dead-target",
                                          f"{names(target)} is not alive at this post"))
            continue
        voted.add(b.voter)
        if b.voter in rules.split_voters:
            shown = _place_split(state, b, target, post, names)
        else:
            weight = rules.weight(b)
            state.standing[b.voter] = (target, post, weight)
            shown = "" if weight == 1 else f" ({weight:g} votes)"
        state.ballots[b.voter] = b
        state.cast.append((post, b.voter, target))
        state.last_target = target
        state.events.append(DayEvent(post, "vote", f"{names(b.voter)} votes "
                                                   f"{_show(target, names)}{shown}"))
        if b.voter in state.pending:  # a cancel with no post takes the first vote
            _day_step(state, state.pending.pop(b.voter), post, voted, not_counted, names)
        if rules.decision != "majority":
            continue
        need = needed(target, len(state.alive), rules)
        have = _votes_on(state, target)
        if have >= need:
            state.events.append(DayEvent(post, "hammer", f"{_show(target, names)} reaches "
                                         f"{have:g} of {need} needed: the day ends"))
            for _, _, later in steps[i + 1:]:
                if isinstance(later, Ballot):
                    not_counted.append(NotCounted(later.post, later.voter, later.raw,
                                                  "after-deadline",
                                                  f"the day ended at the hammer in post {post}"))
            state.snapshot(post)
            spared = _spare(state, rules, target, _tally(state, []), post, names)
            return _result(window, state, rules, spared or NO_LYNCH, post, "hammer", need, [])
    if steps:
        state.snapshot(steps[-1][0])
    return _close(window, state, rules, names, not_counted)


def _place_split(state: _State, b: Ballot, target: str, post: int, names: Names) -> str:
    """A split voter's ballot: weight 2 puts both votes on `target`; else one vote goes
    there, the one not standing, or the older of the two (the one placed first). What the
    event says of it."""
    keys = (b.voter, b.voter + _SECOND)
    if (b.weight or 1.0) >= 2:
        for key in keys:
            state.standing[key] = (target, post, 1.0)
        return " (both votes)"
    free = [k for k in keys if k not in state.standing]
    # the older: placed at the earlier post, or (placed in one post) the first key
    key = free[0] if free else min(keys, key=lambda k: state.standing[k][1])
    if not free and state.standing[keys[0]][1] == state.standing[keys[1]][1]:
        key = keys[0] if state.order.get(keys[0], 0) < state.order.get(keys[1], 0) else keys[1]
    state.standing[key] = (target, post, 1.0)
    state.order[key] = len(state.cast)
    other = state.standing.get(keys[1] if key == keys[0] else keys[0])
    return " (one of two votes)" if other is None else \
        f" (one of two votes; the other stays on {_show(other[0], names)})"


def _why_void(b: Ballot, state: _State, rules: CountRules, voted: set[str],
              names: Names) -> tuple[str, str] | None:
    if b.voter not in state.alive:
        return "dead-voter", f"{names(b.voter)} is not alive at this post"
    if b.voter in state.barred:
        return "banned", state.barred[b.voter]
    ruled = rules.void(b)
    if ruled is not None:
        return ruled
    if not rules.vote_change and b.voter in voted:
        return "vote-change-forbidden", "the first vote of the day stands"
    if rules.change_needs_cancel and b.special is None and b.voter in state.standing \
            and state.standing[b.voter][0] != b.target:
        return "vote-change-forbidden", "a standing vote must be cancelled before another"
    return None


def _cancel(state: _State, b: Ballot, rules: CountRules, not_counted: list[NotCounted],
            names: Names) -> None:
    """A ballot that withdraws the voter's vote for its target (contested-island)."""
    old = state.standing.get(b.voter)
    if old is None or (rules.cancel == "own-only" and old[0] != b.target):
        on = "has no vote" if old is None else f"votes {_show(old[0], names)}"
        not_counted.append(NotCounted(b.post, b.voter, b.raw, "nothing-to-cancel",
                                      f"{names(b.voter)} {on}"))
        return
    del state.standing[b.voter]
    state.events.append(DayEvent(b.post, "unvote", f"{names(b.voter)} cancels the vote on "
                                 f"{_show(old[0], names)}"))


def _spare(state: _State, rules: CountRules, chosen: str | None, tally: Sequence[TallyLine],
           post: int | None, names: Names) -> str | None:
    """`chosen`, unless a protection spares them: then nobody, or with `spared_next` the
    next most votes (the tie rule among equals), who may be spared in turn."""
    skipped: set[str] = set()
    while chosen is not None and chosen != NO_LYNCH:
        why = rules.spared(chosen)
        if why is None:
            return chosen
        skipped.add(chosen)
        rest = [t for t in tally if t.target not in skipped and t.target != NO_LYNCH
                and t.target in state.alive and t.votes > 0]
        if not rules.spared_next or not rest:
            state.events.append(DayEvent(post, "spared", f"{names(chosen)} is not "
                                         f"eliminated: {why}; nobody is instead", chosen))
            return None
        top = [t.target for t in rest if t.votes == rest[0].votes]
        added = {t.target for t in tally if t.extra}
        nxt, how = (top[0], "the next most votes") if len(top) == 1 else rules.tie(
            _by_reach(state, rules, top, added, post), None)
        if len(top) > 1:
            how = f"a tie between {', '.join(_show(t, names) for t in top)}: {how}"
        state.events.append(DayEvent(post, "spared", f"{names(chosen)} is not eliminated: "
                                     f"{why}; {_show(nxt, names) if nxt else 'nobody'} "
                                     f"instead ({how})", chosen))
        chosen = nxt
    return chosen


def _day_step(state: _State, step: DayStep, post: int | None, voted: set[str],
              not_counted: list[NotCounted], names: Names) -> None:
    """A judge's cancel or ban at `post` (None: from the start of the day)."""
    who, why = names(step.voter), step.text or step.kind
    if step.kind == "ban":
        state.barred[step.voter] = f"{who} is forbidden to vote ({why})"
        state.events.append(DayEvent(post, "ban", f"{who} is forbidden to vote ({why})"))
        if not step.removes or step.voter not in state.standing:
            return
    elif step.voter not in state.standing:
        state.events.append(DayEvent(post, "cancel", f"{who} has no vote to cancel ({why})"))
        return
    target = state.standing.pop(step.voter)[0]
    b = state.ballots.get(step.voter)
    if b is not None:
        not_counted.append(NotCounted(b.post, b.voter, b.raw, "voided-by-action",
                                      f"removed in post {post}: {why}"))
    again = ""
    if step.kind == "cancel":
        state.cancelled.append(step.voter)
        if step.revote:
            voted.discard(step.voter)  # may vote again though votes cannot change
            again = "; they may vote again"
        else:
            state.barred[step.voter] = f"{who}'s vote was cancelled without the right to " \
                                       f"vote again ({why})"
    state.events.append(DayEvent(post, "cancel", f"{who}'s vote on {_show(target, names)} "
                                 f"is removed ({why}){again}"))


def _close(window: DayWindow, state: _State, rules: CountRules, names: Names,
           not_counted: list[NotCounted] | None = None) -> DayResult:
    need = majority_of(len(state.alive))
    if window.end is None:
        state.events.append(DayEvent(None, "close", "the record does not show the day's end"))
        return _result(window, state, rules, None, None, "no-close", need, [])
    for voter in sorted(state.standing, key=lambda v: state.standing[v][1]):
        b = state.ballots.get(voter)
        dropped = rules.final_void(b) if b is not None else None
        if b is None or dropped is None:
            continue
        old = state.standing.pop(voter)[0]
        state.dropped.append(voter)
        if not_counted is not None:
            not_counted.append(NotCounted(b.post, voter, b.raw, dropped[0], dropped[1]))
        state.events.append(DayEvent(window.end, "void", f"{names(voter)}'s vote on "
                                     f"{_show(old, names)} is not counted at the close: "
                                     f"{dropped[1]}"))
    extras = rules.extras({v: t for v, (t, _, _) in state.standing.items()}, state.alive)
    for e in extras:
        state.events.append(DayEvent(window.end, "extra",
                                     f"{_show(e.target, names)} {e.votes:+g}: {e.reason}"))
    tally = _tally(state, extras)
    plurality = rules.decision == "plurality" or rules.deadline == "plurality"
    if plurality and tally and tally[0].votes > 0:
        top = [t.target for t in tally if t.votes == tally[0].votes]
        if len(top) == 1:
            chosen: str | None = top[0]
            why = f"{_show(top[0], names)} has the most votes ({tally[0].votes:g})"
        else:
            last = state.last_target if rules.tie_last == "cast" else _last_on(state, top)
            added = {e.target for e in extras if e.votes}
            chosen, why = rules.tie(_by_reach(state, rules, top, added, window.end), last)
            why = f"a tie between {', '.join(_show(t, names) for t in top)}: {why}"
        state.events.append(DayEvent(window.end, "close", f"the day closes: {why}"))
        chosen = _spare(state, rules, chosen, tally, window.end, names)
        return _result(window, state, rules, chosen if chosen is not None else NO_LYNCH,
                       window.end, "deadline", need, extras)
    text = ("the day closes without a majority: no lynch" if rules.decision == "majority"
            else "the day closes with no votes: nobody is eliminated")
    state.events.append(DayEvent(window.end, "close", text))
    return _result(window, state, rules, NO_LYNCH, window.end, "deadline", need, extras)


def _by_reach(state: _State, rules: CountRules, tied: list[str], added: set[str],
              end: int | None) -> list[str]:
    """With `tie_by_reach`, the tied in the order they reached their count: the post of the
    latest vote standing on each, or the close for one that votes added at the close (a day
    action) brought there."""
    if not rules.tie_by_reach:
        return tied
    close = end if end is not None else 10**12
    return sorted(tied, key=lambda t: close if t in added else max(
        (p for v, p, _ in state.standing.values() if v == t), default=close))


def _last_on(state: _State, targets: Sequence[str]) -> str | None:
    """The target of the latest vote standing on one of `targets`."""
    on = [(p, t) for t, p, _ in state.standing.values() if t in targets]
    return max(on)[1] if on else None


def _show(target: str, names: Names) -> str:
    return "No Lynch" if target == NO_LYNCH else names(target)


def needed(target: str, alive: int, rules: CountRules) -> int:
    """Votes `target` needs to be eliminated with `alive` players: the majority, with the
    rule set's per-target rules (No Lynch at one less, a Loved or Hated player)."""
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
    state.withdraw(d.slot)
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
                       voters=tuple(dict.fromkeys(voter_of(voter) for _, voter, _ in sorted(v))),
                       extra=added.get(t, 0.0))
             for t, v in by_target.items()]
    # most votes first; equal counts: who got there first
    lines.sort(key=lambda t: (-t.votes, first[t.target], t.target))
    return lines


def _result(window: DayWindow, state: _State, rules: CountRules, target: str | None,
            post: int | None, how: DecidedBy, need: int, extras: Sequence[Extra]) -> DayResult:
    eliminated = target if target not in (None, NO_LYNCH) else None
    order = None
    if rules.order is not None:
        order, explained = rules.order(VotingRecord(
            cast=tuple(state.cast), cancelled=tuple(state.cancelled),
            dropped=tuple(state.dropped), eliminated=eliminated, alive=tuple(state.alive)))
        # notes at posts (a day move that does not stand) go where they happened
        state.events = sorted([*state.events, *explained],
                              key=lambda e: (e.post is None, e.post or 0))
    return DayResult(day=window.day, eliminated=eliminated, no_lynch=target == NO_LYNCH,
                     decided_at_post=post, decided_by=how, tally=_tally(state, extras),
                     not_counted=[], majority=need if rules.decision == "majority" else None,
                     alive=list(state.alive), events=state.events, order=order,
                     standings=state.seen, living=state.living, weights=state.weighed)
