"""What every part of «Открытые роли»'s night shares: the seed, how a night ruling is
written and read, and the Russian words of the roles' abilities (for the results a player
is shown: the witch's swap, what a follower or watcher saw)."""

from __future__ import annotations

from engine.night.state import NightState
from engine.rulesets.base import Ruling, RulingOption

SEED = "003_c4a1da6441152901.txt"
ID = "open-roles"  # the rule set's id and the key of its records in `NightState.extra`

# the abilities, by id, with the Russian word a result shows
KILL = "kill"  # the mafia's killer of the night: «Совершает убийство одного из персонажей»
HEAL = "heal"  # doctor: «лечение», «укол»
DRIVE = "drive"  # driver: takes one or two companions away for the night
MATCH = "match"  # matchmaker: «Сводит 2 игроков»
MIRROR = "mirror"  # mirror: «Отбивает ночные ходы ... в сторону других игроков»
STUN = "stun"  # stunner: «Оглушает»
BLOCK = "block"  # bore: blocks
GUARD = "guard"  # bodyguard: «Защищает игрока»
SWAP = "swap"  # witch: «Меняет местами ночные способности двух персонажей»
STRIKE = "strike"  # samurai: «Имеет возможность совершить ночное убийство»
STRIKE_AGAIN = "strike-again"  # samurai: «а самурай может убить еще раз» (ruling samurai-again)
RAISE = "raise"  # necromancer: «может воскресить любого из убитых персонажей»
FOLLOW = "follow"  # follower: «видит что и с кем тот делает ночью»
WATCH = "watch"  # watcher: «Следит за одним из игроков и видит кто и как ... воздействовать»

WORDS: dict[str, str] = {
    KILL: "убийство", HEAL: "лечение", DRIVE: "прогулка", MATCH: "сводничество",
    MIRROR: "зеркало", STUN: "оглушение", BLOCK: "блок", GUARD: "охрана", SWAP: "обмен",
    STRIKE: "удар самурая", STRIKE_AGAIN: "удар самурая", RAISE: "воскрешение",
    FOLLOW: "слежка", WATCH: "наблюдение",
}


def ruling(point: str, question: str, clause: str, options: tuple[tuple[str, str], ...],
           default: str) -> Ruling:
    """The ruling `open-roles.<point>`, its clause citing the seed."""
    return Ruling(key=f"{ID}.{point}", question=question, clause=f"{SEED}: {clause}",
                  options=tuple(RulingOption(v, d) for v, d in options), default=default)


def option(state: NightState, point: str) -> str:
    """The option the night runs under for `point`: the chosen one, else the default."""
    from engine.rulesets.open_roles_night.rulings import RULINGS

    key = f"{ID}.{point}"
    return state.rulings.get(key) or next(r.default for r in RULINGS if r.key == key)
