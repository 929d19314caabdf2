"""The doctor (lines 27-56) and the necromancer (229-240): treatment, protection, revival,
the lethal second treatment, and the one raise of the game."""

from __future__ import annotations

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.flow import HANDLERS, stop, unreachable
from engine.rulesets.open_roles.night.harm import lethal, revive
from engine.rulesets.open_roles.night.records import (
    GONE,
    SELF_TREATED,
    STUNS,
    TREATED,
    away,
    dead,
    is_mafia,
    note,
    rec,
    reflect,
)


def _double(state: NightState, doctor: str, patient: str) -> bool:
    """«Убивает пациента, если на него использовать лечение 2 ночи подряд»; «Повторное
    лечение себя (не подряд, а за всю игру!) приводит к самоубийству» (30-31)."""
    p = state.players[doctor]
    night = state.night
    if c.option(state, "doctor-count") == "sent":
        before = [t for n, a, t in p.used if a == c.HEAL and n < night]
        last = [t for n, a, t in p.used if a == c.HEAL and n == night - 1]
        return (patient,) in last or (patient == doctor and (doctor,) in before)
    last_night = p.features.get(TREATED + patient)
    return (last_night is not None and last_night == night - 1) or (
        patient == doctor and p.features.get(SELF_TREATED, 0) >= 1)


def _treated(state: NightState, doctor: str, patient: str) -> None:
    p = state.players[doctor]
    p.features[TREATED + patient] = state.night
    if patient == doctor:
        p.features[SELF_TREATED] = p.features.get(SELF_TREATED, 0) + 1


def heal(state: NightState, move: Move) -> None:
    """«Оживляет недавно убитого»; «Защищает от убийства в текущую ночь»; «Обнуляет число
    ударов Пукалкой, если удар был произведен в предыдущие ночи»; «Приводит в порядок
    оглушенного Пукалкой текущей ночью (если это был 2 удар, то количество ударов считается
    равным 1)»; «Если в момент хода врача он был сведен со своим пациентом Сводчиком, то
    заклинания накладываться не будет» (28-40)."""
    r = rec(state)
    doctor = move.actor
    target, _ = reflect(state, move, move.targets[0])
    move.targets = [target]
    case = unreachable(state, move, target)
    if case is not None:
        note(state, doctor, "patient-not-found", target, case)
        return
    if _double(state, doctor, target):
        _treated(state, doctor, target)
        n = note(state, doctor, "killed-patient", target, "second-treatment")
        out = lethal(state, move, target, c.HEAL)
        if out == "guarded":
            n.what = ""  # the shot lands on the doctor (line 38): no message of his list fits
        elif out == "vest":
            n.what, n.case = "shot", "vest"
        return
    _treated(state, doctor, target)
    if target in r.dead:
        how = r.dead[target].how
        revive(state, target, doctor)
        note(state, doctor, "self-revived" if target == doctor else "revived", target, how)
        return
    if dead(state, target):
        note(state, doctor, "shot", target, "long-dead")  # «недавно убитого»: not tonight's
        return
    r.protected.setdefault(target, doctor)
    p = state.players[target]
    what, case = "shot", "no-attempt"
    if target in r.stunned:
        r.stunned.pop(target)
        p.features[STUNS] = max(0, p.features.get(STUNS, 0) - 1)
        what, case = c.option(state, "doctor-stun-tonight"), "stunned-tonight"
        for n in r.notes:
            if n.subject == target and n.what == "stun-hit":
                n.what, n.case = "stun-milk", "doctor-after"
    elif p.features.get(STUNS, 0) > 0:
        p.features[STUNS] = 0
        what, case = "cured", "stunned-before"
    r.doctor[doctor] = note(state, doctor, what, target, case)
    state.record("treating", f"{doctor} treats {target}", subject=target, actor=doctor)


def _refund(state: NightState, move: Move) -> None:
    """Ruling necro-spent: a raise that did not take place leaves the one use."""
    if c.option(state, "necro-spent") == "kept":
        used = state.players[move.actor].used
        entry = (state.night, move.ability.id, move.sent_targets)
        if entry in used:
            used.remove(entry)


def raise_dead(state: NightState, move: Move) -> None:
    """«Один раз за партию может воскресить любого из убитых персонажей, либо же посаженного
    мафа»; «Воскрешать некроманту разрешается только когда в игре останется 3 мафа»; «Может
    воскресить убитого текущей ночью ... При этом статус убитого-воскрешенного виден»
    (230-232)."""
    r = rec(state)
    target, _ = reflect(state, move, move.targets[0])
    move.targets = [target]
    mafs = sum(1 for s, p in state.players.items() if is_mafia(p) and not dead(state, s))
    allowed = mafs <= 3 if c.option(state, "necro-threshold") == "three-or-fewer" \
        else mafs == 3
    p = state.players[target]
    why = None
    if not allowed:
        why = "mafia-count", f"{mafs} mafs in the game"
    elif not dead(state, target):
        why = "target-alive", f"{target} is alive"
    elif away(state, target) is not None and c.option(state, "necro-carried") == "away":
        why = "target-away", f"{target}'s body is away with the driver"
    elif target not in r.dead and p.killed is None and not is_mafia(p):
        why = "seated-honest", f"{target} was seated, not killed, and is no maf"
    if why is not None:
        stop(state, move, *why)
        if why[0] != "mafia-count" or c.option(state, "necro-four-message") == "failed":
            note(state, move.actor, "action-failed", target, why[0])
        _refund(state, move)
        return
    if target in r.dead:
        revive(state, target, move.actor, raised=True)
    else:
        p.alive = True
        p.killed = None
        p.features.pop(GONE, None)  # seated again later, he gives the master his abilities
    state.record("resurrected", f"{move.actor} raises {target} (the status is shown)",
                 "newspaper", subject=target, actor=move.actor)
    note(state, move.actor, "raised", target)


HANDLERS.update({c.HEAL: heal, c.RAISE: raise_dead})
