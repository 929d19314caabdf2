"""A night case with days between its nights (night -> day -> night), replayed as a whole
game: the case is written out as a game log and run through the engine's own replay
(`engine.replay.Replay`), the way a real game's nights and days reach each other (the
day's voting orders the next night, a protection spent by day is spent at night, the
executed take no part in the next night).

The log is the GM's record the case states: each night's actions and order, the deaths it
expects published as the GM's announcement of that night, each day's votes and day actions
and its expected elimination published as the day's. The replay then works out every phase
from that record, as it does for a game read from a forum thread."""

from __future__ import annotations

from typing import Any

from engine.day import DayResult
from engine.gamelog import (
    Action,
    Boundary,
    DayLog,
    Death,
    GameLog,
    Meta,
    NightLog,
    Occupant,
    Phase,
    PhasePublished,
    Published,
    Slot,
    SourceRef,
    Vote,
)
from engine.night import NightResult
from engine.replay import Replay

_GM = SourceRef(kind="manual", note="scenario case")


def numbered(case: dict[str, Any]) -> list[tuple[str, int, dict[str, Any]]]:
    """The case's entries as phases: ("night", N, entry) from `start_night` on, ("day",
    N + 1, entry) for a day after night N."""
    out: list[tuple[str, int, dict[str, Any]]] = []
    night = case.get("start_night", 1) - 1
    for entry in case["nights"]:
        if "day" in entry:
            out.append(("day", night + 1, entry["day"] or {}))
        else:
            night += 1
            out.append(("night", night, entry))
    return out


def chain_log(case: dict[str, Any]) -> GameLog:
    sides = {slot: c.get("faction") for slot, c in (case.get("state") or {}).items()}
    slots = [Slot(id=slot, number=i, occupants=[Occupant(nick=slot)], role=role,
                  role_name=role, faction=sides.get(slot))
             for i, (slot, role) in enumerate(case["players"].items(), start=1)]
    phases: list[Phase] = []
    nights: list[NightLog] = []
    days: dict[int, DayLog] = {}
    published: list[PhasePublished] = []
    votes: list[Vote] = []
    last_post = 0
    for kind, number, entry in numbered(case):
        expect = entry.get("expect") or {}
        if kind == "night":
            phases.append(Phase(kind="night", number=number))
            nights.append(NightLog(number=number, order=entry.get("order"),
                                   actions=[Action(**a) for a in entry.get("actions", [])]))
            if entry.get("day_actions"):  # the day before night N is day N
                days.setdefault(number, DayLog(number=number)).actions.extend(
                    Action(**a) for a in entry["day_actions"])
            published.append(PhasePublished(phase=f"N{number}", deaths=[
                Death(slot=s, kind="killed", source=_GM) for s in expect.get("deaths", [])]))
            continue
        posts = [int(v["post"]) for v in entry.get("votes", [])]
        first = entry.get("start", min(posts, default=last_post + 1) - 1)
        last_post = entry.get("end", max(posts, default=first + 1))
        phases.append(Phase(kind="day", number=number,
                            start=Boundary(post=first, source="manual"),
                            end=Boundary(post=last_post, source="manual")))
        votes.extend(_vote(v, number) for v in entry.get("votes", []))
        if entry.get("actions"):
            days.setdefault(number, DayLog(number=number)).actions.extend(
                Action(**a) for a in entry["actions"])
        out = expect.get("eliminated")
        published.append(PhasePublished(phase=f"D{number}", deaths=[
            Death(slot=out, kind="eliminated", source=_GM)] if out else []))
    meta = Meta(title=case["id"], ruleset=case["ruleset"], rulings=case.get("rulings") or {},
                timezone="UTC")
    return GameLog(meta=meta, players=slots, phases=phases, votes=votes,
                   days=list(days.values()), nights=nights,
                   published=Published(phases=published))


def _vote(v: dict[str, Any], day: int) -> Vote:
    raw = "unvote" if v.get("special") == "unvote" else f"vote {v.get('target')}"
    return Vote(post=v["post"], author=v["voter"], voter=v["voter"], raw=raw,
                target=v.get("target"), special=v.get("special"), counts=True,
                phase=f"D{day}")


def run_chain(case: dict[str, Any]) -> list[NightResult | DayResult]:
    """Each entry's result, in order, from one replay of the case's log."""
    replay = Replay(chain_log(case))
    return [replay.night(n) if kind == "night" else replay.day(n)
            for kind, n, _ in numbered(case)]
