"""The registered rule sets for people: each with its rulings (the question, the clause of the
seed that leaves it open, the options and the default) and what its night engine supports."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from engine.rulesets import get_ruleset, ruleset_ids


def rulesets_json(only: str | None = None) -> dict[str, Any]:
    ids = [only] if only else list(ruleset_ids())
    out: list[dict[str, Any]] = []
    for rid in ids:
        rs = get_ruleset(rid)
        night = rs.night
        out.append({
            "id": rs.id, "title": rs.title, "source": rs.source, "language": rs.language,
            "rulings": [{"key": r.key, "question": r.question, "clause": r.clause,
                         "default": r.default,
                         "options": [{"value": o.value, "doc": o.doc} for o in r.options]}
                        for r in rs.rulings],
            "night_abilities": sorted(night.abilities) if night is not None else None,
            # supported: what the scenario cases show acting (a case whose stated outcome
            # needs the move or the feature), each with those cases; listed and not shown
            # acting is not claimed as supported
            "supported": {"abilities": {k: list(v) for k, v in rs.acting.abilities.items()},
                          "features": {k: list(v) for k, v in rs.acting.features.items()}},
            "not_shown_acting": {
                "abilities": sorted(a for a in (night.abilities if night else ())
                                    if a not in rs.acting.abilities),
                "features": sorted(f for f in (night.features if night else ())
                                   if f not in rs.acting.features)},
            "account": f"docs/rules/{rs.id}.md" if rs.seed is not None else None,
            # the seed's features the night engine does not model (id -> the seed's words)
            "night_unmodelled": dict(night.unmodelled) if night is not None else None,
            # a rule set built from a declaration (the generic forum rule set): its rules
            # are that declaration, in the house-rules format
            "house_rules": rs.house.model_dump(mode="json") if rs.house is not None else None,
        })
    return {"rulesets": out}


def print_rulesets(only: str | None, console: Console) -> None:
    for rs in rulesets_json(only)["rulesets"]:
        console.print(f"[bold]{rs['id']}[/bold]  {rs['title']}  [dim]({rs['source']})[/dim]")
        abilities = rs["night_abilities"]
        shown, unshown = rs["supported"], rs["not_shown_acting"]
        if abilities is None:
            console.print("  night: no night engine yet", highlight=False)
        else:
            console.print(f"  night: {len(abilities) - len(unshown['abilities'])} of "
                          f"{len(abilities)} abilities supported (shown acting in scenario "
                          "cases)", highlight=False)
        day_only = sorted(set(shown["abilities"]) - set(abilities or ()))
        if day_only:
            console.print(f"  day abilities supported: {', '.join(day_only)}",
                          highlight=False)
        if unshown["abilities"]:
            console.print("  listed, no case shows it acting (not supported): "
                          + ", ".join(unshown["abilities"]), highlight=False, markup=False)
        if shown["features"] or unshown["features"]:
            console.print(f"  features: {len(shown['features'])} supported (shown acting): "
                          + ", ".join(shown["features"]), highlight=False, markup=False)
        if unshown["features"]:
            console.print("  features no case shows acting (not supported): "
                          + ", ".join(unshown["features"]), highlight=False, markup=False)
        for fid, words in (rs["night_unmodelled"] or {}).items():
            console.print(f"  not modelled: {fid} ({words})", highlight=False, markup=False)
        if rs["account"]:
            console.print(f"  the seed clause by clause: {rs['account']}", highlight=False)
        house = rs["house_rules"]
        if house is not None:
            forms = house["votes"]
            console.print(f"  declared: {house['decision']}, tie {house['tie']}; votes "
                          f"{', '.join(repr(p) for p in forms['vote'])} in "
                          f"{' or '.join(forms['marks'])}; unvote "
                          f"{', '.join(repr(p) for p in forms['unvote'])}; no lynch "
                          f"{', '.join(repr(p) for p in forms['no_lynch'])}",
                          highlight=False, markup=False)
        for r in rs["rulings"]:
            console.print(f"  [cyan]{r['key']}[/cyan]: {r['question']}", highlight=False)
            for o in r["options"]:
                mark = " (default)" if o["value"] == r["default"] else ""
                console.print(f"      {o['value']}{mark}: {o['doc']}", highlight=False,
                              markup=False)
