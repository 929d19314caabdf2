"""A whole 16-player contested-island game (tests/engine/games/island-16.json): seven days
with their votes in the thread and six nights whose published results were written by hand
from the seed and the rulings' defaults, every finding confirmed (days, nights, victory); a
copy with three GM mistakes, each disputed with the chain of events that explains it; and
the replay's determinism on a whole game."""

from __future__ import annotations

from pathlib import Path

from engine.gamelog import dumps, load
from engine.rulesets.contested_island.vocab import ROLES
from engine.verify import Finding, verify
from tests.engine.whole_games import deterministic_deaths

GAMES = Path(__file__).resolve().parent / "games"
CLEAN = GAMES / "island-16.json"
MISTAKES = GAMES / "island-16-gm-mistakes.json"


def night_findings(path: Path) -> list[Finding]:
    return [f for f in verify(load(path)).findings if f.phase.startswith("N")]


def test_every_character_plays_once_and_there_are_at_least_five_nights() -> None:
    log = load(CLEAN)
    assert sorted(s.role or "" for s in log.players) == sorted(ROLES)
    assert len(log.players) == 16
    assert len(log.nights) >= 5
    # the slots are the seed's islands ("Player List"), each night has what the GM published
    assert {"Anguilla", "Nusa Lembongan", "Maui"} <= {s.id for s in log.players}
    assert all(log.published.for_phase(f"N{n.number}") is not None for n in log.nights)


def test_every_finding_of_the_clean_game_is_confirmed() -> None:
    report = verify(load(CLEAN))
    assert [(f.phase, f.item, f.status) for f in report.findings
            if f.status != "confirmed"] == []
    # the days were re-counted from the votes in the thread (a tie on day 1, then one
    # execution a day), and the victory is the one group left
    days = {f.phase: f.expected for f in report.findings if f.item == "elimination"}
    assert days == {"D1": "no-lynch", "D2": "Anguilla", "D3": "Nusa Lembongan", "D4": "Maui",
                    "D5": "Fiji", "D6": "Laccadive Islands", "D7": "Corsica"}
    assert [f.expected for f in report.findings if f.item == "victory"] == ["survivors"]
    found = night_findings(CLEAN)
    assert {f.phase for f in found} == {f"N{n}" for n in range(1, 7)}
    assert [(f.phase, f.item) for f in found if f.status != "confirmed"] == []
    # deaths, facts and private results of every night were compared, not just counted
    items = {(f.phase, f.item) for f in found}
    assert ("N2", "newspaper: recruited (Fiji)") in items
    assert ("N3", "private: Cuba on Maldives") in items  # Hot Trail
    assert ("N4", "private: Aruba on Corsica") in items  # the Trap
    assert ("N5", "newspaper: protected (Bora-Bora)") in items  # Special Attention
    assert ("N6", "deaths") in items


def test_the_gm_mistakes_are_the_three_disputed_findings() -> None:
    disputed = {(f.phase, f.item): f for f in night_findings(MISTAKES)
                if f.status == "disputed"}
    assert sorted(disputed) == [("N2", "newspaper: pit-dug (Jamaica)"),
                                ("N2", "private: Seychelles Islands on Fiji"),
                                ("N4", "deaths")]
    assert all(f.chain for f in disputed.values())

    # (1) Kane's Danger Sense went on Patient Zero's Hunt (20-21): the Date's strike on the
    # watcher who comes at step 22 kills him
    deaths = disputed[("N4", "deaths")]
    assert (deaths.expected, deaths.published) == ("Cuba+Singapore", "Singapore")
    key = ("leader-kills: Laccadive Islands's physical attack on Cuba fails: Danger Sense: "
           "survives the first physical attack",
           "checks: Zanzibar attacks Cuba, who came to Seychelles Islands (Date)",
           "checks: Zanzibar's physical attack (Date) lands on Cuba",
           "end: Cuba dies (date)")
    assert [line for line in deaths.chain if line in key] == list(key)  # in this order

    # (2) Order of Actions 23: "Trap from Ru (not displayed)"
    pit = disputed[("N2", "newspaper: pit-dug (Jamaica)")]
    assert (pit.expected, pit.published) == (None, "pit-dug")
    assert "treatment: Aruba digs a pit in front of Jamaica's house (Trap)" in pit.chain

    # (3) the checks (22) come before the recruitments (24): Fiji is not recruited yet
    where = disputed[("N2", "private: Seychelles Islands on Fiji")]
    assert (where.expected, where.published) == ("recruited=no", "recruited=yes")
    checked = where.chain.index("checks: Seychelles Islands learns recruited of Fiji: no")
    recruited = where.chain.index("recruitment: Fiji is recruited by order-of-li (Corsica's "
                                  "Planted Spies); a hint: Alex Crow")
    assert checked < recruited


def test_the_rest_of_the_mistakes_copy_is_confirmed() -> None:
    found = night_findings(MISTAKES)
    assert sum(f.status == "confirmed" for f in found) == len(found) - 3
    assert not [f for f in found if f.status in ("unverifiable", "ruling-dependent")]


def test_replaying_the_game_twice_gives_the_same_events() -> None:
    assert deterministic_deaths(CLEAN) == [
        ["Nusa Lembongan"], [], ["Maldives", "Lofoten Islands"], ["Cuba", "Singapore"],
        ["Seychelles Islands", "Zanzibar", "Aruba"], ["Malta", "Jamaica"]]


def test_the_game_files_are_written_as_save_writes_them() -> None:
    for path in (CLEAN, MISTAKES):
        assert path.read_text(encoding="utf-8") == dumps(load(path))
