"""What a GM log gives: actions per night and day, published results per phase, the slots'
roles, and every line it could not use with the reason."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.gamelog import Action, ParseIssue, PhasePublished


@dataclass
class RoleLine:
    """A slot's role as the roles post (or a reveal) gives it."""

    slot: str
    role: str | None
    faction: str | None
    raw: str
    line: int


@dataclass
class GmLog:
    file: str | None
    lines: int = 0
    nights: dict[int, list[Action]] = field(default_factory=dict)
    days: dict[int, list[Action]] = field(default_factory=dict)
    published: dict[str, PhasePublished] = field(default_factory=dict)
    roles: dict[str, RoleLine] = field(default_factory=dict)
    issues: list[ParseIssue] = field(default_factory=list)
    used: set[int] = field(default_factory=set)  # lines read into something
    silent: set[int] = field(default_factory=set)  # blank, headers, decoration

    @property
    def reported(self) -> set[int]:
        """Lines not used, each with an issue saying why."""
        return {i.where.line for i in self.issues
                if i.where.line is not None and i.where.line not in self.used}

    def phase(self, key: str) -> PhasePublished:
        if key not in self.published:
            self.published[key] = PhasePublished(phase=key)
        return self.published[key]

    def actions(self) -> list[Action]:
        return [a for n in sorted(self.nights) for a in self.nights[n]]
