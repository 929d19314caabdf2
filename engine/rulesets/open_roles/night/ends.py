"""The night's end: the moves the witch deferred past the last turn, the vest's and the
bomb's morning («На вас было совершено нападение» / «Вы спокойно спали всю ночь», lines
282-292), the deaths of those still dead (the newspaper, «Статусы ... убитых игроков
вскрываются сразу», line 3), the master's new abilities («Утром Мастер получает способности
последнего убитого», 206), and every morning message."""

from __future__ import annotations

from engine.night.mechanics import die
from engine.night.state import NightState
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.flow import catch_up
from engine.rulesets.open_roles.night.messages import MESSAGES
from engine.rulesets.open_roles.night.records import (
    ACQUIRED,
    gain,
    has_role,
    is_mafia,
    note,
    rec,
)
from engine.rulesets.open_roles.night.rules import ROLE_ABILITIES


def finish(state: NightState) -> None:
    catch_up(state, None)
    r = rec(state)
    for slot in sorted(r.alive_at_start):
        p = state.players[slot]
        if has_role(p, "vest") or has_role(p, "bomb"):
            note(state, slot, "assaulted" if slot in r.attacked else "slept", slot,
                 "attempt" if slot in r.attacked else "")
    for slot, death in sorted(r.dead.items(), key=lambda x: x[1].seq):
        die(state, slot, death.how)
        state.players[slot].killed = (state.night, death.by, state.players[death.by].role)
    _duties(state)
    _master(state)
    _morning(state)


# «Выполнять свой ночной ход Самурай не обязан» (212); the necromancer raises once, when the
# mafs are few (230-231): neither owes a move every night
FREE = frozenset({"samurai", "necromancer"})


def _duties(state: NightState) -> None:
    """What the players had to do and the log does not hold (hidden, for the GM's record):
    «Ночные и дневные ходы все игроки делать обязаны, если в описании роли не сказано
    противоположного» (8); «Убийство обязательно» (26); «Маф, не являющийся киллером ночи,
    должен сделать свой ролевой ход» (22). Nothing is changed: the night is replayed as
    logged."""
    r = rec(state)
    mafs = [s for s in sorted(r.alive_at_start) if is_mafia(state.players[s])]
    sent = [m for m in state.moves if not m.refused]
    killers = [m.actor for m in sent if m.ability.id == c.KILL]
    if mafs and not killers:
        state.record("duty-missed", "no maf killed tonight: «Убийство обязательно» (line 26)")
    for slot in sorted(r.alive_at_start):
        p = state.players[slot]
        roles = [p.role] + [k[len(ACQUIRED):] for k, v in p.features.items()
                            if k.startswith(ACQUIRED) and v != 0]
        # the killer's only move is the kill: a lone killer has made it (25)
        owes = any(set(ROLE_ABILITIES.get(x, ())) - {c.KILL} and x not in FREE for x in roles)
        if slot in killers and r.lone != slot:
            continue  # the night's killer: his kill is his move (22)
        if owes and not any(m.actor == slot and m.ability.id != c.KILL for m in sent):
            state.record("duty-missed", f"{slot} ({p.role}) made no night move: «Ночные и "
                         "дневные ходы все игроки делать обязаны» (line 8)", subject=slot)


def _master(state: NightState) -> None:
    """«После каждой посадки или убийства получает способности посаженного/убитого ... Если
    ночью до его хода было совершено убийство, то оно не оказывает на мастера никаких
    последствий до утра. Утром Мастер получает способности последнего убитого» (206)."""
    r = rec(state)
    deaths = sorted((d.seq, slot) for slot, d in r.dead.items())
    if not deaths:
        return
    gain(state, state.players[deaths[-1][1]])


def _morning(state: NightState) -> None:
    """The notes as private results: `what` the message id, `result` the words told."""
    r = rec(state)
    silent = c.option(state, "lone-victim") == "silent"
    nothing = c.option(state, "revived-missed") == "nothing"
    for n in r.notes:
        what, case = n.final() if n.final is not None else (n.what, n.case)
        if not what:
            continue  # a message withdrawn (a stun set right) or none in the seed
        if n.killed and nothing and state.players[n.recipient].alive:
            continue  # «хотя сам оживленный ничего не замечает» (28)
        if silent and n.recipient in r.lone_victims:
            continue  # «его ночная жертва не получает от ведущего никакой информации» (23)
        text = n.text if n.text is not None else MESSAGES[what]
        if n.seen is not None:
            text = f"{text} {'; '.join(n.seen) or 'ничего'}"
        state.record("morning", text, "private", subject=n.subject, recipient=n.recipient,
                     actor=n.actor, what=what, result=text, case=case)
