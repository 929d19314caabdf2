"""The `mafiakit` command: a thin layer over the library.

Exit codes: 0 success; 2 bad input (the message names the file, the line, post or JSON path,
and what is wrong). Only commands that work are registered.
"""

from __future__ import annotations

import json
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from engine.errors import BadInputError, MafiakitError
from engine.gamelog import GameLog, json_schema_text, load, save

app = typer.Typer(
    name="mafiakit",
    help="Completed forum mafia games: import, check, summarise.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
import_app = typer.Typer(help="Import an existing dataset into a game log.", no_args_is_help=True)
app.add_typer(import_app, name="import")

DEFAULT_SCHEMA_PATH = Path("docs/gamelog.schema.json")

# help texts shared by several commands
_QUIET = "print nothing but errors (no progress, no summary)"
_FORMAT = "table for people, json for programs"


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"mafiakit {version('mafiakit')}")
        raise typer.Exit()


@app.callback()
def _main(
    show_version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="print mafiakit's version and exit")] = False,
) -> None:
    """Completed forum mafia games: import, check, summarise."""


class Format(StrEnum):
    table = "table"
    json = "json"


def _err() -> Console:
    return Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(exc: MafiakitError) -> typer.Exit:
    from rich.markup import escape

    # the message is the input's words: "[rules]" in it is text, not markup
    _err().print(f"[bold red]error:[/bold red] {escape(str(exc))}", markup=True,
                 highlight=False)
    return typer.Exit(code=2)


@app.command()
def schema(
    output: Annotated[Path, typer.Option("-o", "--output", help="where to write; '-' prints")]
    = DEFAULT_SCHEMA_PATH,
    check: Annotated[bool, typer.Option(help="exit 1 if the file is out of date")] = False,
) -> None:
    """Write the JSON Schema of the game-log format."""
    text = json_schema_text()
    if check:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            _err().print(f"{output} is out of date: run `mafiakit schema -o {output}`")
            raise typer.Exit(code=1)
        return
    if str(output) == "-":
        sys.stdout.write(text)
        return
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(text, encoding="utf-8")
    _err().print(f"wrote {output}")


@import_app.command("mafiascum")
def import_mafiascum(
    posts: Annotated[Path, typer.Option(help="the thread's posts, T.jsonl or T.jsonl.gz")],
    archive: Annotated[Path, typer.Option(help="archive.txt (slots, roles, fates)")],
    transitions: Annotated[Path, typer.Option(help="transitions.tsv (day ends)")],
    output: Annotated[Path, typer.Option("-o", "--output", help="GAME.json or GAME.json.gz")],
    timezone: Annotated[str, typer.Option(help="IANA zone of the board's clock")] = "UTC",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET)] = False,
    strict: Annotated[bool, typer.Option(
        help="refuse the game at the first bad line of archive.txt or transitions.tsv "
             "(default: report every bad line, keep what it still says)")] = False,
) -> None:
    """Import a mafiascum.net game (donbot dataset files) into a game log."""
    from scrapers.importers.mafiascum import MafiascumFiles
    from scrapers.importers.mafiascum import import_mafiascum as run_import

    err = _err()
    try:
        log = run_import(MafiascumFiles(posts, archive, transitions), timezone=timezone,
                         progress=None if quiet else (lambda m: err.print(f"[dim]{m}[/dim]")),
                         strict=strict)
        save(log, output)
    except MafiakitError as exc:
        raise _fail(exc) from None
    if not quiet:
        warnings = sum(1 for i in log.issues if i.severity != "info")
        err.print(f"wrote {output}: {len(log.players)} slots, {len(log.posts)} posts, "
                  f"{len(log.phases)} phases, {warnings} warnings")
        _print_accounts(log, err)


