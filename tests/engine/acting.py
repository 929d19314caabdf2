"""Which abilities and features the scenario cases show acting: the evidence behind
`mafiakit rulesets` ("supported" only when it acts) and the account docs/rules/<id>.md.

An ability acts in a case when the case's stated outcome needs the move: the move took
place (the engine did not stop it) and, with the move taken out of the case, the case no
longer holds. A feature acts in a case when, with the feature taken from the player it is
given to (the case's `state`, a day case's `changes`, or a character's own features at the
start of the night), the case no longer holds. A listed ability that only ever fails, or a
feature whose removal changes nothing, is not shown acting, whatever the cases' titles say.

Cases marked `xfail` (a known engine fault) are left out: they do not hold to begin with."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.day import DayResult
from engine.gamelog import Action
from engine.night import NightResult, run_night
from engine.rulesets import RuleSet, get_ruleset
from tests.engine.day_cases import case_files, load_case, outcome, run_case
from tests.engine.night_cases import (
    expected,
    is_day,
    load_night_case,
    night_case_files,
    night_outcome,
    rules_of,
    start,
)
from tests.engine.night_chain import numbered, run_chain

Evidence = dict[str, list[str]]  # ability or feature id -> the case ids showing it act


def night_holds(case: dict[str, Any], without: str | None = None) -> bool:
    """The night case's every night (and day) comes out as stated; with `without`, that
    feature is taken from every player as each night starts, and the case's own statement
    of that feature (`expect.features`) is not compared."""
    try:
        results = _run(case, without)
        rules = rules_of(case)
        for (kind, _n, entry), result in zip(numbered(case), results, strict=True):
            if kind == "day":
                want = dict(entry.get("expect") or {})
                if not isinstance(result, DayResult) or outcome(result, want) != want:
                    return False
            else:
                want = _unstated(expected(entry), without)
                if not isinstance(result, NightResult) or \
                        night_outcome(result, want, rules) != want:
                    return False
    except Exception:  # a case the change breaks does not hold
        return False
    return True


def _unstated(want: dict[str, Any], feature: str | None) -> dict[str, Any]:
    if feature is None or "features" not in want:
        return want
    named = {slot: {k: v for k, v in keys.items() if k != feature}
             for slot, keys in want["features"].items()}
    return {**want, "features": {slot: keys for slot, keys in named.items() if keys}}


def _run(case: dict[str, Any], without: str | None) -> list[NightResult | DayResult]:
    if any(is_day(e) for e in case["nights"]):
        return list(run_chain(case))
    rules = rules_of(case)
    players = start(case)
    results: list[NightResult | DayResult] = []
    for number, night in enumerate(case["nights"], start=case.get("start_night", 1)):
        if without is not None:
            for p in players.values():
                p.features.pop(without, None)
        result = run_night(rules, players, number,
                           [Action(**a) for a in night.get("actions", [])],
                           case.get("rulings") or {}, order=night.get("order"),
                           day_actions=[Action(**a) for a in night.get("day_actions", [])])
        results.append(result)
        players = result.players
    return results


def day_holds(case: dict[str, Any]) -> bool:
    try:
        want = dict(case["expect"])
        return bool(outcome(run_case(case), want) == want)
    except Exception:  # a case the change breaks does not hold
        return False


def _without(case: dict[str, Any], path: tuple[Any, ...]) -> dict[str, Any]:
    """A copy of the case with the item at `path` (keys and list indexes) taken out."""
    out = copy.deepcopy(case)
    holder: Any = out
    for key in path[:-1]:
        holder = holder[key]
    del holder[path[-1]]
    return out


def _took_place(case: dict[str, Any], results: list[NightResult | DayResult] | None,
                night: int, index: int, ability: str) -> bool:
    """The logged move `index` of the case's night `night` (0-based among its entries) was
    not stopped: a move the engine refused shows nothing of its ability. A case with days
    between its nights is replayed from a log; there the move counts as done unless the
    case states a failed move of its actor that night."""
    entry = case["nights"][night]
    actor = entry["actions"][index]["actor"]
    if any(is_day(e) for e in case["nights"]):
        failed = (entry.get("expect") or {}).get("failed") or []
        return not any(f.get("actor") == actor for f in failed)
    if results is None:  # the case does not run: it shows nothing
        return False
    result = results[night]
    assert isinstance(result, NightResult)
    return any(m.index == index and m.ability.id == ability and m.stopped is None
               and not m.refused for m in result.moves)


def _abilities_in_night_case(case: dict[str, Any]) -> Iterator[tuple[str, tuple[Any, ...]]]:
    try:
        results: list[NightResult | DayResult] | None = _run(case, None)
    except Exception:
        results = None
    for n, entry in enumerate(case["nights"]):
        if is_day(entry):
            for i, a in enumerate(entry["day"].get("actions") or []):
                yield a["ability"], ("nights", n, "day", "actions", i)
            continue
        for i, a in enumerate(entry.get("actions") or []):
            if _took_place(case, results, n, i, a["ability"]):
                yield a["ability"], ("nights", n, "actions", i)
        for i, a in enumerate(entry.get("day_actions") or []):
            yield a["ability"], ("nights", n, "day_actions", i)


def _features_in_night_case(case: dict[str, Any]) -> set[str]:
    """The features some player has as one of the case's nights starts (a case replayed
    from a log starts from the log: left out)."""
    if any(is_day(e) for e in case["nights"]):
        return set()
    have = {f for p in start(case).values() for f in p.features}
    try:
        results = _run(case, None)
    except Exception:
        return have
    for r in results[:-1]:
        if isinstance(r, NightResult):
            have |= {f for p in r.players.values() for f in p.features}
    return have


def night_evidence(ruleset: str) -> tuple[Evidence, Evidence]:
    """(abilities, features) shown acting in the rule set's night cases."""
    abilities: Evidence = {}
    features: Evidence = {}
    for path in night_case_files(ruleset):
        case = load_night_case(path)
        if "xfail" in case:
            continue
        for ability, where in _abilities_in_night_case(case):
            if not night_holds(_without(case, where)):
                _add(abilities, ability, case["id"])
        for feature in sorted(_features_in_night_case(case)):
            if not night_holds(case, feature):
                _add(features, feature, case["id"])
    return abilities, features


