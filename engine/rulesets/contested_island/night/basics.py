"""Contested Island's basic night actions (seed 000), on the shared mechanics of
`engine.night`: the protections (Cover, Experienced Psychologist, Treatment), the blocks (A
Bit of Optimism, Stunning Blow), isolation (Private Conversation), the attacks of the Order,
the Infected, the Night Hunter, Ru and Baba Nyura, and the checks; the characters'
natural protections (Danger Sense, Physical Might, the one-time protections of Jen Li,
Patient Zero and Ru, immunities, the doctor's self-healing); and what a night leaves for the
next (`carried`: Patient Zero's block, the stunned player's repeat). Each ability cites the
seed."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.night import mechanics as m
from engine.night.model import Ability, Limit, Move, Repeat
from engine.night.state import Attack, NightState, Player
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night import basics_rulings
from engine.rulesets.contested_island.night.basics_rulings import ruling
from engine.rulesets.contested_island.night.characters import ILL
from engine.rulesets.contested_island.night.own import has, isle, spend, statuses_of

# Jen Li's and Patient Zero's one-time protection (physical attack, infection or execution)
ONE_TIME = "one-time-protection"

Effect = Callable[[NightState, Move], None]

# -- what the abilities do ----------------------------------------------------------------

def _protect(harm: str) -> Effect:
    def effect(state: NightState, move: Move) -> None:
        m.protect(state, move, move.targets[0], "physical" if harm == "physical" else "psychic")
    return effect


def show_psychic(state: NightState, move: Move, hit: Attack, was_alive: bool) -> None:
    """Rule Clarification 4: "Psychic attack and infection are initially displayed as
    facts." Which ones: the psychic-fact ruling. About whom it reached: a guard may have
    taken it (Personal Guard)."""
    shown = state.rulings.get("contested-island.psychic-fact", "landed")
    if hit.harm == "psychic" and was_alive and (hit.stopped_by is None or shown == "made"):
        state.record("psychic-attack", f"{hit.target} suffers a psychic attack", "newspaper",
                     subject=hit.target, actor=move.actor)


def _attack(state: NightState, move: Move, harm: str) -> None:
    target = move.targets[0]
    was_alive = state.alive(target)
    hit = m.attack(state, move, target, "psychic" if harm == "psychic" else "physical")
    show_psychic(state, move, hit, was_alive)


def _physical(state: NightState, move: Move) -> None:
    _attack(state, move, "physical")


def _psychic(state: NightState, move: Move) -> None:
    _attack(state, move, "psychic")


def _murder(state: NightState, move: Move) -> None:
    """Jen Li: "Attacks a target with a physical attack or a psychic attack." The log says
    which in options {"attack": "physical" | "psychic"} (physical when it does not)."""
    _attack(state, move, str(move.options.get("attack", "physical")))


def _grumbling(state: NightState, move: Move) -> None:
    """Baba Nyura: "Performs a psychic attack on the target. The next day, the target either
    attacks their visitor or dies themselves. Target's second status changes to "Mentally
    ill"." When the target dies (grumbling-death) and whether a stopped attack still changes
    the status (grumbling-mental): rulings."""
    target = move.targets[0]
    was_alive = state.alive(target)
    hit = m.attack(state, move, target, "psychic")
    show_psychic(state, move, hit, was_alive)
    hits = state.dying.get(hit.target, [])
    if hit.stopped_by is None and any(h is hit for h in hits) and \
            ruling(state, "grumbling-death") == "next-day":
        # the night takes no life: what the target does the next day is the GM's to play
        # (only this attack: the target still dies of any other that landed)
        left = [h for h in hits if h is not hit]
        if left:
            state.dying[hit.target] = left
        else:
            del state.dying[hit.target]
        state.record("grumbling-pending", f"{hit.target} must attack their visitor the next "
                     "day or die", subject=hit.target, actor=move.actor, harm="psychic")
    named = state.players[target]  # "Target's second status": the target the move names
    if not named.alive:
        return
    if hit.stopped_by is not None and ruling(state, "grumbling-mental") == "landed":
        return  # the attack did not land: nothing changes the target's mind
    isle(named).statuses["mental"] = ILL


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
    # every move of the target the stun stops (those of later steps), as sent
    isle(state.players[target]).repeat_next = [
        (x.ability.id, tuple(x.targets), dict(x.options)) for x in state.moves
        if x.actor == target and x.stopped is None and not x.done]


def _isolate(state: NightState, move: Move) -> None:
    """Levy: "Isolates a target." A recruit given the Features List's "Immunity to block and
    isolation" is reached, and not isolated: he acts, and others reach him."""
    target = move.targets[0]
    if has(state.players[target], "block-isolation-immunity"):
        m.visit(state, move, target)
        state.record("isolation-immune", f"{target} is immune to isolation ({move.ability.name}"
                     " fails on him)", subject=target, actor=move.actor)
        return
    m.isolate(state, move, target)


