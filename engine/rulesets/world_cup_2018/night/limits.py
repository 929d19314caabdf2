"""The checks of a night's moves taken together, before the night (`NightRules.check_night`):
what a move's own `Limit` cannot say. Each refusal is by the seed's order and the slots,
never by the order of the GM's log."""

from __future__ import annotations

from datetime import datetime, time

from engine.night.model import Move
from engine.night.state import NightState, Player
from engine.rulesets.world_cup_2018.night.common import SHOOTING_CLANS, records
from engine.rulesets.world_cup_2018.night.gifts import STOCK, gifts_of
from engine.rulesets.world_cup_2018.night.rulings import option

_SELF = ("heal", "bandage")  # «может лечить себя»
_CLAN_SHOTS = ("boss-shoot", "shoot")
_RANK = {"boss": 0, "recruiter": 1, "goon": 2}


def _gift(state: NightState, move: Move) -> str | None:
    """«Каждую нечётную (1,3, 5 и т. д.) ночь дарит 2 разных подарка разным игрокам.»;
    «Одному игроку можно подарить только 2 разных подарка и не чаще чем каждый третий день.»;
    «(2шт)»: the fairy's stock."""
    if state.night % 2 == 0:
        return "gifts only on odd nights"
    gifts = gifts_of(move)
    if None in gifts or len(gifts) != len(move.targets):
        return "a gift for each recipient (options gift, gift2)"
    if len(set(gifts)) != len(gifts) or len(set(move.targets)) != len(move.targets):
        return "different gifts to different players"
    fairy = state.players[move.actor]
    gap = 3 if option(state, "gift-interval") == "three-nights" else 2
    for target, gift in zip(move.targets, gifts, strict=True):
        assert gift is not None
        p = state.players[target]
        if fairy.features.get(f"gave:{gift}", 0) >= STOCK.get(gift, 1):
            return f"no {gift} left"
        if p.features.get(f"from-fairy:{gift}", 0):
            return f"{target} has had {gift} already («2 разных подарка»)"
        if p.features.get("gifts-received", 0) >= 2:
            return f"{target} has had 2 gifts already"
        last = p.features.get("gift-night", 0)
        if last and state.night - last < gap:
            return f"{target} had a gift on night {last} («не чаще чем каждый третий день»)"
    return None


def _one(state: NightState, move: Move) -> str | None:
    p = state.players[move.actor]
    if late_night_move(move.sent_at):
        return "sent after 23:00 («принимаются до 23:00 по Москве»)"
    if any(t == move.actor for t in move.targets) and move.ability.id not in _SELF:
        return "an action cannot be directed at oneself"
    if any(not state.players[t].alive for t in move.targets):
        return "the target is dead"
    earlier = [(n, a, t) for n, a, t in p.used if n < state.night]
    if move.ability.id == "drink" and any(
            sum(1 for _, a, t in earlier if a == "drink" and target in t) >= 2
            for target in move.targets):
        return "not more than twice a game with the same player («Не более 2х раз»)"
    if move.ability.id in _SELF and any(
            n == state.night - 1 and a == move.ability.id and set(t) & set(move.targets)
            for n, a, t in earlier):
        return "not to the same player with the same action two nights running"
    if move.ability.id == "deputy-boss-search" and any(
            x.role == "sheriff" and x.alive for x in state.players.values()):
        return "the sheriff is alive («если шерифа нет»)"
    if move.ability.id == "gift":
        return _gift(state, move)
    return None


# «Ходы отправляются в форумную личку в течении дня и ночи, принимаются до 23:00 по
# Москве.»; «День ... открывается в 23:30»: what is sent from then on is for the next night
NIGHT_MOVES_UNTIL, DAY_OPENS = time(23, 0), time(23, 30)


def late_night_move(at: datetime | None) -> bool:
    """A night move sent between 23:00 and the next day's opening at 23:30 (Moscow time) is
    late; one with no time is taken. By the time of day alone: a move sent during the day
    for the coming night is in time."""
    from engine.rulesets.world_cup_2018.day import MSK  # the day module imports the rule set

    return at is not None and NIGHT_MOVES_UNTIL <= at.astimezone(MSK).time() < DAY_OPENS


def _rank(state: NightState, move: Move) -> tuple[int, str]:
    role = state.players[move.actor].role
    return _RANK.get(role.split("-")[-1], 3), move.actor


def _unuse(player: Player, night: int, ability: str) -> None:
    for i, (n, a, _) in enumerate(player.used):
        if n == night and a == ability:
            del player.used[i]
            return


def check_night(state: NightState, moves: list[Move]) -> list[tuple[Move, str]]:
    rec = records(state)
    rec.alive_at_start = {s for s, p in state.players.items() if p.alive}
    rec.side_at_start = {s: p.faction for s, p in state.players.items()}
    refused: list[tuple[Move, str]] = []
    for move in moves:
        why = _one(state, move)
        if why is not None:
            refused.append((move, why))
    # «могут стрелять только в одного жителя за ночь»: as ruled ("clan-shot"), the first in
    # the seed's order (the boss before the rank and file), then by slot; or the first sent
    out = {state.seq(x) for x, _ in refused}  # by number (`NightState.seq`)
    sent = option(state, "clan-shot") == "first-sent"
    for clan in SHOOTING_CLANS:
        shots = sorted((x for x in moves if state.seq(x) not in out and x.ability.id in _CLAN_SHOTS
                        and state.players[x.actor].faction == clan),
                       key=lambda x: (x.index, "") if sent else _rank(state, x))
        refused += [(x, "the clan shoots one player a night") for x in shots[1:]]
    for move, _ in refused:
        _unuse(state.players[move.actor], state.night, move.ability.id)
    return refused