def day_evidence(ruleset: str) -> tuple[Evidence, Evidence]:
    """(abilities, features) shown acting in the rule set's day cases: the day's and the
    night before's moves; the features a `changes` entry gives (each of its `features`
    taken out, or the whole change for a `gift`), and those of a character's role (taken
    from the role for the run)."""
    rs = get_ruleset(ruleset)
    abilities: Evidence = {}
    features: Evidence = {}
    for path in case_files(ruleset):
        case = load_case(path)
        if "xfail" in case:
            continue
        for key in ("day_actions", "night_actions"):
            for i, a in enumerate(case.get(key) or []):
                if not day_holds(_without(case, (key, i))):
                    _add(abilities, a["ability"], case["id"])
        named = rs.night.feature_named if rs.night is not None else (lambda n: n)
        for c, change in enumerate(case.get("changes") or []):
            details = change.get("details") or {}
            for f, feature in enumerate(details.get("features") or []):
                if not day_holds(_without(case, ("changes", c, "details", "features", f))):
                    _add(features, named(feature) or feature, case["id"])
            gift = named(str(details["gift"])) if "gift" in details else None
            if gift is not None and not day_holds(_without(case, ("changes", c))):
                _add(features, gift, case["id"])
        for feature in sorted({f for r in rs.roles for f in r.features}):
            with _role_without(rs, feature):
                holds = day_holds(case)
            if not holds:
                _add(features, feature, case["id"])
    return abilities, features


@contextmanager
def _role_without(rs: RuleSet, feature: str) -> Iterator[None]:
    """The rule set's roles with `feature` taken away, for one run. The day finds a slot's
    role through the rule set's own tables, which hold these same (frozen) `Role` objects,
    so the objects themselves are changed and put back: tooling only, one run at a time."""
    changed = [(role, role.features) for role in rs.roles if feature in role.features]
    try:
        for role, had in changed:
            object.__setattr__(role, "features", tuple(f for f in had if f != feature))
        yield
    finally:
        for role, had in changed:
            object.__setattr__(role, "features", had)


def evidence(ruleset: str) -> tuple[Evidence, Evidence]:
    """(abilities, features) the rule set's night and day cases show acting, each id's
    cases sorted."""
    abilities: Evidence = {}
    features: Evidence = {}
    if get_ruleset(ruleset).night is not None:
        a, f = night_evidence(ruleset)
        _merge(abilities, a)
        _merge(features, f)
    a, f = day_evidence(ruleset)
    _merge(abilities, a)
    _merge(features, f)
    return ({k: sorted(set(v)) for k, v in sorted(abilities.items())},
            {k: sorted(set(v)) for k, v in sorted(features.items())})


def _add(into: Evidence, key: str, case_id: str) -> None:
    into.setdefault(key, []).append(case_id)


def _merge(into: Evidence, more: Evidence) -> None:
    for k, v in more.items():
        into.setdefault(k, []).extend(v)


__all__ = ["day_evidence", "evidence", "night_evidence"]
