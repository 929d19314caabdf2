"""Contested Island's night (seed 000): the order of actions 0-25, the characters' statuses,
weapons and features, and their night actions, on the shared mechanics of `engine.night`.

Each ability cites the seed's words. Built so far: the protections (Cover, Experienced
Psychologist, Treatment), the blocks (A Bit of Optimism, Stunning Blow), isolation (Private
Conversation), the attacks of the Order, the Infected, the Night Hunter, Ru and Baba Nyura,
and the checks; the characters' natural protections (Danger Sense, Physical Might, the
one-time protections of Jen Li, Patient Zero and Ru, immunities, the doctor's self-healing).
Recruitment, infection and its burning, redirection, the ultimates and the remaining features
come next (the rule set does not claim them: `SUPPORTED` lists what it does)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.night import mechanics as m
from engine.night.model import Ability, Limit, Move, NightRules, Step
from engine.night.state import Attack, NightState, Player

Effect = Callable[[NightState, Move], None]

# the order of actions, as the seed numbers and shows them ("Order of Actions.")
STEPS: tuple[Step, ...] = (
    Step("0", "hunter-ultimate", "Night Hunter's Ult"),
    Step("1", "thwarting-plans", "Thwarting Plans from Rick (displayed as a fact)"),
    Step("2", "sending-away", "Sending Away from Crow (not displayed)"),
    Step("3", "theft", "Theft from Jack Ricci (not displayed)"),
    Step("4", "first-aid", "First Aid from Lucy Farmer (not displayed)"),
    Step("5", "date", "Night Hunter's Date (displayed as a fact)"),
    Step("6", "stunning-blow", "Stunning Blow from Rick (not displayed)"),
    Step("7", "isolation", "Isolation from Levy"),
    Step("8", "block-bob", "Block from Bob"),
    Step("9-10", "block-mafia", "Block from mafia players"),
    Step("11", "protection", "Protection from Cornelius / Protection from Milton / Protection "
         "from mafia players (displayed as a fact in case of success)"),
    Step("12", "mafia-ultimates", "Jen Li's Ult / Patient Zero's Ult"),
    Step("13", "kane-ultimate", "Ult from Max Kane"),
    Step("14-15", "recruit-kills", "Murders by the Order / Murders or Infection by the "
         "Infected"),
    Step("16", "hunter-kills", "(K) Actions from Night Hunter"),
    Step("17", "lucy-infection", "Infection from Lucy Farmer"),
    Step("18", "spear-throw", "Spear Throw from Ru"),
    Step("19", "grumbling", "Psychic attack from Baba Nyura"),
    Step("20-21", "leader-kills", "Murder or psychic attack from Jen Li / Murder or "
         "infection from Patient Zero"),
    Step("22", "checks", "All actions of type (I) (not displayed. Exception - questioning by "
         "Baba Nyura)"),
    Step("23", "treatment", "Resurrection / Treatment from Doctor Hoffman (displayed as a fact "
         "in case of success) / Trap from Ru (not displayed)"),
    Step("24", "recruitment", "Recruitments (displayed as a fact with a hint at the recruited "
         "role)"),
    Step("25", "burning", "Burning of features and actions in case of infection / Death from "
         "infection / Death from psychic attack"),
)


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


def new_player(slot: str, role: str) -> Player:
    sheet = CHARACTERS.get(role)
    if sheet is None:
        return Player(slot, role, "", {"physical": H, "mental": H, "local": NON})
    from engine.rulesets.contested_island import ROLES
    return Player(slot, role, ROLES[role].faction,
                  dict(zip(("physical", "mental", "local"), sheet.statuses, strict=True)),
                  dict(sheet.features))


def may_use(player: Player, ability: Ability) -> str | None:
    sheet = CHARACTERS.get(player.role)
    if sheet is None:
        return f"the role {player.role!r} has no night sheet"
    if ability.id not in sheet.abilities or ability.id in player.lost:
        return f"not an action of {player.role}"
    return None


# -- what the abilities do ----------------------------------------------------------------

def _protect(harm: str) -> Effect:
    def effect(state: NightState, move: Move) -> None:
        m.protect(state, move, move.targets[0], "physical" if harm == "physical" else "psychic")
    return effect


def _attack(state: NightState, move: Move, harm: str) -> None:
    target = move.targets[0]
    was_alive = state.alive(target)
    hit = m.attack(state, move, target, "psychic" if harm == "psychic" else "physical")
    shown = state.rulings.get("contested-island.psychic-fact", "landed")
    if hit.harm == "psychic" and was_alive and (hit.stopped_by is None or shown == "made"):
        # Rule Clarification 4: "Psychic attack and infection are initially displayed as
        # facts."
        state.record("psychic-attack", f"{target} suffers a psychic attack", "newspaper",
                     subject=target, actor=move.actor)


def _physical(state: NightState, move: Move) -> None:
    _attack(state, move, "physical")


def _psychic(state: NightState, move: Move) -> None:
    _attack(state, move, "psychic")


def _murder(state: NightState, move: Move) -> None:
    """Jen Li: "Attacks a target with a physical attack or a psychic attack." The log says
    which in options {"attack": "physical" | "psychic"} (physical when it does not)."""
    _attack(state, move, str(move.options.get("attack", "physical")))


def _grumbling(state: NightState, move: Move) -> None:
    """Baba Nyura: "Performs a psychic attack on the target ... Target's second status
    changes to "Mentally ill"." """
    _attack(state, move, "psychic")
    target = state.players[move.targets[0]]
    if target.alive:
        target.statuses["mental"] = ILL


