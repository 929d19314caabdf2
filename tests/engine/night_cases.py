"""Night scenario cases: small named situations with the complete expected outcome, one per
ability, feature and interaction the seed names, in the spirit of the Diplomacy
adjudicator's test cases. One YAML file per case under tests/engine/cases/<ruleset>/night/;
the test runs them over the registry (every rule set whose `RuleSet.night` is not None must
have cases).

Each night states its whole outcome: the deaths and the moves that did not take place are
always compared in full, and so are the newspaper and the private results unless the night
says `partial: <reason>` (then only those it names; the reason shows in the test id and
the failure). Statuses, features, roles and factions are compared for the players named.
The loader is strict, and its errors name the file: an unknown key at any level, a ruling
or option the rule set does not have, an `option` its `rulings` do not choose
(tests/engine/case_format.py), a `dead` phase after the case's first night.


    id: CI-NIGHT-001
    title: what the case shows
    clause: "the seed's words it checks"
    ruleset: contested-island
    option: contested-island.point=value   # the option of a ruling the case shows: its
                                           # rulings set it (or leave it, if the default)
    rulings: {contested-island.point: value}            # optional
    xfail: "the engine gives X; the seed's <clause> says Y"   # optional: a known engine
                                           # fault, run as a strict xfail with this reason
    players: {A: jen-li, B: max-milton, C: ru}          # slot: role id
    start_night: 3                         # optional: the first night's number (default 1)
    dead: {C: N2, D: {phase: D3}, E: {phase: N1, by: A}}   # optional: died before the
                                           # first night, in that phase (N: killed at
                                           # night, by `by` when named; D: by day)
    state:                                              # optional, before the first night
      C: {alive: false, statuses: {mental: ill}, features: {danger-sense: 0},
          infected: 1, recruited_by: order-of-li, role: ..., faction: ...,
          used: [[1, cover, [A]]]}         # earlier nights' moves: [night, ability, targets]
                           # (statuses, infected: contested-island's own record of a player)
    nights:                                             # one or more, in order
      - order: [B, A, C]    # the players' priority, highest first (open-roles)
        day_actions: [...]  # the day before's moves the night reads (`day_before`)
        actions:
          - {actor: A, ability: murder, targets: [C], options: {attack: physical}}
          - {actor: B, ability: cover, targets: [C]}
        partial: "why the newspaper or private results are not all stated"   # optional
        expect:
          deaths: [C]                                   # always in full; absent: none
          failed: [{actor: A, reason: "blocked by"}]    # always in full, in the log's
                                    # order; absent: none. A reason matches by its start
          newspaper: [{kind: protected, subject: C}]    # the night's facts (deaths aside)
          private: [{recipient: A, subject: C, what: local, result: local}]
                                    # newspaper and private: in full, absent: none; under
                                    # `partial` only the ones named are compared
          statuses: {C: {mental: ill}}                  # the statuses named
          features: {C: {danger-sense: 0}}              # the features named
          roles: {C: jen-li}                            # the players named: their role
          factions: {C: order-of-li}                    # and side after the night
          winners: [order-of-li]    # the last night only: the rule set's victory condition
                                    # after it (null: the game goes on)
      - day:                        # a day between two nights (day N+1 after night N):
          votes: [{post: 1, voter: A, target: B}]   # the case is then a game replayed
          start: 0                  # from its log (tests/engine/night_chain.py): the GM
          end: 10                   # announces each night's expected deaths and the day's
          actions: [...]            # expected elimination, the day is counted and the
          expect: {eliminated: B}   # next night replayed after it. `expect`: a day case's
                                    # (tests/engine/day_cases.py). No `dead`; `state` gives
                                    # the slots' factions only (the log's record)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from engine.day import DayResult
from engine.gamelog import Action
from engine.night import NightResult, NightRules, Player, run_night
from engine.rulesets import get_ruleset
from engine.rulesets.contested_island.night.own import isle
from tests.engine.case_format import CaseError, check_rulings, no_unknown, reason
from tests.engine.day_cases import EXPECT_KEYS

CASES = Path(__file__).parent / "cases"
_KEYS = {"id", "title", "clause", "ruleset", "option", "rulings", "xfail", "players",
         "start_night", "dead", "state", "nights"}
_NIGHT = {"actions", "expect", "order", "day_actions", "partial"}
_DAY = {"votes", "start", "end", "actions", "expect"}
_STATE = {"alive", "statuses", "features", "infected", "recruited_by", "role", "faction",
          "used"}
_DEAD = {"phase", "by"}
# always compared in full (absent: none); the told results too, unless the night is partial
WHOLE = ("deaths", "failed")
TOLD = ("newspaper", "private")
# compared for the players (or the keys) the case names
NAMED = ("statuses", "features", "roles", "factions")
_EXPECT = {*WHOLE, *TOLD, *NAMED, "winners"}
_PHASE = re.compile(r"^([ND])([1-9][0-9]*)$")


def night_case_files(ruleset: str | None = None) -> list[Path]:
    pattern = f"{ruleset}/night/*.yaml" if ruleset else "*/night/*.yaml"
    return sorted(CASES.glob(pattern))


def is_day(entry: dict[str, Any]) -> bool:
    return "day" in entry


def load_night_case(path: Path) -> dict[str, Any]:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(case, dict):
        raise CaseError(path, "a case is a mapping")
    no_unknown(path, "case", case, _KEYS)
    check_rulings(path, case)
    if "xfail" in case:
        reason(path, "xfail", case["xfail"])
    players = case.get("players")
    if not isinstance(players, dict) or not players:
        raise CaseError(path, "players: a mapping slot -> role id")
    entries = case.get("nights")
    if not isinstance(entries, list) or not entries:
        raise CaseError(path, "nights: a list of one or more nights")
    start = case.get("start_night", 1)
    if not isinstance(start, int) or start < 1:
        raise CaseError(path, f"start_night: a night number, not {start!r}")
    for slot, change in (case.get("state") or {}).items():
        no_unknown(path, f"state of {slot}", change, _STATE)
    _check_dead(path, case, start)
    _check_entries(path, case, entries)
    return case


def _check_entries(path: Path, case: dict[str, Any], entries: list[Any]) -> None:
    days = [i for i, e in enumerate(entries) if isinstance(e, dict) and is_day(e)]
    for i in days:
        if i in (0, len(entries) - 1) or i + 1 in days:
            raise CaseError(path, f"entry {i + 1}: a day comes between two nights")
        no_unknown(path, f"entry {i + 1}", entries[i], {"day"})
        day = entries[i]["day"] or {}
        no_unknown(path, f"day of entry {i + 1}", day, _DAY)
        no_unknown(path, f"day of entry {i + 1}: expect", day.get("expect") or {},
                   EXPECT_KEYS)
    sides_only = all(set(c) <= {"faction"} for c in (case.get("state") or {}).values())
    if days and ("dead" in case or not sides_only):
        raise CaseError(path, "a case with days is replayed from its log, which starts the "
                              "game: no `dead`, and `state` gives a slot's faction only")
    for i, night in enumerate(entries):
        if i in days:
            continue
        if not isinstance(night, dict):
            raise CaseError(path, f"entry {i + 1}: a night is a mapping")
        no_unknown(path, f"night entry {i + 1}", night, _NIGHT)
        if "partial" in night:
            reason(path, f"night entry {i + 1}: partial", night["partial"])
        expect = night.get("expect") or {}
        no_unknown(path, f"night entry {i + 1}: expect", expect, _EXPECT)
        if "winners" in expect and i != len(entries) - 1:
            raise CaseError(path, f"night entry {i + 1}: winners are checked after the "
                                  "case's last night")
        if "partial" in night and not any(k in expect for k in TOLD):
            raise CaseError(path, f"night entry {i + 1}: partial, yet no newspaper or "
                                  "private result named")


def _check_dead(path: Path, case: dict[str, Any], start: int) -> None:
    """`dead`: each slot a player, each phase before the first night (day N comes before
    night N), `by` a player."""
    for slot, death in (case.get("dead") or {}).items():
        death = death if isinstance(death, dict) else {"phase": death}
        no_unknown(path, f"dead {slot}", death, _DEAD)
        found = _PHASE.match(str(death.get("phase")))
        if slot not in case["players"] or found is None:
            raise CaseError(path, f"dead {slot}: a player and a phase (N1, D2, ...)")
        kind, number = found.group(1), int(found.group(2))
        if number > start or (kind == "N" and number == start):
            raise CaseError(path, f"dead {slot}: {death['phase']} is not before night {start}")
        if death.get("by") is not None and (kind != "N" or death["by"] not in case["players"]):
            raise CaseError(path, f"dead {slot}: `by` names a player, for a night death")


def rules_of(case: dict[str, Any]) -> NightRules:
    rules = get_ruleset(case["ruleset"]).night
    assert rules is not None
    assert rules.new_player is not None
    return rules


def start(case: dict[str, Any]) -> dict[str, Player]:
    rules = rules_of(case)
    assert rules.new_player is not None
    players = {slot: rules.new_player(slot, role) for slot, role in case["players"].items()}
    for slot, death in (case.get("dead") or {}).items():
        death = death if isinstance(death, dict) else {"phase": death}
        players[slot].alive = False
        if death["phase"].startswith("N"):  # killed at night: what a revival asks
            by = death.get("by")
            players[slot].killed = (int(death["phase"][1:]), by or "",
                                    players[by].role if by else "")
    for slot, change in (case.get("state") or {}).items():
        p = players[slot]
        p.alive = change.get("alive", p.alive)
        p.features.update(change.get("features", {}))
        if "statuses" in change or "infected" in change:  # contested-island's own record
            own = isle(p)
            own.statuses.update(change.get("statuses", {}))
            own.infected = change.get("infected", own.infected)
        p.recruited_by = change.get("recruited_by", p.recruited_by)
        p.role = change.get("role", p.role)
        p.faction = change.get("faction", p.faction)
        for used in change.get("used", []):  # earlier nights' moves: [night, ability, [targets]]
            p.used.append((used[0], used[1], tuple(used[2])))
    return players


def run_night_case(case: dict[str, Any]) -> list[NightResult | DayResult]:
    """Each entry's result, in order: a night's `NightResult`, a day's `DayResult`."""
    if any(is_day(e) for e in case["nights"]):
        from tests.engine.night_chain import run_chain  # the chain builds a game log

        return run_chain(case)
    rules = rules_of(case)
    players = start(case)
    results: list[NightResult | DayResult] = []
    for number, night in enumerate(case["nights"], start=case.get("start_night", 1)):
        actions = [Action(**a) for a in night.get("actions", [])]
        result = run_night(rules, players, number, actions, case.get("rulings") or {},
                           order=night.get("order"),
                           day_actions=[Action(**a) for a in night.get("day_actions", [])])
        results.append(result)
        players = result.players
    return results


