"""Private results on an action's line (issue 20, item 9): the player by role and/or
in-game name in either order, one of them in round or square brackets, or the role alone;
the ability and its target; the answer after a dash, colon or arrow, kept in the rule set's
own words. In a night's block the line gives the action and the result; under the private
results' header the result alone. Invented players (world-cup-2018, seed 001)."""

from __future__ import annotations

import pytest

from engine.gamelog import Occupant, Slot
from scrapers.gmlog import GmLog, parse_gm_log

TEAMS = [("Ямайка", "Dagr"), ("Куба", "Гур"), ("Мальта", "Мент"),
         ("Соломоновы Острова", "Heroist"), ("Южная Корея", "Fox")]
ROLES = """Роли игроков:
Ямайка — Глава Комитета (копы)
Куба — Главный коррупционер (коррупционеры)
Мальта — Врач команды (мирная)
Соломоновы Острова — Главный тренер (мирная)
Южная Корея — Обычный участник чемпионата (мирная)
"""


def _parse(lines: str) -> GmLog:
    players = [Slot(id=name, number=i, ingame_name=name, occupants=[Occupant(nick=nick)])
               for i, (name, nick) in enumerate(TEAMS, start=1)]
    return parse_gm_log(ROLES + "\n" + lines, ruleset="world-cup-2018", players=players)


def _results(gm: GmLog) -> list[tuple[str, str, str | None, str | None, object]]:
    return [(key, p.recipient, p.ability, p.subject, p.result.get("text"))
            for key, item in gm.published.items() for p in item.private]


@pytest.mark.parametrize(("line", "actor", "ability", "target", "answer"), [
    ("Комиссар (Ямайка) поиск босса мафии у Кубы — удачно",
     "Ямайка", "boss-search", "Куба", "удачно"),
    ("Ямайка (Глава Комитета): поиск босса мафии Куба -> неудачно",
     "Ямайка", "boss-search", "Куба", "не удачно"),
    ("Куба [Главный коррупционер]: выстрел босса в Мальту → успешно",
     "Куба", "boss-shoot", "Мальта", "удачно"),
    ("Главный коррупционер (Куба) — выстрел босса → Мальта — не удачно",
     "Куба", "boss-shoot", "Мальта", "не удачно"),
    ("Врач: лечение Соломоновых Островов => безуспешно",
     "Мальта", "heal", "Соломоновы Острова", "не удачно"),
    ("Соломоновы Острова, главный тренер: исповедь Южной Кореи: «не грешен»",
     "Соломоновы Острова", "confession", "Южная Корея", "не грешен"),
    ("Главный тренер Соломоновы Острова — исповедь Кубы — грешен",
     "Соломоновы Острова", "confession", "Куба", "грешен"),
    ("Heroist [Соломоновы Острова] — исповедь → Гур: грешен",
     "Соломоновы Острова", "confession", "Куба", "грешен"),
    ("Мент (Врач команды) вылечил Кубу -> удачно", "Мальта", "heal", "Куба", "удачно"),
])
def test_result_on_a_night_action_line(line: str, actor: str, ability: str, target: str,
                                       answer: str) -> None:
    gm = _parse("1 ночь\n" + line + "\n")
    assert gm.issues == []
    assert [(a.actor, a.ability, a.targets) for a in gm.nights[1]] == [(actor, ability, [target])]
    assert _results(gm) == [("N1", actor, ability, target, answer)]


def test_under_the_private_results_header_the_result_alone() -> None:
    gm = _parse("1 ночь\nЯмайка (Глава Комитета) — поиск босса мафии → Куба\n\n"
                "Личные результаты\nНочь 1\nКомиссар (Ямайка) поиск босса мафии Кубы — удачно\n")
    assert gm.issues == []
    assert [(a.actor, a.ability, a.targets) for a in gm.nights[1]] == [
        ("Ямайка", "boss-search", ["Куба"])]
    assert _results(gm) == [("N1", "Ямайка", "boss-search", "Куба", "удачно")]


def test_plain_action_lines_hold_no_result() -> None:
    gm = _parse("1 ночь\nЯмайка (Глава Комитета) — поиск босса мафии → Куба\n")
    assert (_results(gm), gm.issues) == ([], [])
    assert [(a.actor, a.targets) for a in gm.nights[1]] == [("Ямайка", ["Куба"])]
    # the names after the arrow are targets (here one too many), never an answer
    gm = _parse("1 ночь\nКуба (Главный коррупционер) - выстрел босса -> Мальта, Ямайка\n")
    assert _results(gm) == []
    assert [i.code for i in gm.issues] == ["target-count"]


def test_a_role_no_one_or_several_have_is_reported() -> None:
    gm = _parse("1 ночь\nОбычный коррупционер: выстрел в Кубу — удачно\n")
    assert _results(gm) == []
    assert 1 not in gm.nights
    assert [i.where.line for i in gm.issues] == [9]
