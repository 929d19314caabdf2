"""The clause-by-clause account of a rule set (docs/rules/<ruleset>.md) and the evidence of
what its cases show acting (engine/rulesets/<package>/acting.py), both generated from the
scenario cases' `clause` fields, the rulings' clauses and the rule set's seed notes.

    python -m tests.engine.rules_account            # check: exit 1 when out of date
    python -m tests.engine.rules_account --write    # write them again

Every sentence of the seed gets a row: the cases and rulings that quote it, and the notes
that say what becomes of it (engine.seed_text). A sentence in no row is an error, and so is
a note that no longer stands for any sentence. The seed is read from
$MAFIAKIT_SHARED/seeds (default ../shared/seeds)."""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from engine.rulesets import RuleSet, get_ruleset, ruleset_ids
from engine.seed_text import NOTE_KINDS, Quotes, SeedNote, Sentence, noted, sentences, words
from tests.engine.acting import Evidence, evidence
from tests.engine.day_cases import case_files, load_case
from tests.engine.night_cases import load_night_case, night_case_files

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "rules"


def seeds_dir() -> Path:
    shared = os.environ.get("MAFIAKIT_SHARED", str(ROOT.parent / "shared"))
    return Path(shared).resolve() / "seeds"


def seeded() -> list[str]:
    """The registered rule sets written from a seed."""
    return [r for r in ruleset_ids() if get_ruleset(r).seed is not None]


@dataclass
class Row:
    sentence: Sentence
    cases: list[str] = field(default_factory=list)
    rulings: list[str] = field(default_factory=list)
    notes: list[SeedNote] = field(default_factory=list)

    @property
    def covered(self) -> bool:
        return bool(self.cases or self.rulings or self.notes)


@dataclass
class Account:
    ruleset: RuleSet
    rows: list[Row]
    stale: list[SeedNote]  # notes standing for no sentence
    unquoting: list[str]  # cases and rulings whose clause quotes no sentence of the seed

    @property
    def missing(self) -> list[Row]:
        return [r for r in self.rows if not r.covered]


def clauses(ruleset: str) -> list[tuple[str, str]]:
    """(case id, clause) of every day and night case of the rule set."""
    out = [(c["id"], str(c.get("clause") or "")) for c in
           (load_night_case(p) for p in night_case_files(ruleset))]
    out += [(c["id"], str(c.get("clause") or "")) for c in
            (load_case(p) for p in case_files(ruleset))]
    return out


