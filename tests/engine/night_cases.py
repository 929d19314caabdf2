"""Night scenario cases: small named situations with the complete expected outcome, one per
ability, feature and interaction the seed names, in the spirit of the Diplomacy
adjudicator's test cases. One YAML file per case under tests/engine/cases/<ruleset>/night/:

    id: CI-NIGHT-001
    title: what the case shows
    clause: "the seed's words it checks"
    ruleset: contested-island
    option: contested-island.point=value   # when the case shows one option of a ruling
    rulings: {contested-island.point: value}            # optional
    players: {A: jen-li, B: max-milton, C: ru}          # slot: role id
    state:                                              # optional, before the first night
      C: {alive: false, statuses: {mental: ill}, features: {danger-sense: 0}}
    nights:                                             # one or more, in order
      - order: [B, A, C]    # the players' priority, highest first (open-roles)
        day_actions: [...]  # the day before's moves the night reads (`day_before`)
        actions:
          - {actor: A, ability: murder, targets: [C], options: {attack: physical}}
          - {actor: B, ability: cover, targets: [C]}
        expect:                                         # every key checked in full
          deaths: []
          newspaper: [{kind: protected, subject: C}]    # the night's facts (deaths aside)
          private: [{recipient: A, subject: C, what: local, result: local}]
          failed: [{actor: A, reason: "blocked by"}]    # moves that did not take place, in
                                                        # the log's order
          statuses: {C: {mental: ill}}                  # only the statuses named
          features: {C: {danger-sense: 0}}
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from engine.gamelog import Action
from engine.night import NightResult, Player, run_night
from engine.rulesets import get_ruleset

CASES = Path(__file__).parent / "cases"
_KEYS = {"id", "title", "clause", "ruleset", "option", "rulings", "players", "state",
         "nights"}
_EXPECT = {"deaths", "newspaper", "private", "failed", "statuses", "features"}


def night_case_files(ruleset: str | None = None) -> list[Path]:
    pattern = f"{ruleset}/night/*.yaml" if ruleset else "*/night/*.yaml"
    return sorted(CASES.glob(pattern))


def load_night_case(path: Path) -> dict[str, Any]:
    case: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    unknown = set(case) - _KEYS
    if unknown:
        raise ValueError(f"{path}: unknown keys {sorted(unknown)}")
    for i, night in enumerate(case["nights"]):
        keys = set(night) - {"actions", "expect", "order", "day_actions"}
        if keys:
            raise ValueError(f"{path}: night {i + 1}: unknown keys {sorted(keys)}")
        extra = set(night.get("expect", {})) - _EXPECT
        if extra:
            raise ValueError(f"{path}: night {i + 1}: unknown expect keys {sorted(extra)}")
    return case


def start(case: dict[str, Any]) -> dict[str, Player]:
    rules = get_ruleset(case["ruleset"]).night
    assert rules is not None
    assert rules.new_player is not None
    players = {slot: rules.new_player(slot, role) for slot, role in case["players"].items()}
    for slot, change in (case.get("state") or {}).items():
        p = players[slot]
        p.alive = change.get("alive", p.alive)
        p.statuses.update(change.get("statuses", {}))
        p.features.update(change.get("features", {}))
        p.infected = change.get("infected", p.infected)
        p.recruited_by = change.get("recruited_by", p.recruited_by)
        p.role = change.get("role", p.role)
        p.faction = change.get("faction", p.faction)
        for used in change.get("used", []):  # earlier nights' moves: [night, ability, [targets]]
            p.used.append((used[0], used[1], tuple(used[2])))
    return players


def run_night_case(case: dict[str, Any]) -> list[NightResult]:
    rules = get_ruleset(case["ruleset"]).night
    assert rules is not None
    players = start(case)
    results: list[NightResult] = []
    for number, night in enumerate(case["nights"], start=1):
        actions = [Action(**a) for a in night.get("actions", [])]
        result = run_night(rules, players, number, actions, case.get("rulings") or {},
                           order=night.get("order"),
                           day_actions=[Action(**a) for a in night.get("day_actions", [])])
        results.append(result)
        players = result.players
    return results


def night_outcome(result: NightResult, expect: dict[str, Any]) -> dict[str, Any]:
    """The parts of `result` that `expect` names, in the case's own shape."""
    got: dict[str, Any] = {
        "deaths": sorted(result.deaths),
        "newspaper": [{"kind": e.kind, "subject": e.subject} for e in result.events
                      if e.visibility == "newspaper" and e.kind != "killed"],
        "private": [{"recipient": e.recipient, "subject": e.subject,
                     "what": e.detail("what"), "result": e.detail("result")}
                    for e in result.events if e.visibility == "private"],
        "failed": [{"actor": m.actor, "reason": m.stopped} for m in result.moves
                   if m.stopped is not None],
        "statuses": {slot: {k: result.players[slot].statuses[k] for k in want}
                     for slot, want in (expect.get("statuses") or {}).items()},
        "features": {slot: {k: result.players[slot].features.get(k, 0) for k in want}
                     for slot, want in (expect.get("features") or {}).items()},
    }
    out = {k: got[k] for k in expect}
    if "failed" in expect:  # a reason is matched by its start
        out["failed"] = [
            {"actor": g["actor"], "reason": w["reason"]}
            if g["actor"] == w["actor"] and str(g["reason"]).startswith(w["reason"]) else g
            for g, w in zip(got["failed"], expect["failed"], strict=False)
        ] + got["failed"][len(expect["failed"]):]
    return out
