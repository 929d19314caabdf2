"""The points of seed 000 the ultimates leave open (Trap, Last Bullet, Assault, Paranoid
Balance Balancing), each a named ruling with its options and a default."""

from __future__ import annotations

from engine.night.state import NightState
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night.common import option
from engine.rulesets.contested_island.night.common import ruling as _r

RULINGS: tuple[Ruling, ...] = (
    _r("trap-timing", "When does Ru's pit catch a killer?",
       "Ru: \"Trap. Digs a pit in front of the target's house. If, subsequently, a killer goes "
       "to the target, they fall into the pit and the assassination fails.\" Order 23) "
       "\"Resurrection / Treatment ... / Trap from Ru (not displayed)\": after every kill.",
       (("later-nights", "from the next night on (\"subsequently\"), until a killer falls in"),
        ("next-night", "only on the next night"),
        ("same-night", "tonight too: at step 23, as Treatment undoes a kill, tonight's "
                       "killers at the door fall in and their kill fails; then as later-nights")),
       "later-nights"),
    _r("trap-patient-zero", "What does \"Does not work on Patient Zero\" exempt?",
       "Ru, Trap: \"... Ru learns the nickname of the player who fell into the pit. Does not "
       "work on Patient Zero.\"",
       (("killer", "Patient Zero does not fall into a pit: his kill goes ahead"),
        ("house", "a pit cannot be dug in front of Patient Zero's house")),
       "killer"),
    _r("bullet-protector", "Does the protector's natural protection stop the Last Bullet that "
       "hits them?",
       "Max Kane: \"Last Bullet. Attacks a target, ignoring natural protection. If the target "
       "is protected, the bullet hits the protector (physical attack).\"",
       (("ignores-natural", "it is the same bullet: it ignores the protector's natural "
                            "protection too (Milton's Physical Might does not save him)"),
        ("natural-applies", "a plain physical attack on the protector: their natural "
                            "protection stops it")),
       "ignores-natural"),
    _r("assault-attacks", "How are Assault's two attacks dealt out?",
       "Jen Li: \"Assault. Attacks 2 targets with a physical attack and a psychic attack\"",
       (("both", "each target suffers a physical and a psychic attack"),
        ("split", "the first target the log names a physical attack, the second a psychic "
                  "one")),
       "both"),
    _r("assault-maims", "Whom does Assault maim?",
       "Jen Li, Assault: \"Maims everyone who came to both targets (loss of one action or "
       "feature until the end of the game).\" General Game Rules 6) one action a night.",
       (("either", "everyone who came to one of the two targets (\"both\" as \"the two\"): "
                   "with one action a night, hardly anyone comes to both"),
        ("both", "only those who came to each of the two targets")),
       "either"),
    _r("balancing-timing", "When does the action the Night Hunter applies take effect?",
       "Night Hunter: \"Paranoid Balance Balancing. Applies any action in the game to any "
       "role.\" Order 0) \"Night Hunter's Ult\"",
       (("step-0", "at once, at step 0, before everything else of the night"),
        ("own-step", "in the applied action's own place in the order of actions")),
       "step-0"),
)


def ruling(state: NightState, point: str) -> str:
    return option(state, RULINGS, point)