def _treatment(state: NightState, move: Move) -> None:
    """Doctor: "Saves a target from being killed in the current night, cures infection. ...
    If the target's first status was changed due to infection, changes it to "Physically
    healthy"." Examination: "Checks physical health of the target of his NA" (after the
    treatment: what the doctor sees when he leaves)."""
    from engine.rulesets.contested_island.night.mech_infect import (
        cure,  # the infection part's mechanic ("cures infection")
    )

    target = move.targets[0]
    hits = state.dying.get(target, [])
    if ruling(state, "treatment-psychic") == "not-psychic" and hits and \
            all(h.harm == "psychic" for h in hits):
        # "Cannot cure mental disorders" read as the psychic attack: it goes on to step 25
        m.visit(state, move, target)
        state.record("treated", f"{move.actor} treats {target}: cannot cure a psychic "
                     "attack", subject=target, actor=move.actor)
    elif ruling(state, "treatment-psychic") == "not-psychic":
        # each attack its own record: the others healed, a psychic one goes on
        m.heal(state, move, target, lambda h: h.harm != "psychic")
    else:
        m.heal(state, move, target)
    cure(state, move, target)
    if has(state.players[move.actor], "examination"):
        # Examination is the doctor's feature, not part of Treatment: whoever else performs
        # or applies the Treatment (Tactical Maneuver, Balancing) learns nothing
        m.tell(state, move, target, "physical", statuses_of(state, target)["physical"],
               feature="examination")


def _status_check(which: str) -> Effect:
    def effect(state: NightState, move: Move) -> None:
        target = move.targets[0]
        m.tell(state, move, target, which, statuses_of(state, target)[which])
    return effect


def _professional_gaze(state: NightState, move: Move) -> None:
    """Cornelius: "Checks the mental state of the target. If the target was subjected to a
    psychic attack – heals them." """
    target = move.targets[0]
    m.tell(state, move, target, "mental", statuses_of(state, target)["mental"])
    # the psychic attacks only: a physical one that landed too still kills
    if m.spare(state, target, lambda hit: hit.harm == "psychic" and not hit.ignore_healing,
               f"healed by {move.actor}"):
        state.record("healed", f"{move.actor} heals {target} of the psychic attack",
                     subject=target, actor=move.actor, harm="psychic")


def _reconnaissance(state: NightState, move: Move) -> None:
    """Jen Li: "Checks one of the target's statuses." (options {"status": ...})"""
    which = str(move.options.get("status", "physical"))
    target = move.targets[0]
    m.tell(state, move, target, which, statuses_of(state, target).get(which, "?"))


def _observation(state: NightState, move: Move) -> None:
    """Night Hunter: "Checks 2 out of 3 statuses of the target." (options {"statuses":
    "physical,local"})"""
    target = move.targets[0]
    asked = str(move.options.get("statuses", "physical,mental")).split(",")
    for which in asked[:2]:
        m.tell(state, move, target, which.strip(),
               statuses_of(state, target).get(which.strip(), "?"))


def _surveillance(state: NightState, move: Move) -> None:
    """Max Kane: "Learns the type of NA applied by the target (-, +, I, K)." A player with
    several actions (Jen Li) shows each type; an action refused before the night (used up,
    not theirs) was never applied."""
    target = move.targets[0]
    m.tell(state, move, target, "type", _types_applied(state, target))


def _types_applied(state: NightState, slot: str) -> str:
    """`mechanics.types_applied`, with Private Conversation's "(+/-)" as ruled
    (surveillance-conversation)."""
    kinds: set[str] = set()
    for x in state.moves:
        if x.actor != slot or x.refused or x.ability.extra:
            continue
        if x.ability.id == "private-conversation":
            kinds.add(_conversation_type(state, x))
        else:
            kinds.add(x.kind)
    return ", ".join(sorted(kinds)) if kinds else "none"


def _conversation_type(state: NightState, move: Move) -> str:
    how = ruling(state, "surveillance-conversation")
    if how == "minus":
        return "-"
    if how == "both":
        return "+/-"
    from engine.rulesets.contested_island.vocab import ROLES  # the genders are the day's
    target = state.players.get(move.targets[0]) if move.targets else None
    role = ROLES.get(target.role) if target is not None else None
    return "+" if role is not None and role.gender == "female" else "-"


ABILITIES: tuple[Ability, ...] = (
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
    Ability("drive-mad", "Drive Mad", "K", "hunter-kills", _psychic),
    Ability("shank", "Shank to the Throat", "K", "hunter-kills", _physical),
    Ability("observation", "Observation from the Bushes", "I", "checks", _observation,
       extra=True),
)


