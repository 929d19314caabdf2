"""Days and nights, with where each boundary was found."""

from __future__ import annotations

from typing import Literal

from pydantic import AwareDatetime, Field

from engine.gamelog.base import Model, PhaseKind, SourceRef, phase_key

BoundarySource = Literal[
    "gm-post",  # the GM announced it in the thread
    "transitions",  # a dataset's phase file (mafiascum transitions.tsv)
    "deadline",  # the rule set's clock (e.g. the day closes at 21:00 Moscow time)
    "vote-count",  # a GM vote count marking the end
    "hammer",  # the vote that reached majority
    "inferred",  # a heuristic; the ref's note says which
    "manual",
]


class Boundary(Model):
    """The start or end of a phase: a post, a time, or both, and how it was found."""

    post: int | None = Field(default=None, description="post number at the boundary")
    time: AwareDatetime | None = None
    source: BoundarySource
    ref: SourceRef | None = None


class Phase(Model):
    """A day or a night."""

    kind: PhaseKind
    number: int = Field(ge=0)
    start: Boundary | None = None
    end: Boundary | None = None

    @property
    def key(self) -> str:
        return phase_key(self.kind, self.number)
