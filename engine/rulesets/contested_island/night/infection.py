"""Contested Island's infection (seed 000): Lucy Farmer's Infection (step 17), Patient Zero's
Hunt in its infecting mode (step 20-21), the immunities and protections from infection, and
the burning at the night's end (step 25) with its deaths and clue. The mechanics are in
`mech_infect`; Treatment's cure is in `basics`; recruits' infection (the Actions
List's) in `recruitment`, which also runs the end of the night (steps 24, then 25). Bite is
the ultimates part's (it can use `mech_infect.infect` with rate=2)."""

from __future__ import annotations

from collections.abc import Callable

from engine.night import mechanics as m
from engine.night.model import Ability, AbilityType, Move
from engine.night.state import Attack, NightState, Player
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night.characters import seed_rank
from engine.rulesets.contested_island.night.common import option
from engine.rulesets.contested_island.night.common import ruling as _r
from engine.rulesets.contested_island.night.mech_infect import burn, die_of_infection, infect
from engine.rulesets.contested_island.night.own import has, isle, night_of, spend

INFECTION_WORDS = ("\"The target will have one action and feature \"burn\" every night. When "
                   "the target has nothing left, they die. Target's first status changes to "
                   "\"Physically ill\"\"")




RULINGS: tuple[Ruling, ...] = (
    _r("infection-fact", "Which infections does the newspaper show?",
       "Rule Clarifications 4) \"Psychic attack and infection are initially displayed as "
       "facts.\" Rule Clarifications 3) \"Failed murders are displayed only in case of "
       "successful protection/healing.\"",
       (("landed", "an infection that takes hold: a protection that stops it is shown as a "
                   "protection, an immunity shows nothing, an infected player is not shown "
                   "again"),
        ("made", "every infection made on a living player, whatever stops it")),
       "landed"),
    _r("infection-first-burn", "Does an infection burn the night it is caught?",
       f"Lucy Farmer, Infection: {INFECTION_WORDS}. Order of Actions 17) Infection from Lucy "
       "Farmer ... 25) Burning of features and actions in case of infection",
       (("same-night", "yes: step 25 comes after the infecting steps of the same night"),
        ("next-night", "no: the first burn is at the end of the next night")),
       "same-night"),
    _r("infection-burn", "What burns each night: an action and a feature, or one of them?",
       f"Lucy Farmer, Infection: {INFECTION_WORDS}. Bite: \"The disease progresses twice as "
       "fast.\"",
       (("one-each", "one action and one feature (twice as fast: two of each)"),
        ("one-item", "one action or feature, the next in the burn order (twice as fast: "
                     "two)")),
       "one-each"),
    _r("infection-death", "When does a player whom the infection has burnt bare die?",
       f"Lucy Farmer, Infection: {INFECTION_WORDS}.",
       (("when-empty", "at the burn that leaves nothing (a player who had nothing dies at "
                       "the first burn)"),
        ("nothing-to-burn", "at the first burn that finds nothing left to burn, a night "
                            "later")),
       "when-empty"),
    _r("infection-burn-order", "Which action and feature burn first? (the seed says nothing; "
       "\"No randomness.\")",
       f"Lucy Farmer, Infection: {INFECTION_WORDS}. Set Features 2) \"No randomness.\"",
       (("first-listed", "the first the character sheet lists (features before night "
                         "actions, as the seed writes them; a recruiter's gifts after)"),
        ("last-listed", "the last the sheet lists first")),
       "first-listed"),
    # Default: the burning is the night's ("every night", Order 25), and the seed's other
    # word for the night's actions is "action" too (General Game Rules 6: "only one action
    # per night"); Persuasion is apart, under "Day Actions" ... (D). "When the target has
    # nothing left" does not say it must include a day action, so the engine's reading stays.
    _r("infection-day-action", "Does the infection burn Cornelius's day action (Power of "
       "Persuasion)?",
       f"Lucy Farmer, Infection: {INFECTION_WORDS}. Cornelius Lestrange, Day Actions: \"Power "
       "of Persuasion. ... (D)\"",
       (("night-only", "no: only night actions and features burn; he dies when they are gone "
                       "and Persuasion stays his by day"),
        ("day-too", "yes: Persuasion burns after his night actions, as the sheet lists them; "
                    "he dies only when it is gone too, and a burnt Persuasion is not applied "
                    "by day")),
       "night-only"),
)

