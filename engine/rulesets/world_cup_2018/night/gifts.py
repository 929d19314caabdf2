"""The mad fairy's gifts («Подарки») and what a holder does with them at night.

«Каждую нечётную (1,3, 5 и т. д.) ночь дарит 2 разных подарка разным игрокам.» One move
gives both: targets [first, second], options {"gift": <id>, "gift2": <id>} (the day reads
the first gift as `gift`); a fake passport's role is the option "passport" («игрок сам
выбирает»). The limits are checked in `limits`.

A held gift is the feature of its id (a count). What acts at night:
- «складное зеркальце — 1 раз позволяет увидеть кто приходил к игроку»: `pocket-mirror`;
- «куча хлама — ... может потратить ночной ход на разбор этой кучи и узнать кто отправитель
  подарка»: `sort-junk`;
- «Завещание — в завещание вписывается имя игрока ...»: `write-will` (the jailing:
  `night_end`);
- «зеркало — перенаправляет любое действие на выбранного игрока»: `mirror` (`retarget`);
- the vests, the Chinese vest (`weapons`), the cross (`neutrals`), the poisoned perfume and
  the antidote (`night_end`), the sick note (`neutrals`), the fake passport (`shown_role`).
By day: the black mark and the diploma (the day's count), the warden's card (`day.release`);
the magic ball and the internet carry words, not moves."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Move
from engine.night.state import NightState
from engine.rulesets.world_cup_2018.night.common import (
    NOT_OK,
    OK,
    ability,
    answer,
    fail,
    records,
    tell,
)
from engine.rulesets.world_cup_2018.vocab import GIFTS, gift_id

NAMES = {g.id: g.name_ru for g in GIFTS}
# «(2шт)»: how many the fairy has of a gift; one of every other
STOCK = {"chinese-vest": 2, "vest": 2, "cross": 2, "antidote": 2}


def gifts_of(move: Move) -> list[str | None]:
    """The gifts of a gift move, in the order of its targets."""
    return [gift_id(move.options.get(k)) for k in ("gift", "gift2")][:len(move.targets)]


def _gift(state: NightState, move: Move) -> None:
    for target, gift in zip(move.targets, gifts_of(move), strict=False):
        assert gift is not None  # `limits` refuses a move naming no gift
        m.visit(state, move, target)
        p = state.players[target]
        p.features[gift] = p.features.get(gift, 0) + 1
        p.features[f"from-fairy:{gift}"] = 1
        p.features["gifts-received"] = p.features.get("gifts-received", 0) + 1
        p.features["gift-night"] = state.night
        if gift == "junk":
            p.features[f"junk-from:{move.actor}"] = 1
        role = move.options.get("passport")
        if gift == "fake-passport" and isinstance(role, str):
            p.features[f"passport:{role}"] = 1
        fairy = state.players[move.actor]
        fairy.features[f"gave:{gift}"] = fairy.features.get(f"gave:{gift}", 0) + 1
        state.record("gift", f"{move.actor} gives {target} {gift}", subject=target,
                     actor=move.actor, gift=gift)
        tell(state, target, "gift", NAMES[gift], subject=target)


def _mirror(state: NightState, move: Move) -> None:
    """The holder turns tonight's actions on him to the chosen player (the mirror is kept:
    the seed gives it no «1 раз», unlike the pocket mirror)."""
    assert move.target is not None
    records(state).mirrors[move.actor] = move.target
    state.record("mirror", f"{move.actor}'s mirror turns actions to {move.target}",
                 subject=move.target, actor=move.actor)


def _pocket_mirror(state: NightState, move: Move) -> None:
    """«1 раз позволяет увидеть кто приходил к игроку, роль не показывает»"""
    me = state.players[move.actor]
    if me.features.get("pocket-mirror", 0) <= 0:  # taken tonight before it was used
        fail(state, move, "the pocket mirror is gone")
        return
    me.features["pocket-mirror"] -= 1
    came = sorted({a for a, t, _ in state.visits if t == move.actor and a != move.actor})
    answer(state, move, ", ".join(came) if came else "никто")


def _junk(state: NightState, move: Move) -> None:
    me = state.players[move.actor]
    senders = sorted(k.split(":", 1)[1] for k, v in me.features.items()
                     if k.startswith("junk-from:") and v)
    if not senders:
        answer(state, move, NOT_OK)
        return
    answer(state, move, ", ".join(senders), "sender")


def _will(state: NightState, move: Move) -> None:
    """«в завещание вписывается имя игрока, имя нельзя менять до смерти или посадки
    вписанного»"""
    assert move.target is not None
    me = state.players[move.actor]
    named = [k.split(":", 1)[1] for k, v in me.features.items() if k.startswith("will:") and v]
    if any(state.players[n].alive for n in named if n in state.players):
        fail(state, move, "the will names a living player already")
        return
    for n in named:
        del me.features[f"will:{n}"]
    me.features[f"will:{move.target}"] = 1
    answer(state, move, OK)


ABILITIES: tuple[Ability, ...] = (
    ability("gift", "Fairy's gifts", "подарки", "fairy", _gift, "+", targets=2),
    ability("mirror", "Mirror", "зеркало", "fairy", _mirror, "?", extra=True),
    ability("write-will", "Writing the will", "завещание", "fairy", _will, "D", extra=True),
    ability("sort-junk", "Sorting the junk", "разбор кучи хлама", "fairy", _junk, "I",
            targets=0),
    ability("pocket-mirror", "Pocket mirror", "складное зеркальце", "journalist",
            _pocket_mirror, "I", extra=True, targets=0),
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {"fairy": ("gift",)}
# the abilities a gift gives its holder, by the feature it needs
HELD: dict[str, str] = {"mirror": "mirror", "write-will": "will", "sort-junk": "junk",
                        "pocket-mirror": "pocket-mirror"}
