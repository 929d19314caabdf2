"""Contested Island's recruitment (seed 000): Jen Li's Planted Spies and Patient Zero's
Infecting (step 24), the condition (Rule Clarification 1), the refusals, isolation (Rule
Clarification 2), what a recruit loses and gets, the inheritance of Recruitment, the
limits characters' actions have "after recruitment"; and the Actions List a recruit may be
given. The mechanics are in `engine.rulesets.contested_island.night.mech_recruit`.

A recruitment's move visits its target at step 24; the night's recruitments are settled
together at its end, the Order's first (the seed lists Jen Li before Patient Zero at every
step they share), on the sides as they stood: so the order of the GM's log changes nothing.
Then the infection burns (step 25, `infection.burn_night`)."""

from __future__ import annotations

from collections.abc import Callable

from engine.night import mechanics as m
from engine.night.model import Ability, Limit, Move
from engine.night.state import Attack, NightState
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night import infection
from engine.rulesets.contested_island.night.basics import show_psychic
from engine.rulesets.contested_island.night.characters import CHARACTERS
from engine.rulesets.contested_island.night.common import option
from engine.rulesets.contested_island.night.common import ruling as _r
from engine.rulesets.contested_island.night.infection import infect_target
from engine.rulesets.contested_island.night.mech_extras import strike
from engine.rulesets.contested_island.night.mech_recruit import (
    chosen,
    died_tonight,
    limit_after_recruitment,
    living_by_team,
    recruit,
    refuse,
)
from engine.rulesets.contested_island.night.own import has, isle, spend, statuses_of

ORDER, INFECTED = "order-of-li", "infected"
TEAMS = (ORDER, INFECTED)  # "Jen Li's Ult / Patient Zero's Ult", "Murders by the Order / ..."
LEADERS = {"planted-spies": "jen-li", "infecting": "patient-zero"}  # whose Recruitment it is
CONDITION = ("\"Recruitment condition: Number of town + Maniac > Number of mafia in both "
             "teams.\"")

RULINGS: tuple[Ruling, ...] = (
    _r("recruit-condition", "Which condition must hold for a recruitment?",
       f"Jen Li, Planted Spies / Patient Zero, Infecting: {CONDITION} Rule Clarifications 1) "
       "\"Mafia cannot recruit a townsperson if the number of mafia in the group >= half the "
       "number of town+maniac.\"",
       (("both", "the ability's condition and Rule Clarification 1, \"the group\" being the "
                 "recruiter's team: living town + Maniac > the living mafia of both teams, "
                 "and the recruiter's team < half of town + Maniac"),
        ("written", "only the ability's condition"),
        ("clarification", "only Rule Clarification 1 (the recruiter's team < half of town "
                          "+ Maniac)")),
       "both"),
    _r("recruit-clash", "Both teams recruit the same player the same night: who gets them?",
       "Jen Li: \"Recruits a target if they were not previously recruited.\"; Order of "
       "Actions 24) Recruitments.",
       (("order-first", "the Order's recruitment comes first, as the seed lists Jen Li "
                        "before Patient Zero; the Infected's then finds the player recruited"),
        ("both-fail", "neither: both recruitments fail")),
       "order-first"),
    _r("passed-features", "\"Features passed to the target cannot be subsequently passed to "
       "anyone else\": by the same team, or by anyone?",
       "Jen Li: \"Features passed to the target cannot be subsequently passed to anyone "
       "else.\" Patient Zero: \"Passed features cannot be subsequently passed to anyone "
       "else.\"",
       (("per-team", "each recruiter's own Features List: the other team may pass it too"),
        ("whole-game", "a feature passed by either team is passed for good")),
       "per-team"),
    _r("infected-recruit", "Does the Infected's recruit who is already infected stop "
       "burning?",
       "Patient Zero, Infecting: \"The target gains immunity to infection. Changes target's "
       "first status to \"Physically ill\".\" Lucy Farmer: \"Infected. Cannot be infected.\"",
       (("cures", "yes: the recruit becomes a carrier, like Lucy and Patient Zero"),
        ("burns-on", "no: the immunity keeps new infections out, the old one burns on")),
       "cures"),
    _r("spear-weapon", "Is Ru's spear a ranged or a contact weapon (\"Check target's weapon type "
       "(ranged, contact, none)\")?",
       "Actions List: \"Check target's weapon type (ranged, contact, none)\"; Ru: \"Weapon: "
       "Spear.\" and \"Spear Throw. Attacks a player\".",
       (("contact", "a spear is a hand weapon, thrown or not"),
        ("ranged", "Ru throws it (Spear Throw)")),
       "contact"),
)