@app.command()
def scrape(
    archives: Annotated[list[Path], typer.Argument(
        help="saved pages: folders, zips or files, in any order")],
    output: Annotated[Path, typer.Option("-o", "--output", help="GAME.json or GAME.json.gz")],
    ruleset: Annotated[str, typer.Option(
        help="rule set id of the game; with neither this nor --rules, the generic forum "
             "rule set (with a warning)")] = "unspecified",
    rules: Annotated[Path | None, typer.Option(
        "--rules", help="the game's own house rules, a TOML file with a [rules] table "
        "(README: House rules)")] = None,
    timezone: Annotated[str, typer.Option(help="IANA zone the pages' times are in")] = "UTC",
    gm: Annotated[list[str] | None, typer.Option(
        "--gm", help="the GM's nick (repeat for several); default: the first poster")] = None,
    roster: Annotated[Path | None, typer.Option(
        help="the player list, when the GM's opening post does not give it")] = None,
    strict: Annotated[bool, typer.Option(help="stop at the first warning or error")] = False,
    posts_only: Annotated[bool, typer.Option(
        help="only the posts: no players, phases or votes read into them")] = False,
    gm_log: Annotated[Path | None, typer.Option(
        "--gm-log", help="the GM's published action log and results (text, Russian or "
        "English), merged into the game log")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET)] = False,
) -> None:
    """Read saved forum thread pages into a game log: every post, the players, the days and
    nights, and the votes under the rule set's grammar; with --gm-log, the GM's action log
    and results too."""
    from rich.progress import BarColumn, Progress, TextColumn

    from scrapers.rules_file import read_rules_file
    from scrapers.scrape import scrape as run_scrape

    err = _err()
    try:
        declared = read_rules_file(rules) if rules is not None else None
        with Progress(TextColumn("[dim]reading pages"), BarColumn(), TextColumn("{task.completed}"),
                      TextColumn("[dim]{task.description}"), console=err, transient=True,
                      disable=quiet) as bar:
            task = bar.add_task("", total=None)
            log = run_scrape(archives, ruleset=ruleset, timezone=timezone, gms=gm or (),
                             strict=strict, roster=roster, posts_only=posts_only,
                             gm_log=gm_log, rules=declared,
                             say=lambda m: bar.update(task, description=m),
                             progress=lambda n, name: bar.update(task, completed=n,
                                                                 description=name))
        save(log, output)
    except MafiakitError as exc:
        raise _fail(exc) from None
    if not quiet:
        counts = {k: sum(1 for i in log.issues if i.severity == k)
                  for k in ("error", "warning", "info")}
        err.print(f"wrote {output}: {len(log.posts)} posts from {len(log.meta.sources)} pages "
                  f"({log.meta.engine}); issues: {counts['error']} errors, "
                  f"{counts['warning']} warnings, {counts['info']} info")
        _print_accounts(log, err)
        for issue in log.issues:
            if issue.severity != "info":
                err.print(f"  {issue}", markup=False)
    if not posts_only:
        from rich.markup import escape

        from engine.verify import misreadings

        # a thread misread as a whole (no votes, one phase) is said last and loud, quiet or
        # not: the issue list above may run to hundreds of lines
        for warning in misreadings(log):
            err.print(f"[bold yellow]warning:[/bold yellow] {escape(warning)}", highlight=False)


def _warn_ruleset(log: GameLog) -> None:
    """The warning of the rule set the game is counted under, if it has one (the generic
    forum rule set: a guess at the game's rules, to be said every time it is used)."""
    from rich.markup import escape

    from engine.rulesets import ruleset_of

    warning = ruleset_of(log).warning
    if warning:
        _err().print(f"[yellow]warning:[/yellow] {escape(warning)}", markup=True,
                     highlight=False)


def _print_accounts(log: GameLog, err: Console) -> None:
    """The nothing-lost balances of a scrape or import (`scrapers.accounting`)."""
    for issue in log.issues:
        if issue.code == "accounting":
            err.print(f"  accounted: {issue.message}", markup=False)


