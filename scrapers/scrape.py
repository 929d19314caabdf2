"""`scrape`: saved forum pages (folders, zips, files) into a game log with the thread's posts.

Stages (DESIGN §5): read and decode each page, take Wayback wrappers off, detect the engine,
split into posts (one page at a time), then assemble the thread. Lenient by default: what
cannot be used is reported in `issues`; `strict=True` stops at the first error or warning.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from engine.errors import BadInputError
from engine.gamelog import GameLog, HouseRules, Meta, ParseIssue, SourceFile, Where, zone_info
from engine.gamelog.meta import HOUSE
from engine.gamelog.record import record_changes, record_fates
from engine.rulesets import get_ruleset
from engine.rulesets.house import FORUM, UNSPECIFIED
from scrapers.accounting import Balance, gm_log_balance, posts_balance, record
from scrapers.archive.inputs import InputReport, read_inputs
from scrapers.assemble import PageMeta, PageResult, assemble
from scrapers.forum.page import ArchiveEngine, load_page, parse_page
from scrapers.gmlog import merge_gm_log, read_gm_log
from scrapers.gmlog.posts import read_gm_posts
from scrapers.rules_file import unknown_weights
from scrapers.stages import complete

Progress = Callable[[int, str], None]  # (pages done, page name)


class StrictError(BadInputError):
    """Raised in strict mode for the first issue of severity warning or error."""


def _check_strict(issues: list[ParseIssue], strict: bool) -> None:
    if not strict:
        return
    for issue in issues:
        if issue.severity in ("error", "warning"):
            raise StrictError(issue.where.file, str(issue.where.post or "") or None,
                              f"{issue.message} [{issue.code}] (strict mode)")


def scrape(paths: Sequence[Path], *, ruleset: str = "unspecified", timezone: str = "UTC",
           gms: Sequence[str] = (), strict: bool = False, roster: Path | None = None,
           progress: Progress | None = None, say: Callable[[str], None] | None = None,
           posts_only: bool = False, gm_log: Path | None = None,
           rules: HouseRules | None = None) -> GameLog:
    """Saved pages to a game log: the posts (stages 1-3), then the players, each post's
    slot, the phases and the votes (`scrapers.stages`), unless `posts_only` (for readers of
    a large archive who want the thread's posts and nothing read into them). `gm_log`: the
GM's published action log, merged in (`scrapers.gmlog`). `rules`: the game's own declared
    day rules (`scrapers.rules_file`), instead of a registered `ruleset`; with neither, the
    generic forum rule set, with a warning."""
    if rules is not None and ruleset not in (UNSPECIFIED, HOUSE):
        raise BadInputError(None, "--rules", f"the game is given both a rule set "
                            f"({ruleset!r}) and house rules: give one")
    if posts_only and gm_log is not None:
        raise BadInputError(gm_log.name, None, "a GM log is read against the players: it "
                            "cannot go with --posts-only")
    try:
        zone = zone_info(timezone)
    except ValueError as exc:
        raise BadInputError(None, "--timezone", str(exc)) from exc
    report = InputReport()
    results: list[PageResult] = []
    sources: list[SourceFile] = []
    issues: list[ParseIssue] = []
    with _collector_paused():
        _read_pages(paths, report, zone, strict, results, sources, issues, progress)
        return _finish(paths, ruleset=ruleset, timezone=timezone, gms=gms, strict=strict,
                       roster=roster, say=say, posts_only=posts_only, gm_log=gm_log,
                       report=report, results=results, sources=sources, issues=issues,
                       rules=rules)


def _finish(paths: Sequence[Path], *, ruleset: str, timezone: str, gms: Sequence[str],
            strict: bool, roster: Path | None, say: Callable[[str], None] | None,
            posts_only: bool, gm_log: Path | None, report: InputReport,
            results: list[PageResult], sources: list[SourceFile],
            issues: list[ParseIssue], rules: HouseRules | None = None) -> GameLog:
    """The thread from the pages read, then the stages. Run with the collector still paused:
    what the pages left (and every module's objects, the engines' specs and word lists)
    stays out of the full collections the stages' many small objects set off."""
    # the posts the pages carry: those read, and those the census found unread (reported)
    on_pages = sum(len(r.posts) + r.not_read for r in results)
    issues = report.issues + issues
    if not results:
        why = "; ".join(f"{i.where}: {i.message}" for i in report.issues[:5])
        raise BadInputError(", ".join(p.name for p in paths), None,
                            "no saved forum pages found in the input" + (f" ({why})" if why
                                                                          else ""))
    thread = assemble(results)
    issues.extend(thread.issues)
    _check_strict(issues, strict)
    if not thread.posts:
        raise BadInputError(", ".join(p.name for p in paths), None,
                            "no posts found: " + "; ".join(str(i) for i in issues[:5]))
    gm_list = list(gms)
    if not gm_list:
        gm_list = [thread.posts[0].author]
        issues.append(ParseIssue(
            severity="info", code="gm-assumed", where=Where(post=thread.posts[0].number),
            message=f"GM taken to be the thread's first poster, {gm_list[0]!r} (set --gm)"))
    lowered = {g.lower() for g in gm_list}
    for post in thread.posts:
        post.gm = post.author.lower() in lowered
    if timezone == "UTC":
        issues.append(ParseIssue(
            severity="info", code="timezone-assumed",
            message="page times read as UTC unless a page states its zone (set --timezone)"))
    host = _host(thread.urls[0]) if thread.urls else None
    if rules is not None:
        ruleset = HOUSE
    elif ruleset == UNSPECIFIED:
        ruleset = FORUM
        if not posts_only:  # the votes are read and counted under a guess: say so
            issues.append(ParseIssue(severity="warning", code="generic-ruleset",
                                     message=str(get_ruleset(FORUM).warning)))
    meta = Meta(title=thread.title or paths[0].name, forum=host, engine=thread.engine,
                thread_urls=thread.urls, ruleset=ruleset, gms=gm_list, timezone=timezone,
                sources=sources, house_rules=rules,
                game_id=f"{thread.engine}:{thread.thread_id}" if thread.thread_id else None)
    log = GameLog(meta=meta, posts=thread.posts, issues=issues)
    balances: list[Balance] = []
    if posts_only:
        log.issues.append(ParseIssue(
            severity="info", code="posts-only",
            message="posts only (--posts-only): players, phases and votes not read"))
        _account(log, [posts_balance(on_pages, log, thread.left_out)], strict)
        return log
    complete(log, roster_file=roster, say=say)
    log.issues.extend(unknown_weights(log))
    _check_strict(log.issues, strict)
    read_gm_posts(log)  # the GM's newspapers and role reveals in the thread
    if gm_log is not None:
        # the GM's own log of the game: its nights, day actions, results and roles
        if say is not None:
            say(f"reading the GM log {gm_log.name}")
        gm = read_gm_log(gm_log, log, strict=strict)
        merge_gm_log(log, gm)
        balances.append(gm_log_balance(gm))
    record_changes(log)  # what the published facts change: a return, a recruitment
    record_fates(log)  # how each slot's game ended, as published
    # counted last, on the finished log: a stage that drops a post breaks the balance
    _account(log, [posts_balance(on_pages, log, thread.left_out), *balances], strict)
    return log


def _host(url: str) -> str | None:
    """The forum's host name, or None when the page's address cannot be split (a saved copy's
    "http://[x", an IPv6 host never closed, makes urlsplit raise)."""
    try:
        return urlsplit(url).hostname
    except ValueError:
        return None


def _account(log: GameLog, balances: list[Balance], strict: bool) -> None:
    record(log, balances)
    _check_strict([i for i in log.issues if i.code == "accounting-mismatch"], strict)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """What the pages keep (their posts, to the end) is moved out of the cycle collector's
    sight after each page (`gc.freeze` in `_read_pages`, once the page's own cycles are
    collected): otherwise every collection walks all the posts read so far again, a fifth of
    the time on long threads. It stays frozen through the stages that follow, whose full
    collections would walk it all again (found by bench scrape: the whole scrape was 9%
    slower with more engine modules loaded). Everything is handed back at the end."""
    try:
        yield
    finally:
        gc.unfreeze()


def _read_pages(paths: Sequence[Path], report: InputReport, zone: ZoneInfo, strict: bool,
                results: list[PageResult], sources: list[SourceFile],
                issues: list[ParseIssue], progress: Progress | None) -> None:
    archive = ArchiveEngine()  # the archive's engine, decided by its first claimed page
    for done, raw in enumerate(read_inputs(paths, report, local_tz=zone), start=1):
        page = load_page(raw.name, raw.data, mtime=raw.mtime, address=raw.url)
        parsed = parse_page(page, zone, archive)
        _check_strict(report.issues + parsed.issues, strict)
        issues.extend(parsed.issues)
        sources.append(SourceFile(path=raw.name, sha256=page.sha256, size=page.size,
                                  kind="page", captured_at=page.captured_at))
        results.append(PageResult(
            meta=PageMeta(name=page.name, url=page.url, captured_at=page.captured_at,
                          wayback=page.wayback, encoding=page.encoding, sha256=page.sha256,
                          size=page.size),
            info=parsed.info, posts=parsed.posts, not_read=parsed.not_read))
        gc.collect(1)  # this page's own cycles, before what survives is frozen
        gc.freeze()
        if progress is not None:
            progress(done, raw.name)
