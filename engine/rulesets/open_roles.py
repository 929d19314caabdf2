"""«Открытые роли» ("Open roles", seed 003): a Russian forum game of 15 or more players, 4 of
them mafia, where every player has a role, roles are shown at death, and the day's voting
sets the next night's order of moves.

The day (seed lines 4-20 and the roles' day and evening abilities):
- the player with the most votes after all day actions is «посажен» (seated); a tie goes to
  the judge's choice, else to the last vote (line 10); nobody is seated when nobody has a
  vote (line 9); a vote cannot be changed, except by the judge (line 12); the vote of a
  player who did not vote counts on themselves (line 13);
- votes of stunned, blocked and (against each other) matched players are shown in the
  running count and dropped at the close (lines 74, 111, 136);
- the order in which players first voted is the next night's priority; non-voters follow
  by last night's order, players whose vote the judge cancelled go last (lines 4, 14, 303);
  in the evening the fixer puts one player first and the mafia moves players (lines 16-20,
  294).

The seed's role headers are lost: each role is known by its section (line numbers below) and
by the names the other sections call it. The night (every role's night move, the morning
messages, the night's rulings) is engine/rulesets/open_roles_night.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.rulesets.base import DayRules, RuleSet, Ruling, RulingOption

SEED = "003_c4a1da6441152901.txt"

MAFIA = "mafia"  # «мафия», «маф»
HONEST = "town"  # «честные», «чиж»


@dataclass(frozen=True)
class Role:
    """A role of the rule set. `faction` None: the seed does not tie the role to a side (the
    four mafia have roles from the same list: «Маф, не являющийся киллером ночи, должен
    сделать свой ролевой ход», line 22). `lines`: the role's section in the seed;
    `name_inferred`: the Russian name is not written in the seed and is the usual one."""

    id: str
    ru: str
    en: str
    faction: str | None
    lines: tuple[int, int]
    name_inferred: bool = False


ROLES: tuple[Role, ...] = (
    Role("killer", "Киллер", "Killer", MAFIA, (21, 26)),  # a nightly duty of one maf
    Role("doctor", "Врач", "Doctor", None, (27, 56)),  # also «Доктор»
    Role("driver", "Водитель", "Driver", None, (57, 71)),
    Role("matchmaker", "Сводчик", "Matchmaker", None, (72, 90)),
    Role("mirror", "Зеркальщик", "Mirror", None, (91, 107), name_inferred=True),
    Role("stunner", "Пукальщик", "Stunner", None, (108, 131)),  # his weapon: «Пукалка»
    Role("bore", "Зануда", "Bore", None, (132, 153)),  # blocks
    Role("bodyguard", "Телохранитель", "Bodyguard", None, (154, 176)),
    Role("witch", "Ведьма", "Witch", None, (177, 204)),
    Role("master", "Мастер", "Master", None, (205, 210)),
    # a samurai who kills a «чиж» (honest) admits the mistake and dies: he hunts mafia
    Role("samurai", "Самурай", "Samurai", HONEST, (211, 228)),
    Role("necromancer", "Некромант", "Necromancer", None, (229, 240)),
    Role("follower", "Преследователь", "Follower", None, (241, 260)),
    Role("watcher", "Наблюдатель", "Watcher", None, (261, 276), name_inferred=True),
    Role("vest", "Бронежилет", "Vest", None, (277, 284)),
    Role("bomb", "Бомба", "Bomb", None, (285, 292)),
    Role("fixer", "Закрепитель", "Fixer", None, (293, 297)),  # named on line 16
    Role("judge", "Судья", "Judge", None, (298, 307), name_inferred=True),
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


def _r(point: str, question: str, clause: str, options: tuple[tuple[str, str], ...],
       default: str) -> Ruling:
    return Ruling(key=f"open-roles.{point}", question=question, clause=clause,
                  options=tuple(RulingOption(v, d) for v, d in options), default=default)


RULINGS: tuple[Ruling, ...] = (
    _r("vote-form", "Is a bold run holding only a player's name a vote?",
       "003: the seed never says how a vote is written; forum custom is a bold «голосую за X» "
       "or «голос: X», and some players bold only the name",
       (("keyword", "only a bold run with a vote word («голосую», «голос», «сажаю», «vote») "
                    "is a vote; a bold bare name is talk"),
        ("bare-name", "a bold run that is only a player's name is a vote for them too")),
       "keyword"),
    _r("tie", "On a tie the judge did not decide, what does the last vote do?",
       "003 line 10: «участь посаженного решает один из ролевых игроков, чья роль позволяет "
       "делать подобный выбор, либо же тот, за кого отдан последний голос (если он не под "
       "блоком)»",
       (("last-vote", "the tied player who got the last counted vote is seated (a blocked "
                      "voter's vote is never that vote)"),
        ("last-target-decides", "the tied player who got the last counted vote chooses who "
                                "is seated (a `decide-tie` day action), unless blocked; "
                                "without a choice nobody is seated")),
       "last-vote"),
    _r("nonvoter-vote", "Is a non-voter's vote on themselves counted in the tally?",
       "003 line 13: «Голос непроголосовавшего считается сделанным на себя»; yet line 9: "
       "«Посадка не обязательна (если ни на ком нет ни одного голоса)»",
       (("self", "each living player who cast no vote (and is not stunned, blocked or banned) "
                 "gets one vote on themselves at the close"),
        ("none", "the clause only places non-voters in the order; no vote is added")),
       "self"),
    _r("nonvoter-order", "In which order do the non-voters follow the voters?",
       "003 line 14: «очередность среди них выстраивается обратно, согласно очереди последней "
       "ночи. Либо же согласно очередности «по-умолчанию»»",
       (("reverse", "«обратно» = reversed: the last of them in last night's order comes first"),
        ("same", "«обратно» = back as it was: in last night's order")),
       "reverse"),
    _r("matched-vote", "Which votes of matched players are dropped at the close?",
       "003 line 73-74: matched players «не могут предпринимать никаких действий друг против "
       "друга» - «Голосование сведенных ... При конечном подсчете голосов не считается»",
       (("each-other", "only a vote of one matched player for the other"),
        ("all", "every vote of a matched player")),
       "each-other"),
    _r("void-vote-place", "Does a vote dropped at the close (matched, stunned, blocked) still "
       "give the voter a place in the night order?",
       "003 line 4: «первый проголосовавший имеет высший приоритет хода»; line 74: the vote "
       "«Отражается и считается ведущим в общем счете до момента окончания голосования»",
       (("keeps", "yes: the voter voted, the vote is only not counted"),
        ("last", "no: the voter goes with the non-voters")),
       "keeps"),
    _r("mafia-move", "What does moving a player to another place do to the player there?",
       "003 line 16: «переставив любого персонажа со своего места в любое другое»",
       (("insert", "the moved player takes the place; those between shift by one"),
        ("swap", "the moved player and the player at that place exchange places")),
       "insert"),
    _r("block-evening", "Does a block stop the fixer's evening move?",
       "003 line 135: «Заблокированный игрок не может использовать все свои дневные "
       "способности следующим днем»; the fixer's ability is «Вечерняя» (line 293)",
       (("free", "no: the evening ability is not a day ability"),
        ("blocked", "yes: the evening closes the day the block covers")),
       "free"),
    _r("ban-standing", "Does the judge's ban remove a vote already cast?",
       "003 line 301: «В любой момент голосования может запретить голосовать кому-либо»",
       (("future", "no: only later votes are void"),
        ("removes", "yes: the vote already cast is removed too (the voter keeps the place)")),
       "future"),
    _r("cancelled-place", "Where does a voter whose vote the judge cancelled go if they vote "
       "again?",
       "003 line 303: «тот, чей голос был отменен становится на последнее место»; line 299: "
       "«с правом переголосовать»",
       (("last", "last place, whatever they do after"),
        ("revote", "a new vote sets their place; last only without one")),
       "last"),
)

# the night comes after the roles it reads (open_roles_night imports this module)
from engine.rulesets.open_roles_night import NIGHT  # noqa: E402
from engine.rulesets.open_roles_night import RULINGS as NIGHT_RULINGS  # noqa: E402

RULESET = RuleSet(
    id="open-roles",
    title="«Открытые роли»: plurality «посадка», voting order sets the night's order",
    source=f"seed {SEED}",
    language="ru",
    day=DayRules(
        grammar="open-roles", decision="plurality",
        vote_change=False,  # «Изменить голос нельзя (Исключение в описании ролей)» (line 12)
        self_vote=True,  # a non-voter's vote counts on themselves (line 13): so may a voter's
        no_lynch=False,  # no vote for nobody: nobody is seated only without votes (line 9)
        last_mark_wins=False,  # the first vote stands, in a post as in the day
        notes=("a vote is a bold run; plain text is talk",
               "stunned, blocked and matched votes show in running counts and are dropped at "
               "the close")),
    rulings=RULINGS + NIGHT_RULINGS,
    night=NIGHT,
)