def natural(state: NightState, hit: Attack) -> str | None:
    """Why an attack no one's protection stopped does not land: the target's own features."""
    p = state.players[hit.target]
    if hit.harm == "psychic":
        if has(p, "psychic-immunity"):
            return "immune to psychic attacks"
        if has(p, "psychic-blocks"):
            # Patient Zero: "Cannot die from a psychic attack, but is blocked on the next
            # night."
            isle(p).blocked_next = True
            return "cannot die from a psychic attack; blocked next night"
        if spend(p, "psychic-protection"):
            return "one-time protection from psychic attacks"
    if hit.harm == "physical":
        for feature, why in (("danger-sense", "Danger Sense: survives the first physical "
                              "attack"),
                             ("physical-might", "Physical Might: one protection from "
                              "physical attack"),
                             ("one-time-protection", "one-time protection")):
            if spend(p, feature):
                return why
        if spend(p, "self-healing"):
            # Doctor: "Upon the first physical attack on the doctor, he heals himself
            # instead of his action."
            for own in state.moves:
                if own.actor == hit.target and not own.done and own.stopped is None:
                    own.stopped = "the doctor heals himself instead"
            if ruling(state, "self-heal-fact") == "shown":
                # Clarification 3: "Failed murders are displayed only in case of successful
                # protection/healing"
                state.record("healed", f"{hit.target} heals himself of {hit.by}'s physical "
                             "attack", "newspaper", subject=hit.target, actor=hit.target,
                             harm="physical")
            return "heals himself instead of his action"
    return None


ROLE_ABILITIES: dict[str, tuple[str, ...]] = {}  # the basics are on the character sheets
ROLE_FEATURES: dict[str, tuple[tuple[str, int], ...]] = {}
NATURAL: tuple[Callable[[NightState, Attack], str | None], ...] = (natural,)
RETARGET: tuple[Callable[[NightState, Move], None], ...] = ()
BEFORE_ATTACK: tuple[Callable[[NightState, Attack], None], ...] = ()
VISITED: tuple[Callable[[NightState, Move, str], None], ...] = ()


def unseen_at_jen_li(state: NightState) -> None:
    """Jen Li: "Actions directed at Jen Li are not displayed in the newspaper. Exception -
    questioning by Baba Nyura." (Her death is shown, as every death.)"""
    hers = {slot for slot, p in state.players.items() if p.role == "jen-li"}
    for i, event in enumerate(state.events):
        if event.visibility == "newspaper" and event.subject in hers and \
                event.kind not in ("killed", "questioning"):
            state.events[i] = replace(event, visibility="hidden", text=f"{event.text} (not "
                                      "shown: actions directed at Jen Li)")


def psychic_clue(state: NightState) -> None:
    """Rule Clarifications 4: "Psychic attack and infection are initially displayed as facts.
    After someone dies from them, a clue to the attacker is given." (the infection's clue
    comes with its death)"""
    for event in list(state.events):
        if event.kind == "killed" and event.detail("harm") == "psychic" and event.actor:
            state.record("clue", f"a clue to {event.actor}, whose psychic attack killed "
                         f"{event.subject}", "newspaper", subject=event.subject,
                         actor=event.actor, harm="psychic")


def carried(state: NightState) -> list[Repeat]:
    """What the night before left (`NightRules.carried`): Patient Zero blocked after a
    psychic attack (`natural`), the moves a stunned player makes again (Stunning Blow)."""
    repeats: list[Repeat] = []
    for slot, player in sorted(state.players.items()):
        own = isle(player)
        if own.blocked_next:
            own.blocked_next = False
            if player.alive:
                state.blocked[slot] = "blocked after last night's psychic attack"
        for ability_id, targets, options in own.repeat_next:
            if player.alive and ability_id in state.rules.abilities:
                repeats.append(Repeat(slot, ability_id, targets, options, "stunned"))
        own.repeat_next = []
    return repeats


ENDS: tuple[Callable[[NightState], None], ...] = (psychic_clue, unseen_at_jen_li)
# the points of the seed this part leaves open, each a named ruling with its options
RULINGS: tuple[Ruling, ...] = basics_rulings.RULINGS


def spent_by_day(players: dict[str, Player], used_up: Callable[[], frozenset[str]]) -> None:
    """Jen Li's and Patient Zero's "one-time protection either from physical attack ... or
    execution": spent on the day's execution (the day's count says whose is used up), it
    stops nothing the night after. The day is counted only when someone still holds one."""
    holders = [p for p in players.values()
               if p.alive and p.features.get(ONE_TIME, 0) > 0]
    if not holders:
        return
    used = used_up()
    for p in holders:
        if p.slot in used:
            p.features[ONE_TIME] = 0
