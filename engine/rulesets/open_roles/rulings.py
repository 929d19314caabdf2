"""Open roles' day rulings: what seed 003 leaves open about the vote and the order."""

from __future__ import annotations

from functools import partial

from engine.rulesets.base import Ruling, make_ruling
from engine.rulesets.open_roles.vocab import ID

_r = partial(make_ruling, ID)  # the ruling `open-roles.<point>`

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
    # The default, «announced»: the clause's verb is «озвучивается» (is said aloud), where
    # the sentence before it says of the same votes «При конечном подсчете голосов не
    # считается» (are not counted); and line 10, the seed's tie rule, names who settles a
    # tie («один из ролевых игроков ... либо же тот, за кого отдан последний голос»), not
    # the general count. «decides» reads the announcement as the tie-break it would be if
    # the GM said it for a purpose.
    _r("tie-count", "On a tie at the final count, what does the general count («общий "
       "счет»), with the votes dropped at the close, do?",
       "003 line 74: «Голосование сведенных. Отражается и считается ведущим в общем счете до "
       "момента окончания голосования. При конечном подсчете голосов не считается и не "
       "озвучивается. Если при конечном подсчете голосов получается равенство, то "
       "озвучивается общий счет» (stunned and blocked votes go «как в случае со Сводчиком», "
       "111, 136); line 10 names who settles a tie",
       (("announced", "it is only announced: the dropped votes still do not count "
                      "(«не считается»), and the tie goes to the judge or the last vote "
                      "(line 10)"),
        ("decides", "it breaks the tie: of the tied, the one with the most votes in it is "
                    "seated; still tied, line 10 as usual")),
       "announced"),
)