@app.command()
def fetch(
    url: Annotated[str, typer.Argument(help="the thread's first page, as the forum shows it")],
    output: Annotated[Path, typer.Option("-o", "--output", help="folder for the pages and "
                                         "manifest.json (a second run resumes it)")],
    delay: Annotated[float, typer.Option(help="seconds between two requests (± --jitter)")
                     ] = 2.0,
    jitter: Annotated[float, typer.Option(help="random spread of the delay, seconds")] = 0.5,
    max_pages: Annotated[int, typer.Option("--max-pages", help="stop after this many pages")
                         ] = 500,
    refresh: Annotated[bool, typer.Option(help="ask every page again, not only the missing "
                                          "ones and the last")] = False,
    cookies: Annotated[Path | None, typer.Option(
        help="a Netscape cookies.txt, for threads shown to members only (never saved)")
                       ] = None,
    timeout: Annotated[float, typer.Option(help="seconds to wait for an answer")] = 30.0,
    wayback: Annotated[bool, typer.Option(help="the pages as the Wayback Machine captured "
                                          "them, not the live forum")] = False,
    at: Annotated[str | None, typer.Option(help="with --wayback: each page's capture "
                                           "closest after YYYY-MM-DD[THH:MM] UTC (default: "
                                           "the newest)")] = None,
    cdx: Annotated[str, typer.Option(help="with --wayback: the capture index's base URL")
                   ] = "https://web.archive.org",
    archive: Annotated[str, typer.Option(help="with --wayback: the archive's base URL")
                       ] = "https://web.archive.org",
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET)] = False,
) -> None:
    """Save a live forum thread's pages, as received, into a folder `scrape` reads: politely
    (robots.txt honoured, one request at a time, a delay, retries with backoff). With
    --wayback, the Wayback Machine's captures of them instead."""
    from rich.progress import BarColumn, Progress, TextColumn

    from scrapers.fetch.http import Client
    from scrapers.fetch.run import FetchOptions, LiveSource, Source, fetch_thread
    from scrapers.fetch.wayback import WaybackSource, parse_at

    err = _err()
    if at is not None and not wayback:
        raise _fail(BadInputError("--at", None, "--at needs --wayback"))
    try:
        client = Client(delay=delay, jitter=jitter, timeout=timeout, cookies=cookies)
        source: Source = LiveSource(url, client)
        when = None
        if wayback:
            try:
                when = parse_at(at) if at is not None else None
            except ValueError as exc:
                raise BadInputError("--at", None, str(exc)) from None
            source = WaybackSource(url, client, at=when, cdx=cdx, web=archive)
        # recorded in one form, so that 2015-06-01 and 2015-06-01T00:00 resume each other
        options = FetchOptions(max_pages=max_pages, refresh=refresh, delay=delay,
                               jitter=jitter,
                               at=when.strftime("%Y-%m-%dT%H:%M") if when else None)
        with Progress(TextColumn("[dim]fetching pages"), BarColumn(),
                      TextColumn("{task.completed}/{task.total}"),
                      TextColumn("[dim]{task.description}"), console=err, transient=True,
                      disable=quiet) as bar:
            task = bar.add_task("", total=None)
            result = fetch_thread(
                source, output, options,
                progress=lambda n, total, where: bar.update(task, completed=n, total=total,
                                                            description=where))
    except MafiakitError as exc:
        raise _fail(exc) from None
    if result.capped:
        err.print(f"[yellow]warning:[/yellow] the thread has {result.manifest.page_count} "
                  f"pages; only the first {max_pages} were fetched (--max-pages)")
    if not quiet:
        err.print(f"{output}: {len(result.manifest.pages)} pages "
                  f"({len(result.fetched)} fetched, {len(result.kept)} kept from a previous "
                  f"run); engine {result.manifest.engine}", markup=False)


@app.command()
def summary(
    game: Annotated[Path, typer.Argument(help="GAME.json or GAME.json.gz")],
    format: Annotated[Format, typer.Option("--format", "-f", help=_FORMAT)] = Format.table,
) -> None:
    """Players, phases, eliminations and post counts of a game log."""
    from toolkit.render import print_summary
    from toolkit.summary import summarize

    try:
        log = load(game)
    except MafiakitError as exc:
        raise _fail(exc) from None
    s = summarize(log)
    if format is Format.json:
        sys.stdout.write(json.dumps(s.as_dict(), ensure_ascii=False, indent=2) + "\n")
    else:
        print_summary(s, Console(highlight=False))


