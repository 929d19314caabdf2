"""«Чемпионат мира 2018»'s day rulings: what seed 001 leaves open about the vote."""

from __future__ import annotations

from engine.rulesets.base import Ruling, ruling_options
from engine.rulesets.world_cup_2018.vocab import SEED

RULINGS: tuple[Ruling, ...] = (
    Ruling(
        key="world-cup-2018.nonvoter-penalty",
        question="How many votes does a player get on his own tally for not voting?",
        clause=f"{SEED}: «При пропуске голосования игрок получает голос в лог за каждый "
               "следующий день не голосования (за не голосование в первый день +3 голоса "
               "в лог).»",
        options=ruling_options(
            ("flat", "+1 for each day without a vote from day 2 on (the literal reading: "
                     "«голос ... за каждый ... день»); +3 on day 1"),
            ("cumulative", "+1 on the first missed day after day 1, one more for each "
                           "further day missed in a row (2, 3, ...); +3 on day 1")),
        default="flat"),
    Ruling(
        key="world-cup-2018.tie",
        question="Who is jailed when several players share the most votes at 21:00?",
        clause=f"{SEED}: the seed says nothing about ties («День закрывается в 21:00 ...»).",
        options=ruling_options(
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
        options=ruling_options(
            ("allowed", "the latest red vote stands (a new post, not an edit)"),
            ("first-stands", "the first counted vote of the day stands")),
        default="allowed"),
    Ruling(
        key="world-cup-2018.diploma",
        question="For how long does the fairy's diploma double its holder's vote?",
        clause=f"{SEED}: «15. Диплом — даёт двойной голос.» (the black mark says «при "
               "следующем голосовании», one-use gifts say «1 раз»; the diploma says "
               "neither)",
        options=ruling_options(
            ("permanent", "every day after it was given, until it is taken away"),
            ("next-vote", "only at the next vote, like the black mark")),
        default="permanent"),
    Ruling(
        key="world-cup-2018.zombie-letter-deadline",
        question="Until when can the necromancer's letter set a zombie's vote?",
        clause=f"{SEED}: «голосует так как скажет некромант (его голос изменяется некромантом "
               "письмом ведущему)» and «Дневные ходы можно делать до 19:00 по московскому "
               "времени.»",
        options=ruling_options(
            ("day-move", "the letter is a day move: sent by 19:00 Moscow time"),
            ("day-close", "any letter sent before the day closes at 21:00")),
        default="day-move"),
    Ruling(
        key="world-cup-2018.avatar-rule",
        question="Is the avatar penalty applied?",
        clause=f"{SEED}: «Кто будет без аватарки своего персонажа — каждый день по 1 голосу в "
               "лог, начиная со второго дня, в том числе в случае не выбора персонажа!»",
        options=ruling_options(
            ("on", "+1 a day from day 2 for a player whose posts show no avatar, where the "
                   "archive shows avatars"),
            ("off", "not applied (GMs often waive it; archives rarely keep avatars)")),
        default="on"),
)
