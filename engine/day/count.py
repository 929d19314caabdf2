"""Re-count a day of a game log under its rule set and rulings."""

from __future__ import annotations

from collections.abc import Callable, Mapping

# the module, not its names: the rule sets' day code imports this package (engine.day) while
# engine.rulesets is still being built
from engine import rulesets
from engine.day.history import History
from engine.day.result import Ballot, DayEvent, DayResult, NotCounted
from engine.day.standing import CountRules, count_standing
from engine.day.window import (
    DayWindow,
    alive_at_start,
    day_window,
    days_of,
    departures,
    ruled_out,
    vote_resets,
)
from engine.gamelog import GameLog

# the ruling (`<ruleset>.gm-confirmed-marks`) under which a mark counts on the GM's vote count
GM_CONFIRMED = "gm-confirmed-marks"

def count_rules(log: GameLog, day: int, rulings: Mapping[str, str] | None = None) -> CountRules:
    """The rule set's count rules for day `day` (weights, thresholds, what a vote needs),
    as `count_day` uses them: for tools that follow the standing votes themselves."""
    from engine.replay import Replay  # the replay counts through this module

    return Replay(log, rulings).count_rules(day)


def rules_with(log: GameLog, day: int, chosen: Mapping[str, str],
               history: History) -> CountRules:
    """`count_rules` under rulings already chosen (every key of the rule set), the game
    before the day asked of `history`."""
    return rulesets.ruleset_of(log).day.count(log, day, chosen, history)


def split_voters(log: GameLog, rulings: Mapping[str, str] | None = None) -> frozenset[str]:
    """The voters whose votes stand apart under the rules (`CountRules.split_voters`), as
    of the game's first day (a role's, so the same every day); none in a game with no day."""
    days = days_of(log)
    return count_rules(log, days[0], rulings).split_voters if days else frozenset()


def count_day(log: GameLog, day: int, rulings: Mapping[str, str] | None = None) -> DayResult:
    """The outcome of day `day` as the rules give it from the votes in the log.

    `rulings` override the log's own (`meta.rulings`), which override the defaults. The
    days and nights before it are worked out once each (`engine.replay.Replay`)."""
    from engine.replay import Replay  # the replay counts through this module

    return Replay(log, rulings).day(day)


