"""What verification reports: findings, never a bare yes or no."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Status = Literal["confirmed", "disputed", "unverifiable", "ruling-dependent"]


@dataclass(frozen=True)
class Finding:
    """One published item checked against the replay.

    `expected` is what the rules give (under the chosen rulings), `published` what the GM
    announced; `chain` the steps that produced the expectation; `by_option` the outcome under
    each option of a ruling that changes it ("mafiascum.deadline=plurality" -> "Bob").
    """

    phase: str  # "D2", "N1"
    item: str  # e.g. "elimination"
    status: Status
    expected: str | None
    published: str | None
    reason: str
    chain: tuple[str, ...] = ()
    by_option: dict[str, str] = field(default_factory=dict)
    source: str | None = None  # where the published item came from


@dataclass
class Report:
    game: str
    rulings: dict[str, str]
    findings: list[Finding] = field(default_factory=list)
    # signs that the log itself was misread (`engine.verify.reading.misreadings`): said
    # before the findings, which they make doubtful
    warnings: list[str] = field(default_factory=list)

    def count(self, status: Status) -> int:
        return sum(1 for f in self.findings if f.status == status)

    @property
    def disputed(self) -> bool:
        return any(f.status == "disputed" for f in self.findings)
