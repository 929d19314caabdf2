"""`./run demo`: the whole pipeline on the bundled contested-island game
(`data/games/contested-island/`: a phpBB thread saved from the Wayback Machine and the GM's
log): scrape the thread and the log into a game log, summarise it, re-count the days and
re-play the nights to check what the GM published; then the same for its copy with GM
mistakes, whose disputes are shown with the chain of events that gives the right result.

The game logs are written to `out/demo/` (or the folder given). Works on a fresh machine
with no ../shared. The report step joins when the analysis toolkit has landed."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn

from engine.errors import MafiakitError
from engine.gamelog import GameLog, save
from engine.verify import verify
from scrapers.scrape import scrape
from toolkit.daycount import count_all, print_votes
from toolkit.findings import print_report
from toolkit.game import Game
from toolkit.render import print_summary

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "data" / "games" / "contested-island"
GM = "Smotritel"  # the bundled game's GM (every other poster is a player)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0]) if args else Path("out") / "demo"
    console = Console(highlight=False)
    try:
        out.mkdir(parents=True, exist_ok=True)
        console.rule("[bold]mafiakit demo: the bundled contested-island game")
        clean = _scrape(GAME, out / "contested-island.json", console)
        game = Game(clean)
        print_summary(game.summary, console)
        console.print(f"\nDataFrame views: posts {game.posts.shape}, votes {game.votes.shape}, "
                      f"actions {game.actions.shape}, deaths {game.deaths.shape}, "
                      f"published {game.published.shape}, slots {game.slots.shape}")
        console.print("\n[bold]Re-counting the days[/bold]")
        print_votes(clean, count_all(clean), console)
        console.print("\n[bold]Checking what the GM published[/bold] (days re-counted, nights "
                      "re-played under the rule set)")
        print_report(clean, verify(clean), console, chains=False)

        console.rule("[bold]The same game with GM mistakes")
        mistakes = _scrape(GAME / "gm-mistakes", out / "contested-island-gm-mistakes.json",
                           console)
        report = verify(mistakes)
        print_report(mistakes, report, console)
        console.print(f"\nGame logs in {out}/; check one with `mafiakit verify "
                      f"{out / 'contested-island-gm-mistakes.json'}`.")
    except (MafiakitError, OSError) as exc:
        Console(stderr=True).print(f"error: {exc}", markup=False)
        return 2
    return 0


def _scrape(folder: Path, output: Path, console: Console) -> GameLog:
    """The thread and its GM log into a game log, with the pages read shown as they go."""
    with Progress(TextColumn("[dim]scraping {task.fields[what]}"), BarColumn(),
                  TextColumn("{task.completed} pages"), TextColumn("[dim]{task.description}"),
                  console=console, transient=True) as bar:
        task = bar.add_task("", total=None, what=folder.relative_to(ROOT))
        log = scrape([folder / "thread.zip"], ruleset="contested-island", gms=[GM],
                     gm_log=folder / "gm-log.txt",
                     say=lambda m: bar.update(task, description=m),
                     progress=lambda n, name: bar.update(task, completed=n, description=name))
    save(log, output)
    pages = sum(1 for s in log.meta.sources if s.kind == "page")
    console.print(f"scraped {folder.relative_to(ROOT)}: {pages} pages ({log.meta.engine}, "
                  f"Wayback capture of {_captured(log)}) and gm-log.txt -> {output}: "
                  f"{len(log.posts)} posts, {len(log.votes)} vote marks, "
                  f"{sum(len(n.actions) for n in log.nights)} night actions, "
                  f"{len(log.issues)} notes")
    return log


def _captured(log: GameLog) -> str:
    times = sorted({s.captured_at for s in log.meta.sources if s.captured_at is not None})
    return f"{times[0]:%Y-%m-%d}" if times else "no date"


if __name__ == "__main__":
    raise SystemExit(main())
