"""Every rule set's day scenario cases (tests/engine/cases/<ruleset>/day/*.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rulesets import get_ruleset
from tests.engine.day_cases import case_files, load_case, outcome, run_case
from tests.engine.night_cases import load_night_case, night_case_files


@pytest.mark.parametrize("path", case_files(), ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_day_case(path: Path) -> None:
    case = load_case(path)
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


@pytest.mark.parametrize("ruleset", [
    "mafiascum", "contested-island", "world-cup-2018", "open-roles"])
def test_every_ruling_option_has_a_case(ruleset: str) -> None:
    """Each ruling of the rule set has a case per option (`option: key=value`), a day case
    or a night case."""
    rs = get_ruleset(ruleset)
    covered = {load_case(p).get("option") for p in case_files(ruleset)} | {
        load_night_case(p).get("option") for p in night_case_files(ruleset)}
    missing = [f"{r.key}={o}" for r in rs.rulings for o in r.values
               if f"{r.key}={o}" not in covered]
    assert not missing, f"rulings without a case: {missing}"