def count_with(log: GameLog, day: int, chosen: Mapping[str, str],
               history: History) -> DayResult:
    """`count_day` under rulings already chosen (every key of the rule set), the game
    before the day asked of `history`."""
    ruleset = rulesets.ruleset_of(log)
    window = day_window(log, day)
    names = _namer(log)
    ballots: list[Ballot] = []
    not_counted: list[NotCounted] = []
    seen: dict[tuple[int, str], int] = {}  # counted marks per post and voter
    rules = rules_with(log, day, chosen, history)
    ruled = ruled_out(log, day)
    for vote in log.votes:
        if vote.post <= window.before or (window.after is not None and vote.post >= window.after):
            continue
        voter = vote.voter or vote.author
        if not window.holds(vote.post):
            early = window.start is not None and vote.post <= window.start
            not_counted.append(NotCounted(
                vote.post, voter, vote.raw, "before-start" if early else "after-deadline",
                f"day {day} runs from post {window.start if window.start is not None else '?'}"
                f" to {window.end if window.end is not None else '?'}"))
            continue
        ruling = ruled.get((vote.post, vote.voter)) or ruled.get((vote.post, None))
        if ruling is not None:  # every mark of the post: "Unvote; Vote: X" was ignored whole
            not_counted.append(
                NotCounted(vote.post, voter, vote.raw, "gm-ruling", ruling) if vote.counts
                else NotCounted(vote.post, voter, vote.raw, vote.reason or "other", vote.detail))
            continue
        if rules.change_needs_cancel and vote.voter is not None and not vote.counts \
                and vote.reason == "superseded" and vote.special == "unvote":
            # "Unvote; Vote: X" where a vote needs an unvote first: both apply, in order
            ballots.append(Ballot(post=vote.post, voter=vote.voter, raw=vote.raw,
                                  special="unvote", time=vote.time))
            continue
        if vote.reason == "gm-count" and chosen.get(f"{ruleset.id}.{GM_CONFIRMED}") != "on":
            # counted on the GM's word; the ruling off (or absent), the text alone decides
            not_counted.append(NotCounted(vote.post, voter, vote.raw, vote.unconfirmed or "other",
                                          vote.detail))
            continue
        if not vote.counts or vote.voter is None:
            not_counted.append(NotCounted(vote.post, voter, vote.raw, vote.reason or "other",
                                          vote.detail))
            continue
        # one counted mark per post where the last mark wins or the first vote stands; where
        # votes change and every mark counts, they apply in the order written
        # (contested-island: «не казнить Кубу, казнить Мальту»)
        one_mark = ruleset.day.last_mark_wins or not rules.vote_change
        # a split voter's mark may place each of their two votes ("Vote: A, B")
        marks = 2 if vote.voter in rules.split_voters else 1
        if one_mark and seen.get((vote.post, vote.voter), 0) >= marks:
            not_counted.append(NotCounted(vote.post, voter, vote.raw, "superseded",
                                          "another counted mark in the same post"))
            continue
        seen[(vote.post, vote.voter)] = seen.get((vote.post, vote.voter), 0) + 1
        ballots.append(Ballot(post=vote.post, voter=vote.voter, raw=vote.raw, target=vote.target,
                              special=vote.special, time=vote.time, weight=vote.weight,
                              line_start=vote.line_start))
    ballots.sort(key=lambda b: b.post)  # stable: the marks of a post stay in their order
    result = count_standing(window, alive_at_start(log, day), ballots, departures(log, day),
                            vote_resets(log, day), not_counted, rules, names)
    while len(result.earlier) + 1 < rules.lynches and _goes_on(result, window):
        result = _next_lynch(log, day, window, result, ballots, not_counted, rules, names)
    result.not_counted = sorted(not_counted, key=lambda n: (n.post, n.voter))
    result.notes.extend(rules.notes)
    result.used_up = rules.used_up | {e.subject for e in result.events
                                      if e.kind == "spared" and e.subject}
    unknown = [d for d in departures(log, day) if d.post is None]
    for d in unknown:
        result.notes.append(f"{names(d.slot)} left during day {day} ({d.text}) at a post the "
                            "record does not give; counted as alive all day")
    return result


def _goes_on(result: DayResult, window: DayWindow) -> bool:
    """A hammer before the day's last post: a further lynch of the day may follow."""
    return result.decided_by == "hammer" and result.eliminated is not None and \
        result.decided_at_post is not None and \
        (window.end is None or result.decided_at_post < window.end)


def _next_lynch(log: GameLog, day: int, window: DayWindow, first: DayResult,
                ballots: list[Ballot], not_counted: list[NotCounted], rules: CountRules,
                names: Callable[[str], str]) -> DayResult:
    """The rest of a double-lynch day: after the hammer at post P the lynched player is gone,
    the votes start again among the living, and the count goes on from P as a day of its
    own."""
    hammer = first.decided_at_post
    assert hammer is not None  # _goes_on holds
    assert first.eliminated is not None
    ended = f"the day ended at the hammer in post {hammer}"
    not_counted[:] = [n for n in not_counted if n.detail != ended]
    rest = DayWindow(day=day, start=hammer, end=window.end, before=window.before,
                     after=window.after)
    alive = [s for s in first.alive if s != first.eliminated]
    result = count_standing(rest, alive, [b for b in ballots if b.post > hammer],
                            [d for d in departures(log, day) if d.post is not None and
                             d.post > hammer],
                            [r for r in vote_resets(log, day) if r > hammer], not_counted,
                            rules, names)
    result.earlier = [*first.earlier, first.eliminated]
    result.standings = [*first.standings, *result.standings]
    result.living = [*first.living, *result.living]
    result.weights = {**first.weights, **result.weights}
    result.events = [*first.events,
                     DayEvent(hammer, "reset", f"{names(first.eliminated)} is lynched; the "
                              "votes start again for the day's next lynch"),
                     *result.events]
    return result


def count_days(log: GameLog, rulings: Mapping[str, str] | None = None) -> list[DayResult]:
    """Every day's count, in one replay."""
    from engine.replay import Replay  # the replay counts through this module

    replay = Replay(log, rulings)
    return [replay.day(day) for day in days_of(log)]


def _namer(log: GameLog) -> Callable[[str], str]:
    """Slot ids to display names for the chain of events."""
    shown = {s.id: s.name for s in log.players}
    return lambda slot: shown.get(slot, slot)
