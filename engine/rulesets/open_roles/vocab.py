"""Open roles' vocabulary (seed 003): its roles, sides, the ability ids the day reads, and
how a vote is written. A leaf: the rest of the rule set (rulings, day, night) reads it."""

from __future__ import annotations

import random
import re

from engine.rulesets.base import Faction, Role, Roster

ID = "open-roles"
SEED = "003_c4a1da6441152901.txt"

MAFIA = "mafia"  # «мафия», «маф»
HONEST = "town"  # «честные», «чиж»


ROLES: tuple[Role, ...] = (
    Role("killer", "Killer", "Киллер", MAFIA, source="lines 21-26"),  # a nightly duty of one maf
    Role("doctor", "Doctor", "Врач", None, source="lines 27-56"),  # also «Доктор»
    Role("driver", "Driver", "Водитель", None, source="lines 57-71"),
    Role("matchmaker", "Matchmaker", "Сводчик", None, source="lines 72-90"),
    Role("mirror", "Mirror", "Зеркальщик", None, source="lines 91-107", name_inferred=True),
    Role("stunner", "Stunner", "Пукальщик", None, source="lines 108-131"),  # his weapon: «Пукалка»
    Role("bore", "Bore", "Зануда", None, source="lines 132-153"),  # blocks
    Role("bodyguard", "Bodyguard", "Телохранитель", None, source="lines 154-176"),
    Role("witch", "Witch", "Ведьма", None, source="lines 177-204"),
    Role("master", "Master", "Мастер", None, source="lines 205-210"),
    # a samurai who kills a «чиж» (honest) admits the mistake and dies: he hunts mafia
    Role("samurai", "Samurai", "Самурай", HONEST, source="lines 211-228"),
    Role("necromancer", "Necromancer", "Некромант", None, source="lines 229-240"),
    Role("follower", "Follower", "Преследователь", None, source="lines 241-260"),
    Role("watcher", "Watcher", "Наблюдатель", None, source="lines 261-276", name_inferred=True),
    Role("vest", "Vest", "Бронежилет", None, source="lines 277-284"),
    Role("bomb", "Bomb", "Бомба", None, source="lines 285-292"),
    Role("fixer", "Fixer", "Закрепитель", None, source="lines 293-297"),  # named on line 16
    Role("judge", "Judge", "Судья", None, source="lines 298-307", name_inferred=True),
)
ROLE_BY_ID = {r.id: r for r in ROLES}

# Ability ids the day reads from the game log (night N's effects apply to day N+1).
STUN = "stun"  # «Пукалка»: «Голос оглушенного не засчитывается при голосовании» (111)
BLOCK = "block"  # «Зануда»: «Голос заблокированного не засчитывается при голосовании» (136)
MATCH = "match"  # «Сводчик», night and day: «Голосование сведенных ...» (74)
CANCEL_VOTE = "cancel-vote"  # judge, options {revote: bool} (299-300)
BAN_VOTE = "ban-vote"  # judge: «запретить голосовать кому-либо» (301)
DECIDE_TIE = "decide-tie"  # judge (302), or the last vote's target (10)
FIX_FIRST = "fix-first"  # fixer, evening: «Ставит любого персонажа на первое место» (294)
# mafia, evening: targets [who] with options {place: n} (1-based), or [who, whose place]
MAFIA_MOVE = "mafia-move"
DEFAULT_ORDER = "default-order"  # the GM's draw of the initial order (line 5)
# private result kinds: what the target is told («Вы оглушены», «Вы заблокированы»), and
# the kind by which an actor learns the action failed
STUNNED = "stunned"
BLOCKED = "blocked"
FAILURE = "failure"

# What makes a bold run a written vote: «голосую за X», «голос: X», «мой голос - X»,
# «голосую против X», «против X», «сажаю X», «посадить X», «vote X»; «снимаю голос»
# withdraws. Shared with the vote grammar (scrapers.votes.grammars.open_roles).
VOTE_WORD = re.compile(
    r"(?<![\w-])(?:(?:мой\s+)?голос(?:ую)?|проголосую|сажа(?:ю|ем)|сажу|посадить|против|"
    r"vote)(?![\w-])", re.I)
UNVOTE_WORD = re.compile(
    r"(?<![\w-])(?:(?:снимаю|отзываю|отменяю|забираю)\s+(?:свой\s+)?голос|unvote)(?![\w-])",
    re.I)


def has_vote_word(raw: str) -> bool:
    """A vote written with a vote word, not a bare name."""
    return bool(VOTE_WORD.search(raw) or UNVOTE_WORD.search(raw))


def mafia_moves(honest_alive: int) -> int:
    """«Количество этих перестановок равно 1/4 от общего количества оставшихся в живых
    честных игроков, но не больше 3 и не меньше 1» (line 16; the table 17-19 agrees)."""
    return max(1, min(3, honest_alive // 4))


FACTIONS: tuple[Faction, ...] = (
    Faction(HONEST, "Town («честные»)", "town", "честные"),
    Faction(MAFIA, "Mafia («мафия»)", "mafia", "мафия"),
)


def roster(rnd: random.Random) -> Roster:
    """Every role of the list once; four of them mafs («В игре участвует 4 мафа»): the
    killer and three drawn from the others."""
    others = [r.id for r in ROLES if r.id != "killer" and r.faction is None]
    mafs = set(rnd.sample(others, 3))
    return [("killer", MAFIA)] + [(r.id, MAFIA if r.id in mafs else HONEST)
                                  for r in ROLES if r.id != "killer"]
