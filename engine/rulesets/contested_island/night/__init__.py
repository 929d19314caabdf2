"""Contested Island's night (seed 000), put together from its parts: the order of actions
(`steps`), the character sheets (`characters`), and the actions and features of each part of
the night (`basics`, `infection`, `recruitment`, `redirection`, `ultimates`). A part lists its
abilities, what it adds to the character sheets, and its hooks into the shared mechanics.
What the island keeps of a player and of a night beyond the common state (statuses,
infection, what a recruiter gave, ...) is its own typed record (`own`)."""

from __future__ import annotations

from collections.abc import Callable

from engine.night.model import Ability, Move, NightRules
from engine.night.state import Attack, NightState, Player
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night import (
    basics,
    basics_rulings,
    general,
    infection,
    recruitment,
    redirection,
    ultimates,
)
from engine.rulesets.contested_island.night.characters import (
    CHARACTERS,
    NON,
    Character,
    H,
    side_rank,
)
from engine.rulesets.contested_island.night.own import (
    STATUS_KEYS,
    Islander,
    IslandNight,
    has,
    isle,
)
from engine.rulesets.contested_island.night.steps import STEPS
from engine.rulesets.contested_island.vocab import FEATURES_LIST
from engine.rulesets.contested_island.vocab import ROLES as _ROLES

PARTS = (basics, infection, recruitment, redirection, ultimates)

ABILITIES: dict[str, Ability] = {a.id: a for part in PARTS for a in part.ABILITIES}
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    role: tuple(dict.fromkeys([*c.abilities, *(a for part in PARTS
                                               for a in part.ROLE_ABILITIES.get(role, ()))]))
    for role, c in CHARACTERS.items()}
ROLE_FEATURES: dict[str, dict[str, int]] = {
    role: dict([*c.features, *(f for part in PARTS for f in part.ROLE_FEATURES.get(role, ()))])
    for role, c in CHARACTERS.items()}

# the rulings the parts of the night add to the rule set's own
RULINGS: tuple[Ruling, ...] = (*general.RULINGS,
                                *(r for part in PARTS for r in part.RULINGS))

# what the night engine implements of each role: the rule set claims no more
SUPPORTED: dict[str, tuple[str, ...]] = {
    role: tuple(a for a in abilities if a in ABILITIES)
    for role, abilities in ROLE_ABILITIES.items()}


def new_player(slot: str, role: str) -> Player:
    """The player as the character sheet starts them, with the island's own record of
    them (`own.Islander`: the sheet's statuses, and what the nights will add)."""
    sheet = CHARACTERS.get(role)
    if sheet is None:
        return Player(slot, role, "", own=Islander({"physical": H, "mental": H, "local": NON}))
    from engine.rulesets.contested_island.vocab import ROLES
    return Player(slot, role, ROLES[role].faction or "", dict(ROLE_FEATURES[role]),
                  own=Islander(dict(zip(STATUS_KEYS, sheet.statuses, strict=True))))


def may_use(player: Player, ability: Ability) -> str | None:
    if player.role not in CHARACTERS:
        return f"the role {player.role!r} has no night sheet"
    isl = isle(player)
    own = ability.id in ROLE_ABILITIES[player.role] or ability.id in isl.given
    if not own or ability.id in isl.lost:
        return f"not an action of {player.role}"
    return None


NATURALS: tuple[Callable[[NightState, Attack], str | None], ...] = tuple(
    h for part in PARTS for h in part.NATURAL)


def natural(state: NightState, hit: Attack) -> str | None:
    """The first part's reason the attack does not land, in the parts' order."""
    for hook in NATURALS:
        why = hook(state, hit)
        if why is not None:
            return why
    return None


# merged steps, in the seed's order: "9-10) Block from mafia players", "12) Jen Li's Ult /
# Patient Zero's Ult", "14-15) Murders by the Order / Murders or Infection by the Infected",
# "20-21) Murder or psychic attack from Jen Li / Murder or infection from Patient Zero": the
# Order of Li before the Infected
_MERGED = frozenset({"block-mafia", "mafia-ultimates", "recruit-kills", "leader-kills"})


def move_order(state: NightState, move: Move) -> int:
    player = state.players.get(move.actor)
    if player is None or move.ability.step not in _MERGED:
        return 0
    return side_rank(player.recruited_by or player.faction)


NIGHT = NightRules(
    steps=STEPS, abilities=ABILITIES,
    actions_per_night={r: c.actions for r, c in CHARACTERS.items()},
    # Features List: "Ability to use 2 actions per night" (a recruiter's gift)
    actions_for=lambda p, n: max(n, 2) if has(p, "two-actions") else n,
    natural=natural, new_player=new_player, may_use=may_use,
    # Max Milton, Physical Might: "... cannot be blocked."
    unblockable=lambda p: has(p, "unblockable"),
    acts_isolated=basics_rulings.acts_isolated,  # ruling isolation-vs-unblockable
    move_order=move_order,
    check_night=general.mafia_limit,
    winners=general.winners,
    retarget=tuple(h for part in PARTS for h in part.RETARGET),
    before_attack=tuple(h for part in PARTS for h in part.BEFORE_ATTACK),
    visited=tuple(h for part in PARTS for h in part.VISITED),
    ends=tuple(h for part in PARTS for h in part.ENDS),
    carried=basics.carried,  # Patient Zero's block, Stunning Blow's repeat
    from_day=basics.spent_by_day,  # a one-time protection the day's execution used up
    night_record=lambda _state: IslandNight(),  # tonight's infections, Thwarting Plans
    supported=SUPPORTED,
    # the characters' own features and the Features List's gifts
    features=tuple(sorted({f for fs in ROLE_FEATURES.values() for f in fs}
                          | {f for r in _ROLES.values() for f in r.features}
                          | (set(FEATURES_LIST) - set(recruitment.UNMODELLED)))),
    unmodelled=recruitment.UNMODELLED,  # Features List gifts refused at recruitment
    option_choices={
        "murder": ({"attack": "physical"}, {"attack": "psychic"}),
        "hunt": ({"mode": "attack"}, {"mode": "infect"}),  # Patient Zero's Hunt
        **{a: ({"actions": "", "features": ""}, {"actions": "block", "features": "double-vote"},
               {"actions": "physical-attack,block",
                "features": "double-vote,physical-protection"})
           for a in ("planted-spies", "infecting")},  # what the recruiter gives
        **{a: tuple({"action": x} for x in ("cover", "bit-of-optimism", "shank", "treatment",
                                            "medical-miracles"))
           for a in ("balance-balancing", "tactical-maneuver")},  # the action applied
        "rumors-and-gossip": tuple(  # the GM's answers, right or wrong
            {"questions": ["side", "physical", "weapon"], "answers": answers}
            for answers in (["town", "healthy", "none"], ["mafia", "ill", "knife"])),
    },
)

__all__ = ["ABILITIES", "CHARACTERS", "NIGHT", "ROLE_ABILITIES", "STEPS", "SUPPORTED",
           "Character"]
