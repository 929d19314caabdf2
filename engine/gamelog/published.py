"""What the GM announced: deaths, newspaper facts, private results, vote counts, victory.

Each item points at the post or GM-log line it came from. The game log records what was
published, never what the engine thinks should have happened; verification compares.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.gamelog.base import Model, OptionValue, PhaseKey, SourceRef

KIND_PATTERN = r"^[a-z0-9][a-z0-9-]*$"

DeathKind = Literal["eliminated", "killed", "modkilled"]


class Death(Model):
    """A slot announced dead (or removed by the vote), with the role shown, if any."""

    slot: str = Field(description="slot id")
    kind: DeathKind
    cause: str | None = Field(default=None, description="e.g. 'infection', 'psychic-attack'")
    revealed_role: str | None = None
    revealed_faction: str | None = None
    raw: str = ""
    source: SourceRef


class NewspaperFact(Model):
    """A fact shown in the morning newspaper, e.g. kind 'protected', subject 'Cuba'.

    `kind` comes from the rule set's vocabulary; `details` holds the rest, e.g. the hint at
    a recruited role or the clue to an attacker.
    """

    kind: str = Field(pattern=KIND_PATTERN)
    subject: str | None = Field(default=None, description="slot id the fact is about")
    details: dict[str, OptionValue] = Field(default_factory=dict)
    raw: str = ""
    source: SourceRef


class PrivateResult(Model):
    """A result the GM sent one player privately, e.g. the outcome of a check."""

    recipient: str = Field(description="slot id")
    ability: str | None = Field(default=None, description="ability the result answers")
    kind: str = Field(pattern=KIND_PATTERN, description="e.g. 'check', 'success', 'failure'")
    subject: str | None = Field(default=None, description="slot id the result is about")
    result: dict[str, OptionValue] = Field(default_factory=dict)
    raw: str = ""
    source: SourceRef


class TallyEntry(Model):
    """One line of a vote count: a target (slot id or 'no-lynch') and its votes."""

    target: str
    votes: float
    voters: list[str] = Field(default_factory=list, description="slot ids")
    extra: float = Field(
        default=0.0,
        description="votes in `votes` not cast by a listed voter: penalties for not voting, "
        "the avatar rule, day actions that add or remove a vote",
    )


class VoteCount(Model):
    """A vote count the GM posted during the day."""

    post: int
    tally: list[TallyEntry] = Field(default_factory=list)
    not_voting: list[str] = Field(default_factory=list, description="slot ids")
    raw: str = ""
    source: SourceRef

    def places(self, voter: str) -> set[str]:
        """The targets the count lists `voter` on ("" when it lists them as not voting)."""
        return {e.target for e in self.tally if voter in e.voters} | (
            {""} if voter in self.not_voting else set())


class MarkRuledOut(Model):
    """A vote mark the GM ruled does not count ("the moderator ignored it", "rejected", "not
    on its own line so the mod discounted it")."""

    post: int
    voter: str | None = Field(default=None, description="slot id; null: every mark of the post")
    source: SourceRef


class PhasePublished(Model):
    """Everything published about one phase (night N's results are about N)."""

    phase: PhaseKey
    deaths: list[Death] = Field(default_factory=list)
    no_elimination: SourceRef | None = Field(
        default=None,
        description="set when the GM announced that nobody was eliminated this day (no lynch); "
        "points at the announcement",
    )
    newspaper: list[NewspaperFact] = Field(default_factory=list)
    private: list[PrivateResult] = Field(default_factory=list)
    vote_counts: list[VoteCount] = Field(default_factory=list)
    vote_resets: list[SourceRef] = Field(
        default_factory=list,
        description="the GM cleared every standing vote (e.g. after a day-kill); each points "
        "at the post (`post`) from which the count starts again",
    )
    ruled_out: list[MarkRuledOut] = Field(
        default_factory=list, description="vote marks of the day the GM ruled do not count")


class Victory(Model):
    """The end of the game as announced."""

    winners: list[str] = Field(default_factory=list, description="winning factions")
    raw: str = ""
    source: SourceRef | None = None


class Published(Model):
    phases: list[PhasePublished] = Field(default_factory=list)
    victory: Victory | None = None

    def for_phase(self, key: str) -> PhasePublished | None:
        for item in self.phases:
            if item.phase == key:
                return item
        return None