# the day actions a sheet lists after its night actions (Cornelius: "Day Actions: Power of
# Persuasion"), burnt only where infection-day-action says so
DAY_ACTIONS: dict[str, tuple[str, ...]] = {"cornelius-lestrange": ("persuasion",)}




# -- infecting ---------------------------------------------------------------------------

def infect_target(state: NightState, move: Move, target: str) -> Attack:
    """An infection of the rule set: the newspaper as ruled; a recruit's "Ignore natural
    protection" / "Ignore external protection" (Features List) reach past those."""
    actor = state.players[move.actor]
    return infect(state, move, target, ignore_natural=has(actor, "ignore-natural-protection"),
                  ignore_external=has(actor, "ignore-external-protection"),
                  show_attempt=_ruling(state, "infection-fact") == "made")


def _infection(state: NightState, move: Move) -> None:
    """Lucy Farmer: "Infection. Transmits infection to a target." (-); Order 17) Infection
    from Lucy Farmer."""
    infect_target(state, move, move.targets[0])


def _hunt(state: NightState, move: Move) -> None:
    """Patient Zero: "Hunt. Attacks target with a physical attack (K), or infects the target
    (-)"; Order 20-21) "Murder or infection from Patient Zero". The log says which in options
    {"mode": "infect"} (a physical attack when it does not). This replaces basics' Hunt (the
    parts' abilities are merged in order, a later part's id over an earlier's): same id, name
    and step, one more mode."""
    if str(move.options.get("mode", "attack")) == "infect":
        infect_target(state, move, move.targets[0])
    else:
        m.attack(state, move, move.targets[0], "physical")


def kind_of(move: Move) -> AbilityType:
    """The action type of a move as sent: Hunt infecting is (-), attacking (K)."""
    if move.ability.id == "hunt" and str(move.options.get("mode", "")) == "infect":
        return "-"
    return move.ability.type


ABILITIES: tuple[Ability, ...] = (
    Ability("infection", "Infection", "-", "lucy-infection", _infection),
    Ability("hunt", "Hunt", "K", "leader-kills", _hunt, type_of=kind_of),
)
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {"lucy-farmer": ("infection",)}
ROLE_FEATURES: dict[str, tuple[tuple[str, int], ...]] = {}


def natural(state: NightState, hit: Attack) -> str | None:
    """Why an infection no one's protection stopped does not take hold."""
    if hit.harm != "infection":
        return None
    p = state.players[hit.target]
    if has(p, "infection-immunity"):
        # Doctor: "Vaccinated. Immunity to infection."; Lucy: "Infected. Cannot be infected.";
        # Patient Zero: "cannot be infected"; the Infected's recruits: "The target gains
        # immunity to infection."
        return "immune to infection"
    if p.role == "jen-li" and spend(p, "one-time-protection"):
        # Jen Li: "one-time protection either from physical attack, or infection, or
        # execution" (Patient Zero's is "from physical attack or execution" only)
        return "one-time protection (Jen Li)"
    if spend(p, "infection-protection"):
        return "one-time protection from infection (Features List)"
    return None


# -- the burning (step 25) -----------------------------------------------------------------

# seed features the night sheet writes as several ids: they burn as one
ROLE_GROUPS: dict[str, tuple[tuple[str, ...], ...]] = {
    "rick-morgan": (("authority", "unrecruitable"),),  # "Authority. Double vote. Cannot be
    # recruited."
    "max-milton": (("physical-might", "unblockable"),),  # "Possesses one protection from
    # physical attack, cannot be blocked."
    "jen-li": (("psychic-immunity", "one-time-protection"),),  # "Cannot be killed by a psychic
    # attack; one-time protection ..."
    "patient-zero": (("one-time-protection", "infection-immunity"),),  # "One-time protection
    # ...; cannot be infected."
}
# a recruit's "Immunity to block and isolation" is carried by the engine's "unblockable"
GIFT_GROUPS: tuple[tuple[str, ...], ...] = (("block-isolation-immunity", "unblockable"),)


