"""«Чемпионат мира 2018»'s vocabulary (seed 001): factions, roles, the fairy's gifts, the
ability ids and slot changes the day reads, the night order, and how a role or gift is
written. A leaf: the rest of the rule set (rulings, day, night) reads it."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from engine.rulesets.base import Faction, Role, Roster

ID = "world-cup-2018"
SEED = "001_221c34118e616beb.txt"

# Factions: the three mafia clans, the cops (who win with the town), the town, and the
# neutrals (each with its own victory; the mayor, journalist and jester pick a side).
FACTIONS: dict[str, str] = {
    "corrupt": "Коррупционеры (1 клан Мафии)",
    "dirty": "«Грязные» спортсмены (2 клан Мафии)",
    "doping": "Допинг-офицеры (3 клан Мафии)",
    "cops": "Оргкомитет Россия — 2018 (Копы)",
    "town": "Участники Чемпионата Мира",
    "neutral": "Нейтралы",
}


ROLES: tuple[Role, ...] = (
    Role("corrupt-boss", "Corrupt boss", "Главный коррупционер", "corrupt"),
    Role("corrupt-recruiter", "Corrupt recruiter", "Вербовщик коррупционеров", "corrupt"),
    Role("corrupt-goon", "Corrupt goon", "Обычный коррупционер", "corrupt"),
    Role("dirty-boss", "Dirty boss", "Главный «грязный»", "dirty"),
    Role("dirty-recruiter", "Dirty recruiter", "Вербовщик «грязных»", "dirty"),
    Role("dirty-goon", "Dirty goon", "Обычный «грязный»", "dirty"),
    Role("necromancer", "Necromancer (doping officer)", "Допинг-офицер", "doping",
         also=("Некромант",), vote="decides his zombies' votes by a letter to the GM"),
    Role("zombie", "Zombie (doped athlete)", "Спортсмен-допингист", "doping",
         also=("Зомби",), vote="votes as the necromancer says; a confessing priest takes his vote"),
    Role("sheriff", "Sheriff (committee head)", "Глава Комитета", "cops",
         also=("Шериф",)),
    Role("deputy", "Deputy sheriff", "Заместитель Главы Комитета", "cops",
         also=("Помощник шерифа",)),
    Role("doctor", "Team doctor", "Врач команды", "town",
         also=("Врач",)),
    Role("treasure-hunter", "Treasure hunter (stadium agronomist)", "Агроном стадионов", "town",
         also=("Кладоискатель",)),
    Role("priest", "Priest (head coach)", "Главный тренер", "town",
         also=("Священник",), vote="a confessed zombie's vote is his on the next day"),
    Role("drunkard", "Drunkard (old hookah man)", "Старый кальянщик", "town",
         also=("Пьяница",)),
    Role("statistician", "Statistician (super-club scout)", "Скаут супер-клубов", "town",
         also=("Статист",)),
    Role("fairy", "Mad fairy (team quartermaster)", "Завхоз сборной", "town",
         also=("Безумная Фея",), vote="gifts the black mark and the diploma"),
    Role("witness", "Witness (attentive fan)", "Внимательный фанат", "town",
         also=("Свидетель",)),
    Role("citizen", "Citizen", "Обычный участник чемпионата", "town",
         also=("Мирный житель",)),
    Role("thief", "Thief (third-league player)", "Игрок третьей лиги", "neutral",
         also=("Вор",)),
    Role("tour-operator", "Tour operator (Aeroflot)", "Аэрофлот", "neutral",
         also=("Туроператор",)),
    Role("vampire", "Vampire (Luis Suárez)", "Луиз Суарез", "neutral",
         also=("Вампир",)),
    Role("maniac", "Maniac (Tavgai)", "Тавгай", "neutral",
         also=("Маньяк",)),
    Role("mayor", "Mayor (FIFA president)", "Президент ФИФА", "neutral",
         also=("Мэр",), chooses_side=True, vote="votes double after a night move choosing it"),
    Role("journalist", "Journalist", "Журналист", "neutral",
         chooses_side=True),
    Role("jester", "Jester (Artem Dzyuba)", "Артем Дзюба", "neutral",
         also=("Шут",), chooses_side=True),
    Role("courtesan", "Courtesan", "Куртизанка", "neutral"),
)


_EXTRA_NAMES: dict[str, tuple[str, ...]] = {
    "fairy": ("Фея",), "citizen": ("Мирный", "Мирные жители"),
    "vampire": ("Суарез",), "jester": ("Дзюба",), "deputy": ("Помощник",),
}


@dataclass(frozen=True)
class Gift:
    id: str
    number: int  # the seed's number (the seed has no gift 2)
    name_ru: str
    name_en: str
    vote: str = ""


# «Подарки» of the mad fairy («Безумная Фея»), given on odd nights
GIFTS: tuple[Gift, ...] = (
    Gift("pocket-mirror", 1, "складное зеркальце", "folding pocket mirror"),
    Gift("sick-note", 3, "справка о болезни", "sick note"),
    Gift("fake-passport", 4, "поддельный паспорт", "fake passport"),
    Gift("warden-card", 5, "визитка начальника тюрьмы", "prison warden's card"),
    Gift("chinese-vest", 6, "китайский бронник", "Chinese bulletproof vest"),
    Gift("magic-ball", 7, "магический шар", "magic ball"),
    Gift("junk", 8, "куча хлама", "pile of junk"),
    Gift("internet", 9, "доступ в интернет", "internet access"),
    Gift("black-mark", 10, "черная метка", "black mark",
         vote="the holder's vote does not count at the next vote"),
    Gift("vest", 11, "бронежилет", "bulletproof vest"),
    Gift("cross", 12, "крест", "cross"),
    Gift("mirror", 13, "зеркало", "mirror"),
    Gift("poison-perfume", 14, "ядовитые духи", "poisoned perfume"),
    Gift("diploma", 15, "Диплом", "diploma", vote="gives a double vote"),
    Gift("will", 16, "Завещание", "will"),
    Gift("antidote", 17, "Противоядие", "antidote"),
)

# Ability ids of the actions the vote reads from the GM's log (`nights[n].actions`,
# `days[n].actions`); the night engine adds the rest.
DOUBLE_VOTE = "double-vote"  # the mayor's night move «голосование двойным голосом»
GIFT = "gift"  # the fairy's gift; options {"gift": <gift id>}, targets [recipient]
CONFESSION = "confession"  # the priest's «исповедь»; targets [confessed]
STEER_ZOMBIE = "steer-zombie"  # the necromancer's day letter; targets [zombie, voted for]
# the fairy's «В первый день выдаёт 3 артефакта любым игрокам» (`days[1].actions`); targets
# [holder, ...], one artifact each (a player named twice holds two)
ARTIFACTS = "artifacts"
# «визитка начальника тюрьмы — 1 раз можно выпустить любого игрока чья роль не вскрыта»:
# the holder's day action (`days[n].actions`), targets [the jailed player]
RELEASE = "release"
TIE_DRAW = "tie"  # `days[n].draws` name of the GM's draw between tied players

# Slot change kinds (`Slot.changes`) the vote reads
GIFT_RECEIVED = "gift"  # details {"gift": <gift id or Russian name>}
GIFT_LOST = "gift-lost"  # taken away (thief, courtesan); details {"gift": ...}
STONED = "stoned"  # a «сухарь» turned to stone; details {"post": n} when mid-day
RELEASED = "released"  # freed from stone; details {"post": n} when mid-day
ZOMBIFIED = "zombified"  # raised as a zombie

# «Очередность хода»: the night's steps in order (for the night engine)
NIGHT_ORDER: tuple[tuple[str, str], ...] = (
    ("fairy", "Безумная Фея"), ("courtesan", "Куртизанка"),
    ("tour-operator", "Туроператор"), ("jester", "Шут"), ("priest", "Священник"),
    ("drunkard", "Пьяница"), ("maniac", "Маньяк"), ("mafia-boss", "Босс мафии"),
    ("sheriff", "Шериф"), ("vampire", "Вампир"), ("statistician", "Статист"),
    ("thief", "Вор"), ("mafia-goon", "Рядовой мафиози"), ("deputy", "Помощник шерифа"),
    ("witness", "Свидетель"), ("recruitment", "Вербовка"),
    ("treasure-hunter", "Кладоискатель"), ("mayor", "Мэр"), ("doctor", "Врач"),
    ("citizens", "Мирные жители"), ("necromancer", "Некромант"),
    ("journalist", "Журналист"),
)

_NOT_WORD = re.compile(r"[^0-9a-zа-я]+")
_BRACKETS = re.compile(r"^(.*?)\s*\(([^()]*)\)\s*$")


def _fold(text: str) -> str:
    return _NOT_WORD.sub("", text.casefold().replace("ё", "е"))


def _keys() -> dict[str, str]:
    out: dict[str, str] = {}
    for r in ROLES:
        for name in (r.id, *r.names, *_EXTRA_NAMES.get(r.id, ())):
            if name:
                out.setdefault(_fold(name), r.id)
    return out


_ROLE_KEYS = _keys()
_GIFT_KEYS = {_fold(k): g.id for g in GIFTS for k in (g.id, g.name_ru, g.name_en)}


def role_id(text: str | None) -> str | None:
    """The role id a roster or log writes: the id, the themed or generic Russian name, the
    English name, or «Глава Комитета (Шериф)» with the generic name in brackets."""
    if not text:
        return None
    found = _ROLE_KEYS.get(_fold(text))
    if found is not None:
        return found
    m = _BRACKETS.match(text)
    if m:
        return role_id(m.group(2)) or role_id(m.group(1))
    return None


def role(role_ref: str) -> Role:
    rid = role_id(role_ref)
    for r in ROLES:
        if r.id == rid:
            return r
    raise KeyError(f"world-cup-2018 has no role {role_ref!r}")


def gift_id(text: object) -> str | None:
    """A gift as the log writes it: the id or the seed's Russian name («черная метка»)."""
    return _GIFT_KEYS.get(_fold(text)) if isinstance(text, str) else None


# the sides as research and the victory read them; "dark": a mayor, journalist or jester who
# chose the mafia's side and is not yet recruited into a clan (the night's `DARK`)
SIDES: tuple[Faction, ...] = (
    Faction("corrupt", FACTIONS["corrupt"], "mafia"),
    Faction("dirty", FACTIONS["dirty"], "mafia"),
    Faction("doping", FACTIONS["doping"], "mafia"),
    Faction("cops", FACTIONS["cops"], "town"),  # they win with the town
    Faction("town", FACTIONS["town"], "town"),
    Faction("neutral", FACTIONS["neutral"], "third-party"),
    Faction("dark", "the mafia's side, chosen («тёмная сторона»)", "mafia"),
)


def roster(rnd: random.Random) -> Roster:
    """Every role of the seed once; the mayor, journalist and jester pick their side («до
    начала партии выбирает на какой стороне играет»)."""
    out: Roster = []
    for role in ROLES:
        if role.chooses_side:
            out.append((role.id, rnd.choice(["town", "dark"])))
        elif role.id != "zombie":  # «изначально не существует»
            out.append((role.id, role.faction or ""))
    return out
