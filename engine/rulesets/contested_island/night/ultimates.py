"""Contested Island's ultimate actions (seed 000): Rick's Thwarting Plans, Ru's Trap, Max
Kane's Last Bullet (and his Hot Trail feature), the Doctor's Medical Miracles (and the Night
Hunter's Dismemberment that forbids it), Jen Li's Assault, Patient Zero's Bite, the Night
Hunter's Paranoid Balance Balancing; and the remaining actions: Baba Nyura's Rumors and
Gossip and "Where are you from?", Nancy Dark's Tactical Maneuver.

Each "Ultimate" is used once per game: the seed gives them no count of their own, Max Kane
keeps "a revolver with one bullet", and Thwarting Plans takes Preemptive Strike away "upon
use". Assault and Bite are "available only on the fifth night", hence once too. The points
the seed leaves open are the rulings in `ultimates_rulings`; Baba Nyura's actions are in
`questioning`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.night import mechanics as m
from engine.night.model import Ability, AbilityType, AttackKind, Limit, Move
from engine.night.state import Attack, NightState
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night import mech_extras as x
from engine.rulesets.contested_island.night import questioning, ultimates_rulings
from engine.rulesets.contested_island.night.basics import show_psychic
from engine.rulesets.contested_island.night.characters import CHARACTERS, side_rank
from engine.rulesets.contested_island.night.general import team
from engine.rulesets.contested_island.night.mech_infect import infect
from engine.rulesets.contested_island.night.own import has, isle, night_of
from engine.rulesets.contested_island.night.ultimates_rulings import ruling

MAFIA = ("order-of-li", "infected")  # "Town - Mafia 1 - Mafia 2 - Maniac"
ONCE = Limit(uses=1)


def _mafia(state: NightState, slot: str) -> bool:
    p = state.players[slot]
    return p.faction in MAFIA or p.recruited_by in MAFIA


# -- Rick Morgan: Thwarting Plans (step 1) -------------------------------------------------

def _thwarting_plans(state: NightState, move: Move) -> None:
    """"All mafia actions in the current night fail. Exceptions – Assault, Bite. Upon use,
    he loses Preemptive Strike." Order 1) "(displayed as a fact)". Mafia actions: every
    action of a player of the Order or the Infected, recruits included (a recruit plays for
    the team that recruited them)."""
    night_of(state).thwarted = move.actor
    state.players[move.actor].features["preemptive-strike"] = 0
    state.record("thwarting-plans", "Thwarting Plans: all mafia actions tonight fail",
                 "newspaper", actor=move.actor)


def _thwarts(state: NightState, move: Move) -> None:
    thwarted = night_of(state).thwarted
    if thwarted is not None and _mafia(state, move.actor) and \
            move.ability.id not in ("assault", "bite"):
        move.stopped = f"Thwarting Plans ({thwarted}): all mafia actions fail"


# -- Ru: Trap (step 23) ---------------------------------------------------------------------

def _falls(state: NightState, killer: str) -> bool:
    """"Does not work on Patient Zero": under the trap-patient-zero ruling's default, he
    does not fall in."""
    return not (state.players[killer].role == "patient-zero"
                and ruling(state, "trap-patient-zero") == "killer")


def _pit_waits(state: NightState, house: str, killer: str) -> bool:
    """Whether a pit in front of `house` catches `killer` now: dug on an earlier night (the
    trap is dug at step 23, after the night's kills: "If, subsequently, a killer goes to
    the target") and still there."""
    pit = isle(state.players[house]).pit
    if pit is None or pit[1] >= state.night:
        return False
    if ruling(state, "trap-timing") == "next-night" and pit[1] != state.night - 1:
        return False
    return _falls(state, killer)


def _trapped(state: NightState, move: Move) -> None:
    """A killer (an action of type (K)) who goes to a house with a pit falls in: "they fall
    into the pit and the assassination fails. Ru learns the nickname of the player who fell
    into the pit." Every killer who comes that night falls in; the pit is then spent."""
    if move.kind != "K" or move.stopped is not None:  # a Hunt that infects kills nobody
        return
    caught = [t for t in move.targets if _pit_waits(state, t, move.actor)]
    for house in caught:
        x.fall(state, move.actor, house, move.ability.name)
    if caught:
        move.targets = [t for t in move.targets if t not in caught]
        if not move.targets:
            move.stopped = f"fell into the pit in front of {caught[0]}"


def _trap(state: NightState, move: Move) -> None:
    """Ru: "Digs a pit in front of the target's house. ... Does not work on Patient Zero.
    Unavailable after recruitment." Order 23) "Trap from Ru (not displayed)"."""
    target = move.targets[0]
    if state.players[target].role == "patient-zero" and \
            ruling(state, "trap-patient-zero") == "house":
        x.refuse(state, move, "the trap does not work on Patient Zero")
        return
    x.dig(state, move, target)
    if ruling(state, "trap-timing") != "same-night":
        return
    # as Treatment at the same step: tonight's killers at the door fall in after all
    killers = sorted({k.actor for k in state.moves if k.done and k.stopped is None
                      and target in k.targets and k.kind == "K" and _falls(state, k.actor)})
    for killer in killers:
        x.fall(state, killer, target, "tonight")
    # the attacks of those who fell in only: Patient Zero's, where he does not fall, lands
    m.spare(state, target, lambda hit: hit.by in killers, f"fell into {move.actor}'s pit")


# -- Max Kane: Last Bullet (step 13) and Hot Trail ------------------------------------------

def _last_bullet(state: NightState, move: Move) -> None:
    """"Attacks a target, ignoring natural protection. If the target is protected, the
    bullet hits the protector (physical attack)." Protected: a protection from physical
    attack stands on the target when the bullet comes, after what meets every attack (a
    protector Nancy's Special Attention draws to her protects her as one of step 11); one
    of them takes the bullet, and the target's save shows as any protection's ("displayed
    as a fact in case of success")."""
    m.attack(state, move, move.targets[0], "physical", ignore_natural=True,
             guard=_bullet_guard)


def _bullet_guard(state: NightState, move: Move, hit: Attack) -> bool:
    target = hit.target
    # two physical protectors: the one step 11 names first ("Protection from Milton /
    # Protection from mafia players"), then by slot, so the log's order changes nothing
    guards = sorted((by for t, h, by in state.protections if t == target and h == "physical"),
                    key=lambda by: (side_rank(team(state.players[by])) < 2, by))
    if not guards:
        return False
    guard = guards[0]
    hit.stopped_by = f"protected by {guard}"
    state.record("protected", f"{move.actor}'s Last Bullet on {target} is stopped: {guard} "
                 f"protects {target}, and the bullet hits {guard}", "newspaper",
                 subject=target, actor=move.actor, harm="physical", protector=guard)
    x.strike(state, move, guard, "physical",
             ignore_natural=ruling(state, "bullet-protector") == "ignores-natural",
             why=" (the bullet hits the protector)")
    return True


def _hot_trail(state: NightState, move: Move) -> None:
    """Max Kane: "Hot Trail. Receives an additional clue for one of the night kills of their
    choice." The log names the kill chosen (the victim); the clue comes with the night's
    deaths (`_clues`). A feature, not an action: it is taken at step 0, where nothing stops
    it, and does not count as the night's action."""
    if not has(state.players[move.actor], "hot-trail"):
        x.refuse(state, move, "no Hot Trail (the feature is lost)")
        return
    state.record("hot-trail", f"{move.actor} follows the trail of {move.targets[0]}",
                 subject=move.targets[0], actor=move.actor)


def _weapon(state: NightState, killer: str | None, harm: object, cause: object) -> str:
    """The weapon a kill was made with: the killer's (the Night Hunter's shank for Shank to
    the Throat, his machete otherwise); a psychic attack or an infection has none."""
    if harm == "psychic":
        return "none (psychic attack)"
    if harm != "physical" or killer is None or killer not in state.players:
        return f"none ({cause})"
    sheet = CHARACTERS.get(state.players[killer].role)
    if sheet is None:
        return "unknown"
    if sheet.weapon == "machete, shank":
        return "shank" if cause == "shank" else "machete"
    return sheet.weapon


def _clues(state: NightState) -> None:
    """"Learns which weapon was used for the kill and the exact role of the deceased": for
    the chosen victim who died tonight, told with the night's deaths."""
    dead = {e.subject: e for e in state.events if e.kind == "killed" and e.subject}
    for move in state.moves:
        if move.ability.id != "hot-trail" or not move.done or move.stopped is not None:
            continue
        kill = dead.get(move.targets[0])
        if kill is None or not state.alive(move.actor):
            state.record("hot-trail", f"{move.actor}'s Hot Trail: {move.targets[0]} was not "
                         "killed tonight", subject=move.targets[0], actor=move.actor)
            continue
        victim = move.targets[0]
        weapon = _weapon(state, kill.actor, kill.detail("harm"), kill.detail("cause"))
        for what, result in (("weapon", weapon), ("role", state.players[victim].role)):
            state.record("check", f"{move.actor} learns the {what} of {victim}'s kill: "
                         f"{result} (Hot Trail)", "private", subject=victim,
                         recipient=move.actor, actor=move.actor, what=what, result=result,
                         feature="hot-trail")


# -- Doctor: Medical Miracles (step 23); Night Hunter: Dismemberment -------------------------

def _medical_miracles(state: NightState, move: Move) -> None:
    """Doctor: "Resurrects a target if they were killed on the previous night." Night
    Hunter: "Dismemberment. The hunter's victim cannot be resurrected." Order 23)
    "Resurrection ... (displayed as a fact in case of success)"."""
    target = move.targets[0]
    player = state.players[target]
    killer = state.players.get(player.killed[1]) if player.killed is not None else None
    why: str | None = None
    if player.alive:
        why = "the target is alive"
    elif player.killed is None or player.killed[0] != state.night - 1:
        why = "not killed on the previous night"
    elif killer is not None and has(killer, "dismemberment"):
        why = "Dismemberment: the Night Hunter's victim cannot be resurrected"
    x.resurrect(state, move, target, why)


def _killed(state: NightState) -> None:
    """Who died tonight, and by whose hand (for Medical Miracles the next night)."""
    for e in state.events:
        if e.kind == "killed" and e.subject in state.players:
            by = e.actor or ""
            role = state.players[by].role if by in state.players else ""
            state.players[e.subject].killed = (state.night, by, role)


# -- Jen Li: Assault; Patient Zero: Bite (step 12, night 5 only) ----------------------------

def _reach(state: NightState, move: Move) -> list[str]:
    """Two targets; "If Thwarting Plans was applied, can attack [infect] only one target"
    (the first the log names). The move keeps only those it reaches."""
    targets = move.targets[:2]
    if night_of(state).thwarted is not None and len(targets) > 1:
        state.record("thwarted", f"Thwarting Plans: {move.actor}'s {move.ability.name} "
                     f"reaches only {targets[0]}", subject=targets[1], actor=move.actor)
        targets = targets[:1]
    move.targets = targets
    return targets


def _assault(state: NightState, move: Move) -> None:
    """Jen Li: "Attacks 2 targets with a physical attack and a psychic attack, ignoring
    block, isolation, and redirection. Maims everyone who came to both targets (...)"
    (the maiming: `_maims`, once the night's visits are all known)."""
    split = ruling(state, "assault-attacks") == "split"
    for i, target in enumerate(_reach(state, move)):
        harms: tuple[AttackKind, ...] = (("physical",) if i == 0 else ("psychic",)) \
            if split else ("physical", "psychic")
        for j, harm in enumerate(harms):
            was_alive = state.alive(target)
            hit = m.attack(state, move, target, harm) if j == 0 else \
                x.strike(state, move, target, harm)  # one visit for both blows
            if harm == "psychic":
                show_psychic(state, move, hit, was_alive)


def _maims(state: NightState) -> None:
    """"Maims everyone who came to both targets (loss of one action or feature until the
    end of the game)": what each loses is the log's (options {"maim": ["C=cover"]}), else
    the action they came with."""
    both: bool | None = None  # read where an assault lands (a replay notes what is read)
    for move in state.moves:
        if move.ability.id != "assault" or not move.done or move.stopped is not None:
            continue
        if both is None:
            both = ruling(state, "assault-maims") == "both"
        chosen = dict(str(v).split("=", 1) for v in _listed(move.options.get("maim"))
                      if "=" in str(v))
        came: list[set[str]] = [{a for a, t, _ in state.visits if t == target
                                 and a != move.actor} for target in move.targets[:2]]
        who = set.intersection(*came) if both else set.union(*came)
        for slot in sorted(who):
            with_ = next(ab for a, t, ab in state.visits if a == slot and t in move.targets)
            x.maim(state, slot, chosen.get(slot, with_), move.actor)


def _listed(value: object) -> list[object]:
    if value is None:
        return []
    return list(value) if isinstance(value, list) else [value]


def _bite(state: NightState, move: Move) -> None:
    """Patient Zero: "Infects 2 targets, ignoring immunity to infection and protection from
    infection. The disease progresses twice as fast." (-) The infection is the infection
    part's (`mech_infect`), at twice the rate, shown as its infections are (Rule
    Clarification 4, the infection-fact ruling)."""
    shown = state.rulings.get("contested-island.infection-fact", "landed")
    for target in _reach(state, move):
        infect(state, move, target, rate=2, ignore_natural=True, ignore_external=True,
               show_attempt=shown == "made")


# -- Night Hunter: Paranoid Balance Balancing (step 0); Nancy: Tactical Maneuver -------------

def _chosen(state: NightState, move: Move) -> Ability | None:
    ability = state.rules.abilities.get(str(move.options.get("action", "")))
    if ability is None:
        x.refuse(state, move, f"no action named (options {{\"action\": ...}}: "
                 f"{move.options.get('action')!r})")
    elif ability.id in ("balance-balancing", "tactical-maneuver", "hot-trail"):
        # an action that performs another, or a feature: not an action to apply
        x.refuse(state, move, f"{ability.name} cannot be applied through another action")
        ability = None
    return ability


def _performed_type(move: Move) -> AbilityType:
    """"(Action type - undefined)" / "(action type – undefined)": the use takes the type of
    the action it performs (what Surveillance learns of Nancy's Cover is "+"), "?" when the
    log names none."""
    from engine.rulesets.contested_island.night import ABILITIES  # assembled from the parts

    performed = ABILITIES.get(str(move.options.get("action", "")))
    return performed.type if performed is not None else "?"


def _balancing(state: NightState, move: Move) -> None:
    """Night Hunter: "Applies any action in the game to any role. Cannot apply ultimate
    actions, except for Medical Miracles. Unavailable on night 5." The log names the action
    (options {"action": "<ability id>"}, its own options beside); when it takes effect is
    the balancing-timing ruling."""
    if state.night == 5:
        x.refuse(state, move, "unavailable on night 5")
        return
    ability = _chosen(state, move)
    if ability is None:
        return
    if ability.ultimate and ability.id != "medical-miracles":
        x.refuse(state, move, "cannot apply ultimate actions, except for Medical Miracles")
        return
    x.perform(state, move, ability, now=ruling(state, "balancing-timing") == "step-0")


def _tactical_maneuver(state: NightState, move: Move) -> None:
    """Nancy Dark: "performs any town action of their choice (non-ultimate). Each action can
    be performed no more than once per game. After recruitment, only negative actions can
    be used. Cannot be redirected." The action (options {"action": ...}) takes its own
    place in the order of actions, as the town character's would."""
    ability = _chosen(state, move)
    if ability is None:
        return
    player = state.players[move.actor]
    if ability.id not in _town_actions() or ability.ultimate:
        x.refuse(state, move, f"{ability.name} is not a town action (non-ultimate)")
    elif any(a == ability.id for _, a in isle(player).performed):
        x.refuse(state, move, f"{ability.name} was performed already (once per game)")
    elif player.recruited_by is not None and ability.type != "-":
        x.refuse(state, move, "after recruitment, only negative actions can be used")
    else:
        x.perform(state, move, replace(ability, unredirectable=True), now=False)


def _town_actions() -> set[str]:
    """The actions of the Group of Survivors' characters."""
    # assembled from the parts, and the day's role table: both import this module
    from engine.rulesets.contested_island.night import ROLE_ABILITIES
    from engine.rulesets.contested_island.vocab import ROLES
    return {a for role, r in ROLES.items() if r.faction == "survivors"
            for a in ROLE_ABILITIES.get(role, ())}


ABILITIES: tuple[Ability, ...] = (
    Ability("thwarting-plans", "Thwarting Plans", "+", "thwarting-plans", _thwarting_plans,
            limit=ONCE, ultimate=True, targets=0),
    Ability("trap", "Trap", "+", "treatment", _trap, ultimate=True,
            limit=Limit(uses=1, not_after_recruitment=True)),
    Ability("last-bullet", "Last Bullet", "K", "kane-ultimate", _last_bullet, limit=ONCE,
            ultimate=True),
    # "one of the night kills": one a night
    Ability("hot-trail", "Hot Trail", "I", "hunter-ultimate", _hot_trail, extra=True,
            limit=Limit(every=1), unblockable=True, unisolable=True, reaches_isolated=True,
            unredirectable=True),
    Ability("medical-miracles", "Medical Miracles", "+", "treatment", _medical_miracles,
            limit=ONCE, ultimate=True),
    Ability("assault", "Assault", "K", "mafia-ultimates", _assault,
            limit=Limit(uses=1, nights=(5,)), ultimate=True, unblockable=True,
            unisolable=True, reaches_isolated=True, unredirectable=True, targets=2),
    Ability("bite", "Bite", "-", "mafia-ultimates", _bite, limit=Limit(uses=1, nights=(5,)),
            ultimate=True, targets=2),
    Ability("balance-balancing", "Paranoid Balance Balancing", "?", "hunter-ultimate",
            _balancing, limit=ONCE, ultimate=True, type_of=_performed_type),
    Ability("tactical-maneuver", "Tactical Maneuver", "?", "hunter-ultimate",
            _tactical_maneuver, unredirectable=True, type_of=_performed_type),
    *questioning.ABILITIES,
)

ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    "rick-morgan": ("thwarting-plans",),
    "ru": ("trap",),
    "max-kane": ("last-bullet", "hot-trail"),
    "andy-hoffman": ("medical-miracles",),
    "jen-li": ("assault",),
    "patient-zero": ("bite",),
    "night-hunter": ("balance-balancing",),
    "nancy-dark": ("tactical-maneuver",),
    "baba-nyura": ("rumors-and-gossip", "where-are-you-from"),
}
# Night Hunter: "Dismemberment. The hunter's victim cannot be resurrected."
ROLE_FEATURES: dict[str, tuple[tuple[str, int], ...]] = {
    "night-hunter": (("dismemberment", -1),)}
NATURAL: tuple[Callable[[NightState, Attack], str | None], ...] = ()
# after the redirections (the parts before): a killer falls into the pit at the house they
# finally go to
RETARGET: tuple[Callable[[NightState, Move], None], ...] = (_thwarts, _trapped)
BEFORE_ATTACK: tuple[Callable[[NightState, Attack], None], ...] = ()
VISITED: tuple[Callable[[NightState, Move, str], None], ...] = ()


def _pits(state: NightState) -> None:
    """A pit that caught someone is spent; under next-night, one a night old is gone."""
    spent = x.sprung(state)
    for slot, p in state.players.items():
        own = isle(p)
        if own.pit is None:
            continue
        if slot in spent or (ruling(state, "trap-timing") == "next-night"
                             and own.pit[1] < state.night):
            own.pit = None


ENDS: tuple[Callable[[NightState], None], ...] = (_killed, _maims, _clues, _pits)
# the points of the seed this part leaves open, each a named ruling with its options
RULINGS: tuple[Ruling, ...] = ultimates_rulings.RULINGS
