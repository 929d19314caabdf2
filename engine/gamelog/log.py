"""`GameLog`: one completed game, as found and as published."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Literal

from pydantic import Field, model_validator

from engine.gamelog.actions import Action, DayLog, NightLog
from engine.gamelog.base import Model, phase_sort_key
from engine.gamelog.issues import ParseIssue
from engine.gamelog.meta import Meta
from engine.gamelog.phases import Phase
from engine.gamelog.posts import Post
from engine.gamelog.published import Published
from engine.gamelog.slots import Slot
from engine.gamelog.votes import Vote

SCHEMA_VERSION: Literal[1] = 1

# Targets of a GM vote count that are not slots.
TALLY_SPECIAL_TARGETS = frozenset({"no-lynch"})


class GameLog(Model):
    """One completed game: metadata, slots, posts, phases, votes, actions, what the GM
    published, and the issues met while reading it."""

    schema_version: Literal[1] = Field(
        default=SCHEMA_VERSION, description="version of this format; bumped on breaking change"
    )
    meta: Meta
    players: list[Slot] = Field(default_factory=list, description="the slots")
    posts: list[Post] = Field(default_factory=list, description="every post, by number")
    phases: list[Phase] = Field(default_factory=list, description="days and nights in order")
    votes: list[Vote] = Field(default_factory=list, description="every vote-like mark")
    nights: list[NightLog] = Field(default_factory=list, description="the GM's night log")
    days: list[DayLog] = Field(default_factory=list, description="day actions")
    published: Published = Field(default_factory=Published)
    issues: list[ParseIssue] = Field(default_factory=list)

    # -- lookups ------------------------------------------------------------------------

    def slot(self, slot_id: str) -> Slot:
        for s in self.players:
            if s.id == slot_id:
                return s
        raise KeyError(f"no slot {slot_id!r}; slots are {[s.id for s in self.players]}")

    def phase(self, key: str) -> Phase:
        for p in self.phases:
            if p.key == key:
                return p
        raise KeyError(f"no phase {key!r}; phases are {[p.key for p in self.phases]}")

    def night(self, number: int) -> NightLog | None:
        for n in self.nights:
            if n.number == number:
                return n
        return None

    def announced_out(self, before: str) -> set[str]:
        """Slots the GM announced dead in a phase before `before` (a phase key) and did not
        bring back since (a `resurrected` slot change, e.g. Medical Miracles, a raised
        maf): the published record, in the order of the phases, deaths before returns
        within one phase."""
        key = phase_sort_key(before)
        steps: list[tuple[tuple[int, int], int, str]] = []  # (phase, 0 dies / 1 returns, slot)
        for item in self.published.phases:
            if phase_sort_key(item.phase) < key:
                steps.extend((phase_sort_key(item.phase), 0, d.slot) for d in item.deaths)
        for slot in self.players:
            steps.extend((phase_sort_key(c.phase), 1, slot.id) for c in slot.changes
                         if c.kind == "resurrected" and phase_sort_key(c.phase) < key)
        out: set[str] = set()
        for _, returns, slot_id in sorted(steps):
            if returns:
                out.discard(slot_id)
            else:
                out.add(slot_id)
        return out

    # -- integrity ------------------------------------------------------------------------

    @model_validator(mode="after")
    def _check_references(self) -> GameLog:
        problems = list(_reference_problems(self))
        if problems:
            shown = "; ".join(problems[:10])
            more = f" (and {len(problems) - 10} more)" if len(problems) > 10 else ""
            raise ValueError(shown + more)
        return self


def _duplicates(keys: list[str]) -> Iterator[tuple[int, str]]:
    seen: set[str] = set()
    for i, key in enumerate(keys):
        if key in seen:
            yield i, key
        seen.add(key)


def _reference_problems(log: GameLog) -> Iterator[str]:
    """Every dangling or duplicated reference, as 'json.path: message'."""
    slot_ids = {s.id for s in log.players}
    for i, key in _duplicates([s.id for s in log.players]):
        yield f"players[{i}].id: duplicate slot id {key!r}"

    last = -1
    for i, post in enumerate(log.posts):
        if post.number <= last:
            yield f"posts[{i}].number: {post.number} is not after the previous post ({last})"
        last = post.number
        if post.slot is not None and post.slot not in slot_ids:
            yield f"posts[{i}].slot: unknown slot {post.slot!r}"

    keys = [p.key for p in log.phases]
    for i, key in _duplicates(keys):
        yield f"phases[{i}]: duplicate phase {key}"
    if keys != sorted(keys, key=phase_sort_key):
        yield "phases: not in chronological order " + str(keys)

    for i, vote in enumerate(log.votes):
        for field, value in (("voter", vote.voter), ("target", vote.target)):
            if value is not None and value not in slot_ids:
                yield f"votes[{i}].{field}: unknown slot {value!r}"
        for c in vote.candidates:
            if c not in slot_ids:
                yield f"votes[{i}].candidates: unknown slot {c!r}"

    groups: tuple[tuple[str, Sequence[NightLog | DayLog]], ...] = (
        ("nights", log.nights), ("days", log.days))
    for part, logs in groups:
        numbers = [str(n.number) for n in logs]
        for i, num in _duplicates(numbers):
            yield f"{part}[{i}].number: duplicate {part[:-1]} {num}"
        for i, entry in enumerate(logs):
            yield from _action_problems(f"{part}[{i}]", entry, slot_ids)

    for i, key in _duplicates([p.phase for p in log.published.phases]):
        yield f"published.phases[{i}].phase: duplicate phase {key}"
    for i, pub in enumerate(log.published.phases):
        at = f"published.phases[{i}]"
        for j, death in enumerate(pub.deaths):
            if death.slot not in slot_ids:
                yield f"{at}.deaths[{j}].slot: unknown slot {death.slot!r}"
        for j, fact in enumerate(pub.newspaper):
            if fact.subject is not None and fact.subject not in slot_ids:
                yield f"{at}.newspaper[{j}].subject: unknown slot {fact.subject!r}"
        for j, res in enumerate(pub.private):
            if res.recipient not in slot_ids:
                yield f"{at}.private[{j}].recipient: unknown slot {res.recipient!r}"
            if res.subject is not None and res.subject not in slot_ids:
                yield f"{at}.private[{j}].subject: unknown slot {res.subject!r}"
        for j, count in enumerate(pub.vote_counts):
            for k, line in enumerate(count.tally):
                if line.target not in slot_ids and line.target not in TALLY_SPECIAL_TARGETS:
                    yield f"{at}.vote_counts[{j}].tally[{k}].target: unknown {line.target!r}"
                for voter in line.voters:
                    if voter not in slot_ids:
                        yield f"{at}.vote_counts[{j}].tally[{k}].voters: unknown {voter!r}"


def _action_problems(at: str, entry: NightLog | DayLog, slot_ids: set[str]) -> Iterator[str]:
    actions: list[Action] = entry.actions
    for j, action in enumerate(actions):
        if action.actor not in slot_ids:
            yield f"{at}.actions[{j}].actor: unknown slot {action.actor!r}"
        for target in action.targets:
            if target not in slot_ids:
                yield f"{at}.actions[{j}].targets: unknown slot {target!r}"
    if isinstance(entry, NightLog) and entry.order is not None:
        for slot in entry.order:
            if slot not in slot_ids:
                yield f"{at}.order: unknown slot {slot!r}"
