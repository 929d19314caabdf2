"""The rarer mechanics of a night, each in one place like those of `mechanics`: bring the dead
back (resurrect), take an action or a feature away for the rest of the game (maim), a pit in
front of a house that stops the killers who come (dig, fall), an attack that strikes someone
other than the one it was aimed at (strike: a bullet that hits the protector), and an action
done through another (perform: a character applies an action that is not their own)."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Harm, Move
from engine.night.state import Attack, NightState
from engine.rulesets.contested_island.night.own import isle


def refuse(state: NightState, move: Move, why: str) -> None:
    """The move does not take place after all (a condition its effect checks)."""
    move.stopped = why
    state.record("move-failed", f"{move.actor}'s {move.ability.name} fails: {why}",
                 subject=move.target, actor=move.actor)


def resurrect(state: NightState, move: Move, target: str, refused: str | None) -> bool:
    """Bring a dead player back, unless the rule set says why not (`refused`). The newspaper
    shows a resurrection that succeeds; one that fails shows nothing."""
    m.visit(state, move, target)
    player = state.players[target]
    if refused is None and player.alive:
        refused = "the target is alive"
    if refused is not None:
        state.record("not-resurrected", f"{move.actor} cannot resurrect {target}: {refused}",
                     subject=target, actor=move.actor)
        return False
    player.alive = True
    player.killed = None
    state.record("resurrected", f"{move.actor} brings {target} back to life "
                 f"({move.ability.name})", "newspaper", subject=target, actor=move.actor)
    return True


def maim(state: NightState, slot: str, what: str, by: str) -> None:
    """The player loses an action or a feature until the end of the game. They are told
    (privately): a player must know what they can no longer do."""
    isle(state.players[slot]).lost.add(what)
    state.record("maimed", f"{slot} loses {what} for the rest of the game (maimed by {by})",
                 "private", subject=slot, recipient=slot, actor=by, what="maimed",
                 result=what)


def dig(state: NightState, move: Move, target: str) -> None:
    """A pit in front of the target's house; it waits for the killers who come (the rule
    set says from when, and for whom)."""
    m.visit(state, move, target)
    isle(state.players[target]).pit = (move.actor, state.night)
    state.record("pit-dug", f"{move.actor} digs a pit in front of {target}'s house "
                 f"({move.ability.name})", subject=target, actor=move.actor)


def fall(state: NightState, killer: str, house: str, ability: str) -> None:
    """A killer falls into the pit in front of `house`: what they came to do fails (the
    caller stops the move or undoes its attack), and the digger learns the killer's
    nickname, privately."""
    pit = isle(state.players[house]).pit
    digger = pit[0] if pit is not None else ""
    state.record("trapped", f"{killer} ({ability}) falls into {digger}'s pit in front of "
                 f"{house}'s house", "private", subject=killer, recipient=digger or None,
                 actor=killer, what="fell into the pit", result=killer, house=house)


def sprung(state: NightState) -> set[str]:
    """The houses whose pit caught someone tonight."""
    return {str(e.detail("house")) for e in state.events if e.kind == "trapped"}


def strike(state: NightState, move: Move, target: str, harm: Harm, *,
           ignore_natural: bool = False, why: str = "") -> Attack:
    """An attack of `move` that lands on `target` though the actor never went there (a
    bullet that hits the protector): as `mechanics.attack` without the visit, so nothing
    that watches visitors to `target` sees the actor."""
    hit = Attack(target, harm, move.actor, state.step, move.ability.id,
                 ignore_natural=ignore_natural)
    state.attacks.append(hit)
    for hook in state.rules.before_attack:
        hook(state, hit)
    target = hit.target
    if hit.stopped_by is not None:
        return hit
    if not state.alive(target):
        hit.stopped_by = "the target is dead"
        return hit
    if m.guarded(state, move, hit):
        return hit
    natural = None if ignore_natural else state.rules.natural(state, hit)
    if natural is not None:
        hit.stopped_by = natural
        state.record("survived", f"{move.actor}'s {harm} attack on {target} fails: "
                     f"{natural}", subject=target, actor=move.actor, harm=harm)
        return hit
    m.lands(state, hit)
    state.record("attacked", f"{move.actor}'s {harm} attack ({move.ability.name}) lands on "
                 f"{target}{why}", subject=target, actor=move.actor, harm=harm)
    return hit


def perform(state: NightState, move: Move, ability: Ability, *, now: bool) -> Move:
    """`move`'s actor does `ability` on `move`'s targets, as part of `move` (an action
    applied through another). `now`: at once, in `move`'s step; else in the ability's own
    place in the night's order, where blocks and redirections meet it as any move (a
    step already past is done at once). What it fails for is `move`'s failure too."""
    options = {k: v for k, v in move.options.items() if k != "action"}
    done = Move(move.index, move.actor, ability, list(move.targets), options,
                move.sent_targets)
    isle(state.players[move.actor]).performed.append((state.night, ability.id))
    state.record("performs", f"{move.actor} performs {ability.name} on "
                 f"{', '.join(move.targets) or 'nobody'} ({move.ability.name})",
                 subject=move.target, actor=move.actor, ability=ability.id)
    past = state.rules.step_index(ability.step) <= state.rules.step_index(state.step)
    if now or past:
        for hook in state.rules.retarget:  # what meets every move as it comes
            hook(state, done)
            if done.stopped is not None:
                break
        if done.stopped is None:
            ability.effect(state, done)
            done.done = True
        if done.stopped is not None:
            move.stopped = done.stopped
    else:
        state.moves.append(done)  # the night's loop meets it at its step
    return done
