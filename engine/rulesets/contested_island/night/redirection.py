"""Contested Island's redirections and the features that act on visits and attacks (seed
000): Alex Crow's Sending Far Away (step 2), Jack Ricci's Sleight of Hand and No Cheating
(step 3, "Theft") and Personal Guard, Lucy Farmer's First Aid (step 4), the Night Hunter's
Date (step 5), Uncontrollable, date safety and weapon sense, Nancy Dark's Special Attention
and Pepper Spray, Rick Morgan's Preemptive Strike (Tactical Maneuver is in `ultimates`).

A redirection of steps 2-3 changes the targets of the moves of later steps when it resolves
(`engine.night.redirect`), so they meet blocks, isolation and protections where they finally
go. "Cannot be redirected": the ability says so, or its actor has Uncontrollable or a
recruit's "Immunity to redirection and theft". Hunt in infect mode is (-), not (K)."""

from __future__ import annotations

from collections.abc import Callable

from engine.night import mechanics as m
from engine.night import redirect as r
from engine.night.model import Ability, Limit, Move
from engine.night.state import Attack, NightState
from engine.rulesets.base import Ruling
from engine.rulesets.contested_island.night import mech_extras as x
from engine.rulesets.contested_island.night.characters import CHARACTERS, side_rank
from engine.rulesets.contested_island.night.common import option
from engine.rulesets.contested_island.night.common import ruling as _r
from engine.rulesets.contested_island.night.own import has, isle, spend

QUESTIONING = "rumors-and-gossip"  # Baba Nyura's Rumors and Gossip (built in `questioning`)
# the steps of the effects that stop or bend the target's own action (first-aid=stoppers)
STOPPERS = ("theft", "stunning-blow", "isolation", "block-bob", "block-mafia")
UNCONTROLLABLE = ("uncontrollable", "redirection-theft-immunity")




RULINGS: tuple[Ruling, ...] = (
    _r("first-aid", "Which actions does Lucy's First Aid dispel?",
       "Lucy Farmer: \"First Aid. Dispels all negative effects (-) directed at the target in "
       "the current night.\" Recruitment is (-) but \"Cannot be blocked\"; the Date and "
       "infection are (-) too.",
       (("all-negative", "every (-) action on the target tonight: blocks, stun, isolation, "
                         "the theft of step 3 (undone), the Date, infection, recruitment"),
        ("not-recruitment", "as all-negative, but a recruitment goes ahead"),
        ("stoppers", "only what stops or bends the target's own action (theft, stun, "
                     "isolation, blocks); the Date, infection and recruitment go ahead")),
       "all-negative"),
    _r("sleight-vs-killer", "Which killer does Sleight of Hand block?",
       "Jack Ricci: \"Type (K) actions cannot be redirected, but this blocks the killer if "
       "they go to Jack.\"",
       (("target", "Jack's target, when their (K) action goes to Jack"),
        ("any", "every killer whose (K) action goes to Jack that night")),
       "target"),
    _r("guard-without-milton", "Where does Jack's first attack go when Milton is dead?",
       "Jack Ricci: \"Personal Guard. The first attack of any kind or infection is redirected "
       "to Milton.\"",
       (("lands", "the guard needs a living Milton: the attack lands on Jack, the guard "
                  "waits"),
        ("misses", "it goes to the dead Milton and misses; the guard is spent")),
       "lands"),
    _r("preemptive-strike", "Does Rick's strike stop the attack on him?",
       "Rick Morgan: \"Preemptive Strike. If someone uses a NA of type (K) on Rick, he strikes "
       "the attacker first (physical attack).\" The night's deaths come at its end.",
       (("both", "both go ahead: \"first\" means Rick strikes though he is being killed"),
        ("stops", "a strike that lands stops the attacker's (K) action on Rick")),
       "both"),
    _r("pepper-spray-check", "Does the maniac's check on Nancy stop his kill that night?",
       "Nancy Dark: \"Pepper Spray. Blinds the maniac if he goes on a date with her or checks "
       "her. The latter loses the ability to kill for the current and next night.\" Checks "
       "come at step 22, his kills at 16.",
       (("whole-night", "yes: a check that takes place blinds him for the whole night"),
        ("from-the-check", "no: blind from the check on; the next night's kill fails")),
       "whole-night"),
    _r("date-safety", "Who cannot kill the Night Hunter on a night he goes on a date?",
       "Night Hunter: \"Cannot be killed if he went on a date with the victim.\"",
       (("night", "nobody: a night with a date he cannot be killed"),
        ("victim", "only the one he went on a date with")),
       "night"),
)




