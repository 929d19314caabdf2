"""Day scenario cases: small named games with the complete expected outcome of one day, one
case per rule clause (and per option of each ruling), in the spirit of the Diplomacy
adjudicator test cases. One loader runs every rule set's cases
(tests/engine/cases/<ruleset>/day/*.yaml); the test runs them over the registry
(`engine.rulesets.ruleset_ids()`), so a registered rule set without a day case fails.

The loader is strict, and its errors name the file: an unknown key (of the case or of its
`expect`), an unknown rule set, a ruling the rule set does not have or an option it does not
offer, and an `option` its `rulings` do not choose (tests/engine/case_format.py). The day's
outcome is compared for the keys `expect` names, each in full.

A case:

    id: MS-DAY-001
    title: the vote that reaches a majority ends the day
    clause: "mafiascum: majority is half the living rounded down, plus one"
    ruleset: mafiascum
    option: mafiascum.deadline=plurality  # the option of a ruling the case shows: its
                                  # rulings set it (or leave it, if the default)
    rulings: {mafiascum.deadline: plurality}      # optional
    players: [A, B, C]            # or a map: {A: {role: Town Doublevoter, name: Куба}}
    dead: [D]                     # slots dead before the day (optional)
    day: 1                        # optional, default 1
    start: 0                      # post opening the day (optional)
    end: 50                       # post closing it (null: not recorded)
    close_time: "2018-06-20T21:00:00+03:00"   # optional: the day's close as a time
    deaths: [{slot: B, post: 5, kind: killed}]  # during the day (optional)
    resets: [7]                   # posts at which the GM reset the count (optional)
    ruled_out: [{post: 4, voter: C, text: "..."}]   # marks the GM ruled out (optional)
    day_actions: [{actor: A, ability: persuasion, targets: [B], options: {delta: 1}}]
                                  # post: N -> the action's source post
    night_actions: [{actor: A, ability: stun, targets: [B]}]   # the night before the day
    private: [{recipient: B, kind: stunned}]   # the GM's results of the night before the day
    night_order: [A, B, C]        # the night before the day's order of moves
    default_order: [C, B, A]      # the GM's draw of the initial order (open-roles)
    changes: [{slot: A, phase: N1, kind: gift, details: {gift: diploma}}]
    day_draws: [{name: tie, outcome: B}]      # the GM's draws of the day
    history:                      # earlier days, each with its own window and votes
      - {day: 1, start: 0, end: 9, votes: [{post: 1, voter: A, target: B}]}
    posts: [{number: 3, slot: A, time: "...", avatar: null}]   # avatar: url; null: none
                                  # shown; no key: the archive shows no avatars
    votes:
      - {post: 1, voter: A, target: B}   # time: ..., weight: ..., raw: ..., line_start: bool
      - {post: 2, voter: C, special: unvote}
      - {post: 3, voter: C, target: B, void: in-quote}   # a mark the reader did not count
      - {post: 4, voter: D, target: B, confirmed_by: 6, unconfirmed: unknown-name}
                                  # counted on the GM's vote count in post 6
    expect:
      eliminated: B               # slot id or null
      no_lynch: false
      decided_at_post: 3
      decided_by: hammer
      tally: {B: 2}               # every line, with its votes
      not_counted: [{post: 2, voter: C, reason: dead-voter}]   # every one
      order: [B, A, C]            # open-roles: the next night's order of moves
      earlier: [C]                # a double-lynch day: the lynches before the last
      outcome: B+C                # as verify compares it
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import yaml

from engine.day import DayResult, count_day
from engine.gamelog import (
    Action,
    Avatar,
    Boundary,
    DayLog,
    Death,
    Draw,
    GameLog,
    MarkRuledOut,
    Meta,
    NightLog,
    Occupant,
    Phase,
    PhasePublished,
    Post,
    PrivateResult,
    Published,
    Slot,
    SlotChange,
    SourceRef,
    Vote,
)
from tests.engine.case_format import CaseError, check_rulings, no_unknown

CASES = Path(__file__).parent / "cases"
_KEYS = {"id", "title", "clause", "ruleset", "rulings", "players", "dead", "day", "start", "end",
         "ruled_out",
         "close_time", "deaths", "resets", "day_actions", "changes", "votes", "expect",
         "option", "timezone", "night_actions", "private", "night_order", "default_order",
         "day_draws", "history", "posts"}
EXPECT_KEYS = {"eliminated", "no_lynch", "decided_at_post", "decided_by", "tally", "not_counted",
           "majority", "order", "notes", "extra", "earlier", "outcome"}


def case_files(ruleset: str | None = None) -> list[Path]:
    pattern = f"{ruleset}/day/*.yaml" if ruleset else "*/day/*.yaml"
    return sorted(CASES.glob(pattern))


def load_case(path: Path) -> dict[str, Any]:
    case = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(case, dict):
        raise CaseError(path, "a case is a mapping")
    no_unknown(path, "case", case, _KEYS)
    if not isinstance(case.get("expect"), dict):
        raise CaseError(path, "expect: the day's outcome, a mapping")
    no_unknown(path, "expect", case["expect"], EXPECT_KEYS)
    check_rulings(path, case)
    return case


def build_log(case: dict[str, Any]) -> GameLog:
    day = int(case.get("day", 1))
    players = case["players"]
    if isinstance(players, list):
        players = {p: {} for p in players}
    slots = []
    for i, (sid, info) in enumerate(players.items(), start=1):
        info = info or {}
        slots.append(Slot(id=sid, number=i, occupants=[Occupant(nick=sid)],
                          ingame_name=info.get("name"), role=info.get("role"),
                          role_name=info.get("role"), faction=info.get("faction"),
                          aliases=info.get("aliases", [])))
    ref = SourceRef(kind="manual", note="scenario case")
    by_phase: dict[str, PhasePublished] = {}
    if case.get("dead") and day > 1:
        prev = by_phase.setdefault(f"N{day - 1}", PhasePublished(phase=f"N{day - 1}"))
        prev.deaths.extend(Death(slot=s, kind="killed", source=ref) for s in case["dead"])
    today = by_phase.setdefault(f"D{day}", PhasePublished(phase=f"D{day}"))
    for d in case.get("deaths", []):
        today.deaths.append(Death(slot=d["slot"], kind=d.get("kind", "killed"), raw=d.get(
            "raw", ""), source=SourceRef(kind="manual", post=d.get("post"))))
    today.vote_resets.extend(SourceRef(kind="manual", post=p) for p in case.get("resets", []))
    today.ruled_out.extend(MarkRuledOut(post=r["post"], voter=r.get("voter"), source=SourceRef(
        kind="manual", post=r["post"], text=r.get("text"))) for r in case.get("ruled_out", []))
    close = case.get("close_time")
    end = case.get("end")
    phases = []
    history = {int(h["day"]): h for h in case.get("history", [])}
    for k, h in sorted(history.items()):
        phases.append(Phase(kind="day", number=k, start=Boundary(post=h["start"],
                            source="manual"), end=Boundary(post=h["end"], source="manual")))
        phases.append(Phase(kind="night", number=k))
    if day > 1 and day - 1 not in history:
        phases.append(Phase(kind="day", number=day - 1, end=Boundary(
            post=-1 if case.get("start", 0) >= 0 else None, source="manual")))
        phases.append(Phase(kind="night", number=day - 1))
    phases.append(Phase(
        kind="day", number=day,
        start=Boundary(post=case.get("start", 0), source="manual"),
        end=Boundary(post=end, time=datetime.fromisoformat(close) if close else None,
                     source="manual") if end is not None or close else None))
    votes = []
    marks = [(k, v) for k, h in sorted(history.items()) for v in h.get("votes", [])]
    for k, v in marks + [(day, v) for v in case.get("votes", [])]:
        void = v.get("void")
        confirmed = v.get("confirmed_by")  # counted on the GM's vote count in that post
        votes.append(Vote(post=v["post"], author=v["voter"], voter=v["voter"],
                          raw=v.get("raw", _raw(v)), target=v.get("target"),
                          special=v.get("special"), weight=v.get("weight"),
                          time=datetime.fromisoformat(v["time"]) if v.get("time") else None,
                          counts=void is None,
                          reason="gm-count" if confirmed is not None else void,
                          confirmed_by=confirmed, unconfirmed=v.get("unconfirmed"),
                          phase=f"D{k}", line_start=v.get("line_start")))
    days = []
    if case.get("day_actions") or case.get("default_order") or case.get("day_draws"):
        days.append(DayLog(number=day, actions=[_action(a) for a in case.get("day_actions", [])],
                           draws=([Draw(name="default-order", outcome=case["default_order"])]
                                  if case.get("default_order") else [])
                           + [Draw(**d) for d in case.get("day_draws", [])]))
    nights = []
    if case.get("night_actions") or case.get("night_order"):
        nights.append(NightLog(number=day - 1, order=case.get("night_order"),
                               actions=[_action(a) for a in case.get("night_actions", [])]))
    if case.get("private"):
        night = by_phase.setdefault(f"N{day - 1}", PhasePublished(phase=f"N{day - 1}"))
        night.private.extend(PrivateResult(source=ref, **r) for r in case["private"])
    for c in case.get("changes", []):
        slot = next(s for s in slots if s.id == c["slot"])
        slot.changes.append(SlotChange(**{k: v for k, v in c.items() if k != "slot"}))
    meta = Meta(title=case["id"], ruleset=case["ruleset"], rulings=case.get("rulings", {}),
                timezone=case.get("timezone", "UTC"))
    posts = [Post(number=p["number"], author=p["slot"], slot=p["slot"], html="", text="",
                  time=datetime.fromisoformat(p["time"]) if p.get("time") else None,
                  avatar=Avatar(url=p["avatar"]) if "avatar" in p else None)
             for p in case.get("posts", [])]
    return GameLog(meta=meta, players=slots, phases=phases, votes=votes, days=days, posts=posts,
                   nights=nights, published=Published(phases=list(by_phase.values())))


def _action(a: dict[str, Any]) -> Action:
    """An action of a case; `post` is where it was announced."""
    post = a.get("post")
    rest = {k: v for k, v in a.items() if k != "post"}
    return Action(**rest, source=SourceRef(kind="manual", post=post) if post is not None
                  else None)


def _raw(v: dict[str, Any]) -> str:
    if v.get("special") == "unvote":
        return "unvote"
    if v.get("special") == "no-lynch":
        return "vote: no lynch"
    return f"vote {v.get('target')}"


def run_case(case: dict[str, Any]) -> DayResult:
    return count_day(build_log(case), int(case.get("day", 1)))


def outcome(result: DayResult, expect: dict[str, Any]) -> dict[str, Any]:
    """The parts of `result` that `expect` names, in the case's own shape."""
    got: dict[str, Any] = {
        "eliminated": result.eliminated,
        "no_lynch": result.no_lynch,
        "decided_at_post": result.decided_at_post,
        "decided_by": result.decided_by,
        "majority": result.majority,
        "tally": {t.target: t.votes for t in result.tally if t.votes or t.voters},
        "not_counted": [{"post": n.post, "voter": n.voter, "reason": n.reason}
                        for n in result.not_counted],
        "order": result.order,
        "notes": result.notes,
        "extra": {t.target: t.extra for t in result.tally if t.extra},
        "earlier": result.earlier,
        "outcome": result.outcome,
    }
    return {k: got[k] for k in expect}
