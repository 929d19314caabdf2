"""The night engine: re-play each night of a game from the GM's action log."""

from engine.night.game import NightError, replay, replay_game
from engine.night.model import Ability, Event, Limit, Move, NightRules, Step
from engine.night.resolve import NightResult, run_night
from engine.night.state import Attack, NightState, Player

__all__ = ["Ability", "Attack", "Event", "Limit", "Move", "NightError", "NightResult",
           "NightRules", "NightState", "Player", "Step", "replay", "replay_game", "run_night"]
