"""The first screen of a game's review: the result, the eliminations day by day, every
result of the GM's that the re-play disputes, in full (what the rules give against what
was published, the chain of events behind it, the rulings in effect), and the vote chart
of the day in question. `show_review(game)` shows it in a notebook; the report opens with
it."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, cast

from engine.gamelog import GameLog
from engine.rulesets import RulingError, ruleset_of
from engine.verify import Report
from engine.verify.findings import Finding
from toolkit.labels import faction_label, role_label
from toolkit.report_tables import Shown
from toolkit.summary import result_label

if TYPE_CHECKING:
    from toolkit.game import Game

_e = html.escape
_QUESTIONED = ("disputed", "ruling-dependent", "unverifiable")


def _name(log: GameLog, slot: str) -> str:
    known = {s.id: s.name for s in log.players}
    return known.get(slot, slot)


def _shown(log: GameLog, value: str | None) -> str:
    """A finding's value with slot ids as names ("Cuba+Singapore" -> "Cuba, Singapore")."""
    if not value:
        return "nothing"
    return ", ".join({"no-lynch": "No Lynch", "none": "nobody"}.get(v, _name(log, v))
                     for v in value.split("+"))


def headline(game: Game) -> str:
    """Rule set, GMs, players and phases, and the result, as one block."""
    s = game.summary
    log = game.log
    try:
        ruleset = ruleset_of(log).title
    except RulingError:
        ruleset = f"{s.ruleset} (a rule set mafiakit does not know)"
    days = sum(1 for p in s.phases if p.phase.startswith("D"))
    nights = sum(1 for p in s.phases if p.phase.startswith("N"))
    result = result_label(log)
    return (f"<p class='mk-result'><strong>Result:</strong> {_e(result)}</p>"
            f"<p class='mk-facts'>{len(s.slots)} players · {days} days, {nights} nights · "
            f"rule set {_e(ruleset)} · GM {_e(', '.join(s.gms) or 'not named')} · "
            f"{s.posts_total} posts</p>")


