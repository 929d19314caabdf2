"""Contested Island's day (seed 000): the most votes at the close is executed, with the vote
weights of the characters and of the night before, Cornelius's Power of Persuasion, and the
protections from execution. The rules and rulings are in `engine.rulesets.contested_island`.

Effects that come from the night are read from the game log as the GM recorded them: night
N-1's actions (`log.nights`), its published private results, and slot changes before day N
(recruitment, maiming, spent protections). The night engine will replace these sources; each
effect is one small function below so that the swap is easy.

Slot change kinds read here (`Slot.changes`, phase before the day):
- ``recruited``: details ``{"features": [...]}`` (ids of `FEATURES_LIST`, e.g. double-vote);
  the character's own features are lost ("the target loses their features");
- ``maimed`` / ``burned``: details ``{"feature": id}`` or ``{"features": [...]}``, a feature
  lost (Jen Li's Assault maims; infection burns a feature every night);
- ``protection-spent``: a one-time protection used up (Crow's first execution avoided, Jen
  Li's or Patient Zero's protection used against any attack).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engine.day.history import History
from engine.day.result import Ballot
from engine.day.standing import CountRules, Extra
from engine.gamelog import Action, GameLog, Slot, SlotChange, phase_sort_key
from engine.rulesets.base import Role
from engine.rulesets.contested_island.vocab import (
    AUTHORITY,
    BLOCK_ISOLATION_IMMUNITY,
    DONT_GIVE_A_DAMN,
    DOUBLE_VOTE,
    ONE_TIME_PROTECTION,
    PERSUASION,
    PRIVATE_CONVERSATION,
    ZERO_VOTE,
    find_role,
)

_LOST = ("maimed", "burned")


@dataclass(frozen=True)
class _Voter:
    """What a slot's vote is worth on the day: `weight`, or `void` (reason, detail)."""

    weight: float
    void: tuple[str, str] | None = None


def count_rules(log: GameLog, day: int, chosen: Mapping[str, str],
                history: History) -> CountRules:
    notes: list[str] = []
    roles = {s.id: find_role(s.role) or find_role(s.role_name) for s in log.players}
    features = {s.id: _features(s, roles[s.id], day) for s in log.players}
    talks = conversations(log, day, roles, features, notes)
    voters = {s.id: _voter(s.id, roles[s.id], features[s.id], talks.get(s.id), day - 1,
                           chosen) for s in log.players}
    names = {s.id: s.name for s in log.players}

    def weight(ballot: Ballot) -> float:
        v = voters.get(ballot.voter)
        return v.weight if v is not None else 1.0

    def void(ballot: Ballot) -> tuple[str, str] | None:
        v = voters.get(ballot.voter)
        return v.void if v is not None and ballot.special != "cancel" else None

    persuasions = list(persuasion(log, day, notes, chosen, history))

    def extras(standing: dict[str, str], alive: list[str]) -> list[Extra]:
        out: list[Extra] = []
        for actor, target, delta in persuasions:
            who = f"Power of Persuasion ({names.get(actor, actor)})"
            if actor not in alive or target not in alive:
                gone = actor if actor not in alive else target
                notes.append(f"{who} on {names.get(target, target)} is not applied: "
                             f"{names.get(gone, gone)} is not alive at the close")
                continue
            have = sum(weight(Ballot(0, v, "", target)) for v, t in standing.items()
                       if t == target)
            if delta < 0 and have <= 0:
                notes.append(f"{who}: no vote on {names.get(target, target)} to remove")
                continue
            out.append(Extra(target, float(delta),
                             f"{who} {'adds' if delta > 0 else 'removes'} a vote"))
        return out

    def tie(tied: list[str], _last: str | None) -> tuple[str | None, str]:
        if chosen["contested-island.tie"] == "first-reached":
            return tied[0], f"{names.get(tied[0], tied[0])} reached the count first"
        return None, "nobody is executed"

    used_up = _used_up_before(log, day, history) | _spent_at_night(log, day, history)

    def spared(slot: str) -> str | None:
        if slot in used_up:
            return None  # used up on an earlier day of this game
        return protection(log, slot, roles.get(slot), features[slot], day)

    majority = chosen["contested-island.decision"] == "majority"
    return CountRules(
        decision="majority" if majority else "plurality",
        deadline="plurality",  # the day has a fixed close: the most votes then
        weight=weight, void=void, extras=extras, tie=tie,
        tie_by_reach=chosen["contested-island.tie"] == "first-reached",
        cancel="any" if chosen["contested-island.cancel-vote"] == "any" else "own-only",
        change_needs_cancel=chosen["contested-island.vote-change"] == "cancel-first",
        spared=spared, spared_next=chosen["contested-island.avoided-execution"] == "next",
        used_up=used_up,
        notes=notes)


