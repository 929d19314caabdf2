"""The clause-by-clause accounts (docs/rules/<ruleset>.md) stay complete and current: every
seed sentence is in a row (a case or ruling quotes it, or a note says what becomes of it),
no note is stale, and the generated files are what the cases give today; and what the
cases show acting is what `mafiakit rulesets` calls supported."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.engine.rules_account as ra
from engine.rulesets import get_ruleset
from engine.seed_text import Quotes, SeedNote, noted, sentences, words
from tests.engine.acting import _abilities_in_night_case, night_holds
from tests.engine.night_cases import CASES, load_night_case

SEEDED = ra.seeded()


def _seed(ruleset: str) -> str:
    seed = ra.seeds_dir() / str(get_ruleset(ruleset).seed)
    if not seed.exists():
        pytest.skip(f"seed {seed} not found (set MAFIAKIT_SHARED): the account needs it")
    return seed.read_text(encoding="utf-8")


def test_the_seeded_rule_sets() -> None:
    assert SEEDED == ["contested-island", "open-roles", "world-cup-2018"]


@pytest.mark.parametrize("ruleset", SEEDED)
def test_every_seed_sentence_is_in_a_row(ruleset: str) -> None:
    acc = ra.account(ruleset, _seed(ruleset))
    assert len(acc.rows) > 100
    problems = ra.problems(acc)
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} in all)"


@pytest.mark.parametrize("ruleset", SEEDED)
def test_the_account_is_current(ruleset: str) -> None:
    _seed(ruleset)
    _, files = ra.outputs(ruleset)
    for path, text in files.items():
        old = path.read_text(encoding="utf-8") if path.exists() else None
        assert old == text, f"{path} is out of date: python -m tests.engine.rules_account --write"


def test_a_sentence_no_one_quotes_is_in_no_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sentence added to the seed that no case quotes is reported, with its text; a note
    puts it in a row; a note for a sentence the seed no longer has is stale."""
    seed = _seed("contested-island") + "\nZebras juggle purple lanterns at midnight.\n"
    acc = ra.account("contested-island", seed)
    missing = [p for p in ra.problems(acc) if "Zebras juggle" in p]
    assert missing
    assert "in no row" in missing[0]
    rs = get_ruleset("contested-island")
    note = SeedNote(kind="not-modelled", reason="a test", quote="zebras juggle purple")
    gone = SeedNote(kind="story", reason="a test", quote="no such words in the seed")
    changed = dataclasses.replace(rs, seed_notes=(*rs.seed_notes, note, gone))
    monkeypatch.setattr(ra, "get_ruleset", lambda _id: changed)
    acc = ra.account("contested-island", seed)
    assert not [p for p in ra.problems(acc) if "Zebras" in p]
    assert acc.stale == [gone]
    row = next(r for r in acc.rows if r.sentence.text.startswith("Zebras"))
    assert row.notes == [note]
    # a sentence a case quotes is modelled: a "not modelled" note on it is out of date
    quoted = next(r for r in acc.rows if r.cases)
    stale_note = SeedNote(kind="not-modelled", reason="a test", quote=quoted.sentence.text)
    monkeypatch.setattr(ra, "get_ruleset", lambda _id: dataclasses.replace(
        rs, seed_notes=(*rs.seed_notes, stale_note)))
    assert any("out of date" in p for p in ra.problems(ra.account("contested-island", seed)))
    assert "not modelled: a test" in ra.render(acc, ({}, {}))


def test_a_note_where_must_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    rs = get_ruleset("open-roles")
    bad = SeedNote(kind="elsewhere", reason="r", quote="x", where="engine/no_such.py")
    monkeypatch.setattr(ra, "get_ruleset",
                        lambda _id: dataclasses.replace(rs, seed_notes=(bad,)))
    acc = ra.account("open-roles", "X marks it.\n")
    assert any("no file of the project" in p for p in ra.problems(acc))


def test_sentences_and_quotes() -> None:
    seed = ("Title\n\n· Ходы принимаются до 23:00 (заказы, ходы <nobr>и т. п.</nobr>) "
            "в личку. Второе предложение здесь!\nKills at night. Heals by day. (+)\n")
    got = [(s.ref, s.text) for s in sentences(seed)]
    assert [r for r, _ in got] == ["1.1", "2.1", "2.2", "3.1", "3.2"]
    assert got[1][1].endswith("в личку.")  # "т. п." does not end a sentence
    assert got[4][1] == "Heals by day. (+)"  # a type mark stays with its sentence
    assert words("«Ёлка» — <b>ВОТ</b>") == ("елка", "вот")
    two = sentences(seed)[1]
    assert Quotes("Order 3) ходы принимаются до 23 00 заказы").covers(two)  # 5 in a row
    assert Quotes("X: ... ходы и т ...").covers(two)  # a cut piece found whole
    assert not Quotes("moves are accepted until 23:00").covers(two)  # a paraphrase
    assert not Quotes("принимаются до").covers(two)  # two words are not a quote
    assert not Quotes("Kills at night").covers(sentences("Title\n")[0])  # nor a heading
    # a short sentence: quoted with a neighbour of its paragraph, or alone in quotes
    short = sentences("- Authority. Double vote. Cannot be recruited.\nFeatures:\n")
    assert [s.text for s in short] == ["- Authority.", "Double vote.",
                                      "Cannot be recruited.", "Features:"]
    auth, double, _, label = short
    assert Quotes("Rick: Authority. Double vote").covers(auth, (), words(double.text))
    assert Quotes("Rick: Authority. Double vote").covers(double, words(auth.text), ())
    assert not Quotes("Rick: Double vote").covers(auth, (), words(double.text))
    assert Quotes('Jen Li: "Double vote."').covers(double)
    assert not Quotes("Jen Li, Features: a double vote").covers(label)
    # a list item's number stays with its item
    assert [s.text for s in sentences("1. Босс мафии. Стреляет.\n")] == [
        "1. Босс мафии.", "Стреляет."]
    assert [s.ref for s in noted(SeedNote("story", "r", quote="kills at night",
                                          paragraph=True), sentences(seed))] == ["3.1", "3.2"]
    assert [s.ref for s in noted(SeedNote("heading", "r", pattern=r"^Title$"),
                                 sentences(seed))] == ["1.1"]