def _block(state: NightState, move: Move) -> None:
    m.block(state, move, move.targets[0], f"blocked by {move.actor} ({move.ability.name})")


def _stunning_blow(state: NightState, move: Move) -> None:
    """Rick: "The target's night action for the current night does not trigger. On the next
    night, the target repeats that action." """
    target = move.targets[0]
    if state.rulings.get("contested-island.stun-vs-unblockable", "not-a-block") == "a-block":
        m.block(state, move, target, f"stunned by {move.actor}")
    else:
        m.stun(state, move, target, f"stunned by {move.actor}")
    own = [x for x in state.moves if x.actor == target and x.stopped is None]
    if own:
        state.players[target].repeat_next = (own[0].ability.id, tuple(own[0].targets))


def _isolate(state: NightState, move: Move) -> None:
    m.isolate(state, move, move.targets[0])


def _treatment(state: NightState, move: Move) -> None:
    """Doctor: "Saves a target from being killed in the current night, cures infection."
    Examination: "Checks physical health of the target of his NA." """
    target = move.targets[0]
    m.heal(state, move, target)
    m.tell(state, move, target, "physical", state.players[target].statuses["physical"],
           feature="examination")


def _status_check(which: str) -> Effect:
    def effect(state: NightState, move: Move) -> None:
        target = move.targets[0]
        m.tell(state, move, target, which, state.players[target].statuses[which])
    return effect


def _professional_gaze(state: NightState, move: Move) -> None:
    """Cornelius: "Checks the mental state of the target. If the target was subjected to a
    psychic attack – heals them." """
    target = move.targets[0]
    m.tell(state, move, target, "mental", state.players[target].statuses["mental"])
    hit = state.dying.get(target)
    if hit is not None and hit.harm == "psychic":
        del state.dying[target]
        hit.stopped_by = f"healed by {move.actor}"
        state.record("healed", f"{move.actor} heals {target} of the psychic attack",
                     subject=target, actor=move.actor, harm="psychic")


def _reconnaissance(state: NightState, move: Move) -> None:
    """Jen Li: "Checks one of the target's statuses." (options {"status": ...})"""
    which = str(move.options.get("status", "physical"))
    target = move.targets[0]
    m.tell(state, move, target, which, state.players[target].statuses.get(which, "?"))


