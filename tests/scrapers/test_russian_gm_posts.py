"""Russian GM posts in the shapes GMs write them (issue 20, item 9): the day a topic holds
by the GM's own words, the deaths of the morning post and the day's close in their several
forms (inflected, multi-word in-game names, the nick in brackets), lists of the departed with
a reason each, and the GM's list of the living set against the deaths read. All examples
invented."""

from __future__ import annotations

import pytest

from engine.gamelog import Boundary, GameLog, Meta, Occupant, Phase, Post, Slot
from scrapers.alive_lists import read_alive_lists
from scrapers.deaths import read_deaths
from scrapers.phases.detect import detect_phases_in
from scrapers.phases.patterns import parse_number

GM = "Ведущий"
TEAMS = [("Соломоновы Острова", "Kraken"), ("Южная Корея", "Лис_88"), ("Куба", "Гур"),
         ("Коста-Рика", "Sova"), ("Мальта", "Mint"), ("Ямайка", "Dagr")]


def _posts(gm_first: str, gm_last: str = "День окончен. Наступила ночь.") -> list[Post]:
    return [Post(number=1, author=GM, html="", text=gm_first, gm=True),
            Post(number=2, author="Гур", html="", text="Доброе утро."),
            Post(number=3, author="Sova", html="", text="Кто голосует?"),
            Post(number=4, author=GM, html="", text=gm_last, gm=True),
            Post(number=5, author="Mint", html="", text="Спокойной ночи.")]


@pytest.mark.parametrize(("opening", "day"), [
    ("День третий\n\nГород просыпается.", 3),
    ("Наступил день 2. Обсуждаем.", 2),
    ("Итоги ночи 2 и начало дня 3", 3),
    ("ИТОГИ ВТОРОЙ НОЧИ\nНочью никто не погиб.", 3),
    ("Утро четвёртого дня.", 4),
    ("Наступил 5-й день!", 5),
    ("Доброе утро! Начинается день двенадцатый.", 12),
    ("День 20 (заключительный)", 20),
])
def test_a_topic_is_the_day_its_gm_names(opening: str, day: int) -> None:
    phases, issues = detect_phases_in(_posts(opening))
    got = [(p.key, p.start.post if p.start else None, p.end.post if p.end else None)
           for p in phases]
    # the night before the day ends where the topic starts; the topic's day ends at post 4
    assert got == [(f"N{day - 1}", None, 1), (f"D{day}", 1, 4), (f"N{day}", 4, None)]
    assert issues == []


def test_a_topic_of_day_one_and_a_game_whose_gm_numbers_day_two_first() -> None:
    phases, _ = detect_phases_in(_posts("День первый. Начинаем!"))
    assert [p.key for p in phases] == ["D1", "N1"]
    # "Day 2" first named far into the thread (after players posted): day 1 was played
    # here unnumbered, so the thread starts with day 1
    posts = [Post(number=1, author=GM, html="", text="Добро пожаловать в игру.", gm=True),
             Post(number=2, author="Гур", html="", text="Привет."),
             Post(number=3, author=GM, html="", text="Наступил день 2.", gm=True),
             Post(number=4, author="Sova", html="", text="Ок.")]
    phases, _ = detect_phases_in(posts)
    assert phases[0].key == "D1"
    # a lower number anywhere (the GM's day 1 named later) keeps day 1
    phases, _ = detect_phases_in(_posts("Наступил день 2.", "Итак, день 1 окончен."))
    assert phases[0].key == "D1"


@pytest.mark.parametrize(("word", "n"), [("третий", 3), ("двадцатого", 20), ("3-й", 3),
                                         ("2-го", 2), ("пятнадцатая", 15),
                                         ("девятнадцатом", 19), ("четырнадцать", 14)])
def test_ordinals_in_their_cases_and_digits(word: str, n: int) -> None:
    assert parse_number(word) == n


def _log(gm: dict[int, str]) -> GameLog:
    """Day 2 opening at post 1 (the night 1 before it), closing at post 10."""
    players = [Slot(id=name, number=i, ingame_name=name, occupants=[Occupant(nick=nick)])
               for i, (name, nick) in enumerate(TEAMS, start=1)]
    posts = [Post(number=n, author=GM, html="", text=gm[n], gm=True) if n in gm
             else Post(number=n, author=TEAMS[n % 6][1], html="", text="Думаю.",
                       slot=TEAMS[n % 6][0])
             for n in range(1, 13)]
    phases = [Phase(kind="night", number=1, start=None, end=Boundary(post=1, source="gm-post")),
              Phase(kind="day", number=2, start=Boundary(post=1, source="gm-post"),
                    end=Boundary(post=10, source="gm-post")),
              Phase(kind="night", number=2, start=Boundary(post=10, source="gm-post"))]
    return GameLog(meta=Meta(title="t", ruleset="world-cup-2018", gms=[GM]), players=players,
                   posts=posts, phases=phases)


def _read(gm: dict[int, str]) -> tuple[GameLog, list[tuple[str, str, str, int | None]],
                                        list[str]]:
    log = _log(gm)
    issues = [f"{i.code} {i.where.post}" for i in read_deaths(log)]
    deaths = [(pub.phase, d.slot, str(d.kind), d.source.post)
              for pub in log.published.phases for d in pub.deaths]
    return log, deaths, issues


