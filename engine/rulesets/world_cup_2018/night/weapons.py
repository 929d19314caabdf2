"""The shooters: the mafia clans' shots and searches, the cops' shots and searches, the
maniac's guess, and what a shot meets (the vampire, the zombie and the necromancer who cannot
be shot, vests, the Chinese vest, the priest's and the fairy's lives).

«Коррупционеры ... могут стрелять только в одного жителя за ночь или искать шерифа (Если
босс находит Шерифа, а рядовой идет стрелять, то осуществляется два выстрела за ночь).»
(the clan's one shot is checked in `limits`)."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Move
from engine.night.state import NightState
from engine.rulesets.world_cup_2018.night.common import (
    NOT_OK,
    OK,
    Effect,
    ability,
    answer,
    doom,
    fail,
    kill,
    lose_item,
    mark,
    records,
    shown_role,
)
from engine.rulesets.world_cup_2018.night.rulings import option


def shoot(state: NightState, move: Move, target: str, *, maniac: bool = False) -> None:
    """A shot at the target. «Луиз Суарез (Вампир) — Нельзя убить обычным выстрелом»;
    zombie: «Нельзя убить выстрелом»; «Некромант убивается аналогично Вампиру ... Не
    умирает от выстрела маньяка»; vests: «спасает от выстрела»; «китайский бронник (2шт) — от
    выстрела спасает частично, игрок истекает кровью»; the priest: «Имеет 2 жизни (умирает
    на 3-й выстрел). Но может быть убит, если в него стреляет 2 и более стрелка в одну
    ночь. Игнорирует любую защиту.»; the fairy: «имеет 2 жизни с начала игры (умирает на
    з-й выстрел)»; the maniac: «При убийствах игнорирует бронежилет и количество жизней.»"""
    rec = records(state)
    m.visit(state, move, target)
    rec.shots.append((move.actor, target))
    p = state.players[target]
    if not p.alive:
        fail(state, move, "the target is dead")
        return
    if p.role == "zombie":
        fail(state, move, "a zombie cannot be killed by a shot")
        return
    if p.role == "necromancer" or (p.role == "vampire" and not maniac):
        fail(state, move, f"the {p.role} cannot be killed by a shot")
        return
    bare = p.role == "priest" and option(state, "priest-protection") == "his-life"
    if not maniac and not bare:
        vest = p.features.get("vest", 0) > 0
        if vest:
            if option(state, "vest") == "one-shot":
                lose_item(p, "vest")
            state.record("vest", f"{target}'s vest stops {move.actor}'s shot",
                         subject=target, actor=move.actor)
            fail(state, move, "stopped by a vest")
            return
        if p.features.get("chinese-vest", 0) > 0:
            if option(state, "vest") == "one-shot":
                p.features["chinese-vest"] -= 1
            mark(p, "bleeding", state.night, move.actor)
            state.record("bleeding", f"{target}'s Chinese vest stops {move.actor}'s shot: "
                         "he bleeds", subject=target, actor=move.actor)
            fail(state, move, "stopped by a Chinese vest (the target bleeds)")
            return
    if not maniac and p.features.get("lives", 0) > 0:
        shooters = rec.priest_shooters.setdefault(target, set())
        shooters.add(move.actor)
        if not (p.role == "priest" and len(shooters) >= 2):
            p.features["lives"] -= 1
            state.record("life-lost", f"{target} loses a life ({move.actor}'s shot); "
                         f"{p.features['lives']} left", subject=target, actor=move.actor)
            fail(state, move, "the target lost a life")
            return
    kill(state, move, target, "shot")
    if p.role == "priest" and len(rec.priest_shooters.get(target, ())) >= 2:
        # «может быть убит, если в него стреляет 2 и более стрелка в одну ночь»: all of them
        rec.blame[target] = sorted(rec.priest_shooters[target])


def _shoot(state: NightState, move: Move) -> None:
    assert move.target is not None
    shoot(state, move, move.target)


def _search(wanted: tuple[str, ...]) -> Effect:
    def effect(state: NightState, move: Move) -> None:
        """«поиск шерифа ... Если Босс находит шерифа, то стреляет»; «искать босса мафии ...
        Если шериф находит босса, то стреляет.»"""
        assert move.target is not None
        found = shown_role(state.players[move.target]) in wanted
        m.visit(state, move, move.target)
        state.record("search", f"{move.actor} searches {move.target}: "
                     f"{'found' if found else 'not found'}", subject=move.target,
                     actor=move.actor, found=found)
        answer(state, move, OK if found else NOT_OK)
        if found:
            shoot(state, move, move.target)
    return effect


def _zombie_search(state: NightState, move: Move) -> None:
    """«делать поиск зомби (при обнаружении зомби умирает)»"""
    assert move.target is not None
    m.visit(state, move, move.target)
    if shown_role(state.players[move.target]) != "zombie":
        answer(state, move, NOT_OK)
        return
    answer(state, move, OK)
    if option(state, "zombie-search-death") == "certain":
        doom(state, move.actor, "found a zombie", move.actor)
    else:
        kill(state, move, move.actor, "found a zombie", wound=False)
        records(state).blame[move.actor] = [move.target]


def _maniac(state: NightState, move: Move) -> None:
    """«В ночном ходе указывает кого убивает и какая у этого игрока роль и профессия в случае
    если игрок клановый, если угадывает происходит действие — выстрел. ... Не может убить
    Некроманта.» The guess is the option "role" (a role id: a clan player's names his clan
    and profession, "corrupt-goon")."""
    assert move.target is not None
    guess = move.options.get("role")
    if guess != state.players[move.target].role:
        m.visit(state, move, move.target)
        fail(state, move, f"the guess {guess!r} is wrong")
        return
    shoot(state, move, move.target, maniac=True)


ABILITIES: tuple[Ability, ...] = (
    ability("boss-shoot", "Boss's shot", "выстрел босса", "mafia-boss", _shoot, "K"),
    ability("sheriff-search", "Search for the sheriff", "поиск шерифа", "mafia-boss",
             _search(("sheriff",)), "I"),
    ability("shoot", "Shot", "выстрел", "mafia-goon", _shoot, "K"),
    ability("zombie-search", "Search for zombies", "поиск зомби", "mafia-goon",
             _zombie_search, "I"),
    ability("sheriff-shoot", "Sheriff's shot", "выстрел шерифа", "sheriff", _shoot, "K"),
    ability("boss-search", "Search for the mafia boss", "поиск босса мафии", "sheriff",
             _search(("corrupt-boss", "dirty-boss")), "I"),
    ability("sheriff-zombie-search", "Sheriff's search for zombies", "поиск зомби",
             "sheriff", _zombie_search, "I"),
    ability("deputy-shoot", "Deputy's shot", "выстрел помощника", "deputy", _shoot, "K"),
    ability("deputy-boss-search", "Deputy's search for the boss",
             "поиск босса мафии", "deputy", _search(("corrupt-boss", "dirty-boss")), "I"),
    ability("deputy-zombie-search", "Deputy's search for zombies", "поиск зомби", "deputy",
             _zombie_search, "I"),
    ability("maniac-kill", "Maniac's guess and shot", "убийство маньяка", "maniac",
             _maniac, "K"),
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    **{f"{c}-boss": ("boss-shoot", "sheriff-search") for c in ("corrupt", "dirty")},
    **{f"{c}-{r}": ("shoot", "zombie-search") for c in ("corrupt", "dirty")
       for r in ("recruiter", "goon")},
    "sheriff": ("sheriff-shoot", "boss-search", "sheriff-zombie-search"),
    "deputy": ("deputy-shoot", "deputy-zombie-search", "deputy-boss-search"),
    "maniac": ("maniac-kill",),
}

