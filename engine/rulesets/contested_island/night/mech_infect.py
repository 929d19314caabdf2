"""Infection, a harm that does not kill at once: the shared mechanics of infecting, curing,
burning and dying of it. A rule set decides who may infect, what burns and in which order;
these functions do the work and record the events.

An infection is aimed like an attack (`engine.night.mechanics.attack`): the rule set's
before-attack hooks may send it elsewhere (a guard), an external protection of the same kind
stops it ("Protection from infection"), else the target's natural protections (an immunity, a
one-time protection it spends). When none stops it, the target is infected: `Islander.infected`
is how many actions and features burn a night (a faster disease burns more), and the first
status turns ill. Nobody dies of it tonight: the rule set burns what the player has at the
night's end and kills the player who has nothing left (`burn`, `die_of_infection`).

For an ultimate that infects "ignoring immunity to infection and protection from infection"
and makes "the disease progress twice as fast": ``infect(state, move, target, rate=2,
ignore_natural=True, ignore_external=True)``."""

from __future__ import annotations

from collections.abc import Iterable

from engine.night.mechanics import aim, die
from engine.night.model import Move
from engine.night.state import Attack, NightState
from engine.rulesets.contested_island.night.own import isle, night_of

ILL, HEALTHY = "ill", "healthy"  # the first status ("physical": healthy|ill)


def infect(state: NightState, move: Move, target: str, *, rate: int = 1,
           ignore_natural: bool = False, ignore_external: bool = False,
           show_attempt: bool = False) -> Attack:
    """Aim an infection at the target; `stopped_by` of the returned attack says why it did not
    take hold. The newspaper shows a new infection as a fact (or every attempt on a living
    player, `show_attempt`), and a protection that stops it."""
    hit = aim(state, move, target, "infection", ignore_natural=ignore_natural,
              ignore_external=ignore_external,
              seen=(lambda reached: _fact(state, move, reached)) if show_attempt else None)
    if hit.stopped_by is not None:
        return hit
    target = hit.target
    player = isle(state.players[target])
    if player.infected >= rate:
        hit.stopped_by = "already infected"
        state.record("already-infected", f"{move.actor}'s {move.ability.name}: {target} is "
                     "already infected", subject=target, actor=move.actor)
        return hit
    player.infected = rate
    player.infected_by = player.infected_by or move.actor
    if player.statuses.get("physical") != ILL:
        # "Target's first status changes to "Physically ill""
        player.statuses["physical"] = ILL
        player.ill_by_infection = True
    night_of(state).infections[target] = hit
    if not show_attempt:
        _fact(state, move, target)
    return hit


def _fact(state: NightState, move: Move, target: str) -> None:
    # Rule Clarification 4: "Psychic attack and infection are initially displayed as facts."
    # The fact names nobody: "After someone dies from them, a clue to the attacker is given."
    state.record("infection", f"{target} is infected ({move.actor}'s {move.ability.name})",
                 "newspaper", subject=target, actor=move.actor)


def cure(state: NightState, move: Move, target: str) -> bool:
    """End the target's infection (a treatment that "cures infection"); True when there was
    one. "If the target's first status was changed due to infection, changes it to
    "Physically healthy"". What burnt stays burnt. The newspaper shows the cure (a
    treatment is "displayed as a fact in case of success")."""
    player = state.players.get(target)
    if player is None or not player.alive or not isle(player).infected:
        return False
    own = isle(player)
    own.infected = 0
    own.infected_by = None
    night_of(state).infections.pop(target, None)
    if own.ill_by_infection:
        own.statuses["physical"] = HEALTHY
        own.ill_by_infection = False
    state.record("healed", f"{move.actor} cures {target}'s infection ({move.ability.name})",
                 "newspaper", subject=target, actor=move.actor, harm="infection")
    return True


def burn(state: NightState, slot: str, items: Iterable[str], what: str) -> None:
    """The infection burns these actions or features of the player for good (`lost`; a
    feature's charges go to 0 as well: nothing is left of it). Not shown: the player finds
    out when the action is refused."""
    player = state.players[slot]
    lost = isle(player).lost
    for item in items:
        lost.add(item)
        if item in player.features:
            player.features[item] = 0
        state.record("burned", f"{slot}'s {what} {item} burns (infection)", subject=slot,
                     what=what, item=item)


def die_of_infection(state: NightState, slot: str) -> None:
    """"When the target has nothing left, they die"; Rule Clarification 4: "After someone dies
    from them, a clue to the attacker is given" (a newspaper fact naming the infector)."""
    by = isle(state.players[slot]).infected_by
    if by is None:
        die(state, slot, "infection")
        return
    die(state, slot, "infection", Attack(slot, "infection", by, state.step, "infection"))
    state.record("clue", f"a clue to {by}, who infected {slot}", "newspaper", subject=slot,
                 actor=by, harm="infection")
