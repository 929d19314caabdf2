"""The GM's action log: what each player sent, night by night and day by day."""

from __future__ import annotations

from pydantic import AwareDatetime, Field

from engine.gamelog.base import Model, OptionValue, SourceRef


class Action(Model):
    """One submitted action: who, which ability, on whom, with which options.

    `options` carries what the ability asks for beyond targets, e.g. ``{"attack":
    "psychic"}`` for Jen Li's murder, ``{"status": "mental"}`` for a status check, or
    ``{"role": "doctor"}`` for the world-cup maniac's guess.
    """

    actor: str = Field(description="slot id")
    ability: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", description="ability id")
    targets: list[str] = Field(default_factory=list, description="slot ids, in order")
    options: dict[str, OptionValue] = Field(default_factory=dict)
    submitted_at: AwareDatetime | None = None
    raw: str | None = Field(default=None, description="the GM log line")
    source: SourceRef | None = None


class Draw(Model):
    """A random draw the GM made (the engine takes the GM's draw, never draws itself)."""

    name: str = Field(description="what was drawn, e.g. 'journalist-sees'")
    outcome: OptionValue
    raw: str | None = None
    source: SourceRef | None = None


class NightLog(Model):
    """Night `number`: the actions sent, the order of moves when the rule set sets it per
    night (open-roles), and the GM's random draws."""

    number: int = Field(ge=0)
    actions: list[Action] = Field(default_factory=list)
    order: list[str] | None = Field(
        default=None, description="slot ids in action priority order, highest first"
    )
    draws: list[Draw] = Field(default_factory=list)


class DayLog(Model):
    """Day `number`: day actions (e.g. Cornelius's Power of Persuasion, a judge's ban)."""

    number: int = Field(ge=0)
    actions: list[Action] = Field(default_factory=list)
    draws: list[Draw] = Field(default_factory=list)
