"""The points of «Открытые роли»'s night that the seed leaves open, each with its options;
the night reads them with `common.option(state, point)`."""

from __future__ import annotations

from engine.rulesets.base import Ruling
from engine.rulesets.open_roles.night.common import ruling as _r

RULINGS: tuple[Ruling, ...] = (
    _r("lone-victim", "What does «никакой информации» withhold from a lone maf's victim?",
       "line 23: «Если маф остается один, то его ночная жертва не получает от ведущего "
       "никакой информации»",
       (("silent", "the victim gets none of the night's morning messages (not even «Ваш ход "
                   "не состоялся» of a move the kill stopped)"),
        ("as-usual", "the victim is told what any killed player is told (the clause only "
                     "says nothing more is given)")),
       "silent"),
    _r("killer-role-move", "Does the night's killer also make his role move when other "
       "mafs live?",
       "line 22: «Маф, не являющийся киллером ночи, должен сделать свой ролевой ход»; line 25: "
       "«Если в игре остался один маф, то перед убийством он должен совершить свой ролевой ход»",
       (("forbidden", "no: only a lone maf makes both; the killer's role move is refused"),
        ("allowed", "yes: the killer may make his role move too (before the kill)")),
       "forbidden"),
    _r("doctor-and-guard", "A kill on a player both the doctor and a bodyguard protect: who "
       "stops it?",
       "line 29: «Защищает от убийства в текущую ночь»; line 155: «Защищает игрока от "
       "убийства. В случае удачной охраны умирает киллер»",
       (("guard-first", "the bodyguard meets the attacker: the attacker pays (killer dies)"),
        ("doctor-first", "the doctor's protection stops it first: the attacker lives")),
       "guard-first"),
    _r("doctor-self-revive", "Can a doctor killed before his move revive himself?",
       "line 47: «Вы были сильно ранены, но у вас хватило сил на последнюю прививку (вы "
       "оживили себя)»; line 53: «Ваш ход не состоялся o Вы были убиты»",
       (("never", "no: a dead doctor's move does not take place («Ваш ход не состоялся»)"),
        ("own-revive", "yes: a doctor killed before his move whose patient is himself still "
                       "makes it and revives himself")),
       "never"),
    _r("revived-missed", "What is a revived player told of his move that fell while he was "
       "dead?",
       "line 28: «Если ход убитого должен был состояться после его убийства, но до "
       "оживления, то он не происходит, хотя сам оживленный ничего не замечает»",
       (("nothing", "nothing: «ничего не замечает»; the move's failure message is withheld"),
        ("failed", "his role's usual failure message (the move did not take place)")),
       "nothing"),
    _r("doctor-count", "Which treatments count toward «2 ночи подряд» and «Повторное лечение "
       "себя»?",
       "line 30: «Убивает пациента, если на него использовать лечение 2 ночи подряд»; line 31: "
       "«Повторное лечение себя (не подряд, а за всю игру!) приводит к самоубийству»",
       (("done", "only treatments that took place (not those of a move that failed)"),
        ("sent", "every treatment the doctor sent (`Player.used`), whether it took place")),
       "done"),
    _r("doctor-stun-tonight", "What is a doctor told who sets right a player stunned earlier "
       "the same night?",
       "line 36: «Приводит в порядок оглушенного Пукалкой текущей ночью»; line 45: «Вы "
       "вылечили вашего пациента (Ваш пациент был оглушен в предыдущие ночи)»",
       (("cured", "«Вы вылечили вашего пациента» (he was stunned, the doctor set him right)"),
        ("shot", "«Ваш укол состоялся» (the bracket of «вылечили» names previous nights)")),
       "cured"),
    _r("guarded-double", "What does «Врач ставит укол себе» do to a doctor whose second "
       "treatment meets a bodyguard?",
       "line 158: «Защищает игрока от повторного лечения. В случае удачной охраны, Врач ставит "
       "укол себе»; line 38: «ваш укол приходится по вам»",
       (("dies", "the lethal shot lands on the doctor: he dies"),
        ("self-treatment", "it counts as his treating himself: he dies only if he has treated "
                           "himself before (line 31)")),
       "dies"),
    _r("guarded-stun-message", "What is a stunner told whose blow a bodyguard turned on him?",
       "line 156: «В случае удачной охраны Пукальщик ударяет себя»; the stunner's messages "
       "(118-129) name no bodyguard",
       (("hit", "«Ваш удар пришелся кому-то прямо в темечко»: someone (himself) was stunned"),
        ("milk", "«Ваш удар пришелся в молоко»: his target was not stunned")),
       "hit"),
    _r("driver-count", "Which players count for «если в игре 8 или больше игроков»?",
       "line 58: «прячет от города двух (если в игре 8 или больше игроков) или одного (если в "
       "игре меньше 8 игроков) персонажей»",
       (("alive", "the players alive when the night begins"),
        ("roster", "every player of the game, dead or alive")),
       "alive"),
    _r("driver-killed", "Do a driver's companions come back when he is killed during the "
       "night?",
       "line 58: «Его спутники находятся в полной безопасности, но и сами ничего сделать не "
       "могут. Самого Водителя при этом могут убить.»",
       (("stay", "no: they stay away (safe, unable to act) all night"),
        ("return", "yes: from the driver's death on they can act and be reached")),
       "stay"),
    _r("necro-threshold", "When may the necromancer raise?",
       "line 231: «Воскрешать некроманту разрешается только когда в игре останется 3 мафа. "
       "Если на момент хода некроманта мафов в игре 4, то ход некроманта просто не состоится»",
       (("three-or-fewer", "while at most 3 mafs live (the clause names 4 as the bar)"),
        ("exactly-three", "only while exactly 3 mafs live")),
       "three-or-fewer"),
    _r("necro-spent", "Does a raise that did not take place spend the one raise of the game?",
       "line 230: «Один раз за партию может воскресить»; line 231: «ход некроманта просто не "
       "состоится»",
       (("kept", "no: only a raise that happened spends it"),
        ("spent", "yes: the night's move was his one use")),
       "kept"),
    _r("mirror-chain", "A move a mirror sent onto a player with a mirror of his own: is it "
       "reflected again?",
       "line 92: «Отбивает ночные ходы, нацеленные в выбранного персонажа в сторону других "
       "игроков»",
       (("once", "no: a move is reflected once, where it lands it stays"),
        ("chain", "yes: each mirror on its way reflects it once more (never the same twice)")),
       "once"),
    _r("block-next", "When does the bore's block reach the next night?",
       "line 134: «Заблокированный игрок не может использовать свои ночные возможности "
       "следующей ночью, если они еще уже были использованы текущей»",
       (("took-place", "only when a move of his took place tonight before the block"),
        ("no-move-left", "whenever no move of his is still to come tonight (made, failed, or "
                         "none sent)")),
       "took-place"),
    _r("follower-dead", "Does a follower killed after his turn still see the followed's move?",
       "line 242: «Если ход преследователя стоит раньше хода преследуемого, то он видит что и "
       "с кем тот делает ночью»",
       (("sees", "yes: his turn came first, and the seeing is his move"),
        ("blind", "no: a dead follower sees nothing more")),
       "sees"),
    _r("guard-killed", "Does a bodyguard killed after his turn still guard?",
       "line 155: «Защищает игрока от убийства»; line 166: the guard is taken off only by "
       "«Водитель, Сводчик или Зануда»",
       (("ends", "no: a dead bodyguard guards no one"),
        ("holds", "yes: only the driver, the matchmaker and the bore take the guard off")),
       "ends"),
    _r("samurai-again", "When may the samurai who killed a maf kill again?",
       "line 212: «Если убитый оказывается мафом, то игра продолжается, а самурай может убить "
       "еще раз»",
       (("later-night", "on a later night: one strike a night (`strike-again` is refused)"),
        ("same-night", "the same night: a second strike (`strike-again`) right after a first "
                       "that killed a maf")),
       "later-night"),
    _r("necro-carried", "Can the necromancer raise a corpse the driver carries?",
       "line 60: «Если на момент хода один из приглашенных был мертвым, то Водитель таскает с "
       "собой труп (его уже нельзя вылечить)»; line 230: «может воскресить любого из убитых»",
       (("away", "no: the corpse is away all night like any companion"),
        ("raises", "yes: «нельзя вылечить» is the doctor's; the necromancer raises the dead")),
       "away"),
    _r("day-match-night", "Does a match made by day hold through the night that follows?",
       "line 72-73: «Ночная и дневная способность. Сводит 2 игроков. В результате, на "
       "протяжении игровых суток, сведенные не могут предпринимать никаких действий друг "
       "против друга»",
       (("holds", "yes: the game's сутки are the day and the night after it"),
        ("day-only", "no: a day's match ends with the day's close")),
       "holds"),
    _r("master-gain", "Does the master keep the abilities he got before?",
       "line 206: «После каждой посадки или убийства получает способности посаженного/"
       "убитого. В очередности появления посаженных/убитых. ... Утром Мастер получает "
       "способности последнего убитого.»",
       (("last", "no: he has the abilities of the last seated/killed only"),
        ("all", "yes: they add up, one more each seating or killing")),
       "last"),
    # Default «failed»: where the seed means the GM to say nothing it writes so («его ночная
    # жертва не получает от ведущего никакой информации», 23); «просто не состоится» says
    # the move is void, and «Вы не смогли совершить свое действие» is the necromancer's one
    # message for a move that did not take place.
    _r("necro-four-message", "What is the necromancer told when his raise «просто не "
       "состоится» because 4 mafs live?",
       "line 231: «Если на момент хода некроманта мафов в игре 4, то ход некроманта просто не "
       "состоится»; lines 237-240: «Вы не смогли совершить свое действие: o Вы были убиты o "
       "Вы были оглушены o Вы были заблокированы Занудой»",
       (("failed", "«Вы не смогли совершить свое действие» (the list's causes are not all)"),
        ("silent", "nothing: the move simply does not happen, and none of the message's "
                   "causes holds")),
       "failed"),
    # Default «by-moment»: the seed's brackets are the GM's test for each message, and they
    # name the moment only: «(Сводчик сводил ваши цели после установки вами зеркала)» vs
    # «(... до установки вами зеркала)»; «успев произвести отражение» is the message's
    # wording, not a further condition.
    _r("mirror-broken-message", "A mirror the matchmaker broke after it was set, having "
       "reflected nothing: which message?",
       "lines 99-100: «Ваше зеркало было разбито, успев произвести отражение (Сводчик сводил "
       "ваши цели после установки вами зеркала)»; «Ваше зеркало было разбито (Сводчик сводил "
       "ваши цели до установки вами зеркала)»",
       (("by-moment", "«..., успев произвести отражение»: the bracket's moment decides"),
        ("by-reflection", "«Ваше зеркало было разбито»: the words claim a reflection, and "
                          "there was none")),
       "by-moment"),
    # Default «useless»: the seed's one word on a maf brought back from the samurai's strike
    # is the doctor's «Защищает (оживляет) мафа от Самурая» (39) with the samurai's «Ваша
    # цель была защищена (оживлена) врачом» (220): a maf who lives in the morning made the
    # risk useless. «done» reads the list as the doctor's only and the raise as a new event
    # after a kill that happened («статус убитого-воскрешенного виден», 232).
    _r("samurai-raised", "What is the samurai told whose maf, killed by his strike, the "
       "necromancer raised the same night?",
       "line 220: «Ваш риск оказался бесполезным ... o Ваша цель была защищена (оживлена) "
       "врачом»; line 216: «Вы удачно совершили свой ночной ход (Вы убили мафа)»; line 232: "
       "«Может воскресить убитого текущей ночью ... При этом статус убитого-воскрешенного "
       "виден»",
       (("useless", "«Ваш риск оказался бесполезным», as when the doctor revives the maf"),
        ("done", "«Вы удачно совершили свой ночной ход»: he killed a maf; the raise came "
                 "after")),
       "useless"),
    # Default «dies»: the seed names the one death from an attacker's own move the doctor
    # stops, «Защищает (оживляет) самурая в случае его ошибки» (40); of the bodyguard it says
    # only «В случае удачной охраны умирает киллер» (155, 157), and of the bomb «При ночном
    # убийстве умирает и киллер» (286), with the doctor saving the killer only by treating
    # the bomb (288). Revival after the death stands either way («Оживляет недавно убитого»).
    _r("doctor-counter", "Does a treatment earlier tonight save an attacker from the death "
       "that comes back on him (the bodyguard's, the bomb's)?",
       "line 29: «Защищает от убийства в текущую ночь»; line 155: «В случае удачной охраны "
       "умирает киллер»; line 286: «При ночном убийстве умирает и киллер (Пукальщик, Доктор, "
       "Самурай)»; line 40: «Защищает (оживляет) самурая в случае его ошибки»",
       (("dies", "no: that death is the outcome of the guard or the bomb, not an attempt the "
                 "treatment stops (the vest alone withstands it)"),
        ("protected", "yes: it is a killing like any other; «Вы защитили вашего пациента»")),
       "dies"),
)