def neighbours(all_sentences: list[Sentence]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each sentence's neighbours in its paragraph (the words before, after; empty at the
    paragraph's ends), which a short sentence is quoted with."""
    out = []
    for i, s in enumerate(all_sentences):
        prev = all_sentences[i - 1] if i > 0 else None
        nxt = all_sentences[i + 1] if i + 1 < len(all_sentences) else None
        out.append((words(prev.text) if prev and prev.paragraph == s.paragraph else (),
                    words(nxt.text) if nxt and nxt.paragraph == s.paragraph else ()))
    return out


def account(ruleset: str, seed_text: str) -> Account:
    rs = get_ruleset(ruleset)
    all_sentences = sentences(seed_text)
    rows = {s: Row(s) for s in all_sentences}
    context = neighbours(all_sentences)
    unquoting: list[str] = []
    sources = [(cid, text, "case") for cid, text in clauses(ruleset)]
    sources += [(r.key, r.clause, "ruling") for r in rs.rulings]
    for ident, text, kind in sources:
        quotes = Quotes(text)
        hit = [s for s, (before, after) in zip(all_sentences, context, strict=True)
               if quotes.covers(s, before, after)]
        if not hit:
            unquoting.append(ident)
        for s in hit:
            (rows[s].cases if kind == "case" else rows[s].rulings).append(ident)
    stale = []
    for note in rs.seed_notes:
        hit = noted(note, all_sentences)
        if not hit:
            stale.append(note)
        for s in hit:
            # a note for a whole paragraph or a pattern speaks for the sentences no case
            # or ruling quotes: a rule quoted in a story paragraph is not story
            if (note.paragraph or note.pattern) and (rows[s].cases or rows[s].rulings):
                continue
            rows[s].notes.append(note)
    return Account(rs, list(rows.values()), stale, sorted(unquoting))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(acc: Account, acting: tuple[Evidence, Evidence]) -> str:
    rs = acc.ruleset
    rows = acc.rows
    by_cases = sum(1 for r in rows if r.cases)
    by_rulings = sum(1 for r in rows if r.rulings and not r.cases)
    kinds = {k: sum(1 for r in rows if not r.cases and not r.rulings and
                    any(n.kind == k for n in r.notes)) for k in NOTE_KINDS}
    lines = [
        f"# {rs.title}: the seed clause by clause",
        "",
        f"Generated by `python -m tests.engine.rules_account --write` from the seed "
        f"`{rs.seed}`, the scenario cases' `clause` fields "
        f"(tests/engine/cases/{rs.id}/), the rulings and the seed notes "
        f"(`engine/rulesets/{rs.id.replace('-', '_')}/seed_notes.py`). Do not edit: "
        "tests/engine/test_rules_account.py fails when it is out of date or when a "
        "sentence of the seed is in no row.",
        "",
        f"{len(rows)} sentences in {rows[-1].sentence.paragraph if rows else 0} paragraphs: "
        f"{by_cases} quoted by scenario cases, {by_rulings} more by rulings only; of the "
        "rest, " + ", ".join(f"{n} {NOTE_KINDS[k]}" for k, n in kinds.items()) + ".",
        "A case quotes a sentence when its clause holds five words of it in a row (the "
        "whole sentence when shorter).",
        "",
    ]
    abilities, features = acting
    night = rs.night
    if night is not None:
        listed = sorted(night.abilities)
        shown = [a for a in listed if a in abilities]
        lines += ["## What the cases show acting", "",
                  f"Night abilities: {len(shown)} of {len(listed)} shown acting (a case "
                  "whose outcome needs the move). Not shown: "
                  + (", ".join(a for a in listed if a not in abilities) or "none") + ".", ""]
        day_only = sorted(set(abilities) - set(listed))
        if day_only:
            lines += ["Day abilities shown acting: " + ", ".join(day_only) + ".", ""]
        catalogue = sorted(night.features)
        if catalogue:
            lines += [f"Features: {sum(1 for f in catalogue if f in features)} of "
                      f"{len(catalogue)} shown acting (a case whose outcome needs the "
                      "feature). Not shown: "
                      + (", ".join(f for f in catalogue if f not in features) or "none")
                      + ".", ""]
        for fid, words in night.unmodelled.items():
            lines.append(f"- not modelled: {fid} ({words})")
        if night.unmodelled:
            lines.append("")
    lines += ["## The seed", "", "| ¶ | seed | covered by |", "|---|---|---|"]
    for r in rows:
        cover = []
        if r.cases:
            cover.append("cases " + ", ".join(r.cases))
        if r.rulings:
            cover.append("rulings " + ", ".join(f"`{k}`" for k in r.rulings))
        for n in r.notes:
            where = f" ({n.where})" if n.where else ""
            cover.append(f"{NOTE_KINDS[n.kind]}{where}: {n.reason}")
        lines.append(f"| {r.sentence.ref} | {_cell(r.sentence.text)} | "
                     f"{_cell('; '.join(cover)) or '**in no row**'} |")
    if acc.unquoting:
        lines += ["", "## Cases and rulings whose clause quotes no sentence", "",
                  ", ".join(acc.unquoting), ""]
    return "\n".join(lines).rstrip() + "\n"


def acting_module(ruleset: str, acting: tuple[Evidence, Evidence]) -> str:
    abilities, features = acting

    def table(name: str, ev: Evidence) -> list[str]:
        out = [f"{name}: dict[str, tuple[str, ...]] = {{"]
        for key, ids in ev.items():
            out.append(f'    "{key}": (')
            out += textwrap.wrap(" ".join(f'"{c}",' for c in ids), width=96,
                                 initial_indent=" " * 8, subsequent_indent=" " * 8,
                                 break_on_hyphens=False)
            out.append("    ),")
        return [*out, "}"]

    return "\n".join([
        f'"""What the scenario cases of {ruleset} show acting: each ability and feature with '
        "the cases\nwhose outcome needs it (tests/engine/acting.py). Generated by "
        "`python -m tests.engine.rules_account\n--write`; do not edit "
        '(tests/engine/test_rules_account.py checks it)."""',
        "",
        "from __future__ import annotations",
        "",
        *table("ABILITIES", abilities),
        "",
        *table("FEATURES", features),
        "",
    ])


def acting_path(ruleset: str) -> Path:
    return ROOT / "engine" / "rulesets" / ruleset.replace("-", "_") / "acting.py"


def problems(acc: Account) -> list[str]:
    out = [f"{acc.ruleset.id}: seed sentence {r.sentence.ref} is in no row: "
           f"{r.sentence.text!r} (quote it in a case's or ruling's clause, or add a note to "
           f"engine/rulesets/{acc.ruleset.id.replace('-', '_')}/seed_notes.py)"
           for r in acc.missing]
    out += [f"{acc.ruleset.id}: seed note stands for no sentence: {n}" for n in acc.stale]
    out += [f"{acc.ruleset.id}: seed sentence {r.sentence.ref} is quoted by {r.cases[:3]} and "
            f"noted as not modelled: the note is out of date ({n.reason})"
            for r in acc.rows if r.cases for n in r.notes if n.kind == "not-modelled"]
    out += [f"{acc.ruleset.id}: seed note's `where` is no file of the project: {n}"
            for n in acc.ruleset.seed_notes if n.where and not (ROOT / n.where).exists()]
    return out


def outputs(ruleset: str) -> tuple[Account, dict[Path, str]]:
    rs = get_ruleset(ruleset)
    assert rs.seed is not None
    seed = seeds_dir() / rs.seed
    acc = account(ruleset, seed.read_text(encoding="utf-8"))
    abilities, features = evidence(ruleset)
    # a feature is one the rule set lists (`NightRules.features`); the players' other
    # records (charges, marks of who treated whom) are the engine's, not the seed's
    catalogue = set(rs.night.features) if rs.night is not None else set()
    acting = (abilities, {k: v for k, v in features.items() if k in catalogue})
    return acc, {DOCS / f"{ruleset}.md": render(acc, acting),
                 acting_path(ruleset): acting_module(ruleset, acting)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.engine.rules_account")
    parser.add_argument("--write", action="store_true", help="write the files again")
    parser.add_argument("rulesets", nargs="*", help="rule set ids (default: every seeded one)")
    args = parser.parse_args(argv)
    bad = 0
    for ruleset in args.rulesets or seeded():
        acc, files = outputs(ruleset)
        for p in problems(acc):
            print(p, file=sys.stderr)
            bad = 1
        for path, text in files.items():
            old = path.read_text(encoding="utf-8") if path.exists() else None
            if old == text:
                continue
            if args.write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"wrote {path.relative_to(ROOT)}")
            else:
                print(f"{path.relative_to(ROOT)} is out of date", file=sys.stderr)
                bad = 1
        print(f"{ruleset}: {len(acc.rows)} sentences, {len(acc.missing)} in no row, "
              f"{len(acc.stale)} stale notes, {len(acc.unquoting)} clauses quoting nothing")
    return bad


if __name__ == "__main__":
    sys.exit(main())
