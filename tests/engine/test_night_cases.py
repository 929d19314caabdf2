"""Every rule set's night scenario cases (tests/engine/cases/<ruleset>/night/*.yaml), run
over the registry: a rule set with a night engine and no case fails; and what the rule set
claims to support: every ability it lists has cases."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from engine.day import DayResult
from engine.night import NightResult
from engine.rulesets import get_ruleset, ruleset_ids
from tests.engine.case_format import CaseError
from tests.engine.day_cases import outcome
from tests.engine.night_cases import (
    CASES,
    expected,
    is_day,
    load_night_case,
    night_case_files,
    night_outcome,
    rules_of,
    run_night_case,
)
from tests.engine.night_chain import numbered

NIGHT_RULESETS = [r for r in ruleset_ids() if get_ruleset(r).night is not None]


def _param(ruleset: str, path: Path) -> Any:
    """One case as a test: its id says when a night's told results are partial; a case
    the file marks `xfail` (a known engine fault, with the seed's clause) is a strict xfail.
    Read leniently here; the test itself loads the case strictly."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    raw = raw if isinstance(raw, dict) else {}
    partial = any(isinstance(n, dict) and "partial" in n for n in raw.get("nights") or [])
    marks = [pytest.mark.xfail(strict=True, reason=str(raw["xfail"]))] if raw.get("xfail") \
        else []
    return pytest.param(ruleset, path, marks=marks,
                        id=f"{ruleset}/{path.stem}{'-partial' if partial else ''}")


def _cases() -> list[Any]:
    """Every rule set with a night engine, by its cases; one without a case is a test of
    its own, which fails."""
    params = []
    for ruleset in NIGHT_RULESETS:
        files = night_case_files(ruleset)
        params += [_param(ruleset, p) for p in files] or [
            pytest.param(ruleset, None, id=f"{ruleset}/no-night-cases")]
    return params


@pytest.mark.parametrize(("ruleset", "path"), _cases())
def test_night_case(ruleset: str, path: Path | None) -> None:
    assert path is not None, f"rule set {ruleset!r} has a night engine and no night case"
    case = load_night_case(path)
    assert case["ruleset"] == ruleset, f"{path}: filed under {ruleset}"
    rules = rules_of(case)
    results = run_night_case(case)
    for (kind, number, entry), result in zip(numbered(case), results, strict=True):
        if kind == "day":
            assert isinstance(result, DayResult)
            want = dict(entry.get("expect") or {})
            got = outcome(result, want)
            chain = "\n".join(f"  {e.post}: {e.text}" for e in result.events)
        else:
            assert isinstance(result, NightResult)
            want = expected(entry)
            got = night_outcome(result, want, rules)
            chain = "\n".join(f"  {e.step}: {e.text}" for e in result.events)
        partial = f"\npartial: {entry['partial']}" if "partial" in entry else ""
        assert got == want, \
            f"{case['id']} {kind} {number}: {case['title']}{partial}\nchain:\n{chain}"


def test_every_case_folder_is_a_registered_rule_set() -> None:
    """A case filed under a name the registry does not know would never run."""
    folders = {p.parent.parent.name for p in CASES.glob("*/*/*.yaml")}
    assert folders <= set(ruleset_ids()), sorted(folders - set(ruleset_ids()))
    stray = [p for p in CASES.glob("*/night/*.yaml") if p.parent.parent.name not in
             NIGHT_RULESETS]
    assert not stray, f"night cases of a rule set without a night engine: {stray}"


def test_night_case_ids_unique() -> None:
    ids = [load_night_case(p)["id"] for p in night_case_files()]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("ruleset", NIGHT_RULESETS)
def test_every_supported_ability_has_a_case(ruleset: str) -> None:
    """A rule set supports an ability only when a scenario case exercises it."""
    night = get_ruleset(ruleset).night
    assert night is not None
    used = {a["ability"] for p in night_case_files(ruleset)
            for n in load_night_case(p)["nights"] if not is_day(n)
            for a in n.get("actions", [])}
    missing = sorted({a for abilities in night.supported.values() for a in abilities} - used)
    assert not missing, f"supported abilities without a case: {missing}"


_BASE = {"id": "X-1", "title": "t", "clause": "c", "ruleset": "contested-island",
         "players": {"A": "jen-li", "B": "john-levy"},
         "nights": [{"actions": [], "expect": {}}]}


@pytest.mark.parametrize(("change", "words"), [
    ({"colour": "red"}, "unknown keys ['colour']"),
    ({"nights": [{"expect": {"death": []}}]}, "unknown keys ['death']"),
    ({"nights": [{"partial": "", "expect": {"private": []}}]}, "non-empty"),
    ({"nights": [{"partial": "the GM's wording", "expect": {}}]}, "no newspaper or private"),
    ({"option": "contested-island.tie=first-reached"}, "leave contested-island.tie at its"),
    ({"option": "contested-island.tie=no-execution",
      "rulings": {"contested-island.tie": "first-reached"}}, "rulings set"),
    ({"option": "tie=first-reached",
      "rulings": {"contested-island.tie": "first-reached"}}, "write the key whole"),
    ({"rulings": {"contested-island.tie": "maybe"}}, "the options are"),
    ({"dead": {"B": "N1"}}, "is not before night 1"),
    ({"dead": {"B": {"phase": "D2", "by": "A"}}, "start_night": 3}, "for a night death"),
    ({"state": {"B": {"alive": False, "hp": 3}}}, "unknown keys ['hp']"),
    ({"nights": [{"expect": {"winners": None}}, {}]}, "last night"),
    ({"nights": [{}, {"day": {}}]}, "between two nights"),
    ({"nights": [{}, {"day": {}}, {}], "dead": {"B": "D1"}}, "no `dead`"),
    ({"nights": [{}, {"day": {"expect": {"winner": "A"}}}, {}]}, "unknown keys ['winner']"),
    ({"nights": [{}, {"day": {}}, {}], "state": {"B": {"alive": False}}}, "faction only"),
    ({"xfail": " "}, "non-empty"),
])
def test_the_loader_refuses(tmp_path: Path, change: dict[str, Any], words: str) -> None:
    """The loader is strict, and names the file: a key it would not check is an error."""
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({**_BASE, **change}), encoding="utf-8")
    with pytest.raises(CaseError, match=str(path)) as refused:
        load_night_case(path)
    assert words in str(refused.value)