# -- step 24: the recruiter goes to the target ---------------------------------------------

def _recruitment(state: NightState, move: Move) -> None:
    """Planted Spies / Infecting: "Cannot be blocked." (the ability is unblockable), Rule
    Clarification 2: "If a recruiter-mafia is isolated, recruitment succeeds; if the target is
    isolated, recruitment fails" (unisolable, and an isolated target stops the move). Settled
    at the night's end (`settle`)."""
    why = _not_entitled(state, move)
    if why is not None:
        refuse(state, move, why)
        return
    m.visit(state, move, move.targets[0])


def _not_entitled(state: NightState, move: Move) -> str | None:
    """"If Jen dies, one of her team inherits Recruitment." / "If Patient Zero dies, one of his
    team inherits Recruitment." Every recruit of the team holds it for when the leader is dead
    (`recruit` gives it); the first who uses it then inherits it, alone."""
    ability = move.ability.id
    actor = state.players[move.actor]
    leader = LEADERS[ability]
    if actor.role == leader:
        return None
    if any(p.role == leader and p.alive for p in state.players.values()):
        return f"the leader ({leader}) is alive: the Recruitment is theirs"
    team = [p for p in state.players.values()
            if p.alive and p.faction == actor.faction and p.role != leader]
    heir = next((p for p in team if isle(p).heir_to == ability), None)
    if heir is not None:
        return None if heir is actor else f"{heir.slot} inherited the Recruitment"
    claims = [p for p in team if any(n == state.night and a == ability for n, a, _ in p.used)]
    if len(claims) > 1:
        return "several of the team claim the Recruitment: one inherits it"
    isle(actor).heir_to = ability
    state.record("inherits", f"{actor.slot} inherits the Recruitment ({move.ability.name})",
                 actor=actor.slot)
    return None


# -- the Actions List: what a recruiter may give ("no more than 2 NAs from the NA List") -----
# A recruit's kills and infections come at 14-15) "Murders by the Order / Murders or Infection
# by the Infected", blocks at 9-10) "Block from mafia players", protections at 11)
# "Protection from mafia players", checks at 22) "All actions of type (I)".

def _attack(harm: str) -> Callable[[NightState, Move], None]:
    def effect(state: NightState, move: Move) -> None:
        """Features List: "Ignore natural protection", "Ignore external protection", "Ignore
        victim's healing" (no Treatment or Gaze saves from it)."""
        actor, target = state.players[move.actor], move.targets[0]
        was_alive = state.alive(target)
        hit = m.attack(state, move, target, "psychic" if harm == "psychic" else "physical",
                       ignore_natural=has(actor, "ignore-natural-protection"),
                       ignore_external=has(actor, "ignore-external-protection"),
                       ignore_healing=has(actor, "ignore-healing"))
        show_psychic(state, move, hit, was_alive)
        if move.ability.id == "clue-attack" and hit.stopped_by is None:
            clue = str(move.options.get("clue", ""))
            state.record("planted-clue", f"{move.actor} plants a clue to {clue or '?'} on "
                         f"{target}", subject=target, actor=move.actor, clue=clue)
    return effect


