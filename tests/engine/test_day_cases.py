"""Every rule set's day scenario cases (tests/engine/cases/<ruleset>/day/*.yaml), run over
the registry: a registered rule set without a day case is a failing test of its own."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.rulesets import get_ruleset, ruleset_ids
from tests.engine.case_format import CaseError
from tests.engine.day_cases import case_files, load_case, outcome, run_case
from tests.engine.night_cases import load_night_case, night_case_files


def _cases() -> list[Any]:
    """Every registered rule set, by its day cases; one with none is one failing test."""
    params = []
    for ruleset in ruleset_ids():
        params += [pytest.param(ruleset, p, id=f"{ruleset}/{p.stem}")
                   for p in case_files(ruleset)] or [
            pytest.param(ruleset, None, id=f"{ruleset}/no-day-cases")]
    return params


@pytest.mark.parametrize(("ruleset", "path"), _cases())
def test_day_case(ruleset: str, path: Path | None) -> None:
    assert path is not None, f"rule set {ruleset!r} is registered and has no day case"
    case = load_case(path)
    assert case["ruleset"] == ruleset, f"{path}: filed under {ruleset}"
    result = run_case(case)
    expect = dict(case["expect"])
    if "not_counted" in expect:
        expect["not_counted"] = [dict(n) for n in expect["not_counted"]]
    got = outcome(result, expect)
    chain = "\n".join(f"  {e.post}: {e.text}" for e in result.events)
    assert got == expect, f"{case['id']}: {case['title']}\nchain:\n{chain}"


def test_case_ids_unique() -> None:
    ids = [load_case(p)["id"] for p in case_files()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_ruling_option_has_a_case(ruleset: str) -> None:
    """Each ruling of the rule set has a case per option (`option: key=value`), a day case
    or a night case; the loaders hold each case's `option` to its `rulings`."""
    rs = get_ruleset(ruleset)
    covered = {load_case(p).get("option") for p in case_files(ruleset)} | {
        load_night_case(p).get("option") for p in night_case_files(ruleset)}
    missing = [f"{r.key}={o}" for r in rs.rulings for o in r.values
               if f"{r.key}={o}" not in covered]
    assert not missing, f"rulings without a case: {missing}"


_BASE = {"id": "MS-X", "title": "t", "clause": "c", "ruleset": "mafiascum",
         "players": ["A", "B"], "end": 5, "votes": [], "expect": {"eliminated": None}}


@pytest.mark.parametrize(("change", "words"), [
    ({"colour": "red"}, "unknown keys ['colour']"),
    ({"expect": {"winner": "A"}}, "unknown keys ['winner']"),
    ({"option": "mafiascum.deadline=plurality"}, "leave mafiascum.deadline at its default"),
    ({"option": "mafiascum.deadline=no-lynch",
      "rulings": {"mafiascum.deadline": "plurality"}}, "rulings set"),
    ({"rulings": {"contested-island.tie": "first-reached"}}, "not of this game's"),
    ({"ruleset": "poker"}, "unknown rule set"),
])
def test_the_loader_refuses(tmp_path: Path, change: dict[str, Any], words: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({**_BASE, **change}), encoding="utf-8")
    with pytest.raises(CaseError, match=str(path)) as refused:
        load_case(path)
    assert words in str(refused.value)


def test_a_rule_set_without_cases_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry, not a list written here, says which rule sets must have cases: one
    registered without any is a parameter of its own, and its test fails."""
    import tests.engine.test_day_cases as me

    monkeypatch.setattr(me, "ruleset_ids", lambda: ("mafiascum", "no-such-rules"))
    params = {p.id: p.values for p in _cases()}
    assert params["no-such-rules/no-day-cases"] == ("no-such-rules", None)
    with pytest.raises(AssertionError, match="no day case"):
        test_day_case("no-such-rules", None)
