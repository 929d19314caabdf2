"""Lines the reader must report instead of guessing, strict mode, and the smaller readings:
options in words, a reveal after a death, the night a header gives."""

from __future__ import annotations

import pytest

from engine.errors import BadInputError
from engine.gamelog import Occupant, Slot
from scrapers.gmlog import GmLog, parse_gm_log


def _slots(*names: str, roles: dict[str, str] | None = None) -> list[Slot]:
    roles = roles or {}
    return [Slot(id=n, occupants=[Occupant(nick=n)], role=roles.get(n)) for n in names]


def _read(text: str, ruleset: str, *names: str, roles: dict[str, str] | None = None,
          strict: bool = False) -> GmLog:
    return parse_gm_log(text, ruleset=ruleset, players=_slots(*names, roles=roles),
                        file="log.txt", strict=strict)


def _codes(gm: GmLog) -> list[tuple[int | None, str]]:
    return [(i.where.line, i.code) for i in gm.issues]


def test_a_name_that_fits_two_players_is_reported_with_both() -> None:
    gm = _read("Night 1\nMol - Block -> Lis\n", "open-roles", "Mol", "Lisa", "Lisbeth",
               roles={"Mol": "bore"})
    assert _codes(gm) == [(2, "ambiguous-name")]
    assert "Lisa" in gm.issues[0].message
    assert "Lisbeth" in gm.issues[0].message
    assert gm.nights == {}


def test_an_action_several_abilities_fit_is_reported_when_the_role_is_unknown() -> None:
    text = "Ночь 1\nPilot — поиск зомби → Prostak\nStrazh — поиск зомби → Prostak\n"
    gm = _read(text, "world-cup-2018", "Pilot", "Prostak", "Strazh",
               roles={"Strazh": "sheriff"})
    assert _codes(gm) == [(2, "ambiguous-action")]
    assert "deputy-zombie-search" in gm.issues[0].message
    assert [a.ability for a in gm.nights[1]] == ["sheriff-zombie-search"]


def test_a_line_with_two_readings_is_reported() -> None:
    # «Eger — Водитель»: a roles line, or the driver's move with its target left out
    gm = _read("Ночь 1\nEger — Водитель\n", "open-roles", "Eger", "Kit")
    assert _codes(gm) == [(2, "two-readings")]


def test_unknown_names_actions_and_no_header_are_reported() -> None:
    text = ("Kit — сводит → Pum и Eger\n"
            "Ночь 1\n"
            "Kit — сводит → Pum и Nemo\n"
            "Kit — колдует → Pum\n"
            "Kit — сводит → Pum и Eger\n")
    gm = _read(text, "open-roles", "Kit", "Pum", "Eger", roles={"Kit": "matchmaker"})
    assert _codes(gm) == [(1, "no-phase"), (3, "unknown-name"), (4, "unknown-action")]
    assert [(a.source.line if a.source else None, a.targets) for a in gm.nights[1]] == [
        (5, ["Pum", "Eger"])]
    assert gm.used == {5}
    assert gm.silent == {2}
    assert gm.reported == {1, 3, 4}


def test_strict_mode_stops_at_the_first_reported_line_naming_it() -> None:
    with pytest.raises(BadInputError) as caught:
        _read("Ночь 1\nKit — сводит → Pum и Eger\nKit — колдует → Pum\n", "open-roles",
              "Kit", "Pum", "Eger", strict=True)
    message = str(caught.value)
    assert "log.txt" in message
    assert "line 3" in message
    assert "Kit — колдует → Pum" in message


def test_strict_mode_reads_a_clean_log() -> None:
    gm = _read("Ночь 1\nKit — сводит → Pum и Eger\n", "open-roles", "Kit", "Pum", "Eger",
               strict=True)
    assert gm.issues == []
    assert len(gm.nights[1]) == 1


