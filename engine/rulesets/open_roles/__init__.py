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
  294). A day or evening move stands only from the role that has it (the judge's, the
  fixer's, the matchmaker's; the master's acquired ones), a mafia move only from a maf
  (`day_roles`); on a tie with votes dropped at the close the GM announces the general count
  (line 74; ruling tie-count).

Not modelled: the «последнее слово» (a dead player's last word) that a stunned or blocked
corpse does not have (lines 113, 138): the game log holds no last word to withhold. The duty
to move and the mandatory kill (lines 8, 26) are checked, not enforced: a night records
`duty-missed` and is replayed as logged (`night.ends`).

The seed's role headers are lost: each role is known by its section (line numbers below) and
by the names the other sections call it. The night (every role's night move, the morning
messages, the night's rulings) is engine/rulesets/open_roles/night.
"""

from __future__ import annotations

from engine.rulesets.base import Acting, DayRules, RuleSet
from engine.rulesets.open_roles import acting, day, seed_notes, vocab
from engine.rulesets.open_roles.night import NIGHT
from engine.rulesets.open_roles.night import RULINGS as NIGHT_RULINGS
from engine.rulesets.open_roles.rulings import RULINGS

RULESET = RuleSet(
    id=vocab.ID,
    title="«Открытые роли»: plurality «посадка», voting order sets the night's order",
    source=f"seed {vocab.SEED}",
    language="ru",
    # plurality; «Изменить голос нельзя (Исключение в описании ролей)» (line 12): the first
    # vote stands (`day.count_rules`); no vote for nobody: nobody is seated only without
    # votes (line 9)
    day=DayRules(
        count=day.count_rules,
        self_vote=True,  # a non-voter's vote counts on themselves (line 13): so may a voter's
        last_mark_wins=False,  # the first vote stands, in a post as in the day
        notes=("a vote is a bold run; plain text is talk",
               "stunned, blocked and matched votes show in running counts and are dropped at "
               "the close")),
    roles=vocab.ROLES,
    factions=vocab.FACTIONS,
    roster=vocab.roster,
    rulings=RULINGS + NIGHT_RULINGS,
    night=NIGHT,
    seed=vocab.SEED,
    seed_notes=seed_notes.NOTES,
    acting=Acting(acting.ABILITIES, acting.FEATURES),
)

__all__ = ["RULESET", "day", "vocab"]