def _uncontrollable(state: NightState, move: Move) -> bool:
    actor = state.players[move.actor]
    return move.ability.unredirectable or any(has(actor, f) for f in UNCONTROLLABLE)


def _town(state: NightState, slot: str) -> bool:
    p = state.players[slot]
    return p.faction == "survivors" and p.recruited_by is None


def _rank(state: NightState, slot: str) -> int:
    p = state.players[slot]
    return side_rank(p.recruited_by or p.faction)


def _attacking(move: Move) -> bool:
    return move.kind == "K" or move.options.get("mode") == "infect"


# -- Alex Crow: Sending Far Away (step 2) --------------------------------------------------

def _sending_away(state: NightState, move: Move) -> None:
    """Crow: "Sending Far Away. Specifies a target. Everyone who comes to Crow in the current
    night is redirected to that target. Exceptions - recruitment, NA of type (K). Redirected
    actions are not displayed in the newspaper (exception - questioning by Baba Nyura)."
    Order 2) "(not displayed)". A move is sent on once: one redirected to a second sender is
    not sent on again (whatever the log's order)."""
    crow, to = move.actor, move.targets[0]
    m.visit(state, move, to)
    state.record("sending-away", f"{crow} sends his visitors to {to} ({move.ability.name})",
                 subject=to, actor=crow)
    for other in state.moves:
        if other is move or crow not in other.targets or not r.pending(other) or \
                not r.later(state, other) or r.was_redirected(state, other, move.ability.id) \
                or other.kind == "K" or other.ability.step == "recruitment" or \
                _uncontrollable(state, other):
            continue
        r.redirect(state, other, [to if t == crow else t for t in other.targets],
                   move.ability.id, f"{crow}'s {move.ability.name}")


def _unshown(state: NightState) -> None:
    """"Redirected actions are not displayed in the newspaper (exception - questioning by
    Baba Nyura)": what a move sent on by Crow did is hidden (a protection's save, a
    treatment, an infection); a death is always shown."""
    sent = [mv for mv, by, _ in state.redirected
            if by == "sending-away" and mv.ability.id != QUESTIONING]
    r.unshow(state, sent, "redirected by Sending Far Away")


# -- Jack Ricci: Sleight of Hand and No Cheating (step 3) -----------------------------------

def _sleight_of_hand(state: NightState, move: Move) -> None:
    """Jack: "Forces the target to apply their NA to themselves. Ultimate actions and Baba
    Nyura's questioning cannot be redirected. Type (K) actions cannot be redirected, but
    this blocks the killer if they go to Jack." Order 3) "Theft ... (not displayed)". The
    thief is whoever uses it (Nancy's Tactical Maneuver too)."""
    thief, target = move.actor, move.targets[0]
    own = [x for x in state.moves if x.actor == target and r.pending(x) and r.later(state, x)]
    if any(x.kind == "K" and thief in x.targets for x in own):
        m.block(state, move, target, f"blocked by {thief} ({move.ability.name}: a killer who "
                "goes to the thief)")
    else:
        m.visit(state, move, target)
    for other in own:
        if other.kind == "K" or other.ability.ultimate or other.ability.id == QUESTIONING \
                or _uncontrollable(state, other):
            continue
        r.redirect(state, other, [target] * len(other.targets), move.ability.id,
                   f"{thief}'s {move.ability.name}")
    if _ruling(state, "sleight-vs-killer") == "any":
        for other in state.moves:
            if other.actor != target and other.kind == "K" and thief in other.targets \
                    and r.pending(other) and r.later(state, other):
                r.halt(state, other.actor, f"blocked by {thief} ({move.ability.name}: a "
                       "killer who goes to the thief)")


# -- Lucy Farmer: First Aid (step 4) ---------------------------------------------------------