def _infect(state: NightState, move: Move) -> None:
    infect_target(state, move, move.targets[0])


def _block(state: NightState, move: Move) -> None:
    m.block(state, move, move.targets[0], f"blocked by {move.actor} ({move.ability.name})")


def _protect(harm: str) -> Callable[[NightState, Move], None]:
    def effect(state: NightState, move: Move) -> None:
        m.protect(state, move, move.targets[0],
                  "infection" if harm == "infection" else
                  "psychic" if harm == "psychic" else "physical")
    return effect


def _surveil_type(state: NightState, move: Move) -> None:
    """"Surveillance of target (NA type)": as Max Kane's Surveillance, the type of the
    target's action (-, +, I, K); Hunt infecting is (-)."""
    target = move.targets[0]
    m.tell(state, move, target, "type", m.types_applied(state, target))


def _surveil_visits(state: NightState, move: Move) -> None:
    """"Surveillance of target (who they visited)": answered at the night's end, when every
    visit is known (`answer_watches`)."""
    m.visit(state, move, move.targets[0])


def answer_watches(state: NightState) -> None:
    for x in state.moves:
        if x.ability.id == "surveil-visits" and x.done:
            target = x.targets[0]
            went = sorted({t for a, t, _ in state.visits if a == target})
            state.record("check", f"{x.actor} learns whom {target} visited: "
                         f"{', '.join(went) or 'nobody'}", "private", subject=target,
                         recipient=x.actor, actor=x.actor, what="visited",
                         result=",".join(went) or "nobody")


WEAPONS = {"assault rifle": "ranged", "revolver": "ranged", "pistol": "ranged",
           "machine gun": "ranged", "katana": "contact", "machete": "contact",
           "knife": "contact", "shank": "contact", "none": "none"}


def _check_weapon(state: NightState, move: Move) -> None:
    """"Check target's weapon type (ranged, contact, none)": from the character's "Weapon:"
    (Ru's spear as ruled; the Night Hunter's "Machete, Shank" are both contact)."""
    target = move.targets[0]
    sheet = CHARACTERS.get(state.players[target].role)
    kinds = {WEAPONS.get(w.strip(), _ruling(state, "spear-weapon") if w.strip() == "spear" else "?")
             for w in (sheet.weapon if sheet is not None else "?").split(",")}
    m.tell(state, move, target, "weapon", kinds.pop() if len(kinds) == 1 else "?")


def _compare(state: NightState, move: Move) -> None:
    """"Compare statuses": whether two targets' statuses are the same (the one named in
    options {"status": ...}, else all three); with one target, the target's and the
    actor's."""
    first = move.targets[0]
    other = move.targets[1] if len(move.targets) > 1 else move.actor
    named = str(move.options.get("status", ""))
    for which in (named,) if named else ("physical", "mental", "local"):
        a = statuses_of(state, first).get(which)
        b = statuses_of(state, other).get(which)
        m.tell(state, move, first, f"compare-{which}", "same" if a == b else "different",
               other=other)
    if other != move.actor:
        m.visit(state, move, other)


# the seed's "Actions List", its names and types, in its order
ACTIONS_LIST: tuple[Ability, ...] = (
    Ability("physical-attack", "Physical attack", "K", "recruit-kills", _attack("physical")),
    Ability("psychic-attack", "Psychic attack", "K", "recruit-kills", _attack("psychic")),
    Ability("recruit-infection", "Infection", "-", "recruit-kills", _infect),
    Ability("block", "Block", "-", "block-mafia", _block),
    Ability("protect-physical", "Protection from physical attacks", "+", "protection",
            _protect("physical")),
    Ability("protect-psychic", "Protection from psychic attacks", "+", "protection",
            _protect("psychic")),
    Ability("protect-infection", "Protection from infection", "+", "protection",
            _protect("infection")),
    Ability("surveil-type", "Surveillance of target (NA type)", "I", "checks", _surveil_type),
    Ability("surveil-visits", "Surveillance of target (who they visited)", "I", "checks",
            _surveil_visits),
    Ability("check-weapon", "Check target's weapon type", "I", "checks", _check_weapon),
    Ability("compare-statuses", "Compare statuses", "I", "checks", _compare, targets=2),
    Ability("clue-attack", "Physical attack with planted clue", "K", "recruit-kills",
            _attack("physical"), limit=Limit(every=3)),  # "(once every 3 nights)"
)
# "Psychic attack (only for the order)", "Infection (only for infected)"
ONLY_FOR: dict[str, str | None] = {a.id: None for a in ACTIONS_LIST} | {
    "psychic-attack": ORDER, "recruit-infection": INFECTED}


