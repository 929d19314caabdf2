"""The day engine: re-count each day's votes under the game's rule set."""

from engine.day.count import count_day, count_days, count_rules
from engine.day.result import Ballot, DayEvent, DayResult, NotCounted, TallyLine
from engine.day.window import DayWindow, alive_at_start, day_window, days_of

__all__ = ["Ballot", "DayEvent", "DayResult", "DayWindow", "NotCounted", "TallyLine",
           "alive_at_start", "count_day", "count_days", "count_rules", "day_window", "days_of"]
