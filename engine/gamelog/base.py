"""Shared building blocks of the game-log format: the base model, phase keys, source pointers.

Every record in a game log says where it came from (`SourceRef`), because the log is evidence:
someone checking a GM's ruling must be able to go back to the post or log line.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

# A JSON value as stored in free-form option and detail maps. Kept to scalars and lists of
# scalars so that the JSON Schema stays simple and DataFrame views stay flat.
Scalar = str | int | float | bool | None
OptionValue = Scalar | list[str] | list[int]


class Model(BaseModel):
    """Base of every game-log record: unknown fields are an error, not silently dropped."""

    model_config = ConfigDict(extra="forbid", validate_default=True, use_enum_values=False)


PHASE_KEY_RE = re.compile(r"^(?P<kind>[DN])(?P<number>0|[1-9][0-9]*)$")

PhaseKey = Annotated[
    str,
    StringConstraints(pattern=PHASE_KEY_RE.pattern),
    Field(description='A phase: "D1" is day 1, "N1" is night 1 (N0: a night before day 1).'),
]
"""A phase as a short key: ``D<n>`` or ``N<n>``."""

PhaseKind = Literal["day", "night"]


def phase_key(kind: PhaseKind, number: int) -> str:
    """The key of a phase: ``phase_key("day", 2) == "D2"``."""
    return ("D" if kind == "day" else "N") + str(number)


def split_phase_key(key: str) -> tuple[PhaseKind, int]:
    """``"N3" -> ("night", 3)``; raises ValueError on anything else."""
    m = PHASE_KEY_RE.match(key)
    if m is None:
        raise ValueError(f"not a phase key: {key!r} (expected D<n> or N<n>)")
    kind: PhaseKind = "day" if m["kind"] == "D" else "night"
    return kind, int(m["number"])


def phase_sort_key(key: str) -> tuple[int, int]:
    """Chronological order of phase keys.

    Night N follows day N (the usual forum rhythm: day 1, night 1, day 2, ...); night 0, when a
    game has one, comes before day 1.
    """
    kind, number = split_phase_key(key)
    return (number, 1 if kind == "night" else 0)


SourceKind = Literal[
    "post",  # a post in the thread (by its number)
    "gm-log",  # a line of the GM's published action log
    "roster",  # a line of a roster file
    "archive",  # a line of a dataset's metadata file (e.g. mafiascum archive.txt)
    "transitions",  # a row of a dataset's phase file (e.g. mafiascum transitions.tsv)
    "rule",  # derived from the rule set's written rules (e.g. a deadline)
    "inferred",  # inferred by a heuristic; `note` says which
    "manual",  # typed in by a person
]


class SourceRef(Model):
    """Where a record came from: a post, a line of a file, or a rule; with the raw text."""

    kind: SourceKind
    post: int | None = Field(default=None, description="post number in the thread")
    file: str | None = Field(default=None, description="source file (as listed in meta.sources)")
    line: int | None = Field(default=None, ge=1, description="1-based line in `file`")
    text: str | None = Field(default=None, description="the raw text the record was read from")
    note: str | None = None
