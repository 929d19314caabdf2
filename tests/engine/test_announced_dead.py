"""Who takes part in a night of a replayed game: the GM's announced deaths take players out,
and a player the GM shows brought back (a `resurrected` slot change: Medical Miracles, a
seated maf raised by the open-roles necromancer) takes part again; the day count reads the
same record (`GameLog.announced_out`)."""

from __future__ import annotations

from pathlib import Path

from engine.day.window import alive_at_start
from engine.gamelog import Fate, NightLog, SlotChange, load
from engine.night.game import announced_dead, night_rules, start_players

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "island-mini.json"


def test_a_death_announced_before_a_night_takes_the_player_out() -> None:
    log = load(SAMPLE)  # Мальта killed in night 1, Корсика executed on day 2
    assert log.announced_out("N2") == {"Мальта", "Корсика"}
    assert log.announced_out("D2") == {"Мальта"}
    players = start_players(log, night_rules(log))
    announced_dead(log, players, 2)
    assert not players["Мальта"].alive
    assert not players["Корсика"].alive
    assert players["Куба"].alive


def test_a_player_brought_back_takes_part_again_and_votes() -> None:
    log = load(SAMPLE)
    malta = next(s for s in log.players if s.id == "Мальта")
    malta.changes.append(SlotChange(phase="D2", kind="resurrected"))
    malta.fate = Fate(kind="survived")  # how her game ended, once brought back
    log.nights.append(NightLog(number=2))
    assert log.announced_out("N2") == {"Корсика"}
    assert "Мальта" in alive_at_start(log, 3)
    players = start_players(log, night_rules(log))
    players["Мальта"].alive = False  # as night 1's replay left her
    announced_dead(log, players, 2)
    assert players["Мальта"].alive
    # a return is taken once, the night after it: the replay carries the player since,
    # and a later night may lose her again without the GM's return being read anew
    players["Мальта"].alive = False
    announced_dead(log, players, 3)
    assert not players["Мальта"].alive
