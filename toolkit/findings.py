"""Verification reports for people: JSON and a table with the chain behind each dispute."""

from __future__ import annotations

from typing import Any

import pandas as pd
from rich.console import Console
from rich.markup import escape

from engine.gamelog import GameLog
from engine.verify import Report

_STYLE = {"confirmed": "green", "disputed": "bold red", "unverifiable": "yellow",
          "ruling-dependent": "magenta"}


def _namer(log: GameLog) -> dict[str, str]:
    return {s.id: s.name for s in log.players} | {"no-lynch": "No Lynch", "none": "nobody"}


def report_json(log: GameLog, report: Report) -> dict[str, Any]:
    name = _namer(log)

    def shown(value: str | None) -> str | None:
        if value is None:
            return None
        return "+".join(name.get(v, v) for v in value.split("+"))

    return {
        "game": report.game,
        "rulings": report.rulings,
        "warnings": list(report.warnings),
        "summary": {s: report.count(s) for s in _STYLE},  # type: ignore[arg-type]
        "findings": [{
            "phase": f.phase, "item": f.item, "status": f.status,
            "expected": shown(f.expected), "published": shown(f.published),
            "reason": f.reason, "source": f.source,
            "by_option": {k: shown(v) for k, v in f.by_option.items()},
            "chain": list(f.chain),
        } for f in report.findings],
    }


FINDINGS_COLUMNS = ("phase", "item", "status", "expected", "published", "reason", "source",
                    "chain")


def findings_frame(log: GameLog, report: Report) -> pd.DataFrame:
    """One row per finding of `report` (names as the game writes them); `chain`: the
    events behind the finding, one a line."""
    rows = [{**{k: f[k] for k in FINDINGS_COLUMNS[:-1]}, "chain": "\n".join(f["chain"])}
            for f in report_json(log, report)["findings"]]
    return pd.DataFrame(rows, columns=list(FINDINGS_COLUMNS)).astype("string")


def chains_text(frame: pd.DataFrame) -> str:
    """The findings that are not confirmed, each with its reason and its chain, as text."""
    out: list[str] = []
    for row in frame[frame.status != "confirmed"].itertuples():
        out.append(f"{row.phase} {row.item}: {row.status}\n  {row.reason}")
        out.extend(f"    {step}" for step in str(row.chain).splitlines())
    return "\n".join(out) or "every result confirmed"


def print_report(log: GameLog, report: Report, console: Console, *, chains: bool = True
                 ) -> None:
    data = report_json(log, report)
    # the log misread makes every finding below doubtful: said first, where it is seen
    for warning in data["warnings"]:
        console.print(f"[bold yellow]warning:[/bold yellow] {escape(warning)}",
                      highlight=False)
    # a confirmed vote count says little alone: one line per day names them all
    quiet: dict[str, list[str]] = {}
    for f in data["findings"]:
        if f["status"] == "confirmed" and f["item"].startswith("vote count"):
            quiet.setdefault(f["phase"], []).append(f["source"] or "?")
    for f in data["findings"]:
        if f["status"] == "confirmed" and f["item"].startswith("vote count"):
            shown = quiet.pop(f["phase"], None)
            if shown:
                style = _STYLE["confirmed"]
                console.print(f"[{style}]{'confirmed':>16}[/{style}]  {f['phase']} "
                              f"{len(shown)} vote count{'s' if len(shown) > 1 else ''} "
                              f"({', '.join(shown)}): as the re-count stands",
                              highlight=False)
            continue
        style = _STYLE[f["status"]]
        console.print(f"[{style}]{f['status']:>16}[/{style}]  {f['phase']} {f['item']}: "
                      f"{f['reason']}", highlight=False)
        # what other readings give matters where the GM's result is in question (the JSON
        # keeps it for every finding)
        for option, outcome in (f["by_option"] if f["status"] != "confirmed" else {}).items():
            console.print(f"{'':18}[dim]{option} -> {outcome}[/dim]", highlight=False)
        if chains and f["status"] == "disputed":
            for step in f["chain"]:
                console.print(f"{'':18}{step}", markup=False, highlight=False)
    s = data["summary"]
    console.print(f"{s['confirmed']} confirmed, {s['disputed']} disputed, "
                  f"{s['unverifiable']} unverifiable, {s['ruling-dependent']} ruling-dependent")
