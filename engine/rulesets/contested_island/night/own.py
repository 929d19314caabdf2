"""What contested-island's night keeps of its own, beside the state every rule set's night
shares (`engine.night.state`): each player's `Islander` (the seed's three statuses,
infection, what a recruiter gave, the abilities and features burnt or maimed, a stunned
player's repeat, Pepper Spray's blinding, the pit, the actions performed through another),
made with the player (`new_player`, as `Player.own`) and carried with it from night to
night; and the night's `IslandNight` (tonight's infections, Thwarting Plans), made at the
night's first look (`NightRules.night_record`, as `NightState.own`).

`isle`, `statuses_of` and `night_of` read them typed; `has` and `spend` are a player's
features as the island counts them: a burnt or maimed feature is gone though charges are
left."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.gamelog.base import OptionValue
from engine.night.state import Attack, NightState, Player

STATUS_KEYS = ("physical", "mental", "local")  # the seed's first, second and third status


@dataclass
class Islander:
    """A player's own state on the island: what lasts from night to night."""

    statuses: dict[str, str]  # physical: healthy|ill, mental: healthy|ill, local: local|non-local
    infected: int = 0  # burns a night (0: healthy; Bite makes it 2)
    lost: set[str] = field(default_factory=set)  # abilities and features burnt or maimed
    given: set[str] = field(default_factory=set)  # abilities a recruiter gave
    blocked_next: bool = False  # Patient Zero after a psychic attack
    # Stunning Blow: the moves to repeat next night, (ability, targets, options)
    repeat_next: list[tuple[str, tuple[str, ...], dict[str, OptionValue]]] = field(
        default_factory=list)
    # Pepper Spray: the maniac's (K) actions fail up to this night ("loses the ability to
    # kill for the current and next night"); 0: never blinded
    blinded_until: int = 0
    # infection and recruitment (mech_infect, mech_recruit):
    infected_by: str | None = None  # who infected the player: the clue after a death from it
    ill_by_infection: bool = False  # the infection changed the first status (a cure reverts it)
    gifts: tuple[str, ...] = ()  # features a recruiter passed ("cannot be subsequently passed")
    heir_to: str | None = None  # the leader's action this recruit inherited ("inherits ...")
    # Ru's Trap: a pit in front of this player's house, (who dug it, the night it was dug)
    pit: tuple[str, int] | None = None
    # actions done through Tactical Maneuver / Balancing, (night, ability): "Each action can be
    # performed no more than once per game"
    performed: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Islander:
        """A copy the next night may change: the containers copied, their items (strings,
        numbers, tuples) shared (`Player.copy`)."""
        new = object.__new__(Islander)  # as `Player.copy`: no `dataclasses.replace`
        new.__dict__.update(self.__dict__)
        new.statuses = dict(self.statuses)
        new.lost = set(self.lost)
        new.given = set(self.given)
        new.repeat_next = list(self.repeat_next)
        new.performed = list(self.performed)
        return new


@dataclass
class IslandNight:
    """The night's own records: what lasts only the night."""

    # tonight's new infections, slot -> the infection that took hold (mech_infect)
    infections: dict[str, Attack] = field(default_factory=dict)
    thwarted: str | None = None  # who applied Thwarting Plans ("All mafia actions ... fail")


def isle(player: Player) -> Islander:
    """The player's own state on the island (a player the island's `new_player` made)."""
    return player.own_as(Islander)


def statuses_of(state: NightState, slot: str) -> dict[str, str]:
    """The player's three statuses (`STATUS_KEYS`), as the checks read them."""
    return isle(state.players[slot]).statuses


def night_of(state: NightState) -> IslandNight:
    """The night's own records (made empty at the first look)."""
    return state.own_as(IslandNight)


def has(player: Player, feature: str) -> bool:
    """The feature has a charge left (or stands), and was neither burnt nor maimed."""
    return player.features.get(feature, 0) != 0 and feature not in isle(player).lost


def spend(player: Player, feature: str) -> bool:
    """Use one charge of a feature; False when none is left."""
    left = player.features.get(feature, 0)
    if left == 0 or feature in isle(player).lost:
        return False
    if left > 0:
        player.features[feature] = left - 1
    return True
