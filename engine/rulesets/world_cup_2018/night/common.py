"""What every part of the world-cup-2018 night shares: the seed's name, the night's own
records (`Records`, the night's `NightState.own`), the answers each move earns, the items a
player holds, and how a player looks to a check.

«Если иное не предусмотрено в соответствующей роли игрок получает результат в виде ответа:
«удачно», «не удачно». Иной информации (кто-то что-то помешало, не дошел до цели и т. д.)
игрок не получает.» Every move that was taken gets an answer at the night's end
(`night_end.answers`): what its effect set with `answer`, else «не удачно» when it failed
(`fail`, or stopped on its way), else «удачно»."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.night import mechanics as m
from engine.night.model import Ability, AbilityType, Limit, Move, Value
from engine.night.state import Attack, NightState, Player
from engine.rulesets.world_cup_2018.night.rulings import option
from engine.rulesets.world_cup_2018.vocab import SEED  # noqa: F401  (the night cites it)

OK = "удачно"
NOT_OK = "не удачно"

# the mafia clans (the necromancer's «Допинг-офицеры» are the third); the two that shoot
CLANS = ("corrupt", "dirty", "doping")
SHOOTING_CLANS = ("corrupt", "dirty")
COPS = ("sheriff", "deputy")
SIDE_CHOOSERS = ("mayor", "journalist", "jester")  # «выбирает на какой стороне играет»
# the faction of a mayor, journalist or jester on the mafia's side, not yet recruited
# («тёмный жур/мэр/шут»); on the town's side their faction is "town"
DARK = "dark"

# what a thief or the courtesan can take («вещь»): the fairy's gifts that are things, the
# artifacts, the boss's and sheriff's vests («Пистолет не ворует»)
ITEMS = ("artifact", "vest", "chinese-vest", "cross", "mirror", "pocket-mirror",
         "poison-perfume", "antidote", "fake-passport", "warden-card", "magic-ball", "junk",
         "internet", "black-mark", "diploma", "will", "sick-note")

# the shots («выстрел»): what the journalist calls «стреляла», what lives and vests stop
SHOTS = ("boss-shoot", "shoot", "sheriff-shoot", "deputy-shoot", "maniac-kill")


@dataclass
class Records:
    """The night's own records (`NightState.own`, made by the rule set's
    `NightRules.night_record`). A move is keyed by its number (`NightState.seq`)."""

    answers: dict[int, list[tuple[str, str]]] = field(default_factory=dict)  # move's number
    failed: set[int] = field(default_factory=set)  # moves answered «не удачно», by number
    shots: list[tuple[str, str]] = field(default_factory=list)  # (shooter, target)
    priest_shooters: dict[str, set[str]] = field(default_factory=dict)
    blame: dict[str, list[str]] = field(default_factory=dict)  # victim -> killers
    doomed: dict[str, str] = field(default_factory=dict)  # certain deaths: slot -> cause
    saransk: set[str] = field(default_factory=set)  # sent to Saransk tonight
    mirrors: dict[str, str] = field(default_factory=dict)  # holder -> where actions go
    stakes: dict[str, list[str]] = field(default_factory=dict)  # target -> stakers
    alive_at_start: set[str] = field(default_factory=set)
    side_at_start: dict[str, str] = field(default_factory=dict)  # slot -> faction
    raised: set[str] = field(default_factory=set)


def records(state: NightState) -> Records:
    """The night's own records (made empty at the first look)."""
    return state.own_as(Records)


def answer(state: NightState, move: Move, result: str, what: str | None = None) -> None:
    """The answer the actor gets for this move (several for one move are kept in order)."""
    records(state).answers.setdefault(state.seq(move), []).append((what or move.ability.id, result))


def fail(state: NightState, move: Move, why: str) -> None:
    """The move took place but did not succeed: its actor is told «не удачно»."""
    records(state).failed.add(state.seq(move))
    state.record("no-effect", f"{move.actor}'s {move.ability.name}: {why}",
                 subject=move.target, actor=move.actor)


def tell(state: NightState, slot: str, what: str, result: Value, *,
         subject: str | None = None, actor: str | None = None) -> None:
    """A private message to a player that is not a move's answer (a recruit is told his
    clan, the necromancer his new zombie)."""
    state.record(what, f"{slot} is told {what}: {result}", "private", subject=subject,
                 recipient=slot, actor=actor, what=what, result=result)


# the vest a role starts with («Имеет бронежилет с начала партии»), counted apart from the
# vests he holds ("vest") so that the ruling "starting-vest" can keep it from a taker
OWN_VEST = "own-vest"


def items_of(state: NightState, player: Player) -> list[str]:
    """What a thief or the courtesan can take from the player; as ruled
    ("starting-vest"), not the vest his role started with."""
    kept = 0 if option(state, "starting-vest") == "a-thing" else \
        player.features.get(OWN_VEST, 0)
    return [i for i in ITEMS if player.features.get(i, 0) - (kept if i == "vest" else 0) > 0]


def lose_item(player: Player, item: str) -> None:
    """One of the player's items is gone (taken or spent); a vest lost leaves him no more
    vests of his role than vests (a spent or taken vest is the gifted one while he has one)."""
    player.features[item] = player.features.get(item, 0) - 1
    if item == "vest" and player.features.get(OWN_VEST, 0) > player.features["vest"]:
        player.features[OWN_VEST] = max(player.features["vest"], 0)


# an artifact's identity, a feature of its holder ("art:<first holder>#<n>"): the treasure
# hunter «найдёт все» by the artifacts, not by the times he came on one (a stolen one he
# found before is the same artifact); named as the count "artifact" first needs one
ART = "art:"


