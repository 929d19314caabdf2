"""Who may do what, in which order, and when the game is over: the night's order from the
log (line 4), the players a role sheet makes, the checks of a night's moves taken together
(one killer, no move on oneself but the doctor's, a killer's role move), and the winners."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.gamelog import Action, GameLog
from engine.night.model import Ability, Move
from engine.night.state import NightState, Player
from engine.rulesets.open_roles import vocab as rs
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.flow import move_key
from engine.rulesets.open_roles.night.records import (
    ACQUIRED,
    DAY_BLOCKED,
    Pair,
    dead,
    is_mafia,
    rec,
)

if TYPE_CHECKING:  # the day engine imports the rule sets
    from engine.day.history import History

# role -> its night abilities («Ночная способность»); vest and bomb are passive (279), fixer
# and judge act in the evening and by day (293, 298), the master has what he acquired (206)
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    "killer": (c.KILL,), "doctor": (c.HEAL,), "driver": (c.DRIVE,), "matchmaker": (c.MATCH,),
    "mirror": (c.MIRROR,), "stunner": (c.STUN,), "bore": (c.BLOCK,), "bodyguard": (c.GUARD,),
    "witch": (c.SWAP,), "master": (), "samurai": (c.STRIKE, c.STRIKE_AGAIN),
    "necromancer": (c.RAISE,),
    "follower": (c.FOLLOW,), "watcher": (c.WATCH,), "vest": (), "bomb": (), "fixer": (),
    "judge": (),
}
TARGETS: dict[str, tuple[int, int]] = {  # ability -> (fewest, most) targets
    c.DRIVE: (1, 2), c.MATCH: (2, 2), c.MIRROR: (2, 2), c.SWAP: (2, 2)}


def order_from_log(log: GameLog, night: int, history: History | None = None) -> list[str]:
    """The night's order: the log's own, else the day's voting (night N follows day N:
    «Очередность ночных ходов устанавливается путем голосования», line 4) as `history`
    counts it (a replay, under its rulings; None: under the log's own), else the GM's
    default order («Первоначальная очередность (по-умолчанию) выстраивается ведущим
    случайным образом», line 5: a `default-order` draw), else the roster."""
    entry = log.night(night)
    if entry is not None and entry.order:
        return list(entry.order)
    if any(d.number == night for d in log.days) or \
            log.published.for_phase(f"D{night}") is not None:
        if history is None:
            from engine.replay import Replay  # the replay plays nights through this module

            history = Replay(log)
        order = history.day(night).order or []
        if order:
            return order
    for n in sorted(log.nights, key=lambda n: n.number):
        for draw in n.draws:
            if draw.name == rs.DEFAULT_ORDER and isinstance(draw.outcome, list):
                return [str(x) for x in draw.outcome]
    for d in log.days:
        for draw in d.draws:
            if draw.name == rs.DEFAULT_ORDER and isinstance(draw.outcome, list):
                return [str(x) for x in draw.outcome]
    roster = sorted(log.players, key=lambda s: (s.number is None, s.number or 0))
    return [s.id for s in roster]


def from_log(log: GameLog, players: dict[str, Player], night: int,
             _rulings: Mapping[str, str]) -> None:
    """Who the GM's record has blocked for day N (line 135), for `day_before`."""
    from engine.rulesets.open_roles.day import blocked  # the day module imports the rule set

    held = blocked(log, night)
    for slot, player in players.items():
        player.features[DAY_BLOCKED] = 1 if slot in held else 0


def day_before(state: NightState, actions: Sequence[Action]) -> None:
    """«Ночная и дневная способность. Сводит 2 игроков. В результате, на протяжении игровых
    суток, сведенные не могут предпринимать никаких действий друг против друга» (72-73): a
    match made on day N holds through night N (ruling day-match-night), unless its maker
    was blocked for the day (line 135) or is not the matchmaker."""
    if c.option(state, "day-match-night") == "day-only":
        return
    r = rec(state)
    for a in actions:
        p = state.players.get(a.actor)
        if a.ability != c.MATCH or len(a.targets) != 2 or p is None or not p.alive:
            continue
        why = ("blocked for the day" if p.features.get(DAY_BLOCKED, 0)
               else _not_his(p, c.MATCH))
        if why is not None or not all(t in state.players for t in a.targets):
            state.record("not-taken", f"{a.actor}'s day match: {why or 'not a player'}",
                         actor=a.actor)
            continue
        x, y = a.targets
        r.pairs.append(Pair(x, y, a.actor))
        state.record("day-match", f"{x} and {y} stay matched for the night ({a.actor}'s "
                     "day match)", subject=x, actor=a.actor, other=y)


def new_player(slot: str, role: str) -> Player:
    """A role of the list; the killer's side is the mafia's, any other's is the slot's (the
    engine copies it: a maf may have any role of the list, line 22); no side is honest."""
    known = rs.ROLE_BY_ID.get(role)
    return Player(slot, role, rs.MAFIA if known and known.faction == rs.MAFIA else "")


def may_use(player: Player, ability: Ability) -> str | None:
    """The kill is any maf's («Ночью мафия выбирает из своего состава одного представителя»,
    21); the rest are the role's, or the roles the master acquired."""
    if ability.id == c.KILL:
        return None if is_mafia(player) else "only a maf kills at night (line 21)"
    if player.role == "master":
        return None  # what he has depends on the day's seating: `check_night` (rec) knows
    return _not_his(player, ability.id)


def _not_his(player: Player, ability: str) -> str | None:
    roles = [player.role] + [k[len(ACQUIRED):] for k, v in player.features.items()
                             if k.startswith(ACQUIRED) and v != 0]
    if any(ability in ROLE_ABILITIES.get(r, ()) for r in roles):
        return None
    return f"not an ability of {player.role}"


def check_night(state: NightState, moves: list[Move]) -> list[tuple[Move, str]]:
    """One killer a night (21); no move on oneself but the doctor's («Себя сводить нельзя»,
    «Ставить зеркало на себя и направлять его на себя нельзя», «Себя блокировать нельзя»,
    «Себя защищать нельзя»: 73, 92, 137, 159); the number of targets; the night's killer makes
    no role move while other mafs live (22, 25; ruling killer-role-move)."""
    rec(state)  # the night's records: the master gets the abilities of the day's seated
    refused: list[tuple[Move, str]] = []
    for m in moves:
        if m.ability.id != c.KILL and state.players[m.actor].role == "master":
            why = _not_his(state.players[m.actor], m.ability.id)
            if why is not None:
                refused.append((m, why))
                continue
        low, high = TARGETS.get(m.ability.id, (1, 1))
        if not low <= len(m.targets) <= high or len(set(m.targets)) < len(m.targets):
            refused.append((m, f"{m.ability.id} takes {low}-{high} different targets"))
        elif m.ability.id != c.HEAL and m.actor in m.targets:
            refused.append((m, "not on oneself"))
    kills = sorted((m for m in moves if m.ability.id == c.KILL),
                   key=lambda m: (move_key(state, m), m.actor))
    refused += [(m, "one killer a night (line 21)") for m in kills[1:]]
    mafs = sum(1 for s, p in state.players.items() if is_mafia(p) and not dead(state, s))
    if kills and mafs > 1 and c.option(state, "killer-role-move") == "forbidden":
        killer = kills[0].actor
        refused += [(m, "the night's killer makes no role move (line 22)") for m in moves
                    if m.actor == killer and m.ability.id != c.KILL]
    if c.option(state, "samurai-again") == "later-night":
        refused += [(m, "one strike a night (ruling samurai-again)") for m in moves
                    if m.ability.id == c.STRIKE_AGAIN]
    seen: set[int] = set()  # the moves refused already, by number (`NightState.seq`)
    out: list[tuple[Move, str]] = []
    for m, why in refused:
        if state.seq(m) not in seen:
            seen.add(state.seq(m))
            out.append((m, why))
    return out


def winners(players: Mapping[str, Player]) -> list[str] | None:
    """The seed writes no victory condition; the usual one of the forum's games: the honest
    win when no maf lives, the mafia when the mafs alive are as many as the honest."""
    alive = [p for p in players.values() if p.alive]
    mafs = sum(1 for p in alive if is_mafia(p))
    if mafs == 0:
        return [rs.HONEST]
    if mafs >= len(alive) - mafs:
        return [rs.MAFIA]
    return None
