"""Exceptions of mafiakit. Each names the input (file, line, post or JSON path) and quotes
what is wrong, so that a message alone is enough to find the problem."""

from __future__ import annotations


class MafiakitError(Exception):
    """Base of every error mafiakit raises on purpose."""


class BadInputError(MafiakitError):
    """Input that cannot be used: the CLI exits with code 2 and prints the message."""

    def __init__(self, file: str | None, where: str | None, message: str) -> None:
        self.file = file
        self.where = where
        self.message = message
        place = ": ".join(p for p in (file, where) if p)
        super().__init__(f"{place}: {message}" if place else message)


class GameLogError(BadInputError):
    """A game-log file that does not parse or does not fit the format.

    `where` is a JSON path ("players[3].fate.kind") or a line and column for broken JSON.
    """
