"""`./run demo`: load the bundled sample game, print its summary, re-count its days under its
rule set and compare with what the GM announced.

Works on a fresh machine with no ../shared. Later stages grow this into the full pipeline
(scrape, verify, report) on a bundled archived thread.
"""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

from engine.errors import MafiakitError
from engine.verify import verify
from toolkit.daycount import count_all, print_votes
from toolkit.findings import print_report
from toolkit.game import load
from toolkit.render import print_summary

SAMPLE = Path(__file__).resolve().parent.parent / "data" / "sample" / "island-mini.json"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else SAMPLE
    console = Console(highlight=False)
    try:
        game = load(path)
    except MafiakitError as exc:
        Console(stderr=True).print(f"error: {exc}", markup=False)
        return 2
    console.print(f"[dim]mafiakit demo: {path.name}[/dim]")
    print_summary(game.summary, console)
    console.print(f"\nDataFrame views: posts {game.posts.shape}, votes {game.votes.shape}, "
                  f"actions {game.actions.shape}, deaths {game.deaths.shape}, "
                  f"published {game.published.shape}, slots {game.slots.shape}")
    console.print("\n[bold]Re-counting the days[/bold]")
    results = count_all(game.log)
    print_votes(game.log, results, console)
    console.print("\n[bold]Checking the GM's results[/bold]")
    print_report(game.log, verify(game.log), console)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
