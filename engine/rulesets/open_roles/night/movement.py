"""The moves that move others: the driver (lines 57-71), the matchmaker (72-90), the mirror
(91-107) and the witch (177-204)."""

from __future__ import annotations

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.flow import HANDLERS, move_key, stop, unreachable
from engine.rulesets.open_roles.night.records import (
    Mirror,
    Pair,
    away,
    dead,
    note,
    pair_of,
    rec,
    reflect,
    stopped_by_pair,
)


def drive(state: NightState, move: Move) -> None:
    """«Каждую ночь прячет от города двух (если в игре 8 или больше игроков) или одного»;
    «Если на момент хода один из приглашенных был мертвым, то Водитель таскает с собой труп
    (его уже нельзя вылечить)»; «Вы не решились брать с собой вашего спутника: ход Сводчика
    свел вас и вашего пациента; На вашего пациента было поставлено зеркало в направлении на
    Вас или уже взятого Вами второго пациента» (58-67). A companion's guard ends with the
    drive (162)."""
    r = rec(state)
    players = len(r.alive_at_start) if c.option(state, "driver-count") == "alive" \
        else len(state.players)
    limit = 2 if players >= 8 else 1
    if len(move.targets) > limit:
        state.record("one-companion", f"{players} players: {move.actor} takes only "
                     f"{move.targets[0]}", actor=move.actor)
    taken: list[str] = []
    for sent in move.targets[:limit]:
        target, mirror = reflect(state, move, sent)
        if mirror is not None and (target == move.actor or target in taken):
            note(state, move.actor, "did-not-dare", sent, "mirror")
            continue
        if stopped_by_pair(state, move, target):
            note(state, move.actor, "did-not-dare", target, "matched")
            continue
        corpse = dead(state, target)
        r.driven.setdefault(target, move.actor)
        taken.append(target)
        note(state, move.actor, "corpse" if corpse else "walked", target)
        for g in r.guards:
            if target in (g.patient, g.owner) and g.removed_by is None:
                g.removed_by = move.actor
        state.record("driven", f"{move.actor} takes {target} away"
                     f"{' (a corpse)' if corpse else ''}", subject=target, actor=move.actor)
    move.targets = taken
    if not taken:
        stop(state, move, "none-taken", "no companion taken")


def match(state: NightState, move: Move) -> None:
    """«Сводит 2 игроков»; «Если один из персонажей на момент хода оказывается трупом, то
    сводничество остается в силе»; «Если сводятся двое, на одном из которых стоит зеркало в
    направлении другого, то зеркало будет разбито, а сводничество состоится»; «Если зеркало
    стояло на одной из ваших целей в направлении вас, то Вы считаетесь сведенными с вашей
    второй целью» (73-81). A guard between the two ends (163)."""
    r = rec(state)
    a0, b0 = move.targets[0], move.targets[1]
    for m in r.mirrors:
        if m.broken is None and {m.on, m.toward} == {a0, b0}:
            m.broken = "after"
            state.record("mirror-broken", f"{move.actor} matches {a0} and {b0}: "
                         f"{m.owner}'s mirror between them breaks", actor=move.actor)
    a, _ = reflect(state, move, a0)
    b, _ = reflect(state, move, b0)
    move.targets = [a, b]
    if a == b:
        stop(state, move, "same", f"both targets are {a}")
        note(state, move.actor, "match-not-found", a, "same")
        return
    if away(state, a) is not None or away(state, b) is not None:
        stop(state, move, "target-away", "a target is away with the driver")
        note(state, move.actor, "match-not-found", a if away(state, a) else b, "target-driven")
        return
    pair = Pair(a, b, move.actor)
    r.pairs.append(pair)
    for m in r.mirrors:
        if m.broken is None and {m.on, m.toward} == {a, b}:
            m.broken = "after"
    for g in r.guards:
        if {g.owner, g.patient} == {a, b} and g.removed_by is None:
            g.removed_by = move.actor
    state.record("matched", f"{move.actor} matches {a} and {b}", subject=a, actor=move.actor,
                 other=b)
    note(state, move.actor, "match-empty", a,
         final=lambda: ("match-in-time", "stopped") if pair.blocked else ("match-empty", ""))


def mirror(state: NightState, move: Move) -> None:
    """«Отбивает ночные ходы, нацеленные в выбранного персонажа в сторону других игроков.
    Ставить зеркало на себя и направлять его на себя нельзя»; «Если зеркало ставится на
    сведенных на момент постановки зеркала персонажей, то оно разбивается» (92-94)."""
    on, toward = move.targets[0], move.targets[1]
    case = unreachable(state, move, on)
    if case is not None:
        note(state, move.actor, "mirror-no-place" if case == "target-driven" else
             "mirror-failed", on, case)
        return
    m = Mirror(move.actor, on, toward)
    if pair_of(state, on, toward) is not None:
        m.broken = "before"
    rec(state).mirrors.append(m)
    state.record("mirror", f"{move.actor} sets a mirror on {on} toward {toward}"
                 f"{' (it breaks: they are matched)' if m.broken else ''}", subject=on,
                 actor=move.actor)

    def final() -> tuple[str, str]:
        if m.broken == "before":
            return "mirror-broken", "matched-before"
        if m.broken == "after" and (m.reflected or c.option(
                state, "mirror-broken-message") == "by-moment"):
            return "mirror-broken-after", "matched-after"
        if m.broken == "after":  # broken after it was set, nothing reflected (ruling)
            return "mirror-broken", "matched-after-unused"
        return ("reflected", "") if m.reflected else ("mirror-useless", "")
    note(state, move.actor, "mirror-useless", on, final=final)


