"""A whole 18-player «Открытые роли» game (tests/engine/games/open-roles-game.json): four
days whose votes are posts of the thread (the first votes make the next night's order, the
evening's fixer and mafia move it, the judge cancels), four nights whose deaths, newspaper
and morning messages were written by hand from the seed and the rulings' defaults, every
finding confirmed (days, a running count, nights, victory); a copy with four GM mistakes,
each disputed with the chain of events that explains it; and the replay's determinism."""

from __future__ import annotations

from pathlib import Path

from engine.gamelog import dumps, load
from engine.night import replay_game
from engine.rulesets.open_roles.day import night_order
from engine.rulesets.open_roles.vocab import ROLES
from engine.verify import Finding, verify
from tests.engine.whole_games import deterministic_deaths

GAMES = Path(__file__).resolve().parent / "games"
CLEAN = GAMES / "open-roles-game.json"
MISTAKES = GAMES / "open-roles-game-gm-mistakes.json"


def findings(path: Path) -> list[Finding]:
    return verify(load(path)).findings


def test_every_role_plays_once_four_of_them_mafs() -> None:
    log = load(CLEAN)
    assert len(log.players) == 18
    assert sorted(s.role or "" for s in log.players) == sorted(r.id for r in ROLES)
    assert sorted(s.id for s in log.players if s.faction == "mafia") == \
        ["Borodach", "Dyatel", "Grach", "Vesna"]
    assert len(log.nights) == 4
    assert [p.key for p in log.phases if p.kind == "day"] == ["D1", "D2", "D3", "D4"]
    assert all(log.published.for_phase(f"N{n.number}") is not None for n in log.nights)
    # the nights carry no order of their own: each comes from its day's voting (line 4)
    assert all(n.order is None for n in log.nights)
    assert all(v.raw.startswith("Голосую за ") for v in log.votes)


def test_the_days_voting_makes_each_nights_order() -> None:
    log = load(CLEAN)
    assert night_order(log, 1) == [
        "Kit", "Rys", "Mol", "Sova", "Nerpa", "Lis", "Hrom", "Filin", "Borodach", "Eger", "Pum",
        "Grach", "Osa", "Vesna", "Ulitka", "Tigr", "Dyatel"]  # non-voters: the default reversed
    # the fixer puts Lis first, the mafia moves Dyatel to place 3 (before the bore)
    assert night_order(log, 2) == [
        "Lis", "Borodach", "Dyatel", "Grach", "Sova", "Kit", "Mol", "Eger", "Osa", "Rys", "Pum",
        "Tigr", "Ulitka", "Filin", "Hrom"]
    # the judge cancelled Borodach's vote: last (line 303); Dyatel did not vote
    assert night_order(log, 3)[-2:] == ["Dyatel", "Borodach"]
    # the non-voters Osa, Sova, Rys by night 3's order (the voting's) reversed (line 14)
    assert night_order(log, 4) == [
        "Eger", "Mol", "Pum", "Tigr", "Ulitka", "Filin", "Hrom", "Osa", "Sova", "Rys",
        "Borodach"]


def test_every_finding_of_the_clean_game_is_confirmed() -> None:
    found = findings(CLEAN)
    assert [(f.phase, f.item, f.status) for f in found if f.status != "confirmed"] == []
    days = {f.phase: f.expected for f in found if f.item == "elimination"}
    assert days == {"D1": "Zhuk", "D2": "Vesna", "D3": "Grach", "D4": "Lis"}
    deaths = {f.phase: f.expected for f in found if f.item == "deaths"}
    assert deaths == {"N1": "Nerpa", "N2": "nobody", "N3": "Dyatel+Kit", "N4": "Borodach"}
    assert [(f.phase, f.expected) for f in found if f.item == "victory"] == [("N4", "town")]
    items = {(f.phase, f.item) for f in found}
    assert ("D2", "vote count (post 32)") in items  # blocked Grach shown until the close
    assert ("N1", "private: Osa on Filin") in items  # the master drives (Zhuk seated)
    assert ("N1", "private: Kit on Pum") in items  # the match stops the samurai
    assert ("N2", "newspaper: resurrected (Borodach)") in items  # the bomb's killer raised
    assert ("N2", "private: Eger on Ulitka") in items  # the doctor revives the bomb
    assert ("N2", "private: Sova on Rys") in items  # the witch's swap
    assert ("N2", "private: Osa on Pum") in items  # the master stuns (Vesna seated)
    assert ("N3", "private: Pum on Dyatel") in items  # the samurai kills a maf
    assert ("N3", "private: Osa on Rys") in items  # the master swaps (Grach seated)
    assert ("N4", "private: Osa on Eger") in items  # the master's mirror (Lis seated)
    assert ("N4", "private: Rys on Osa") in items  # a non-voter after the one he follows
    private = [f for f in found if f.item.startswith("private:")]
    assert len(private) == 50  # every message the GM sent, each compared


