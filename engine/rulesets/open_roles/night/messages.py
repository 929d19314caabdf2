"""«Сообщения, получаемые утром»: every morning message of the seed, verbatim, by id. The
bullets and brackets under a headline are the GM's note of when it is sent: they are the
event's `case` detail, not its text."""

from __future__ import annotations

from engine.rulesets.open_roles.night import common as c

MESSAGES: dict[str, str] = {
    # doctor (lines 41-56)
    "shot": "Ваш укол состоялся",
    "revived": "Вы оживили вашего пациента",
    "protected": "Вы защитили вашего пациента",
    "cured": "Вы вылечили вашего пациента",
    "self-protected": "Вы вовремя лечили себя",
    "self-revived": "Вы были сильно ранены, но у вас хватило сил на последнюю прививку",
    "killed-patient": "Вы убили вашего пациента",
    "patient-not-found": "Вы не обнаружили вашего пациента",
    "not-done": "Ваш ход не состоялся",
    # driver (61-71)
    "walked": "Вы прогулялись с вашим спутником",
    "corpse": "Вы всю ночь таскали по лесу холодный труп",
    "did-not-dare": "Вы не решились брать с собой вашего спутника",
    # matchmaker (82-90); «наши» is the seed's own spelling
    "match-empty": "Вы свели двух персонажей, но это оказалось пустым делом",
    "match-in-time": "Вы вовремя свели двух персонажей",
    "match-not-found": "Вы не наши одного или двоих персонажей",
    "match-failed": "Вы не смогли никого свести",
    # mirror (96-107)
    "reflected": "Отражение произошло",
    "mirror-useless": "Вы бесполезно провели ночь",
    "mirror-broken-after": "Ваше зеркало было разбито, успев произвести отражение",
    "mirror-broken": "Ваше зеркало было разбито",
    "mirror-no-place": "Вы не нашли места установки зеркала",
    "mirror-failed": "Вы не смогли установить зеркала",
    # stunner (117-131)
    "stun-hit": "Ваш удар пришелся кому-то прямо в темечко",
    "stun-milk": "Ваш удар пришелся в молоко",
    "stun-corpse": "Вы дрались с трупом",
    "stun-killed": "Вы убили",
    "stun-failed": "Вы не смогли ударить",
    "stunned": "Вы оглушены",
    # bore (141-153)
    "block-done": "Вы всю ночь разговаривали с благодарным слушателем",
    "bored": "Вы всю ночь скучали",
    "blocked": "Вы заблокированы",
    # bodyguard (164-176)
    "guard-quiet": "Вы спокойно простояли на стреме всю ночь",
    "guard-quiet-part": "Вы спокойно простояли на стреме часть ночи",
    "guard-paid": "Вам не зря платят за вашу работу",
    "guard-paid-part": "Вам не зря платят за вашу работу, хоть она и не была выполнена до "
                       "конца",
    # witch (190-204)
    "swap-full": "Состоялся полноценный обмен",
    "swap-dup": "Вы сдублировали один из ходов",
    "swap-slept": "Вы спали всю ночь",
    "swap-failed": "Вы не смогли совершить свою работу",
    # samurai (215-228)
    "samurai-done": "Вы удачно совершили свой ночной ход",
    "samurai-wrong": "Вам не повезло – вы ошиблись",
    "samurai-useless": "Ваш риск оказался бесполезным",
    "samurai-muscle": "Вы удачно совершили бы свой ночной ход, если бы не та гора мыжц, "
                      "которая вас убила",
    "action-failed": "Вы не смогли совершить свое действие",
    # necromancer (235-240)
    "raised": "Вы удачно совершили свой ночной ход",
    # follower and watcher (252-276): «Результаты:…» is filled with what they saw
    "seen": "Вы удачно совершили свой ночной ход. Результаты:",
    "not-followed": "Вы не смогли проследить за игроком",
    # vest and bomb (282-292)
    "assaulted": "На вас было совершено нападение",
    "slept": "Вы спокойно спали всю ночь",
    # the witch's swap: «сначала узнают чье действие и с кем они намеревались его
    # осуществить» (line 184); the seed gives no words: the text is «<whose>: <what> → <whom>»
    "swapped": "",
}

# «Ваш ход не состоялся» and its like: what a role is told when its move could not be made
# because of its own state (killed, driven away, stunned, blocked), by ability
FAILED: dict[str, str] = {
    c.HEAL: "not-done", c.DRIVE: "not-done", c.MATCH: "match-failed", c.MIRROR: "mirror-failed",
    c.STUN: "stun-failed", c.BLOCK: "not-done", c.GUARD: "not-done", c.SWAP: "not-done",
    c.STRIKE: "action-failed", c.STRIKE_AGAIN: "action-failed", c.RAISE: "action-failed",
    c.FOLLOW: "not-followed",
    c.WATCH: "not-followed",
}

# the Russian words of a failure's reason, as a follower learns it (lines 244-248)
REASONS: dict[str, str] = {
    "killed": "убит", "stunned": "оглушен", "blocked": "заблокирован",
    "driven": "увезен Водителем", "matched": "сведен со своей целью Сводчиком",
    "target-away": "цель увезена Водителем", "corpse": "цель мертва",
}
