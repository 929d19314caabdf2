"""Russian names for contested-island, whose seed is an English translation and gives none.

These are the names Russian-speaking GMs usually write for the 16 characters and their 47
abilities (transliterated names, translated ability titles), with common short forms. The
English names come from the engine; this module only adds the Russian side.
"""

from __future__ import annotations

ROLES_RU: dict[str, tuple[str, ...]] = {
    "rick-morgan": ("Рик Морган", "Рик"),
    "nancy-dark": ("Нэнси Дарк", "Нэнси", "Ненси Дарк"),
    "ru": ("Ру",),
    "cornelius-lestrange": ("Корнелиус Лестрейндж", "Корнелиус"),
    "rastaman-bob": ("Растаман Боб", "Растаман"),
    "max-kane": ("Макс Кейн",),
    "andy-hoffman": ("Доктор Энди Хоффман", "Энди Хоффман", "Хоффман"),
    "lucy-farmer": ("Люси Фармер", "Люси"),
    "jack-ricci": ("Джек Риччи", "Риччи"),
    "max-milton": ("Макс Милтон", "Милтон"),
    "john-levy": ("Джон Леви", "Леви"),
    "alex-crow": ("Алекс Кроу", "Кроу"),
    "baba-nyura": ("Баба Нюра", "Бабка Нюра"),
    "jen-li": ("Джен Ли",),
    "patient-zero": ("Нулевой пациент", "Пациент Зеро", "Пациент Ноль"),
    "night-hunter": ("Ночной охотник",),
}

FACTIONS: dict[str, tuple[str, ...]] = {
    "survivors": ("survivors", "group of survivors", "town", "выжившие", "группа выживших",
                  "мирный", "мирная", "мирные"),
    "order-of-li": ("order of li", "орден ли", "орден"),
    "infected": ("infected", "the infected", "зараженные", "инфицированные"),
    "maniac": ("maniac", "маньяк"),
}

ABILITIES_RU: dict[str, tuple[str, ...]] = {
    "stunning-blow": ("Оглушающий удар",),
    "who-are-you": ("Ты кто такой", "Кто ты"),
    "spear-throw": ("Бросок копья",),
    "experienced-psychologist": ("Опытный психолог",),
    "professional-gaze": ("Профессиональный взгляд",),
    "bit-of-optimism": ("Капля оптимизма", "Немного оптимизма"),
    "surveillance": ("Слежка",),
    "treatment": ("Лечение",),
    "cover": ("Прикрытие",),
    "private-conversation": ("Личная беседа", "Приватный разговор"),
    "endless-grumbling": ("Бесконечное ворчание",),
    "murder": ("Убийство",),
    "reconnaissance": ("Разведка",),
    "drive-mad": ("Свести с ума", "Сводит с ума"),
    "shank": ("Заточка в горло", "Заточка"),
    "observation": ("Наблюдение из кустов",),
    "infection": ("Заражение",),
    "hunt": ("Охота",),
    "planted-spies": ("Внедрённые шпионы", "Подсадные шпионы"),
    "infecting": ("Инфицирование",),
    "physical-attack": ("Физическая атака",),
    "psychic-attack": ("Психическая атака",),
    "recruit-infection": ("Заражение при вербовке",),
    "block": ("Блок",),
    "protect-physical": ("Защита от физических атак",),
    "protect-psychic": ("Защита от психических атак",),
    "protect-infection": ("Защита от заражения",),
    "surveil-type": ("Слежка за типом действия",),
    "surveil-visits": ("Слежка за посещениями",),
    "check-weapon": ("Проверка оружия",),
    "compare-statuses": ("Сравнение статусов",),
    "clue-attack": ("Физическая атака с подброшенной уликой",),
    "sending-away": ("Отправка далеко", "Отослать подальше"),
    "sleight-of-hand": ("Ловкость рук и никакого мошенничества", "Ловкость рук"),
    "first-aid": ("Первая помощь",),
    "date": ("Свидание",),
    "thwarting-plans": ("Срыв планов",),
    "trap": ("Ловушка",),
    "last-bullet": ("Последняя пуля",),
    "hot-trail": ("По горячим следам", "Горячий след"),
    "medical-miracles": ("Чудеса медицины",),
    "assault": ("Штурм",),
    "bite": ("Укус",),
    "balance-balancing": ("Параноидальное балансирование",),
    "tactical-maneuver": ("Тактический манёвр",),
    "rumors-and-gossip": ("Слухи и сплетни",),
    "where-are-you-from": ("Откуда ты",),
}
