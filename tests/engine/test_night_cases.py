"""Every rule set's night scenario cases (tests/engine/cases/<ruleset>/night/*.yaml), and
what the rule set claims to support: every ability it lists has cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.rulesets import get_ruleset, ruleset_ids
from tests.engine.night_cases import (
    load_night_case,
    night_case_files,
    night_outcome,
    run_night_case,
)


@pytest.mark.parametrize("path", night_case_files(),
                         ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_night_case(path: Path) -> None:
    case = load_night_case(path)
    results = run_night_case(case)
    for number, (night, result) in enumerate(zip(case["nights"], results, strict=True),
                                             start=1):
        expect = night.get("expect", {})
        chain = "\n".join(f"  {e.step}: {e.text}" for e in result.events)
        assert night_outcome(result, expect) == expect, \
            f"{case['id']} night {number}: {case['title']}\nchain:\n{chain}"


def test_night_case_ids_unique() -> None:
    ids = [load_night_case(p)["id"] for p in night_case_files()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("ruleset", [r for r in ruleset_ids() if get_ruleset(r).night])
def test_every_supported_ability_has_a_case(ruleset: str) -> None:
    """A rule set supports an ability only when a scenario case exercises it."""
    night = get_ruleset(ruleset).night
    assert night is not None
    used = {a["ability"] for p in night_case_files(ruleset)
            for n in load_night_case(p)["nights"] for a in n.get("actions", [])}
    missing = sorted({a for abilities in night.supported.values() for a in abilities} - used)
    assert not missing, f"supported abilities without a case: {missing}"
