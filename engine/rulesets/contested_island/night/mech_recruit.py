"""Recruitment, a player changing sides: the shared mechanics of counting the sides, refusing
an attempt and making the change. A rule set decides who may recruit whom, when, and what a
recruit keeps and gets; these functions do the work and record the events.

A recruitment that goes ahead takes the recruit's own features away ("the target loses their
features"), gives what the recruiter chose (actions, features, statuses) and moves the recruit
to the recruiter's team (`Player.faction`, `Player.recruited_by`). The newspaper shows it with
a hint at the recruited role; a refused attempt is not shown, and its move keeps the reason."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping

from engine.night.model import Move
from engine.night.state import NightState, Player
from engine.rulesets.contested_island.night.own import isle


def died_tonight(state: NightState) -> set[str]:
    return {e.subject for e in state.events if e.kind == "killed" and e.subject}


def living_by_team(state: NightState) -> Counter[str]:
    """The living players of each team as the night's recruitments begin: those who die
    tonight still count (the night's deaths come at its end), tonight's recruits count for
    the team they came from (recruitments of one night are counted together)."""
    gone = died_tonight(state)
    return Counter(p.faction for slot, p in state.players.items() if p.alive or slot in gone)


def refuse(state: NightState, move: Move, why: str) -> None:
    """The attempt fails: the move keeps the reason; nothing is shown."""
    move.stopped = why
    state.record("recruit-failed", f"{move.actor}'s {move.ability.name} on "
                 f"{', '.join(move.targets)} fails: {why}", subject=move.target,
                 actor=move.actor)


def recruit(state: NightState, move: Move, target: str, team: str, *,
            statuses: Mapping[str, str], features: Mapping[str, int],
            actions: Iterable[str], gifts: Iterable[str], hint: str) -> None:
    """The target joins `team`: loses its features for `features`, gets `actions` (to use
    from the next night), its `statuses` change; `gifts` are the features the recruiter
    passed (a rule set may forbid passing them again)."""
    player = state.players[target]
    own = isle(player)
    lost = [f for f, left in player.features.items() if left != 0 and f not in own.lost]
    player.features = dict(features)
    own.given.update(actions)
    own.statuses.update(statuses)
    player.faction = team
    player.recruited_by = team
    own.gifts = (*own.gifts, *gifts)
    if lost:
        state.record("features-lost", f"{target} loses {', '.join(lost)} (recruited)",
                     subject=target, actor=move.actor)
    state.record("recruited", f"{target} is recruited by {team} ({move.actor}'s "
                 f"{move.ability.name}); a hint: {hint}", "newspaper", subject=target,
                 actor=move.actor, team=team, hint=hint)


def chosen(state: NightState, move: Move, key: str, refused: Callable[[str], str | None],
           most: int = 2) -> list[str]:
    """What the recruiter gives, as the move's options name it (a comma-separated string or a
    list, e.g. {"actions": "block,physical-attack"}): in their order, each one `refused` does
    not refuse, "no more than" `most`. What is not given is recorded with the reason."""
    raw = move.options.get(key, "")
    named = raw.split(",") if isinstance(raw, str) else \
        [str(x) for x in raw] if isinstance(raw, list) else []
    out: list[str] = []
    for item in dict.fromkeys(x.strip() for x in named if x.strip()):
        why = refused(item) or (f"no more than {most}" if len(out) >= most else None)
        if why is None:
            out.append(item)
        else:
            state.record("not-given", f"{move.actor} cannot give {move.target} {item}: {why}",
                         subject=move.target, actor=move.actor)
    return out


def limit_after_recruitment(state: NightState, move: Move, every: int | None) -> None:
    """A limit the seed gives an action once its player is recruited ("Unavailable after
    recruitment": `every` None; "Once every 3 nights after recruitment": 3), for an ability
    whose own `Limit` does not say it already. A move it stops is refused as the limits are
    before the night (it is not a use that counts)."""
    player = state.players[move.actor]
    limit = move.ability.limit
    if player.recruited_by is None or limit.recruited_every or limit.not_after_recruitment:
        return
    if every is None:
        move.stopped = "not after recruitment"
    elif any(state.night - n < every for n, a, _ in player.used
             if a == move.ability.id and n < state.night):
        move.stopped = f"once every {every} nights after recruitment"
    else:
        return
    _unuse(player, state.night, move.ability.id)


def _unuse(player: Player, night: int, ability: str) -> None:
    for i, (n, a, _) in enumerate(player.used):
        if n == night and a == ability:
            del player.used[i]
            return