ABILITIES: tuple[Ability, ...] = (
    # "Planted Spies. Recruits a target if they were not previously recruited. ... Cannot be
    # blocked. (-)"
    Ability("planted-spies", "Planted Spies", "-", "recruitment", _recruitment,
            unblockable=True, unisolable=True),
    # "Infecting. Recruits a target. ... Cannot be blocked. (-)"
    Ability("infecting", "Infecting", "-", "recruitment", _recruitment,
            unblockable=True, unisolable=True),
    *ACTIONS_LIST,
)
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {"jen-li": ("planted-spies",),
                                              "patient-zero": ("infecting",)}
# the refusals, as features (what burns or is maimed can go; a recruit loses them)
ROLE_FEATURES: dict[str, tuple[tuple[str, int], ...]] = {
    "rick-morgan": (("unrecruitable", -1),),  # "Authority. Double vote. Cannot be recruited."
    "rastaman-bob": (("unrecruitable", -1),),  # "Subscriber Not Found. Cannot be recruited."
    "andy-hoffman": (("unrecruitable", -1),),  # "Indispensable. Cannot be recruited."
    "jen-li": (("unrecruitable", -1),),  # "Cannot be recruited."
    "patient-zero": (("unrecruitable", -1),),  # "Cannot be recruited."
    "night-hunter": (("unrecruitable", -1),),  # "Cannot be recruited."
    # "Loyalty. Cannot be recruited as long as Jack Ricci is alive, or until he is recruited
    # into the same group."
    "max-milton": (("loyalty", -1),),
    # ""I don't give a damn". ... Cannot be recruited on the first attempt."
    "alex-crow": (("first-attempt-refusal", 1),),
}


# -- the night's end: steps 24 and 25 ------------------------------------------------------

def settle(state: NightState) -> None:
    """The night's recruitments that reached their targets, the Order's first."""
    tries = [x for x in state.moves if x.ability.id in LEADERS and x.done and x.stopped is None]
    # each try's team as it was before tonight's joins, by the move's number
    teams = {state.seq(x): state.players[x.actor].faction for x in tries}

    def team(x: Move) -> str:
        return teams[state.seq(x)]

    tries.sort(key=lambda x: (TEAMS.index(team(x)) if team(x) in TEAMS else 2, x.index))
    sides = living_by_team(state)
    clash = {t for t in {x.targets[0] for x in tries}
             if len({team(x) for x in tries if x.targets[0] == t}) > 1}
    for x in tries:
        target = x.targets[0]
        if target in clash and _ruling(state, "recruit-clash") == "both-fail":
            refuse(state, x, "both teams recruit the player tonight: neither gets them")
            continue
        why = _refusal(state, x, team(x), sides)
        if why is not None:
            refuse(state, x, why)
        else:
            _join(state, x, target, team(x))


