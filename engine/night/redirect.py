"""Redirection, shared by rule sets: a move sent somewhere other than where its actor sent it
(a player who sends their visitors on, a thief who turns a player's action on the player, a
feature that pulls a protector to whoever needs them), an attack taken by someone else (a
guard), and what a redirection needs to know about the rest of the night.

A redirection changes the targets of moves that have not resolved yet, so a move of a later
step goes where it is finally sent and meets there the same checks as any move (a block of
its actor, an isolated target, a protection). Each is kept in `NightState.redirected` with
the targets before it: a later effect can undo it (a dispel), and the night's end can hide
what a redirected move did from the newspaper where the rules say so.

Some features act on "the first attack" on a player. Within one step the GM's log order is
no order at all (a step of the seed may merge several: "20-21) Murder ... from Jen Li /
Murder ... from Patient Zero"), so `first_on` asks the rule set to rank the actors of a
step, and only the log breaks a tie between equals."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from engine.night import mechanics as m
from engine.night.model import Harm, Move
from engine.night.state import Attack, NightState

Rank = Callable[[NightState, str], int]  # a step's actors in the rule set's order: lower first


def pending(move: Move) -> bool:
    """Not resolved yet, and nothing has stopped it so far."""
    return move.stopped is None and not move.done


def later(state: NightState, move: Move) -> bool:
    """Whether the move resolves at a step after the current one (what a redirection made
    now can still change)."""
    rules = state.rules
    return rules.step_index(move.ability.step) > rules.step_index(state.step)


def would_act(state: NightState, move: Move) -> bool:
    """Whether a move still to come will take place, as far as the night so far can tell:
    the checks the night makes when the move's step comes (its actor alive, not stunned,
    blocked or isolated unless the ability ignores it, its targets not isolated). A feature
    that acts "for the current night" looks ahead with it."""
    if not pending(move) or not state.alive(move.actor):
        return False
    ability = move.ability
    if move.actor in state.stunned:
        return False
    if move.actor in state.blocked and not ability.unblockable and \
            not state.rules.unblockable(state.players[move.actor]):
        return False
    if move.actor in state.isolated and not ability.unisolable and \
            not state.rules.acts_isolated(state, move):
        return False
    return ability.reaches_isolated or not any(
        t in state.isolated and state.isolated[t] != move.actor for t in move.targets)


def was_redirected(state: NightState, move: Move, by: str | None = None) -> bool:
    return any(x is move and (by is None or b == by) for x, b, _ in state.redirected)


def redirect(state: NightState, move: Move, targets: Iterable[str], by: str, why: str) -> None:
    """Send the move to `targets` instead; `by` names the redirecting ability (kept with the
    targets before, for an undo or the newspaper), `why` says who did it."""
    before = tuple(move.targets)
    move.targets = list(targets)
    state.redirected.append((move, by, before))
    state.record("redirected", f"{move.actor}'s {move.ability.name} goes to "
                 f"{', '.join(move.targets)} instead of {', '.join(before)} ({why})",
                 subject=move.target, actor=move.actor, by=by, sent=", ".join(before))


def undo(state: NightState, by: str, actor: str, why: str) -> list[Move]:
    """Give back their targets to the actor's moves that `by` redirected and that have not
    resolved yet (a dispel of the redirection); the moves undone."""
    undone: list[Move] = []
    for move, b, before in list(state.redirected):
        if b != by or move.actor != actor or not pending(move):
            continue
        state.redirected.remove((move, b, before))
        move.targets = list(before)
        undone.append(move)
        state.record("dispelled", f"{move.actor}'s {move.ability.name} goes to "
                     f"{', '.join(before)} again ({why})", subject=move.target,
                     actor=move.actor, by=by)
    return undone


def halt(state: NightState, slot: str, why: str) -> None:
    """The player's moves of later steps fail tonight, as a block does, though nobody went
    to them (a consequence of where they went)."""
    state.blocked.setdefault(slot, why)
    state.record("blocked", f"{slot} is stopped: {why}", subject=slot)


def take_attack(state: NightState, hit: Attack, to: str, why: str) -> None:
    """Someone else takes the attack (a guard): it goes on to `to`, whose protections and
    immunities now decide it."""
    state.record("redirected", f"{hit.by}'s {hit.harm} attack on {hit.target} goes to {to} "
                 f"({why})", subject=to, actor=hit.by, sent=hit.target, harm=hit.harm)
    hit.target = to


def move_protection(state: NightState, to: str, harm: Harm, accept: Callable[[str], bool],
                    by: str, why: str) -> str | None:
    """A protection from `harm` made tonight by a protector that `accept`s goes to `to` from
    here on, its move and its visit with it (what it stopped before stands); the protector,
    or None when there is none or `to` has one of that kind already. Of several, the first
    by slot: the seed names no order among them, and the log's order must change nothing."""
    if any(t == to and h == harm for t, h, _ in state.protections):
        return None
    candidates = sorted((guard, i) for i, (_, h, guard) in enumerate(state.protections)
                        if h == harm and accept(guard))
    if not candidates:
        return None
    guard, i = candidates[0]
    t = state.protections[i][0]
    state.protections[i] = (to, harm, guard)
    cover = next((c for c in state.moves if c.actor == guard and c.done and t in c.targets),
                 None)
    if cover is not None:
        state.visits = [v for v in state.visits if v != (guard, t, cover.ability.id)]
        redirect(state, cover, [to], by, why)
        m.visit(state, cover, to)
    return guard


def current(state: NightState, hit: Attack) -> Move | None:
    """The move whose effect is making this attack now, if it is one of the night's moves
    (a feature's strike is not)."""
    return next((x for x in state.moves if x.actor == hit.by and x.ability.id == hit.ability
                 and x.ability.step == state.step and not x.done), None)


def first_on(state: NightState, hit: Attack, rank: Rank,
             rival: Callable[[Move], bool]) -> bool:
    """Whether `hit` is the first attack on its target in this step: no other move of the
    step that will still take place (`would_act`) and attacks the same target (`rival`)
    comes before it in the rule set's order. A move already resolved in this step came
    first and took its turn already."""
    mine = rank(state, hit.by)
    own = current(state, hit)
    for move in state.moves:
        if move is own or move.ability.step != state.step or hit.target not in move.targets:
            continue
        if rival(move) and would_act(state, move) and rank(state, move.actor) < mine:
            return False
    return True


def unshow(state: NightState, moves: Iterable[Move], why: str) -> None:
    """What these moves put in the newspaper is hidden instead (deaths are always shown):
    the facts their own effect recorded at their step on their targets, and the
    protections of theirs that stopped an attack."""
    caused = [(m.actor, m.ability.step, set(m.targets)) for m in moves]
    for i, event in enumerate(state.events):
        if event.visibility != "newspaper" or event.kind == "killed":
            continue
        for actor, step, targets in caused:
            own = event.actor == actor and event.step == step
            guard = event.kind == "protected" and event.detail("protector") == actor
            if (own or guard) and event.subject in targets:
                state.events[i] = replace(event, visibility="hidden",
                                          text=f"{event.text} (not shown: {why})")
                break
