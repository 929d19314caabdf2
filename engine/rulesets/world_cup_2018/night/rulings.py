"""The readings of the seed the night needs and the seed leaves open, each a ruling
`world-cup-2018.<point>` with its options and default, and `option`, the reader."""

from __future__ import annotations

from functools import partial

from engine.night.state import NightState
from engine.rulesets.base import Ruling, make_ruling, read_option
from engine.rulesets.world_cup_2018.vocab import ID, SEED

_r = partial(make_ruling, ID, seed=SEED)  # the ruling `world-cup-2018.<point>`


RULINGS: tuple[Ruling, ...] = (
    _r("vest", "Does a vest (or a Chinese vest) stop one shot, or every shot?",
       "«Имеет бронежилет с начала партии.»; «11. бронежилет (2шт) — спасает от выстрела»; "
       "«6. китайский бронник (2шт) — от выстрела спасает частично»",
       (("one-shot", "a vest stops one shot and is spent (a Chinese vest too)"),
        ("every-shot", "a vest stops every shot for as long as it is held (a Chinese vest "
                       "too, each shot making its wearer bleed)")),
       "one-shot"),
    _r("saransk", "Does the player sent to Saransk make his own move that night?",
       "«отправляет на 1 ночь игрока в Саранск, там его не может никто потревожить. Игрок "
       "возвращается на утро.»",
       (("acts", "he makes his move; only the moves on him fail (the seed forbids no more)"),
        ("stays-away", "he is away for the night: his moves fail too")),
       "acts"),
    _r("priest-protection", "What does the priest's «Игнорирует любую защиту» mean?",
       "«Имеет 2 жизни (умирает на 3-й выстрел). Но может быть убит, если в него стреляет 2 и "
       "более стрелка в одну ночь. Игнорирует любую защиту.»",
       (("his-life", "no protection saves the priest (vest, Chinese vest, doctor): only his "
                     "lives"),
        ("his-confession", "his confession reaches a target whatever protects it (Saransk, "
                           "the courtesan); his own life is protected as anyone's")),
       "his-life"),
    _r("killed-acts", "Does a player killed earlier in the night's order make his move?",
       "«Очередность хода ...» and «Пояснение: Некромант может поднять журналиста, они ходят "
       "одновременно»",
       (("acts", "yes: deaths come with the morning; a killed player's move still happens"),
        ("killed-first", "no: a player whose killing landed before his place in the order "
                         "makes no move (unless raised by then); the seed's note on the "
                         "necromancer and the journalist only matters under this reading, "
                         "but a shot doctor could no longer treat himself («может лечить "
                         "себя»)")),
       "acts"),
    _r("doctor-result", "When is the doctor answered «удачно»?",
       "«Если иное не предусмотрено в соответствующей роли игрок получает результат в виде "
       "ответа: «удачно», «не удачно».»; «Врач команды — Лечит тех, кого пытаются убить или "
       "отравить.»",
       (("saved", "only when he saved someone (a shot, poison or bleeding stopped)"),
        ("reached", "whenever he reached his patients")),
       "saved"),
    _r("bandage", "What does the doctor's bandage («перевязать двоих») do?",
       "«За ночь может вылечить 1 игрока или перевязать двоих»",
       (("wounds", "saves each of the two from a shot or a bleeding, not from poison"),
        ("bleeding-only", "only stops the bleeding of a Chinese vest")),
       "wounds"),
    _r("zombie-search-death", "Can the doctor save a searcher who found a zombie?",
       "«делать поиск зомби (при обнаружении зомби умирает)»",
       (("certain", "no: he dies (no one tried to kill him)"),
        ("healable", "yes: the doctor's treatment saves him")),
       "certain"),
    _r("gift-interval", "How often may one player get a gift («не чаще чем каждый третий "
       "день»)?",
       "«Одному игроку можно подарить только 2 разных подарка и не чаще чем каждый третий "
       "день.»",
       (("three-nights", "at least 3 nights apart (after night 1, night 5: gifts come on "
                         "odd nights)"),
        ("two-nights", "counted with the first day: nights 1 and 3 are allowed")),
       "three-nights"),
    _r("jester-special", "What happens when the jester swaps a player with the necromancer "
       "or the maniac?",
       "«Если меняют игрока с некромантом или маньяком ход замененного не производится. Ему "
       "направляется уведомление о том что ход сделан неудачно, при этом сам ход который он "
       "должен был сделать не раскрывается. (Т. е. поменянный думает что он совершал свой "
       "ход).»",
       (("own-move", "the necromancer or maniac makes his own move; the other player's move "
                     "is not made (he is told «не удачно»)"),
        ("takes-other", "the necromancer or maniac makes the other player's move instead of "
                        "his own; the other makes none (told «не удачно»)")),
       "own-move"),
    _r("stake-count", "Do mafia hunters count towards the three stakes of «Все остальные»?",
       "«Убить вампира можно: 1. Мафия — охота в полном составе клана (полный состав — все "
       "живые на момент отправки хода игроки). 2. Все остальные- как минимум 3-ое живых "
       "охотятся с кольями на него.»",
       (("separate", "no: three hunters outside the mafia clans (the zombies are of the third "
                     "clan), or a whole clan"),
        ("together", "yes: any three living hunters, or a whole clan")),
       "separate"),
    _r("statistician-cops", "Are a cop and a townsman «одинаковые» for the statistician?",
       "«ночью сравнивает 2х игроков, получает ответ одинаковые или разные (если сравнивает 2х "
       "из разного клана, то ответ — разные)»",
       (("same-as-town", "yes: the cops are «Участники Чемпионата Мира» and win with the "
                         "town"),
        ("own-side", "no: the committee is a side of its own")),
       "same-as-town"),
    # default: the seed's own exception for the thief is the pistol alone («Пистолет не
    # ворует»), and the boss's «бронежилет» is the very thing the fairy gives as «11.
    # бронежилет»: nothing makes it less a «вещь»
    _r("starting-vest", "Is the vest a boss or the sheriff starts with a «вещь» the courtesan "
       "(and the thief) takes?",
       "«Имеет бронежилет с начала партии.»; Куртизанка «если у того есть вещь забирает ее "
       "себе и отпускает (персонаж делает свой ход)»; Вор «Пистолет не ворует ... Если у "
       "игрока к которому он идет несколько вещей, выбирает что украсть.»",
       (("a-thing", "yes: a vest is a vest («11. бронежилет»); only the pistol is kept («Пистолет "
                    "не ворует»): the courtesan takes it and lets him go"),
        ("part-of-role", "no: like the pistol it is the role's own; only what he was given "
                         "(a gift, an artifact, a gifted vest) is taken, and a visit finding "
                         "no other thing blocks and shields him")),
       "a-thing"),
    # default: «Очередность хода» puts «Босс мафии» before «Рядовой мафиози», so the boss's
    # shot takes the clan's one shot first; the log's order is the GM's writing, which the
    # seed never makes a rule of
    _r("clan-shot", "Which of two shots of one clan stands («могут стрелять только в одного "
       "жителя за ночь»)?",
       "«могут стрелять только в одного жителя за ночь или искать шерифа (Если босс находит "
       "Шерифа, а рядовой идет стрелять, то осуществляется два выстрела за ночь)»; "
       "«Очередность хода ... Босс мафии ... Рядовой мафиози»",
       (("rank", "the one first in the night's order: the boss's, then the recruiter's, then "
                 "the goon's (by slot among equals)"),
        ("first-sent", "the one sent first (the first in the GM's log of the night)")),
       "rank"),
    # default: the seed's poison is the vampire's, which kills «в следующую ночь» unless
    # healed, and the doctor «Лечит тех, кого пытаются ... отравить», the antidote
    # «излечивает от яда»: both need a poison that waits
    _r("perfume", "When does the poisoned perfume («отравляет убийцу») kill the killer?",
       "«14. ядовитые духи — отравляет убийцу»; «Впрыскивает яд — травит укушенного ядом, "
       "если укушенный не излечится в следующую ночь, он умрет.»",
       (("next-night", "he is poisoned as by the vampire: he dies at the end of the next "
                       "night unless the doctor or an antidote cures him"),
        ("same-night", "he dies the night he kills, with his victim (nothing cures him)")),
       "next-night"),
)


# default: «Очередность хода» orders every move, and the ruling "priest-protection" already
# reads the moves before the priest's (Saransk, the courtesan) as reaching his target; the
# literal «этой ночью никто» (the qualifier «если ходит после священника» is written for
# the target's own move only) is the other option
RULINGS += (
    _r("confession-shield", "Can the moves that come before the priest's reach the player "
       "he confesses («этой ночью никто не может подвергнуть воздействию»)?",
       "«Ночью выбирает цель для исповеди, которую этой ночью никто не может подвергнуть "
       "воздействию и которая также не может совершить ход, если ходит после священника.»",
       (("later-steps", "no move after the priest's reaches him; the fairy's, the "
                        "courtesan's, the tour operator's and the jester's, before it in "
                        "«Очередность хода», do"),
        ("whole-night", "no move of anyone else reaches him all night, those before the "
                        "priest's too: «этой ночью никто» has no «если ходит после "
                        "священника», which is said of his own move only")),
       "later-steps"),
)


def option(state: NightState, point: str) -> str:
    """The option the night runs under for `point`: the chosen one, else the default."""
    return read_option(state.rulings, RULINGS, f"{ID}.{point}")
