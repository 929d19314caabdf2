"""The mechanics every rule set's abilities are made of, each in one place: block, isolate,
protect, attack, heal, check. An ability's effect calls them; they record what happened as
events (newspaper, private or hidden) so that every outcome has its reason.

The order of the night is the rule set's: a block stops only the moves whose step comes
after it; a protection stops only the attacks that come after it; an attack that lands makes
its target dying, and the night's end turns the dying into the dead, unless a treatment in
between saves them."""

from __future__ import annotations

from collections.abc import Callable

from engine.night.model import Harm, Move, Value
from engine.night.state import Arrested, Attack, NightState


def visit(state: NightState, move: Move, target: str) -> None:
    """The actor went to the target (what watchers, traps and dates see)."""
    state.visits.append((move.actor, target, move.ability.id))
    for hook in state.rules.visited:
        hook(state, move, target)
    if move.stopped is not None and move is state.resolving:
        # stopped by what met it there: the rest of its effect does not happen
        raise Arrested(move.stopped)


def block(state: NightState, move: Move, target: str, why: str) -> None:
    """The target's moves of later steps fail tonight."""
    visit(state, move, target)
    state.blocked.setdefault(target, why)
    state.record("blocked", f"{move.actor} blocks {target} ({move.ability.name})",
                 subject=target, actor=move.actor)


def stun(state: NightState, move: Move, target: str, why: str) -> None:
    """The target's moves of later steps fail tonight, whatever stops blocks."""
    visit(state, move, target)
    state.stunned.setdefault(target, why)
    state.record("stunned", f"{move.actor} stuns {target} ({move.ability.name})",
                 subject=target, actor=move.actor)


def isolate(state: NightState, move: Move, target: str) -> None:
    """The target neither acts nor can be reached tonight (by the moves of later steps)."""
    visit(state, move, target)
    state.isolated.setdefault(target, move.actor)
    state.record("isolated", f"{move.actor} isolates {target} ({move.ability.name})",
                 subject=target, actor=move.actor)


def protect(state: NightState, move: Move, target: str, harm: Harm) -> None:
    """The target is protected from `harm` for the attacks of later steps."""
    visit(state, move, target)
    state.protections.append((target, harm, move.actor))
    state.record("protecting", f"{move.actor} protects {target} from {harm} attack "
                 f"({move.ability.name})", subject=target, actor=move.actor)


Guard = Callable[[NightState, Move, Attack], bool]


def aim(state: NightState, move: Move, target: str, harm: Harm, *,
        ignore_natural: bool = False, ignore_external: bool = False,
        ignore_healing: bool = False, seen: Callable[[str], None] | None = None,
        guard: Guard | None = None) -> Attack:
    """Aim `harm` at the target and find what stops it, if anything: the rule set's hooks
    (a guard it is sent to, a protector drawn to the target), a dead target, an external
    protection of the same kind (the newspaper shows the save: "Failed murders are
    displayed only in case of successful protection/healing"), the rule set's natural
    protections. `seen` is told the living player it reached before the stops (a fact shown
    for every attempt). `guard`: what an external protection does to this attack, when it
    is not just stopped (`guarded`): asked after the hooks, so it meets the protections as
    they finally stand (a bullet that hits the protector)."""
    visit(state, move, target)
    hit = Attack(target, harm, move.actor, state.step, move.ability.id,
                 ignore_natural=ignore_natural, ignore_external=ignore_external,
                 ignore_healing=ignore_healing)
    state.attacks.append(hit)
    for hook in state.rules.before_attack:
        hook(state, hit)  # may send it elsewhere (a guard) or stop it
    target = hit.target
    alive = state.alive(target)
    if seen is not None and alive:
        seen(target)
    if hit.stopped_by is not None:
        return hit
    if not alive:
        hit.stopped_by = "the target is dead"
        state.record("attack-missed", f"{move.actor}'s {move.ability.name} on {target}: "
                     "the target is already dead", subject=target, actor=move.actor)
        return hit
    if not ignore_external and (guard or guarded)(state, move, hit):
        return hit
    if not ignore_natural:
        why = state.rules.natural(state, hit)
        if why is not None:
            hit.stopped_by = why
            state.record("survived", f"{move.actor}'s {_what(harm)} {target} fails: {why}",
                         subject=target, actor=move.actor, harm=harm)
    return hit


