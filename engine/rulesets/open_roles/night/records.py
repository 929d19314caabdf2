"""The night's own records: «Открытые роли» resolves every move AT ITS MOMENT in the
players' order (line 4: «первый проголосовавший имеет высший приоритет хода»), so what
matters is who is dead, driven away, matched, mirrored, stunned, blocked, protected and
guarded *now*. They are the night's own records (`NightState.own`, a `Rec` that `start`
makes as the rule set's `NightRules.night_record`; `rec` reads them); `Player.alive`
stays True for those killed tonight until the night's end (`ends.finish`), so that the
framework lets every move reach its effect and the effect gives the seed's own message.

The morning messages are `Note`s, kept in the order their moves happened and finished at
the night's end (many depend on what came later: «Вы бесполезно провели ночь»)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.night.model import Move
from engine.night.state import NightState, Player
from engine.rulesets.open_roles import vocab as rs
from engine.rulesets.open_roles.night import common as c
from engine.rulesets.open_roles.night.messages import MESSAGES

STUNS = "stuns"  # feature: stuns taken in the game («Два оглушения за игру смертельны»)
BORED_NEXT = "bored-next"  # feature: the bore's block reaches the next night (line 134, 140)
# feature: blocked for the day before the night, by the GM's record (`rules.from_log`): his
# day match does not stand («не может использовать все свои дневные способности», line 135)
DAY_BLOCKED = "day-blocked"
SELF_TREATED = "self-treated"  # feature: the doctor's treatments of himself that took place
TREATED = "treated:"  # feature prefix: treated:<slot> = the last night the doctor treated slot
ACQUIRED = "acquired:"  # feature prefix: acquired:<role> = a role the master has the abilities of
GONE = "gone"  # feature: a dead player the master has already had his chance at


@dataclass
class Death:
    by: str  # whose move killed
    how: str  # kill, strike, stun, double, bomb, guard, mistake
    seq: int  # the moment: the master gets «способности последнего убитого»


@dataclass
class Mirror:
    owner: str
    on: str
    toward: str
    broken: str | None = None  # "before" / "after" the mirror was set (lines 99-100)
    reflected: int = 0


@dataclass
class Guard:
    owner: str
    patient: str
    removed_by: str | None = None  # the driver, matchmaker or bore who took the guard off
    repelled: int = 0


@dataclass
class Pair:
    a: str
    b: str
    by: str
    blocked: int = 0  # interactions of the two it stopped («Вы вовремя свели»)


@dataclass
class Note:
    """A morning message: `what` an id of `MESSAGES`, `case` the seed's bullet or bracket (an
    English id). `final` recomputes (what, case) at the night's end; `seen` fills
    «Результаты:…»."""

    recipient: str
    what: str
    subject: str | None = None
    case: str = ""
    actor: str | None = None
    text: str | None = None  # a text of its own (the witch's swap)
    killed: bool = False  # a failure because the actor was dead (withheld if revived)
    final: Callable[[], tuple[str, str]] | None = None
    seen: list[str] | None = None


@dataclass
class Rec:
    alive_at_start: set[str]
    mafia_at_start: int
    dead: dict[str, Death] = field(default_factory=dict)
    seq: int = 0
    driven: dict[str, str] = field(default_factory=dict)  # companion -> driver
    pairs: list[Pair] = field(default_factory=list)
    mirrors: list[Mirror] = field(default_factory=list)
    stunned: dict[str, str] = field(default_factory=dict)  # slot -> stunner, tonight
    blocked: dict[str, str] = field(default_factory=dict)  # slot -> bore ("" last night's)
    protected: dict[str, str] = field(default_factory=dict)  # patient -> doctor, from his move
    guards: list[Guard] = field(default_factory=list)
    attacked: set[str] = field(default_factory=set)  # lethal attempts that reached them
    notes: list[Note] = field(default_factory=list)
    doctor: dict[str, Note] = field(default_factory=dict)  # doctor -> his treatment's note
    following: list[tuple[str, str, Note]] = field(default_factory=list)  # (follower, whom)
    # (watcher, whom, guards already there: seen only if they repel, the watcher's note)
    watching: list[tuple[str, str, set[str], Note]] = field(default_factory=list)
    deferred: list[tuple[int, int, Move]] = field(default_factory=list)  # (key, n, move)
    lone: str | None = None  # the lone maf (line 23, 25)
    lone_victims: set[str] = field(default_factory=set)
    samurai_hits: set[str] = field(default_factory=set)  # samurai who killed a maf tonight
    # the move's number (`NightState.seq`) -> the reason id of its failure
    why: dict[int, str] = field(default_factory=dict)


def rec(state: NightState) -> Rec:
    """The night's records (made by `start` at the first look)."""
    return state.own_as(Rec)


