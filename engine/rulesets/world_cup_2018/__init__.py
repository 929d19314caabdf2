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
engine.rulesets.world_cup_2018.night, registered here as `RULESET.night`; its rulings join
the day's.
"""

from __future__ import annotations

from engine.rulesets.base import Acting, DayRules, RuleSet
from engine.rulesets.world_cup_2018 import acting, day, seed_notes, vocab
from engine.rulesets.world_cup_2018.night import NIGHT
from engine.rulesets.world_cup_2018.night import RULINGS as NIGHT_RULINGS
from engine.rulesets.world_cup_2018.rulings import RULINGS

RULESET = RuleSet(
    id=vocab.ID,
    title="Чемпионат мира 2018 (World Cup 2018)",
    source=f"seed {vocab.SEED}",
    language="ru",
    # the most votes at the close is jailed: a plurality, no hammer; no vote for nobody;
    # vote changes as ruled (`day.count_rules`)
    day=DayRules(
        count=day.count_rules, self_vote=False, last_mark_wins=True, edited_vote_void=True,
        close_at="21:00", close_zone="Europe/Moscow",
        close_clause=f"{vocab.SEED}: «День закрывается в 21:00 по московскому времени.»",
        notes=(
            "a vote is red text, or a post signed «красным с телефона»",
            "the day closes at 21:00 Moscow time; votes in its last 30 minutes count half",
            "non-voters and players without the character's avatar get votes on their own "
            "tally at the close",
            "double votes (mayor's night move, diploma) do not stack: a double vote is 2; "
            "a late double vote is 1",
        )),
    roles=vocab.ROLES,
    factions=vocab.SIDES,
    roster=vocab.roster,
    rulings=RULINGS + NIGHT_RULINGS,
    night=NIGHT,
    seed=vocab.SEED,
    seed_notes=seed_notes.NOTES,
    acting=Acting(acting.ABILITIES, acting.FEATURES),
)

__all__ = ["RULESET", "day", "vocab"]