# -- the witch -------------------------------------------------------------------------------

Intent = tuple[str, Move]  # (whose it was, the move as it stands at the swap)


def _main(state: NightState, slot: str) -> Move | None:
    """The move the player meant to make: «киллер отдаст действие киллера, а не ролевую»
    (187)."""
    mine = [m for m in state.moves if m.actor == slot and not m.refused]
    mine += [m for _, _, m in rec(state).deferred if m.actor == slot]
    kills = [m for m in mine if m.ability.id == c.KILL]
    ranked = kills or sorted(mine, key=lambda m: move_key(state, m))
    return ranked[0] if ranked else None


def _passed(m: Move | None) -> bool:
    return m is not None and (m.done or m.stopped is not None)


def _give(state: NightState, slot: str, own: Move | None, donor: tuple[str, str, list[str]]
          | None) -> None:
    """`slot` makes the donor's action at his own turn: «не меняя целей»; with 2 targets for
    1, «вместе с действием ведьма передает вторую цель»; for none, «обе цели» (178-181); the
    necromancer's target goes with his raise (189)."""
    if donor is None:
        if own is not None and not _passed(own):
            stop(state, own, "swapped-away", "the witch took the move, nothing in exchange")
        return
    whose, ability_id, targets = donor
    n = len(targets)
    mine = list(own.targets) if own is not None else []
    new = list(targets) if ability_id == c.RAISE else mine[:n] + targets[len(mine):n]
    ability = state.rules.abilities[ability_id]
    text = f"{whose}: {c.WORDS[ability_id]} → {', '.join(targets) or '-'}"
    note(state, slot, "swapped", whose, "witch", text=text)
    state.record("swap-given", f"{slot} makes {whose}'s {ability_id} on {', '.join(new)}",
                 subject=whose, actor=slot)
    if own is not None and not _passed(own):
        own.ability, own.targets = ability, new
        return
    r = rec(state)
    mv = Move(10_000 + len(r.deferred), slot, ability, new, {}, tuple(new))
    state.seq(mv)  # numbered as it enters the night (what `Rec.why` keys it by)
    r.deferred.append((move_key(state, mv), mv.index, mv))
    r.deferred.sort(key=lambda x: (x[0], x[1]))


def swap(state: NightState, move: Move) -> None:
    """«Меняет местами ночные способности двух персонажей на свой выбор, не меняя целей»;
    «Если к моменту обмена оба хода уже состоялись, то обмен считается не состоявшимся»;
    «Если к моменту обмена состоялся один ход, то обмен превращается в дублирование этого
    хода»; «Обмен не может состоятся в случае неспособности ходить вас или одной из ваших
    целей»; «В случае смены действия Некроманта ... цель воскрешения передается новому
    некроманту (дублирования не получится)» (178-204)."""
    r = rec(state)
    x, _ = reflect(state, move, move.targets[0])
    y, _ = reflect(state, move, move.targets[1])
    move.targets = [x, y]
    for t in (x, y):
        # the witch matched with a target: her swap is an action of one matched player on
        # the other, which the match stops («Вы вовремя свели», line 84: `stopped_by_pair`
        # counts it); the two targets matched with each other stop the swap too (line 197),
        # but that is no action between them
        why = ("dead" if dead(state, t) else "driven" if away(state, t) is not None
               else "matched" if stopped_by_pair(state, move, t) or pair_of(state, x, y)
               else "stunned" if t in r.stunned else "blocked" if t in r.blocked else None)
        if why is not None:
            stop(state, move, "target-unable", f"{t}: {why}")
            note(state, move.actor, "swap-failed", t, why)
            return
    mx, my = _main(state, x), _main(state, y)
    px, py = _passed(mx), _passed(my)

    def intent(m: Move | None) -> tuple[str, str, list[str]] | None:
        return None if m is None else (m.actor, m.ability.id, list(m.targets))
    if px and py:
        note(state, move.actor, "swap-slept", x, "both-made")
        return
    if px or py:
        src, slot, own = (mx, y, my) if px else (my, x, mx)
        assert src is not None
        if src.ability.id == c.RAISE:
            note(state, move.actor, "swap-slept", src.actor, "raise-not-duplicated")
            return
        _give(state, slot, own, intent(src))
        note(state, move.actor, "swap-dup", src.actor, "one-made")
        return
    ix, iy = intent(mx), intent(my)
    _give(state, x, mx, iy)
    _give(state, y, my, ix)
    note(state, move.actor, "swap-full", x, "none-made")


HANDLERS.update({c.DRIVE: drive, c.MATCH: match, c.MIRROR: mirror, c.SWAP: swap})
