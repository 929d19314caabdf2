"""mafiascum `transitions.tsv`: per game number, the post numbers that ended Day 1, 2, ...

Cells: a post number; ``-`` after the last day; ``missing`` where the day's end is not known
(the thread lost posts); blank padding. Anything else in the game's row is bad input.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import BadInputError


@dataclass
class DayEnds:
    """Day ends of one game: ``ends[i]`` is the post ending day i+1, or None when missing."""

    game_number: str
    ends: list[int | None]
    line: int


def read_day_ends(text: str, game_number: str, file: str) -> DayEnds:
    """The row of `game_number`. Raises `BadInputError` naming the line and column for a
    non-numeric cell or a missing row."""
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
        ends: list[int | None] = []
        for col, cell in enumerate(cells[1:], start=1):
            value = cell.strip()
            name = header[col] if col < len(header) and header[col] else f"column {col + 1}"
            if value == "-":
                break
            if value == "":
                continue
            if value.lower() == "missing":
                ends.append(None)
                continue
            if not value.isdigit():
                raise BadInputError(
                    file, f"line {number}",
                    f"game {game_number}, {name}: {value!r} is not a post number "
                    "(expected digits, '-' or 'missing')")
            if ends and ends[-1] is not None and int(value) <= ends[-1]:
                raise BadInputError(
                    file, f"line {number}",
                    f"game {game_number}, {name}: post {value} does not come after the "
                    f"previous day's end (post {ends[-1]})")
            ends.append(int(value))
        return DayEnds(game_number=game_number, ends=ends, line=number)
    raise BadInputError(file, None, f"no row for game number {game_number}")
