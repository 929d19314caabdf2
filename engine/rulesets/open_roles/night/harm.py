"""Killing and stunning at the moment of a move, and what stops them: the bodyguard
(«Защищает игрока от убийства. В случае удачной охраны умирает киллер», lines 155-158), the
doctor's protection («Защищает от убийства в текущую ночь», line 29), the vest («Игрока нельзя
убить ночью», 278), the bomb («При ночном убийстве умирает и киллер (Пукальщик, Доктор,
Самурай)», 286); and the doctor's revival (28, 36)."""

from __future__ import annotations

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.records import (
    STUNS,
    Guard,
    dead,
    has_role,
    kill_now,
    note,
    rec,
)


def active_guard(state: NightState, patient: str) -> Guard | None:
    """A bodyguard still on the patient (not taken off by a driver, matchmaker or bore)."""
    holds = c.option(state, "guard-killed") == "holds"
    return next((g for g in rec(state).guards if g.patient == patient and g.removed_by is None
                 and (holds or not dead(state, g.owner))), None)


def protected_stop(state: NightState, patient: str, how: str, by: str) -> bool:
    """The doctor's protection stops the attempt; his note becomes «Вы защитили вашего
    пациента» («Вы вовремя лечили себя» for himself against a killer)."""
    r = rec(state)
    doctor = r.protected.get(patient)
    if doctor is None:
        return False
    n = r.doctor.get(doctor)
    if n is not None:
        n.what = "self-protected" if patient == doctor and how == c.KILL else "protected"
        n.case = f"{how}-after"
    state.record("protected", f"{doctor}'s treatment stops {by}'s {how} on {patient}",
                 subject=patient, actor=by, doctor=doctor)
    return True


def _guarded(state: NightState, move: Move, patient: str, how: str) -> bool:
    """The bodyguard repels: the killer dies, the stunner stuns himself, the samurai dies,
    the doctor's shot lands on himself."""
    g = active_guard(state, patient)
    if g is None:
        return False
    g.repelled += 1
    r = rec(state)
    for _watcher, whom, hidden, n in r.watching:
        if whom == patient and g.owner in hidden and n.seen is not None:
            n.seen.append(f"{g.owner}: {c.WORDS[c.GUARD]} (отбил {move.actor})")
    state.record("guard-repels", f"{g.owner} guards {patient} from {move.actor}'s {how}",
                 subject=patient, actor=move.actor, guard=g.owner)
    if how == c.STUN:
        stun_player(state, move.actor, move.actor)
    elif how == c.HEAL and c.option(state, "guarded-double") == "self-treatment" and \
            state.players[move.actor].features.get("self-treated", 0) < 1:
        state.players[move.actor].features["self-treated"] = 1
        state.record("self-shot", f"{move.actor}'s shot lands on himself: his one "
                     "self-treatment", actor=move.actor)
    else:
        lethal_on(state, move.actor, g.owner, "guard")
    return True


def lethal_on(state: NightState, victim: str, by: str, how: str) -> str:
    """A death that comes back on its maker (a guard's, a bomb's): no guard stops it, the
    vest does (line 278), a treatment earlier tonight by ruling doctor-counter."""
    if dead(state, victim):
        return "corpse"
    if has_role(state.players[victim], "vest"):
        rec(state).attacked.add(victim)
        return "vest"
    if c.option(state, "doctor-counter") == "protected" and \
            protected_stop(state, victim, how, by):
        return "protected"
    kill_now(state, victim, by, how)
    return "killed"


def lethal(state: NightState, move: Move, target: str, how: str) -> str:
    """The move tries to kill the target now. Returns what became of it: corpse, guarded,
    protected, vest, killed, bomb."""
    if dead(state, target):
        return "corpse"
    p = state.players[target]
    if has_role(p, "vest") or has_role(p, "bomb"):
        rec(state).attacked.add(target)
    first = c.option(state, "doctor-and-guard")
    for stop in (("guard", "doctor") if first == "guard-first" else ("doctor", "guard")):
        if stop == "guard" and _guarded(state, move, target, how):
            return "guarded"
        if stop == "doctor" and how != c.HEAL and protected_stop(state, target, how, move.actor):
            return "protected"
    if has_role(p, "vest"):
        state.record("vest", f"{target} cannot be killed at night", subject=target,
                     actor=move.actor)
        return "vest"
    kill_now(state, target, move.actor, how)
    if has_role(p, "bomb"):
        lethal_on(state, move.actor, target, "bomb")
        return "bomb"
    return "killed"


def stun_player(state: NightState, target: str, by: str) -> str:
    """«Оглушает»; «Два оглушения за игру смертельны» (line 112)."""
    p = state.players[target]
    p.features[STUNS] = p.features.get(STUNS, 0) + 1
    r = rec(state)
    r.stunned[target] = by
    # «Оглушенный игрок получает, помимо своего, следующее сообщение: «Вы оглушены»» (131),
    # unless a doctor set him right before the morning
    note(state, target, "stunned", target, actor=by,
         final=lambda: ("stunned", "") if target in r.stunned else ("", ""))
    state.record("stunned-now", f"{by} stuns {target} (stun {p.features[STUNS]} of the game)",
                 subject=target, actor=by)
    if p.features[STUNS] < 2:
        return "stunned"
    if has_role(p, "bomb") or has_role(p, "vest"):
        rec(state).attacked.add(target)
    if has_role(p, "vest"):
        return "stunned"
    kill_now(state, target, by, c.STUN)
    if has_role(p, "bomb") and by != target:
        lethal_on(state, by, target, "bomb")
    return "killed"


def try_stun(state: NightState, move: Move, target: str) -> str:
    """The stunner's blow: corpse, guarded, protected, stunned or killed."""
    if dead(state, target):
        return "corpse"
    first = c.option(state, "doctor-and-guard")
    for stop in (("guard", "doctor") if first == "guard-first" else ("doctor", "guard")):
        if stop == "guard" and _guarded(state, move, target, c.STUN):
            return "guarded"
        if stop == "doctor" and protected_stop(state, target, c.STUN, move.actor):
            return "protected"
    return stun_player(state, target, move.actor)


def revive(state: NightState, target: str, by: str, *, raised: bool = False) -> None:
    """The doctor (or necromancer: `raised`) brings back one killed tonight: the stunner's
    «Вы убили» and the samurai's «Вы удачно совершили свой ночной ход» become misses (the
    samurai's, after a raise, by ruling samurai-raised)."""
    r = rec(state)
    samurai_missed = not raised or c.option(state, "samurai-raised") == "useless"
    death = r.dead.pop(target)
    state.record("revived-now", f"{by} revives {target} (killed by {death.by})",
                 subject=target, actor=by)
    for n in r.notes:
        if n.subject == target and n.what == "stun-killed":
            n.what, n.case = "stun-milk", "doctor-after"
        elif n.subject == target and n.what == "samurai-done" and samurai_missed:
            n.what, n.case = "samurai-useless", "revived"
    if death.how == c.STUN:
        state.players[target].features[STUNS] = 1  # «количество ударов считается равным 1»
        r.stunned.pop(target, None)
