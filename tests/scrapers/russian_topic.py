"""A made-up mid-game topic of a world-cup-2018 game (seed 001): day 2 only, as games split
one topic a day are saved. The GM's morning post names the day in its own words («Итоги ночи
1 и начало дня 2»), announces the night's deaths in three forms, lists the departed with a
reason each and the living; the players talk and vote (red names, as the seed asks); the GM
closes the day. The players are national teams (in-game names, several of two words and
inflected in the GM's posts) with their nicks.

Planted in what the GM published: Саудовская Аравия is announced killed in the night though
nothing killed her (the doctor did not heal Ямайка, the boss shot only Ямайка), and the GM
log tells Южная Корея (the committee head) «не удачно» for a search that found the boss.
`GM_LOG` is the GM's log of night 1, with the private results on the actions' lines."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from engine.gamelog import GameLog, Meta, Occupant, Post, Slot, Vote
from scrapers.render import render_thread

GM = "Ведущий"
MSK = ZoneInfo("Europe/Moscow")
# slot (in-game name), nick
PLAYERS = [("Южная Корея", "Fox"), ("Куба", "Гур"), ("Мальта", "Мент"),
           ("Соломоновы Острова", "Heroist"), ("Коста-Рика", "Dagr"), ("Ямайка", "Owl"),
           ("Саудовская Аравия", "Lynx"), ("Фиджи", "Bobr")]
NICK = dict(PLAYERS)

MORNING = """Итоги ночи 1 и начало дня 2

Город просыпается. Ночью был убит житель Ямайки (Owl), его нашли у моря.
Саудовская Аравия (Lynx) найдена мёртвой в своём доме.

Выбывшие:
1. Фиджи (Bobr) — посажен по итогам дня 1
2. Ямайка (Owl) — убит этой ночью
3. Саудовская Аравия (Lynx) — убита этой ночью

Живые игроки (5):
1. Южная Корея (Fox)
2. Куба (Гур)
3. Мальта (Мент)
4. Соломоновы Острова (Heroist)
5. Коста-Рика (Dagr)

Обсуждение и голосование до 21:00 по Москве."""

DAY_END = """День второй окончен.

По итогам голосования посажена Коста-Рика (Dagr). Наступает ночь."""

# (nick, text, vote for: slot or None, hour, minute) on 17 June
TALK = [
    ("Fox", "Жалко Ямайку. Кто что думает?", None, 9, 5),
    ("Гур", "Я думаю, Южная Корея слишком тихая.", None, 9, 40),
    ("Мент", "Коста-Рика вчера голосовала странно.", None, 10, 15),
    ("Dagr", "Я мирный, не надо на меня.", None, 11, 0),
    ("Heroist", "Согласен с Ментом.", None, 12, 30),
    ("Fox", "Голосую.", "Коста-Рика", 13, 0),
    ("Гур", "А я так.", "Южная Корея", 14, 10),
    ("Мент", "Мой голос.", "Коста-Рика", 15, 20),
    ("Dagr", "Тогда я против Кореи.", "Южная Корея", 16, 0),
    ("Heroist", "Присоединяюсь.", "Коста-Рика", 17, 45),
]

ROSTER = "\n".join(f"{name} - {nick}" for name, nick in PLAYERS) + "\n"

GM_LOG = """Лог ведущего

Роли игроков:
Южная Корея — Глава Комитета (копы)
Куба — Главный коррупционер (коррупционеры)
Мальта — Врач команды (мирная)
Соломоновы Острова — Главный тренер (мирная)
Коста-Рика — Обычный коррупционер (коррупционеры)
Ямайка — Обычный участник чемпионата (мирная)
Саудовская Аравия — Обычный участник чемпионата (мирная)
Фиджи — Обычный участник чемпионата (мирная)

1 ночь
Главный коррупционер (Куба) — выстрел босса → Ямайка
Мальта [Врач команды]: лечение Соломоновых Островов → неудачно
Комиссар (Южная Корея) поиск босса мафии у Кубы — неудачно
Соломоновы Острова, главный тренер: исповедь Коста-Рики -> «не грешен»
"""

# the findings verify must dispute, and only these
PLANTED = ["N1 deaths", "N1 private: Южная Корея on Куба"]


def topic_log() -> GameLog:
    """The topic's posts (votes as the renderer writes them), before rendering."""
    posts = [Post(number=1, author=GM, html="", text=MORNING, gm=True,
                  time=datetime(2018, 6, 16, 23, 30, tzinfo=MSK))]
    votes: list[Vote] = []
    for nick, text, target, hour, minute in TALK:
        number = len(posts) + 1
        posts.append(Post(number=number, author=nick, html="", text=text,
                          time=datetime(2018, 6, 17, hour, minute, tzinfo=MSK)))
        if target is not None:
            votes.append(Vote(post=number, author=nick, raw=target, target=target))
    posts.append(Post(number=len(posts) + 1, author=GM, html="", text=DAY_END, gm=True,
                      time=datetime(2018, 6, 17, 21, 5, tzinfo=MSK)))
    players = [Slot(id=name, number=i, ingame_name=name, occupants=[Occupant(nick=nick)])
               for i, (name, nick) in enumerate(PLAYERS, start=1)]
    return GameLog(meta=Meta(title="Чемпионат мира. День 2", ruleset="world-cup-2018",
                             gms=[GM], timezone="Europe/Moscow"),
                   players=players, posts=posts, votes=votes)


def write_topic(folder: Path) -> tuple[Path, Path, Path]:
    """The saved pages (phpBB 3.3), the roster and the GM log in `folder`: (pages folder,
    roster file, GM log)."""
    pages = folder / "thread"
    pages.mkdir(parents=True)
    for name, data in render_thread(topic_log(), engine="phpbb33"):
        (pages / name).write_bytes(data)
    roster = folder / "roster.txt"
    roster.write_text(ROSTER, encoding="utf-8")
    gm_log = folder / "gm-log.txt"
    gm_log.write_text(GM_LOG, encoding="utf-8")
    return pages, roster, gm_log
