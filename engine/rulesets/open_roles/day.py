"""«Открытые роли»'s day: plurality «посадка» after all day moves, the judge's cancellations,
bans and tie decision, votes dropped at the close (stunned, blocked, matched), non-voters'
votes on themselves, and the next night's order of moves made by the voting and the evening.

Night N's effects on day N+1's votes are read from the game log as the GM recorded them
(`nights[N].actions`, the published private results of N): one small function per effect
(`stunned`, `blocked`, `matched`), so that the night engine can take their place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from engine.day.history import History
from engine.day.result import Ballot, DayEvent
from engine.day.standing import CountRules, DayStep, Extra, VotingRecord
from engine.day.window import day_window
from engine.gamelog import Action, GameLog, phase_sort_key
from engine.rulesets.open_roles import vocab as rs
from engine.rulesets.open_roles.day_roles import not_his

Names = Callable[[str], str]


# -- night effects on the day (read from the log until the night engine resolves them) ------

def _night_actions(log: GameLog, night: int, ability: str) -> list[Action]:
    entry = log.night(night)
    return [a for a in entry.actions if a.ability == ability] if entry else []


def _failed(log: GameLog, night: int, actor: str, ability: str) -> bool:
    """The GM told the actor the move failed («Ваш удар пришелся в молоко», «Вы не смогли
    никого свести», ...)."""
    item = log.published.for_phase(f"N{night}")
    return item is not None and any(
        r.recipient == actor and r.ability == ability and r.kind == rs.FAILURE
        for r in item.private)


def _reached(log: GameLog, night: int, ability: str, told: str, what: str,
             names: Names) -> dict[str, str]:
    """Slots an action of night `night` reached: the targets' own messages from the GM (e.g.
    «Вы оглушены», lines 131, 153); and, when those are fewer than the actions whose actor
    was not told they failed (the log keeps only some of the GM's messages), each such
    action's target as sent. Messages for every action are the whole record: they say whom
    it reached, wherever a witch or a mirror sent it."""
    out: dict[str, str] = {}
    item = log.published.for_phase(f"N{night}")
    for r in item.private if item else []:
        if r.kind == told:
            out[r.recipient] = f"{what} in night {night} (the GM's message to them)"
    standing = [a for a in _night_actions(log, night, ability)
                if a.targets and not _failed(log, night, a.actor, ability)]
    if len(out) >= len(standing):
        return out
    for a in standing:
        out.setdefault(a.targets[0], f"{what} by {names(a.actor)} in night {night}")
    return out


def stunned(log: GameLog, day: int, names: Names = str) -> dict[str, str]:
    """Stunned in the night before `day`: «Голос оглушенного не засчитывается при
    голосовании – как в случае со Сводчиком» (seed line 111)."""
    return _reached(log, day - 1, rs.STUN, rs.STUNNED, "stunned", names)


def blocked(log: GameLog, day: int, names: Names = str) -> dict[str, str]:
    """Blocked in the night before `day`: «Голос заблокированного не засчитывается» (136);
    nor can they use day abilities that day (135)."""
    return _reached(log, day - 1, rs.BLOCK, rs.BLOCKED, "blocked", names)


def matched(log: GameLog, day: int, names: Names = str, history: History | None = None,
            notes: list[DayEvent] | None = None) -> list[tuple[str, str, str]]:
    """Pairs matched for `day`: by the matchmaker in the night before it (the match lasts
    «на протяжении игровых суток», line 73) or by day (his ability is «Ночная и дневная»),
    each with who matched them."""
    out: list[tuple[str, str, str]] = []
    night = day - 1
    for a in _night_actions(log, night, rs.MATCH):
        if len(a.targets) >= 2 and not _failed(log, night, a.actor, rs.MATCH):
            out.append((a.targets[0], a.targets[1],
                        f"matched by {names(a.actor)} in night {night}"))
    return out + day_matches(log, day, names, history, notes)


def day_matches(log: GameLog, day: int, names: Names = str, history: History | None = None,
                notes: list[DayEvent] | None = None) -> list[tuple[str, str, str]]:
    """The matchmaker's matches made by day `day` («Ночная и дневная способность»), each
    with who made it; not by a matchmaker blocked for the day (line 135), nor by a player
    who is not the matchmaker (the void ones are told in `notes`)."""
    bad = blocked(log, day)
    out = []
    for a in _day_actions(log, day, rs.MATCH):
        if len(a.targets) < 2 or a.actor in bad:
            continue
        why, doubt = not_his(log, a.actor, rs.MATCH, day, history)
        if notes is not None and (why or doubt):
            notes.append(DayEvent(_post(a), "ignored" if why else "note",
                                  f"{names(a.actor)}'s match does not stand: {why}" if why
                                  else f"{names(a.actor)}'s match: {doubt}", subject=a.actor))
        if why is None:
            out.append((a.targets[0], a.targets[1], f"matched by {names(a.actor)} on day {day}"))
    return out


def _day_actions(log: GameLog, day: int, *abilities: str) -> list[Action]:
    return [a for d in log.days if d.number == day for a in d.actions
            if not abilities or a.ability in abilities]


# -- the count ------------------------------------------------------------------------------

@dataclass
class _Day:
    """What the day's hooks share: the log, the rulings and the effects read once."""

    log: GameLog
    day: int
    rule: Mapping[str, str]  # the rulings by point ("tie"), read as needed
    history: History
    names: Names
    stunned: dict[str, str]
    blocked: dict[str, str]
    pairs: list[tuple[str, str, str]]
    notes: list[DayEvent] = field(default_factory=list)
    banned: set[str] = field(default_factory=set)
    # the votes standing at the close (voter -> target) and those of them dropped there:
    # the general count («общий счет») the GM announces on a tie (line 74)
    closing: dict[str, str] = field(default_factory=dict)
    dropped: set[str] = field(default_factory=set)
    self_votes: list[str] = field(default_factory=list)

    def partner(self, a: str, b: str) -> str | None:
        """Why `a` and `b` are matched with each other, if they are."""
        for x, y, why in self.pairs:
            if {a, b} == {x, y}:
                return why
        return None

    def in_pair(self, a: str) -> str | None:
        for x, y, why in self.pairs:
            if a in (x, y):
                return why
        return None

    def owns(self, action: Action, seated: str | None = None) -> bool:
        """The move is an ability of its actor's role (`day_roles`; `seated`: the day's
        seated, for an evening move); a move that is not is noted and does not stand, one the
        record cannot tie to a role is noted."""
        why, doubt = not_his(self.log, action.actor, action.ability, self.day, self.history,
                             seated)
        if why is not None or doubt is not None:
            who = self.names(action.actor)
            self.notes.append(DayEvent(
                _post(action), "ignored" if why else "note",
                f"{who}'s {action.ability} does not stand: {why}" if why
                else f"{who}'s {action.ability}: {doubt}", subject=action.actor))
        return why is None

    def can_act(self, action: Action, target: str | None) -> bool:
        """A day move stands unless its actor is blocked (line 135) or it is aimed at the
        actor's match (line 73); a move that does not stand is noted."""
        who = self.names(action.actor)
        if action.actor in self.blocked:
            self.notes.append(DayEvent(_post(action), "ignored", f"{who}'s {action.ability} "
                              f"does not stand: {who} is {self.blocked[action.actor]}"))
            return False
        why = self.partner(action.actor, target) if target is not None else None
        if why is not None:
            self.notes.append(DayEvent(_post(action), "ignored", f"{who}'s {action.ability} on "
                              f"{self.names(target or '')} does not stand: {why}"))
            return False
        return True


def _post(action: Action) -> int | None:
    return action.source.post if action.source is not None else None


def count_rules(log: GameLog, day: int, chosen: Mapping[str, str],
                history: History) -> CountRules:
    shown = {s.id: s.name for s in log.players}

    def names(slot: str) -> str:
        return shown.get(slot, slot)

    notes: list[DayEvent] = []
    d = _Day(log=log, day=day, rule=_Points(chosen), history=history, names=names,
             stunned=stunned(log, day, names), blocked=blocked(log, day, names),
             pairs=matched(log, day, names, history, notes), notes=notes)
    return CountRules(
        decision="plurality", vote_change=False, steps=_judge_steps(d),
        void=lambda b: _void(d, b), final_void=lambda b: _final_void(d, b),
        extras=lambda standing, alive: _self_votes(d, alive), tie=lambda t, last: _tie(d, t, last),
        tie_last="standing", order=lambda rec: _order(d, rec))


def _judge_steps(d: _Day) -> tuple[DayStep, ...]:
    """The judge's cancellations (lines 299-300) and bans (301) as steps of the count."""
    out: list[DayStep] = []
    for a in _day_actions(d.log, d.day, rs.CANCEL_VOTE, rs.BAN_VOTE):
        if not d.owns(a):
            continue
        for t in a.targets:
            if not d.can_act(a, t):
                continue
            judge = d.names(a.actor)
            if a.ability == rs.BAN_VOTE:
                d.banned.add(t)
                out.append(DayStep(_post(a), "ban", t, removes=d.rule["ban-standing"] ==
                                   "removes", text=f"{judge}: «запретить голосовать»"))
                continue
            revote = bool(a.options.get("revote", False))
            text = f"{judge} cancels it «с правом переголосовать»" if revote else \
                f"{judge} cancels it «без права переголосовать»"
            out.append(DayStep(_post(a), "cancel", t, revote=revote, text=text))
    return tuple(out)


def _void(d: _Day, b: Ballot) -> tuple[str, str] | None:
    if d.rule["vote-form"] == "keyword" and b.special is None and not rs.has_vote_word(b.raw):
        return "not-formatted", "a bold name without a vote word is talk " \
                                "(open-roles.vote-form=keyword)"
    return None


def _final_void(d: _Day, b: Ballot) -> tuple[str, str] | None:
    """Shown in the running count, dropped at the close: «Отражается и считается ведущим в
    общем счете до момента окончания голосования. При конечном подсчете голосов не
    считается» (line 74); stunned and blocked votes go «как в случае со Сводчиком». Each
    vote is kept for the general count a tie announces (`_general_count`)."""
    if b.target is not None:
        d.closing[b.voter] = b.target
    why = _dropped(d, b)
    if why is not None:
        d.dropped.add(b.voter)
    return why


def _dropped(d: _Day, b: Ballot) -> tuple[str, str] | None:
    if b.voter in d.stunned:
        return "voided-by-action", f"«Голос оглушенного не засчитывается»: {d.stunned[b.voter]}"
    if b.voter in d.blocked:
        return "voided-by-action", \
            f"«Голос заблокированного не засчитывается»: {d.blocked[b.voter]}"
    why = d.in_pair(b.voter) if d.rule["matched-vote"] == "all" else (
        d.partner(b.voter, b.target) if b.target is not None else None)
    if why is not None:
        return "voided-by-action", f"«Голосование сведенных ... не считается»: {why}"
    return None


def _voters(d: _Day) -> set[str]:
    """Who cast a vote this day (a mark the reader counted; a bold bare name only where it
    is a vote)."""
    w = day_window(d.log, d.day)
    bare = d.rule["vote-form"] == "bare-name"
    return {v.voter for v in d.log.votes
            if v.voter and v.counts and w.holds(v.post) and v.special is None
            and (bare or rs.has_vote_word(v.raw))}


def _self_votes(d: _Day, alive: list[str]) -> list[Extra]:
    """«Голос непроголосовавшего считается сделанным на себя» (line 13); a player whose vote
    could not count (stunned, blocked, banned) gets none."""
    if d.rule["nonvoter-vote"] == "none":
        return []
    voted = _voters(d)
    out = []
    for s in alive:
        if s in voted or s in d.stunned or s in d.blocked or s in d.banned:
            continue
        if d.rule["matched-vote"] == "all" and d.in_pair(s):
            continue
        out.append(Extra(s, 1.0, "did not vote: «Голос непроголосовавшего считается "
                                 "сделанным на себя»"))
        d.self_votes.append(s)
    return out


def _general_count(d: _Day) -> dict[str, int]:
    """«озвучивается общий счет» (line 74): the count with the votes dropped at the close
    (matched, stunned, blocked) and the non-voters' votes on themselves."""
    out: dict[str, int] = {}
    for t in [*d.closing.values(), *d.self_votes]:
        out[t] = out.get(t, 0) + 1
    return out


def _tie(d: _Day, tied: list[str], last: str | None) -> tuple[str | None, str]:
    """A tie at the final count: the general count is announced (line 74) and, under
    ruling `tie-count=decides`, breaks it; else line 10: the judge decides (line 302), else
    the last vote (ruling `tie`)."""
    general = _general_count(d)
    if d.dropped:  # without a dropped vote the general count is the final one
        shown = ", ".join(f"{d.names(t)} {n}" for t, n in
                          sorted(general.items(), key=lambda x: (-x[1], x[0])))
        d.notes.append(DayEvent(day_window(d.log, d.day).end, "announce",
                                "a tie at the final count: the GM announces the general "
                                f"count («озвучивается общий счет»): {shown}"))
        if d.rule["tie-count"] == "decides":
            top = max(general.get(t, 0) for t in tied)
            ahead = [t for t in tied if general.get(t, 0) == top]
            if len(ahead) == 1:
                return ahead[0], f"{d.names(ahead[0])} leads the general count ({top}) " \
                                 "(open-roles.tie-count=decides)"
    return _line_ten(d, tied, last)


def _line_ten(d: _Day, tied: list[str], last: str | None) -> tuple[str | None, str]:
    """Line 10: the judge decides (line 302), else the last vote (ruling `tie`)."""
    decides = d.rule["tie"] == "last-target-decides"
    choices = [a for a in _day_actions(d.log, d.day, rs.DECIDE_TIE) if a.targets]
    for a in choices:
        if (decides and a.actor == last) or a.targets[0] not in tied:
            continue
        # seating one's match is an action against him («сведенные не могут предпринимать
        # никаких действий друг против друга», line 73): the choice does not stand
        if d.owns(a) and d.can_act(a, a.targets[0]):
            return a.targets[0], f"{d.names(a.actor)} decides «кто сядет»"
    if last is None:
        return None, "no vote was cast on any of them: nobody is seated"
    if not decides:
        return last, f"{d.names(last)} got the last vote"
    if last in d.blocked:
        return None, (f"{d.names(last)} got the last vote and would decide, but is "
                      f"{d.blocked[last]}: nobody is seated")
    for a in choices:
        if a.actor == last and a.targets[0] in tied and d.can_act(a, a.targets[0]):
            return a.targets[0], f"{d.names(last)} got the last vote and chooses"
    return None, f"{d.names(last)} got the last vote and decides; the record holds no " \
                 "choice: nobody is seated"


# -- the next night's order -----------------------------------------------------------------

def _previous_order(d: _Day) -> tuple[list[str], str]:
    """«согласно очереди последней ночи. Либо же согласно очередности «по-умолчанию»»
    (line 14): the latest night before the day with an order, its own in the log or the one
    its day's voting made (line 4: night N follows day N), else the GM's draw of the initial
    order (line 5), else the roster."""
    for night in range(d.day - 1, 0, -1):
        entry = d.log.night(night)
        if entry is not None and entry.order:
            return list(entry.order), f"night {night}'s order"
        made = _voted_order(d, night)
        if made:
            return made, f"night {night}'s order (day {night}'s voting)"
    draws = [x for n in d.log.nights for x in n.draws] + [x for e in d.log.days for x in e.draws]
    for draw in draws:
        if draw.name == rs.DEFAULT_ORDER and isinstance(draw.outcome, list):
            return [str(x) for x in draw.outcome], "the GM's default order"
    roster = sorted(d.log.players, key=lambda s: (s.number is None, s.number or 0))
    return [s.id for s in roster], "the roster (the log has no night order nor default order)"


def _voted_order(d: _Day, day: int) -> list[str]:
    """The order day `day`'s voting made for the night after it, under the same rulings;
    none when the log holds no vote of that day."""
    window = day_window(d.log, day)
    if window.end is None or not any(window.holds(v.post) for v in d.log.votes):
        return []
    return d.history.day(day).order or []


def _order(d: _Day, rec: VotingRecord) -> tuple[list[str], list[DayEvent]]:
    """Line 4: «первый проголосовавший имеет высший приоритет хода, последний – низший»;
    line 14: non-voters next; line 303: a voter whose vote the judge cancelled goes last;
    then the evening: the fixer (294), the mafia's moves (16-20)."""
    events = d.notes
    living = [s for s in rec.alive if s != rec.eliminated]
    tail: list[str] = []
    for v in rec.cancelled:  # each cancellation puts the voter last
        if v in tail:
            tail.remove(v)
        tail.append(v)
    if d.rule["cancelled-place"] == "revote":
        casts = {v: sum(1 for _, w, _ in rec.cast if w == v) for v in tail}
        tail = [v for v in tail if casts[v] <= rec.cancelled.count(v)]
    place: dict[str, int] = {}
    for post, voter, _ in rec.cast:
        if voter in tail:
            continue
        if voter in rec.cancelled:  # voted again after a cancellation: the new vote counts
            place[voter] = post
        else:
            place.setdefault(voter, post)
    if d.rule["void-vote-place"] == "last":
        for v in rec.dropped:
            place.pop(v, None)
    voters = sorted((v for v in place if v in living), key=lambda v: place[v])
    base, source = _previous_order(d)
    rest = [s for s in living if s not in place and s not in tail]
    ranked = base[::-1] if d.rule["nonvoter-order"] == "reverse" else base
    rank = {s: i for i, s in enumerate(ranked)}
    # not in the base order (a late replacement, a revived player): after the others
    rest.sort(key=lambda s: (s not in rank, rank.get(s, 0), living.index(s)))
    order = voters + rest + [v for v in tail if v in living]
    show = ", ".join
    events.append(DayEvent(None, "order", f"voting order: {show(map(d.names, voters)) or '-'}; "
                           f"non-voters by {source}"
                           f"{' reversed' if d.rule['nonvoter-order'] == 'reverse' else ''}: "
                           f"{show(map(d.names, rest)) or '-'}; cancelled last: "
                           f"{show(map(d.names, tail)) or '-'}"))
    _evening(d, order, living, events, rec.eliminated)
    return order, events


def _faction(log: GameLog, slot: str, day: int) -> str | None:
    s = next((p for p in log.players if p.id == slot), None)
    if s is None:
        return None
    faction = s.faction
    for c in s.changes:
        if c.faction is not None and phase_sort_key(c.phase) <= phase_sort_key(f"D{day}"):
            faction = c.faction
    return faction


def _is_mafia(faction: str | None) -> bool:
    return (faction or "").casefold() in (rs.MAFIA, "мафия", "маф")


def _evening(d: _Day, order: list[str], living: list[str], events: list[DayEvent],
             seated: str | None) -> None:
    """«После окончания дня и хода закрепителя мафия может менять выстроенную очередность»
    (line 16): the fixer's first place (a master's too, who got it from the fixer `seated`
    at the close: the evening follows the seating), then the mafia's moves."""
    for a in _day_actions(d.log, d.day, rs.FIX_FIRST):
        who = d.names(a.actor)
        if a.actor not in living or not a.targets or a.targets[0] not in order:
            events.append(DayEvent(None, "ignored", f"{who}'s fix-first does not stand: "
                                   "the fixer or the target is not alive for the night"))
            continue
        if not d.owns(a, seated):
            continue
        if d.rule["block-evening"] == "blocked" and a.actor in d.blocked:
            events.append(DayEvent(None, "ignored", f"{who}'s fix-first does not stand: {who} "
                                   f"is {d.blocked[a.actor]} (open-roles.block-evening)"))
            continue
        order.remove(a.targets[0])
        order.insert(0, a.targets[0])
        events.append(DayEvent(None, "order", f"{who} puts {d.names(a.targets[0])} first "
                               "(«Ставит любого персонажа на первое место»)"))
        break
    honest = sum(1 for s in living if not _is_mafia(_faction(d.log, s, d.day)))
    allowed = rs.mafia_moves(honest)
    done = 0
    for a in _day_actions(d.log, d.day, rs.MAFIA_MOVE):
        why = _bad_move(d, a, order, living)
        if why is None and done >= allowed:
            why = f"{honest} honest players alive allow {allowed} move(s)"
        if why is not None:
            events.append(DayEvent(None, "ignored", f"mafia move by {d.names(a.actor)} does "
                                   f"not stand: {why}"))
            continue
        who, to = a.targets[0], _place(a, order)
        at = order.index(who)
        if d.rule["mafia-move"] == "swap":
            order[at], order[to] = order[to], order[at]
        else:
            order.insert(to, order.pop(at))
        done += 1
        events.append(DayEvent(None, "order", f"the mafia moves {d.names(who)} to place "
                               f"{to + 1} ({d.rule['mafia-move']})"))


def _place(a: Action, order: list[str]) -> int:
    """The 0-based place a mafia move sends its player to: `options.place` (1-based), or the
    place of the second target."""
    if len(a.targets) >= 2 and a.targets[1] in order:
        return order.index(a.targets[1])
    place = a.options.get("place")
    return place - 1 if isinstance(place, int) and not isinstance(place, bool) else -1


def _bad_move(d: _Day, a: Action, order: list[str], living: list[str]) -> str | None:
    if a.actor not in living or not _is_mafia(_faction(d.log, a.actor, d.day)):
        return "the actor is not a living maf"
    if not a.targets or a.targets[0] not in order:
        return "the player is not alive for the night"
    to = _place(a, order)
    if not 0 <= to < len(order):
        return "no such place"
    if order.index(a.targets[0]) == 0 or to == 0:
        return "«Мафия не может переставить игрока с 1 места»"
    return None


def night_order(log: GameLog, day: int, rulings: Mapping[str, str] | None = None) -> list[str]:
    """The order of moves of the night after day `day`, highest priority first, as the day's
    voting and the evening make it under `rulings`."""
    from engine.day.count import count_day  # count imports this module

    return count_day(log, day, rulings).order or []


_ID = "open-roles"


class _Points(Mapping[str, str]):
    """The rulings of open-roles by their point ("tie" for "open-roles.tie"), each read
    only when asked for (a replay notes which rulings a day read)."""

    def __init__(self, chosen: Mapping[str, str]) -> None:
        self._chosen = chosen

    def __getitem__(self, point: str) -> str:
        return self._chosen[f"{_ID}.{point}"]

    def __iter__(self) -> Iterator[str]:
        return (k.removeprefix(f"{_ID}.") for k in self._chosen)

    def __len__(self) -> int:
        return len(self._chosen)