def attack(state: NightState, move: Move, target: str, harm: Harm, *,
           ignore_natural: bool = False, ignore_external: bool = False,
           ignore_healing: bool = False, guard: Guard | None = None) -> Attack:
    """Aim `harm` at the target (`aim`); when nothing stops it, the target is dying until the
    night's end."""
    hit = aim(state, move, target, harm, ignore_natural=ignore_natural,
              ignore_external=ignore_external, ignore_healing=ignore_healing, guard=guard)
    if hit.stopped_by is not None:
        return hit
    lands(state, hit)
    state.record("attacked", f"{move.actor}'s {harm} attack ({move.ability.name}) lands on "
                 f"{hit.target}", subject=hit.target, actor=move.actor, harm=harm)
    return hit


def lands(state: NightState, hit: Attack) -> None:
    """The attack landed: its target is dying of it, as of every other that landed."""
    state.dying.setdefault(hit.target, []).append(hit)


def spare(state: NightState, slot: str, which: Callable[[Attack], bool],
          why: str) -> list[Attack]:
    """Take off the attacks on `slot` that `which` picks, each stopped for `why` (a remedy
    acts on its own kind only: the Gaze heals "a psychic attack", a pit stops the killer who
    fell in); the player still dies of the others. The attacks taken off."""
    hits = state.dying.get(slot, [])
    taken = [h for h in hits if which(h)]
    left = [h for h in hits if not which(h)]
    for hit in taken:
        hit.stopped_by = why
    if left:
        state.dying[slot] = left
    else:
        state.dying.pop(slot, None)
    return taken


def _what(harm: Harm) -> str:
    return "infection of" if harm == "infection" else f"{harm} attack on"


def guarded(state: NightState, move: Move, hit: Attack) -> bool:
    """Whether someone protects the attack's target from its harm tonight: then the attack
    is stopped and the newspaper shows the save (Rule Clarifications 3)."""
    target, harm = hit.target, hit.harm
    guard = next((by for t, h, by in state.protections if t == target and h == harm), None)
    if guard is None:
        return False
    hit.stopped_by = f"protected by {guard}"
    state.record("protected", f"{move.actor}'s {_what(harm)} {target} is stopped: {guard} "
                 f"protects {target}", "newspaper", subject=target, actor=move.actor,
                 harm=harm, protector=guard)
    return True


def heal(state: NightState, move: Move, target: str,
         which: Callable[[Attack], bool] = lambda _h: True) -> bool:
    """Save the target from tonight's death (a treatment) by the attacks `which` picks;
    True when there was one to stop. The newspaper shows a successful treatment."""
    visit(state, move, target)
    # "Saves a target from being killed in the current night": from every attack that landed
    # but one that ignores the victim's healing
    hits = spare(state, target, lambda h: not h.ignore_healing and which(h),
                 f"healed by {move.actor}")
    if not hits:
        state.record("treated", f"{move.actor} treats {target}: nothing to heal",
                     subject=target, actor=move.actor)
        return False
    hit = hits[0]
    state.record("healed", f"{move.actor} saves {target} from {hit.by}'s {hit.harm} attack",
                 "newspaper", subject=target, actor=move.actor, harm=hit.harm)
    return True


def tell(state: NightState, move: Move, target: str, what: str, result: Value,
         **more: Value) -> None:
    """A check's answer, privately to the actor."""
    visit(state, move, target)
    state.record("check", f"{move.actor} learns {what} of {target}: {result}", "private",
                 subject=target, recipient=move.actor, actor=move.actor, what=what,
                 result=result, **more)


def types_applied(state: NightState, slot: str) -> str:
    """The types of the night actions `slot` applied tonight (sent and not refused before
    the night; free extras aside), in the seed's notation, "I, K" for several, "none"."""
    kinds = sorted({x.kind for x in state.moves
                    if x.actor == slot and not x.refused and not x.ability.extra})
    return ", ".join(kinds) if kinds else "none"


def die(state: NightState, slot: str, cause: str, attack: Attack | None = None) -> None:
    """The player dies at the night's end; the newspaper shows the death."""
    player = state.players[slot]
    if not player.alive:
        return
    player.alive = False
    if attack is not None:
        state.record("killed", f"{slot} dies ({cause})", "newspaper", subject=slot,
                     actor=attack.by, cause=cause, harm=attack.harm)
    else:
        state.record("killed", f"{slot} dies ({cause})", "newspaper", subject=slot,
                     cause=cause)
