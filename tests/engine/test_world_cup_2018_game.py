"""A whole 17-player world-cup-2018 game (tests/engine/games/world-cup-2018-game.json): five
days with their red votes in the thread (closing at 21:00 Moscow time) and four nights whose
published results (deaths with the roles shown, «удачно»/«не удачно» and the roles' own
answers) were written by hand from the seed and the rulings' defaults, every finding
confirmed (days, vote counts, nights, victory); a copy with four GM mistakes, each disputed
with the chain that explains it; and the replay's determinism on a whole game."""

from __future__ import annotations

from pathlib import Path

from engine.day import count_day
from engine.gamelog import dumps, load
from engine.verify import Finding, verify
from scrapers.votes.extract import extract_votes
from tests.engine.whole_games import deterministic_deaths

GAMES = Path(__file__).resolve().parent / "games"
CLEAN = GAMES / "world-cup-2018-game.json"
MISTAKES = GAMES / "world-cup-2018-game-gm-mistakes.json"

MAIN_ROLES = {"corrupt-boss", "corrupt-recruiter", "corrupt-goon", "dirty-boss",
              "dirty-recruiter", "dirty-goon", "necromancer", "sheriff", "deputy", "doctor",
              "priest", "fairy", "journalist", "maniac", "vampire", "statistician",
              "citizen"}


def findings(path: Path) -> dict[tuple[str, str], Finding]:
    return {(f.phase, f.item): f for f in verify(load(path)).findings}


def test_the_roster_covers_the_main_roles_over_five_days_and_four_nights() -> None:
    log = load(CLEAN)
    assert len(log.players) == 17
    assert {s.role for s in log.players} == MAIN_ROLES
    assert [p.key for p in log.phases] == ["D1", "N1", "D2", "N2", "D3", "N3", "D4", "N4",
                                           "D5"]
    assert [n.number for n in log.nights] == [1, 2, 3, 4]
    assert all(log.published.for_phase(p.key) is not None for p in log.phases)
    # the newspaper shows deaths only: no night has a fact
    assert not any(item.newspaper for item in log.published.phases)
    # the day closes at 21:00 Moscow time
    assert {p.end.time.isoformat()[11:] for p in log.phases
            if p.kind == "day" and p.end is not None and p.end.time is not None} == \
        {"21:00:00+03:00"}


def test_the_votes_are_red_marks_the_reader_finds_in_the_posts() -> None:
    log = load(CLEAN)
    assert all('<font color="red">' in log.posts[v.post - 1].html for v in log.votes)
    assert [(v.post, v.voter, v.target, v.counts) for v in extract_votes(log)] == \
        [(v.post, v.voter, v.target, v.counts) for v in log.votes]


def test_every_finding_of_the_clean_game_is_confirmed() -> None:
    found = findings(CLEAN)
    assert [k for k, f in found.items() if f.status != "confirmed"] == []
    days = {k[0]: f.expected for k, f in found.items() if k[1] == "elimination"}
    assert days == {"D1": "Borman", "D2": "Tiger", "D3": "Sever", "D4": "Lis",
                    "D5": "Prostak"}
    assert found[("D5", "victory")].expected == "cops+town"
    nights = {k[0] for k in found if k[0].startswith("N")}
    assert nights == {"N1", "N2", "N3", "N4"}
    assert {k: found[k].expected for k in found if k[1] == "deaths"} == {
        ("N1", "deaths"): "Pilot", ("N2", "deaths"): "Gromov+Morok+Skaut",
        ("N3", "deaths"): "Klyk", ("N4", "deaths"): "Kvant+Pisaka+Tesak"}
    # private results of every kind were compared, not just counted
    for key, expected in {
            ("N1", "private: Skaut on Skaut"): "gift=крест, zombie=Спортсмен-допингист",
            ("N1", "private: Morok on Pilot"): "raise=удачно",
            ("N1", "private: Tesak on Skaut"): "maniac-kill=не удачно",  # raised instead
            ("N1", "private: Sever on Strazh"): "sheriff-search=удачно",  # vest: no death
            ("N1", "private: Skaut on Kvant"): "compare=одинаковые",
            ("N1", "private: Pisaka on Tiger"): "article=цель стреляла в Pilot",
            ("N2", "private: Prostak on Prostak"): "recruited=Коррупционеры (1 клан Мафии)",
            ("N2", "private: Aibolit on Pisaka"): "heal=удачно",  # shot and poison
            ("N3", "private: Kvant on Kvant"): "gift=черная метка",
            ("N3", "private: Lis on Prostak"): "letter=не удачно",  # at confession
            ("N3", "private: Pastor on Lis"): "sin=не грешен",
            ("N4", "private: Aibolit on Aibolit"): "heal=удачно"}.items():
        assert (found[key].status, found[key].expected) == ("confirmed", expected), key
    assert found[("D2", "vote count (post 28)")].status == "confirmed"
    assert found[("D4", "vote count (post 58)")].status == "confirmed"


