"""Deaths read from the GM's posts (scrapers/deaths.py): eliminations in the posts that close
a day, kills in the posts that open the next, modkills; Russian and English wordings,
inflected and hyphenated names, names that fit several players or none."""

from __future__ import annotations

from engine.gamelog import (
    Boundary,
    Death,
    GameLog,
    Meta,
    Occupant,
    Phase,
    PhasePublished,
    Post,
    Slot,
    SourceRef,
)
from scrapers.deaths import read_deaths

GM = "Ведущий"
ISLANDS = [("Ямайка", "Dagr"), ("Аруба", "Uranium235"), ("Куба", "Гур"), ("Бора-Бора", "Heroist"),
           ("Лиса", "Fox"), ("Филин", "Owl")]
NICKS = ["Blood Queen", "Reckamonic", "Cyberbob", "MarioManiac4", "Sam Blue", "Sam Red"]
# day 1: posts 2-10, night 1: 10-12, day 2: 12-20, night 2 from 20
PHASES = [("day", 1, 2, 10), ("night", 1, 10, 12), ("day", 2, 12, 20), ("night", 2, 20, None)]


def _log(gm: dict[int, str], *, english: bool = False) -> GameLog:
    if english:
        players = [Slot(id=n, number=i, occupants=[Occupant(nick=n)])
                   for i, n in enumerate(NICKS, start=1)]
    else:
        players = [Slot(id=name, number=i, ingame_name=name, occupants=[Occupant(nick=nick)])
                   for i, (name, nick) in enumerate(ISLANDS, start=1)]
    last = max([*gm, 22])
    posts = [Post(number=n, author=GM, html="", text=gm[n], gm=True) if n in gm
             else Post(number=n, author=players[n % len(players)].nicks[0], html="",
                       text="Думаю.", slot=players[n % len(players)].id)
             for n in range(1, last + 1)]
    phases = [Phase(kind=k, number=no, start=Boundary(post=s, source="gm-post"),
                    end=Boundary(post=e, source="gm-post") if e is not None else None)
              for k, no, s, e in PHASES]
    return GameLog(meta=Meta(title="t", ruleset="mafiascum", gms=[GM]), players=players,
                   posts=posts, phases=phases)


def _deaths(log: GameLog) -> list[tuple[str, str, str, int | None]]:
    return [(pub.phase, d.slot, d.kind, d.source.post)
            for pub in log.published.phases for d in pub.deaths]


def _issues(gm: dict[int, str], *, english: bool = False) -> tuple[GameLog, list[str]]:
    log = _log(gm, english=english)
    return log, [f"{i.code} {i.where.post}" for i in read_deaths(log)]


def test_russian_lynch_and_night_kill() -> None:
    log, issues = _issues({
        2: "День 1. Если игрок убит ночью, его роль вскрывается.",
        10: "Итоги голосования: Ямайка — 5, Куба — 4.\n\nПо итогам голосования казнена "
            "Ямайка (Dagr). Она была мирной.",
        11: "Наступила ночь.",
        12: "День 2\n\nНаступил второй день. Этой ночью была убита Аруба (Uranium235).",
        20: "Итоги второго дня. По итогам голосования казнён Куба (Гур).",
    })
    assert _deaths(log) == [("D1", "Ямайка", "eliminated", 10), ("N1", "Аруба", "killed", 12),
                            ("D2", "Куба", "eliminated", 20)]
    assert issues == []
    first = log.published.phases[0].deaths[0]
    assert first.raw == "казнена Ямайка"
    assert first.source.text == "казнена Ямайка"
    assert first.source.kind == "post"


def test_russian_inflected_names_on_either_side() -> None:
    log, issues = _issues({
        10: "Город казнил Кубу.",
        12: "Утро. Лису нашли в лесу: Лиса найдена мёртвой.",
        20: "Бора-Бора был казнен, он был доктором.",
    })
    assert _deaths(log) == [("D1", "Куба", "eliminated", 10), ("N1", "Лиса", "killed", 12),
                            ("D2", "Бора-Бора", "eliminated", 20)]
    assert issues == []


def test_russian_more_wordings() -> None:
    log, _ = _issues({
        10: "Решением города из игры выбывает Филин.",
        12: "Этой ночью убиты Ямайка и Аруба. Все остальные живы.",
        20: "Посажена Лиса, она была Пукальщиком.",
    })
    assert _deaths(log) == [("D1", "Филин", "eliminated", 10), ("N1", "Ямайка", "killed", 12),
                            ("N1", "Аруба", "killed", 12), ("D2", "Лиса", "eliminated", 20)]


def test_the_dead_is_the_name_written_out_not_the_killer() -> None:
    log, _ = _issues({12: "Аруба убита Ямайкой."})
    assert _deaths(log) == [("N1", "Аруба", "killed", 12)]


def test_a_night_death_by_other_words() -> None:
    log, _ = _issues({12: "Этой ночью погибла Мальта. Этой ночью умер Филин."})
    assert _deaths(log) == [("N1", "Филин", "killed", 12)]  # Мальта plays in another game