def expected(night: dict[str, Any]) -> dict[str, Any]:
    """The night's whole expected outcome: deaths and failed moves always (absent: none),
    the newspaper and private results unless the night is partial, the rest as named."""
    expect = night.get("expect") or {}
    want: dict[str, Any] = {"deaths": sorted(expect.get("deaths") or []),
                            "failed": list(expect.get("failed") or [])}
    for key in TOLD:
        if key in expect or "partial" not in night:
            want[key] = list(expect.get(key) or [])
    for key in (*NAMED, "winners"):
        if key in expect:
            want[key] = expect[key]
    return want


def night_outcome(result: NightResult, want: dict[str, Any],
                  rules: NightRules | None = None) -> dict[str, Any]:
    """The parts of `result` that `want` (`expected`) names, in the case's own shape."""
    players = result.players
    got: dict[str, Any] = {
        "deaths": sorted(result.deaths),
        "newspaper": [{"kind": e.kind, "subject": e.subject} for e in result.events
                      if e.visibility == "newspaper" and e.kind != "killed"],
        "private": [{"recipient": e.recipient, "subject": e.subject,
                     "what": e.detail("what"), "result": e.detail("result")}
                    for e in result.events if e.visibility == "private"],
        "failed": _failed(result, want.get("failed") or []),
    }
    named: dict[str, Callable[[str, Any], Any]] = {
        "statuses": lambda slot, keys: {k: isle(players[slot]).statuses[k] for k in keys},
        "features": lambda slot, keys: {k: players[slot].features.get(k, 0) for k in keys},
        "roles": lambda slot, _: players[slot].role,
        "factions": lambda slot, _: players[slot].faction,
    }
    for key, read in named.items():
        if key in want:
            got[key] = {slot: read(slot, value) for slot, value in want[key].items()}
    if "winners" in want:
        assert rules is not None, "winners need the rule set's night rules"
        winners = rules.winners(players)
        got["winners"] = sorted(winners) if winners is not None else None
    return {k: got[k] for k in want}


def _failed(result: NightResult, want: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The moves that did not take place, in the log's order; where the case names the
    same actor in the same place, its reason stands for the engine's when the engine's
    starts with it (the engine's reasons go on to quote the seed)."""
    got = [{"actor": m.actor, "reason": m.stopped} for m in result.moves
           if m.stopped is not None]
    return [{"actor": g["actor"], "reason": w.get("reason")} if _same(g, w) else g
            for g, w in zip(got, want, strict=False)] + got[len(want):]


def _same(got: dict[str, Any], want: dict[str, Any]) -> bool:
    return got["actor"] == want.get("actor") and \
        str(got["reason"]).startswith(str(want.get("reason")))
