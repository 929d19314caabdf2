"""What a day's count may ask of the game before it (`engine.replay.Replay` answers): the
count of an earlier day, the replay of an earlier night, each worked out once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from engine.day.result import DayResult

if TYPE_CHECKING:  # the night engine's types only: the day engine does not run nights
    from engine.night.resolve import NightResult
    from engine.night.state import Player


class History(Protocol):
    def day(self, number: int) -> DayResult:
        """Day `number`'s count under the same rulings."""
        ...

    def night(self, number: int) -> NightResult:
        """Night `number` replayed under the same rulings (a `NightError` when it cannot
        be)."""
        ...

    def players(self, number: int) -> dict[str, Player]:
        """The players as night `number` left them (`night(number).players`), asked for
        alone where the rest of the night does not matter."""
        ...
