"""Night verification on the bundled sample: the GM's night confirmed; a copy with GM
mistakes disputed with the chain; the counterfactual replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.gamelog import Action, GameLog, NewspaperFact, SourceRef, load
from engine.night import replay, replay_game
from engine.verify import verify

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample" / "island-mini.json"


def night_findings(log: GameLog) -> list[tuple[str, str]]:
    return [(f.item, f.status) for f in verify(log).findings if f.phase == "N1"]


def test_the_sample_night_is_confirmed() -> None:
    assert night_findings(load(SAMPLE)) == [
        ("deaths", "confirmed"), ("newspaper: clue (Мальта)", "confirmed"),
        ("newspaper: psychic-attack (Мальта)", "confirmed"),
        ("private: Фиджи on Корсика", "confirmed")]


def test_gm_mistakes_are_disputed_with_the_chain() -> None:
    log = load(SAMPLE)
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    n1.deaths[0].slot = "Ямайка"  # a wrong death
    # a fact the order of actions does not display (the stun is "not displayed")
    n1.newspaper.append(NewspaperFact(kind="stunned", subject="Ямайка",
                                      source=SourceRef(kind="post", post=12)))
    n1.private[0].result = {"type": "+"}  # a wrong check result
    found = {f.item: f for f in verify(log).findings if f.phase == "N1"}
    deaths = found["deaths"]
    assert (deaths.status, deaths.expected, deaths.published) == ("disputed", "Мальта",
                                                                  "Ямайка")
    assert "leader-kills: Корсика's psychic attack (Murder) lands on Мальта" in deaths.chain
    assert "stunning-blow: Куба blocks Ямайка (Stunning Blow)" not in deaths.chain
    assert "stunning-blow: Куба stuns Ямайка (Stunning Blow)" in deaths.chain
    assert found["newspaper: stunned (Ямайка)"].status == "disputed"
    check = found["private: Фиджи on Корсика"]
    assert (check.status, check.expected, check.published) == ("disputed", "type=K",
                                                               "type=+")


def test_replay_without_the_murder_kills_nobody() -> None:
    log = load(SAMPLE)
    murder = next(i for i, a in enumerate(log.nights[0].actions) if a.ability == "murder")
    assert replay(log, 1, drop={murder}).deaths == []
    physical = Action(actor="Корсика", ability="murder", targets=["Ямайка"],
                      options={"attack": "physical"})
    # Milton covers Jamaica: the physical murder is stopped and shown as a save
    again = replay(log, 1, replace={murder: physical})
    assert again.deaths == []
    assert [(e.kind, e.subject) for e in again.events if e.visibility == "newspaper"] == [
        ("protected", "Ямайка")]


def test_replay_is_deterministic() -> None:
    log = load(SAMPLE)
    first, second = replay_game(log), replay_game(log)
    assert [e for r in first for e in r.events] == [e for r in second for e in r.events]


def test_a_night_the_gm_ruled_another_way_is_ruling_dependent() -> None:
    """The GM let Milton's Cover go ahead though Rick stunned him (stun-vs-unblockable =
    a-block); under the default the stun stops it and Levy dies."""
    from engine.gamelog import Death
    from tests.engine.test_verify_stated import stunned_cover

    log = stunned_cover(stated=False)
    ref = SourceRef(kind="manual", post=5)
    found = {f.item: f for f in verify(log).findings if f.phase == "N1"}
    assert found["deaths"].status == "ruling-dependent"
    assert found["deaths"].by_option == {"contested-island.stun-vs-unblockable=a-block":
                                         "nobody"}
    assert found["newspaper: protected (L)"].status == "ruling-dependent"
    # the GM's death list says Levy died: the default confirms it
    log.published.phases[0].deaths.append(Death(slot="L", kind="killed", source=ref))
    log.published.phases[0].newspaper.clear()
    assert {f.item: f.status for f in verify(log).findings if f.phase == "N1"} == {
        "deaths": "confirmed"}


def test_a_wrong_winner_is_disputed() -> None:
    """Victory Conditions: "All representatives of other groups are destroyed." """
    log = load(SAMPLE)
    found = [f for f in verify(log).findings if f.item == "victory"]
    assert [(f.phase, f.status, f.expected) for f in found] == [("D2", "confirmed",
                                                                 "survivors")]
    assert log.published.victory is not None
    log.published.victory.winners = ["order-of-li"]
    wrong = next(f for f in verify(log).findings if f.item == "victory")
    assert (wrong.status, wrong.expected, wrong.published) == ("disputed", "survivors",
                                                               "order-of-li")
    # a victory announced while two groups live on
    log.published.for_phase("D2").deaths.clear()  # type: ignore[union-attr]
    early = next(f for f in verify(log).findings if f.item == "victory")
    assert (early.status, early.expected) == ("disputed", "the game goes on")


def test_a_game_log_written_by_hand_in_yaml(tmp_path: Path) -> None:
    """Night actions may be written in a YAML game log as well as JSON."""
    import json

    import yaml

    from engine.errors import GameLogError

    doc = json.loads(SAMPLE.read_text(encoding="utf-8"))
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert night_findings(load(path)) == night_findings(load(SAMPLE))
    broken = tmp_path / "broken.yaml"
    broken.write_text("meta: [unclosed\n", encoding="utf-8")
    with pytest.raises(GameLogError, match=r"broken\.yaml.*line 2.*not valid YAML"):
        load(broken)


def test_the_chain_of_a_wrong_death_names_the_pit_at_the_victims_house() -> None:
    from engine.gamelog import Death, Meta, NightLog, Occupant, Phase, PhasePublished, Slot

    roles = {"U": "ru", "J": "jen-li", "L": "john-levy"}
    ref = SourceRef(kind="manual", post=9)
    log = GameLog(
        meta=Meta(title="t", ruleset="contested-island"),
        players=[Slot(id=s, occupants=[Occupant(nick=s)], role=r) for s, r in roles.items()],
        phases=[Phase(kind="night", number=1), Phase(kind="night", number=2)],
        nights=[NightLog(number=1, actions=[Action(actor="U", ability="trap", targets=["L"])]),
                NightLog(number=2, actions=[Action(actor="J", ability="murder", targets=["L"],
                                                   options={"attack": "physical"})])])
    log.published.phases.extend([
        PhasePublished(phase="N1"),
        PhasePublished(phase="N2", deaths=[Death(slot="L", kind="killed", source=ref)])])
    deaths = next(f for f in verify(log).findings if (f.phase, f.item) == ("N2", "deaths"))
    assert (deaths.status, deaths.expected, deaths.published) == ("disputed", "nobody", "L")
    assert any("pit in front of L's house" in line for line in deaths.chain), deaths.chain


def test_an_action_the_rule_set_does_not_know_makes_the_night_unverifiable() -> None:
    log = load(SAMPLE)
    log.nights[0].actions.append(Action(actor="Куба", ability="dance", targets=["Мальта"]))
    found = [f for f in verify(log).findings if f.phase == "N1"]
    assert (found[0].item, found[0].status) == ("action log", "unverifiable")
    assert "'dance'" in found[0].reason


def _words(log: GameLog, text: str, subject: str | None = None) -> tuple[str, str | None]:
    """The sample's check result replaced by the GM's words (a GM log's «Фиджи: «...»»)."""
    n1 = log.published.for_phase("N1")
    assert n1 is not None
    n1.private[0].result = {"text": text}
    n1.private[0].subject = subject
    found = next(f for f in verify(log).findings if f.item.startswith("private: Фиджи"))
    return found.status, found.expected


def test_a_private_result_kept_as_the_gms_words() -> None:
    # the replay tells Fiji "K" of Corsica: the same words confirm, others dispute (Fiji
    # is told one thing that night), whoever it is about
    assert _words(load(SAMPLE), "K") == ("confirmed", "K")
    assert _words(load(SAMPLE), "«k».", "Корсика") == ("confirmed", "K")
    assert _words(load(SAMPLE), "+", "Корсика") == ("disputed", "K")
    # about a player the replay tells Fiji nothing of: nothing to place the words against
    assert _words(load(SAMPLE), "K", "Мальта") == ("unverifiable", None)
