"""The words world-cup-2018's GMs write besides the engine's names of roles and abilities:
factions in words (the engine gives their ids only), the answers to moves, and the classic
names of two roles."""

from __future__ import annotations

FACTIONS: dict[str, tuple[str, ...]] = {
    "town": ("town", "мирный", "мирная", "на стороне мирных", "мирные жители",
             "участники чемпионата"),
    "corrupt": ("corrupt", "коррупционеры"), "dirty": ("dirty", "грязные"),
    "doping": ("doping", "допинг"), "cops": ("cops", "копы", "оргкомитет"),
    "neutral": ("neutral", "нейтрал", "нейтралы"),
    # a mayor, journalist or jester on the mafia's side («тёмный жур»)
    "dark": ("dark", "тёмный", "темный", "тёмная", "темная"),
}

# the rule set's own answer words -> how else GMs write them (seed 001: «Ответы на ходы
# только двух видов: «удачно», «не удачно»»)
ANSWERS: dict[str, tuple[str, ...]] = {
    "удачно": ("удачно", "успешно", "успех", "удался", "удалось", "получилось"),
    "не удачно": ("не удачно", "неудачно", "неуспешно", "не успешно", "безуспешно",
                  "неудача", "провал", "не удался", "не удалось", "не получилось"),
}

# role id -> the classic names GMs also call that role by («Комиссар» for the sheriff who
# checks, «Доктор» for the doctor)
ROLE_NAMES: dict[str, tuple[str, ...]] = {"sheriff": ("Комиссар",), "doctor": ("Доктор",)}
