"""mafiascum `transitions.tsv`: per game number, the post numbers that ended Day 1, 2, ...

Cells: a post number; ``-`` after the last day; ``missing`` where the day's end is not known
(the thread lost posts); blank padding. Strict, anything else in the game's row is bad input
(at the first such cell). Lenient (the default), every bad cell is a warning: a cell holding
one number among other signs ('#512', '512?') is that number; any other cell, and a post that
does not come after the previous day's end, is taken as 'missing'; a game without a row has
no recorded day ends.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import BadInputError
from engine.gamelog import ParseIssue, Where

_ONE_NUMBER = re.compile(r"^\D*(\d+)\D*$")


@dataclass
class DayEnds:
    """Day ends of one game: ``ends[i]`` is the post ending day i+1, or None when missing.
    `line`: the row's line (None: no row)."""

    game_number: str
    ends: list[int | None]
    line: int | None
    issues: list[ParseIssue] = field(default_factory=list)


def read_day_ends(text: str, game_number: str, file: str, *, strict: bool = False) -> DayEnds:
    """The row of `game_number`. Strict: raises `BadInputError` naming the line and column for
    a non-numeric cell, a post before the previous end, or a missing row. Lenient: each of
    these is a warning in `issues`, and the row is read on."""
    lines = text.splitlines()
    header: list[str] = []
    for number, line in enumerate(lines, start=1):
        cells = line.split("\t")
        first = cells[0].strip()
        if first == "Number":
            header = [c.strip() for c in cells]
            continue
        if first != game_number:
            continue
        out = DayEnds(game_number=game_number, ends=[], line=number)
        for col, cell in enumerate(cells[1:], start=1):
            value = cell.strip()
            name = header[col] if col < len(header) and header[col] else f"column {col + 1}"
            if value == "-":
                break
            if value == "":
                continue
            if value.lower() == "missing":
                out.ends.append(None)
                continue
            out.ends.append(_cell(value, name, number, out, file, strict))
        return out
    if strict:
        raise BadInputError(file, None, f"no row for game number {game_number}")
    return DayEnds(game_number=game_number, ends=[], line=None, issues=[ParseIssue(
        severity="warning", code="transitions-no-row", where=Where(file=file),
        message=f"no row for game number {game_number}; the days' ends are not recorded")])


def _cell(value: str, name: str, line: int, out: DayEnds, file: str,
          strict: bool) -> int | None:
    """One day's end: the post number, or None (missing) with a warning when the cell is
    not read as one."""
    where = Where(file=file, line=line)
    # strict compares with the day just before (as it always did); lenient with the last
    # known end, past any 'missing' cells
    previous = (out.ends[-1] if out.ends else None) if strict else \
        next((e for e in reversed(out.ends) if e is not None), None)
    if not value.isdigit():
        if strict:
            raise BadInputError(
                file, f"line {line}",
                f"game {out.game_number}, {name}: {value!r} is not a post number "
                "(expected digits, '-' or 'missing')")
        m = _ONE_NUMBER.match(value)
        if m is None:
            out.issues.append(ParseIssue(
                severity="warning", code="transitions-bad-cell", where=where,
                message=f"game {out.game_number}, {name}: {value!r} is not a post number; "
                        "taken as 'missing'", text=value))
            return None
        out.issues.append(ParseIssue(
            severity="warning", code="transitions-bad-cell", where=where,
            message=f"game {out.game_number}, {name}: {value!r} read as post {m.group(1)}",
            text=value))
        value = m.group(1)
    post = int(value)
    if previous is not None and post <= previous:
        if strict:
            raise BadInputError(
                file, f"line {line}",
                f"game {out.game_number}, {name}: post {post} does not come after the "
                f"previous day's end (post {previous})")
        out.issues.append(ParseIssue(
            severity="warning", code="transitions-out-of-order", where=where,
            message=f"game {out.game_number}, {name}: post {post} does not come after the "
                    f"previous day's end (post {previous}); taken as 'missing'", text=value))
        return None
    return post