def actions_left(state: NightState, player: Player) -> list[str]:
    """The player's night actions not burnt, maimed or used up, in the seed's order, then a
    recruiter's gifts in the rule set's order. A team's Recruitment that a recruit may inherit
    counts only once inherited."""
    from engine.rulesets.contested_island.night import ROLE_ABILITIES as SHEETS

    order = list(state.rules.abilities)
    isl = isle(player)
    given = sorted((a for a in isl.given if a in state.rules.abilities), key=order.index)
    out: list[str] = []
    own = sorted(SHEETS.get(player.role, ()), key=lambda a: seed_rank(player.role, a))
    for a in [*own, *given]:
        ability = state.rules.abilities.get(a)
        if ability is None or a in out or a in isl.lost or a in player.features:
            continue  # a feature that is also a move (Hot Trail) burns as the feature
        if a in isl.given and ability.step == "recruitment" and isl.heir_to != a:
            continue
        spent = ability.limit.uses is not None and ability.limit.uses <= sum(
            1 for _, used, _ in player.used if used == a)
        if not spent:
            out.append(a)
    # read only for a sheet with a day action ("Cannot be used after recruitment": a
    # recruit's Persuasion is gone already)
    if DAY_ACTIONS.get(player.role) and player.recruited_by is None and \
            _ruling(state, "infection-day-action") == "day-too":
        out.extend(a for a in DAY_ACTIONS[player.role] if a not in isl.lost)
    return out


def features_left(player: Player) -> list[tuple[str, ...]]:
    """The player's features with something left, each as the ids it is written with."""
    groups = (*ROLE_GROUPS.get(player.role, ()), *GIFT_GROUPS)
    seen: set[str] = set()
    out: list[tuple[str, ...]] = []
    # the character's own in the seed's order, a recruiter's gifts after them
    for f in sorted(player.features, key=lambda f: seed_rank(player.role, f)):
        if f in seen or not has(player, f):
            continue
        group = next((g for g in groups if f in g), (f,))
        seen.update(group)
        out.append(tuple(x for x in group if has(player, x)))
    return out


def burn_night(state: NightState) -> None:
    """Order 25) "Burning of features and actions in case of infection / Death from
    infection": each living infected player loses `infected` actions and features (Bite: "The
    disease progresses twice as fast"), as ruled; "When the target has nothing left, they
    die". The rulings are read only where someone burns: a replay notes which rulings a
    night read, and a night with no infection reads none of them."""
    read: tuple[bool, bool, bool] | None = None
    tonight = night_of(state).infections
    for slot, p in sorted(state.players.items()):
        isl = isle(p)
        if not p.alive or not isl.infected:
            continue
        if read is None:
            read = (_ruling(state, "infection-burn") == "one-each",
                    _ruling(state, "infection-burn-order") == "last-listed",
                    _ruling(state, "infection-death") == "when-empty")
        each, last, empty = read
        if slot in tonight and _ruling(state, "infection-first-burn") == "next-night":
            continue
        actions = actions_left(state, p)
        units = features_left(p)
        if not empty and not actions and not units:
            die_of_infection(state, slot)
            continue
        if each:
            burn(state, slot, (actions[::-1] if last else actions)[:isl.infected], "action")
            burn(state, slot, [f for unit in (units[::-1] if last else units)[:isl.infected]
                               for f in unit], "feature")
        else:  # features first: the seed writes a character's features before the actions
            items = [(u, "feature") for u in units] + [((a,), "action") for a in actions]
            for unit, what in (items[::-1] if last else items)[:isl.infected]:
                burn(state, slot, unit, what)
        if empty and not actions_left(state, p) and not features_left(p):
            die_of_infection(state, slot)


NATURAL: tuple[Callable[[NightState, Attack], str | None], ...] = (natural,)
RETARGET: tuple[Callable[[NightState, Move], None], ...] = ()
BEFORE_ATTACK: tuple[Callable[[NightState, Attack], None], ...] = ()
VISITED: tuple[Callable[[NightState, Move, str], None], ...] = ()
# the burning runs from `recruitment`'s end of the night, after the recruitments (24 before 25)
ENDS: tuple[Callable[[NightState], None], ...] = ()


def _ruling(state: NightState, point: str) -> str:
    return option(state, RULINGS, point)