def test_the_master_has_the_abilities_of_the_seated() -> None:
    """«После каждой посадки или убийства получает способности посаженного/убитого» (206)."""
    got = [[e.text for e in r.events if e.kind == "master-gains"]
           for r in replay_game(load(CLEAN))]
    assert got == [
        ["Osa gets the abilities of Zhuk (driver)", "Osa gets the abilities of Nerpa "
         "(bodyguard)"],
        ["Osa gets the abilities of Vesna (stunner)"],
        ["Osa gets the abilities of Grach (witch)", "Osa gets the abilities of Kit "
         "(matchmaker)"],
        ["Osa gets the abilities of Lis (mirror)", "Osa gets the abilities of Borodach "
         "(killer)"]]


def test_the_gm_mistakes_are_the_four_disputed_findings() -> None:
    found = findings(MISTAKES)
    disputed = {(f.phase, f.item): f for f in found if f.status == "disputed"}
    assert sorted(disputed) == [("D2", "vote count (post 32)"),
                                ("N2", "newspaper: resurrected (Ulitka)"),
                                ("N2", "private: Sova on Kit"),
                                ("N3", "deaths")]
    assert all(f.chain for f in disputed.values())
    assert sum(f.status == "confirmed" for f in found) == len(found) - 4

    # (1) night 1's match lasted one day and night: the samurai's strike kills Dyatel
    deaths = disputed[("N3", "deaths")]
    assert (deaths.expected, deaths.published) == ("Dyatel+Kit", "Kit")
    assert deaths.chain[:2] == ("moves: Dyatel is killed (strike) by Pum",
                                "end: Dyatel dies (strike)")

    # (2) the witch gave Sova the follower's move: she followed Kit and saw his match (of Lis
    # and Tigr; the GM said Lis and Rys)
    sova = disputed[("N2", "private: Sova on Kit")]
    assert sova.published == ("seen=Вы удачно совершили свой ночной ход. Результаты: Kit: "
                              "сводничество → Lis, Rys")
    assert sova.expected == ("seen=Вы удачно совершили свой ночной ход. Результаты: Kit: "
                             "сводничество → Lis, Tigr")
    swap = sova.chain.index("moves: Sova makes Rys's follow on Kit")
    seen = sova.chain.index("moves: Sova sees Kit: сводничество → Lis, Tigr")
    assert swap < sova.chain.index("moves: Kit matches Lis and Tigr") < seen

    # (3) the doctor's revival is his to know: the newspaper shows only deaths and raises
    revived = disputed[("N2", "newspaper: resurrected (Ulitka)")]
    assert (revived.expected, revived.published) == (None, "resurrected")
    assert "moves: Eger revives Ulitka (killed by Borodach)" in revived.chain
    assert "moves: Borodach is killed (bomb) by Ulitka" in revived.chain

    # (4) a blocked vote is shown in the running count until the close (line 74)
    count = disputed[("D2", "vote count (post 32)")]
    assert count.chain == ("Grach: the GM has them not voting, the re-count on Eger since "
                           "post 24",)


def test_replaying_the_game_twice_gives_the_same_events() -> None:
    assert deterministic_deaths(CLEAN) == [["Nerpa"], [], ["Dyatel", "Kit"], ["Borodach"]]


def test_the_game_files_are_written_as_save_writes_them() -> None:
    for path in (CLEAN, MISTAKES):
        assert path.read_text(encoding="utf-8") == dumps(load(path))


def test_a_morning_message_of_another_kind_is_another_answer() -> None:
    """«Вы защитили вашего пациента» where the seed's order gives «Вы оживили вашего
    пациента»: the messages are one list, so a wrong one is disputed, not unverifiable."""
    log = load(CLEAN)
    n2 = log.published.for_phase("N2")
    assert n2 is not None
    told = next(r for r in n2.private if r.recipient == "Eger" and r.subject == "Ulitka")
    told.result = {"protected": "Вы защитили вашего пациента"}
    found = {(f.phase, f.item): f for f in verify(log).findings}
    wrong = found[("N2", "private: Eger on Ulitka")]
    assert (wrong.status, wrong.expected) == ("disputed", "revived=Вы оживили вашего пациента")
    assert wrong.published == "protected=Вы защитили вашего пациента"
    assert wrong.chain


def test_a_day_match_holds_through_the_night_unless_its_maker_was_blocked() -> None:
    """«Ночная и дневная способность ... на протяжении игровых суток» (line 72-73): Kit's
    match of day 2 stands in night 2's replay; made by a matchmaker the GM's record blocks
    for the day (line 135), it does not."""
    from engine.gamelog import Action, PrivateResult, SourceRef

    log = load(CLEAN)
    day2 = next(d for d in log.days if d.number == 2)
    day2.actions.append(Action(actor="Kit", ability="match", targets=["Pum", "Dyatel"]))
    night2 = next(r for r in replay_game(log) if r.night == 2)
    assert [(e.kind, e.subject, e.actor) for e in night2.events if e.kind == "day-match"] == [
        ("day-match", "Pum", "Kit")]
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    n1.private.append(PrivateResult(recipient="Kit", kind="blocked",
                                    source=SourceRef(kind="manual")))
    night2 = next(r for r in replay_game(log) if r.night == 2)
    assert not [e for e in night2.events if e.kind == "day-match"]
    assert any(e.kind == "not-taken" and e.actor == "Kit" for e in night2.events)
