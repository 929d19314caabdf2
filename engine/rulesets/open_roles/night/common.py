"""What every part of «Открытые роли»'s night shares: the seed, how a night ruling is
written and read, and the Russian words of the roles' abilities (for the results a player
is shown: the witch's swap, what a follower or watcher saw)."""

from __future__ import annotations

from functools import partial

from engine.night.state import NightState
from engine.rulesets.base import make_ruling, read_option
from engine.rulesets.open_roles.vocab import ID as ID
from engine.rulesets.open_roles.vocab import SEED

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


ruling = partial(make_ruling, ID, seed=SEED)  # the ruling `open-roles.<point>`


def option(state: NightState, point: str) -> str:
    """The option the night runs under for `point`: the chosen one, else the default."""
    from engine.rulesets.open_roles.night.rulings import RULINGS

    return read_option(state.rulings, RULINGS, f"{ID}.{point}")
