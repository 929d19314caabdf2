"""What every part of Contested Island's rules shares: the seed's name, the way a ruling is
written, and how a part reads the option chosen for one of its rulings."""

from __future__ import annotations

from engine.night.state import NightState
from engine.rulesets.base import Ruling, RulingOption

SEED = "000_b13eff22c14d7db7.txt"


def ruling(point: str, question: str, clause: str, options: tuple[tuple[str, str], ...],
           default: str) -> Ruling:
    """The ruling `contested-island.<point>`, its clause citing the seed."""
    return Ruling(key=f"contested-island.{point}", question=question, clause=f"{SEED}: {clause}",
                  options=tuple(RulingOption(v, d) for v, d in options), default=default)


def option(state: NightState, rulings: tuple[Ruling, ...], point: str) -> str:
    """The option the night runs under for `point`: the chosen one, else the default."""
    key = f"contested-island.{point}"
    return state.rulings.get(key) or next(r.default for r in rulings if r.key == key)