def _first_aid(state: NightState, move: Move) -> None:
    """Lucy: "First Aid. Dispels all negative effects (-) directed at the target in the
    current night. (Unavailable after recruitment) (+)"; Order 4) "(not displayed)". The
    theft of step 3 came before: it is undone (every option of the first-aid ruling
    counts it). The (-) actions of later steps fail when they come (`_dispel`). Crow's
    Sending Far Away names the target but acts on Crow's visitors: it is not dispelled."""
    lucy, target = move.actor, move.targets[0]
    m.visit(state, move, target)
    state.record("first-aid", f"{lucy} gives {target} first aid", subject=target, actor=lucy)
    why = f"dispelled by {lucy} ({move.ability.name})"
    r.undo(state, "sleight-of-hand", target, why)
    if "Sleight of Hand" in state.blocked.get(target, ""):
        del state.blocked[target]


def _dispel(state: NightState, move: Move) -> None:
    if move.kind != "-":
        return
    aid = {a.targets[0]: a.actor for a in state.moves
           if a.ability.id == "first-aid" and a.done and a.stopped is None}
    hit = [t for t in move.targets if t in aid]
    if not hit:
        return  # the ruling read only where a First Aid is met
    scope = _ruling(state, "first-aid")
    if (scope == "not-recruitment" and move.ability.step == "recruitment") or \
            (scope == "stoppers" and move.ability.step not in STOPPERS):
        return
    why = f"dispelled by {aid[hit[0]]} (First Aid)"
    if len(hit) == len(move.targets):
        move.stopped = why
        return
    move.targets = [t for t in move.targets if t not in aid]  # the others still get it
    state.record("dispelled", f"{move.actor}'s {move.ability.name} on {', '.join(hit)}: "
                 f"{why}", subject=hit[0], actor=move.actor)


# -- the Night Hunter: Date (step 5), safety, weapon sense ----------------------------------

def _date(state: NightState, move: Move) -> None:
    """Night Hunter: ""Date". Visits a target, attacks everyone who came to them with a
    physical attack. (Once every 2 nights) (-)"; Order 5) "(displayed as a fact)". Those
    who came before the date (steps 2-4) are struck now, the rest as they come
    (`_date_visit`); each once. He strikes at the date's place: he visits nobody else."""
    target = move.targets[0]
    m.visit(state, move, target)
    state.record("date", f"the Night Hunter goes on a date with {target}", "newspaper",
                 subject=target, actor=move.actor)
    for visitor in dict.fromkeys(a for a, t, _ in state.visits if t == target):
        _date_strike(state, move, visitor)


def _date_strike(state: NightState, date: Move, visitor: str) -> None:
    hunter, target = date.actor, date.targets[0]
    if visitor in (hunter, target) or _blind_until(state, hunter) >= state.night or \
            any(e.kind == "date-strike" and e.subject == visitor and e.actor == hunter
                for e in state.events):
        return
    state.record("date-strike", f"{hunter} attacks {visitor}, who came to {target} "
                 f"({date.ability.name})", subject=visitor, actor=hunter)
    x.strike(state, date, visitor, "physical")


def _date_visit(state: NightState, move: Move, target: str) -> None:
    for date in state.moves:
        if date.ability.id == "date" and date.done and date.stopped is None and \
                date.targets[0] == target:
            _date_strike(state, date, move.actor)


def _date_safety(state: NightState, hit: Attack) -> str | None:
    """Night Hunter: "Cannot be killed if he went on a date with the victim." (which killers:
    the date-safety ruling; an infection is not a killing)"""
    hunter = state.players[hit.target]
    if hit.harm not in ("physical", "psychic") or not has(hunter, "date-safety"):
        return None
    dates = {d.targets[0] for d in state.moves if d.actor == hit.target and
             d.ability.id == "date" and d.done and d.stopped is None}
    if not dates or (_ruling(state, "date-safety") == "victim" and hit.by not in dates):
        return None
    return "cannot be killed: he went on a date"


def _weapon_sense(state: NightState) -> None:
    """Night Hunter: "Every even night learns the weapon of his NA target": the target of
    each action of his that took place (not the extra Observation from the Bushes)."""
    if state.night % 2:
        return
    for slot, hunter in sorted(state.players.items()):
        if not has(hunter, "weapon-sense"):
            continue
        for target in dict.fromkeys(t for mv in state.moves if mv.actor == slot and mv.done
                                    and mv.stopped is None and not mv.ability.extra
                                    for t in mv.targets):
            sheet = CHARACTERS.get(state.players[target].role)
            weapon = sheet.weapon if sheet is not None else "unknown"
            state.record("check", f"{slot} learns the weapon of {target}: {weapon}",
                         "private", subject=target, recipient=slot, actor=slot,
                         what="weapon", result=weapon, feature="weapon-sense")


