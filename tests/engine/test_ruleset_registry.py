"""One conformance test over every registered rule set (OpenSpiel's way: a rule set added to
the registry is checked by the same test as the others, and a missing piece fails it), and
the check that nothing outside a rule set's own package branches on its id."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from engine.rulesets import RuleSet, RulingError, get_ruleset, ruleset_ids
from engine.rulesets.base import Faction, Role

ROOT = Path(__file__).resolve().parents[2]


def _problems(rs: RuleSet) -> list[str]:
    """Everything missing or inconsistent in rule set `rs`, in words."""
    out: list[str] = []
    faction_ids = [f.id for f in rs.factions]
    role_ids = [r.id for r in rs.roles]
    if not rs.roles:
        out.append("no roles")
    if len(set(role_ids)) != len(role_ids):
        out.append(f"role ids repeat: {role_ids}")
    if len(set(faction_ids)) != len(faction_ids):
        out.append(f"faction ids repeat: {faction_ids}")
    if not any(f.kind == "town" for f in rs.factions):
        out.append("no town faction")
    if not rs.scum:
        out.append("no scum faction (kind 'mafia')")
    for role in rs.roles:
        if role.faction is not None and role.faction not in faction_ids:
            out.append(f"role {role.id}: faction {role.faction!r} is not one of {faction_ids}")
        if not role.name_en:
            out.append(f"role {role.id}: no English name")
        if rs.language == "ru" and role.name_ru is None and not role.also and not role.source:
            out.append(f"role {role.id}: a Russian rule set's role with no Russian name and "
                       "no source saying why")
    for ruling in rs.rulings:
        if not ruling.key.startswith(f"{rs.id}."):
            out.append(f"ruling {ruling.key}: not prefixed {rs.id}.")
    keys = [r.key for r in rs.rulings]
    if len(set(keys)) != len(keys):
        out.append("ruling keys repeat")
    drawn = rs.roster(random.Random(0))
    if not drawn:
        out.append("an empty roster")
    for role_id, faction in drawn:
        if role_id not in role_ids:
            out.append(f"roster: role {role_id!r} is not one of the rule set's")
        if faction not in faction_ids:
            out.append(f"roster: faction {faction!r} of {role_id} is not one of {faction_ids}")
    if not callable(rs.day.count):
        out.append("no day count")
    if rs.night is not None:
        for role_id in rs.night.supported:
            if role_id not in role_ids:
                out.append(f"night: role {role_id!r} has abilities but is no role of the rule "
                           "set")
    return out


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_every_rule_set_has_every_piece(ruleset: str) -> None:
    assert _problems(get_ruleset(ruleset)) == []


def test_the_check_finds_a_missing_piece() -> None:
    """The conformance check can fail: a rule set with a role of an unknown faction, no scum
    and a roster naming a role it lacks is refused with each fault named."""
    good = get_ruleset("mafiascum")
    bad = RuleSet(id="bad", title="bad", source="a test", day=good.day,
                  roles=(Role("x", "X", None, "nobody"),),
                  factions=(Faction("town", "Town", "town"),),
                  roster=lambda _rnd: [("y", "town")])
    problems = _problems(bad)
    assert "no scum faction (kind 'mafia')" in problems
    assert any("role x: faction 'nobody'" in p for p in problems)
    assert any("roster: role 'y'" in p for p in problems)


def test_roles_and_factions_are_looked_up_by_id_loudly() -> None:
    rs = get_ruleset("open-roles")
    assert rs.role("judge").name_ru == "Судья"
    assert rs.faction("mafia").scum
    with pytest.raises(RulingError, match="no role 'pope'"):
        rs.role("pope")
    with pytest.raises(RulingError, match="no faction 'aliens'"):
        rs.faction("aliens")


# the packages where a rule set's own code lives; everywhere else reads the rule set's facts
_OWN = ("engine/rulesets/", "scrapers/rulesets/")


def _dispatch(path: Path, ids: set[str], root: Path = ROOT) -> list[str]:
    """Where `path` compares a value with a rule set's id or keys a table by one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        consts: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            consts = [node.left, *node.comparators]
            consts += [e for c in node.comparators if isinstance(c, ast.Tuple | ast.Set | ast.List)
                       for e in c.elts]
        elif isinstance(node, ast.Dict):
            consts = [k for k in node.keys if k is not None]
        found += [f"{path.relative_to(root)}:{c.lineno}: {c.value!r}" for c in consts
                  if isinstance(c, ast.Constant) and c.value in ids]
    return found


@pytest.mark.parametrize("package", ["engine", "scrapers", "toolkit"])
def test_no_code_outside_a_rule_set_branches_on_its_id(package: str) -> None:
    ids = set(ruleset_ids())
    found = [hit for path in sorted((ROOT / package).rglob("*.py"))
             if not str(path.relative_to(ROOT)).startswith(_OWN)
             for hit in _dispatch(path, ids)]
    assert found == []


def test_the_dispatch_scan_finds_a_branch(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('def f(x: str) -> int:\n    return {"open-roles": 1}.get(x, 0) if x == '
                       '"mafiascum" else 2\n', encoding="utf-8")
    hits = _dispatch(planted, set(ruleset_ids()), tmp_path)
    assert sorted(hits) == ["planted.py:2: 'mafiascum'", "planted.py:2: 'open-roles'"]