@pytest.mark.parametrize(("morning", "slot"), [
    ("Ночью был убит житель Кубы (Гур).", "Куба"),
    ("Этой ночью убит мирный житель Соломоновы Острова (Kraken).", "Соломоновы Острова"),
    ("Утром нашли тело жителя Соломоновых островов.", "Соломоновы Острова"),
    ("Нас покинула Южная Корея (Лис_88).", "Южная Корея"),
    ("Город просыпается без Коста-Рики: Коста-Рика нас покинула.", "Коста-Рика"),
    ("Мальта (Mint) найдена мёртвой у себя дома.", "Мальта"),
    ("Ночью, к сожалению, погибла Ямайка (Dagr)!", "Ямайка"),
    ("Mint (Мальта) найден мертвым.", "Мальта"),
])
def test_morning_deaths(morning: str, slot: str) -> None:
    _, deaths, issues = _read({1: "Наступил день 2.\n" + morning, 10: "День окончен."})
    assert deaths == [("N1", slot, "killed", 1)]
    assert issues == []


def test_closing_post_leaving_is_the_elimination() -> None:
    _, deaths, issues = _read({1: "Наступил день 2. Все живы.",
                               10: "День окончен. По итогам голосования нас покидает "
                                   "Южная Корея (Лис_88)."})
    assert deaths == [("D2", "Южная Корея", "eliminated", 10)]
    assert issues == []


def test_departed_list_numbered_with_reasons_and_phases() -> None:
    _, deaths, issues = _read({1: "Итоги ночи 1\n\nВыбывшие:\n1. Куба (Гур) — посажен по "
                                  "итогам голосования\n2. Соломоновы Острова (Kraken) — убиты "
                                  "мафией\n3. Mint [Мальта]: модкилл за неактив\n\nОбсуждаем.",
                               10: "День окончен."})
    # the elimination of the day before the night, the night's kill, the modkill
    assert deaths == [("D1", "Куба", "eliminated", 1), ("N1", "Соломоновы Острова", "killed", 1),
                      ("N1", "Мальта", "modkilled", 1)]
    assert issues == []


def test_departed_list_on_one_line_and_earlier_phases_named() -> None:
    _, deaths, issues = _read({1: "Наступил день 2. Выбывшие: Ямайка - казнена днём 1, "
                                  "была мирной; Коста-Рику (Sova) застрелили ночью 1, "
                                  "Южная Корея — отравлена маньяком",
                               10: "День окончен."})
    assert deaths == [("D1", "Ямайка", "eliminated", 1), ("N1", "Коста-Рика", "killed", 1),
                      ("N1", "Южная Корея", "killed", 1)]
    assert issues == []


def test_departed_list_reports_what_it_cannot_use() -> None:
    _, deaths, issues = _read({1: "Выбывшие:\nКуба — ушёл отдыхать\nАтлантида — убита\n",
                               10: "День окончен."})
    assert deaths == []
    assert issues == ["death-reason-unknown 1", "death-name-unknown 1"]


def _alive(morning: str) -> tuple[GameLog, list[str]]:
    log = _log({1: morning, 10: "День окончен."})
    issues = read_deaths(log)
    issues += read_alive_lists(log)
    return log, [f"{i.code} {i.severity}" for i in issues]


@pytest.mark.parametrize("listing", [
    "Живые игроки (5): Соломоновы Острова, Южная Корея, Коста-Рика, Мальта, Ямайка",
    "Остались в игре:\n1. Соломоновы Острова (Kraken)\n2. Лис_88 (Южная Корея)\n"
    "3. Коста-Рика - Sova\n4. Mint\n5. Ямайка [Dagr]",
    "В игре остались: Kraken, Лис_88, Sova, Mint, Dagr.",
])
def test_alive_list_agrees_with_the_deaths(listing: str) -> None:
    log, issues = _alive("Наступил день 2. Ночью убит Куба (Гур).\n\n" + listing)
    assert issues == ["alive-list info"]
    assert log.players[2].fate.kind == "unknown"  # only the deaths read say Куба died


def test_alive_list_leaving_out_a_player_whose_death_was_not_read() -> None:
    log, issues = _alive("День второй.\nОстались в игре: Южная Корея, Коста-Рика, Мальта, "
                         "Ямайка, Соломоновы Острова")
    assert issues == ["alive-list-differs warning", "alive-list info"]
    cuba = next(s for s in log.players if s.id == "Куба")
    assert (cuba.fate.kind, cuba.fate.phase) == ("killed", "N1")


def test_alive_list_naming_the_dead_and_a_wrong_count() -> None:
    log, issues = _alive("Наступил день 2. Этой ночью убита Ямайка (Dagr).\n"
                         "Живые игроки (7): Соломоновы Острова, Южная Корея, Куба, Коста-Рика, "
                         "Мальта, Ямайка")
    assert issues == ["alive-list-differs warning", "alive-list-differs warning",
                      "alive-list info"]
    assert all(s.fate.kind == "unknown" for s in log.players)


def test_alive_list_with_a_name_of_no_player_changes_nothing() -> None:
    log, issues = _alive("Наступил день 2.\nЖивые: Соломоновы Острова, Атлантида")
    assert issues == ["alive-list-name-unknown warning"]
    assert all(s.fate.kind == "unknown" for s in log.players)
