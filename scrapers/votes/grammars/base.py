"""What a grammar is: marks in, commands out."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from scrapers.votes.marks import Mark

CommandKind = Literal["vote", "unvote", "no-lynch", "cancel"]


@dataclass(frozen=True)
class Command:
    """``vote`` with the name as written, ``unvote``, ``no-lynch``, or ``cancel`` with a
    name. `weight`: a weight the text itself states (rare); `void`: a reason the grammar
    already knows the command does not count (e.g. "not-formatted"), with `detail`."""

    kind: CommandKind
    name: str | None
    raw: str
    weight: float | None = None
    void: str | None = None
    detail: str | None = None


@dataclass(frozen=True)
class Grammar:
    id: str
    read: Callable[[Mark], list[Command]]
    prefilter: re.Pattern[str]  # a post whose HTML does not match holds no vote
    bold: bool = True  # bold runs are marks
    colour: bool = False  # coloured runs are marks
    plain_lines: bool = False  # each plain line of the post's own text is a mark too
