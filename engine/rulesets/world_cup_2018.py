"""«Чемпионат мира 2018» (seed 001_221c34118e616beb.txt, a Russian forum game): three mafia
clans, the organising committee's cops, the necromancer and his zombies, the vampire, the
fairy's gifts. This module holds the day's vote rules, the readings the seed leaves open
(rulings), and the vocabulary the day shares with the night and the GM-log reader: roles,
gifts, abilities, slot changes, the night order.

The vote, as the seed writes it:
- «Голос оставляется красным цветом либо делается подпись: «красным с телефона». Иные виды
  голосования не принимаются. Сообщение с голосом нельзя редактировать.»
- «Запрещается голосовать в себя.»
- «День закрывается в 21:00 по московскому времени.» The most votes at the close is jailed
  («посадка»): a plurality, no hammer.
- «Голоса произведенные в последние 30 минут игрового дня засчитываются за половину голоса.»
- «При пропуске голосования игрок получает голос в лог за каждый следующий день не
  голосования (за не голосование в первый день +3 голоса в лог).»
- «Кто будет без аватарки своего персонажа — каждый день по 1 голосу в лог, начиная со
  второго дня.»
- Roles and gifts: the mayor's double vote, the black mark, the diploma, the priest's
  confession of a zombie, the necromancer's letter for a zombie, a «сухарь» turned to stone.

The night (the GM's log re-played under «Очередность хода») is
engine.rulesets.world_cup_2018_night, registered here as `RULESET.night`; its rulings join
the day's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.base import DayRules, RuleSet, Ruling, RulingOption

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


@dataclass(frozen=True)
class Role:
    id: str
    name_ru: str  # the themed name, as the seed writes it
    name_en: str
    faction: str  # a key of FACTIONS
    short_ru: str = ""  # the generic name the seed gives in brackets: «Шериф», «Некромант»
    chooses_side: bool = False  # the mayor, journalist, jester play for the side they pick
    vote: str = ""  # how the role touches the day's vote (empty: it votes like anyone)


ROLES: tuple[Role, ...] = (
    Role("corrupt-boss", "Главный коррупционер", "Corrupt boss", "corrupt"),
    Role("corrupt-recruiter", "Вербовщик коррупционеров", "Corrupt recruiter", "corrupt"),
    Role("corrupt-goon", "Обычный коррупционер", "Corrupt goon", "corrupt"),
    Role("dirty-boss", "Главный «грязный»", "Dirty boss", "dirty"),
    Role("dirty-recruiter", "Вербовщик «грязных»", "Dirty recruiter", "dirty"),
    Role("dirty-goon", "Обычный «грязный»", "Dirty goon", "dirty"),
    Role("necromancer", "Допинг-офицер", "Necromancer (doping officer)", "doping",
         "Некромант", vote="decides his zombies' votes by a letter to the GM"),
    Role("zombie", "Спортсмен-допингист", "Zombie (doped athlete)", "doping", "Зомби",
         vote="votes as the necromancer says; a confessing priest takes his vote"),
    Role("sheriff", "Глава Комитета", "Sheriff (committee head)", "cops", "Шериф"),
    Role("deputy", "Заместитель Главы Комитета", "Deputy sheriff", "cops",
         "Помощник шерифа"),
    Role("doctor", "Врач команды", "Team doctor", "town", "Врач"),
    Role("treasure-hunter", "Агроном стадионов", "Treasure hunter (stadium agronomist)",
         "town", "Кладоискатель"),
    Role("priest", "Главный тренер", "Priest (head coach)", "town", "Священник",
         vote="a confessed zombie's vote is his on the next day"),
    Role("drunkard", "Старый кальянщик", "Drunkard (old hookah man)", "town", "Пьяница"),
    Role("statistician", "Скаут супер-клубов", "Statistician (super-club scout)", "town",
         "Статист"),
    Role("fairy", "Завхоз сборной", "Mad fairy (team quartermaster)", "town",
         "Безумная Фея", vote="gifts the black mark and the diploma"),
    Role("witness", "Внимательный фанат", "Witness (attentive fan)", "town", "Свидетель"),
    Role("citizen", "Обычный участник чемпионата", "Citizen", "town", "Мирный житель"),
    Role("thief", "Игрок третьей лиги", "Thief (third-league player)", "neutral", "Вор"),
    Role("tour-operator", "Аэрофлот", "Tour operator (Aeroflot)", "neutral", "Туроператор"),
    Role("vampire", "Луиз Суарез", "Vampire (Luis Suárez)", "neutral", "Вампир"),
    Role("maniac", "Тавгай", "Maniac (Tavgai)", "neutral", "Маньяк"),
    Role("mayor", "Президент ФИФА", "Mayor (FIFA president)", "neutral", "Мэр",
         chooses_side=True, vote="votes double after a night move choosing it"),
    Role("journalist", "Журналист", "Journalist", "neutral", chooses_side=True),
    Role("jester", "Артем Дзюба", "Jester (Artem Dzyuba)", "neutral", "Шут",
         chooses_side=True),
    Role("courtesan", "Куртизанка", "Courtesan", "neutral"),
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
        for name in (r.id, r.name_ru, r.name_en, r.short_ru, *_EXTRA_NAMES.get(r.id, ())):
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


def _options(*pairs: tuple[str, str]) -> tuple[RulingOption, ...]:
    return tuple(RulingOption(v, d) for v, d in pairs)


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="world-cup-2018.nonvoter-penalty",
        question="How many votes does a player get on his own tally for not voting?",
        clause=f"{SEED}: «При пропуске голосования игрок получает голос в лог за каждый "
               "следующий день не голосования (за не голосование в первый день +3 голоса "
               "в лог).»",
        options=_options(
            ("flat", "+1 for each day without a vote from day 2 on (the literal reading: "
                     "«голос ... за каждый ... день»); +3 on day 1"),
            ("cumulative", "+1 on the first missed day after day 1, one more for each "
                           "further day missed in a row (2, 3, ...); +3 on day 1")),
        default="flat"),
    Ruling(
        key="world-cup-2018.tie",
        question="Who is jailed when several players share the most votes at 21:00?",
        clause=f"{SEED}: the seed says nothing about ties («День закрывается в 21:00 ...»).",
        options=_options(
            ("no-elimination", "nobody is jailed"),
            ("gm-draw", "the GM draws lots: the draw recorded in days[n].draws (name "
                        "'tie'); nobody when it is not recorded"),
            ("first-to-reach", "the tied player whose count was reached first (the post of "
                               "the last vote standing on him; votes added at the close "
                               "count as reached at the close)")),
        default="no-elimination"),
    Ruling(
        key="world-cup-2018.vote-change",
        question="May a player change his vote during the day?",
        clause=f"{SEED}: the seed forbids editing a post with a vote («Сообщение с голосом "
               "нельзя редактировать») but says nothing about a new vote in a new post.",
        options=_options(
            ("allowed", "the latest red vote stands (a new post, not an edit)"),
            ("first-stands", "the first counted vote of the day stands")),
        default="allowed"),
    Ruling(
        key="world-cup-2018.diploma",
        question="For how long does the fairy's diploma double its holder's vote?",
        clause=f"{SEED}: «15. Диплом — даёт двойной голос.» (the black mark says «при "
               "следующем голосовании», one-use gifts say «1 раз»; the diploma says "
               "neither)",
        options=_options(
            ("permanent", "every day after it was given, until it is taken away"),
            ("next-vote", "only at the next vote, like the black mark")),
        default="permanent"),
    Ruling(
        key="world-cup-2018.zombie-letter-deadline",
        question="Until when can the necromancer's letter set a zombie's vote?",
        clause=f"{SEED}: «голосует так как скажет некромант (его голос изменяется некромантом "
               "письмом ведущему)» and «Дневные ходы можно делать до 19:00 по московскому "
               "времени.»",
        options=_options(
            ("day-move", "the letter is a day move: sent by 19:00 Moscow time"),
            ("day-close", "any letter sent before the day closes at 21:00")),
        default="day-move"),
    Ruling(
        key="world-cup-2018.avatar-rule",
        question="Is the avatar penalty applied?",
        clause=f"{SEED}: «Кто будет без аватарки своего персонажа — каждый день по 1 голосу в "
               "лог, начиная со второго дня, в том числе в случае не выбора персонажа!»",
        options=_options(
            ("on", "+1 a day from day 2 for a player whose posts show no avatar, where the "
                   "archive shows avatars"),
            ("off", "not applied (GMs often waive it; archives rarely keep avatars)")),
        default="on"),
)

# the night (engine.rulesets.world_cup_2018_night) reads the vocabulary above: imported here,
# after it, and its rulings join the day's
from engine.rulesets.world_cup_2018_night import NIGHT  # noqa: E402
from engine.rulesets.world_cup_2018_night import RULINGS as NIGHT_RULINGS  # noqa: E402

RULINGS = (*RULINGS, *NIGHT_RULINGS)

RULESET = RuleSet(
    id="world-cup-2018",
    title="Чемпионат мира 2018 (World Cup 2018)",
    source=f"seed {SEED}",
    language="ru",
    day=DayRules(
        grammar="world-cup-2018", decision="plurality", vote_change=True, self_vote=False,
        no_lynch=False, last_mark_wins=True, edited_vote_void=True,
        close_at="21:00", close_zone="Europe/Moscow",
        close_clause=f"{SEED}: «День закрывается в 21:00 по московскому времени.»",
        notes=(
            "a vote is red text, or a post signed «красным с телефона»",
            "the day closes at 21:00 Moscow time; votes in its last 30 minutes count half",
            "non-voters and players without the character's avatar get votes on their own "
            "tally at the close",
            "double votes (mayor's night move, diploma) do not stack: a double vote is 2; "
            "a late double vote is 1",
        )),
    rulings=RULINGS,
    night=NIGHT,
)