def test_the_days_read_the_seeds_vote_rules() -> None:
    log = load(CLEAN)
    d1, d2, d4 = (count_day(log, d) for d in (1, 2, 4))
    # +3 for not voting on day 1; Pastor's changed vote stands
    assert {t.target: t.votes for t in d1.tally} == {"Borman": 9, "Tesak": 6, "Prostak": 3,
                                                      "Pisaka": 1}
    # Klyk's vote at 20:45 is half; the necromancer's letter casts the zombie Skaut's vote
    tiger = next(t for t in d2.tally if t.target == "Tiger")
    assert (tiger.votes, tiger.extra) == (8.5, 1.0)
    # the black mark voids Kvant's vote; the diploma doubles Pastor's: 5 to 4, not a tie
    assert {t.target: t.votes for t in d4.tally} == {"Lis": 5, "Pisaka": 4}
    assert [(n.voter, n.reason) for n in d4.not_counted] == [("Kvant", "voided-by-action")]


def test_the_gm_mistakes_are_the_four_disputed_findings() -> None:
    found = findings(MISTAKES)
    disputed = {k: f for k, f in found.items() if f.status == "disputed"}
    assert sorted(disputed) == [("D2", "vote count (post 28)"), ("N2", "deaths"),
                                ("N2", "newspaper: healed (Pisaka)"),
                                ("N3", "private: Pastor on Lis")]
    assert all(f.chain for f in disputed.values())

    # (1) the zombie dies with his necromancer (killed by the priest's confession)
    deaths = disputed[("N2", "deaths")]
    assert (deaths.expected, deaths.published) == ("Gromov+Morok+Skaut", "Gromov+Morok")
    assert "end: Skaut dies (the necromancer is dead)" in deaths.chain

    # (2) the newspaper shows deaths only: the doctor's save is not a fact of it
    healed = disputed[("N2", "newspaper: healed (Pisaka)")]
    assert (healed.expected, healed.published) == (None, "healed")
    shot = healed.chain.index("mafia-boss: Pisaka is dying (shot, Sever)")
    saved = healed.chain.index("doctor: Aibolit treats Pisaka: saved")
    assert shot < saved

    # (3) Lis never killed anyone: «не грешен»
    sin = disputed[("N3", "private: Pastor on Lis")]
    assert (sin.expected, sin.published) == ("sin=не грешен", "sin=грешен")
    assert "priest: Pastor isolates Lis (Confession)" in sin.chain
    assert "end: Pastor is told sin: не грешен" in sin.chain

    # (4) the GM's count has Aibolit on Pisaka; he voted Tiger at post 26
    count = disputed[("D2", "vote count (post 28)")]
    assert count.chain == ("Aibolit: the GM has them on Pisaka, the re-count on Tiger since "
                           "post 26",)


def test_the_rest_of_the_mistakes_copy_is_confirmed() -> None:
    found = list(findings(MISTAKES).values())
    assert sum(f.status == "confirmed" for f in found) == len(found) - 4
    assert not [f for f in found if f.status in ("unverifiable", "ruling-dependent")]
    days = {f.phase: f.expected for f in found if f.item == "elimination"}
    assert days == {"D1": "Borman", "D2": "Tiger", "D3": "Sever", "D4": "Lis",
                    "D5": "Prostak"}


def test_replaying_the_game_twice_gives_the_same_events() -> None:
    assert deterministic_deaths(CLEAN) == [
        ["Pilot"], ["Gromov", "Morok", "Skaut"], ["Klyk"], ["Kvant", "Pisaka", "Tesak"]]


def test_the_game_files_are_written_as_save_writes_them() -> None:
    for path in (CLEAN, MISTAKES):
        assert path.read_text(encoding="utf-8") == dumps(load(path))


def test_a_suhar_turned_to_stone_by_day_makes_no_move_that_night() -> None:
    """«Сухарь может быть превращен ведущим в камень (не сможет выполнять дневных и ночных
    ходов, голосовать)»: the GM's `stoned` change on day 2 stops Strazh's shot of night 2;
    released on day 3, he shoots again on night 3."""
    from engine.gamelog import SlotChange
    from engine.night import replay_game

    log = load(CLEAN)
    strazh = next(s for s in log.players if s.id == "Strazh")
    strazh.changes.append(SlotChange(phase="D2", kind="stoned"))
    results = {r.night: r for r in replay_game(log)}
    shot = next(m for m in results[2].moves if m.actor == "Strazh")
    assert shot.refused
    assert shot.stopped == "turned to stone («сухарь»)"
    assert "Gromov" not in results[2].deaths  # the sheriff's shot killed him in the game
    strazh.changes.append(SlotChange(phase="D3", kind="released"))
    again = {r.night: r for r in replay_game(log)}
    assert not any(m.refused for m in again[3].moves if m.actor == "Strazh")
