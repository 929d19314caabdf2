"""One forward replay of a game: D1, N1, D2, N2, ... each worked out once, in order, under
one reading of the rules.

`Replay(log, rulings)` checks the rulings once (`RuleSet.choose`), then gives each day's
count (`day`) and each night's replay (`night`) when first asked for, keeping it: a day that
needs what came before (contested-island's protections spent on earlier days and nights,
open-roles' night order made by the day's voting) asks the replay (`engine.day.history`)
instead of counting the earlier days again, so a game costs each of its phases once.

Several replays of one game under different rulings (verify's search of every option of
every ruling) share what they can through a `Shared` store: each phase worked out is kept
with the rulings it read on the way (its own reads and those of the phases it asked for),
and another replay takes it whenever its rulings agree on every one of them. A ruling no
phase reads costs nothing to try; one read only from night 3 on replays from night 3. The
reads are seen through the rulings mapping the rule set's code is handed (`_Reading`),
which is the only way that code learns the rulings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from engine.day.count import count_with, rules_with
from engine.day.result import DayResult
from engine.day.standing import CountRules
from engine.day.window import days_of
from engine.gamelog import Action, GameLog
from engine.night.game import announced_dead, night_rules, start_players
from engine.night.resolve import NightResult, run_night
from engine.night.state import Player
from engine.rulesets import chosen_rulings, ruleset_of

Phase = tuple[str, int]  # ("day", 2), ("night", 1); pseudo-phases ("players", 1), ("used-up", 2)


@dataclass
class _Kept:
    """A phase worked out: the rulings its own code read (key -> option), the earlier
    phases it asked for with the result each gave, and its result."""

    reads: dict[str, str]
    asked: tuple[tuple[Phase, object], ...]
    result: object


@dataclass
class Shared:
    """What the replays of one game share: each phase's results, each with what it rests
    on. Made by whoever runs the replays (verify), for one game, and dropped with them."""

    kept: dict[Phase, list[_Kept]] = field(default_factory=dict)


@dataclass
class _Open:
    """A phase being worked out: the rulings its code reads, the phases it asks for."""

    reads: set[str] = field(default_factory=set)
    asked: list[tuple[Phase, object]] = field(default_factory=list)


class _Reading(Mapping[str, str]):
    """The chosen rulings as the rule set's code reads them: each key read is noted in the
    phase being worked out (the innermost of `open`, the replay's own list: holding it, not
    the replay, makes no reference cycle for the collector)."""

    def __init__(self, values: dict[str, str], open_: list[_Open]) -> None:
        self._values = values
        self._open = open_

    def __getitem__(self, key: str) -> str:
        value = self._values[key]
        if self._open:
            self._open[-1].reads.add(key)
        return value

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        # Mapping's own `get` goes through __getitem__ and an exception: the night code
        # reads its rulings this way, many times a night
        value = self._values.get(key)
        if value is None:
            return default
        if self._open:
            self._open[-1].reads.add(key)
        return value

    def __iter__(self) -> Iterator[str]:
        for key in self._values:  # a reader that goes through them all reads them all
            if self._open:
                self._open[-1].reads.add(key)
            yield key

    def __len__(self) -> int:
        return len(self._values)


class Replay:
    """The game `log` under `rulings` (over the log's own `meta.rulings`, over the
    defaults), each phase worked out once. `actions` replaces nights' logs (a
    counterfactual: such a replay keeps its phases to itself). `shared`: a store for the
    replays of one game under other rulings."""

    def __init__(self, log: GameLog, rulings: Mapping[str, str] | None = None, *,
                 actions: Mapping[int, list[Action]] | None = None,
                 shared: Shared | None = None) -> None:
        self.log = log
        self.ruleset = ruleset_of(log)
        self.chosen = chosen_rulings(log, rulings)
        self._open: list[_Open] = []  # the phases being worked out, innermost last
        self.rulings: Mapping[str, str] = _Reading(self.chosen, self._open)
        self._actions = actions or {}
        self._shared = shared if shared is not None and not actions else Shared()
        self._mine: dict[Phase, object] = {}  # each phase's result in this replay
        self._basis: dict[Phase, _Kept] = {}  # what each phase's result rests on

    # -- days -------------------------------------------------------------------------

    def day(self, number: int) -> DayResult:
        """Day `number`'s count under the rules (`engine.day.count_day`)."""
        found = self._kept(("day", number), lambda: count_with(self.log, number, self.rulings,
                                                               self))
        assert isinstance(found, DayResult)
        return found

    def count_rules(self, number: int) -> CountRules:
        """The rule set's count rules of day `number` (weights, thresholds, what a vote
        needs), as the count uses them."""
        return rules_with(self.log, number, self.rulings, self)

    # -- nights -----------------------------------------------------------------------

    def night(self, number: int) -> NightResult:
        """Night `number` replayed from the GM's action log, after the nights before it
        (`engine.night.replay_game`); a `NightError` when the rule set has no night
        engine or the log no such night."""
        found = self._kept(("night", number), lambda: self._play(number))
        assert isinstance(found, NightResult)
        return found

    def players(self, number: int) -> dict[str, Player]:
        """The players as night `number` left them (not to be changed): what the next night
        starts from, kept apart from the night's events so that a ruling that changes only
        what the night shows (a newspaper's wording) leaves the phases after it alone."""
        found = self._kept(("players", number), lambda: self.night(number).players)
        assert isinstance(found, dict)
        return found

    def used_up(self, number: int) -> frozenset[str]:
        """The slots whose one-time protection day `number`'s count has used up by its end
        (`DayResult.used_up`), kept apart from the rest of the count (a pseudo-phase, as
        `players`): a night that asks only this is not worked out again under a ruling
        that changes the day's count but not what it used up."""
        found = self._kept(("used-up", number), lambda: self.day(number).used_up)
        assert isinstance(found, frozenset)
        return found

    def nights(self, until: int | None = None) -> list[NightResult]:
        """Every night of the log in order, up to night `until`; a `NightError` when the
        rule set has no night engine, even for a log with no night."""
        night_rules(self.log)
        numbers = sorted(n.number for n in self.log.nights)
        return [self.night(n) for n in numbers if until is None or n <= until]

    def _play(self, number: int) -> NightResult:
        from engine.night.game import NightError

        rules = night_rules(self.log)
        logged = sorted(self.log.nights, key=lambda n: n.number)
        at = next((i for i, n in enumerate(logged) if n.number == number), None)
        if at is None:
            raise NightError(f"the log has no night {number}")
        night = logged[at]
        players: dict[str, Player]
        if at == 0:
            players = start_players(self.log, rules)
        else:
            # a copy: the night before is kept as it ended, and the GM's announced deaths
            # and record are written on the players this night starts with
            players = {s: p.copy() for s, p in self.players(logged[at - 1].number).items()}
        announced_dead(self.log, players, number)
        if rules.from_day is not None and number in days_of(self.log):
            rules.from_day(players, lambda: self.used_up(number))  # the day before night N: N
        if rules.from_log is not None:
            rules.from_log(self.log, players, number, self.rulings)
        order = night.order
        if order is None and rules.order_from_log is not None:
            order = rules.order_from_log(self.log, number, self)
        # the day before night N is day N (D1, N1, D2, ...)
        day = next((d for d in self.log.days if d.number == number), None)
        return run_night(rules, players, number, self._actions.get(number, night.actions),
                         self.rulings, order=order,
                         day_actions=day.actions if day is not None else (), owned=True)

    # -- what a phase rests on ---------------------------------------------------------

    def _kept(self, phase: Phase, work: Callable[[], object]) -> object:
        """The phase's result under these rulings: one kept whose own reads these rulings
        agree with and whose earlier phases give here the same results it was given, else
        worked out now (noting what it reads and asks for) and kept. A result equal to one
        kept already is that one: the phases after it then find theirs too (a ruling that
        changes nothing on night 2 costs night 2, not every phase after it)."""
        found = self._mine.get(phase)
        if found is None:
            kept = self._found(phase) or self._worked_out(phase, work)
            self._basis[phase] = kept
            found = self._mine[phase] = kept.result
        if self._open:
            self._open[-1].asked.append((phase, found))
        return found

    def _found(self, phase: Phase) -> _Kept | None:
        for kept in self._shared.kept.get(phase, ()):
            if all(self.chosen.get(k) == v for k, v in kept.reads.items()) and all(
                    self._again(earlier) is result for earlier, result in kept.asked):
                return kept
        return None

    def rests_on(self, *phases: Phase) -> frozenset[str]:
        """The ruling keys the results of `phases` (worked out in this replay) were read
        under, with those of every earlier phase they asked for: under rulings that differ
        only in other keys each of them comes out the same, so verify need not try those
        (a day that never read `x.tie` is not `x.tie`-dependent)."""
        out: set[str] = set()
        todo = list(phases)
        seen: set[Phase] = set()
        while todo:
            phase = todo.pop()
            if phase in seen:
                continue
            seen.add(phase)
            kept = self._basis[phase]  # a KeyError: the phase was never asked of this replay
            out.update(kept.reads)
            todo.extend(earlier for earlier, _ in kept.asked)
        return frozenset(out)

    def _again(self, phase: Phase) -> object:
        """An earlier phase a kept one asked for, under these rulings."""
        kind, number = phase
        if kind == "day":
            return self.day(number)
        if kind == "used-up":
            return self.used_up(number)
        return self.night(number) if kind == "night" else self.players(number)

    def _worked_out(self, phase: Phase, work: Callable[[], object]) -> _Kept:
        self._open.append(_Open())
        try:
            result = work()
        finally:
            opened = self._open.pop()
        kept = self._shared.kept.setdefault(phase, [])
        same = next((k.result for k in kept if k.result == result), None)
        if same is not None:
            result = same
        made = _Kept({k: self.chosen[k] for k in sorted(opened.reads)}, tuple(opened.asked),
                     result)
        kept.append(made)
        return made


__all__ = ["Replay", "Shared"]