@app.command()
def votes(
    game: Annotated[Path, typer.Argument(help="GAME.json or GAME.json.gz")],
    day: Annotated[int | None, typer.Option(help="only this day")] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help=_FORMAT)] = Format.table,
    ruling: Annotated[list[str] | None, typer.Option(
        help="KEY=VALUE: read the rules this way (repeat for several)")] = None,
    reread: Annotated[bool, typer.Option(
        help="read the votes from the posts again, ignoring those in the log")] = False,
    at_post: Annotated[int | None, typer.Option(
        "--at-post", metavar="N", help="the standing count of the day post N is in, as of "
        "post N: each target's votes and voters, marks not counted, the threshold")] = None,
) -> None:
    """Re-count every day's votes under the game's rule set: tally with voters, the
    outcome, the post that decided it, and every mark not counted with its reason; with
    --at-post N, the count as it stood at post N."""
    from toolkit.daycount import count_all, ensure_votes, parse_rulings, print_votes, votes_json

    try:
        if at_post is not None and day is not None:
            raise BadInputError(None, "--at-post", "the post gives its day: leave out --day")
        log = load(game)
        ensure_votes(log, reread=reread)
        rulings = parse_rulings(ruling or [], log)
        if at_post is not None:
            from toolkit.at_post import at_post_json, print_at_post, standing_at_post

            at = standing_at_post(log, at_post, rulings)
        else:
            results = count_all(log, day, rulings)
    except MafiakitError as exc:
        raise _fail(exc) from None
    _warn_ruleset(log)
    if at_post is not None:
        if format is Format.json:
            sys.stdout.write(json.dumps(at_post_json(log, at), ensure_ascii=False, indent=2)
                             + "\n")
        else:
            print_at_post(log, at, Console(highlight=False))
        return
    if format is Format.json:
        sys.stdout.write(json.dumps(votes_json(log, results), ensure_ascii=False, indent=2)
                         + "\n")
    else:
        print_votes(log, results, Console(highlight=False))


@app.command()
def verify(
    game: Annotated[Path, typer.Argument(help="GAME.json or GAME.json.gz")],
    ruling: Annotated[list[str] | None, typer.Option(
        help="KEY=VALUE: read the rules this way (repeat for several)")] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help=_FORMAT)] = Format.table,
) -> None:
    """Re-play the game and compare with what the GM published: confirmed, disputed (with
    the chain of events), unverifiable, ruling-dependent. Exit 1 when something is
    disputed."""
    from engine.verify import verify as run_verify
    from toolkit.daycount import ensure_votes, parse_rulings
    from toolkit.findings import print_report, report_json

    try:
        log = load(game)
        ensure_votes(log)
        report = run_verify(log, parse_rulings(ruling or [], log))
    except MafiakitError as exc:
        raise _fail(exc) from None
    _warn_ruleset(log)
    if format is Format.json:
        sys.stdout.write(json.dumps(report_json(log, report), ensure_ascii=False, indent=2)
                         + "\n")
    else:
        print_report(log, report, Console(highlight=False))
    if report.disputed:
        raise typer.Exit(code=1)


@app.command()
def rulesets(
    ruleset: Annotated[str | None, typer.Argument(help="one rule set id; all when left out")]
    = None,
    format: Annotated[Format, typer.Option("--format", "-f", help=_FORMAT)] = Format.table,
) -> None:
    """The rule sets: each ruling with its options and default (what --ruling takes), and
    what the night engine supports."""
    from toolkit.rulesets import print_rulesets, rulesets_json

    try:
        data = rulesets_json(ruleset)
    except MafiakitError as exc:
        raise _fail(exc) from None
    if format is Format.json:
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
    else:
        print_rulesets(ruleset, Console(highlight=False))


@app.command()
def report(
    game: Annotated[Path, typer.Argument(help="GAME.json or GAME.json.gz")],
    output: Annotated[Path, typer.Option(
        "-o", "--output", help="REPORT.html (its folder is created when missing)")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET)] = False,
) -> None:
    """The notebooks executed on one game, as one self-contained HTML report (figures
    drawn offline, nothing from the forum's pages live in it)."""
    from toolkit.report import build_report

    err = _err()
    try:
        load(game)  # a bad game log is named before any notebook starts
        try:
            output.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadInputError(str(output.parent), None,
                                f"cannot create the report's folder: {exc.strerror}") from exc
        figures = build_report(game, output, progress=None if quiet else (
            lambda m: err.print(f"[dim]{m}[/dim]")))
    except MafiakitError as exc:
        raise _fail(exc) from None
    if not quiet:
        err.print(f"wrote {output}: {figures} figures")


@app.command()
def anonymize(
    game: Annotated[Path, typer.Argument(help="GAME.json or GAME.json.gz")],
    output: Annotated[Path, typer.Option("-o", "--output", help="the anonymised OUT.json")],
    key: Annotated[str, typer.Option(
        envvar="MAFIAKIT_ANON_KEY", help="secret key of the pseudonyms (same key: same "
        "pseudonym for a nick in every game)")],
) -> None:
    """Replace every nick and in-game name (in every field and in the posts' text,
    inflected forms included) by a keyed pseudonym, so the game can be shared."""
    from engine.errors import BadInputError
    from toolkit.anonymize import anonymize as run_anonymize

    try:
        if output.resolve() == game.resolve() or (
                output.exists() and game.exists() and output.samefile(game)):
            raise BadInputError(str(output), None, "refusing to write over the input game log")
        save(run_anonymize(load(game), key), output)
    except MafiakitError as exc:
        raise _fail(exc) from None
    _err().print(f"wrote {output}")


