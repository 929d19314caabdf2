"""What meets every move as it comes (Saransk, the mirror, the killed, the priest's reach)
and what the night's end settles: certain deaths (the stake hunts' among them), poison and
bleeding, the will, the zombies' end with their necromancer, the perfume, sins, the maniac's
collection, the witness, the treasure hunter's artifacts, the boss's successor, and every
move's answer.
"""

from __future__ import annotations

from dataclasses import replace

from engine.night import mechanics as m
from engine.night import redirect as rd
from engine.night.model import Move
from engine.night.state import NightState, Player
from engine.rulesets.world_cup_2018.night.common import (
    COPS,
    NOT_OK,
    OK,
    SHOOTING_CLANS,
    SHOTS,
    Records,
    cure,
    due,
    mark,
    marked_by,
    records,
    tell,
)
from engine.rulesets.world_cup_2018.night.rulings import option
from engine.rulesets.world_cup_2018.night.town import ARTIFACTS, inherit_artifacts


def saransk(state: NightState, move: Move) -> None:
    """«там его не может никто потревожить»; as ruled, the traveller's own moves fail too."""
    away = records(state).saransk
    reach = move.ability.id == "confession" and \
        option(state, "priest-protection") == "his-confession"
    if not reach and any(t in away for t in move.targets):
        move.stopped = "the target is in Saransk"
    elif move.actor in away and option(state, "saransk") == "stays-away":
        move.stopped = "the actor is in Saransk"


def priest_reach(state: NightState, move: Move) -> None:
    """The confession reaches an isolated target only as ruled («Игнорирует любую защиту»)."""
    if move.ability.id != "confession" or \
            option(state, "priest-protection") == "his-confession":
        return
    if any(t in state.isolated and state.isolated[t] != move.actor for t in move.targets):
        move.stopped = "the target is isolated"


def confessed(state: NightState, move: Move) -> None:
    """As ruled ("confession-shield": whole-night), «которую этой ночью никто не может
    подвергнуть воздействию» holds for the moves before the priest's too: a move of an
    earlier step on the player a confession still standing names tonight fails (the moves
    after the priest's meet his isolation)."""
    if option(state, "confession-shield") != "whole-night" or \
            move.ability.id == "confession":
        return
    rules = state.rules
    if rules.step_index(move.ability.step) >= rules.step_index("priest"):
        return
    shielded = {t for x in state.moves if x.ability.id == "confession" and x.stopped is None
                and not x.done for t in x.targets}
    if any(t in shielded and t != move.actor for t in move.targets):
        move.stopped = "the target is at confession"


def mirror(state: NightState, move: Move) -> None:
    """«зеркало — перенаправляет любое действие на выбранного игрока»"""
    mirrors = records(state).mirrors
    if move.ability.id == "mirror" or not any(t in mirrors for t in move.targets):
        return
    to = [mirrors[t] if t in mirrors and t != move.actor else t for t in move.targets]
    if to != move.targets:
        rd.redirect(state, move, to, "mirror", "a mirror")


def killed_first(state: NightState, move: Move) -> None:
    """As ruled: a player whose killing landed earlier in the order makes no move."""
    if option(state, "killed-acts") == "killed-first" and (
            move.actor in state.dying or move.actor in records(state).doomed):
        move.stopped = "killed before his move"


# the mirror first: Saransk and the priest's reach then judge where the move goes
RETARGET = (mirror, confessed, killed_first, saransk, priest_reach)


def _die(state: NightState, slot: str, cause: str) -> None:
    if state.players[slot].alive:
        m.die(state, slot, cause)


def deaths(state: NightState) -> None:
    """Certain deaths (the stake hunts among them: `town._stake`), last night's poison and
    bleeding (an antidote cures the poison: «17. Противоядие — излечивает от яда»), «При
    вскрытии умирает ночью» (the fairy), then the zombies: «Умирает при смерти или посадки
    Некроманта»."""
    rec = records(state)
    for slot, cause in sorted(rec.doomed.items()):
        _die(state, slot, cause)
    for slot, cause in due(state).items():
        p = state.players[slot]
        if cause == "poison" and p.features.get("antidote", 0) > 0:
            p.features["antidote"] -= 1
            cure(p, "poison")
            state.record("antidote", f"{slot}'s antidote cures the poison", subject=slot)
            continue
        rec.blame[slot] = marked_by(p, cause)
        cure(p, cause)
        _die(state, slot, cause)
    for slot, p in sorted(state.players.items()):
        if p.role == "fairy" and p.alive and p.features.get("revealed", 0):
            _die(state, slot, "revealed")
    zombies_follow(state)