@pytest.mark.parametrize(("kwargs", "words_"), [
    ({"kind": "story", "reason": "r"}, "a quote or a pattern"),
    ({"kind": "story", "reason": "r", "quote": "a", "pattern": "b"}, "a quote or a pattern"),
    ({"kind": "story", "reason": " ", "quote": "a"}, "without a reason"),
    ({"kind": "elsewhere", "reason": "r", "quote": "a"}, "`where`"),
    ({"kind": "story", "reason": "r", "quote": "a", "where": "x.py"}, "`where`"),
])
def test_a_seed_note_refuses(kwargs: dict[str, str], words_: str) -> None:
    with pytest.raises(ValueError, match=words_):
        SeedNote(**kwargs)  # type: ignore[arg-type]


def _case(name: str) -> dict[str, object]:
    return load_night_case(CASES / "contested-island" / "night" / name)


def test_a_move_that_failed_shows_nothing() -> None:
    """CI-NIGHT-340's third night: Jen Li's murder is blocked by Nancy's maneuver; the
    maneuver acts, the murder does not."""
    case = _case("ci-ult-40-tactical-maneuver.yaml")
    third = {where for _a, where in _abilities_in_night_case(case) if where[1] == 2}
    assert third == {("nights", 2, "actions", 0)}


def test_a_feature_acts_only_where_the_case_needs_it() -> None:
    """Rick's Preemptive Strike acts where a killer comes to him (its case fails without
    it), and not in a case where no one does."""
    struck = next(p for p in (CASES / "contested-island" / "night").glob("*.yaml")
                  if load_night_case(p)["id"] == "CI-NIGHT-223")
    case = load_night_case(struck)
    assert night_holds(case)
    assert not night_holds(case, "preemptive-strike")
    quiet = {"id": "X", "title": "t", "clause": "c", "ruleset": "contested-island",
             "players": {"R": "rick-morgan", "A": "jen-li", "B": "ru"},
             "nights": [{"actions": [{"actor": "A", "ability": "murder", "targets": ["B"],
                                      "options": {"attack": "physical"}}],
                         "expect": {"deaths": ["B"]}}]}
    assert night_holds(quiet)
    assert night_holds(quiet, "preemptive-strike")
    assert "CI-NIGHT-223" in get_ruleset("contested-island").acting.features[
        "preemptive-strike"]


def test_rulesets_lists_as_supported_only_what_acts(monkeypatch: pytest.MonkeyPatch) -> None:
    """`mafiakit rulesets`: an ability or feature no case shows acting is listed as not
    supported (the abilities the rule set's night lists, with the evidence taken away)."""
    from toolkit import rulesets as view
    from toolkit.cli import app

    out = CliRunner().invoke(app, ["rulesets", "contested-island", "-f", "json"])
    data = json.loads(out.stdout)["rulesets"][0]
    assert "murder" in data["supported"]["abilities"]
    assert data["not_shown_acting"]["abilities"] == []
    assert data["account"] == "docs/rules/contested-island.md"
    rs = get_ruleset("contested-island")
    less = dataclasses.replace(rs, acting=dataclasses.replace(
        rs.acting, abilities={k: v for k, v in rs.acting.abilities.items() if k != "murder"},
        features={}))
    monkeypatch.setattr(view, "get_ruleset", lambda _id: less)
    data = view.rulesets_json("contested-island")["rulesets"][0]
    assert "murder" not in data["supported"]["abilities"]
    assert data["not_shown_acting"]["abilities"] == ["murder"]
    assert "two-actions" in data["not_shown_acting"]["features"]
    out = CliRunner().invoke(app, ["rulesets", "contested-island"])
    assert "46 of 47 abilities supported" in out.stdout
    assert "(not supported): murder" in out.stdout.replace("\n", " ")


def test_the_docs_folder_holds_only_the_accounts_and_their_notes() -> None:
    """docs/rules/ holds each seeded rule set's account (and second-reading notes)."""
    names = {p.name for p in Path(ra.DOCS).glob("*.md")}
    assert {f"{r}.md" for r in SEEDED} <= names
