"""Baba Nyura's questioning and "Where are you from?" (seed 000), part of the ultimates'
module of the night:

"Rumors and Gossip. Questions a player by asking 3 questions. Answers to 2 are TRUE, to 1 is
FALSE. No more than 1 question about side affiliation, no more than 2 questions about
statuses, no more than 1 question about the presence of a specific type of NA, no more than
one question about the character (e.g., gender), no more than 1 question about weapon. Other
questions are forbidden. Cannot be blocked. (I)"

The GM chooses which answer is false, so the engine takes the GM's answers from the log and
checks what it can: the limits on the questions, and that the answers it can judge leave
exactly one false. A questioning that fails either check does not stand (its move fails
with the reason), so a verification disputes the GM's published questioning and shows why.
The log writes each question as a topic, answered with its value, or as a topic and value,
answered yes or no:

    options: {questions: [side, "physical=healthy", "type=K"], answers: [mafia, "no", "yes"]}

Topics: side; physical, mental, local (the statuses); type (of NA: K, -, +, I); gender, role
(the character); weapon. The questioning is displayed: Order 22) "All actions of type (I)
(not displayed. Exception - questioning by Baba Nyura)"."""

from __future__ import annotations

from engine.night import mechanics as m
from engine.night.model import Ability, Limit, Move
from engine.night.state import NightState, Player
from engine.rulesets.contested_island.night import mech_extras as x
from engine.rulesets.contested_island.night.characters import CHARACTERS
from engine.rulesets.contested_island.night.own import isle

# each topic's kind of question, and how many of that kind one questioning may ask
KINDS = {"side": "side", "physical": "status", "mental": "status", "local": "status",
         "type": "type", "gender": "character", "role": "character", "weapon": "weapon"}
MOST = {"side": 1, "status": 2, "type": 1, "character": 1, "weapon": 1}
YES, NO = {"yes", "true", "да"}, {"no", "false", "нет"}
SIDES = {"survivors": "town", "order-of-li": "mafia", "infected": "mafia", "maniac": "maniac"}

# the types of each character's Night Actions as the seed writes them (ultimate actions are
# not Night Actions; Tactical Maneuver and Balancing are "undefined"; Hunt is (K) or (-))
NA_TYPES: dict[str, set[str]] = {
    "rick-morgan": {"-"}, "nancy-dark": set(), "ru": {"I", "K"},
    "cornelius-lestrange": {"+", "I"}, "rastaman-bob": {"-"}, "max-kane": {"I"},
    "andy-hoffman": {"+"}, "lucy-farmer": {"+", "-"}, "jack-ricci": {"-"},
    "max-milton": {"+"}, "john-levy": {"+", "-"}, "alex-crow": {"-"},
    "baba-nyura": {"I", "K"}, "jen-li": {"K", "-", "I"}, "patient-zero": {"K", "-"},
    "night-hunter": {"-", "K", "I"},
}


def _truth(state: NightState, p: Player, topic: str, value: str) -> bool | None:
    """Whether `value` is true of the player for `topic`; None where the engine cannot
    judge it."""
    v = value.strip().casefold()
    if topic == "side":
        side = p.recruited_by or p.faction
        return v in (side, SIDES.get(side, "?"))
    if topic in ("physical", "mental", "local"):
        return v == isle(p).statuses.get(topic)
    if topic == "type":
        types = set(NA_TYPES.get(p.role, set()))
        types |= {state.rules.abilities[a].type for a in isle(p).given
                  if a in state.rules.abilities}
        return v.upper() in types
    if topic == "role":
        return v == p.role
    if topic == "gender":
        from engine.rulesets.contested_island.vocab import ROLES  # the day's role table
        role = ROLES.get(p.role)
        return None if role is None else v == role.gender
    if topic == "weapon":
        sheet = CHARACTERS.get(p.role)
        return None if sheet is None else v in [w.strip() for w in sheet.weapon.split(",")]
    return None


def _answer_true(state: NightState, p: Player, question: str, answer: str) -> bool | None:
    topic, _, value = question.partition("=")
    topic, said = topic.strip().casefold(), answer.strip().casefold()
    if not value:  # an open question, answered with a value
        return _truth(state, p, topic, said)
    fact = _truth(state, p, topic, value)
    if fact is None or said not in YES | NO:
        return None
    return fact == (said in YES)


def _listed(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _limits(questions: list[str]) -> str | None:
    """Why the questions break the seed's limits, else None."""
    if len(questions) != 3:
        return f"{len(questions)} questions asked: the questioning is 3 questions"
    asked: dict[str, int] = {}
    for q in questions:
        kind = KINDS.get(q.partition("=")[0].strip().casefold())
        if kind is None:
            return f"a forbidden question: {q!r} (\"Other questions are forbidden\")"
        asked[kind] = asked.get(kind, 0) + 1
        if asked[kind] > MOST[kind]:
            return f"more than {MOST[kind]} question{'s' if MOST[kind] > 1 else ''} about " \
                   f"{kind}"
    return None


def rumors_and_gossip(state: NightState, move: Move) -> None:
    """The questioning: the limits checked, the answers' one falsehood checked as far as it
    can be, the questioning shown in the newspaper, each answer told to Baba Nyura."""
    target = move.targets[0]
    questions, answers = _listed(move.options.get("questions")), \
        _listed(move.options.get("answers"))
    why = _limits(questions)
    if why is None and len(answers) != len(questions):
        why = f"{len(answers)} answers to {len(questions)} questions"
    if why is not None:
        x.refuse(state, move, why)
        return
    p = state.players[target]
    truths = [_answer_true(state, p, q, a) for q, a in zip(questions, answers, strict=True)]
    false, unknown = truths.count(False), truths.count(None)
    if false > 1 or false + unknown == 0:
        judged = ", ".join(f"{q}: {a} ({'?' if t is None else t})"
                           for q, a, t in zip(questions, answers, truths, strict=True))
        x.refuse(state, move, f"the GM's answers are not 2 true and 1 false: {judged}")
        return
    m.visit(state, move, target)
    state.record("questioning", f"{move.actor} questions {target}: " + "; ".join(
        f"{q}? {a}" for q, a in zip(questions, answers, strict=True)), "newspaper",
        subject=target, actor=move.actor, false=false, unjudged=unknown)
    for q, a in zip(questions, answers, strict=True):
        state.record("check", f"{move.actor} is told about {target}: {q}? {a}", "private",
                     subject=target, recipient=move.actor, actor=move.actor, what=q,
                     result=a)


def where_are_you_from(state: NightState, move: Move) -> None:
    """"Checks if the target has been recruited. Cannot check someone previously
    questioned. Can be used with other NAs." (questioned by her Rumors and Gossip on an
    earlier night)"""
    target = move.targets[0]
    asked = [n for n, a, t in state.players[move.actor].used
             if a == "rumors-and-gossip" and target in t and n < state.night]
    if asked:
        x.refuse(state, move, f"{target} was questioned on night {asked[0]}")
        return
    recruited = state.players[target].recruited_by is not None
    m.tell(state, move, target, "recruited", "yes" if recruited else "no")


ABILITIES: tuple[Ability, ...] = (
    Ability("rumors-and-gossip", "Rumors and Gossip", "I", "checks", rumors_and_gossip,
            unblockable=True),
    # "Can be used with other NAs": beside the night's action, once a night
    Ability("where-are-you-from", "Where are you from?", "I", "checks", where_are_you_from,
            extra=True, limit=Limit(every=1)),
)
