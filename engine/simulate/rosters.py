"""Who plays a simulated game of each rule set: (role id, faction) per slot, drawn from the
rule set's own role lists, so that every role its night supports can come up."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.rulesets import get_ruleset

Roster = list[tuple[str, str]]


def _contested_island(_rnd: random.Random) -> Roster:
    """The seed's 16 characters, one each (its Player List has 16 islands)."""
    from engine.rulesets.contested_island import ROLES

    return [(role, ROLES[role].faction) for role in sorted(ROLES)]


def _world_cup(rnd: random.Random) -> Roster:
    """Every role of the seed once; the mayor, journalist and jester pick their side («до
    начала партии выбирает на какой стороне играет»)."""
    from engine.rulesets.world_cup_2018 import ROLES

    out: Roster = []
    for role in ROLES:
        if role.chooses_side:
            out.append((role.id, rnd.choice(["town", "dark"])))
        elif role.id != "zombie":  # «изначально не существует»
            out.append((role.id, role.faction))
    return out


def _open_roles(rnd: random.Random) -> Roster:
    """Every role of the list once; four of them mafs («В игре участвует 4 мафа»): the
    killer and three drawn from the others."""
    from engine.rulesets.open_roles import ROLES

    others = [r.id for r in ROLES if r.id != "killer" and r.faction is None]
    mafs = set(rnd.sample(others, 3))
    return [("killer", "mafia")] + [(r.id, "mafia" if r.id in mafs else "town")
                                    for r in ROLES if r.id != "killer"]


def _mafiascum(rnd: random.Random) -> Roster:
    """A mini: 12 vanilla players, 3 of them mafia goons."""
    mafia = set(rnd.sample(range(12), 3))
    return [("goon" if i in mafia else "vanilla-townie", "mafia" if i in mafia else "town")
            for i in range(12)]


ROSTERS: dict[str, Callable[[random.Random], Roster]] = {
    "contested-island": _contested_island, "world-cup-2018": _world_cup,
    "open-roles": _open_roles, "mafiascum": _mafiascum}


def roster(ruleset: str, rnd: random.Random) -> Roster:
    get_ruleset(ruleset)  # an unknown id is an error naming the known ones
    return ROSTERS[ruleset](rnd)
