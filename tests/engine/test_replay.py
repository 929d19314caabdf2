"""One forward replay (`engine.replay.Replay`): each day and night of a game worked out once,
in order, the day counts asking the replay for what came before instead of counting it
again; and verify's replays under every option of every ruling sharing what they can,
with the same findings as replays that share nothing."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import engine.replay as replay_module
from engine.day import count_day, days_of
from engine.gamelog import GameLog, load
from engine.night import NightError
from engine.replay import Replay, Shared
from engine.rulesets import RulingError
from engine.verify import verify
from engine.verify.replays import Replays

GAMES = Path(__file__).parent / "games"
NAMES = ["island-16", "world-cup-2018-game", "open-roles-game"]


def _game(name: str) -> GameLog:
    return load(GAMES / f"{name}.json")


def _work(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[str, int]]:
    """How many times each phase is worked out (not taken as kept)."""
    done: Counter[tuple[str, int]] = Counter()
    real = Replay._worked_out

    def spy(self: Replay, phase: tuple[str, int], work: Any) -> object:
        done[phase] += 1
        return real(self, phase, work)

    monkeypatch.setattr(Replay, "_worked_out", spy)
    return done


def test_the_last_day_costs_each_phase_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """contested-island's day 7 rests on day 6's spent protections and night 6's replay,
    which rest on the days and nights before: each is worked out once (the day count used
    to count day N-1 again from each day N, and replay every night again for each)."""
    log = _game("island-16")
    done = _work(monkeypatch)
    last = max(days_of(log))
    count_day(log, last)
    assert done[("day", last)] == 1
    assert set(done.values()) == {1}
    assert {n for kind, n in done if kind == "day"} == set(range(1, last + 1))
    assert {n for kind, n in done if kind == "night"} == {n.number for n in log.nights
                                                          if n.number < last}


def test_a_replay_gives_what_counting_alone_gives() -> None:
    for name in NAMES:
        log = _game(name)
        replay = Replay(log)
        for day in days_of(log):
            assert replay.day(day) == count_day(log, day)
        assert replay.day(1) is replay.day(1)


def test_a_ruling_no_phase_reads_costs_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two readings that differ in a ruling the game never reads share every phase; one
    that differs in a ruling day 1 reads works out day 1 again, and what rests on it."""
    log = _game("world-cup-2018-game")
    shared = Shared()
    base = Replay(log, shared=shared)
    base.nights()
    for day in days_of(log):
        base.day(day)
    done = _work(monkeypatch)
    unread = next(r for r in base.ruleset.rulings
                  if all(r.key not in k.reads for kept in shared.kept.values() for k in kept))
    other = next(v for v in unread.values if v != base.chosen[unread.key])
    again = Replay(log, {unread.key: other}, shared=shared)
    again.nights()
    for day in days_of(log):
        assert again.day(day) is base.day(day)
    assert done == Counter()
    read = next(iter(shared.kept[("day", 1)][0].reads))
    ruling = base.ruleset.ruling(read)
    changed = Replay(log, {read: next(v for v in ruling.values if v != base.chosen[read])},
                     shared=shared)
    changed.day(1)
    assert done[("day", 1)] == 1


@pytest.mark.parametrize("name", [*NAMES, *(f"{n}-gm-mistakes" for n in NAMES)])
def test_verify_shares_and_finds_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every bundled game, clean and with the GM's mistakes: the findings of verify, whose
    replays share their phases, are those of one replay per reading that shares nothing
    with the others."""
    log = _game(name)
    shared = verify(log)
    apart: dict[tuple[tuple[str, str], ...], Replay] = {}

    def under(self: Replays, rulings: dict[str, str] | None) -> Replay:
        key = tuple(sorted((rulings or {}).items()))
        return apart.setdefault(key, Replay(self.log, rulings))

    monkeypatch.setattr(Replays, "under", under)
    alone = verify(log)
    assert len(apart) > 1  # a replay of its own for each reading tried
    assert shared == alone


def test_the_rulings_read_are_the_rulings_noted() -> None:
    """The rule set's code learns the rulings through one mapping, which notes each read;
    going through them all reads them all."""
    log = _game("open-roles-game")
    replay = Replay(log)
    replay._open.append(replay_module._Open())
    assert replay.rulings["open-roles.tie"] == replay.chosen["open-roles.tie"]
    assert replay._open[-1].reads == {"open-roles.tie"}
    assert dict(replay.rulings) == replay.chosen
    assert replay._open[-1].reads == set(replay.chosen)


def test_a_replay_refuses_what_the_rule_set_has_not() -> None:
    log = _game("open-roles-game")
    with pytest.raises(RulingError, match="has no such ruling"):
        Replay(log, {"open-roles.no-such-point": "x"})
    mini = log.model_copy(update={"meta": log.meta.model_copy(update={"ruleset": "mafiascum"}),
                                  "nights": []})
    with pytest.raises(NightError, match="no night engine"):
        Replay(mini).nights()


def test_a_day_rests_on_the_rulings_it_and_the_phases_before_it_read() -> None:
    """`rests_on`: the keys read by the day's count and by every phase it asked for, and no
    other; verify tries no other ruling for that day (its outcome under one is the same)."""
    log = _game("island-16")
    base = Replay(log)
    base.day(3)
    read = base.rests_on(("day", 3))
    assert "contested-island.decision" in read  # the count's own
    assert "contested-island.psychic-fact" in read  # night 1's, which day 2 asked for
    assert "contested-island.assault-maims" not in read  # night 5's: after day 3
    for key in sorted(set(base.chosen) - read)[:5]:
        option = next(v for v in base.ruleset.ruling(key).values if v != base.chosen[key])
        assert Replay(log, {key: option}).day(3) == base.day(3), key
    with pytest.raises(KeyError):
        base.rests_on(("night", 6))  # never asked of this replay


def test_a_night_asks_the_day_only_what_it_used_up() -> None:
    """Contested-island's night N learns from day N which one-time protections the execution
    used up (`NightRules.from_day`), through the `used-up` pseudo-phase: not the whole
    count, so a ruling that changes the count but not what it used up replays no night."""
    log = _game("island-16")
    base = Replay(log)
    base.night(2)
    asked = [phase for phase, _ in base._basis[("night", 2)].asked]
    assert ("used-up", 2) in asked
    assert ("day", 2) not in asked
    assert base.used_up(2) == base.day(2).used_up
