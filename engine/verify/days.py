"""Day findings: re-count each day and compare the outcome with what the GM announced."""

from __future__ import annotations

from collections.abc import Mapping

from engine.day import DayResult, days_of
from engine.gamelog import GameLog
from engine.rulesets import chosen_rulings, ruleset_of
from engine.verify.counts import verify_vote_counts
from engine.verify.findings import Finding
from engine.verify.replays import Replays
from engine.verify.stated import Stated, stated_rulings


def published_outcome(log: GameLog, day: int) -> tuple[str | None, str | None]:
    """What the GM announced for day `day`: (outcome, where), the outcome being the slot id
    eliminated ('+'-joined in sorted order, as `DayResult.outcome`, when several were),
    'no-lynch', or None when the log holds no announcement."""
    item = log.published.for_phase(f"D{day}")
    if item is None:
        return None, None
    gone = [d for d in item.deaths if d.kind == "eliminated"]
    if gone:
        ref = gone[0].source
        where = f"post {ref.post}" if ref.post is not None else (ref.file or ref.kind)
        return "+".join(sorted(d.slot for d in gone)), where
    if item.no_elimination is not None:
        ref = item.no_elimination
        return "no-lynch", f"post {ref.post}" if ref.post is not None else (ref.file or ref.kind)
    return None, None


def verify_day(log: GameLog, day: int, rulings: Mapping[str, str] | None = None) -> Finding:
    """The day's outcome against the GM's announcement."""
    return day_findings(log, day, rulings)[0]


def day_findings(log: GameLog, day: int, rulings: Mapping[str, str] | None = None,
                 replays: Replays | None = None) -> list[Finding]:
    """The day's outcome, then each vote count the GM posted that day. `replays`: the
    game's replays verify shares between its findings."""
    replays = replays or Replays(log)
    chosen = chosen_rulings(log, rulings)
    result = replays.under(chosen).day(day)
    shown = {s.id: s.name for s in log.players}
    return [_outcome(log, day, chosen, result, replays),
            *verify_vote_counts(log, result, lambda slot: shown.get(slot, slot))]


def _outcome(log: GameLog, day: int, chosen: dict[str, str], result: DayResult,
             replays: Replays) -> Finding:
    published, where = published_outcome(log, day)
    chain = tuple(f"post {e.post}: {e.text}" if e.post is not None else e.text
                  for e in result.events)
    expected = result.outcome
    key = f"D{day}"
    if result.decided_by == "no-close":
        return Finding(key, "elimination", "unverifiable", None, published,
                       f"the end of day {day} is not in the log, so the count cannot close",
                       chain, source=where)
    stated = stated_rulings(log, chosen)
    by_option = _by_option(log, day, chosen, replays, stated)
    if published is None:
        return Finding(key, "elimination", "unverifiable", expected, None,
                       f"the GM's result for day {day} is not in the log", chain,
                       by_option, where)
    if expected == published:
        return Finding(key, "elimination", "confirmed", expected, published,
                       "the re-count gives the announced result", chain, by_option, where)
    agreeing = [opt for opt, out in by_option.items() if out == published]
    if agreeing:
        return Finding(key, "elimination", "ruling-dependent", expected, published,
                       f"the announced result follows {', '.join(agreeing)}", chain,
                       by_option, where)
    # the GM's own rules decide the rulings they state: name those the day's count read
    read = replays.under(chosen).rests_on(("day", day))
    decided = [str(st) for k, st in sorted(stated.items()) if k in read]
    under = f", under the GM's stated {', '.join(decided)}" if decided else ""
    return Finding(key, "elimination", "disputed", expected, published,
                   f"the re-count gives {expected}, the GM announced {published}{under}",
                   chain, by_option, where)


def verify_days(log: GameLog, rulings: Mapping[str, str] | None = None,
                replays: Replays | None = None) -> list[Finding]:
    replays = replays or Replays(log)
    return [f for day in days_of(log) for f in day_findings(log, day, rulings, replays)]


def _by_option(log: GameLog, day: int, chosen: dict[str, str], replays: Replays,
               stated: dict[str, Stated]) -> dict[str, str]:
    """The day's outcome under every option of each ruling that changes it, the others as
    chosen; empty when none does. Only the rulings whose options give different outcomes are
    named (a day that turns on one ruling lists that one, not every ruling of the rule set). A
    ruling the day's count (and what it rests on) never read gives the same count
    (`Replay.rests_on`), and one the GM's rules state is decided (`stated`): neither is
    tried."""
    ruleset = ruleset_of(log)
    base = replays.under(chosen)
    same = base.day(day).outcome
    read = base.rests_on(("day", day))
    out: dict[str, str] = {}
    for ruling in ruleset.rulings:
        if ruling.key not in read or ruling.key in stated:
            continue
        got = {f"{ruling.key}={option}": same if option == chosen[ruling.key] else
               replays.under({**chosen, ruling.key: option}).day(day).outcome
               for option in ruling.values}
        if len(set(got.values())) > 1:
            out.update(got)
    return out