def start(state: NightState) -> Rec:
    """The night's records as the night starts: the players alive and the mafs at the
    night's start, and last night's block of the bore («отменяется его ход будущей ночи»);
    a player seated by day gives the master his abilities (`_seated`)."""
    alive = {s for s, p in state.players.items() if p.alive}
    mafs = sorted(s for s in alive if is_mafia(state.players[s]))
    r = Rec(alive, len(mafs), lone=mafs[0] if len(mafs) == 1 else None)
    for slot in sorted(alive):
        p = state.players[slot]
        if p.features.get(BORED_NEXT, 0):
            p.features.pop(BORED_NEXT)
            r.blocked[slot] = ""
    _seated(state)  # reads the players, not the records (made once they are returned)
    return r


def _seated(state: NightState) -> None:
    """«После каждой посадки или убийства получает способности посаженного/убитого» (206):
    a player dead at the night's start whom no night of the replay killed was seated by the
    day before it (or died by a GM's word the replay does not share); the master has his
    abilities from then on (the night kills are `ends._master`'s)."""
    fresh = [s for s, p in sorted(state.players.items())
             if not p.alive and not p.features.get(GONE, 0)]
    for slot in fresh:
        state.players[slot].features[GONE] = 1
    seated = [s for s in fresh if state.players[s].killed is None]
    if seated:
        gain(state, state.players[seated[-1]])


def gain(state: NightState, last: Player) -> None:
    """Every living master gets the abilities of `last`, the latest seated or killed: in
    their place (ruling master-gain=last) or beside them (all)."""
    for slot, p in sorted(state.players.items()):
        if p.role != "master" or not p.alive or last.slot == slot or last.role == "master":
            continue
        if c.option(state, "master-gain") == "last":
            for k in [k for k in p.features if k.startswith(ACQUIRED)]:
                del p.features[k]
        p.features[ACQUIRED + last.role] = -1
        state.record("master-gains", f"{slot} gets the abilities of {last.slot} "
                     f"({last.role})", subject=last.slot, actor=slot)


def is_mafia(p: Player) -> bool:
    return p.faction.casefold() in (rs.MAFIA, "мафия", "маф")


def has_role(p: Player, role: str) -> bool:
    """The player's role, or one the master acquired (line 206)."""
    return p.role == role or p.features.get(ACQUIRED + role, 0) != 0


def dead(state: NightState, slot: str) -> bool:
    return slot in rec(state).dead or not state.players[slot].alive


def away(state: NightState, slot: str) -> str | None:
    """The driver who has the player away now: «Его спутники находятся в полной
    безопасности, но и сами ничего сделать не могут» (line 58)."""
    driver = rec(state).driven.get(slot)
    if driver is None:
        return None
    if c.option(state, "driver-killed") == "return" and dead(state, driver):
        return None
    return driver


def pair_of(state: NightState, a: str, b: str) -> Pair | None:
    """Whether a and b are matched now: «сведенные не могут предпринимать никаких действий
    друг против друга» (line 73)."""
    return next((p for p in rec(state).pairs if {p.a, p.b} == {a, b} and a != b), None)


def stopped_by_pair(state: NightState, move: Move, target: str) -> bool:
    """The move of one matched player on the other does not happen; the pair counts it."""
    pair = pair_of(state, move.actor, target)
    if pair is None:
        return False
    pair.blocked += 1
    state.record("match-stops", f"{move.actor}'s {move.ability.id} on {target}: they are "
                 f"matched by {pair.by}", subject=target, actor=move.actor)
    return True


def reflect(state: NightState, move: Move, target: str) -> tuple[str, Mirror | None]:
    """A mirror set earlier tonight on the target sends the move to the mirror's direction:
    «Отбивает ночные ходы, нацеленные в выбранного персонажа в сторону других игроков»
    (line 92). Once, or along a chain of mirrors (ruling mirror-chain); the mirror returned
    is the last one."""
    used: list[Mirror] = []
    chain = c.option(state, "mirror-chain") == "chain"
    while True:
        m = next((m for m in rec(state).mirrors if m.on == target and m.broken is None
                  and all(m is not u for u in used)), None)
        if m is None:
            break
        m.reflected += 1
        used.append(m)
        state.record("reflected", f"{m.owner}'s mirror on {target} sends {move.actor}'s "
                     f"{move.ability.id} to {m.toward}", subject=target, actor=move.actor,
                     mirror=m.owner, to=m.toward)
        target = m.toward
        if not chain:
            break
    return target, (used[-1] if used else None)


def note(state: NightState, recipient: str, what: str, subject: str | None = None,
         case: str = "", actor: str | None = None, **more: object) -> Note:
    assert what in MESSAGES, what
    n = Note(recipient, what, subject, case, actor or recipient)
    for k, v in more.items():
        setattr(n, k, v)
    rec(state).notes.append(n)
    return n


def kill_now(state: NightState, victim: str, by: str, how: str) -> None:
    """The victim is dead from this moment (line 28: a later doctor may revive him)."""
    r = rec(state)
    if victim in r.dead:
        return
    r.seq += 1
    r.dead[victim] = Death(by, how, r.seq)
    state.record("dead-now", f"{victim} is killed ({how}) by {by}", subject=victim, actor=by,
                 how=how)
