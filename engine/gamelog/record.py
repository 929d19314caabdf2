"""Slot changes the GM published: a newspaper fact that changes a player for the days after
it («X is back among the living», "X has been recruited", «X заражён») becomes a change of
the slot (`Slot.changes`), which the day count and the nights after read (a resurrected
player votes and may be voted for again; a recruit votes with the features his recruiter
gave). And each slot's fate as the published record ends it: the last death announced and
not undone, else survived or endgamed when the GM announced the game's end. The scrapers
read it once the thread's GM posts and the GM's log are both in the log; the simulator
after each night it publishes, so that both count the days on the same record."""

from __future__ import annotations

from engine.gamelog import Action, Fate, GameLog, NewspaperFact, Slot, SlotChange
from engine.gamelog.base import OptionValue, phase_sort_key

# the fact kinds that change the slot, and the change they make
_CHANGES = {"resurrected": "resurrected", "recruited": "recruited", "infection": "infected"}


def record_changes(log: GameLog) -> None:
    """Add to each slot the changes the published newspaper facts make, once each."""
    slots = {s.id: s for s in log.players}
    for item in log.published.phases:
        if not item.phase.startswith("N"):
            continue
        night = int(item.phase[1:])
        for fact in item.newspaper:
            kind = _CHANGES.get(fact.kind)
            slot = slots.get(fact.subject or "")
            if kind is None or slot is None:
                continue
            if any(c.kind == kind and c.phase == item.phase for c in slot.changes):
                continue
            slot.changes.append(_change(log, slots, slot, kind, fact, night))


def record_fates(log: GameLog) -> None:
    """Each slot whose fate the source did not give: killed, eliminated or modkilled in the
    phase the GM announced it (a return afterwards undoes it), else, once the game's end is
    published, survived (on the winning side or of no known side) or endgamed (alive on a
    losing side); unknown otherwise."""
    victory = log.published.victory
    for slot in log.players:
        if slot.fate.kind != "unknown":
            continue
        deaths = sorted(((phase_sort_key(p.phase), p.phase, d) for p in log.published.phases
                         for d in p.deaths if d.slot == slot.id), key=lambda t: t[0])
        returns = [phase_sort_key(c.phase) for c in slot.changes if c.kind == "resurrected"]
        if deaths and not any(r >= deaths[-1][0] for r in returns):
            _, phase, death = deaths[-1]
            slot.fate = Fate(kind=death.kind, phase=phase, cause=death.cause, raw=death.raw,
                             source=death.source)
        elif victory is not None:  # alive at the end: with the winners, or endgamed
            lost = slot.faction is not None and slot.faction not in victory.winners
            slot.fate = Fate(kind="endgamed" if lost else "survived", source=victory.source)


def _change(log: GameLog, slots: dict[str, Slot], slot: Slot, kind: str, fact: NewspaperFact,
            night: int) -> SlotChange:
    change = SlotChange(phase=f"N{night}", kind=kind, source=fact.source)
    if kind != "recruited":
        return change
    # the recruiter is the one whose move that night took the player and named what the
    # recruit gets (contested-island's Planted Spies / Infecting: {"actions", "features"})
    moves = [a for n in log.nights if n.number == night for a in n.actions
             if slot.id in a.targets]
    recruiting = [a for a in moves if "features" in a.options or "actions" in a.options]
    if len(recruiting) != 1:
        return change
    move = recruiting[0]
    recruiter = slots.get(move.actor)
    change.faction = recruiter.faction if recruiter is not None else None
    change.details = _given(move)
    return change


def _given(move: Action) -> dict[str, OptionValue]:
    """What the recruit gets, as lists of ids ("block,physical-attack" as written)."""
    out: dict[str, OptionValue] = {}
    for key in ("actions", "features"):
        value = move.options.get(key)
        if isinstance(value, str):
            out[key] = [v.strip() for v in value.split(",") if v.strip()]
        elif isinstance(value, list):
            out[key] = [str(v) for v in value]
    return out
