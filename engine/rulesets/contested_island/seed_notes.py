"""What becomes of the seed's sentences that no scenario case or ruling quotes: the story,
the headings, what is modelled outside the cases (and where), and what is not modelled and
why (`engine.seed_text.SeedNote`). docs/rules/<id>.md shows each in its sentence's row."""

from __future__ import annotations

from engine.seed_text import SeedNote

_NIGHT = "engine/rulesets/contested_island/night"
_SHEETS = f"{_NIGHT}/characters.py"
_RECRUITMENT = f"{_NIGHT}/recruitment.py"

NOTES: tuple[SeedNote, ...] = (
    # -- the title and the setting (paragraphs 1-5) ----------------------------------------
    SeedNote("heading", "a label of the translation, not of the rules",
             quote="Auto-translated"),
    SeedNote("heading", "the rule set's title", pattern=r"^Contested Island\.$"),
    SeedNote("story", "the setting: the epidemic", paragraph=True,
             quote="Emergency news about a new disease"),
    SeedNote("story", "the setting: the flight to the islands", paragraph=True,
             quote="One such group broke into an airport"),
    SeedNote("story", "the setting: the landing and the island's masters", paragraph=True,
             quote="The landing was very rough"),

    # -- what every character sheet repeats (from Rick Morgan's on) ------------------------
    SeedNote("heading", "a group's heading; the groups are FACTIONS in vocab.py",
             pattern=r"^(Group of Survivors|Order of Li|Infected|Maniac)$"),
    SeedNote("heading", "a section label of a character sheet or of a list",
             pattern=r"^(Features|Night Actions|Day Actions|Ultimate Actions?|Features List|"
                     r"Actions List|Player List):$"),
    SeedNote("elsewhere", "each character's weapon is on its night sheet (Character.weapon), "
             "read by Hot Trail, the Night Hunter's weapon sense, the weapon check (WEAPONS "
             "in night/recruitment.py) and Baba Nyura's weapon question",
             pattern=r"^Weapon: ", where=_SHEETS),
    SeedNote("elsewhere", "each character's three statuses (physical / mental / local) are "
             "on its night sheet (Character.statuses), kept per player in night/own.py and "
             "changed by infection, recruitment and Endless Grumbling",
             pattern=r"^Status: ", where=_SHEETS),
    SeedNote("heading", "a character's name line (the sheet below is theirs)",
             pattern=r"^(Rick Morgan|Nancy Dark|Ru|Cornelius Lestrange|Rastaman Bob|Max Kane|"
                     r"Lucy Farmer|Jack Ricci|Max Milton|John Levy|Alex Crow|Baba Nyura|"
                     r"Jen Li|Patient Zero|Night Hunter)$"),
    SeedNote("heading", "a section title of the rules",
             pattern=r"^(Victory Conditions:|Rule Clarifications\.|Set Features\.)$"),

    SeedNote("elsewhere", "an action a recruiter may grant from the Actions List "
             "(the recruit's `actions` option)", pattern=r"^- Block \(-\)$",
             where=_RECRUITMENT),

    # -- Rick Morgan (paragraphs 7-17) -----------------------------------------------------
    SeedNote("story", "Rick's biography", paragraph=True,
             quote="Formerly a commander of one of the units"),

    # -- Nancy Dark (18-26) ----------------------------------------------------------------
    SeedNote("story", "Nancy's biography", paragraph=True, quote="Rick's right hand"),

    # -- Ru (27-37) ------------------------------------------------------------------------
    SeedNote("story", "Ru's biography", paragraph=True,
             quote="One of the few survivors on the island"),

    # -- Cornelius Lestrange (38-46) -------------------------------------------------------
    SeedNote("story", "Cornelius's biography", paragraph=True,
             quote="A scientist who arrived on the island"),

    # -- Rastaman Bob (47-55) --------------------------------------------------------------
    SeedNote("story", "Bob's biography", paragraph=True,
             quote="The source of positivity in the group"),
    SeedNote("elsewhere", "A Bit of Optimism is a (-) action on one player, a block at step 8 "
             "(Ability bit-of-optimism); the herbs are its flavour",
             quote="Treats a player to herbs from his plantation",
             where=f"{_NIGHT}/basics.py"),

    # -- Max Kane (56-66) ------------------------------------------------------------------
    SeedNote("story", "Max Kane's biography (its revolver with one bullet is Last Bullet, "
             "quoted by cases)", quote="In a previous life he was a famous detective"),
    SeedNote("story", "Max Kane's biography", quote="He tries to help others"),

    # -- Doctor Andy Hoffman (67-79) -------------------------------------------------------
    SeedNote("story", "the doctor's biography", paragraph=True,
             quote="A jack of all trades physician"),
    SeedNote("heading", "the name of a feature or action; its rule, the next sentence, is "
             "quoted by cases", pattern=r"^- (Indispensable|Drive Mad|Shank to the Throat)\.$"),

    # -- Lucy Farmer (80-88) ---------------------------------------------------------------
    SeedNote("story", "Lucy's biography (her infection is the feature Infected, quoted by "
             "cases)", paragraph=True, quote="She handles treating sick people"),

    # -- Jack Ricci (89-96) ----------------------------------------------------------------
    SeedNote("story", "Jack Ricci's biography", paragraph=True,
             quote="Robbed several banks"),

    # -- Max Milton (97-105) ---------------------------------------------------------------
    SeedNote("story", "Milton's biography (his loyalty is the feature Loyalty, quoted by "
             "cases)", paragraph=True, quote="Head of security for Jack Ricci"),

    # -- John Levy (106-111) ---------------------------------------------------------------
    SeedNote("story", "John Levy's biography", paragraph=True,
             quote="John's priorities seem to have remained unchanged"),

    # -- Alex Crow (112-119) ---------------------------------------------------------------
    SeedNote("story", "Crow's biography", paragraph=True, quote="A very withdrawn person"),

    # -- Baba Nyura (120-129) --------------------------------------------------------------
    SeedNote("story", "Baba Nyura's biography", paragraph=True,
             quote="God only knows how she managed"),

    # -- Order of Li: Jen Li (130-146) -----------------------------------------------------
    SeedNote("story", "Jen Li's biography", paragraph=True,
             quote="Arrived on the island long before Rick's group"),

    # -- Infected: Patient Zero (147-162) --------------------------------------------------
    SeedNote("story", "Patient Zero's biography", paragraph=True,
             quote="No one knows who he was before"),
    SeedNote("elsewhere", "Patient Zero's night sheet allows 2 actions a night (actions=2); "
             "the night's resolution (engine/night/resolve.py) refuses a third and the same "
             "action twice (\"different NAs\")",
             quote="Can use 2 different NAs per night", where=_SHEETS),
    SeedNote("elsewhere", "the inheritance of Recruitment is one code path for both leaders "
             "(LEADERS, _not_entitled: Infecting for Patient Zero's team as Planted Spies for "
             "Jen Li's, whose side cases CI-NIGHT-168/169 show)",
             quote="If Patient Zero dies, one of his team inherits Recruitment",
             where=_RECRUITMENT),

    # -- Maniac: Night Hunter (163-180) ----------------------------------------------------
    SeedNote("story", "the Night Hunter's biography", paragraph=True,
             quote="A person with obvious mental disorders"),

    # -- Features List, Actions List (181-207) ---------------------------------------------
    SeedNote("elsewhere", "a recruiter's gift with one charge (ONE_TIME), spent against a "
             "psychic attack by the same feature as Ru's (psychic-protection, night/basics.py)",
             quote="One-time protection from psychic attack", where=_RECRUITMENT),
    SeedNote("elsewhere", "a recruiter's gift: its holder's actions cannot be redirected or "
             "stolen, as with the Night Hunter's Uncontrollable (UNCONTROLLABLE)",
             quote="Immunity to redirection and theft", where=f"{_NIGHT}/redirection.py"),

    # -- General Game Rules (234-241) ------------------------------------------------------
    SeedNote("not-modelled", "forum conduct: complaints about the GM's rulings are outside "
             "a replay", quote="All complaints after the game"),
    SeedNote("not-modelled", "forum conduct (what players may post); its punishment, a "
             "modkill, comes into a replay as the GM recorded it",
             quote="It is forbidden to explicitly reveal your role"),
    SeedNote("not-modelled", "the GM's write-up: the clues' wording is the GM's prose (the "
             "engine records only which clue events happen)",
             quote="Clues are given based on quents"),
    SeedNote("not-modelled", "the GM's write-up: the hint at a dead player's role is prose, "
             "not a game effect", quote="A hint at the killed person's role is also given"),
    SeedNote("elsewhere", "a modkill is a death read from the GM's log whatever its cause "
             "(departures: modkilled, cf. CI-DAY-007); a replacement keeps the slot, so the "
             "replay does not change", quote="modkill replacement can happen at the request",
             where="engine/day/window.py"),
    SeedNote("elsewhere", "no immunity beyond the character sheets: the day spares a player "
             "from execution only by the sheets' protections (`protection`: Crow, Jen Li, "
             "Patient Zero), the night only by the sheets' and recruits' features",
             quote="Immunities are not provided",
             where="engine/rulesets/contested_island/day.py"),

    # -- Set Features (247-249) ------------------------------------------------------------
    SeedNote("elsewhere", "the line-up: FACTIONS and ROLES, 13 survivors, Jen Li (Order of "
             "Li), Patient Zero (Infected), the Night Hunter (Maniac)",
             quote="Initial ratio Town Mafia 1 Mafia 2 Maniac",
             where="engine/rulesets/contested_island/vocab.py"),
    SeedNote("elsewhere", "Planted Spies and Infecting: the recruiter chooses up to 2 actions "
             "of the Actions List and 2 features of the Features List for the recruit",
             quote="Recruitments are present in the game", where=_RECRUITMENT),
    SeedNote("elsewhere", "the restrictions are the refusals of a recruitment: the condition, "
             "the unrecruitable characters, Loyalty, Crow's first attempt, Baba Nyura's "
             "protection, features passed before",
             quote="A number of restrictions apply to recruitment", where=_RECRUITMENT),
    SeedNote("story", "a design remark: the protections themselves are the sheets' own",
             quote="Protections are minimized"),

    # -- Player List (250-266) -------------------------------------------------------------
    SeedNote("story", "this game's roster (number. island - forum nickname): data of one "
             "game, no rule; the islands are the slots of tests/engine/games/island-16.json",
             pattern=r"^\d+\. ((Anguilla|Bora-Bora|Jamaica|Aruba|Laccadive Islands|Cuba|"
                     r"Lofoten Islands|Malta|Corsica|Nusa Lembongan|Seychelles Islands|"
                     r"Singapore|Fiji|Maldives|Zanzibar|Maui) - .+)$"),

    # -- the titles at the end (267-273) ---------------------------------------------------
    SeedNote("heading", "titles at the seed's end (of the game's posts, it seems), no rule",
             pattern=r"^(Alone in the Void|Balance|Failed Connections|Bloody Trail|"
                     r"Bloody Harvest|Secret Advantage|New Order)$"),
)
