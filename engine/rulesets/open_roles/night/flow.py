"""The night's moves one at a time, in the players' order (`move_key`), each AT ITS MOMENT:
first what the actor's own state allows («Ваш ход не состоялся: Вы были убиты / уведены
Водителем / оглушены Пукалкой / заблокированы Занудой»), then the role's move, then what a
follower or watcher sees of it. Moves the witch hands to a player who sent none wait in
`Rec.deferred` for their owner's turn."""

from __future__ import annotations

from collections.abc import Callable

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.messages import FAILED, REASONS
from engine.rulesets.open_roles.night.records import away, note, rec, stopped_by_pair

Handler = Callable[[NightState, Move], None]
HANDLERS: dict[str, Handler] = {}  # ability id -> its move, filled by the parts


def position(state: NightState, slot: str) -> int:
    """The player's place in the night's order; players missing from it after the others,
    by slot."""
    if slot in state.order:
        return state.order.index(slot)
    missing = sorted(s for s in state.players if s not in state.order)
    return len(state.order) + missing.index(slot)


def move_key(state: NightState, move: Move) -> int:
    """Per player, not per ability: the actor's place; a maf's kill right after his role move
    («перед убийством он должен совершить свой ролевой ход», line 25)."""
    late = move.ability.id in (c.KILL, c.STRIKE_AGAIN)  # the samurai's second strike: after
    return 2 * position(state, move.actor) + (1 if late else 0)


def stop(state: NightState, move: Move, reason: str, text: str) -> None:
    """The move does not take place (`reason` an id a follower learns: REASONS)."""
    move.stopped = f"{reason}: {text}"
    rec(state).why[state.seq(move)] = reason
    state.record("move-failed", f"{move.actor}'s {move.ability.id} fails: {reason} ({text})",
                 subject=move.target, actor=move.actor)


def unreachable(state: NightState, move: Move, target: str) -> str | None:
    """Why the move cannot reach `target` now, the case of the actor's message: away with
    the driver («уведен Водителем»: "target-driven") or matched with the actor («сведены ...
    Сводчиком»: "matched"); the move is stopped with the reason. None: within reach."""
    if away(state, target) is not None:
        stop(state, move, "target-away", f"{target} is away with the driver")
        return "target-driven"
    if stopped_by_pair(state, move, target):
        stop(state, move, "matched", f"matched with {target}")
        return "matched"
    return None


def own_state(state: NightState, move: Move) -> tuple[str, str] | None:
    """Why the actor cannot move now: killed, driven away, stunned, blocked."""
    r = rec(state)
    if move.actor in r.dead:
        return "killed", r.dead[move.actor].by
    driver = away(state, move.actor)
    if driver is not None:
        return "driven", driver
    if move.actor in r.stunned:
        return "stunned", r.stunned[move.actor]
    if move.actor in r.blocked:
        return "blocked", r.blocked[move.actor] or "last night's block"
    return None


def perform(state: NightState, move: Move) -> None:
    """The effect of every ability: the moves the witch deferred come first when their turn
    is earlier."""
    catch_up(state, move_key(state, move))
    run(state, move)


def catch_up(state: NightState, upto: int | None) -> None:
    r = rec(state)
    # a deferred swap may defer another; each player's turn comes once, so the chain is short
    budget = 4 * len(state.players)
    while r.deferred and (upto is None or r.deferred[0][0] < upto) and budget > 0:
        budget -= 1
        _, _, mv = r.deferred.pop(0)
        if state.players[mv.actor].alive:
            run(state, mv)
        mv.done = True


def run(state: NightState, move: Move) -> None:
    r = rec(state)
    failure = own_state(state, move)
    if failure is not None and not _self_revive(state, move, failure[0]):
        why, by = failure
        stop(state, move, why, f"{why} by {by}")
        if move.ability.id in FAILED:
            note(state, move.actor, FAILED[move.ability.id], move.target, why,
                 killed=why == "killed")
        _followed(state, move)
        return
    # a watcher sees the attempt before what it met (a guard's repel, seen in the handler)
    marks = {id(n): len(n.seen) for _, _, _, n in r.watching if n.seen is not None}
    HANDLERS[move.ability.id](state, move)
    _followed(state, move)
    for watcher, whom, _hidden, n in r.watching:
        if whom in move.targets and watcher != move.actor and n.seen is not None:
            n.seen.insert(marks.get(id(n), len(n.seen)),
                          f"{move.actor}: {c.WORDS[move.ability.id]}")


def _self_revive(state: NightState, move: Move, why: str) -> bool:
    """Ruling doctor-self-revive: a killed doctor whose patient is himself."""
    return (why == "killed" and move.ability.id == c.HEAL and move.targets == [move.actor]
            and c.option(state, "doctor-self-revive") == "own-revive")


def _followed(state: NightState, move: Move) -> None:
    """«видит что и с кем тот делает ночью»; a move that did not take place: «преследователь
    знает причину» (lines 242-248)."""
    r = rec(state)
    for follower, whom, n in r.following:
        if whom != move.actor or n.seen is None:
            continue
        if c.option(state, "follower-dead") == "blind" and move.actor != follower and \
                follower in r.dead:
            continue
        seen = f"{move.actor}: {c.WORDS[move.ability.id]} → {', '.join(move.targets) or '-'}"
        if move.stopped is not None:
            why = r.why.get(state.seq(move), "")
            seen += f" — не состоялся ({REASONS.get(why, why)})"
        n.seen.append(seen)
        state.record("followed", f"{follower} sees {seen}", subject=move.actor,
                     actor=follower)
