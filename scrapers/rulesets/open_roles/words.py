"""The words open-roles' GMs write besides the engine's names of roles and abilities: the
factions in words (the engine gives their ids only) and a role's other name."""

from __future__ import annotations

FACTIONS: dict[str, tuple[str, ...]] = {
    "town": ("town", "честный", "честная", "честные", "мирный", "мирная", "чиж"),
    "mafia": ("mafia", "мафия", "маф"),
}

# role id -> the names GMs also call that role by (the seed's «Врач» is as often «Доктор»)
ROLE_NAMES: dict[str, tuple[str, ...]] = {"doctor": ("Доктор",)}