def _observation(state: NightState, move: Move) -> None:
    """Night Hunter: "Checks 2 out of 3 statuses of the target." (options {"statuses":
    "physical,local"})"""
    target = move.targets[0]
    asked = str(move.options.get("statuses", "physical,mental")).split(",")
    for which in asked[:2]:
        m.tell(state, move, target, which.strip(),
               state.players[target].statuses.get(which.strip(), "?"))


def _surveillance(state: NightState, move: Move) -> None:
    """Max Kane: "Learns the type of NA applied by the target (-, +, I, K)." """
    target = move.targets[0]
    sent = [x for x in state.moves if x.actor == target and x.stopped != "not taken"
            and not x.ability.extra]
    kind: str = sent[0].ability.type if sent else "none"
    m.tell(state, move, target, "type", kind)


ABILITIES: dict[str, Ability] = {a.id: a for a in (
    Ability("stunning-blow", "Stunning Blow", "-", "stunning-blow", _stunning_blow,
       limit=Limit(same_target_every=3)),
    Ability("who-are-you", "Who are you?", "I", "checks", _status_check("local")),
    Ability("spear-throw", "Spear Throw", "K", "spear-throw", _physical),
    Ability("experienced-psychologist", "Experienced Psychologist", "+", "protection",
       _protect("psychic")),
    Ability("professional-gaze", "Professional Gaze", "I", "checks", _professional_gaze),
    Ability("bit-of-optimism", "A Bit of Optimism", "-", "block-bob", _block),
    Ability("surveillance", "Surveillance", "I", "checks", _surveillance),
    Ability("treatment", "Treatment", "+", "treatment", _treatment),
    Ability("cover", "Cover", "+", "protection", _protect("physical")),
    Ability("private-conversation", "Private Conversation", "-", "isolation", _isolate),
    Ability("endless-grumbling", "Endless Grumbling", "K", "grumbling", _grumbling),
    Ability("murder", "Murder", "K", "leader-kills", _murder),
    Ability("reconnaissance", "Reconnaissance", "I", "checks", _reconnaissance),
    Ability("hunt", "Hunt", "K", "leader-kills", _physical),
    Ability("drive-mad", "Drive Mad", "K", "hunter-kills", _psychic),
    Ability("shank", "Shank to the Throat", "K", "hunter-kills", _physical),
    Ability("observation", "Observation from the Bushes", "I", "checks", _observation,
       extra=True),
)}


def natural(state: NightState, hit: Attack) -> str | None:
    """Why an attack no one's protection stopped does not land: the target's own features."""
    p = state.players[hit.target]
    if hit.harm == "psychic":
        if p.has("psychic-immunity"):
            return "immune to psychic attacks"
        if p.has("psychic-blocks"):
            # Patient Zero: "Cannot die from a psychic attack, but is blocked on the next
            # night."
            p.blocked_next = True
            return "cannot die from a psychic attack; blocked next night"
        if p.spend("psychic-protection"):
            return "one-time protection from psychic attacks"
    if hit.harm == "physical":
        for feature, why in (("danger-sense", "Danger Sense: survives the first physical "
                              "attack"),
                             ("physical-might", "Physical Might: one protection from "
                              "physical attack"),
                             ("one-time-protection", "one-time protection")):
            if p.spend(feature):
                return why
        if p.spend("self-healing"):
            # Doctor: "Upon the first physical attack on the doctor, he heals himself
            # instead of his action."
            for own in state.moves:
                if own.actor == hit.target and not own.done and own.stopped is None:
                    own.stopped = "the doctor heals himself instead"
            return "heals himself instead of his action"
    return None


NIGHT = NightRules(steps=STEPS, abilities=ABILITIES,
                   actions_per_night={r: c.actions for r, c in CHARACTERS.items()},
                   natural=natural, new_player=new_player, may_use=may_use,
                   # Max Milton, Physical Might: "... cannot be blocked."
                   unblockable=lambda p: p.has("unblockable"))

# what the night engine implements of each role so far: the rule set claims no more
SUPPORTED: dict[str, tuple[str, ...]] = {
    role: tuple(a for a in c.abilities if a in ABILITIES) for role, c in CHARACTERS.items()}
