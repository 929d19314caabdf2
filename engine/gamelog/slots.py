"""Player slots: who played each seat, as what, and how it ended for them.

A slot is a seat in the game. Several forum nicks can play it in turn (replacements); the
slot keeps its in-game name (e.g. the island "Куба"), its role and faction, and its fate.
Changes during the game (recruitment, infection, statuses, zombification) are `changes`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from engine.gamelog.base import Model, OptionValue, PhaseKey, SourceRef


class Occupant(Model):
    """One forum account that played the slot, from `from_post` on."""

    nick: str = Field(min_length=1)
    user_id: str | None = None
    from_post: int | None = Field(
        default=None,
        description="post number from which this nick plays the slot; null for the first",
    )
    source: SourceRef | None = Field(
        default=None, description="where the replacement was announced or first seen"
    )


FateKind = Literal[
    "survived",  # alive at the end of the game
    "eliminated",  # removed by the day vote (lynch, execution, "посадка")
    "killed",  # killed by an action, at night or by day
    "modkilled",  # removed by the GM for a rules violation or inactivity
    "endgamed",  # alive when the game ended in the opponents' win
    "unknown",
]


class Fate(Model):
    """How the slot's game ended."""

    kind: FateKind
    phase: PhaseKey | None = Field(default=None, description="the day or night it happened")
    cause: str | None = Field(default=None, description="e.g. 'infection', 'psychic-attack'")
    raw: str | None = Field(default=None, description="the fate as written in the source")
    source: SourceRef | None = None

    @model_validator(mode="after")
    def _survivor_has_no_phase(self) -> Fate:
        if self.kind == "survived" and self.phase is not None:
            raise ValueError("a surviving slot has no phase of death")
        return self


class SlotChange(Model):
    """A change to a slot during the game: recruited, infected, a status changed, ...

    `kind` names the change in the rule set's vocabulary (e.g. 'recruited', 'infected',
    'status', 'zombified', 'resurrected', 'maimed', 'stoned'); `details` holds the rest
    (e.g. {"status": "mental", "value": "ill"}).
    """

    phase: PhaseKey
    kind: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    role: str | None = Field(default=None, description="role after the change, if it changed")
    faction: str | None = Field(default=None, description="faction after, if it changed")
    details: dict[str, OptionValue] = Field(default_factory=dict)
    source: SourceRef | None = None


class Slot(Model):
    """A seat in the game."""

    id: str = Field(min_length=1, description="stable key used by votes, actions and results")
    number: int | None = Field(default=None, description="position in the roster")
    occupants: list[Occupant] = Field(min_length=1, description="nicks in the order they played")
    ingame_name: str | None = Field(default=None, description="e.g. the island 'Куба'")
    aliases: list[str] = Field(default_factory=list)
    role: str | None = Field(default=None, description="role id (rule set) or role as listed")
    role_name: str | None = Field(default=None, description="the role as written in the source")
    faction: str | None = Field(default=None, description="faction at the start")
    statuses: dict[str, str] = Field(default_factory=dict, description="statuses at the start")
    fate: Fate = Field(default_factory=lambda: Fate(kind="unknown"))
    changes: list[SlotChange] = Field(default_factory=list)
    source: SourceRef | None = None

    @property
    def nicks(self) -> list[str]:
        """Every nick that played the slot, first to last."""
        return [o.nick for o in self.occupants]

    @property
    def name(self) -> str:
        """Display name: the in-game name if any, else the last nick."""
        return self.ingame_name or self.occupants[-1].nick

    def occupant_at(self, post: int) -> Occupant:
        """The occupant playing the slot at post number `post`."""
        current = self.occupants[0]
        for occ in self.occupants[1:]:
            if occ.from_post is not None and occ.from_post <= post:
                current = occ
        return current
