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

from dataclasses import dataclass
from typing import Literal

from engine.rulesets.base import DayRules, RuleSet, Ruling
from engine.rulesets.contested_island_night import NIGHT
from engine.rulesets.contested_island_night import RULINGS as NIGHT_RULINGS
from engine.rulesets.contested_island_night.common import SEED
from engine.rulesets.contested_island_night.common import ruling as _r

Gender = Literal["male", "female"]


@dataclass(frozen=True)
class Faction:
    id: str
    name: str  # as the seed names it
    kind: Literal["town", "mafia", "maniac"]  # "Town - Mafia 1 - Mafia 2 - Maniac - 13-1-1-1"


FACTIONS: dict[str, Faction] = {f.id: f for f in (
    Faction("survivors", "Group of Survivors", "town"),
    Faction("order-of-li", "Order of Li", "mafia"),
    Faction("infected", "Infected", "mafia"),
    Faction("maniac", "Maniac", "maniac"),
)}

# Features that touch the vote, by id. A character's own features are lost when recruited
# ("the target loses their features"); a recruit's come from the Features List.
AUTHORITY = "authority"  # Rick: "Authority. Double vote."
ZERO_VOTE = "zero-vote"  # Jen Li, Patient Zero: "Zero vote."
ONE_TIME_PROTECTION = "one-time-protection"  # Jen Li, Patient Zero: "... or execution"
DONT_GIVE_A_DAMN = "dont-give-a-damn"  # Crow: ""I don't give a damn". Avoids the first execution."

# The Features List recruiters choose from ("no more than 2 features from the Features List").
# A `recruited` slot change names the chosen ones in details {"features": [...]}.
DOUBLE_VOTE = "double-vote"
BLOCK_ISOLATION_IMMUNITY = "block-isolation-immunity"
FEATURES_LIST: dict[str, str] = {
    DOUBLE_VOTE: "Double vote",
    "counterattack": "Physical attack on own killer",
    "physical-protection": "One-time protection from physical attack",
    "psychic-protection": "One-time protection from psychic attack",
    "infection-protection": "One-time protection from infection",
    "change-status": "Ability to change one of the statuses",
    BLOCK_ISOLATION_IMMUNITY: "Immunity to block and isolation",
    "redirection-theft-immunity": "Immunity to redirection and theft",
    "ignore-healing": "Ignore victim's healing",
    "ignore-external-protection": "Ignore external protection",
    "ignore-natural-protection": "Ignore natural protection",
    "two-actions": "Ability to use 2 actions per night",
    "inheritance": "Ability to pass one of own actions as \"inheritance\" in case of death",
}

# Abilities that touch the vote (the night engine adds the rest).
PERSUASION = "persuasion"  # Cornelius: Power of Persuasion, a day action (D)
PRIVATE_CONVERSATION = "private-conversation"  # John Levy: Private Conversation (+/-)


@dataclass(frozen=True)
class Role:
    """A character of the seed. `name_ru` is None: the seed is an English translation and
    gives no Russian names (the threads' Russian names can be added when a game log shows
    them). `gender` is where the seed shows it (`gender_from`); Private Conversation needs it.
    """

    id: str
    name: str
    faction: str
    gender: Gender
    gender_from: str  # the words of the seed that show the gender
    name_ru: str | None = None
    features: tuple[str, ...] = ()  # vote-relevant features (see above)
    day_abilities: tuple[str, ...] = ()
    night_abilities: tuple[str, ...] = ()  # vote-relevant ones only, for now
    recruitable: bool = True


ROLES: dict[str, Role] = {r.id: r for r in (
    Role("rick-morgan", "Rick Morgan", "survivors", "male",
         "he met many survivors, whom he rallied around himself", features=(AUTHORITY,),
         recruitable=False),
    Role("nancy-dark", "Nancy Dark", "survivors", "female",
         "Rick's right hand ... thanks to her"),
    Role("ru", "Ru", "survivors", "female", "Her wild ways caused the group ... worry"),
    Role("cornelius-lestrange", "Cornelius Lestrange", "survivors", "male",
         "Part of his team was eaten", day_abilities=(PERSUASION,)),
    Role("rastaman-bob", "Rastaman Bob", "survivors", "male",
         "Treats a player to herbs from his plantation", recruitable=False),
    Role("max-kane", "Max Kane", "survivors", "male", "he was a famous detective"),
    Role("andy-hoffman", "Doctor Andy Hoffman", "survivors", "male",
         "Upon the first physical attack on the doctor, he heals himself", recruitable=False),
    Role("lucy-farmer", "Lucy Farmer", "survivors", "female",
         "For several years, she was an assistant"),
    Role("jack-ricci", "Jack Ricci", "survivors", "male",
         "he and his head of security had to escape"),
    Role("max-milton", "Max Milton", "survivors", "male",
         "Despite the fact that his boss lost everything"),
    Role("john-levy", "John Levy", "survivors", "male",
         "He helps the group only with trifles", night_abilities=(PRIVATE_CONVERSATION,)),
    Role("alex-crow", "Alex Crow", "survivors", "male", "He doesn't talk to anyone",
         features=(DONT_GIVE_A_DAMN,)),
    Role("baba-nyura", "Baba Nyura", "survivors", "female",
         "how she managed to survive the epidemic"),
    Role("jen-li", "Jen Li", "order-of-li", "female", "She united all survivors around her",
         features=(ZERO_VOTE, ONE_TIME_PROTECTION), recruitable=False),
    Role("patient-zero", "Patient Zero", "infected", "male", "No one knows who he was before",
         features=(ZERO_VOTE, ONE_TIME_PROTECTION), recruitable=False),
    Role("night-hunter", "Night Hunter", "maniac", "male",
         "Cannot be killed if he went on a date with the victim", recruitable=False),
)}