def test_english_wordings() -> None:
    log, issues = _issues({
        10: "Blood Queen has been lynched! She was a Vanilla Townie.",
        12: "Day 2 begins. Last night, Reckamonic was killed. Cyberbob was found dead.",
        20: "With 4 votes the town lynched MarioManiac4. Night 2 begins.",
    }, english=True)
    assert _deaths(log) == [("D1", "Blood Queen", "eliminated", 10),
                            ("N1", "Reckamonic", "killed", 12), ("N1", "Cyberbob", "killed", 12),
                            ("D2", "MarioManiac4", "eliminated", 20)]
    assert issues == []


def test_english_died_and_dead() -> None:
    log, _ = _issues({10: "Reck was lynched.", 12: "Cyberbob has died. Blood Queen is dead."},
                     english=True)
    assert _deaths(log) == [("D1", "Reckamonic", "eliminated", 10),
                            ("N1", "Cyberbob", "killed", 12), ("N1", "Blood Queen", "killed", 12)]


def test_ambiguous_and_unknown_names_are_reported() -> None:
    log, issues = _issues({10: "Sam was lynched.", 12: "Gandalf was killed last night."},
                          english=True)
    assert _deaths(log) == []
    assert issues == ["death-name-unknown 10", "death-name-unknown 12"]
    found = read_deaths(_log({10: "Sam was lynched."}, english=True))
    assert "Sam Blue" in found[0].message
    assert "Sam Red" in found[0].message
    assert found[0].text is not None
    assert "Sam was lynched" in found[0].text
    assert found[0].severity == "warning"


def test_no_lynch() -> None:
    log, issues = _issues({10: "Итоги дня: никто не казнён.", 12: "Этой ночью никто не был убит."})
    assert _deaths(log) == []
    assert issues == []
    pub = log.published.for_phase("D1")
    assert pub is not None
    assert pub.no_elimination is not None
    assert pub.no_elimination.post == 10
    for text in ("Казни не было.", "Посадки нет."):
        item = _log({10: text})
        read_deaths(item)
        got = item.published.for_phase("D1")
        assert got is not None
        assert got.no_elimination is not None


def test_english_no_lynch_but_not_a_vote_count_row() -> None:
    log, _ = _issues({10: "Votes: No Lynch - 2 (Cyberbob, Reckamonic)\nNo one was lynched.",
                      20: "No Lynch - 1 (Cyberbob)\nSam Blue has been lynched."}, english=True)
    d1, d2 = log.published.for_phase("D1"), log.published.for_phase("D2")
    assert d1 is not None
    assert d1.no_elimination is not None
    assert d1.no_elimination.text == "No one was lynched"
    assert d2 is not None
    assert d2.no_elimination is None
    assert _deaths(log) == [("D2", "Sam Blue", "eliminated", 20)]


def test_modkill_during_a_day_departs_at_its_post() -> None:
    log, _ = _issues({1: "Rules: inactive players will be modkilled.",
                      15: "Cyberbob has been modkilled for inactivity.",
                      16: "Модкилл: Reckamonic."}, english=True)
    assert _deaths(log) == [("D2", "Cyberbob", "modkilled", 15),
                            ("D2", "Reckamonic", "modkilled", 16)]


def test_a_death_already_published_is_not_repeated() -> None:
    log = _log({10: "По итогам голосования казнена Ямайка.", 12: "Убит Филин."})
    log.published.phases.append(PhasePublished(phase="D1", deaths=[Death(
        slot="Ямайка", kind="eliminated", source=SourceRef(kind="post", post=10))]))
    read_deaths(log)
    read_deaths(log)  # twice: nothing new the second time
    assert _deaths(log) == [("D1", "Ямайка", "eliminated", 10), ("N1", "Филин", "killed", 12)]


def test_no_phases_no_deaths() -> None:
    log = _log({10: "Казнена Ямайка."})
    log.phases = []
    assert read_deaths(log) == []
    assert log.published.phases == []


def test_a_role_between_the_name_and_the_verb() -> None:
    log, issues = _issues({
        10: "Blood Queen, Vanilla Townie, lynched Day 1.",
        12: "Reckamonic (Town Doctor) has been killed. Cyberbob, Mafia Goon, was killed.",
    }, english=True)
    assert _deaths(log) == [("D1", "Blood Queen", "eliminated", 10),
                            ("N1", "Reckamonic", "killed", 12), ("N1", "Cyberbob", "killed", 12)]
    assert issues == []


def test_the_killer_is_not_the_dead() -> None:
    log, _ = _issues({12: "Cyberbob killed Reckamonic. MarioManiac4 was killed by Sam Red."},
                     english=True)
    assert _deaths(log) == [("N1", "Reckamonic", "killed", 12),
                            ("N1", "MarioManiac4", "killed", 12)]


def test_a_name_before_the_verb_is_the_last_words() -> None:
    log, issues = _issues({12: "Филин сказал что Аруба убита. I heard he died."})
    assert _deaths(log) == [("N1", "Аруба", "killed", 12)]
    assert issues == ["death-name-unknown 12"]  # "he died": no name


def test_english_executed_and_nobody_executed() -> None:
    """contested-island's GMs write «казнить X» votes and announce "X is executed"."""
    log, issues = _issues({10: "Day 1 is over. The votes are tied: nobody is executed.",
                           20: "Day 2 is over. Reck is executed. Reck - Rick Morgan."},
                          english=True)
    assert _deaths(log) == [("D2", "Reckamonic", "eliminated", 20)]
    d1 = log.published.for_phase("D1")
    assert d1 is not None
    assert d1.no_elimination is not None
    assert d1.no_elimination.post == 10
    assert issues == []
