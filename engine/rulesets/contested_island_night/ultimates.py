"""Contested Island's ultimate actions: Thwarting Plans, Trap, Last Bullet, Medical Miracles,
Assault, Paranoid Balance Balancing, and the remaining actions (seed 000): not built yet. The
rule set claims none of it (`SUPPORTED` lists only what has scenario cases)."""

from __future__ import annotations

from collections.abc import Callable

from engine.night.model import Ability, Move
from engine.night.state import Attack, NightState
from engine.rulesets.base import Ruling

ABILITIES: tuple[Ability, ...] = ()
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {}
ROLE_FEATURES: dict[str, tuple[tuple[str, int], ...]] = {}
NATURAL: tuple[Callable[[NightState, Attack], str | None], ...] = ()
RETARGET: tuple[Callable[[NightState, Move], None], ...] = ()
BEFORE_ATTACK: tuple[Callable[[NightState, Attack], None], ...] = ()
VISITED: tuple[Callable[[NightState, Move, str], None], ...] = ()
ENDS: tuple[Callable[[NightState], None], ...] = ()
# the points of the seed this part leaves open, each a named ruling with its options
RULINGS: tuple[Ruling, ...] = ()
