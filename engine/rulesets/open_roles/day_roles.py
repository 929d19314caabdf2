"""Whose day and evening moves stand in «Открытые роли»: an ability of the day is its
role's, as a night move is (`night.rules.may_use`). The judge's cancellations, bans and tie
decision («Дневная способность», lines 298-302), the fixer's first place («Вечерняя
способность», 293-294) and the matchmaker's day match («Ночная и дневная способность», 72)
stand only when their actor has the role, or is the master who acquired it («После каждой
посадки или убийства получает способности посаженного/убитого», 206). The mafia's evening
moves are any living maf's (line 16), checked in `day._bad_move`.

A move whose actor does not have the ability is void with its reason, never applied: the
GM's record of a day move says who made it, and the seed gives no one else that move."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.gamelog import GameLog, phase_sort_key
from engine.rulesets.open_roles import vocab as rs

if TYPE_CHECKING:  # the day engine imports the rule sets
    from engine.day.history import History

# role -> its day and evening abilities (the night's are `night.rules.ROLE_ABILITIES`)
DAY_ABILITIES: dict[str, tuple[str, ...]] = {
    "judge": (rs.CANCEL_VOTE, rs.BAN_VOTE, rs.DECIDE_TIE),
    "fixer": (rs.FIX_FIRST,),
    "matchmaker": (rs.MATCH,),
}
# what a roster may write for a role: its id, its English or Russian name
_NAMES = {n.casefold(): r.id for r in rs.ROLES for n in (r.id, *r.names)}
ACQUIRED = "acquired:"  # the night's feature prefix (night.records.ACQUIRED): not imported,
# the night package imports the day module


def role_id(text: str | None) -> str | None:
    return _NAMES.get(text.strip().casefold()) if text else None


def role_on(log: GameLog, slot: str, day: int) -> str | None:
    """The slot's role id on day `day`: as listed, changed by a change naming a role up to
    the day; None when the record names no role of the list."""
    s = next((p for p in log.players if p.id == slot), None)
    if s is None:
        return None
    found = role_id(s.role) or role_id(s.role_name)
    key = phase_sort_key(f"D{day}")
    for c in sorted(s.changes, key=lambda c: phase_sort_key(c.phase)):
        if c.role and phase_sort_key(c.phase) <= key:
            found = role_id(c.role) or found
    return found


def not_his(log: GameLog, slot: str, ability: str, day: int, history: History | None,
            seated: str | None = None) -> tuple[str | None, str | None]:
    """(why the move is void, None) when `slot` does not have the day ability `ability` on
    day `day`; (None, a note) when it stands but the record cannot show it is his (no role
    recorded, or a master whose acquisitions the nights cannot tell); (None, None) when it
    is his. `seated`: the player seated at the day's close, for an evening move: the master
    has his abilities from the seating on («После каждой посадки ... получает способности
    посаженного», 206), whatever he had before (ruling master-gain: last or all alike)."""
    role = role_on(log, slot, day)
    if role is None:
        return None, f"the record gives {slot} no role of the list: the move is taken as " \
                     "recorded"
    if ability in DAY_ABILITIES.get(role, ()):
        return None, None
    owner = next(r for r, abilities in DAY_ABILITIES.items() if ability in abilities)
    if role == "master":
        if seated is not None and seated != slot and role_on(log, seated, day) == owner:
            return None, None
        acquired, why = _acquired(log, slot, day, history)
        if why is not None:
            return None, why
        if owner in acquired:
            return None, None
        return f"not an ability of {slot}'s role (master; acquired: "\
               f"{', '.join(sorted(acquired)) or 'nothing'}): the {owner}'s", None
    return f"not an ability of {slot}'s role ({role}): the {owner}'s", None


def _acquired(log: GameLog, slot: str, day: int,
              history: History | None) -> tuple[set[str], str | None]:
    """The roles whose abilities the master has on day `day`: as the night before the day
    left him (his acquisitions of the day's seated and the night's killed, `night.records`);
    nothing on the first day (nobody has died)."""
    night = day - 1
    if night < 1:
        return set(), None
    if log.night(night) is None:
        return set(), f"the log has no night {night}: what {slot} (master) acquired is " \
                      "not known; the move is taken as recorded"
    if history is None:
        return set(), f"what {slot} (master) acquired is not worked out here; the move is " \
                      "taken as recorded"
    from engine.night.game import NightError  # the day engine runs no night of its own

    try:
        player = history.players(night)[slot]
    except (NightError, KeyError) as e:
        return set(), f"what {slot} (master) acquired is not known (night {night}: {e}); " \
                      "the move is taken as recorded"
    return {k[len(ACQUIRED):] for k, v in player.features.items()
            if k.startswith(ACQUIRED) and v != 0}, None