# -- the slot's features on the day -----------------------------------------------------------

def _before(change: SlotChange, day: int) -> bool:
    return phase_sort_key(change.phase) < phase_sort_key(f"D{day}")


def _named(details: dict[str, object], key: str) -> set[str]:
    """Feature ids in details[key] (a list) and details[key without "s"] (one)."""
    out: set[str] = set()
    many, one = details.get(key), details.get(key.rstrip("s"))
    if isinstance(many, list):
        out.update(str(x) for x in many)
    if isinstance(one, str):
        out.add(one)
    return out


def recruited(slot: Slot, day: int) -> SlotChange | None:
    """The slot's recruitment before the day, if any (it loses its own features)."""
    return next((c for c in slot.changes if c.kind == "recruited" and _before(c, day)), None)


def _features(slot: Slot, role: Role | None, day: int) -> frozenset[str]:
    """The features the slot has on the day: its character's, or after recruitment those the
    recruiter gave; minus those maimed or burned."""
    joined = recruited(slot, day)
    have = set(role.features if role is not None and joined is None else ())
    for c in slot.changes:
        if c.kind == "recruited" and _before(c, day):
            have |= _named(dict(c.details), "features")
    for c in slot.changes:
        if c.kind in _LOST and _before(c, day):
            have -= _named(dict(c.details), "features")
    return frozenset(have)


# -- night N-1: John Levy's Private Conversation ------------------------------------------------

def conversations(log: GameLog, day: int, roles: dict[str, Role | None],
                  features: dict[str, frozenset[str]], notes: list[str]) -> dict[str, str]:
    """Targets of Private Conversation on night `day`-1 -> "double" (a woman: "gives her a
    double vote for one day") or "silenced" (a man: "he loses his own vote for one day").
    The action is taken as the GM logged it, unless the GM's private result to the actor says
    it failed; a target immune to isolation (Features List) is not affected."""
    night = log.night(day - 1)
    out: dict[str, str] = {}
    if night is None:
        return out
    for action in night.actions:
        if action.ability != PRIVATE_CONVERSATION or not action.targets:
            continue
        target = action.targets[0]
        name = log.slot(target).name
        if _failed(log, day - 1, action):
            notes.append(f"Private Conversation on {name} (night {day - 1}) failed as the GM "
                         "reported: no effect on the vote")
            continue
        if BLOCK_ISOLATION_IMMUNITY in features.get(target, frozenset()):
            notes.append(f"Private Conversation on {name} (night {day - 1}): immune to "
                         "isolation, the vote is unchanged")
            continue
        role = roles.get(target)
        if role is None:
            notes.append(f"Private Conversation on {name} (night {day - 1}): the character "
                         "(so the gender) is not in the record; the vote is taken as it is")
            continue
        out[target] = "double" if role.gender == "female" else "silenced"
    return out


def _failed(log: GameLog, night: int, action: Action) -> bool:
    pub = log.published.for_phase(f"N{night}")
    return pub is not None and any(
        r.recipient == action.actor and r.ability == action.ability
        and r.kind in ("failure", "blocked") for r in pub.private)


def _voter(slot: str, role: Role | None, have: frozenset[str], talk: str | None, night: int,
           chosen: Mapping[str, str]) -> _Voter:
    """A slot's vote on the day: "Zero vote", Authority and a recruit's "Double vote", and
    Private Conversation of the night before."""
    who = role.name_en if role is not None else slot
    if talk == "silenced":
        return _Voter(0.0, ("voided-by-action", f"{who} lost his vote for the day: John Levy's "
                                                f"Private Conversation on night {night}"))
    base = 0.0 if ZERO_VOTE in have else (2.0 if AUTHORITY in have else 1.0)
    if base == 0.0:
        if talk == "double" and chosen["contested-island.zero-vote-conversation"] == "double":
            return _Voter(2.0)
        return _Voter(0.0, ("no-vote-right", f"{who} has a zero vote"))
    doubles = (DOUBLE_VOTE in have) + (talk == "double")
    if doubles == 0:
        return _Voter(base)
    if chosen["contested-island.double-stack"] == "multiply":
        return _Voter(base * 2 ** doubles)
    return _Voter(max(base, 2.0))


