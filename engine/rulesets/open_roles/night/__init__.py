"""«Открытые роли»'s night (seed 003), put together from its parts: every move resolves in
one step, in the players' order (the day's voting, line 4), at its moment (`flow`); the
strikes (`force`), the doctor and the necromancer (`medicine`), the moves that move others
(`movement`), the follower and the watcher (`sight`), the night's end (`ends`), who may do
what (`rules`) and the night's rulings (`rulings`)."""

from __future__ import annotations

from engine.night.model import Ability, AbilityType, Limit, NightRules, Step
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night import force, medicine, movement, sight  # noqa: F401
from engine.rulesets.open_roles.night.ends import finish
from engine.rulesets.open_roles.night.flow import move_key, perform
from engine.rulesets.open_roles.night.messages import MESSAGES
from engine.rulesets.open_roles.night.records import start
from engine.rulesets.open_roles.night.rules import (
    ROLE_ABILITIES,
    check_night,
    day_before,
    from_log,
    may_use,
    new_player,
    order_from_log,
    winners,
)
from engine.rulesets.open_roles.night.rulings import RULINGS

MOVES = "moves"
STEPS = (Step("1", MOVES, "every move in the players' order, highest priority first"),)


def _ability(id_: str, name: str, name_ru: str, type_: AbilityType, targets: int = 1, *,
             limit: Limit | None = None, extra: bool = False) -> Ability:
    return Ability(id_, name, type_, MOVES, perform, limit=limit or Limit(), targets=targets,
                   name_ru=name_ru, extra=extra)


ABILITIES: dict[str, Ability] = {a.id: a for a in (
    # the kill is the night's duty of one maf, whatever his role: not counted as his move
    _ability(c.KILL, "Kill", "Убийство", "K", extra=True),
    _ability(c.HEAL, "Treatment", "Лечение", "+"),
    _ability(c.DRIVE, "Drive", "Прогулка с Водителем", "+", 2),
    _ability(c.MATCH, "Match", "Сводничество", "-", 2),
    _ability(c.MIRROR, "Mirror", "Зеркало", "?", 2),
    _ability(c.STUN, "Stun", "Удар Пукалкой", "-"),
    _ability(c.BLOCK, "Block", "Блок", "-"),
    _ability(c.GUARD, "Guard", "Охрана", "+"),
    _ability(c.SWAP, "Swap", "Обмен", "?", 2),
    _ability(c.STRIKE, "Samurai's kill", "Убийство самурая", "K"),
    _ability(c.STRIKE_AGAIN, "Samurai's second kill", "Второе убийство самурая", "K",
             extra=True),
    _ability(c.RAISE, "Raise", "Воскрешение", "+", limit=Limit(uses=1)),
    _ability(c.FOLLOW, "Follow", "Преследование", "I"),
    _ability(c.WATCH, "Watch", "Наблюдение", "I"),
)}

# the roles whose abilities the cases exercise; the master's are those he acquired, the vest
# and the bomb are passive, the fixer and the judge have no night move
SUPPORTED: dict[str, tuple[str, ...]] = dict(ROLE_ABILITIES)

NIGHT = NightRules(
    steps=STEPS, abilities=ABILITIES, new_player=new_player, may_use=may_use,
    self_target=True,  # the doctor may treat himself (line 31); other moves: check_night
    move_order=move_key, check_night=check_night, winners=winners, ends=(finish,),
    order_from_log=order_from_log, from_log=from_log,
    day_before=day_before, supported=SUPPORTED,
    night_record=start,  # the night's own records (`records.Rec`)
    # every morning message is one answer of the seed's list: another one is a dispute
    answers=frozenset(MESSAGES),
)

__all__ = ["ABILITIES", "NIGHT", "RULINGS", "STEPS", "SUPPORTED"]
