"""Day and night boundaries read from the moderator's announcements."""

from scrapers.phases.detect import detect_day_starts, detect_phases, detect_phases_in
from scrapers.phases.signals import Signal, post_signals

__all__ = ["Signal", "detect_day_starts", "detect_phases", "detect_phases_in", "post_signals"]
