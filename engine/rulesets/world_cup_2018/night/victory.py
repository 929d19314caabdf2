"""«Условия победы» (seed 001): the winning sides when the game is over, else None.

The main sides decide the end (a mafia clan, the town with or without the cops, the vampire,
the maniac); then the neutrals who only need to live to the end join the winners: «Вор,
Куртизанка — дожили до конца партии»; the tour operator «дожил до конца партии + не меньше
половины оставшихся в игре была отправлена в путешествие». «Шут, Мэр и Журналист
-побеждают со своей стороной»: their faction is their side's.

The winners are returned sorted: a set of sides (the order the conditions are checked in
means nothing), compared as such with the GM's announcement (`engine.verify`)."""

from __future__ import annotations

from collections.abc import Mapping

from engine.night.state import Player
from engine.rulesets.world_cup_2018.night.common import CLANS, COPS, DARK, SIDE_CHOOSERS


def winners(players: Mapping[str, Player]) -> list[str] | None:
    alive = [p for p in players.values() if p.alive]
    roles = {p.role for p in alive}
    clans = {p.faction for p in alive if p.faction in CLANS}
    # a mayor, journalist or jester on the mafia's side not yet recruited by a clan: no
    # clan's member, but «вставших на сторону мафов» for the town and the maniac
    dark = any(p.faction == DARK for p in alive)
    light = any(p.role in SIDE_CHOOSERS and p.faction == "town" for p in alive)
    cops = bool(roles & set(COPS))
    # «мирный житель»: anyone of «Участники Чемпионата Мира», the committee's cops too
    town = any(p.faction in ("town", "cops") for p in alive)
    out: list[str] = []
    for clan in CLANS:
        # «остался в живых хоть один представитель клана + нет представителей других
        # мафиозных кланов + нет копов + нет священника + нет вампира, нет шута, мэра, жура,
        # вставших на сторону мирных жителей + нет маньяка»
        if clans == {clan} and not cops and not roles & {"priest", "vampire", "maniac"} \
                and not light:
            out.append(clan)
    # «остался в живых хоть один мирный житель + нет представителей мафиозных кланов, в том
    # числе шута, мэра, жура, вставших на сторону мафов + нет вампира»; the cops «побеждают
    # вместе с мирными + нет маньяка»
    if town and not clans and not dark and "vampire" not in roles:
        out.append("town")
        if "maniac" not in roles:
            out.append("cops")
    # the vampire: «нет священника или он укушен + нет маньяка, все оставшиеся в живых на
    # момент победы вампира игроки укушены»
    others = [p for p in alive if p.role != "vampire"]
    if "vampire" in roles and "maniac" not in roles and all(
            p.features.get("bitten", 0) for p in others):
        out.append("vampire")
    # the maniac: «Нету копов, мафов, свяща, вампа + убил как минимум двух представителей
    # разных ролей (профессий)»
    for p in alive:
        if p.role == "maniac" and not cops and not clans and not dark and \
                not roles & {"priest", "vampire"} and \
                sum(1 for k, v in p.features.items() if k.startswith("victim:") and v) >= 2:
            out.append("maniac")
            break
    if not out:
        return None
    for p in alive:
        if p.role in ("thief", "courtesan") and p.role not in out:
            out.append(p.role)
    tour = [p for p in alive if p.role == "tour-operator"]
    if tour and 2 * sum(1 for p in alive if p.features.get("traveled", 0)) >= len(alive):
        out.append("tour-operator")
    return sorted(out)