def _refusal(state: NightState, move: Move, team: str, sides: dict[str, int]) -> str | None:
    target = state.players[move.targets[0]]
    if target.recruited_by is not None:
        return "previously recruited"  # "Recruits a target if they were not previously ..."
    if target.slot in died_tonight(state):
        return "the target dies tonight"
    town = sides.get("survivors", 0) + sides.get("maniac", 0)
    mafia = sum(sides.get(t, 0) for t in TEAMS)
    rule = _ruling(state, "recruit-condition")
    if rule != "clarification" and not town > mafia:
        return f"condition: town + Maniac ({town}) > mafia of both teams ({mafia}) fails"
    if rule != "written" and sides.get(team, 0) * 2 >= town:
        return (f"Rule Clarification 1: the team's mafia ({sides.get(team, 0)}) >= half of "
                f"town + Maniac ({town})")
    if has(target, "unrecruitable"):
        return "cannot be recruited"
    if has(target, "loyalty") and _jack_holds(state, team):
        return "Loyalty: Jack Ricci is alive and not in the same group"
    if spend(target, "first-attempt-refusal"):
        return "cannot be recruited on the first attempt"
    if spend(target, "recruit-protection"):
        # Baba Nyura: ""Are you out of your mind, dear?". One-time protection from
        # recruitment."
        return "one-time protection from recruitment"
    return None


def _jack_holds(state: NightState, team: str) -> bool:
    gone = died_tonight(state)
    return any(p.role == "jack-ricci" and (p.alive or p.slot in gone) and p.recruited_by != team
               for p in state.players.values())


ONE_TIME = {"physical-protection", "psychic-protection", "infection-protection"}
# the Features List's one-time features (one charge)

# the Features List's gifts the engine does not act on: refused at recruitment rather than
# given as a feature that does nothing. How the seed means them to act (which status may
# change, when, how often; which action passes, to whom) is for a ruling each, not yet made
UNMODELLED: dict[str, str] = {
    "change-status": "Ability to change one of the statuses",
    "inheritance": "Ability to pass one of own actions as \"inheritance\" in case of death",
}


def _join(state: NightState, move: Move, target: str, team: str) -> None:
    """Planted Spies: "the target loses their features. Gives them no more than 2 NAs from the
    NA List and no more than 2 features from the Features List. Changes target's third status
    to "Local"." Infecting: "the target is deprived of their features. Gives them additionally
    no more than 2 NAs from the NA List and no more than 2 features from the Features List.
    The target gains immunity to infection. Changes target's first status to "Physically
    ill"." The recruiter names them in options {"actions": "block,physical-attack",
    "features": "double-vote"}."""
    from engine.rulesets.contested_island.vocab import ROLES

    player = state.players[target]
    actions = chosen(state, move, "actions", _action_refused(team))
    gifts = chosen(state, move, "features", _feature_refused(state, team))
    features = {f: 1 if f in ONE_TIME else -1 for f in gifts}
    if "block-isolation-immunity" in features:
        features["unblockable"] = -1  # how the engine knows a player no block stops
    if team == INFECTED:
        features["infection-immunity"] = -1
        own = isle(player)
        own.ill_by_infection = False  # ill now by recruitment: a cure leaves it
        if own.infected and _ruling(state, "infected-recruit") == "cures":
            own.infected = 0
            own.infected_by = None
            state.record("carrier", f"{target} becomes a carrier: the infection stops burning",
                         subject=target, actor=move.actor)
    statuses = {"local": "local"} if team == ORDER else {"physical": "ill"}
    role = ROLES.get(player.role)
    recruit(state, move, target, team, statuses=statuses, features=features,
            actions=[*actions, move.ability.id], gifts=gifts,
            hint=role.name_en if role is not None else player.role)


def _action_refused(team: str) -> Callable[[str], str | None]:
    def refused(item: str) -> str | None:
        if item not in ONLY_FOR:
            return "not on the Actions List"
        only = ONLY_FOR[item]
        return f"only for {only}" if only is not None and only != team else None
    return refused