def artifact_ids(player: Player) -> list[str]:
    """The identities of the artifacts the player holds, one for each of his count."""
    ids = sorted(k for k, v in player.features.items() if k.startswith(ART) and v > 0)
    n = 0
    while len(ids) < player.features.get("artifact", 0):
        n += 1
        key = f"{ART}{player.slot}#{n}"
        if key not in player.features:  # one that left him keeps its 0: never reused
            player.features[key] = 1
            ids.append(key)
    return ids[:max(player.features.get("artifact", 0), 0)]


def move_artifacts(src: Player, dst: Player, how_many: int | None = None) -> list[str]:
    """Hand `how_many` of src's artifacts (all: None) over to dst, counts and identities."""
    ids = artifact_ids(src)[:how_many]
    for key in ids:
        src.features[key] = 0
        dst.features[key] = 1
    src.features["artifact"] = src.features.get("artifact", 0) - len(ids)
    dst.features["artifact"] = dst.features.get("artifact", 0) + len(ids)
    return ids


def take_item(state: NightState, move: Move, target: str, item: str) -> None:
    """The actor takes one of the target's items."""
    victim, taker = state.players[target], state.players[move.actor]
    if item == "artifact":
        move_artifacts(victim, taker, 1)
        state.record("item-taken", f"{move.actor} takes {item} from {target} "
                     f"({move.ability.name})", subject=target, actor=move.actor, item=item)
        return
    lose_item(victim, item)
    taker.features[item] = taker.features.get(item, 0) + 1
    state.record("item-taken", f"{move.actor} takes {item} from {target} "
                 f"({move.ability.name})", subject=target, actor=move.actor, item=item)


def pick_item(move: Move, held: list[str]) -> str:
    """The item the actor chose (option "item"), else the first held in the seed's order."""
    chosen = move.options.get("item")
    return chosen if isinstance(chosen, str) and chosen in held else held[0]


def shown_role(player: Player) -> str:
    """The role a check sees: «поддельный паспорт — при проверки меняет роль игрока на роль
    вписанную в паспорте (игрок сам выбирает)» (feature "passport:<role>")."""
    for key, left in sorted(player.features.items()):
        if key.startswith("passport:") and left != 0:
            return key.split(":", 1)[1]
    return player.role


def kill(state: NightState, move: Move, target: str, cause: str, *,
         wound: bool = True) -> None:
    """The target is dying (a doctor may still save him, a necromancer raise him); `wound`:
    a shot's wound (what a bandage treats)."""
    m.lands(state, Attack(target, "physical" if wound else "execution", move.actor,
                          state.step, move.ability.id))
    records(state).blame.setdefault(target, []).append(move.actor)
    state.record("dying", f"{target} is dying ({cause}, {move.actor})", subject=target,
                 actor=move.actor, cause=cause)


def doom(state: NightState, target: str, cause: str, actor: str | None = None) -> None:
    """A death nothing stops (a zombie found, the necromancer at confession)."""
    records(state).doomed.setdefault(target, cause)
    state.record("doomed", f"{target} will die ({cause})", subject=target, actor=actor,
                 cause=cause)


def due(state: NightState) -> dict[str, str]:
    """Last night's poison and bleeding that kill tonight, unless cured by now: «если
    укушенный не излечится в следующую ночь, он умрет»; «если не будет вылечен врачом, то
    умирает в следующую ночь»."""
    out: dict[str, str] = {}
    for slot, p in sorted(state.players.items()):
        if not p.alive or slot in records(state).raised:
            continue
        if p.features.get("poisoned", 0) == state.night - 1 and state.night > 1:
            out[slot] = "poison"
        elif p.features.get("bleeding", 0) == state.night - 1 and state.night > 1:
            out[slot] = "bleeding"
    return out


# what poison and bleeding leave on a player: the night it began, and who caused it
# ("poisoned-by:<slot>", "bled-by:<slot>") for the sins of the killer when it kills
_MARKS = {"poison": ("poisoned", "poisoned-by:"), "bleeding": ("bleeding", "bled-by:")}


def mark(player: Player, what: str, night: int, by: str) -> None:
    feature, prefix = _MARKS[what]
    player.features[feature] = night
    player.features[f"{prefix}{by}"] = 1


def marked_by(player: Player, what: str) -> list[str]:
    prefix = _MARKS[what][1]
    return sorted(k[len(prefix):] for k, v in player.features.items()
                  if k.startswith(prefix) and v)


def cure(player: Player, what: str) -> bool:
    """Take poison or bleeding away; True when there was some."""
    feature, prefix = _MARKS[what]
    had = bool(player.features.get(feature, 0))
    for key in [k for k in player.features if k == feature or k.startswith(prefix)]:
        del player.features[key]
    return had


def dying_now(state: NightState) -> set[str]:
    """Who would die at the night's end as things stand."""
    return set(state.dying) | set(records(state).doomed) | set(due(state))


Effect = Callable[[NightState, Move], None]
_ANY_NIGHT = Limit()


def ability(id: str, name: str, name_ru: str, step: str, effect: Effect,
            type: AbilityType = "?", *, limit: Limit = _ANY_NIGHT, extra: bool = False,
            targets: int = 1, reaches_isolated: bool = False) -> Ability:
    return Ability(id=id, name=name, name_ru=name_ru, step=step, effect=effect, type=type,
                   limit=limit, extra=extra, targets=targets,
                   reaches_isolated=reaches_isolated)
