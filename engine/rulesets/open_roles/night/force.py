"""The moves that strike: the mafia's kill (lines 21-26), the samurai (211-228), the stunner
(108-131), the bore (132-153) and the bodyguard who stands against them (154-176)."""

from __future__ import annotations

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.flow import HANDLERS, stop, unreachable
from engine.rulesets.open_roles.night.harm import lethal, protected_stop, try_stun
from engine.rulesets.open_roles.night.records import (
    BORED_NEXT,
    Guard,
    dead,
    has_role,
    is_mafia,
    kill_now,
    note,
    rec,
    reflect,
)


def _reach(state: NightState, move: Move) -> str | None:
    """The move's target after a mirror, or None when it is out of reach (driven away, or
    matched with the actor: the move is stopped and `why` says which)."""
    target, _ = reflect(state, move, move.targets[0])
    move.targets = [target]
    return None if unreachable(state, move, target) else target


def kill(state: NightState, move: Move) -> None:
    """«Совершает убийство одного из персонажей»; «Убийство. Если киллер поднимает руку на
    свою временную любовь после приема зелья, то убийства не будет» (75). The killer is told
    nothing (the seed lists no message for him); a lone maf's victim is told nothing either
    (23)."""
    target = _reach(state, move)
    if target is None:
        return
    r = rec(state)
    if r.lone == move.actor:
        r.lone_victims.add(target)
    if lethal(state, move, target, c.KILL) == "corpse":
        stop(state, move, "corpse", f"{target} is already dead")


def strike(state: NightState, move: Move) -> None:
    """«Если убитый оказывается мафом, то игра продолжается, а самурай может убить еще раз.
    Если убиваемый оказывается чижом, то Самурай, признавая ошибку, умирает сам»; «Если
    самурай пытается убить уже убитого честного, то его ход считается не состоявшимся и он
    остается жив» (212-214)."""
    target = _reach(state, move)
    if target is None:
        why = rec(state).why[state.seq(move)]
        note(state, move.actor, "samurai-useless", move.targets[0],
             "target-driven" if why == "target-away" else "matched")
        return
    if dead(state, target):
        stop(state, move, "corpse", f"{target} is already dead")
        note(state, move.actor, "samurai-useless", target, "target-dead")
        return
    if is_mafia(state.players[target]):
        out = lethal(state, move, target, c.STRIKE)
        if out in ("killed", "bomb"):
            rec(state).samurai_hits.add(move.actor)
        what, case = {"guarded": ("samurai-muscle", "bodyguard"),
                      "protected": ("samurai-useless", "doctor"),
                      "vest": ("samurai-useless", "vest")}.get(out, ("samurai-done", "maf"))
        note(state, move.actor, what, target, case)
        return
    # a mistake: the samurai dies, unless a doctor protects him (line 40). He still tried to
    # kill («Вы пытались убить чижа», 217): a vest or bomb is told «На вас было совершено
    # нападение (Кто-то пытался вас убить)» (283, 291), though the strike does not land
    if has_role(state.players[target], "vest") or has_role(state.players[target], "bomb"):
        rec(state).attacked.add(target)
    note(state, move.actor, "samurai-wrong", target, "honest")
    if not protected_stop(state, move.actor, "mistake", move.actor):
        kill_now(state, move.actor, move.actor, "mistake")


def strike_again(state: NightState, move: Move) -> None:
    """Ruling samurai-again=same-night: «самурай может убить еще раз» right after a strike
    that killed a maf; otherwise the second strike does not take place."""
    if move.actor not in rec(state).samurai_hits:
        stop(state, move, "no-maf-killed", "his strike tonight killed no maf")
        return
    strike(state, move)


def stun(state: NightState, move: Move) -> None:
    """«Оглушает» (109); «Ваш удар пришелся кому-то прямо в темечко», «в молоко», «Вы
    дрались с трупом», «Вы убили» (117-124)."""
    n = note(state, move.actor, "stun-hit", move.targets[0])
    target = _reach(state, move)
    n.subject = move.targets[0]
    if target is None:
        why = rec(state).why[state.seq(move)]
        n.what, n.case = "stun-milk", "target-driven" if why == "target-away" else "matched"
        return
    out = try_stun(state, move, target)
    if out == "corpse":
        stop(state, move, "corpse", f"{target} is already dead")
        n.what = "stun-corpse"
    elif out == "guarded":
        n.what = "stun-hit" if c.option(state, "guarded-stun-message") == "hit" else "stun-milk"
        n.case = "bodyguard"
    elif out == "protected":
        n.what, n.case = "stun-milk", "doctor-before"
    elif out == "killed":
        n.what, n.case = "stun-killed", "second-stun"


def block(state: NightState, move: Move) -> None:
    """«Заблокированный игрок не может использовать свои ночные возможности, если они еще не
    были использованы; ... следующей ночью, если они еще уже были использованы текущей»;
    «Труп блокируется» (133-138); «В случае, когда зануда блокирует сам себя (перенаправление
    зеркалом), отменяется его ход будущей ночи» (140)."""
    r = rec(state)
    n = note(state, move.actor, "block-done", move.targets[0])
    target, mirror = reflect(state, move, move.targets[0])
    move.targets = [target]
    n.subject = target
    if target == move.actor and mirror is not None:
        state.players[move.actor].features[BORED_NEXT] = 1
        n.what, n.case = "bored", "mirror-self"
        state.record("self-block", f"{move.actor} blocks himself: next night's move is "
                     "cancelled", actor=move.actor)
        return
    case = unreachable(state, move, target)
    if case is not None:
        n.what, n.case = "bored", case
        return
    if target in r.stunned:
        stop(state, move, "target-stunned", f"{target} is stunned")
        n.what, n.case = "bored", "target-stunned"
        return
    r.blocked.setdefault(target, move.actor)
    note(state, target, "blocked", target, actor=move.actor)
    if c.option(state, "block-next") == "took-place":
        reaches = any(m.actor == target and m.done and m.stopped is None for m in state.moves)
    else:
        reaches = not any(m.actor == target and not m.refused and not m.done
                          and m.stopped is None for m in state.moves) and \
            not any(m.actor == target for _, _, m in r.deferred)
    if reaches:
        state.players[target].features[BORED_NEXT] = 1
    for g in r.guards:
        if g.owner == target and g.removed_by is None:
            g.removed_by = move.actor  # «пока вашу защиту не сняли ... Зануда» (166)
    state.record("block", f"{move.actor} blocks {target}", subject=target, actor=move.actor)


def guard(state: NightState, move: Move) -> None:
    """«Себя защищать нельзя»; «Если зеркало ставится с вашей цели на вас, то вы защищаете
    самого себя» (159, 161)."""
    r = rec(state)
    n = note(state, move.actor, "guard-quiet", move.targets[0])
    target, _ = reflect(state, move, move.targets[0])
    move.targets = [target]
    n.subject = target
    case = unreachable(state, move, target)
    if case is not None:
        n.what, n.case = "bored", case
        return
    g = Guard(move.actor, target)
    r.guards.append(g)
    state.record("guarding", f"{move.actor} guards {target}", subject=target, actor=move.actor)

    def final() -> tuple[str, str]:
        if g.repelled:
            return ("guard-paid-part", "removed") if g.removed_by else ("guard-paid", "")
        return ("guard-quiet-part", "removed") if g.removed_by else ("guard-quiet", "")
    n.final = final


HANDLERS.update({c.KILL: kill, c.STRIKE: strike, c.STRIKE_AGAIN: strike_again, c.STUN: stun,
                 c.BLOCK: block, c.GUARD: guard})