def test_options_in_words() -> None:
    text = ("Night 1\n"
            "Tesak - Maniac's guess and shot -> Skaut (guess: statistician)\n"
            "Zvezda - gives -> Aibolit, Skaut (bulletproof vest, cross)\n"
            "Ночь 2\n"
            "Tesak — убивает → Strazh, Заместитель Главы Комитета\n"
            "Lis — вербовка → Prostak (согласился)\n")
    gm = _read(text, "world-cup-2018", "Tesak", "Skaut", "Zvezda", "Aibolit", "Strazh",
               "Lis", "Prostak", roles={"Tesak": "maniac", "Zvezda": "fairy",
                                        "Lis": "corrupt-recruiter"})
    assert gm.issues == []
    assert [(a.ability, a.targets, a.options) for a in gm.actions()] == [
        ("maniac-kill", ["Skaut"], {"role": "statistician"}),
        ("gift", ["Aibolit", "Skaut"], {"gift": "vest", "gift2": "cross"}),
        ("maniac-kill", ["Strazh"], {"role": "deputy"}),
        ("recruit", ["Prostak"], {"consent": True}),
    ]


def test_the_night_a_header_or_a_table_column_gives() -> None:
    text = ("1 ночь\nKit — сводит → Pum и Eger\n"
            "Третья ночь\nKit — сводит → Pum и Eger\n"
            "| Ночь | Игрок | Ход | Цель |\n|---|---|---|---|\n| 5 | Kit | сводит | Pum, Eger |\n")
    gm = _read(text, "open-roles", "Kit", "Pum", "Eger")
    assert gm.issues == []
    assert sorted(gm.nights) == [1, 3, 5]


def test_a_death_then_its_reveal_and_a_day_elimination() -> None:
    text = ("День 2\n"
            "Утро. Этой ночью убита Eger. Eger — Врач.\n"
            "Посажен Kit (Сводчик, честный).\n"
            "Никто не погиб.\n")
    gm = _read(text, "open-roles", "Kit", "Pum", "Eger")
    assert gm.issues == []
    night = gm.published["N1"].deaths
    assert [(d.slot, d.kind, d.revealed_role) for d in night] == [("Eger", "killed", "doctor")]
    day = gm.published["D2"].deaths
    assert [(d.slot, d.kind, d.revealed_role, d.revealed_faction) for d in day] == [
        ("Kit", "eliminated", "matchmaker", "town")]


def test_gifts_written_in_words_follow_their_recipients() -> None:
    text = ("Ночь 1\n"
            "Zvezda подарила бронежилет Aibolit и крест Skaut\n"
            "Zvezda gave Skaut a black mark and Aibolit a diploma\n")
    gm = _read(text, "world-cup-2018", "Zvezda", "Aibolit", "Skaut", roles={"Zvezda": "fairy"})
    assert gm.issues == []
    assert [(a.targets, a.options) for a in gm.actions()] == [
        (["Aibolit", "Skaut"], {"gift": "vest", "gift2": "cross"}),
        (["Skaut", "Aibolit"], {"gift": "black-mark", "gift2": "diploma"})]


def test_decoration_inside_a_line_is_passed_over() -> None:
    gm = _read("Ночь 1\nГород просыпается. Этой ночью убит Kit.\n", "open-roles", "Kit")
    assert gm.issues == []
    assert [d.slot for d in gm.published["N1"].deaths] == ["Kit"]


def test_private_results_as_the_gm_keeps_them() -> None:
    """«Player: «words»», with whom it is about when the GM says so («о», "about"); the
    words may hold sentences, names and arrows of their own: one result, not an action. A
    «Личные результаты» heading closes the roles post before it."""
    text = ("Роли:\nRys — Преследователь\nЛичные результаты\n"
            "Ночь 1\nRys — следит → Borodach\nRys о Borodach: «Вы удачно совершили свой "
            "ночной ход. Результаты: Borodach: убийство → Nerpa»\nNerpa: «Вы спокойно спали "
            "всю ночь»\nNight 2\nRys about Nerpa: «Вы спали всю ночь»\n")
    gm = _read(text, "open-roles", "Rys", "Borodach", "Nerpa",
               roles={"Rys": "follower", "Borodach": "killer"})
    assert gm.issues == []
    got = [(k, p.recipient, p.subject, p.ability, p.result) for k, v in gm.published.items()
           for p in v.private]
    assert got == [
        ("N1", "Rys", "Borodach", "follow",
         {"text": "Вы удачно совершили свой ночной ход. Результаты: Borodach: убийство → Nerpa"}),
        ("N1", "Nerpa", None, None, {"text": "Вы спокойно спали всю ночь"}),
        ("N2", "Rys", "Nerpa", None, {"text": "Вы спали всю ночь"})]
    assert [len(v) for v in gm.nights.values()] == [1]