@app.command()
def corpus(
    folders: Annotated[list[Path], typer.Argument(help="folders to search for games")],
    db: Annotated[Path, typer.Option("--db", help="the DuckDB file (created if missing)")],
    workers: Annotated[int, typer.Option(help="local processes")] = 1,
    dask: Annotated[str | None, typer.Option(
        help="a Dask scheduler's address (tcp://host:8786): process the games there")] = None,
    parquet: Annotated[Path | None, typer.Option(
        help="also export every table to Parquet files in this folder")] = None,
    prune: Annotated[bool, typer.Option(
        help="remove stored games whose source is no longer under the folders")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=_QUIET)] = False,
) -> None:
    """Read, count, verify and store every game found under the folders (archived threads
    with a game.toml, mafiascum datasets, game logs); a game whose source is unchanged since
    it was stored is skipped, one that fails is recorded with its error and the run goes
    on; an interrupted run resumes where it stopped."""
    import duckdb
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from toolkit.batch import find, run
    from toolkit.store import Store

    err = _err()
    missing = [str(f) for f in folders if not f.is_dir()]
    if missing:
        err.print(f"error: not a folder: {', '.join(missing)}", markup=False)
        raise typer.Exit(2)
    if workers < 1:
        err.print(f"error: --workers must be at least 1, not {workers}", markup=False)
        raise typer.Exit(2)
    found = find(folders)
    if not found.sources:
        # an empty or mistyped folder: said before the store is created or touched
        looked = ", ".join(str(f) for f in folders)
        err.print(f"error: no games found under {looked}: a game is a folder with a game.toml "
                  "(saved pages), a mafiascum dataset (archive.txt, transitions.tsv and the "
                  "threads' <id>.jsonl[.gz]) or a game log *.json[.gz]"
                  + (f"; {len(found.ignored)} files looked at and not taken: "
                     + "; ".join(f"{path} ({why})" for path, why in found.ignored[:5])
                     if found.ignored else ""), markup=False)
        raise typer.Exit(2)
    stored = [0]
    with Progress(TextColumn("[dim]games"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("[dim]{task.description}"), console=err, transient=True,
                  disable=quiet) as bar:
        task = bar.add_task("", total=None)

        def tell(done: int, todo: int, game: str) -> None:
            stored[0] = done
            bar.update(task, completed=done, total=todo, description=game)
        try:
            summary = run(folders, db, workers=workers, dask=dask, progress=tell,
                          prune=prune)
        except KeyboardInterrupt:
            err.print(f"interrupted: {stored[0]} games done and kept in {db}; run the same "
                      "command again to go on", markup=False)
            raise typer.Exit(130) from None
        except duckdb.IOException as exc:
            # most often the file is locked by a run still going (a slow night under cron):
            # DuckDB's message names the process holding it
            err.print(f"error: {db}: cannot open the store: {exc}", markup=False)
            raise typer.Exit(2) from None
    if parquet is not None:
        with Store(db) as store:
            store.export_parquet(parquet)
    if quiet:
        return
    err.print(f"{db}: {summary.found} games found, {summary.skipped} unchanged, "
              f"{summary.stored} stored ({summary.posts} posts), "
              f"{len(summary.failed)} failed", markup=False)
    for game, error in summary.failed:
        err.print(f"  failed {game}: {error}", markup=False)
    reasons: dict[str, list[str]] = {}
    for path, why in summary.ignored:
        reasons.setdefault(why, []).append(path)
    for why, paths in reasons.items():
        err.print(f"  {len(paths)} files not taken as games ({why}): {', '.join(paths[:5])}"
                  f"{' ...' if len(paths) > 5 else ''}", markup=False)
    if summary.gone:
        err.print(f"  {len(summary.gone)} stored games no longer found under these folders"
                  f" ({'removed' if prune else 'kept; --prune removes them'}): "
                  f"{', '.join(summary.gone[:10])}{' ...' if len(summary.gone) > 10 else ''}",
                  markup=False)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
