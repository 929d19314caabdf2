"""The follower (lines 241-260) and the watcher (261-276). What they see goes into their
«Вы удачно совершили свой ночной ход. Результаты:…», «…» replaced by the observations in the
order they happened, «; » between them, «ничего» when there were none:
- a follower sees each move of the followed as «<who>: <what> → <whom>», and one that did not
  take place with « — не состоялся (<why>)»;
- a watcher sees each move on the watched as «<who>: <what>», the watched's state at his
  move as «<whom>: убит» / «<whom>: оглушен», and a bodyguard already there only when he
  repels: «<guard>: охрана (отбил <attacker>)»."""

from __future__ import annotations

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.open_roles.night.common import FOLLOW, WATCH
from engine.rulesets.open_roles.night.flow import HANDLERS, position, stop, unreachable
from engine.rulesets.open_roles.night.records import (
    dead,
    note,
    rec,
    reflect,
    stopped_by_pair,
)


def follow(state: NightState, move: Move) -> None:
    """«Если ход преследователя стоит раньше хода преследуемого, то он видит что и с кем тот
    делает ночью»; «Если ход преследователя стоит позже хода преследуемого, то он ничего не
    видит» (242-249)."""
    target, _ = reflect(state, move, move.targets[0])
    move.targets = [target]
    if stopped_by_pair(state, move, target):
        stop(state, move, "matched", f"matched with {target}")
        note(state, move.actor, "not-followed", target, "matched")
        return
    if position(state, target) < position(state, move.actor):
        stop(state, move, "after", f"{target} moves before {move.actor}")
        note(state, move.actor, "not-followed", target, "after")
        return
    n = note(state, move.actor, "seen", target, "followed", seen=[])
    rec(state).following.append((move.actor, target, n))


def watch(state: NightState, move: Move) -> None:
    """«Следит за одним из игроков и видит кто и как пытается на него воздействовать»; «Если
    над вашей целью были совершены какие-то действия до вашего хода – это остается без
    информации»; «Если вашу целью на момент вашего хода уже защищает Телохранитель, то вы это
    сможете узнать только в случае выполнения Телохранителем своей работы»; «Если ваша цель
    на момент вашего хода был убит или оглушен – вы это узнаете»; «Если вашу цель увез
    Водитель, то вы видите попытки воздействовать на вашу цель» (262-267)."""
    r = rec(state)
    target, _ = reflect(state, move, move.targets[0])
    move.targets = [target]
    case = unreachable(state, move, target)
    if case is not None:
        note(state, move.actor, "not-followed", target, case)
        return
    n = note(state, move.actor, "seen", target, "watched", seen=[])
    assert n.seen is not None
    if dead(state, target):
        n.seen.append(f"{target}: убит")
    elif target in r.stunned:
        n.seen.append(f"{target}: оглушен")
    hidden = {g.owner for g in r.guards if g.patient == target and g.removed_by is None}
    r.watching.append((move.actor, target, hidden, n))


HANDLERS.update({FOLLOW: follow, WATCH: watch})
