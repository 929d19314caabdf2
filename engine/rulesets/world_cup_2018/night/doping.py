"""The third clan, «Допинг-офицеры»: the necromancer raising the killed, his zombies eating
brains (their stake hunt is anyone's `stake`, sent by the necromancer in their place).

«Допинг-офицер (Некромант) — ночью посылает ведущему имена 2х игроков, если одного из них
убивают, то тот становится зомби (если оба умирают, то выбирает кого воскресить)»; the zombie
«Может сожрать мозг у убитого в эту ночь. Убитый также станет зомби. При этом некроманту
будет сообщено о том, что появился еще один зомби и его имя. Самому зомби о том что он съел
чьи то мозги не сообщается, сообщается лишь об удачной или неудачной попытке съесть мозги.»

"Killed" is whoever would die at the night's end as the necromancer's place comes: the
stake hunts come before him («Мирные жители, Некромант» in «Очередность хода»), so a vampire
(or a necromancer) the hunt killed may be raised, or his brain eaten."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Move
from engine.night.state import NightState
from engine.rulesets.world_cup_2018.night.common import (
    NOT_OK,
    OK,
    ability,
    answer,
    cure,
    dying_now,
    fail,
    records,
    tell,
)


def zombify(state: NightState, slot: str, by: str) -> None:
    """The killed player rises as a zombie: he does not die tonight."""
    rec = records(state)
    state.dying.pop(slot, None)
    rec.doomed.pop(slot, None)
    rec.blame.pop(slot, None)
    rec.raised.add(slot)
    p = state.players[slot]
    cure(p, "poison")
    cure(p, "bleeding")
    p.role, p.faction = "zombie", "doping"
    state.record("zombified", f"{slot} rises as a zombie ({by})", subject=slot, actor=by)
    tell(state, slot, "zombie", "Спортсмен-допингист", subject=slot)


def _raise(state: NightState, move: Move) -> None:
    for t in move.targets:
        m.visit(state, move, t)
    dying = [t for t in move.targets if t in dying_now(state) and t != move.actor]
    if not dying:
        fail(state, move, "none of the two is killed")
        return
    chosen = move.options.get("raise")
    zombify(state, chosen if isinstance(chosen, str) and chosen in dying else dying[0],
            move.actor)


def _eat(state: NightState, move: Move) -> None:
    assert move.target is not None
    m.visit(state, move, move.target)
    if move.target not in dying_now(state) or move.target in records(state).raised:
        answer(state, move, NOT_OK)
        return
    zombify(state, move.target, move.actor)
    answer(state, move, OK)
    for slot, p in sorted(state.players.items()):
        if p.role == "necromancer" and p.alive:
            tell(state, slot, "new-zombie", move.target, subject=move.target)


ABILITIES: tuple[Ability, ...] = (
    ability("raise", "Raise a zombie", "поднять зомби", "necromancer", _raise, "?",
            targets=2),
    ability("eat-brain", "Eat a brain", "сожрать мозг", "necromancer", _eat, "?"),
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    "necromancer": ("raise",), "zombie": ("eat-brain",),
}
