"""The day re-count for people: votes read when the log has none yet, the JSON of the CLI
contract (DESIGN §7) and the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.table import Table

from engine.day import DayResult, count_day, day_window, days_of
from engine.errors import BadInputError
from engine.gamelog import GameLog
from engine.rulesets import RulingError, ruleset_of
from scrapers.votes import extract_votes


def ensure_votes(log: GameLog, *, reread: bool = False) -> bool:
    """Read the votes from the posts when the log holds none (or `reread`). True if read."""
    if log.votes and not reread:
        return False
    # an unknown rule set, or one the scrapers have no grammar for, is an error naming it
    ruleset = ruleset_of(log)
    log.votes = extract_votes(log, ruleset)
    return True


def parse_rulings(pairs: list[str], log: GameLog | None = None) -> dict[str, str]:
    """`KEY=VALUE` pairs from the command line; with `log`, each checked against the game's
    rule set (`RuleSet.given`: its own keys written whole, their options)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise BadInputError(None, "--ruling", f"{pair!r} is not KEY=VALUE "
                                "(e.g. mafiascum.deadline=plurality)")
        out[key.strip()] = value.strip()
    if log is not None and out:
        try:
            ruleset_of(log).given(out)
        except RulingError as exc:
            raise BadInputError(None, "--ruling", str(exc)) from None
    return out


def count_all(log: GameLog, day: int | None = None,
              rulings: Mapping[str, str] | None = None) -> list[DayResult]:
    days = days_of(log)
    if day is not None:
        if day not in days:
            raise BadInputError(None, "--day", f"the game has no day {day}; its days are "
                                f"{', '.join(map(str, days)) or 'none'}")
        days = [day]
    return [count_day(log, d, rulings) for d in days]


@dataclass(frozen=True)
class Verdict:
    """What the day re-count made of one mark of `GameLog.votes`: counted or not, the
    engine's reason and detail (`DayResult.not_counted`), and the day whose count said so
    (None: no day's count reads the post)."""

    counts: bool
    reason: str | None
    detail: str | None
    day: int | None


def vote_verdicts(log: GameLog, rulings: Mapping[str, str] | None = None) -> list[Verdict]:
    """The re-count's verdict on each of `log.votes`, in their order, under the log's rulings
    and `rulings`. The reader's `Vote.counts` is only its reading of the mark; the count
    may still refuse it (a role with no vote, a dead voter, a vote after the hammer), so a
    view of the votes shows this verdict, not the reading.

    A mark counts when a day's count counts it. The count of day d reads the posts from the
    previous day's end to the next day's start (`engine.day.count.count_with`), so a mark
    of the night between two days is refused by both: its reason is the one of the day whose
    window holds it, else of the first day that read it. A counted mark keeps the reader's
    reason (`gm-count`: counted on the GM's count)."""
    votes = log.votes
    if not votes:  # nothing to count: a log with no votes needs no rule set
        return []
    from engine.replay import Replay

    replay = Replay(log, rulings)
    counted_on: list[int | None] = [None] * len(votes)
    # per mark, each refusal: (the day's window holds the post, reason, detail, day)
    refused: list[list[tuple[bool, str, str | None, int]]] = [[] for _ in votes]
    for day in days_of(log):
        window = day_window(log, day)
        result = replay.day(day)
        left = Counter((n.post, n.voter, n.raw) for n in result.not_counted)
        found = {(n.post, n.voter, n.raw): n for n in result.not_counted}
        for i, vote in enumerate(votes):
            # the posts the count of the day reads (`count_with`'s first test)
            if vote.post <= window.before or (window.after is not None
                                              and vote.post >= window.after):
                continue
            key = (vote.post, vote.voter or vote.author, vote.raw)
            if left[key] > 0:
                left[key] -= 1
                n = found[key]
                refused[i].append((window.holds(vote.post), n.reason, n.detail, day))
            elif counted_on[i] is None:
                counted_on[i] = day
    out: list[Verdict] = []
    for i, vote in enumerate(votes):
        if counted_on[i] is not None:
            out.append(Verdict(True, vote.reason if vote.counts else None, None,
                               counted_on[i]))
        elif refused[i]:
            _, reason, detail, day = ([r for r in refused[i] if r[0]] or refused[i])[0]
            out.append(Verdict(False, reason, detail, day))
        else:
            out.append(Verdict(False, "no-day", "no day's count reads this post", None))
    return out


def slot_namer(log: GameLog) -> Callable[[str], str]:
    """Slot ids (and 'no-lynch') as people read them: the slot's name."""
    name = {s.id: s.name for s in log.players}
    return lambda slot: "No Lynch" if slot == "no-lynch" else name.get(slot, slot)


def votes_json(log: GameLog, results: list[DayResult]) -> dict[str, Any]:
    """DESIGN §7: days with the eliminated slot's name, no_lynch, decided_at_post, the tally
    with voters, and every mark not counted with its reason; plus the chain of events."""
    shown = slot_namer(log)
    return {"days": [{
        "day": r.day,
        "eliminated": shown(r.eliminated) if r.eliminated else None,
        "no_lynch": r.no_lynch,
        "decided_at_post": r.decided_at_post,
        "decided_by": r.decided_by,
        "majority": r.majority,
        "tally": [{"target": shown(t.target), "votes": t.votes,
                   "voters": [shown(v) for v in t.voters], "extra": t.extra}
                  for t in r.tally],
        "not_counted": [{"post": n.post, "voter": shown(n.voter), "raw": n.raw,
                         "reason": n.reason, "detail": n.detail} for n in r.not_counted],
        "order": [shown(s) for s in r.order] if r.order is not None else None,
        "notes": r.notes,
        "events": [{"post": e.post, "kind": e.kind, "text": e.text} for e in r.events],
    } for r in results]}


def print_votes(log: GameLog, results: list[DayResult], console: Console) -> None:
    shown = slot_namer(log)

    for r in results:
        if r.eliminated:
            head = f"{shown(r.eliminated)} eliminated"
        else:
            head = "no lynch" if r.no_lynch else "undecided"
        where = f" at post {r.decided_at_post}" if r.decided_at_post is not None else ""
        need = f", {r.majority} needed" if r.majority else ""
        console.print(f"[bold]Day {r.day}[/bold]: {head}{where} ({r.decided_by}{need})")
        table = Table(show_header=True, header_style="dim", box=None, pad_edge=False)
        table.add_column("target")
        table.add_column("votes", justify="right")
        table.add_column("voters")
        for t in r.tally:
            extra = f" (+{t.extra:g})" if t.extra else ""
            table.add_row(shown(t.target), f"{t.votes:g}{extra}",
                          ", ".join(shown(v) for v in t.voters))
        console.print(table)
        if r.not_counted:
            console.print(f"  [dim]{len(r.not_counted)} marks not counted:[/dim]")
            for n in r.not_counted:
                detail = f" ({n.detail})" if n.detail else ""
                console.print(f"    post {n.post} {shown(n.voter)}: {n.raw!r} — "
                              f"{n.reason}{detail}", markup=False, highlight=False)
        for event in r.events:
            if event.kind == "spared":
                console.print(f"  [yellow]spared:[/yellow] {event.text}", highlight=False)
        for note in r.notes:
            console.print(f"  [yellow]note:[/yellow] {note}")
