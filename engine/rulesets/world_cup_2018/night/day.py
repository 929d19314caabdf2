"""What a day does that the night must know: the fairy's artifacts and a release with the
prison warden's card (`NightRules.day_before`), a «сухарь» turned to stone or released
(`NightRules.from_log`).

«Завхоз сборной (Безумная Фея) — ... В первый день выдаёт 3 артефакта любым игрокам.» The
move is a day action `artifacts` of day 1, its targets the holders (one artifact each, a
player named twice holding two). The treasure hunter looks for them by night («ищет у игроков
артефакты»), and inherits those of a holder jailed or killed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime, time

from engine.gamelog import Action, GameLog
from engine.night.state import NightState, Player
from engine.rulesets.world_cup_2018.night.common import SHOOTING_CLANS
from engine.rulesets.world_cup_2018.night.town import ARTIFACTS as HOW_MANY
from engine.rulesets.world_cup_2018.night.town import inherit_artifacts
from engine.rulesets.world_cup_2018.vocab import ARTIFACTS, RELEASE


def day_before(state: NightState, actions: Sequence[Action]) -> None:
    """The artifacts of day 1 reach their holders before night 1; a move that breaks the
    clause (not the fairy, not day 1, more than three, a holder not in the game) is kept
    out with its reason. Then the day's releases (`release`)."""
    given = 0
    for action in actions:
        if action.ability == RELEASE:
            release(state, action)
        if action.ability != ARTIFACTS:
            continue
        fairy = state.players.get(action.actor)
        why = None
        if fairy is None or fairy.role != "fairy":
            why = "only the fairy gives artifacts"
        elif state.night != 1:
            why = f"artifacts are given on the first day, not day {state.night}"
        elif given + len(action.targets) > HOW_MANY:
            why = f"{HOW_MANY} artifacts in all («выдаёт 3 артефакта»)"
        elif any(t not in state.players for t in action.targets):
            why = "a holder who is not a player of this game"
        if why is not None:
            state.record("not-taken", f"{action.actor}'s artifacts: {why}", actor=action.actor)
            continue
        given += len(action.targets)
        for holder in action.targets:
            player = state.players[holder]
            player.features["artifact"] = player.features.get("artifact", 0) + 1
            state.record("artifact-given", f"{action.actor} gives {holder} an artifact (day 1)",
                         subject=holder, actor=action.actor)


def after_the_day(log: GameLog, players: dict[str, Player], night: int,
                  rulings: Mapping[str, str]) -> None:
    """What the GM's record of the day before night N (its announced deaths and seatings
    already on `players`) sets before the night: the stones (`stones`); the zombies of a
    necromancer seated or dead by day, who die with him («Умирает при смерти или посадки
    Некроманта»: by day, so no death of the night); the artifacts of a holder seated or
    killed by day, which the treasure hunter gets; a seated boss's successor («При
    смерти/посадки босса, следующим боссом становиться рядовой мафиози»: the heir is boss
    for the night)."""
    from engine.rulesets.world_cup_2018.night.night_end import heir  # the night's end imports this

    stones(log, players, night, rulings)
    # «При посадке или убийстве владельца артефакта получает его автоматом»: a holder
    # seated or killed by day leaves his artifacts to the treasure hunter before the night
    inherit_artifacts(players, sorted(s for s, p in players.items() if not p.alive))
    necros = [p for p in players.values() if p.role == "necromancer"]
    if necros and not any(p.alive for p in necros):
        for p in players.values():
            if p.role == "zombie" and p.alive:
                p.alive = False
    for clan in SHOOTING_CLANS:
        if any(p.role == f"{clan}-boss" and not p.alive for p in players.values()):
            heir(players, clan)


def stones(log: GameLog, players: dict[str, Player], night: int,
           _rulings: Mapping[str, str]) -> None:
    """«Сухарь может быть превращен ведущим в камень (не сможет выполнять дневных и ночных
    ходов, голосовать). Может быть превращен из камня обратно ...»: stone at the close of
    day N (the GM's `stoned` / `released` slot changes), stone for night N."""
    from engine.rulesets.world_cup_2018.day import stoned_at  # the day module imports the rule set

    for slot, player in players.items():
        player.features["stoned"] = 1 if stoned_at(log, slot, night, None) else 0


# «День в случае отсутствия форс-мажора открывается в 23:30 по московскому времени.»
DAY_OPENS = time(23, 30)


def late_day_move(at: datetime | None) -> bool:
    """«Дневные ходы можно делать до 19:00 по московскому времени.»: a day move sent between
    19:00 and the next day's opening at 23:30 (Moscow time) is late; one with no time is
    taken. By the time of day alone, since a night's record does not carry the day's date."""
    from engine.rulesets.world_cup_2018.day import DAY_MOVES_UNTIL, MSK  # imports the rule set

    if at is None:
        return False
    local = at.astimezone(MSK).time()
    return DAY_MOVES_UNTIL <= local < DAY_OPENS


def release(state: NightState, action: Action) -> None:
    """«визитка начальника тюрьмы — 1 раз можно выпустить любого игрока чья роль не
    вскрыта»: the holder spends the card and the jailed player is back for the night (the GM
    records the return as a `resurrected` slot change, which the later nights read). Whether
    the role was shown at the jailing the night cannot see: the GM's record answers it."""
    holder = state.players.get(action.actor)
    target = state.players.get(action.targets[0]) if action.targets else None
    why = None
    if late_day_move(action.submitted_at):
        why = "a day move sent after 19:00 («Дневные ходы можно делать до 19:00»)"
    elif holder is None or not holder.alive:
        why = "the holder is not a living player"
    elif holder.features.get("warden-card", 0) <= 0:
        why = "no prison warden's card («визитка начальника тюрьмы»)"
    elif target is None or target.alive:
        why = "nobody jailed to release"
    if why is not None or holder is None or target is None:
        state.record("not-taken", f"{action.actor}'s release: {why}", actor=action.actor)
        return
    holder.features["warden-card"] -= 1
    target.alive = True
    state.record("released-from-jail", f"{action.actor} releases {target.slot} with the prison "
                 "warden's card", subject=target.slot, actor=action.actor)
