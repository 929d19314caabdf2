"""The GM's own posts in the thread read as published results: the roles revealed with the
deaths (in the three saved Russian threads) and the newspaper's facts."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from engine.gamelog import GameLog, Post
from scrapers.gmlog.posts import read_gm_posts
from scrapers.gmlog.results import victory_line
from scrapers.gmlog.vocab import vocabulary
from scrapers.scrape import scrape

THREADS = Path(__file__).parents[1] / "fixtures" / "threads"


@cache
def _scraped(name: str) -> GameLog:
    return scrape([THREADS / name], ruleset=name, timezone="Europe/Moscow")


def _deaths(log: GameLog) -> list[tuple[str, str, str | None, str | None]]:
    return [(p.phase, d.slot, d.revealed_role, d.revealed_faction)
            for p in log.published.phases for d in p.deaths]


@pytest.mark.parametrize(("name", "expected"), [
    # «Посажена Лиса, она была Пукальщиком.», «Этой ночью убит Филин, он был Врачом.»
    ("open-roles", [("D1", "Лиса", "stunner", None), ("N1", "Филин", "doctor", None),
                    ("D2", "Ёжик", "follower", None)]),
    # «Посажен Фернандес (Марио). Он был вампиром (Луиз Суарез).»
    ("world-cup-2018", [("D1", "Смолов", "citizen", None), ("N1", "Акинфеев", "priest", None),
                        ("D2", "Фернандес", "vampire", None)]),
    # «казнена Ямайка (Dagr). Она была мирной — Ру.»; the others' roles are not shown
    ("contested-island", [("D1", "Ямайка", "ru", "survivors"), ("N1", "Аруба", None, None),
                          ("D2", "Куба", None, None)]),
])
def test_roles_revealed_with_the_deaths(name: str, expected: list[tuple[str, ...]]) -> None:
    if not (THREADS / name).is_dir():
        pytest.skip(f"thread {name} missing")
    assert _deaths(_scraped(name)) == expected


def test_newspaper_facts_of_a_gm_post() -> None:
    if not (THREADS / "open-roles").is_dir():
        pytest.skip("thread open-roles missing")
    log = _scraped("open-roles").model_copy(deep=True)
    gm = log.meta.gms[0]
    text = ("Наступило утро.\nНекромант воскресил Сову.\nПокушение на Барсука не удалось.\n"
            "Кто-то ходил к Рыси. Голосование до 22:00.\nВоскрес Непонятно Кто.")
    log.posts.append(Post(number=log.posts[-1].number + 1, author=gm, html=text, text=text,
                          gm=True))
    before = len(log.issues)
    read_gm_posts(log)
    facts = [(p.phase, f.kind, f.subject, f.source.kind, f.source.post)
             for p in log.published.phases for f in p.newspaper]
    assert facts == [("N2", "resurrected", "Сова", "post", log.posts[-1].number),
                     ("N2", "protected", "Барсук", "post", log.posts[-1].number)]
    assert len(log.issues) == before  # a post is free text: other lines are no issue


ISLAND_NEWS = (
    # contested-island's newspaper as its GMs write it (seed 000, Order of Actions), in
    # English and in Russian: every fact kind the night engine shows
    ("A miracle: Куба is back among the living.", "resurrected"),
    ("Baba Nyura questioned Куба: side - mafia; weapon - katana.", "questioning"),
    ("Баба Нюра допросила Кубу: сторона - мафия.", "questioning"),
    ("The Night Hunter went on a date with Кубой.", "date"),
    ("Ночной охотник сходил на свидание с Кубой.", "date"),
    ("A clue to the one who infected Куба: a patient with no name.", "clue"),
    ("Подсказка о том, кто заразил Кубу: пациент без имени.", "clue"),
    ("Someone dug a pit in front of Куба's house.", "pit-dug"),
    ("Кто-то вырыл яму перед домом Кубы.", "pit-dug"),
    ("Врач этой ночью спас Кубу от смерти.", "healed"),
    ("Врач оживил Кубу.", "resurrected"),
)


@pytest.mark.parametrize(("line", "kind"), ISLAND_NEWS)
def test_newspaper_fact_words(line: str, kind: str) -> None:
    assert _morning_facts(line) == [(kind, "Куба")]


def _morning_facts(line: str) -> list[tuple[str, str | None]]:
    """The newspaper facts read from a morning post holding `line`, added to the saved
    contested-island thread (whose own facts are cleared)."""
    if not (THREADS / "contested-island").is_dir():
        pytest.skip("thread contested-island missing")
    log = _scraped("contested-island").model_copy(deep=True)
    log.published.phases = []
    log.posts.append(Post(number=log.posts[-1].number + 1, author=log.meta.gms[0], html=line,
                          text=f"Утро. {line}", gm=True))
    read_gm_posts(log)
    return [(f.kind, f.subject) for p in log.published.phases for f in p.newspaper]


@pytest.mark.parametrize(("ruleset", "line", "winners"), [
    ("world-cup-2018", "Мафия уничтожена: победа мирных жителей и Оргкомитета!",
     ["cops", "town"]),
    ("open-roles", "Мафии не осталось: победа честных!", ["town"]),
    ("open-roles", "Честные победили.", ["town"]),
    ("contested-island", "Only the Group of Survivors is left: the survivors win!",
     ["survivors"]),
    ("mafiascum", "Town wins!", ["town"]),
    ("mafiascum", "Victory for the mafia.", ["mafia"]),
    # no faction named, or a name that is none: no victory, never a guess
    ("open-roles", "Победа близка.", None),
    ("open-roles", "Победа честных и Кота!", None),
    ("mafiascum", "Everyone wins a cookie.", None),
])
def test_victory_words(ruleset: str, line: str, winners: list[str] | None) -> None:
    assert victory_line(line, vocabulary(ruleset)) == winners


def test_the_last_gm_post_announcing_the_end_gives_the_winners() -> None:
    if not (THREADS / "open-roles").is_dir():
        pytest.skip("thread open-roles missing")
    log = _scraped("open-roles").model_copy(deep=True)
    log.published.victory = None
    text = "Утро. Этой ночью никто не погиб.\nМафии не осталось: победа честных!"
    log.posts.append(Post(number=log.posts[-1].number + 1, author=log.meta.gms[0], html=text,
                          text=text, gm=True))
    read_gm_posts(log)
    assert log.published.victory is not None
    assert log.published.victory.winners == ["town"]
    assert log.published.victory.source.post == log.posts[-1].number


@pytest.mark.parametrize("line", ["Планы мафии этой ночью сорваны.",
                                  "The mafia's plans were thwarted tonight."])
def test_a_fact_about_no_one(line: str) -> None:
    """Rick's Thwarting Plans is "displayed as a fact" naming no player."""
    assert _morning_facts(line) == [("thwarting-plans", None)]
