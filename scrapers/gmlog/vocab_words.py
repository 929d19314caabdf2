"""What GMs write besides the names of abilities, whatever the rule set: verbs and nouns of the
usual actions, and options in words. A phrase may stand for several abilities ("shoots" is
the boss's, the sheriff's and a goon's shot): the actor's role then decides, and where it
does not, the line is reported as ambiguous. A rule set's own words (its factions, roles and
answers in words) are in its scraper package (`scrapers.rulesets.<rule set>.words`).
"""

from __future__ import annotations

# phrase -> ability ids it may mean (ids a rule set does not have are ignored)
VERBS: dict[str, tuple[str, ...]] = {
    # killing
    "убивает": ("murder", "kill", "maniac-kill", "shank", "strike"),
    "убил": ("murder", "kill", "maniac-kill", "shank", "strike"),
    "убить": ("murder", "kill", "maniac-kill", "shank", "strike"),
    "kills": ("murder", "kill", "maniac-kill", "shank", "strike"),
    "murders": ("murder",),
    "стреляет": ("shoot", "boss-shoot", "sheriff-shoot", "deputy-shoot"),
    "выстрел": ("shoot", "boss-shoot", "sheriff-shoot", "deputy-shoot"),
    "shoots": ("shoot", "boss-shoot", "sheriff-shoot", "deputy-shoot"),
    "удар самурая": ("strike",),
    # healing and protecting
    "лечит": ("treatment", "heal"),
    "вылечил": ("treatment", "heal"),
    "лечение": ("treatment", "heal"),
    "heals": ("treatment", "heal"),
    "treats": ("treatment", "heal"),
    "охраняет": ("guard",),
    "guards": ("guard",),
    "прикрывает": ("cover",),
    "covers": ("cover",),
    # checks
    "проверяет": ("boss-search", "sheriff-search", "zombie-search", "reconnaissance"),
    # the past and the noun, as results are written («проверил Кубу — мафия», «проверка
    # Кубы: мафия»): perfective verbs have their own normal form
    "проверил": ("boss-search", "sheriff-search", "zombie-search", "reconnaissance",
                 "deputy-boss-search", "sheriff-zombie-search", "deputy-zombie-search",
                 "seer-check"),
    "проверка": ("boss-search", "sheriff-search", "zombie-search", "reconnaissance",
                 "deputy-boss-search", "sheriff-zombie-search", "deputy-zombie-search",
                 "seer-check"),
    "искал": ("boss-search", "sheriff-search", "zombie-search", "deputy-boss-search",
              "sheriff-zombie-search", "deputy-zombie-search", "treasure-hunt"),
    "исповедовал": ("confession",),
    "лечил": ("treatment", "heal"),
    "вылечить": ("treatment", "heal"),
    "застрелил": ("shoot", "boss-shoot", "sheriff-shoot", "deputy-shoot"),
    "выстрелил": ("shoot", "boss-shoot", "sheriff-shoot", "deputy-shoot"),
    "стрелял": ("shoot", "boss-shoot", "sheriff-shoot", "deputy-shoot"),
    "поиск шерифа": ("sheriff-search",),
    "поиск босса": ("boss-search", "deputy-boss-search"),
    "поиск зомби": ("zombie-search", "sheriff-zombie-search", "deputy-zombie-search"),
    "следит": ("follow", "watch", "surveillance"),
    "follows": ("follow",),
    "наблюдает": ("watch", "observation"),
    "surveils": ("surveillance",),
    "watches": ("watch",),
    "сравнивает": ("compare",),
    "compares": ("compare",),
    "исповедь": ("confession",),
    "исповедует": ("confession",),
    # the rest
    "блок": ("block",),
    "блокирует": ("block",),
    "blocks": ("block",),
    "сводит": ("match",),
    "matches": ("match",),
    "зеркало": ("mirror",),
    "меняет ходы": ("swap",),
    "swaps": ("swap",),
    "везет": ("drive",),
    "катает": ("drive",),
    "drives": ("drive",),
    "бьет пукалкой": ("stun",),
    "бьет": ("stun",),
    "stuns": ("stun",),
    "воскрешает": ("raise",),
    "raises": ("raise",),
    "поднимает": ("raise",),
    "вербует": ("recruit",),
    "вербовка": ("recruit",),
    "recruits": ("recruit",),
    "впрыскивает яд": ("poison",),
    "кусает": ("bite",),
    "просто кусает": ("bite",),
    "подарки": ("gift",),
    "дарит": ("gift",),
    "подарил": ("gift",),
    "gave": ("gift",),
    "gives": ("gift",),
    "заражает": ("hunt", "infection"),
    "infects": ("hunt", "infection"),
    "оглушает": ("stunning-blow",),
}

# ability id -> (phrase, option key, value) for options written in words
OPTION_WORDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "murder": (("psychic attack", "attack", "psychic"), ("physical attack", "attack", "physical"),
               ("психическая атака", "attack", "psychic"), ("психическая", "attack", "psychic"),
               ("psychic", "attack", "psychic"), ("физическая атака", "attack", "physical"),
               ("физическая", "attack", "physical"), ("physical", "attack", "physical")),
    "hunt": (("attack", "mode", "attack"), ("атака", "mode", "attack"),
             ("infect", "mode", "infect"), ("заражение", "mode", "infect")),
    "reconnaissance": (("mental status", "status", "mental"), ("mental", "status", "mental"),
                       ("ментальный", "status", "mental"),
                       ("physical status", "status", "physical"),
                       ("physical", "status", "physical"), ("физический", "status", "physical"),
                       ("local status", "status", "local"), ("local", "status", "local"),
                       ("местный", "status", "local")),
    "recruit": (("согласился", "consent", "yes"), ("agreed", "consent", "yes"),
                ("отказался", "consent", "no"), ("refused", "consent", "no")),
}
# an option value that is not a string in the game log ("consent": True)
OPTION_VALUES: dict[tuple[str, str], bool] = {("consent", "yes"): True, ("consent", "no"): False}

# ability id -> option key taking a role of the rule set («убивает X, Доктор», "guess: doctor")
ROLE_OPTIONS: dict[str, str] = {"maniac-kill": "role"}
# ability id -> option key taking another ability (Nancy Dark's manoeuvre names a move)
ABILITY_OPTIONS: dict[str, str] = {"tactical-maneuver": "action"}
# ability id -> option keys taking the rule set's gifts, in the order written
GIFT_OPTIONS: dict[str, tuple[str, ...]] = {"gift": ("gift", "gift2")}
# words that only introduce an option ("guess: doctor", «догадка: врач»)
OPTION_FILLER = frozenset({"guess", "догадка", "угадывает", "роль", "role", "as", "как",
                           "attack", "атакой", "атака", "status", "статус"})
