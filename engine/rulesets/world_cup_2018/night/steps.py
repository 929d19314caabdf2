"""The night's order, «Очередность хода» (seed 001), one step for each place the seed names.
Where the seed names no place: the mafia's letters go with recruitment («Вербовка»), the
zombies eat brains and are sent hunting in the necromancer's place (the doping clan), the
stake hunts of everyone in the citizens' place («Мирные жители», who «Имеют осиновые
колья»), so a hunt's kill is known when the necromancer raises and his zombies eat."""

from __future__ import annotations

from engine.night.model import Step
from engine.rulesets.world_cup_2018.vocab import NIGHT_ORDER

STEPS: tuple[Step, ...] = tuple(Step(str(i + 1), name, shown)
                                for i, (name, shown) in enumerate(NIGHT_ORDER))
