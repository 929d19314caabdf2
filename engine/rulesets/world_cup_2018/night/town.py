"""The town's night: the doctor, the priest, the drunkard, the statistician, the treasure
hunter, the witness (what he saw is told at the night's end, `night_end`), and the stake hunt
anyone may go on."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Limit, Move
from engine.night.state import NightState, Player
from engine.rulesets.world_cup_2018.night.common import (
    CLANS,
    NOT_OK,
    OK,
    ability,
    answer,
    artifact_ids,
    cure,
    doom,
    move_artifacts,
    records,
    shown_role,
)
from engine.rulesets.world_cup_2018.night.rulings import option


def _treat(state: NightState, move: Move, target: str, *, poison: bool,
           shots: bool) -> bool:
    """«Лечит тех, кого пытаются убить или отравить»: the target's death tonight (a shot,
    or anything dying under the rulings), poison and bleeding. True when it saved."""
    m.visit(state, move, target)
    p = state.players[target]
    saved = False
    # the first that landed decides, and a save saves from all ("Лечит тех, кого пытаются
    # убить"), as when the night kept one attack a player
    hit = state.dying[target][0] if target in state.dying else None
    bare = p.role == "priest" and option(state, "priest-protection") == "his-life"
    if hit is not None and not bare and (poison or hit.harm == "physical") and shots:
        del state.dying[target]
        records(state).blame.pop(target, None)
        saved = True
    if not bare and cure(p, "bleeding"):
        saved = True
    if poison and cure(p, "poison"):
        saved = True
    state.record("treated", f"{move.actor} treats {target}: "
                 f"{'saved' if saved else 'nothing to heal'}", subject=target,
                 actor=move.actor, saved=saved)
    return saved


def _doctor_answer(state: NightState, move: Move, saved: bool) -> None:
    if option(state, "doctor-result") == "saved":
        answer(state, move, OK if saved else NOT_OK)


def _heal(state: NightState, move: Move) -> None:
    """«За ночь может вылечить 1 игрока»"""
    assert move.target is not None
    _doctor_answer(state, move, _treat(state, move, move.target, poison=True, shots=True))


def _bandage(state: NightState, move: Move) -> None:
    """«или перевязать двоих»"""
    wounds = option(state, "bandage") == "wounds"
    saved = [_treat(state, move, t, poison=False, shots=wounds) for t in move.targets]
    _doctor_answer(state, move, any(saved))


def _confession(state: NightState, move: Move) -> None:
    """«Ночью выбирает цель для исповеди, которую этой ночью никто не может подвергнуть
    воздействию и которая также не может совершить ход, если ходит после священника. Узнает
    грешен ли исповедуемый или нет (грешен если убил персонажа).»; «При исповеди зомби узнаёт
    его роль»; the necromancer «умирает при попадании на исповедь»."""
    assert move.target is not None
    target = move.target
    m.isolate(state, move, target)
    p = state.players[target]
    answer(state, move, "грешен" if p.features.get("kills", 0) > 0 else "не грешен", "sin")
    if shown_role(p) == "zombie":
        answer(state, move, "Спортсмен-допингист", "role")
    if p.role == "necromancer":
        doom(state, target, "confession", move.actor)


def _seer(state: NightState, move: Move) -> None:
    """«Имеет дар провидца, может 2 раза за игру проверить на зомби 1 игрока (дневной ход)»"""
    assert move.target is not None
    zombie = shown_role(state.players[move.target]) == "zombie"
    answer(state, move, "зомби" if zombie else "не зомби")


def _drink(state: NightState, move: Move) -> None:
    """«ночью курит и бухает с игроком лишая того ночного действия»"""
    assert move.target is not None
    m.block(state, move, move.target, f"drinking with {move.actor}")


def side(state: NightState, player: Player, slot: str) -> str:
    """The side the statistician compares: a clan, the town (the cops with it, as ruled), or
    the player alone (a neutral, a dark player not recruited yet)."""
    if player.faction in CLANS or player.faction == "town":
        return player.faction
    if player.faction == "cops":
        return "town" if option(state, "statistician-cops") == "same-as-town" else "cops"
    return f"alone:{slot}"


def _compare(state: NightState, move: Move) -> None:
    """«ночью сравнивает 2х игроков, получает ответ одинаковые или разные (если сравнивает 2х
    из разного клана, то ответ — разные)»"""
    a, b = move.targets[:2]
    for t in (a, b):
        m.visit(state, move, t)
    same = side(state, state.players[a], a) == side(state, state.players[b], b)
    answer(state, move, "одинаковые" if same else "разные")


ARTIFACTS = 3  # «В первый день выдаёт 3 артефакта любым игрокам»


def _hunt(state: NightState, move: Move) -> None:
    """«ищет у игроков артефакты, если найдёт все, то узнаёт копов» (told at the night's end)"""
    assert move.target is not None
    m.visit(state, move, move.target)
    me = state.players[move.actor]
    new = _new_to(me, artifact_ids(state.players[move.target]))
    if not new:  # none, or only artifacts he has found before
        answer(state, move, NOT_OK)
        return
    me.features[f"found:{move.target}"] = 1
    answer(state, move, OK)


def _new_to(hunter: Player, ids: list[str]) -> list[str]:
    """The artifacts among `ids` the hunter had not found: now found and counted."""
    new = [i for i in ids if not hunter.features.get(f"found-{i}", 0)]
    for i in new:
        hunter.features[f"found-{i}"] = 1
    hunter.features["artifacts-known"] = hunter.features.get("artifacts-known", 0) + len(new)
    return new


def inherit_artifacts(players: dict[str, Player], gone: list[str]) -> list[str]:
    """«При посадке или убийстве владельца артефакта получает его автоматом.»: the first
    living treasure hunter takes the artifacts of each player in `gone` (killed or jailed);
    the holders he took from, in order."""
    hunters = [s for s, p in sorted(players.items())
               if p.role == "treasure-hunter" and p.alive]
    if not hunters:
        return []
    me, out = players[hunters[0]], []
    for victim in gone:
        if players[victim].features.get("artifact", 0) <= 0 or victim == hunters[0]:
            continue
        _new_to(me, move_artifacts(players[victim], me))
        out.append(victim)
    return out


def _watch(state: NightState, move: Move) -> None:
    """«Выбирает игрока за которым будет следить» (what he sees: `night_end.witness`)"""
    assert move.target is not None
    m.visit(state, move, move.target)


def _stake(state: NightState, move: Move) -> None:
    """«Любой игрок вместо своего ночного хода может бегать с колом.» Every stake hunt is made
    in the citizens' place («Мирные жители ... Имеют осиновые колья»), which «Очередность
    хода» puts before the necromancer's: the hunt is counted as each hunter comes (it only
    grows: more hunters never undo it), so a hunted vampire or necromancer is killed by the
    time the necromancer raises and his zombies eat."""
    assert move.target is not None
    m.visit(state, move, move.target)
    hunters = records(state).stakes.setdefault(move.target, [])
    hunters.append(move.actor)
    _hunt_kills(state, move.target, hunters)


def _hunt_kills(state: NightState, target: str, hunters: list[str]) -> None:
    """«Убить вампира можно: 1. Мафия — охота в полном составе клана (полный состав — все
    живые на момент отправки хода игроки). 2. Все остальные- как минимум 3-ое живых охотятся
    с кольями на него.»; «Некромант убивается аналогично Вампиру». A killed target is
    certain to die (`doom`: no doctor comes after the citizens) unless the necromancer raises
    him; every hunter shares the kill."""
    rec = records(state)
    p = state.players[target]
    if p.role not in ("vampire", "necromancer") or not p.alive:
        return
    # the clans as the moves were sent (tonight's recruits and zombies not yet theirs)
    side = rec.side_at_start
    clans = {side[h] for h in hunters} & set(CLANS)
    full = any({s for s in rec.alive_at_start if side[s] == c} <= set(hunters)
               for c in clans)
    counted = {h for h in hunters if option(state, "stake-count") == "together" or
               side[h] not in CLANS}
    if len(counted) < 3 and not full:
        return
    rec.blame[target] = sorted(set(hunters))
    if target not in rec.doomed:  # once: a later hunter only shares the kill
        state.record("staked", f"{target} is killed by a stake hunt", subject=target)
        doom(state, target, "stake")


ABILITIES: tuple[Ability, ...] = (
    ability("heal", "Treatment", "лечение", "doctor", _heal, "+"),
    ability("bandage", "Bandage two", "перевязка двоих", "doctor", _bandage, "+",
            targets=2),
    ability("confession", "Confession", "исповедь", "priest", _confession, "I",
            limit=Limit(same_target_every=10 ** 6), reaches_isolated=True),
    # «дар провидца, может 2 раза за игру проверить на зомби 1 игрока (дневной ход)»: named as
    # a GM names it (a GM log reads "for zombies" as a target)
    ability("seer-check", "Seer's check", "дар провидца", "priest",
            _seer, "D", limit=Limit(uses=2), extra=True),
    ability("drink", "Drinking", "курит и бухает", "drunkard", _drink, "-"),
    ability("compare", "Comparison", "сравнение", "statistician", _compare, "I", targets=2),
    ability("treasure-hunt", "Treasure hunt", "поиск артефактов", "treasure-hunter", _hunt,
            "I"),
    ability("watch", "Watching", "слежка", "witness", _watch, "I"),
    ability("stake", "Stake hunt", "охота с колом", "citizens", _stake, "K"),
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    "doctor": ("heal", "bandage"),
    "priest": ("confession", "seer-check"),
    "drunkard": ("drink",),
    "statistician": ("compare",),
    "treasure-hunter": ("treasure-hunt",),
    "witness": ("watch",),
}
