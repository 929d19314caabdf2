"""The state a night works on: every player's role, side, features with their charges and
uses, and what the night has done so far (visits, blocks, protections, attacks, deaths).

A player's lasting state (`Player`) carries over from night to night; the night's own
records (`NightState`'s other fields) start empty each night. Both hold only what every
rule set's night uses: what one rule set alone keeps is a typed record of its own, made by
its night rules (`NightRules`): of a player, `Player.own` (contested-island's `Islander`:
statuses, infection, what a recruiter gave, ...), made by `new_player` and copied with the
player; of the night, `NightState.own` (open-roles' `Rec`, world-cup's `Records`,
contested-island's `IslandNight`), made by `night_record` at the first look. The rule set
reads them through a typed accessor (`own_as`), and keys a move in them by its number in
the night (`NightState.seq`), never by the object's address."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from engine.night.model import Event, Harm, Move, NightRules, Value, Visibility

R = TypeVar("R")  # a rule set's own record


class Own(Protocol):
    """A rule set's own record of a player (`Player.own`): what lasts of the player from
    night to night that the common fields do not hold (contested-island: its statuses,
    infection, what a recruiter gave, ...)."""

    def copy(self) -> Own:
        """A copy the next night may change (`Player.copy`)."""
        ...


@dataclass
class Player:
    """A player as every rule set's night has one; what a rule set alone keeps of a player
    is its `own` record, which its `NightRules.new_player` makes."""

    slot: str
    role: str
    faction: str
    # features with what is left of them: a count of charges, or -1 for a standing feature
    features: dict[str, int] = field(default_factory=dict)
    alive: bool = True
    recruited_by: str | None = None  # the faction that recruited the player
    # the moves sent and accepted, (night, ability, targets): the abilities' limits
    used: list[tuple[int, str, tuple[str, ...]]] = field(default_factory=list)
    # the night this player was killed and by whom (night, slot, role): a revival asks it
    # (contested-island's Medical Miracles resurrects only "if they were killed on the
    # previous night", never the Night Hunter's victim; open-roles' doctor, necromancer)
    killed: tuple[int, str, str] | None = None
    own: Own | None = None  # the rule set's own record of the player, if it keeps one

    def copy(self) -> Player:
        """A copy the next night may change: the containers copied, their items (strings,
        numbers, tuples) shared, the rule set's own record copied by its own `copy`.
        (`copy.deepcopy` cost two thirds of a night.)"""
        new = object.__new__(Player)  # `dataclasses.replace` re-validates every field: slower
        new.__dict__.update(self.__dict__)
        new.features = dict(self.features)
        new.used = list(self.used)
        new.own = self.own.copy() if self.own is not None else None
        return new

    def own_as(self, kind: type[R]) -> R:
        """The rule set's own record of the player: `kind` is the class its `new_player`
        makes (a rule set's typed accessor names it)."""
        own = self.own
        if not isinstance(own, kind):
            raise TypeError(f"{self.slot}'s own record is a {type(own).__name__}, "
                            f"not a {kind.__name__}")
        return own


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
    ignore_healing: bool = False  # no treatment saves from it (once it landed)


class Arrested(Exception):
    """What met a move at its target as it came (a visit hook: a Date's strike the doctor
    heals himself of, "instead of his action") stopped it: its effect ends there and the
    move does nothing more (`resolve._resolve` records the failure)."""


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
    # slot -> every attack that landed on it tonight, in the order they landed: each is its
    # own record, so a remedy of one kind (a psychic attack healed, one attacker fallen into
    # a pit) takes off its own and the player still dies of the others (`mechanics.spare`).
    # A slot is here only while one is left
    dying: dict[str, list[Attack]] = field(default_factory=dict)
    step: str = ""  # the step being resolved
    resolving: Move | None = None  # the move whose effect is running (`mechanics.visit`)
    moves_sent: list[Move] = field(default_factory=list)  # checked so far, before the night
    # moves sent elsewhere tonight: (the move, the ability that redirected it, its targets
    # before), so that a later effect can undo a redirection or hide what it did
    redirected: list[tuple[Move, str, tuple[str, ...]]] = field(default_factory=list)
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
