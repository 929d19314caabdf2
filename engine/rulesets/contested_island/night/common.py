"""What every part of Contested Island's rules shares: the seed's name, the way a ruling is
written, and how a part reads the option chosen for one of its rulings."""

from __future__ import annotations

from functools import partial

from engine.night.state import NightState
from engine.rulesets.base import Ruling, make_ruling, read_option
from engine.rulesets.contested_island.vocab import ID, SEED

ruling = partial(make_ruling, ID, seed=SEED)  # the ruling `contested-island.<point>`


def option(state: NightState, rulings: tuple[Ruling, ...], point: str) -> str:
    """The option the night runs under for `point`: the chosen one, else the default."""
    return read_option(state.rulings, rulings, f"{ID}.{point}")


__all__ = ["SEED", "option", "ruling"]
