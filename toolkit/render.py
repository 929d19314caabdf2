"""Text rendering of summaries for the terminal (rich tables)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from toolkit.summary import GameSummary


def print_summary(s: GameSummary, console: Console) -> None:
    console.print(f"[bold]{s.title}[/bold]  ({s.game_id or 'no id'}, rule set {s.ruleset})")
    console.print(f"GM: {', '.join(s.gms) or '?'}   result: {s.result or '?'}")
    players = Table(title=f"Players ({len(s.slots)} slots)", show_lines=False)
    for col in ("slot", "nicks", "role", "faction", "fate", "posts"):
        players.add_column(col, justify="right" if col == "posts" else "left")
    for x in s.slots:
        players.add_row(x.name, " → ".join(x.nicks), x.role or "", x.faction or "", x.fate,
                        str(x.posts))
    console.print(players)
    phases = Table(title=f"Phases ({len(s.phases)})")
    for col in ("phase", "start post", "end post", "posts", "deaths"):
        phases.add_column(col)
    for p in s.phases:
        phases.add_row(p.phase, "" if p.start_post is None else str(p.start_post),
                       "" if p.end_post is None else str(p.end_post), str(p.posts),
                       ", ".join(p.deaths))
    console.print(phases)
    console.print("Eliminations: " + ("; ".join(s.eliminations) or "none"))
    console.print(
        f"Posts: {s.posts_total} ({s.posts_by_gm} by the GM, {s.posts_by_others} by non-players)"
        f"   votes: {s.votes}   actions: {s.actions}"
    )
    console.print("Issues: " + ", ".join(f"{n} {k}" for k, n in s.issues.items()))