def zombies_follow(state: NightState) -> None:
    """«Умирает при смерти или посадки Некроманта»: with no necromancer left alive (dead,
    or jailed tonight by a will), every zombie dies."""
    necros = [s for s, p in state.players.items() if p.role == "necromancer"]
    if necros and not any(state.players[s].alive for s in necros):
        jailed = {e.subject for e in state.events if e.kind == "jailed"} >= set(necros)
        for slot, p in sorted(state.players.items()):
            if p.role == "zombie" and p.alive:
                _die(state, slot, f"the necromancer is {'jailed' if jailed else 'dead'}")


def killed_tonight(state: NightState) -> list[str]:
    return [e.subject for e in state.events if e.kind == "killed" and e.subject]


def gone_tonight(state: NightState) -> list[str]:
    """Killed tonight, or jailed tonight by a will: what «При смерти/посадки босса» and
    «При посадке или убийстве владельца артефакта» both name."""
    jailed = [e.subject for e in state.events if e.kind == "jailed" and e.subject]
    return killed_tonight(state) + [j for j in jailed if j not in killed_tonight(state)]


def consequences(state: NightState) -> None:
    """The will («При убийстве написавшего завещание, с наступлением следующего дня, будет
    посажен указанный в завещании игрок»), the perfume («ядовитые духи — отравляет
    убийцу»), sins («грешен если убил персонажа»), the maniac's collection of professions."""
    rec = records(state)
    # a killer the perfume kills tonight ("perfume": same-night) is killed too: his will,
    # his perfume and his killer's sin follow in turn
    # a necromancer the will jails takes his zombies with him, and their killing follows
    done: set[str] = set()
    while pending := [v for v in killed_tonight(state) if v not in done]:
        for victim in pending:
            done.add(victim)
            _follow(state, rec, victim)
        zombies_follow(state)


def _follow(state: NightState, rec: Records, victim: str) -> None:
    """What one player's killing tonight brings (`consequences`)."""
    p = state.players[victim]
    for key, v in sorted(p.features.items()):
        if key.startswith("will:") and v:
            named = key.split(":", 1)[1]
            if named in state.players and state.players[named].alive:
                state.players[named].alive = False
                state.record("jailed", f"{named} is jailed by {victim}'s will",
                             "newspaper", subject=named, actor=victim)
    killers = rec.blame.get(victim, [])
    for killer in sorted(set(killers)):
        k = state.players[killer]
        k.features["kills"] = k.features.get("kills", 0) + 1
        if k.role == "maniac":
            k.features[f"victim:{p.role}"] = 1
    if p.features.get("poison-perfume", 0) > 0 and killers:
        p.features["poison-perfume"] -= 1
        # as ruled ("perfume"): poisoned as by the vampire, or dead with his victim
        now = option(state, "perfume") == "same-night"
        for killer in sorted(set(killers)):
            k = state.players[killer]
            if not k.alive:
                continue
            state.record("perfume", f"{victim}'s perfume poisons {killer}",
                         subject=killer, actor=victim)
            if now:
                rec.blame[killer] = [victim]
                _die(state, killer, "perfume")
            else:
                mark(k, "poison", state.night, victim)


ARMED = ("corrupt-boss", "corrupt-recruiter", "corrupt-goon", "dirty-boss",
         "dirty-recruiter", "dirty-goon", "sheriff", "deputy", "maniac")


def witness(state: NightState) -> None:
    """«Может увидеть только выстрел того за кем следит. Если свидетель следит за персонажем
    с оружием и видит как он убивает другого персонажа с оружием, может сделать выбор: взять
    оружие и стать маньяком, остаться свидетелем.» (the choice: option "take-weapon")"""
    rec = records(state)
    dead = set(killed_tonight(state))
    for move in state.moves:
        if move.ability.id != "watch" or not move.done or not state.alive(move.actor):
            continue
        seen = sorted({t for s, t in rec.shots if s == move.target})
        rec.answers.setdefault(state.seq(move), []).append(
            ("saw-shot", ", ".join(seen) if seen else NOT_OK))
        shooter = state.players[move.target] if move.target else None
        armed_kill = shooter is not None and shooter.role in ARMED and any(
            t in dead and move.target in rec.blame.get(t, []) and
            state.players[t].role in ARMED for t in seen)
        if armed_kill and move.options.get("take-weapon") is True:
            me = state.players[move.actor]
            me.role, me.faction = "maniac", "neutral"
            state.record("became-maniac", f"{move.actor} takes the weapon: a maniac now",
                         subject=move.actor, actor=move.actor)
            tell(state, move.actor, "became-maniac", "Тавгай", subject=move.actor)