def _feature_refused(state: NightState, team: str) -> Callable[[str], str | None]:
    from engine.rulesets.contested_island.vocab import FEATURES_LIST

    anyone = _ruling(state, "passed-features") == "whole-game"
    passed = {f for p in state.players.values() if anyone or p.recruited_by == team
              for f in isle(p).gifts}

    def refused(item: str) -> str | None:
        if item not in FEATURES_LIST:
            return "not on the Features List"
        if item in UNMODELLED:
            return "not modelled by the engine (see `mafiakit rulesets`)"
        return "passed before: cannot be passed again" if item in passed else None
    return refused


COUNTER = Ability("counterattack", "Physical attack on own killer", "K", "leader-kills",
                  lambda _s, _m: None)  # a feature's strike, never sent as an action


def counterattack(state: NightState) -> None:
    """Features List: "Physical attack on own killer". A holder killed tonight by an attack
    (not saved: "own killer" is one who killed him) strikes, as he dies at the night's end,
    the one whose attack killed him (the first that landed, the death's cause) with a
    physical attack that meets protections and immunities as any; it kills at once (a
    killer who holds it strikes back in turn). A death of infection has no killer."""
    struck: set[str] = set()
    while True:
        due = [(slot, hits[0].by) for slot, hits in sorted(state.dying.items())
               if slot not in struck and not state.players[slot].alive
               and has(state.players[slot], "counterattack") and hits[0].by != slot]
        if not due:
            return
        for slot, killer in due:
            struck.add(slot)
            state.record("counterattack", f"{slot} strikes his killer {killer} as he dies "
                         f"({COUNTER.name})", subject=killer, actor=slot)
            hit = strike(state, Move(-1, slot, COUNTER, [killer]), killer, "physical")
            if hit.stopped_by is None:
                m.die(state, killer, COUNTER.id, hit)


def night_end(state: NightState) -> None:
    """The end of the night in the seed's order: the answers that need the whole night's
    visits (step 22's surveillance of whom the target visited), 24) Recruitments, 25) Burning
    of features and actions in case of infection / Death from infection."""
    for step, run in (("checks", answer_watches), ("recruitment", settle),
                      ("burning", infection.burn_night)):
        state.step = step
        run(state)
    state.step = "end"


# -- "after recruitment" -------------------------------------------------------------------

# the characters' actions the seed limits after recruitment: None "Unavailable after
# recruitment", N "Once every N nights after recruitment"; an ability whose own Limit says so
# is left to it
AFTER_RECRUITMENT: dict[str, int | None] = {
    "private-conversation": 3,  # John Levy: "(Once every 3 nights after recruitment)"
    "sleight-of-hand": 3,  # Jack Ricci: "(Once every 3 nights after recruitment)"
    "sending-away": 3,  # Alex Crow, Sending Far Away: "(Once every 3 nights after recruitment)"
    "first-aid": None,  # Lucy Farmer: "(Unavailable after recruitment)"
    "trap": None,  # Ru: "Unavailable after recruitment."
}


def after_recruitment(state: NightState, move: Move) -> None:
    if move.ability.id in AFTER_RECRUITMENT:
        limit_after_recruitment(state, move, AFTER_RECRUITMENT[move.ability.id])


def natural(state: NightState, hit: Attack) -> str | None:
    """Features List: "One-time protection from physical attack" (the psychic one is the
    basics' "psychic-protection", the infection one the infection part's)."""
    if hit.harm == "physical" and spend(state.players[hit.target], "physical-protection"):
        return "one-time protection from physical attack (Features List)"
    return None


NATURAL: tuple[Callable[[NightState, Attack], str | None], ...] = (natural,)
RETARGET: tuple[Callable[[NightState, Move], None], ...] = (after_recruitment,)
BEFORE_ATTACK: tuple[Callable[[NightState, Attack], None], ...] = ()
VISITED: tuple[Callable[[NightState, Move, str], None], ...] = ()
# the counter-attack with the night's deaths, before the recruitments that count the living
ENDS: tuple[Callable[[NightState], None], ...] = (counterattack, night_end)


def _ruling(state: NightState, point: str) -> str:
    return option(state, RULINGS, point)