def test_a_night_states_its_whole_outcome(tmp_path: Path) -> None:
    """A death, a failed move or a told result the case does not state is a difference:
    an absent key means none (the night below has all four)."""
    case = {**_BASE, "players": {"A": "jen-li", "B": "john-levy", "C": "max-milton",
                                 "N": "baba-nyura"},
            "nights": [{"actions": [
                {"actor": "A", "ability": "murder", "targets": ["B"],
                 "options": {"attack": "psychic"}},
                {"actor": "C", "ability": "murder", "targets": ["B"]},
                {"actor": "N", "ability": "rumors-and-gossip", "targets": ["A"],
                 "options": {"questions": ["side", "physical", "weapon"],
                             "answers": ["town", "healthy", "katana"]}}]}]}
    path = tmp_path / "whole.yaml"
    path.write_text(yaml.safe_dump(case), encoding="utf-8")
    loaded = load_night_case(path)
    night = loaded["nights"][0]
    result = run_night_case(loaded)[0]
    assert isinstance(result, NightResult)
    got = night_outcome(result, expected(night))
    assert got["deaths"] == ["B"]
    assert all(got[k] for k in ("failed", "newspaper", "private"))
    assert got != expected(night)
    # partial: the private results no longer compared; the failed move still is
    night["partial"] = "only the facts"
    night["expect"] = {"deaths": ["B"], "newspaper": got["newspaper"]}
    assert "private" not in expected(night)
    assert night_outcome(result, expected(night)) == {**expected(night), "failed": got["failed"]}
    night["expect"]["failed"] = got["failed"]
    assert night_outcome(result, expected(night)) == expected(night)


def test_a_night_rule_set_without_cases_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """The registry says which rule sets must have night cases (every one whose `night` is
    not None): one without any is a parameter of its own, and its test fails."""
    import tests.engine.test_night_cases as me

    assert set(NIGHT_RULESETS) == {r for r in ruleset_ids() if get_ruleset(r).night}
    monkeypatch.setattr(me, "NIGHT_RULESETS", ["no-such-rules"])
    assert [p.id for p in _cases()] == ["no-such-rules/no-night-cases"]
    with pytest.raises(AssertionError, match="no night case"):
        test_night_case("no-such-rules", None)
