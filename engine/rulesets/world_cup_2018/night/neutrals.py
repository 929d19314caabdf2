"""The neutrals' night: the thief, the tour operator (Saransk), the vampire, the mayor, the
journalist, the jester and the courtesan."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Move
from engine.night.state import NightState
from engine.rulesets.world_cup_2018.night.common import (
    SHOTS,
    Effect,
    ability,
    answer,
    fail,
    items_of,
    mark,
    pick_item,
    records,
    take_item,
)
from engine.rulesets.world_cup_2018.night.rulings import option
from engine.rulesets.world_cup_2018.vocab import GIFTS

_ITEM_NAMES = {g.id: g.name_ru for g in GIFTS} | {"artifact": "артефакт"}


def _steal(state: NightState, move: Move) -> None:
    """«ночью может обокрасть игрока. В том числе может украсть артефакт. Пистолет не ворует
    ... Если у игрока к которому он идет несколько вещей, выбирает что украсть.» (the choice:
    option "item")"""
    assert move.target is not None
    m.visit(state, move, move.target)
    held = items_of(state, state.players[move.target])
    if not held:
        fail(state, move, "nothing to steal")
        return
    item = pick_item(move, held)
    take_item(state, move, move.target, item)
    answer(state, move, _ITEM_NAMES[item], "theft")


def _saransk(state: NightState, move: Move) -> None:
    """«отправляет на 1 ночь игрока в Саранск, там его не может никто потревожить»; «справка
    о болезни — позволяет не уехать в тур» (kept: unlike «1 раз» gifts, the seed gives it no
    limit)."""
    assert move.target is not None
    p = state.players[move.target]
    m.visit(state, move, move.target)
    if p.features.get("sick-note", 0) > 0:
        fail(state, move, "a sick note: the target stays")
        return
    records(state).saransk.add(move.target)
    p.features["traveled"] = 1
    state.record("saransk", f"{move.target} is sent to Saransk", subject=move.target,
                 actor=move.actor)


def _vampire(poison: bool) -> Effect:
    def effect(state: NightState, move: Move) -> None:
        """«Впрыскивает яд — травит укушенного ядом, если укушенный не излечится в следующую
        ночь, он умрет.», «Просто кусает игрока, никто не узнает об укусе кроме самого
        вампира.»;
        «крест (2шт) — отпугивает вампира»"""
        assert move.target is not None
        p = state.players[move.target]
        m.visit(state, move, move.target)
        if p.features.get("cross", 0) > 0:
            fail(state, move, "a cross scares the vampire off")
            return
        p.features["bitten"] = 1
        if poison:
            mark(p, "poison", state.night, move.actor)
        state.record("poisoned" if poison else "bitten", f"{move.actor} "
                     f"{'poisons' if poison else 'bites'} {move.target}",
                     subject=move.target, actor=move.actor)
    return effect


def _double_vote(state: NightState, move: Move) -> None:
    """«на выбор голосует простым или двойным голосом ... Выбор голосования двойным голосом —
    ночной ход.»"""
    state.record("double-vote", f"{move.actor} votes double tomorrow", actor=move.actor)


# «Варианты ответов получаемых журналистом» 1-4, each as seen from both ends
_SHOT = ("стреляла в", "кто-то стрелял в его цель")
_WATCH = ("следила за", "кто-то следил за его целью")
_DRINK = ("спаивала", "кто-то спаивал его цель")
_TOGETHER = ("долгое время находилась вместе с",
             "кто-то долгое время находился вместе с его целью")
_KINDS: dict[str, tuple[str, str]] = {
    **dict.fromkeys(SHOTS, _SHOT),
    **dict.fromkeys(("sheriff-search", "boss-search", "deputy-boss-search", "treasure-hunt",
                     "zombie-search", "sheriff-zombie-search", "deputy-zombie-search"),
                    _WATCH),
    "drink": _DRINK, "poison": _DRINK,
}
HOME = "сидела дома"


def _follow(state: NightState, move: Move) -> None:
    """«Ночью узнаёт, что делал один из игроков партии ... Видит действия того за кем следил
    и воздействия на него ... Видит имя персонажа к которому ходил игрок за которым он
    следил.» «Если игрок идёт к двоим персонажам, то жур узнаёт только одного (определяется
    жребием).» (the GM's draw: option "seen"; absent, the first named)"""
    assert move.target is not None
    target = move.target
    m.visit(state, move, target)
    # the night's moves proper (not a held gift's use or a day move: `extra`)
    rules = state.rules
    done = sorted((x for x in state.moves
                   if x.done and x is not move and x.targets and not x.ability.extra),
                  key=lambda x: (rules.step_index(x.ability.step), rules.move_order(state, x)))
    facts: list[str] = []
    went = False
    for x in done:
        if x.actor != target:
            continue
        went = True
        seen = move.options.get("seen")
        to = seen if isinstance(seen, str) and seen in x.targets else x.targets[0]
        facts.append(f"цель {_KINDS.get(x.ability.id, _TOGETHER)[0]} {to}")
    for x in done:
        if x.actor != target and target in x.targets and x.actor != move.actor:
            facts.append(_KINDS.get(x.ability.id, _TOGETHER)[1])
    if not went:
        facts.insert(0, f"цель {HOME}")
    for fact in facts:
        answer(state, move, fact, "article")


def _swap(state: NightState, move: Move) -> None:
    """«ночью меняет ходы двух персонажей (действия он тоже меняет). Игроки поменянные шутом
    получают, ход который отправил второй игрок и результат этого хода. Если меняют игрока с
    некромантом или маньяком ход замененного не производится. Ему направляется уведомление о
    том что ход сделан неудачно»"""
    a, b = move.targets[:2]
    for t in (a, b):
        m.visit(state, move, t)
    later = state.rules.step_index(state.step)
    pending = [x for x in state.moves if not x.done and x.stopped is None
               and state.rules.step_index(x.ability.step) > later]
    special = {t for t in (a, b) if state.players[t].role in ("necromancer", "maniac")}
    if len(special) == 1:
        other = b if a in special else a
        them = a if other == b else b
        takes = option(state, "jester-special") == "takes-other"
        for x in pending:
            if x.actor == other:
                if takes:  # the necromancer or maniac makes it, the other is told he failed
                    stand_in = Move(x.index, other, x.ability, [], {}, x.sent_targets,
                                    stopped=f"swapped with the {state.players[them].role}")
                    state.seq(stand_in)  # a move of the night: numbered as it enters
                    state.moves.append(stand_in)
                    x.actor = them
                else:
                    x.stopped = f"swapped with the {state.players[them].role}"
            elif x.actor == them and takes:
                x.stopped = f"swapped with {other}"
                x.refused = True  # his own move is replaced: no answer for it
        state.record("swap-void", f"{other}'s move is not made (swapped with {them})",
                     subject=other, actor=move.actor)
        return
    if special:
        fail(state, move, "both are the necromancer and the maniac")
        return
    for x in pending:
        if x.actor in (a, b):
            x.actor = b if x.actor == a else a
    state.record("swapped", f"{a} and {b} swap their moves", subject=a, actor=move.actor)


def _seduce(state: NightState, move: Move) -> None:
    """«ночью блокирует ход персонажа и воздействие на персонажа, если у того есть вещь
    забирает ее себе и отпускает (персонаж делает свой ход).» (which thing: option "item")"""
    assert move.target is not None
    held = items_of(state, state.players[move.target])
    if held:
        m.visit(state, move, move.target)
        take_item(state, move, move.target, pick_item(move, held))
        return
    m.isolate(state, move, move.target)


ABILITIES: tuple[Ability, ...] = (
    ability("steal", "Theft", "кража", "thief", _steal, "-"),
    ability("send-to-saransk", "Trip to Saransk", "тур в Саранск", "tour-operator",
            _saransk, "+"),
    ability("poison", "Poison bite", "впрыскивает яд", "vampire", _vampire(True), "-"),
    ability("bite", "Plain bite", "просто кусает", "vampire", _vampire(False), "-"),
    ability("double-vote", "Double vote tomorrow", "голосование двойным голосом", "mayor",
            _double_vote, "D", targets=0),
    ability("follow", "Journalist's watch", "слежка журналиста", "journalist", _follow,
            "I"),
    ability("swap", "Swap two players' moves", "меняет ходы", "jester", _swap, "?",
            targets=2),
    ability("seduce", "Courtesan's visit", "куртизанка", "courtesan", _seduce, "-"),
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    "thief": ("steal",), "tour-operator": ("send-to-saransk",),
    "vampire": ("poison", "bite"), "mayor": ("double-vote",), "journalist": ("follow",),
    "jester": ("swap",), "courtesan": ("seduce",),
}
