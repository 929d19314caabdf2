"""Re-play nights: the GM's action log through the rule set's ordered steps.

`run_night` resolves one night from the players as the previous night left them;
`replay_game` plays every night of a game in order, carrying what lasts (spent protections,
uses, recruitments, and what the rule set keeps of its own: contested-island's statuses and
infections) and taking the day's announced eliminations in between; `replay` plays the game
up to a night with one move replaced or dropped, for counterfactuals ("what if Milton had
covered Cuba?"). What the night before left for this one to do (a block carried over, a
stunned player's repeat) the rule set gives as the night starts (`NightRules.carried`).

Before any step, each sent move is checked: a dead actor, an ability the player does not
have or may not use now (limits), a target who is no player of the game or is oneself (where
the rule set forbids it), more moves than allowed. A dead target is the rule set's to judge
(open-roles drives a corpse, revives the dead).
A move that fails is kept with its reason, so nothing the GM logged is lost."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.gamelog import Action
from engine.night.mechanics import die
from engine.night.model import Event, Move, NightRules
from engine.night.state import Arrested, NightState, Player


@dataclass
class NightResult:
    night: int
    deaths: list[str]
    events: list[Event]
    moves: list[Move]
    players: dict[str, Player]  # as the night leaves them


def run_night(rules: NightRules, players: Mapping[str, Player], night: int,
              actions: Sequence[Action], rulings: Mapping[str, str] | None = None, *,
              order: Sequence[str] | None = None,
              day_actions: Sequence[Action] = (), owned: bool = False) -> NightResult:
    """One night. `order`: the players' priority, highest first, for a rule set that orders
    moves by player (`NightRules.order_from_log`). `day_actions`: the moves of the day
    before, for a rule set whose night reads them (`NightRules.day_before`). `owned`: the
    players are a copy the night may change (a replay's), not copied again."""
    # the rulings as given, not copied: a replay notes what the night reads of them
    state = NightState(night, dict(players) if owned else
                       {slot: p.copy() for slot, p in players.items()}, rules,
                       rulings if rulings is not None else {}, order=list(order or []))
    if rules.day_before is not None and day_actions:
        state.step = "day"
        rules.day_before(state, day_actions)
    state.step = "sent"
    state.moves = _moves(state, actions)
    for step in rules.steps:
        state.step = step.name
        # within a step the seed's own order ("20-21) Jen Li / Patient Zero"), then by slot:
        # never the log's order, which the GM wrote as the messages came (an action performed
        # through another meets the same step's own action in either order of the log)
        here = [mv for mv in state.moves if mv.ability.step == step.name]
        for move in sorted(here, key=lambda mv: (rules.move_order(state, mv), mv.actor,
                                                 mv.index)):
            _resolve(state, move)
    state.step = "end"
    for slot in sorted(state.dying):
        first = state.dying[slot][0]  # the death's cause: the first attack that landed
        die(state, slot, first.ability, first)
    for hook in rules.ends:
        hook(state)
    deaths = [e.subject for e in state.events if e.kind == "killed" and e.subject]
    return NightResult(night, deaths, state.events, state.moves, state.players)


def _moves(state: NightState, actions: Sequence[Action]) -> list[Move]:
    """The night's moves in the log's order, each checked before the night begins."""
    rules = state.rules
    moves: list[Move] = []
    counted: dict[str, int] = {}
    # what the night before left: moves made again in place of what their actors send
    repeats = rules.carried(state)
    for r in repeats:
        again = Move(-1, r.actor, rules.abilities[r.ability], list(r.targets), r.options,
                     r.targets)
        state.seq(again)
        moves.append(again)
        state.record("repeats", f"{r.actor} repeats {rules.abilities[r.ability].name} on "
                     f"{', '.join(r.targets)} ({r.cause} last night)", actor=r.actor)
    repeating = {r.actor: r.cause for r in repeats}
    for i, action in enumerate(actions):
        if action.actor in repeating:
            state.record("not-taken", f"{action.actor}'s {action.ability}: the player repeats "
                         f"last night's {repeating[action.actor]} action instead",
                         actor=action.actor)
            continue
        ability = rules.abilities.get(action.ability)
        if ability is None:
            state.record("unknown-ability", f"{action.actor}: no ability "
                         f"{action.ability!r} in the rule set", actor=action.actor)
            continue
        move = Move(i, action.actor, ability, list(action.targets), dict(action.options),
                    tuple(action.targets), sent_at=action.submitted_at)
        state.seq(move)  # numbered as it enters the night, in the log's order
        moves.append(move)
        move.stopped = _invalid(state, move, counted)
        move.refused = move.stopped is not None
        if move.stopped is not None:
            state.record("not-taken", f"{action.actor}'s {ability.name}: {move.stopped}",
                         actor=action.actor)
            continue
        state.players[action.actor].used.append((state.night, ability.id, tuple(move.targets)))
    for move, why in rules.check_night(state, [mv for mv in moves if not mv.refused]):
        move.stopped, move.refused = why, True
        state.record("not-taken", f"{move.actor}'s {move.ability.name}: {why}", actor=move.actor)
    return moves


def _invalid(state: NightState, move: Move, counted: dict[str, int]) -> str | None:
    rules = state.rules
    player = state.players.get(move.actor)
    if player is None:
        return "not a player of this game"
    if not player.alive:
        return "the actor is dead"
    why = rules.may_use(player, move.ability) if rules.may_use is not None else None
    if why is not None:
        return why
    for target in move.targets:
        if target not in state.players:
            return f"{target!r} is not a player of this game"
        if not rules.self_target and target == move.actor:
            return "an action cannot be directed at oneself"
    limited = _limit(state, player, move)
    if limited is not None:
        return limited
    if any(x.actor == move.actor and x.ability.id == move.ability.id and not x.refused
           for x in state.moves_sent):
        return "the same action twice in one night (\"different NAs\")"
    state.moves_sent.append(move)
    if not move.ability.extra:
        counted[move.actor] = counted.get(move.actor, 0) + 1
        allowed = rules.actions_for(player, rules.actions_per_night.get(player.role, 1))
        if counted[move.actor] > allowed:
            return f"more than {allowed} action{'s' if allowed > 1 else ''} in one night"
    return None


def _limit(state: NightState, player: Player, move: Move) -> str | None:
    """Whether the ability's limits allow it tonight, from the player's earlier uses."""
    lim = move.ability.limit
    night = state.night
    uses = [(n, t) for n, a, t in player.used if a == move.ability.id]
    if lim.nights and night not in lim.nights:
        return f"only on night {', '.join(map(str, lim.nights))}"
    if lim.from_night is not None and night < lim.from_night:
        return f"not before night {lim.from_night}"
    if lim.not_after_recruitment and player.recruited_by is not None:
        return "not after recruitment"
    if lim.uses is not None and len(uses) >= lim.uses:
        return f"used up ({lim.uses} per game)"
    every = lim.recruited_every if (lim.recruited_every and player.recruited_by) else lim.every
    if every is not None and any(night - n < every for n, _ in uses):
        return f"once every {every} nights"
    if lim.same_target_every is not None:
        for n, targets in uses:
            if night - n < lim.same_target_every and set(targets) & set(move.targets):
                return f"not on the same target more than once every {lim.same_target_every}" \
                       " nights"
    return None


def _resolve(state: NightState, move: Move) -> None:
    if move.stopped is not None or move.done:
        return
    ability = move.ability
    if not state.alive(move.actor):
        move.stopped = "the actor died"
    elif move.actor in state.stunned:
        move.stopped = state.stunned[move.actor]
    elif move.actor in state.blocked and not ability.unblockable and \
            not state.rules.unblockable(state.players[move.actor]):
        move.stopped = state.blocked[move.actor]
    elif move.actor in state.isolated and not ability.unisolable and \
            not state.rules.acts_isolated(state, move):
        move.stopped = f"isolated by {state.isolated[move.actor]}"
    elif not ability.reaches_isolated and any(
            t in state.isolated and state.isolated[t] != move.actor for t in move.targets):
        move.stopped = "the target is isolated"
    if move.stopped is not None:
        state.record("move-failed", f"{move.actor}'s {ability.name} fails: {move.stopped}",
                     subject=move.target, actor=move.actor)
        return
    for hook in state.rules.retarget:
        hook(state, move)
        if move.stopped is not None:
            state.record("move-failed", f"{move.actor}'s {ability.name} fails: {move.stopped}",
                         subject=move.target, actor=move.actor)
            return
    state.resolving = move
    try:
        ability.effect(state, move)
    except Arrested:
        state.record("move-failed", f"{move.actor}'s {ability.name} fails: {move.stopped}",
                     subject=move.target, actor=move.actor)
        return
    finally:
        state.resolving = None
    move.done = True
