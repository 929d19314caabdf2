"""«Чемпионат мира 2018»'s night (seed 001_221c34118e616beb.txt), put together from its
parts: the order of moves (`steps`), the shooters (`weapons`), the clans' recruitment and
letters (`mafia`), the town (`town`), the neutrals (`neutrals`), the doping clan (`doping`),
the fairy's gifts (`gifts`) and her day-1 artifacts (`day`), the checks before the night
(`limits`), what meets every move and the night's end (`night_end`), the victory conditions
(`victory`), the rulings (`rulings`)."""

from __future__ import annotations

from engine.night.model import Ability, Move, NightRules
from engine.night.state import NightState, Player
from engine.rulesets.world_cup_2018.night import (
    day,
    doping,
    gifts,
    mafia,
    neutrals,
    night_end,
    town,
    weapons,
)
from engine.rulesets.world_cup_2018.night.common import ITEMS, OWN_VEST, SIDE_CHOOSERS, Records
from engine.rulesets.world_cup_2018.night.limits import check_night
from engine.rulesets.world_cup_2018.night.rulings import RULINGS
from engine.rulesets.world_cup_2018.night.steps import STEPS
from engine.rulesets.world_cup_2018.night.victory import winners
from engine.rulesets.world_cup_2018.vocab import ROLES, gift_id

PARTS = (weapons, mafia, town, neutrals, doping, gifts)
ABILITIES: dict[str, Ability] = {a.id: a for part in PARTS for a in part.ABILITIES}
_FACTION = {r.id: r.faction or "" for r in ROLES}
# «Любой игрок вместо своего ночного хода может бегать с колом.»
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    role: (*(a for part in PARTS for a in part.ROLE_ABILITIES.get(role, ())), "stake")
    for role in _FACTION}

# what the night engine implements of each role, each exercised by scenario cases
SUPPORTED: dict[str, tuple[str, ...]] = dict(ROLE_ABILITIES)

# the features a role starts with: «Имеет бронежилет с начала партии» (the bosses, the
# sheriff: a vest, and which one is his role's, `common.OWN_VEST`); «Имеет 2 жизни» (the
# priest), «имеет 2 жизни с начала игры» (the fairy)
_VEST = {"vest": 1, OWN_VEST: 1}
START: dict[str, dict[str, int]] = {
    "corrupt-boss": _VEST, "dirty-boss": _VEST, "sheriff": _VEST,
    "priest": {"lives": 2}, "fairy": {"lives": 2},
}


def new_player(slot: str, role: str) -> Player:
    """A mayor, journalist or jester «до начала партии выбирает на какой стороне играет»:
    no side here, so that the replay takes the log's (the slot's faction, "town" or
    "dark"); without one the player is undecided and counts as neither."""
    faction = "" if role in SIDE_CHOOSERS else _FACTION.get(role, "")
    return Player(slot, role, faction, dict(START.get(role, {})))


def may_use(player: Player, ability: Ability) -> str | None:
    """The role's abilities, the held gifts' (`gifts.HELD`); «Сухарь может быть превращен
    ведущим в камень (не сможет выполнять дневных и ночных ходов, голосовать)»: feature
    "stoned"."""
    if player.features.get("stoned", 0):
        return "turned to stone («сухарь»)"
    if ability.id in ROLE_ABILITIES.get(player.role, ()):
        return None
    need = gifts.HELD.get(ability.id)
    if need is not None and player.features.get(need, 0) > 0:
        return None
    return f"not an action of {player.role}"


# the order within a step: the mirror before anything it turns; the necromancer raises
# before his zombies eat; the pocket mirror looks last; then by slot (never the log's order)
_FIRST = {"mirror": 0, "raise": 0, "pocket-mirror": 2}


def move_order(state: NightState, move: Move) -> int:
    slots = sorted(state.players)
    place = slots.index(move.actor) if move.actor in slots else len(slots)
    return _FIRST.get(move.ability.id, 1) * 1000 + place


NIGHT: NightRules = NightRules(
    steps=STEPS, abilities=ABILITIES,
    new_player=new_player, may_use=may_use, self_target=True,
    check_night=check_night, move_order=move_order,
    retarget=night_end.RETARGET, ends=night_end.ENDS,
    winners=winners,
    day_before=day.day_before, from_log=day.after_the_day,
    supported=SUPPORTED,
    features=ITEMS,  # «вещи»: what a player holds and what takes or uses it
    feature_named=gift_id,  # a gift as the log writes it: «черная метка» or its id
    night_record=lambda _state: Records(),  # the night's own records, empty at the start
    option_choices={
        "gift": ({"gift": "vest", "gift2": "cross"},
                 {"gift": "chinese-vest", "gift2": "antidote"},
                 {"gift": "mirror", "gift2": "poison-perfume"}),
        "maniac-kill": tuple({"role": r} for r in ("citizen", "vampire", "priest",
                                                    "corrupt-boss", "necromancer")),
        "recruit": ({"consent": True}, {"consent": False}),
        "watch": ({"take-weapon": True}, {"take-weapon": False}),
        "steal": ({}, {"item": "vest"}),
        "seduce": ({}, {"item": "vest"}),
    },
)

__all__ = ["ABILITIES", "NIGHT", "ROLE_ABILITIES", "RULINGS", "STEPS", "SUPPORTED"]
