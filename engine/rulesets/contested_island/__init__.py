"""Contested Island («Спорный остров»), from seed 000 (an English translation of a Russian
forum game; the threads are Russian and the players are islands: «казнить Кубу»).

What the seed says about the day, and where (clauses of "General Game Rules" unless named):
- 2) "Night lasts 24 hours, day - 48 hours. If necessary, or by agreement of players, the day
  can be shortened." A day of fixed length that the GM may cut short: it runs to its close,
  where the most votes is executed (plurality). No majority that ends the day is written.
- 3) "Execution is formatted in bold as "execute xxx". Cancellation of execution is formatted
  in bold as "do not execute xxx"." In the threads: «казнить X» / «не казнить X».
- Rick Morgan, Features: "Authority. Double vote." Jen Li and Patient Zero, Features: "Zero
  vote." Features List: "Double vote" (a feature recruiters may give a recruit).
- Cornelius Lestrange, Day Actions: "Power of Persuasion. At their discretion, can remove or
  add 1 vote against a target. Cannot be used after recruitment. (D)"
- John Levy, Night Actions: "Private Conversation. Isolates a target. If the target is
  female – gives her a double vote for one day; if male – he loses his own vote for one day."
- Alex Crow, Features: ""I don't give a damn". Avoids the first execution."
- Jen Li: "one-time protection either from physical attack, or infection, or execution";
  Patient Zero: "One-time protection either from physical attack or execution".
- Planted Spies / Infecting (recruitment): "the target loses their features" / "is deprived
  of their features", and gets "no more than 2 features from the Features List".

Everything the seed leaves open is a `Ruling` below. The role table holds all 16 characters
with what the day needs (faction, gender, vote features, day abilities); the night engine
will add the night abilities to the same table.
"""

from __future__ import annotations

import random

from engine.rulesets.base import Acting, DayRules, Roster, RuleSet
from engine.rulesets.contested_island import acting, day, seed_notes, vocab
from engine.rulesets.contested_island.night import NIGHT
from engine.rulesets.contested_island.night import RULINGS as NIGHT_RULINGS
from engine.rulesets.contested_island.rulings import RULINGS


def roster(_rnd: random.Random) -> Roster:
    """The seed's 16 characters, one each (its Player List has 16 islands)."""
    return [(role, vocab.ROLES[role].faction or "") for role in sorted(vocab.ROLES)]


RULESET = RuleSet(
    id=vocab.ID,
    title="Contested Island («Спорный остров»)",
    source=vocab.SEED,
    language="ru",
    # plurality, or a majority under a ruling (`day.count_rules`); only «казнить X» is
    # written: there is no vote for nobody
    day=DayRules(
        count=day.count_rules,
        # a post's marks apply in the order written: «не казнить Кубу, казнить Мальту»
        # needs both (see the vote-change ruling)
        last_mark_wins=False,
        notes=("a vote is bold «казнить X»; bold «не казнить X» cancels it; plain text is "
               "talk (General Game Rules 3)",
               "the day lasts 48 hours unless shortened: the count runs to the GM's close "
               "(General Game Rules 2)"),
    ),
    roles=tuple(vocab.ROLES.values()),
    factions=tuple(vocab.FACTIONS.values()),
    roster=roster,
    rulings=RULINGS + NIGHT_RULINGS,
    night=NIGHT,
    seed=vocab.SEED,
    seed_notes=seed_notes.NOTES,
    acting=Acting(acting.ABILITIES, acting.FEATURES),
)

__all__ = ["RULESET", "day", "vocab"]