# -- Nancy Dark: Pepper Spray, Special Attention ---------------------------------------------

def _blind_until(state: NightState, maniac: str) -> int:
    """The last night the maniac is blinded (0: never)."""
    return isle(state.players[maniac]).blinded_until


def _blind(state: NightState, maniac: str, nancy: str) -> None:
    own = isle(state.players[maniac])
    own.blinded_until = max(own.blinded_until, state.night + 1)
    state.record("blinded", f"{nancy}'s Pepper Spray blinds {maniac}: no kills tonight and "
                 "next night", subject=maniac, actor=nancy)


def _sprays(state: NightState, move: Move, target: str) -> bool:
    nancy = state.players.get(target)
    return nancy is not None and nancy.alive and has(nancy, "pepper-spray") and \
        state.players[move.actor].faction == "maniac" and \
        (move.ability.id == "date" or move.kind == "I")


def _pepper_spray(state: NightState, move: Move, target: str) -> None:
    """Nancy: "Pepper Spray. Blinds the maniac if he goes on a date with her or checks her.
    The latter loses the ability to kill for the current and next night." Killing: his (K)
    actions (`_blinded`) and the Date's strikes."""
    if target == move.target and _sprays(state, move, target) and \
            _blind_until(state, move.actor) <= state.night:
        _blind(state, move.actor, target)


def _blinded(state: NightState, move: Move) -> None:
    if move.kind != "K":
        return
    if _blind_until(state, move.actor) < state.night:
        # his check on Nancy comes at step 22, after his kill: it takes place tonight? (the
        # ruling read only where there is such a check)
        for check in state.moves:
            if check is not move and check.actor == move.actor and r.would_act(state, check):
                nancy = next((t for t in check.targets if _sprays(state, check, t)), None)
                if nancy is not None:
                    if _ruling(state, "pepper-spray-check") == "whole-night":
                        _blind(state, move.actor, nancy)
                    break
    if _blind_until(state, move.actor) >= state.night:
        move.stopped = "blinded by Pepper Spray"


def _special_attention(state: NightState, hit: Attack) -> None:
    """Nancy: "Special Attention. Upon the first attack on Nancy, the action of a town
    protector of the corresponding attack type is redirected to her, or the doctor's action
    if someone tries to infect Nancy. Unavailable after recruitment." The protection moves
    to Nancy when the attack comes (what it stopped before stands); the doctor's treatment,
    still to come at step 23, goes to her. The first attack spends it, protector or not."""
    nancy = state.players.get(hit.target)
    if hit.stopped_by is not None or nancy is None or not nancy.alive or \
            nancy.recruited_by is not None or not has(nancy, "special-attention") or \
            not r.first_on(state, hit, _rank, _attacking):
        return
    spend(nancy, "special-attention")
    why = f"{hit.target}'s Special Attention"
    if hit.harm == "infection":
        doctor = next((d for d in state.moves if d.ability.id == "treatment" and
                       r.pending(d) and _town(state, d.actor)), None)
        if doctor is not None and hit.target not in doctor.targets:
            r.redirect(state, doctor, [hit.target], "special-attention", why)
        return
    if hit.harm in ("physical", "psychic"):
        r.move_protection(state, hit.target, hit.harm, lambda by: _town(state, by),
                          "special-attention", why)


# -- Jack Ricci: Personal Guard; Rick Morgan: Preemptive Strike ------------------------------