def find_role(text: str | None) -> Role | None:
    """The role a slot's `role` (id) or `role_name` (the English name as written) means."""
    if not text:
        return None
    key = text.strip().casefold()
    for role in ROLES.values():
        if key in (role.id, role.name.casefold()) or (
                role.name.startswith("Doctor ") and key == role.name[7:].casefold()):
            return role
    return None


RULINGS: tuple[Ruling, ...] = (
    _r("decision", "Is the day decided by the most votes at its close, or does a majority end "
       "it at once?",
       "General Game Rules 2) \"Night lasts 24 hours, day - 48 hours. If necessary, or by "
       "agreement of players, the day can be shortened.\" No majority is written anywhere.",
       (("plurality", "the day runs until the GM closes it (48 hours or shortened); the most "
                      "votes at the close is executed"),
        ("majority", "a vote that gives a player more than half the living ends the day at "
                     "once (\"by agreement of players\"); at the close, the most votes")),
       "plurality"),
    _r("tie", "Who is executed when several players share the most votes at the close?",
       "The seed says nothing on ties; General Game Rules 1) \"GM is always right.\"",
       (("no-execution", "nobody is executed"),
        ("first-reached", "the tied player who reached the final count first is executed")),
       "no-execution"),
    _r("cancel-vote", "Which vote does «не казнить X» (\"do not execute X\") withdraw?",
       "General Game Rules 3) \"Cancellation of execution is formatted in bold as \"do not "
       "execute xxx\".\"",
       (("own-only", "the voter's own vote, and only when it stands on X; otherwise it "
                     "cancels nothing"),
        ("any", "the voter's standing vote, whoever it names (an unvote)")),
       "own-only"),
    _r("vote-change", "Does a new «казнить Y» move a standing vote, or must it be cancelled "
       "first?",
       "General Game Rules 3) \"Execution is formatted in bold as \"execute xxx\". "
       "Cancellation of execution is formatted in bold as \"do not execute xxx\".\"",
       (("replace", "a new «казнить» replaces the standing vote, as in every forum game"),
        ("cancel-first", "while a vote stands, a «казнить» for someone else does not count: "
                         "the vote must be cancelled with «не казнить» first")),
       "replace"),
    _r("avoided-execution", "When the player to be executed avoids it (Crow's \"I don't give "
       "a damn\", Jen Li's or Patient Zero's one-time protection), who is executed?",
       "Alex Crow: \"Avoids the first execution.\" Jen Li: \"one-time protection either from "
       "physical attack, or infection, or execution\". Patient Zero: \"One-time protection "
       "either from physical attack or execution\".",
       (("nobody", "nobody is executed that day; the protection is spent"),
        ("next", "the player with the next most votes is executed instead (ties as ruled)")),
       "nobody"),
    _r("double-stack", "Do two double votes (a recruit's \"Double vote\" feature and Private "
       "Conversation on a woman) make four?",
       "Features List: \"Double vote\"; John Levy: \"If the target is female – gives her a "
       "double vote for one day\".",
       (("two", "a double vote is two votes, however many give it"),
        ("multiply", "each doubles: two sources give four votes")),
       "two"),
    _r("zero-vote-conversation", "Does Private Conversation give Jen Li (female, \"Zero "
       "vote\") a vote?",
       "Jen Li: \"Zero vote.\"; John Levy: \"If the target is female – gives her a double "
       "vote for one day\".",
       (("zero", "twice no vote is no vote"),
        ("double", "she has two votes that day")),
       "zero"),
    _r("psychic-fact", "Which psychic attacks does the newspaper show?",
       "Rule Clarifications 4) \"Psychic attack and infection are initially displayed as "
       "facts.\" Rule Clarifications 3) \"Failed murders are displayed only in case of "
       "successful protection/healing.\"",
       (("landed", "an attack that lands (the target is dying from it): a protection that "
                   "stops it is shown as a protection, an immunity shows nothing"),
        ("made", "every psychic attack made on a living player, whatever stops it")),
       "landed"),
    _r("stun-vs-unblockable", "Does Stunning Blow stop a player who \"cannot be blocked\" "
       "(Max Milton's Physical Might)?",
       "Rick Morgan: \"Stunning Blow. The target's night action for the current night does "
       "not trigger.\" Max Milton: \"Physical Might. ... cannot be blocked.\" The Order "
       "of Actions lists the stun (6) apart from the blocks (8, 9-10).",
       (("not-a-block", "a stun is not a block: it stops Milton too"),
        ("a-block", "a stun is a block: Milton's action goes ahead")),
       "not-a-block"),
)

RULESET = RuleSet(
    id="contested-island",
    title="Contested Island («Спорный остров»)",
    source=SEED,
    language="ru",
    day=DayRules(
        grammar="contested-island",
        decision="plurality",
        no_lynch=False,  # only «казнить X» is written: there is no vote for nobody
        # a post's marks apply in the order written: «не казнить Кубу, казнить Мальту»
        # needs both (see the vote-change ruling)
        last_mark_wins=False,
        notes=("a vote is bold «казнить X»; bold «не казнить X» cancels it; plain text is "
               "talk (General Game Rules 3)",
               "the day lasts 48 hours unless shortened: the count runs to the GM's close "
               "(General Game Rules 2)"),
    ),
    rulings=RULINGS + NIGHT_RULINGS,
    night=NIGHT,
)