# -- day N: Cornelius's Power of Persuasion --------------------------------------------------

def persuasion(log: GameLog, day: int, notes: list[str], chosen: Mapping[str, str],
               history: History) -> Iterator[tuple[str, str, int]]:
    """(actor, target, +1 or -1) for each Power of Persuasion the GM logged on the day:
    "At their discretion, can remove or add 1 vote against a target. Cannot be used after
    recruitment." Counted at the close, when the GM applies it; not when the infection
    burnt it on a night before (the ruling infection-day-action)."""
    burnt = _burnt_persuasion(log, day, chosen, history)
    for entry in log.days:
        if entry.number != day:
            continue
        for action in entry.actions:
            if action.ability != PERSUASION or not action.targets:
                continue
            delta = action.options.get("delta")
            if delta not in (1, -1):
                notes.append(f"Power of Persuasion by {action.actor}: delta {delta!r} is not "
                             "+1 or -1; not applied")
                continue
            if recruited(log.slot(action.actor), day) is not None:
                notes.append(f"Power of Persuasion by {action.actor} is not applied: "
                             "\"Cannot be used after recruitment\"")
                continue
            if action.actor in burnt:
                notes.append(f"Power of Persuasion by {action.actor} is not applied: the "
                             "infection burnt it")
                continue
            yield action.actor, action.targets[0], int(delta)


def _burnt_persuasion(log: GameLog, day: int, chosen: Mapping[str, str],
                      history: History) -> frozenset[str]:
    """The slots whose Power of Persuasion the infection burnt on a night before `day`, as
    the night engine replays the GM's action log (read only under day-too: otherwise no
    night is replayed for it)."""
    from engine.night import NightError  # the night engine's, for its record
    from engine.rulesets.contested_island.night.own import isle

    if chosen.get("contested-island.infection-day-action") != "day-too":
        return frozenset()
    before = [n.number for n in log.nights if n.number <= day - 1]
    if not before:
        return frozenset()
    try:
        players = history.players(max(before))
    except NightError:
        return frozenset()
    return frozenset(slot for slot, p in players.items() if PERSUASION in isle(p).lost)


# -- protections from execution --------------------------------------------------------------

def _used_up_before(log: GameLog, day: int, history: History) -> frozenset[str]:
    """The slots whose one-time protection the re-count of the days before `day` used up,
    whether or not the log records it as a change: the previous day's count carries what it
    and the days before it spent (one earlier count, not one per earlier day)."""
    if day <= 1 or not any(p.kind == "day" and p.number == day - 1 for p in log.phases):
        return frozenset()
    return history.day(day - 1).used_up


def _spent_at_night(log: GameLog, day: int, history: History) -> frozenset[str]:
    """The slots whose one-time protection ("either from physical attack, or infection, or
    execution") an attack spent on a night before `day`, as the night engine replays the
    GM's action log (nothing when the log has no night actions)."""
    from engine.night import NightError  # the night engine's, for its record

    before = [n.number for n in log.nights if n.number <= day - 1]
    if day <= 1 or not before:
        return frozenset()
    try:
        players = history.players(max(before))
    except NightError:
        return frozenset()
    return frozenset(slot for slot, p in players.items()
                     if p.features.get(ONE_TIME_PROTECTION) == 0)


def protection(log: GameLog, slot: str, role: Role | None, have: frozenset[str],
               day: int) -> str | None:
    """Why `slot` avoids being executed on the day, if it does: Crow's "I don't give a damn"
    ("Avoids the first execution"), Jen Li's and Patient Zero's one-time protection ("either
    from physical attack, or infection, or execution"), unless spent before the day."""
    spent = any(c.kind == "protection-spent" and _before(c, day)
                for c in log.slot(slot).changes)
    if spent or role is None:
        return None
    if DONT_GIVE_A_DAMN in have:
        return f"{role.name_en}'s \"I don't give a damn\" avoids the first execution"
    if ONE_TIME_PROTECTION in have:
        return f"{role.name_en}'s one-time protection from execution"
    return None