def _personal_guard(state: NightState, hit: Attack) -> None:
    """Jack: "Personal Guard. The first attack of any kind or infection is redirected to
    Milton." An attack that "cannot be redirected" (the Night Hunter's, Assault) stays on
    Jack and leaves the guard; with no Milton in the game there is no guard."""
    jack = state.players.get(hit.target)
    own = r.current(state, hit)
    ability = own.ability if own is not None else state.rules.abilities.get(hit.ability)
    milton = next((s for s, p in sorted(state.players.items()) if p.role == "max-milton"),
                  None)
    if hit.stopped_by is not None or jack is None or not jack.alive or milton is None or \
            not has(jack, "personal-guard") or milton == hit.by or \
            (ability is not None and ability.unredirectable) or \
            any(has(state.players[hit.by], f) for f in UNCONTROLLABLE) or \
            (not state.alive(milton) and _ruling(state, "guard-without-milton") == "lands"):
        return
    if r.first_on(state, hit, _rank, lambda mv: _attacking(mv) and not _uncontrollable(state, mv)):
        spend(jack, "personal-guard")  # to a dead Milton, the attack misses
        r.take_attack(state, hit, milton, f"{hit.target}'s Personal Guard")


STRIKE = Ability("preemptive-strike", "Preemptive Strike", "K", "leader-kills",
                 lambda _s, _m: None)  # a feature's strike, never sent as an action


def _preemptive_strike(state: NightState, hit: Attack) -> None:
    """Rick: "Preemptive Strike. If someone uses a NA of type (K) on Rick, he strikes the
    attacker first (physical attack)." Once a night per attacker; Rick strikes from home
    (no visit). Whether the strike stops the attack: the preemptive-strike ruling."""
    rick = state.players.get(hit.target)
    ability = state.rules.abilities.get(hit.ability)
    if hit.stopped_by is not None or rick is None or not rick.alive or hit.by == hit.target \
            or not has(rick, "preemptive-strike") or ability is None or ability.type != "K" \
            or hit.harm not in ("physical", "psychic"):
        return
    if not any(e.kind == "preemptive-strike" and e.subject == hit.by and e.actor == hit.target
               for e in state.events):
        state.record("preemptive-strike", f"{hit.target} strikes {hit.by} first "
                     "(Preemptive Strike)", subject=hit.by, actor=hit.target)
        x.strike(state, Move(-1, hit.target, STRIKE, [hit.by]), hit.by, "physical")
    # the strike among every attack that landed on the attacker (another may have come first)
    struck = any(h.by == hit.target and h.ability == STRIKE.id
                 for h in state.dying.get(hit.by, []))
    if _ruling(state, "preemptive-strike") == "stops" and struck:
        hit.stopped_by = f"struck first by {hit.target} (Preemptive Strike)"
        state.record("survived", f"{hit.by}'s attack on {hit.target} fails: {hit.target} "
                     "struck first", subject=hit.target, actor=hit.by, harm=hit.harm)


ABILITIES: tuple[Ability, ...] = (
    Ability("sending-away", "Sending Far Away", "-", "sending-away", _sending_away,
            limit=Limit(recruited_every=3)),
    Ability("sleight-of-hand", "Sleight of Hand and No Cheating", "-", "theft",
            _sleight_of_hand, limit=Limit(recruited_every=3)),
    Ability("first-aid", "First Aid", "+", "first-aid", _first_aid,
            limit=Limit(not_after_recruitment=True)),
    # "Uncontrollable. Cannot be redirected."
    Ability("date", "Date", "-", "date", _date, limit=Limit(every=2), unredirectable=True),
)
ROLE_ABILITIES: dict[str, tuple[str, ...]] = {
    "alex-crow": ("sending-away",), "jack-ricci": ("sleight-of-hand",),
    "lucy-farmer": ("first-aid",), "night-hunter": ("date",)}
ROLE_FEATURES: dict[str, tuple[tuple[str, int], ...]] = {
    "night-hunter": (("uncontrollable", -1), ("date-safety", -1), ("weapon-sense", -1))}
NATURAL: tuple[Callable[[NightState, Attack], str | None], ...] = (_date_safety,)
RETARGET: tuple[Callable[[NightState, Move], None], ...] = (_blinded, _dispel)
# the guard first: an attack it sends to Milton is no longer on Jack
BEFORE_ATTACK: tuple[Callable[[NightState, Attack], None], ...] = (
    _personal_guard, _preemptive_strike, _special_attention)
VISITED: tuple[Callable[[NightState, Move, str], None], ...] = (_pepper_spray, _date_visit)
ENDS: tuple[Callable[[NightState], None], ...] = (_unshown, _weapon_sense)


def _ruling(state: NightState, point: str) -> str:
    return option(state, RULINGS, point)
