"""Contested Island's characters as the night sees them (seed 000): the three statuses, the
weapon, the features with their charges, the night actions, how many a night. Each part of
the night (`basics`, `infection`, `recruitment`, `redirection`, `ultimates`) adds the actions
and features it implements through `ROLE_ABILITIES` / `ROLE_FEATURES` of its own module."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Character:
    """A role's night sheet: its three statuses, weapon, features with charges (-1: for
    good) and night abilities."""

    statuses: tuple[str, str, str]  # physical, mental, local
    weapon: str
    features: tuple[tuple[str, int], ...] = ()
    abilities: tuple[str, ...] = ()
    actions: int = 1  # "Can use 3 different NAs per night"


H, ILL, LOC, NON = "healthy", "ill", "local", "non-local"
CHARACTERS: dict[str, Character] = {
    "rick-morgan": Character((H, ILL, NON), "assault rifle",
                             (("preemptive-strike", -1), ("authority", -1)),
                             ("stunning-blow",)),
    "nancy-dark": Character((H, H, NON), "assault rifle",
                            (("special-attention", 1), ("pepper-spray", -1))),
    "ru": Character((H, H, LOC), "spear", (("psychic-protection", 1),),
                    ("who-are-you", "spear-throw")),
    "cornelius-lestrange": Character((ILL, H, LOC), "none", (),
                                     ("experienced-psychologist", "professional-gaze")),
    "rastaman-bob": Character((ILL, ILL, NON), "none", (("psychic-immunity", -1),),
                              ("bit-of-optimism",)),
    "max-kane": Character((H, H, NON), "revolver", (("danger-sense", 1), ("hot-trail", -1)),
                          ("surveillance",)),
    "andy-hoffman": Character((H, H, NON), "machete",
                              (("examination", -1), ("infection-immunity", -1),
                               ("self-healing", 1)), ("treatment",)),
    "lucy-farmer": Character((ILL, H, NON), "knife", (("infection-immunity", -1),)),
    "jack-ricci": Character((H, H, LOC), "revolver", (("personal-guard", 1),)),
    "max-milton": Character((H, H, LOC), "pistol",
                            (("physical-might", 1), ("unblockable", -1)), ("cover",)),
    "john-levy": Character((H, H, NON), "none", (), ("private-conversation",)),
    "alex-crow": Character((H, ILL, NON), "pistol"),
    "baba-nyura": Character((H, ILL, NON), "machine gun", (("recruit-protection", 1),),
                            ("endless-grumbling",)),
    "jen-li": Character((H, H, LOC), "katana",
                        (("psychic-immunity", -1), ("one-time-protection", 1)),
                        ("murder", "reconnaissance"), actions=3),
    "patient-zero": Character((ILL, ILL, LOC), "none",
                              (("one-time-protection", 1), ("infection-immunity", -1),
                               ("psychic-blocks", -1)), ("hunt",), actions=2),
    "night-hunter": Character((H, ILL, NON), "machete, shank", (),
                              ("drive-mad", "shank", "observation")),
}


def side_rank(faction: str) -> int:
    """The seed's order inside a merged step: the Order before the Infected ("14-15) Murders
    by the Order / Murders or Infection by the Infected", "20-21) Murder or psychic attack
    from Jen Li / Murder or infection from Patient Zero"); everyone else after."""
    return {"order-of-li": 0, "infected": 1}.get(faction, 2)


# Each character's features, then night actions, in the order the seed writes them (what
# burns first under infection-burn-order=first-listed). A feature the sheet writes as several
# ids keeps its first id's place.
SEED_ORDER: dict[str, tuple[str, ...]] = {
    "rick-morgan": ("preemptive-strike", "authority", "unrecruitable", "stunning-blow",
                    "thwarting-plans"),
    "nancy-dark": ("special-attention", "pepper-spray", "tactical-maneuver"),
    "ru": ("psychic-protection", "who-are-you", "spear-throw", "trap"),
    "cornelius-lestrange": ("experienced-psychologist", "professional-gaze"),
    "rastaman-bob": ("unrecruitable", "psychic-immunity", "bit-of-optimism"),
    "max-kane": ("hot-trail", "danger-sense", "surveillance", "last-bullet"),
    "andy-hoffman": ("examination", "unrecruitable", "infection-immunity", "self-healing",
                     "treatment", "medical-miracles"),
    "lucy-farmer": ("infection-immunity", "first-aid", "infection"),
    "jack-ricci": ("personal-guard", "sleight-of-hand"),
    "max-milton": ("physical-might", "unblockable", "loyalty", "cover"),
    "john-levy": ("private-conversation",),
    "alex-crow": ("first-attempt-refusal", "sending-away"),
    "baba-nyura": ("recruit-protection", "rumors-and-gossip", "where-are-you-from",
                   "endless-grumbling"),
    "jen-li": ("psychic-immunity", "one-time-protection", "unrecruitable", "murder",
               "planted-spies", "reconnaissance", "assault"),
    "patient-zero": ("one-time-protection", "infection-immunity", "psychic-blocks",
                     "unrecruitable", "hunt", "infecting", "bite"),
    "night-hunter": ("unrecruitable", "date-safety", "uncontrollable", "dismemberment",
                     "weapon-sense", "date", "drive-mad", "shank", "observation",
                     "balance-balancing"),
}


def seed_rank(role: str, item: str) -> int:
    """Where the seed writes a feature or action of the role (unknown ones after)."""
    order = SEED_ORDER.get(role, ())
    return order.index(item) if item in order else len(order)
