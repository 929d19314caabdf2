"""world-cup-2018's victory conditions («Условия победы», seed 001), on small rosters."""

from __future__ import annotations

from collections.abc import Mapping

from engine.night.state import Player
from engine.rulesets.world_cup_2018.night import NIGHT
from engine.rulesets.world_cup_2018.night.victory import winners


def roster(*roles: str, **changes: Mapping[str, object]) -> dict[str, Player]:
    """Players p0, p1, ... of these roles; `changes` by slot: alive, faction, features."""
    assert NIGHT.new_player is not None
    players = {f"p{i}": NIGHT.new_player(f"p{i}", r) for i, r in enumerate(roles)}
    for slot, change in changes.items():
        p = players[slot]
        p.alive = bool(change.get("alive", p.alive))
        faction = change.get("faction")
        if isinstance(faction, str):
            p.faction = faction
        features = change.get("features")
        if isinstance(features, dict):
            p.features.update(features)
    return players


def test_registered() -> None:
    assert NIGHT.winners is winners


def test_game_goes_on() -> None:
    assert winners(roster("corrupt-boss", "dirty-goon", "citizen")) is None


def test_a_clan_wins_literally() -> None:
    """«остался в живых хоть один представитель клана + нет представителей других
    мафиозных кланов + нет копов + нет священника + нет вампира, нет шута, мэра, жура,
    вставших на сторону мирных жителей + нет маньяка» (plain townsfolk may live)."""
    assert winners(roster("corrupt-boss", "citizen", "doctor")) == ["corrupt"]


def test_no_clan_win_with_cops_priest_vampire_maniac_or_light_mayor() -> None:
    for other in ("sheriff", "deputy", "priest", "vampire", "maniac"):
        assert "dirty" not in (winners(roster("dirty-goon", other)) or [])
    assert winners(roster("dirty-goon", "mayor", p1={"faction": "town"})) is None


def test_a_dark_mayor_does_not_stop_his_side() -> None:
    assert winners(roster("dirty-goon", "mayor", p1={"faction": "dirty"})) == ["dirty"]


def test_town_and_cops() -> None:
    """«Мирные -остался в живых хоть один мирный житель + нет представителей мафиозных
    кланов ... + нет вампира»; «Копы -побеждают вместе с мирными + нет маньяка»."""
    assert winners(roster("citizen", "sheriff", "corrupt-boss", p2={"alive": False})) == [
        "cops", "town"]


def test_cops_alone_are_the_town() -> None:
    """The cops are of «Участники Чемпионата Мира», as the town."""
    assert winners(roster("deputy", "dirty-goon", p1={"alive": False})) == ["cops", "town"]


def test_cops_lose_to_a_living_maniac() -> None:
    assert winners(roster("citizen", "sheriff", "maniac")) == ["town"]


def test_town_does_not_win_with_dark_ones_zombies_or_recruits() -> None:
    assert winners(roster("citizen", "journalist", p1={"faction": "dark"})) is None
    # the doping clan's zombie stops the town; the clan wins as the seed writes it
    assert winners(roster("citizen", "zombie", "necromancer")) == ["doping"]
    assert winners(roster("citizen", "citizen", p1={"faction": "corrupt"})) == ["corrupt"]


def test_vampire() -> None:
    """«нет священника или он укушен + нет маньяка, все оставшиеся в живых на момент победы
    вампира игроки укушены»"""
    bitten = {"features": {"bitten": 1}}
    assert winners(roster("vampire", "priest", "citizen", p1=bitten, p2=bitten)) == [
        "vampire"]
    assert winners(roster("vampire", "priest", "citizen", p1=bitten)) is None


def test_maniac_needs_two_professions() -> None:
    """«Нету копов, мафов, свяща, вампа + убил как минимум двух представителей разных ролей
    (профессий)»"""
    two = {"features": {"victim:citizen": 1, "victim:doctor": 1}}
    one = {"features": {"victim:citizen": 1}}
    assert winners(roster("maniac", "thief", p0=two)) == ["maniac", "thief"]
    assert winners(roster("maniac", "thief", p0=one)) is None
    assert winners(roster("maniac", "priest", p0=two)) == ["town"]  # the priest is town


def test_survivors_join_the_winners() -> None:
    """«Вор, Куртизанка — дожили до конца партии»; the tour operator «дожил до конца
    партии + не меньше половины оставшихся в игре была отправлена в путешествие»."""
    went = {"features": {"traveled": 1}}
    assert winners(roster("citizen", "courtesan", "tour-operator", p0=went, p1=went)) == [
        "cops", "courtesan", "tour-operator", "town"]
    assert winners(roster("citizen", "courtesan", "tour-operator", p0=went)) == [
        "cops", "courtesan", "town"]
    assert winners(roster("citizen", "thief", "tour-operator", p2={"alive": False},
                          p0=went)) == ["cops", "thief", "town"]


def test_winners_come_sorted_as_the_announcement_is_compared() -> None:
    """The winners are a set of sides: verification compares them with the GM's announced
    winners sorted, so «town» and «cops» (checked in that order) come as ["cops", "town"];
    before the fix a whole game announcing both was disputed («the GM announced
    cops+town»)."""
    for case in (roster("citizen", "sheriff"), roster("maniac", "thief", p0={"features": {
            "victim:citizen": 1, "victim:doctor": 1}})):
        found = winners(case)
        assert found is not None
        assert found == sorted(found)


def test_a_side_choosers_side_comes_from_the_logs_slot() -> None:
    """«Журналист (до начала партии выбирает на какой стороне играет)»: the replay takes
    the side the log gives the slot, so a dark journalist is recruited for certain."""
    from pathlib import Path

    from engine.gamelog import load
    from engine.night.game import night_rules, start_players

    log = load(Path(__file__).parent / "games" / "world-cup-2018-game.json")
    journalist = next(s for s in log.players if s.role == "journalist")
    journalist.faction = "dark"
    players = start_players(log, night_rules(log))
    assert players[journalist.id].faction == "dark"
    journalist.faction = None
    assert start_players(log, night_rules(log))[journalist.id].faction == ""
