"""Contested Island's vocabulary (seed 000): its factions, its 16 characters with what the
day and night read of them (faction, gender, features, abilities), and the Features List.
A leaf: the rest of the rule set (rulings, day, night) reads it.

The characters' `name_ru` is None: the seed is an English translation and gives no Russian
names (the threads' Russian names are the scraper's vocabulary). `source`: the words of the
seed that show the character's gender (Private Conversation needs it)."""

from __future__ import annotations

from engine.rulesets.base import Faction, Role

ID = "contested-island"
SEED = "000_b13eff22c14d7db7.txt"

# the seed's line-up: "Town - Mafia 1 - Mafia 2 - Maniac - 13-1-1-1"
FACTIONS: dict[str, Faction] = {f.id: f for f in (
    Faction("survivors", "Group of Survivors", "town"),
    Faction("order-of-li", "Order of Li", "mafia"),
    Faction("infected", "Infected", "mafia"),
    Faction("maniac", "Maniac", "third-party"),
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


ROLES: dict[str, Role] = {r.id: r for r in (
    Role("rick-morgan", "Rick Morgan", None, "survivors", gender="male",
         source="he met many survivors, whom he rallied around himself",
         features=(AUTHORITY,), recruitable=False),
    Role("nancy-dark", "Nancy Dark", None, "survivors", gender="female",
         source="Rick's right hand ... thanks to her"),
    Role("ru", "Ru", None, "survivors", gender="female",
         source="Her wild ways caused the group ... worry"),
    Role("cornelius-lestrange", "Cornelius Lestrange", None, "survivors", gender="male",
         source="Part of his team was eaten", abilities=(PERSUASION,)),
    Role("rastaman-bob", "Rastaman Bob", None, "survivors", gender="male",
         source="Treats a player to herbs from his plantation", recruitable=False),
    Role("max-kane", "Max Kane", None, "survivors", gender="male",
         source="he was a famous detective"),
    Role("andy-hoffman", "Doctor Andy Hoffman", None, "survivors", gender="male",
         source="Upon the first physical attack on the doctor, he heals himself",
         recruitable=False),
    Role("lucy-farmer", "Lucy Farmer", None, "survivors", gender="female",
         source="For several years, she was an assistant"),
    Role("jack-ricci", "Jack Ricci", None, "survivors", gender="male",
         source="he and his head of security had to escape"),
    Role("max-milton", "Max Milton", None, "survivors", gender="male",
         source="Despite the fact that his boss lost everything"),
    Role("john-levy", "John Levy", None, "survivors", gender="male",
         source="He helps the group only with trifles", abilities=(PRIVATE_CONVERSATION,)),
    Role("alex-crow", "Alex Crow", None, "survivors", gender="male",
         source="He doesn't talk to anyone", features=(DONT_GIVE_A_DAMN,)),
    Role("baba-nyura", "Baba Nyura", None, "survivors", gender="female",
         source="how she managed to survive the epidemic"),
    Role("jen-li", "Jen Li", None, "order-of-li", gender="female",
         source="She united all survivors around her",
         features=(ZERO_VOTE, ONE_TIME_PROTECTION), recruitable=False),
    Role("patient-zero", "Patient Zero", None, "infected", gender="male",
         source="No one knows who he was before",
         features=(ZERO_VOTE, ONE_TIME_PROTECTION), recruitable=False),
    Role("night-hunter", "Night Hunter", None, "maniac", gender="male",
         source="Cannot be killed if he went on a date with the victim", recruitable=False),
)}


def _role_keys() -> dict[str, Role]:
    out: dict[str, Role] = {}
    for role in ROLES.values():  # in the table's order: the first role a key names wins
        keys = [role.id, role.name_en.casefold()]
        if role.name_en.startswith("Doctor "):  # "Andy Hoffman" for "Doctor Andy Hoffman"
            keys.append(role.name_en[7:].casefold())
        for key in keys:
            out.setdefault(key, role)
    return out


_ROLE_KEYS = _role_keys()  # read by every day's count, for every slot: looked up, not searched


def find_role(text: str | None) -> Role | None:
    """The role a slot's `role` (id) or `role_name` (the English name as written) means."""
    if not text:
        return None
    return _ROLE_KEYS.get(text.strip().casefold())