def eliminations(log: GameLog) -> str:
    """A row per day number: who left the game on that day and on that night, how, with
    their role and side; the columns in the game's order (a game may open with a night)."""
    deaths: dict[str, list[str]] = {}
    for pub in log.published.phases:
        for d in pub.deaths:
            slot = next((s for s in log.players if s.id == d.slot), None)
            role = role_label(log, slot.role) if slot is not None else ""
            side = faction_label(log, slot.faction) if slot is not None else ""
            who = f"<strong>{_e(_name(log, d.slot))}</strong> {_e(d.kind)}"
            extra = ", ".join(x for x in (role, side) if x)
            deaths.setdefault(pub.phase, []).append(
                who + (f" <span class='mk-role'>({_e(extra)})</span>" if extra else ""))
    keys = [p.key for p in log.phases]
    if not keys:
        return "<h2>Day by day</h2><p class='mk-none'>none: the log has no phases</p>"
    kinds = list(dict.fromkeys(k[:1] for k in keys))  # "D", "N" in the order they come
    numbers = list(dict.fromkeys(k[1:] for k in keys))
    words = {"D": ("Day", "no elimination"), "N": ("Night", "no death")}
    rows = []
    for n in numbers:
        cells = []
        for kind in kinds:
            key = f"{kind}{n}"
            nothing = words.get(kind, (kind, "nothing"))[1]
            what = "; ".join(deaths[key]) if key in deaths else (
                f"<span class='mk-none'>{nothing}</span>" if key in keys else "")
            cells.append(f"<td><span class='mk-phase'>{_e(key)}</span> {what}</td>"
                         if key in keys else "<td></td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    head = "".join(f"<th>{_e(words.get(k, (k, ''))[0])}</th>" for k in kinds)
    return ("<h2>Day by day</h2><table class='mk-table mk-days'>"
            f"<thead><tr>{head}</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")


def _rulings(report: Report, finding: Finding) -> str:
    """The rulings whose readings change this result (all in effect: `rulings_in_effect`)."""
    touched = sorted({k.split("=", 1)[0] for k in finding.by_option})
    if not touched:
        # verify tried each other option of each ruling the phase read, one at a time
        return ("<p class='mk-rulings'>Rulings: no other reading of an open ruling gives "
                "the GM's result (every ruling in effect is listed below)</p>")
    return ("<p class='mk-rulings'>Rulings this result turns on: "
            + ", ".join(f"<code>{_e(k)}={_e(report.rulings.get(k, '?'))}</code>"
                        for k in touched) + " (in effect)</p>")


def rulings_in_effect(log: GameLog, report: Report) -> str:
    """Every ruling the re-play read the rules by, those the game itself set first."""
    if not report.rulings:
        return "<p class='mk-rulings'>Rulings in effect: none (the rule set has no open rule)</p>"
    own = set(log.meta.rulings)
    items = sorted(report.rulings.items(), key=lambda kv: (kv[0] not in own, kv[0]))
    shown = "".join(f"<li><code>{_e(k)}={_e(v)}</code>"
                    f"{' (set for this game)' if k in own else ''}</li>" for k, v in items)
    mine = sum(1 for k in report.rulings if k in own)
    return (f"<details class='mk-rulings'><summary>Rulings in effect: {len(items)}, "
            f"{mine} set for this game, the rest the rule set's defaults</summary>"
            f"<ul>{shown}</ul></details>")


def dispute(log: GameLog, report: Report, finding: Finding) -> str:
    """One questioned result in full: expected against published, why, where the GM
    published it, what each reading gives, the chain of events (every step) and the
    rulings in effect."""
    # the readings that give something else than the rules as read (the rest agree)
    options = "".join(f"<li><code>{_e(k)}</code>: {_e(_shown(log, v))}</li>"
                      for k, v in finding.by_option.items() if v != finding.expected)
    chain = "".join(f"<li>{_e(step)}</li>" for step in finding.chain)
    return (
        f"<div class='mk-dispute mk-{_e(finding.status)}'>"
        f"<h3>{_e(finding.phase)} {_e(finding.item)}: {_e(finding.status)}</h3>"
        "<table class='mk-table'><tbody>"
        f"<tr><th>the rules give</th><td>{_e(_shown(log, finding.expected))}</td></tr>"
        f"<tr><th>the GM published</th><td>{_e(_shown(log, finding.published))}"
        f"{' (' + _e(finding.source) + ')' if finding.source else ''}</td></tr>"
        f"</tbody></table><p>{_e(finding.reason)}</p>"
        + (f"<p>Readings that give another result:</p><ul>{options}</ul>" if options
           else "")
        + (f"<p>The chain of events:</p><ol class='mk-chain'>{chain}</ol>" if chain else
           "<p>The chain of events: none recorded</p>")
        + _rulings(report, finding) + "</div>")


def checked(report: Report) -> str:
    counts = ", ".join(f"{report.count(s)} {s}" for s in ("confirmed", *_QUESTIONED))  # type: ignore[arg-type]
    return f"<h2>The GM's results, re-played</h2><p>{_e(counts)}</p>"


def questioned(report: Report) -> list[Finding]:
    """The findings that are not confirmed, disputed first, in the game's order."""
    order = {s: i for i, s in enumerate(_QUESTIONED)}
    found = [f for f in report.findings if f.status != "confirmed"]
    return sorted(found, key=lambda f: order.get(f.status, len(order)))


def _day(phase: str) -> int | None:
    return int(phase[1:]) if phase[:1] == "D" and phase[1:].isdigit() else None


def chart_days(findings: Iterable[Finding], changes: Mapping[int, int]) -> list[int]:
    """The days whose vote chart the first screen shows: each questioned day; when no day
    is in question, the day whose votes changed most often (`changes`: day -> changes;
    the earliest of a tie)."""
    wanted = sorted({d for f in findings if (d := _day(f.phase)) is not None and d in changes})
    if wanted or not changes:
        return wanted
    return [min(changes, key=lambda d: (-changes[d], d))]


def show_review(game: Game) -> None:
    """Show the first screen of `game`'s review (see the module) in a notebook."""
    from IPython import display as ipython

    from toolkit.figures.votes import vote_count_chart
    from toolkit.metrics.votes import hammers, vote_counts

    display = cast(Callable[[object], None], ipython.display)

    def show(markup: str) -> None:
        display(Shown(markup, html.unescape(re.sub(r"<[^>]+>", " ", markup))))

    log = game.log
    report = game.report
    found = questioned(report)
    results = game.results
    counts = vote_counts(log, results)
    hits = hammers(log, results)
    per_day = counts.groupby("day")["post"].nunique()
    changes = {int(str(d)): int(n) for d, n in per_day.items()}
    days = chart_days(found, changes)
    if found:
        checks = checked(report) + "".join(dispute(log, report, f) for f in found) \
            + rulings_in_effect(log, report)
    else:
        checks = checked(report) + ("<p class='mk-none'>Disputed results: none. The re-play "
                                    "gives every result the GM published.</p>")
    # side by side on a wide screen (the report's style), one after the other elsewhere
    show(headline(game) + "<div class='mk-columns'><div class='mk-column'>"
         + eliminations(log) + "</div><div class='mk-column'>" + checks + "</div></div>")
    questioned_days = {_day(f.phase) for f in found}
    for day in days:
        caption = (f"The votes of day {day}, in question above" if day in questioned_days
                   else f"The votes of day {day}, the day they changed most often "
                        f"({changes[day]} changes)")
        show(f"<p class='mk-caption'>{_e(caption)}</p>")
        display(vote_count_chart(log, counts, day, hits))
