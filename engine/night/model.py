"""What a night is made of, for every rule set: abilities, the ordered steps that resolve
them, the moves players sent, and the events the replay produces.

An event is what the GM would tell: a newspaper fact (everyone reads it in the morning), a
private result (one player learns it), or hidden (nobody is told, but it explains what
happened: the chain of a finding). Events are kept in the order they happen, each naming the
step that produced it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from engine.gamelog.base import OptionValue

if TYPE_CHECKING:
    from engine.day.history import History
    from engine.gamelog import Action, GameLog
    from engine.night.state import Attack, NightState, Player

Visibility = Literal["newspaper", "private", "hidden"]
# the seeds' action types: (K) kills, (-) harms, (+) helps, (I) informs, (D) day action;
# "?" where the seed says "action type - undefined" (it takes the type of what it performs)
AbilityType = Literal["K", "-", "+", "I", "D", "?"]
AttackKind = Literal["physical", "psychic"]
Harm = Literal["physical", "psychic", "infection", "execution"]
Value = str | int | bool


@dataclass(frozen=True)
class Limit:
    """When an ability may be used: `every` nights at most once ("once every 3 nights");
    `uses` in the whole game; `nights` only these nights ("only on the fifth night");
    `from_night` not before. `recruited_every` applies instead of `every` once the actor is
    recruited ("Once every 3 nights after recruitment")."""

    every: int | None = None
    uses: int | None = None
    nights: tuple[int, ...] = ()
    from_night: int | None = None
    recruited_every: int | None = None
    same_target_every: int | None = None  # "not on the same target more than once every N"
    not_after_recruitment: bool = False


@dataclass(frozen=True)
class Ability:
    """A night action of a rule set. `effect` is what it does when its step comes and the
    move stands (not blocked, the actor alive); shared mechanics do the work."""

    id: str
    name: str
    type: AbilityType
    step: str  # the name of the step it resolves in
    effect: Callable[[NightState, Move], None]
    limit: Limit = Limit()
    ultimate: bool = False
    unblockable: bool = False  # "Cannot be blocked"
    unisolable: bool = False  # acts though its actor is isolated ("recruitment succeeds")
    reaches_isolated: bool = False  # reaches an isolated target ("ignoring ... isolation")
    unredirectable: bool = False  # "Cannot be redirected", "Uncontrollable"
    extra: bool = False  # "can be used with another action / other NAs"
    targets: int = 1
    name_ru: str | None = None
    # the type of one use where it depends on how it is used (Hunt: "(K), or infects (-)")
    type_of: Callable[[Move], AbilityType] | None = None


@dataclass(frozen=True)
class Step:
    """A named place in the night's order. `number` is the seed's ("14-15"); `shown` says
    what the seed says the step displays."""

    number: str
    name: str
    shown: str = ""


@dataclass
class Move:
    """One action as the night resolves it: who, what, on whom (after redirections), and
    what became of it."""

    index: int  # its place in the GM's log for the night (a tie of rank and slot keeps it)
    actor: str
    ability: Ability
    targets: list[str]
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    sent_targets: tuple[str, ...] = ()  # as sent, before any redirection
    stopped: str | None = None  # why it did not take place (blocked, isolated, dead, ...)
    done: bool = False
    refused: bool = False  # failed the checks before the night (never applied)
    # its number in the night (`NightState.seq`), 0 until given: the key a rule set's
    # records keep it under, unique where `index` is not (the moves the engine makes from
    # one logged move share its index). Not compared: a number says which move, not what
    # the move did, and replays that did the same are equal
    seq: int = field(default=0, compare=False)
    # when the GM's log says it was sent (`Action.submitted_at`), for a rule set's deadline
    sent_at: datetime | None = field(default=None, compare=False)

    @property
    def target(self) -> str | None:
        return self.targets[0] if self.targets else None

    @property
    def kind(self) -> AbilityType:
        """The type of this use of the ability (what Surveillance learns)."""
        if self.ability.type_of is not None:
            return self.ability.type_of(self)
        return self.ability.type


@dataclass(frozen=True)
class Repeat:
    """A move the night before left to be made again tonight, in place of what its actor
    sends (contested-island's Stunning Blow: "On the next night, the target repeats that
    action"); `cause` says why, as the events show it ("stunned")."""

    actor: str
    ability: str
    targets: tuple[str, ...]
    options: Mapping[str, OptionValue]
    cause: str


@dataclass(frozen=True)
class Event:
    """Something that happened in the night, as the GM would show it."""

    step: str
    kind: str
    text: str
    visibility: Visibility
    subject: str | None = None  # the slot the event is about
    recipient: str | None = None  # private: who learns it
    actor: str | None = None  # whose move caused it
    details: tuple[tuple[str, Value], ...] = ()

    def detail(self, key: str) -> Value | None:
        return dict(self.details).get(key)


def _nothing(_state: NightState, _attack: Attack) -> str | None:
    return None


@dataclass(frozen=True)
class NightRules:
    """A rule set's night: its steps in order, its abilities, and the hooks through which its
    characters' features act on the shared mechanics.

    `natural`: why an attack that no one's protection stopped does not land on its target
    (an immunity, a one-time protection it spends), else None.
    `retarget`: run on each move as it comes, before its effect (redirections: a move's
    targets changed, or the move stopped).
    `before_attack`: run on each attack before protections (an attack sent to a guard).
    `visited`: run on each visit (traps, strikes on attackers, dates).
    `ends`: after the last step and the night's deaths (infection burning, its deaths)."""

    steps: tuple[Step, ...]
    abilities: Mapping[str, Ability]
    # actions a player may send a night (General Game Rules 6: "only one action per night,
    # unless other conditions are provided"), by role id; abilities marked `extra` are free
    actions_per_night: Mapping[str, int] = field(default_factory=dict)
    # what a player's own features make of their role's count (contested-island's Features
    # List: "Ability to use 2 actions per night"): (the player, the role's count) -> count
    actions_for: Callable[[Player, int], int] = lambda _p, n: n
    natural: Callable[[NightState, Attack], str | None] = _nothing
    retarget: tuple[Callable[[NightState, Move], None], ...] = ()
    before_attack: tuple[Callable[[NightState, Attack], None], ...] = ()
    visited: tuple[Callable[[NightState, Move, str], None], ...] = ()
    ends: tuple[Callable[[NightState], None], ...] = ()
    # what the night before left for this one, run as the night starts, before its moves
    # are read: blocks it sets on the state (Patient Zero blocked after a psychic attack),
    # and the moves to make again in place of what their actors send (`Repeat`)
    carried: Callable[[NightState], Sequence[Repeat]] = lambda _s: ()
    # the player a slot of this role starts the game as (features, and the rule set's own
    # record of the player, `Player.own`, where it keeps one)
    new_player: Callable[[str, str], Player] | None = None
    # why this player may not use this ability (not the role's, lost, ...), else None
    may_use: Callable[[Player, Ability], str | None] | None = None
    self_target: bool = False  # "You cannot direct an NA at yourself" when False
    unblockable: Callable[[Player], bool] = lambda _p: False  # a player no block stops
    # an isolated actor's move that goes ahead all the same, where the rule set reads an
    # isolation as a block that "cannot be blocked" shrugs off (beside `Ability.unisolable`)
    acts_isolated: Callable[[NightState, Move], bool] = lambda _s, _m: False
    # the checks of a night's moves taken together (a team's limit), after each move's own:
    # returns (move, why) for each move it refuses
    check_night: Callable[[NightState, list[Move]], list[tuple[Move, str]]] = \
        lambda _s, _m: []
    # the winning factions when the game is over (the victory conditions), else None
    winners: Callable[[Mapping[str, Player]], list[str] | None] = lambda _p: None
    # the rank of a move within its step where the seed orders a merged step ("20-21) Murder
    # from Jen Li / Murder or infection from Patient Zero"); equal ranks go by slot
    move_order: Callable[[NightState, Move], int] = lambda _s, _m: 0
    # where the players' priority sets the order of moves (open-roles: the day's voting
    # order), the order of night N when the log does not give it (`NightLog.order`): the
    # day's count asked of the replay (`engine.day.history`), under the replay's rulings
    order_from_log: Callable[[GameLog, int, History], list[str]] | None = None
    # what the day before the night did that the night must know (the world-cup fairy's
    # artifacts of day 1, a match the open-roles matchmaker made by day): run on the night's
    # state, as its first step "day", with that day's actions (`DayLog.actions`)
    day_before: Callable[[NightState, Sequence[Action]], None] | None = None
    # what the GM's record of the game before night N sets on the players the night starts
    # from, after the announced deaths (world-cup: a «сухарь» turned to stone or released)
    # (the log, the players, the night, the rulings chosen)
    from_log: Callable[[GameLog, dict[str, Player], int, Mapping[str, str]], None] | None = None
    # what the day before night N spent that the night must know (contested-island: a
    # one-time protection used up on the execution): the players the night starts from, and
    # the slots whose one-time protection the day's count used up (`DayResult.used_up`),
    # asked only when needed (a night that asks depends on the day's count)
    from_day: Callable[[dict[str, Player], Callable[[], frozenset[str]]], None] | None = None
    # the kinds of private result the engine gives (an event's `what`) where each is one
    # answer of a closed list (open-roles: the seed's morning messages): a published result
    # of one of these kinds that the replay does not give is another answer, disputed
    answers: frozenset[str] = frozenset()
    # what the engine implements of each role, role id -> ability ids, each exercised by
    # scenario cases (tests enforce it): the rule set claims no more
    supported: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # the features the seed gives players (a character's own, what a recruiter grants, the
    # items they hold), by id: what `mafiakit rulesets` lists as supported when the
    # scenario cases show it acting (`RuleSet.acting`)
    features: tuple[str, ...] = ()
    # the feature a GM's record names ("Диплом", "double-vote"): a slot change's details
    # give features by the names the rule set's log uses
    feature_named: Callable[[str], str | None] = lambda name: name
    # the seed's features the engine does not model, id -> the seed's words: a player never
    # gets one (a recruiter's gift of it is refused), and `mafiakit rulesets` lists them
    unmodelled: Mapping[str, str] = field(default_factory=dict)
    # for abilities that take options, legal option sets to draw from (random games for the
    # property tests and the simulator); an ability not named takes none
    option_choices: Mapping[str, tuple[Mapping[str, OptionValue], ...]] = field(
        default_factory=dict)
    # the rule set's own records of a night (`NightState.own`), for what the common fields
    # do not hold (open-roles: who is driven away, matched, mirrored at this moment): made
    # at the first look (`NightState.own_as`), from the state as it is then
    night_record: Callable[[NightState], object] | None = None

    def step_index(self, name: str) -> int:
        for i, step in enumerate(self.steps):
            if step.name == name:
                return i
        raise KeyError(f"no night step {name!r}")
