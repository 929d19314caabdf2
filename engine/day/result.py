"""What re-counting a day gives: the tally, the outcome, and the chain of events behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

DecidedBy = Literal[
    "hammer",  # a vote reached the majority
    "deadline",  # the day closed; decided by the standing votes (plurality or none)
    "no-close",  # the day never closed in the record: the standing votes only
]


@dataclass(frozen=True)
class Ballot:
    """A vote mark that the reader counted, as the day engine sees it."""

    post: int
    voter: str  # slot id
    raw: str
    target: str | None = None  # slot id
    special: str | None = None  # unvote | no-lynch | cancel
    time: datetime | None = None
    weight: float | None = None  # as written; None: the voter's weight under the rules
    line_start: bool | None = None  # the mark starts its line (None: not known)


@dataclass(frozen=True)
class NotCounted:
    post: int
    voter: str  # slot id, or the author's nick when not a player
    raw: str
    reason: str
    detail: str | None = None


@dataclass(frozen=True)
class TallyLine:
    target: str  # slot id or "no-lynch"
    votes: float
    voters: tuple[str, ...]
    extra: float = 0.0  # votes not cast by a listed voter (penalties, modifiers)


@dataclass(frozen=True)
class DayEvent:
    """One step of the count, for the chain shown with a disputed finding."""

    post: int | None
    kind: str  # vote | unvote | death | reset | hammer | extra | spared | close
    text: str
    subject: str | None = None  # the slot the step is about, where one is (spared: who)


@dataclass
class DayResult:
    day: int
    eliminated: str | None
    no_lynch: bool
    decided_at_post: int | None
    decided_by: DecidedBy
    tally: list[TallyLine]
    not_counted: list[NotCounted]
    majority: int | None = None  # votes needed, at the moment of the decision
    alive: list[str] = field(default_factory=list)  # slot ids alive when the day was decided
    events: list[DayEvent] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what the count could not know
    # open-roles: slot ids in the next night's action priority, highest first, as the day's
    # voting made it; None where the rule set has no such order
    order: list[str] | None = None
    # slots whose one-time protection is spent by the end of the day (spared on it or before)
    used_up: frozenset[str] = frozenset()
    # slots lynched earlier the same day (a double-lynch day), in order; `eliminated` is the
    # day's last lynch
    earlier: list[str] = field(default_factory=list)
    # the standing votes (voter -> (target slot or "no-lynch", post of the vote)) after each
    # post that changed something, in post order: what a vote count the GM posted then shows
    standings: list[tuple[int, dict[str, tuple[str, int]]]] = field(default_factory=list)
    # beside `standings`: the number of living players after each of those posts, and the
    # votes each standing vote carries, by (voter, post of the vote)
    living: list[tuple[int, int]] = field(default_factory=list)
    weights: dict[tuple[str, int], float] = field(default_factory=dict)

    def standing_at(self, post: int) -> dict[str, tuple[str, int]]:
        """The standing votes as of post `post` (after it)."""
        found: dict[str, tuple[str, int]] = {}
        for at, standing in self.standings:
            if at > post:
                break
            found = standing
        return found

    def alive_at(self, post: int) -> int | None:
        """How many players are alive as of post `post`; None before the day's first vote,
        death or reset (the day's start then: `engine.day.alive_at_start`)."""
        found: int | None = None
        for at, alive in self.living:
            if at > post:
                break
            found = alive
        return found

    def tally_at(self, post: int) -> list[TallyLine]:
        """The running count as of post `post`: each target with its votes (each vote's
        weight as it was counted) and voters, most votes first, equal counts in the order
        they were reached. A split voter (`CountRules.split_voters`) is shown with one
        vote, as a GM's vote count shows them."""
        on: dict[str, list[tuple[int, str, float]]] = {}
        for voter, (target, at) in self.standing_at(post).items():
            on.setdefault(target, []).append((at, voter, self.weights.get((voter, at), 1.0)))
        lines = [(max(at for at, _, _ in v),
                  TallyLine(target=t, votes=sum(w for _, _, w in v),
                            voters=tuple(voter for _, voter, _ in sorted(v))))
                 for t, v in on.items()]
        lines.sort(key=lambda x: (-x[1].votes, x[0], x[1].target))
        return [line for _, line in lines]

    @property
    def outcome(self) -> str:
        """A short word for comparisons: the eliminated slot id ('+'-joined in sorted order
        when a day lynches several), 'no-lynch', or 'none'."""
        gone = [*self.earlier, *([self.eliminated] if self.eliminated is not None else [])]
        if gone:
            return "+".join(sorted(gone))
        return "no-lynch" if self.no_lynch else "none"