def artifacts(state: NightState) -> None:
    """«При посадке или убийстве владельца артефакта получает его автоматом.»; «если найдёт
    все, то узнаёт копов»"""
    hunters = [s for s, p in sorted(state.players.items())
               if p.role == "treasure-hunter" and p.alive]
    if not hunters:
        return
    me = state.players[hunters[0]]
    for victim in inherit_artifacts(state.players, gone_tonight(state)):
        tell(state, hunters[0], "artifact", victim, subject=victim)
    if me.features.get("artifacts-known", 0) >= ARTIFACTS and not me.features.get(
            "knows-cops", 0):
        me.features["knows-cops"] = 1
        cops = sorted(s for s, p in state.players.items() if p.role in COPS)
        tell(state, hunters[0], "cops", ", ".join(cops) or "нет копов")


def heir(players: dict[str, Player], clan: str) -> str | None:
    """The player who becomes `clan`'s boss when its boss is gone: «При смерти/посадки босса,
    следующим боссом становиться рядовой мафиози» (the ordinary member, else the recruiter;
    by slot among equals), made boss here; None when the clan has a living boss or nobody
    left to take over."""
    boss = f"{clan}-boss"
    if any(p.role == boss and p.alive for p in players.values()):
        return None
    for rank in ("goon", "recruiter"):
        heirs = sorted(s for s, p in players.items() if p.role == f"{clan}-{rank}" and p.alive)
        if heirs:
            players[heirs[0]].role = boss
            return heirs[0]
    return None


def successor(state: NightState) -> None:
    """«При смерти/посадки босса, следующим боссом становиться рядовой мафиози.»: a boss
    killed or jailed by a will tonight (one seated by day is succeeded before the night:
    `day.after_the_day`)."""
    dead = set(gone_tonight(state))
    for clan in SHOOTING_CLANS:
        boss = f"{clan}-boss"
        if not any(state.players[s].role == boss for s in dead):
            continue
        new = heir(state.players, clan)
        if new is not None:
            state.record("new-boss", f"{new} is the new boss of {clan}", subject=new)
            tell(state, new, "new-boss", boss, subject=new)


def answers(state: NightState) -> None:
    """Each move taken is answered to the player who made it (the answer its effect set,
    else «не удачно» if it failed or was stopped, else «удачно»), in the night's order; a
    shot is «удачно» when its target was killed; the stake hunters likewise."""
    rec = records(state)
    dead = set(killed_tonight(state))
    rules = state.rules
    ordered = sorted((x for x in state.moves if not x.refused),
                     key=lambda x: (rules.step_index(x.ability.step),
                                    rules.move_order(state, x), x.ability.id))
    for move in ordered:
        if not state.players[move.actor].alive:
            continue
        said = rec.answers.get(state.seq(move))
        if move.stopped is not None:
            said = [(move.ability.id, NOT_OK)]
        elif move.ability.id in SHOTS or move.ability.id == "stake":
            hit = move.target in dead and move.actor in rec.blame.get(move.target or "", [])
            said = [(move.ability.id, OK if hit else NOT_OK)]
        elif said is None:
            said = [(move.ability.id, NOT_OK if state.seq(move) in rec.failed else OK)]
        for what, result in said:
            state.record("answer", f"{move.actor} is told {what}: {result}", "private",
                         subject=move.target, recipient=move.actor, actor=move.actor,
                         what=what, result=result)


def newspaper(state: NightState) -> None:
    """«При любой смерти игрока в описании игрового дня будет появляться любая запись о его
    смерти. При этом сведения о смерти ... не является отражением информации о том каким
    именно способом был умервщлен персонаж.» The newspaper shows the death alone; how and
    by whom stays in a hidden event just before it."""
    for i in range(len(state.events) - 1, -1, -1):
        event = state.events[i]
        if event.kind != "killed" or event.visibility != "newspaper":
            continue
        hidden = replace(event, kind="death-cause", visibility="hidden")
        shown = replace(event, text=f"{event.subject} is dead", actor=None, details=())
        state.events[i:i + 1] = [hidden, shown]


ENDS = (deaths, consequences, witness, artifacts, successor, answers, newspaper)
