"""Random legal games of any registered rule set (seeded): `play` makes the game log a GM's
thread and action log would give; rendering it as a forum thread comes after."""

from engine.simulate.play import SimulationError, play

__all__ = ["SimulationError", "play"]
