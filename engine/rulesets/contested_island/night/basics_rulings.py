"""The points of seed 000 the basic actions leave open (Treatment, Endless Grumbling,
Surveillance, the doctor's self-healing), each a named ruling with its options and a default
argued from the seed's words (issue 22)."""

from __future__ import annotations

from engine.night.model import Move
from engine.night.state import NightState
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night.common import option
from engine.rulesets.contested_island.night.common import ruling as _r

TREATMENT = ("Doctor Andy Hoffman: \"Treatment. Saves a target from being killed in the "
             "current night, cures infection. Cannot cure mental disorders.\"")
GRUMBLING = ("Baba Nyura: \"Endless Grumbling. Performs a psychic attack on the target. The "
             "next day, the target either attacks their visitor or dies themselves. Target's "
             "second status changes to \"Mentally ill\". (K)\"")

RULINGS: tuple[Ruling, ...] = (
    # Default: "Saves a target from being killed" names no kind of attack, and the psychic
    # death comes at step 25, after Treatment at 23, so the target is still to be saved.
    # "Cannot cure mental disorders" stands beside "cures infection": both speak of what the
    # cure does to a status (infection's "Physically ill", the second status "Mentally
    # ill"), not of which deaths Treatment stops.
    _r("treatment-psychic", "Does Treatment save the target of a psychic attack?",
       f"{TREATMENT} Order 23) \"Treatment from Doctor Hoffman\" ... 25) \"Death from "
       "psychic attack\".",
       (("saves", "yes: it saves from any killing that night (\"Cannot cure mental "
                  "disorders\": the \"Mentally ill\" status stays)"),
        ("not-psychic", "no: a psychic attack is a mental disorder Treatment cannot cure; "
                        "the target dies at step 25, the doctor still examines them")),
       "saves"),
    # Default: the Order of Actions puts "Death from psychic attack" at the night's step 25
    # and the Grumbling is a psychic attack (19) like Jen Li's or the Night Hunter's; "the
    # next day" is what the GM plays out if the target lives, and a night replay cannot.
    _r("grumbling-death", "When does the target of Endless Grumbling die?",
       f"{GRUMBLING} Order 19) \"Psychic attack from Baba Nyura\" ... 25) \"Death from "
       "psychic attack\".",
       (("night-end", "at the night's end (step 25), as every psychic attack that lands"),
        ("next-day", "not in the night: the attack is shown, and the GM settles the next "
                     "day whether the target attacks their visitor or dies (the replay "
                     "takes the day's announced deaths)")),
       "night-end"),
    # Default: the status change is the action's own sentence, apart from the attack;
    # the Psychologist "Protects the target from a psychic attack", not from the action.
    _r("grumbling-mental", "Does a Grumbling that a protection or immunity stops still make "
       "the target mentally ill?",
       f"{GRUMBLING} Cornelius: \"Experienced Psychologist. Protects the target from a "
       "psychic attack.\"",
       (("always", "yes: the status change is the action's, whatever stops the attack"),
        ("landed", "only when the psychic attack lands (a stopped attack changes nothing)")),
       "always"),
    # Default: the sheet writes the action's type "(+/-)", and Surveillance "Learns the type
    # of NA applied" (-, +, I, K): the type as the sheet gives it, as Rumors and Gossip's
    # "type" question reads it (both + and -). The engine said "-" before this ruling.
    _r("surveillance-conversation", "What type does Surveillance report for John Levy's "
       "Private Conversation, written \"(+/-)\"?",
       "John Levy: \"Private Conversation. Isolates a target. If the target is female – "
       "gives her a double vote for one day; if male – he loses his own vote for one day. "
       "... (+/-)\" Max Kane: \"Surveillance. Learns the type of NA applied by the target "
       "(-, +, I, K).\"",
       (("both", "\"+/-\", as the sheet writes it"),
        ("by-target", "\"+\" on a woman (a double vote), \"-\" on a man (a lost vote)"),
        ("minus", "\"-\" (an isolation)")),
       "both"),
    # Default: the self-healing is a feature, and features' saves (Danger Sense, Physical
    # Might, the one-time protections) show nothing; Clarification 3 pairs with the actions
    # the Order "displayed as a fact in case of success" (11, 23). Set Features 2)
    # "Protections are minimized."
    _r("self-heal-fact", "Is the doctor's self-healing a newspaper fact?",
       "Doctor Andy Hoffman, Features: \"Upon the first physical attack on the doctor, he "
       "heals himself instead of his action.\" Rule Clarifications 3) \"Failed murders are "
       "displayed only in case of successful protection/healing.\"",
       (("hidden", "no: a feature's save, like Danger Sense, is not shown"),
        ("shown", "yes: a successful healing, shown as Treatment's is")),
       "hidden"),
    # Default: the seed keeps isolation apart from blocks everywhere it names both: the
    # Features List's "Immunity to block and isolation", Assault's "ignoring block,
    # isolation, and redirection", the Order's "7) Isolation from Levy" beside "8) Block from
    # Bob" and "9-10) Block from mafia players"; and Rule Clarification 2 had to say so for
    # the recruitment, which "Cannot be blocked", for an isolated recruiter to succeed.
    _r("isolation-vs-unblockable", "Does a Private Conversation (an isolation) stop a player "
       "or an action that \"cannot be blocked\" (Max Milton, Baba Nyura's questioning)?",
       "Max Milton: \"Physical Might. Possesses one protection from physical attack, cannot "
       "be blocked.\" Baba Nyura: \"Rumors and Gossip. ... Cannot be blocked.\" John Levy: "
       "\"Private Conversation. Isolates a target.\" Rule Clarifications 2) \"If a "
       "recruiter-mafia is isolated, recruitment succeeds\".",
       (("not-a-block", "an isolation is not a block: it stops Milton's Cover and the "
                        "questioning; only the recruitment goes ahead (Clarification 2)"),
        ("a-block", "\"cannot be blocked\" covers an isolation too: the isolated player's "
                    "unblockable action goes ahead (as Clarification 2 says of the "
                    "recruitment); he still cannot be reached")),
       "not-a-block"),
)


def acts_isolated(state: NightState, move: Move) -> bool:
    """An isolated actor's move that goes ahead all the same (isolation-vs-unblockable=
    a-block): an unblockable action, or a player no block stops."""
    if ruling(state, "isolation-vs-unblockable") != "a-block":
        return False
    return move.ability.unblockable or state.rules.unblockable(state.players[move.actor])


def ruling(state: NightState, point: str) -> str:
    return option(state, RULINGS, point)
