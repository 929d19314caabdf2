"""The state a night works on: every player's statuses, features, spent protections and
uses, and what the night has done so far (visits, blocks, protections, attacks, deaths).

A player's lasting state (`Player`) carries over from night to night; the night's own
records (`NightState`'s other fields) start empty each night. What a rule set alone keeps of
the night is a typed record its night rules make (`NightRules.night_record`, at the first
look: `NightState.own`, read through `own_as`); it keys a move by its number in the night
(`NightState.seq`), never by the object's address."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TypeVar

from engine.gamelog.base import OptionValue
from engine.night.model import Event, Harm, Move, NightRules, Value, Visibility

STATUS_KEYS = ("physical", "mental", "local")  # the seed's first, second and third status
R = TypeVar("R")  # a rule set's own record


@dataclass
class Player:
    slot: str
    role: str
    faction: str
    statuses: dict[str, str]  # physical: healthy|ill, mental: healthy|ill, local: local|non-local
    # features with what is left of them: a count of charges, or -1 for a standing feature
    features: dict[str, int] = field(default_factory=dict)
    alive: bool = True
    recruited_by: str | None = None  # the faction that recruited the player
    infected: int = 0  # burns a night (0: healthy; Bite makes it 2)
    lost: set[str] = field(default_factory=set)  # abilities and features burnt or maimed
    given: set[str] = field(default_factory=set)  # abilities a recruiter gave
    used: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    blocked_next: bool = False  # Patient Zero after a psychic attack
    # Stunning Blow: the moves to repeat next night, (ability, targets, options)
    repeat_next: list[tuple[str, tuple[str, ...], dict[str, OptionValue]]] = field(
        default_factory=list)
    # Pepper Spray: the maniac's (K) actions fail up to this night ("loses the ability to
    # kill for the current and next night"); 0: never blinded
    blinded_until: int = 0
    # infection and recruitment (contested-island's night: mech_infect, mech_recruit):
    infected_by: str | None = None  # who infected the player: the clue after a death from it
    ill_by_infection: bool = False  # the infection changed the first status (a cure reverts it)
    gifts: tuple[str, ...] = ()  # features a recruiter passed ("cannot be subsequently passed")
    heir_to: str | None = None  # the leader's action this recruit inherited ("inherits ...")
    # Ru's Trap: a pit in front of this player's house, (who dug it, the night it was dug)
    pit: tuple[str, int] | None = None
    # the night this player was killed and by whom (slot, role): Medical Miracles resurrects
    # only "if they were killed on the previous night", never the Night Hunter's victim
    killed: tuple[int, str, str] | None = None
    # actions done through Tactical Maneuver / Balancing, (night, ability): "Each action can be
    # performed no more than once per game"
    performed: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Player:
        """A copy the next night may change: the containers copied, their items (strings,
        numbers, tuples) shared. (`copy.deepcopy` cost two thirds of a night.)"""
        return replace(self, statuses=dict(self.statuses), features=dict(self.features),
                       lost=set(self.lost), given=set(self.given), used=list(self.used),
                       performed=list(self.performed), repeat_next=list(self.repeat_next))

    def has(self, feature: str) -> bool:
        return self.features.get(feature, 0) != 0 and feature not in self.lost

    def spend(self, feature: str) -> bool:
        """Use one charge of a feature; False when none is left."""
        left = self.features.get(feature, 0)
        if left == 0 or feature in self.lost:
            return False
        if left > 0:
            self.features[feature] = left - 1
        return True


@dataclass
class Attack:
    """A harm aimed at a player in the night, and what stopped it, if anything."""

    target: str
    harm: Harm
    by: str  # the attacker's slot
    step: str
    ability: str
    stopped_by: str | None = None  # the reason, when it did not land
    ignore_natural: bool = False
    ignore_external: bool = False


@dataclass
class NightState:
    night: int
    players: dict[str, Player]
    rules: NightRules
    rulings: Mapping[str, str] = field(default_factory=dict)
    moves: list[Move] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    visits: list[tuple[str, str, str]] = field(default_factory=list)  # (actor, target, ability)
    blocked: dict[str, str] = field(default_factory=dict)  # slot -> why its moves fail
    stunned: dict[str, str] = field(default_factory=dict)  # as blocked, unblockable or not
    isolated: dict[str, str] = field(default_factory=dict)  # slot -> who isolated it
    protections: list[tuple[str, Harm, str]] = field(default_factory=list)  # (target, harm, by)
    attacks: list[Attack] = field(default_factory=list)
    dying: dict[str, Attack] = field(default_factory=dict)  # slot -> the attack that landed
    step: str = ""  # the step being resolved
    moves_sent: list[Move] = field(default_factory=list)  # checked so far, before the night
    # moves sent elsewhere tonight: (the move, the ability that redirected it, its targets
    # before), so that a later effect can undo a redirection or hide what it did
    redirected: list[tuple[Move, str, tuple[str, ...]]] = field(default_factory=list)
    # tonight's new infections, slot -> the infection that took hold (mech_infect)
    infections: dict[str, Attack] = field(default_factory=dict)
    thwarted: str | None = None  # who applied Thwarting Plans ("All mafia actions ... fail")
    # the players' priority for the night, highest first, where the rule set orders moves by
    # player rather than by ability (open-roles: the day's voting order); empty otherwise
    order: list[str] = field(default_factory=list)
    # the rule set's own records of the night, one typed object its `NightRules.night_record`
    # makes (`own_as`): what the common fields above do not hold
    own: object | None = None
    numbered: int = 0  # the moves numbered so far (`seq`)

    def own_as(self, kind: type[R]) -> R:
        """The rule set's own records of the night, made at the first look: `kind` is the
        class its `night_record` makes (a rule set's typed accessor names it)."""
        own = self.own
        if own is None:
            if self.rules.night_record is None:
                raise TypeError("the rule set keeps no records of its own")
            own = self.own = self.rules.night_record(self)
        if not isinstance(own, kind):
            raise TypeError(f"the night's own records are a {type(own).__name__}, "
                            f"not a {kind.__name__}")
        return own

    def seq(self, move: Move) -> int:
        """The move's number in the night (`Move.seq`), given at its first use (the log's
        moves as they enter the night, a move the engine makes when first keyed): what a
        rule set's records key a move by, never shared by two moves of the night."""
        if move.seq == 0:
            self.numbered += 1
            move.seq = self.numbered
        return move.seq

    def alive(self, slot: str) -> bool:
        p = self.players.get(slot)
        return p is not None and p.alive

    def name(self, slot: str) -> str:
        return slot

    def record(self, kind: str, text: str, visibility: Visibility = "hidden", *,
               subject: str | None = None, recipient: str | None = None,
               actor: str | None = None, **details: Value) -> Event:
        event = Event(self.step, kind, text, visibility, subject, recipient, actor,
                      tuple(sorted(details.items())))
        self.events.append(event)
        return event
