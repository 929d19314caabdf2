"""world-cup-2018's day (seed 001_221c34118e616beb.txt): a plurality at the 21:00 Moscow close,
half votes in its last 30 minutes, votes on their own tally for non-voters and for players
without the character's avatar, and the roles and gifts that change a vote.

Effects that come from the night are read from the game log as the GM recorded them: night
N's actions (`log.nights`), its results (`published` private results: a "failure" cancels an
action) and slot changes apply to day N+1. Each effect is one small function, so that the
night engine can replace its source later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from engine.day.history import History
from engine.day.result import Ballot
from engine.day.standing import CountRules, Extra
from engine.day.window import DayWindow, day_window, days_of
from engine.gamelog import Action, GameLog, Post, phase_sort_key
from engine.rulesets.world_cup_2018 import vocab as wc

MSK = ZoneInfo("Europe/Moscow")
CLOSE_AT = time(21, 0)  # «День закрывается в 21:00 по московскому времени»
LATE = timedelta(minutes=30)  # «последние 30 минут игрового дня»: half votes
DAY_MOVES_UNTIL = time(19, 0)  # «Дневные ходы можно делать до 19:00 по московскому времени»
FIRST_DAY_PENALTY = 3.0  # «за не голосование в первый день +3 голоса в лог»

R = "world-cup-2018."


# -- the close ------------------------------------------------------------------------------

def close_time(log: GameLog, day: int) -> datetime | None:
    """When day `day` closes. The end boundary's time where it was recorded as the close
    (source "deadline" or "manual"); otherwise 21:00 Moscow time on the date of the end
    boundary's post (a GM's closing post is written after the close) or, without one, of
    the last post of the day. None when no time is known."""
    phase = next((p for p in log.phases if p.key == f"D{day}"), None)
    end = phase.end if phase is not None else None
    if end is not None and end.time is not None and end.source in ("deadline", "manual"):
        return end.time
    ref = end.time if end is not None and end.time is not None else None
    if ref is None:
        timed = [p.time for p in _day_posts(log, day_window(log, day)) if p.time is not None]
        ref = timed[-1] if timed else None
    if ref is None:
        return None
    return datetime.combine(ref.astimezone(MSK).date(), CLOSE_AT, tzinfo=MSK)


def late_from(close: datetime) -> datetime:
    """The start of the half-vote window: 30 minutes before the close."""
    return close - LATE


def _day_posts(log: GameLog, window: DayWindow) -> list[Post]:
    """The posts of a day's window, in order; none when the window has no upper bound."""
    low = window.start if window.start is not None else window.before
    high = window.end if window.end is not None else (
        window.after - 1 if window.after is not None else None)
    if high is None:
        return []
    return [p for p in log.posts if low < p.number <= high]


# -- roles, night actions, gifts ------------------------------------------------------------

def role_at(log: GameLog, slot_id: str, phase: str) -> str | None:
    """The slot's role id by the end of `phase`: the role listed, changed by the slot's
    changes up to then (a change naming a role, or «зомби» by `zombified`)."""
    slot = next((s for s in log.players if s.id == slot_id), None)
    if slot is None:
        return None
    rid = wc.role_id(slot.role) or wc.role_id(slot.role_name)
    key = phase_sort_key(phase)
    for c in sorted(slot.changes, key=lambda c: phase_sort_key(c.phase)):
        if phase_sort_key(c.phase) > key:
            break
        if c.role:
            rid = wc.role_id(c.role) or c.role
        elif c.kind == wc.ZOMBIFIED:
            rid = "zombie"
    return rid


def _failed(log: GameLog, night: int, actor: str, ability: str) -> bool:
    """The GM answered the move «не удачно» (a private result of kind "failure")."""
    item = log.published.for_phase(f"N{night}")
    return item is not None and any(r.recipient == actor and r.ability == ability
                                    and r.kind == "failure" for r in item.private)


def _night_actions(log: GameLog, night: int, ability: str) -> list[Action]:
    n = log.night(night)
    if n is None:
        return []
    return [a for a in n.actions if a.ability == ability
            and not _failed(log, night, a.actor, ability)]


def mayor_doubles(log: GameLog, day: int) -> set[str]:
    """Mayors voting double on `day`: «Выбор голосования двойным голосом — ночной ход», the
    move made the night before."""
    return {a.actor for a in _night_actions(log, day - 1, wc.DOUBLE_VOTE)}


def _next_day(phase: str) -> int:
    """The day whose vote comes next after `phase` (N1 -> 2, D1 -> 2)."""
    return phase_sort_key(phase)[0] + 1


def gift_events(log: GameLog) -> list[tuple[str, str, str, bool]]:
    """(phase, holder, gift id, received) for every gift given or taken away, by phase.
    The slot changes are the GM's record of what arrived; a night without any recorded
    gift change falls back to the fairy's gift actions (unless answered «не удачно»)."""
    out: list[tuple[str, str, str, bool]] = []
    recorded: set[str] = set()
    for slot in log.players:
        for c in slot.changes:
            gift = wc.gift_id(c.details.get("gift"))
            if c.kind in (wc.GIFT_RECEIVED, wc.GIFT_LOST) and gift is not None:
                out.append((c.phase, slot.id, gift, c.kind == wc.GIFT_RECEIVED))
                recorded.add(c.phase)
    for n in log.nights:
        if f"N{n.number}" in recorded:
            continue
        for a in _night_actions(log, n.number, wc.GIFT):
            # «дарит 2 разных подарка разным игрокам»: the second gift to the second target
            for target, key in zip(a.targets, ("gift", "gift2"), strict=False):
                gift = wc.gift_id(a.options.get(key))
                if gift is not None:
                    out.append((f"N{n.number}", target, gift, True))
    return sorted(out, key=lambda e: phase_sort_key(e[0]))


def holders(log: GameLog, day: int, gift: str, *, next_vote_only: bool) -> set[str]:
    """Who holds `gift` at day `day`'s vote: given just before it (`next_vote_only`: «при
    следующем голосовании»), or given before and not taken away since."""
    held: set[str] = set()
    for phase, slot, g, received in gift_events(log):
        if g != gift or _next_day(phase) > day:
            continue
        if next_vote_only:
            if received and _next_day(phase) == day:
                held.add(slot)
        elif received:
            held.add(slot)
        else:
            held.discard(slot)
    return held


def priest_takes(log: GameLog, day: int) -> dict[str, list[str]]:
    """Priests and the zombies whose votes they hold on `day`: «При исповеди зомби узнаёт
    его роль и забирает его голос себе на следующий день»."""
    out: dict[str, list[str]] = {}
    for a in _night_actions(log, day - 1, wc.CONFESSION):
        for target in a.targets[:1]:
            if role_at(log, target, f"N{day - 1}") == "zombie":
                out.setdefault(a.actor, []).append(target)
    return out


def stoned_at(log: GameLog, slot_id: str, day: int, post: int | None) -> bool:
    """Whether the slot is stone at `post` of day `day` (None: at the close): «Сухарь может
    быть превращен ведущим в камень (не сможет ... голосовать)» until released. A change
    during the day takes effect from its `details.post`, else from the day's start."""
    slot = next((s for s in log.players if s.id == slot_id), None)
    if slot is None:
        return False
    today = phase_sort_key(f"D{day}")
    steps = []
    for c in slot.changes:
        if c.kind not in (wc.STONED, wc.RELEASED) or phase_sort_key(c.phase) > today:
            continue
        at = c.details.get("post") if phase_sort_key(c.phase) == today else None
        at_post = at if isinstance(at, int) else -1
        if post is not None and at_post > post:
            continue
        steps.append((phase_sort_key(c.phase), at_post, c.kind == wc.STONED))
    return bool(steps) and max(steps, key=lambda s: (s[0], s[1]))[2]


@dataclass(frozen=True)
class Letter:
    """The necromancer's letter setting a zombie's vote for the day."""

    necromancer: str
    zombie: str
    target: str
    at: datetime | None


def zombie_letters(log: GameLog, day: int, close: datetime | None,
                   deadline: str) -> tuple[dict[str, Letter], list[str]]:
    """The letter standing for each zombie on `day` (the latest in time), and notes on the
    letters set aside: «голосует так как скажет некромант (его голос изменяется некромантом
    письмом ведущему)». `deadline`: the zombie-letter-deadline ruling."""
    letters: dict[str, Letter] = {}
    notes: list[str] = []
    limit = None
    if close is not None:
        limit = close if deadline == "day-close" else datetime.combine(
            close.astimezone(MSK).date(), DAY_MOVES_UNTIL, tzinfo=MSK)
    phase = f"D{day}"
    shown = {s.id: s.name for s in log.players}
    for entry in (d for d in log.days if d.number == day):
        for a in entry.actions:
            if a.ability != wc.STEER_ZOMBIE:
                continue
            if len(a.targets) != 2:
                notes.append(f"a necromancer's letter by {shown.get(a.actor, a.actor)} does "
                             "not name a zombie and a player: set aside")
                continue
            zombie, target = a.targets
            name = shown.get(zombie, zombie)
            if zombie == target:
                notes.append(f"the necromancer's letter votes {name} for himself («Запрещается "
                             "голосовать в себя»): set aside")
                continue
            if role_at(log, a.actor, phase) not in (None, "necromancer"):
                notes.append(f"{shown.get(a.actor, a.actor)} is not the necromancer: the "
                             f"letter for {name} is set aside")
                continue
            if role_at(log, zombie, phase) not in (None, "zombie"):
                notes.append(f"{name} is not a zombie: the necromancer's letter is set aside")
                continue
            if limit is not None and a.submitted_at is not None and a.submitted_at > limit:
                notes.append(f"the necromancer's letter for {name} came at "
                             f"{a.submitted_at.astimezone(MSK):%H:%M} Moscow time, after "
                             f"{limit.astimezone(MSK):%H:%M}: set aside")
                continue
            old = letters.get(zombie)
            if old is None or old.at is None or a.submitted_at is None \
                    or a.submitted_at >= old.at:
                letters[zombie] = Letter(a.actor, zombie, target, a.submitted_at)
    return letters, notes


# -- who voted ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Participation:
    """Day `day`'s voters for the non-voter penalty: `voted` cast a vote the reader counted
    (what the count did with it later — a dead target, a black mark — does not make it a
    skip), or had it set by the necromancer; `cannot` could not vote (stone at the close, a
    zombie whose vote the priest holds); `recorded`: the record holds vote marks of the day."""

    voted: frozenset[str]
    cannot: frozenset[str]
    recorded: bool


def participation(log: GameLog, day: int, deadline: str) -> Participation:
    window = day_window(log, day)
    close = close_time(log, day)
    marks = [v for v in log.votes if window.holds(v.post)]
    voted = {v.voter for v in marks if v.voter is not None and v.counts and v.special is None
             and not (close is not None and v.time is not None and v.time > close)}
    taken = {z for zs in priest_takes(log, day).values() for z in zs}
    voted |= set(zombie_letters(log, day, close, deadline)[0]) - taken
    cannot = taken | {s.id for s in log.players if stoned_at(log, s.id, day, None)}
    return Participation(frozenset(voted - cannot), frozenset(cannot), bool(marks))


def nonvoter_penalty(log: GameLog, day: int, slot: str, chosen: Mapping[str, str],
                     notes: list[str], seen: dict[int, Participation] | None = None) -> float:
    """Votes on a non-voter's own tally: +3 on day 1; from day 2 +1 (flat), or +1 growing
    by one for each earlier day missed in a row from day 2 (cumulative). `seen`: earlier
    days' participation, kept between the slots of one count."""
    if day == 1:
        return FIRST_DAY_PENALTY
    if chosen[R + "nonvoter-penalty"] == "flat":
        return 1.0
    streak, known = 1, set(days_of(log))
    deadline = chosen[R + "zombie-letter-deadline"]
    seen = {} if seen is None else seen
    for k in range(day - 1, 1, -1):
        if k in known and k not in seen:
            seen[k] = participation(log, k, deadline)
        part = seen.get(k)
        if part is None or not part.recorded:
            note = (f"day {k} has no vote marks in the record: a non-voter's days in a row "
                    f"are counted from day {k + 1}")
            if note not in notes:
                notes.append(note)
            break
        if slot in part.voted or slot in part.cannot:
            break
        streak += 1
    return float(streak)


def avatarless(log: GameLog, day: int, window: DayWindow,
               slots: list[str]) -> tuple[set[str], set[str]] | None:
    """(without an avatar, not shown) among `slots` by their latest post up to the day's end
    that shows the avatar area; None when no post of the game shows it (Post.avatar null:
    the archive does not keep avatars). An avatar is taken as the character's: the record
    cannot tell what it shows, and a page shows the avatar as it was when it was saved."""
    if not any(p.avatar is not None for p in log.posts):
        return None
    high = window.end if window.end is not None else window.after
    last: dict[str, Post] = {}
    for p in log.posts:
        if p.slot in slots and p.avatar is not None and (high is None or p.number <= high):
            last[p.slot] = p
    without = {s for s, p in last.items() if p.avatar is not None and p.avatar.url is None}
    return without, set(slots) - set(last)


# -- the count ------------------------------------------------------------------------------

def count_rules(log: GameLog, day: int, chosen: Mapping[str, str],
                _history: History) -> CountRules:
    """The count of day `day` under the chosen rulings."""
    names = {s.id: s.name for s in log.players}
    window = day_window(log, day)
    close = close_time(log, day)
    deadline = chosen[R + "zombie-letter-deadline"]
    diploma = holders(log, day, "diploma", next_vote_only=chosen[R + "diploma"] == "next-vote")
    doubles = mayor_doubles(log, day) | diploma
    marked = holders(log, day, "black-mark", next_vote_only=True)
    taken = priest_takes(log, day)
    taken_from = {z: p for p, zs in taken.items() for z in zs}
    letters, notes = zombie_letters(log, day, close, deadline)
    notes = [f"day {day}: {n}" for n in notes]
    for z in [z for z in letters if z in taken_from]:
        notes.append(f"day {day}: the necromancer's letter for {names.get(z, z)} is set "
                     f"aside: the priest holds that zombie's vote")
        del letters[z]
    marks = [v for v in log.votes if window.holds(v.post) and v.counts]
    if close is None:
        notes.append(f"day {day}: the close time is unknown (no end time and no post "
                     "times): no half votes and no votes void after 21:00")
    elif any(v.time is None for v in marks):
        notes.append(f"day {day}: {sum(v.time is None for v in marks)} vote(s) have no time: "
                     "counted as full votes")

    def late(at: datetime | None) -> bool:
        return close is not None and at is not None and late_from(close) <= at <= close

    def void(b: Ballot) -> tuple[str, str] | None:
        if close is not None and b.time is not None and b.time > close:
            return "after-deadline", (f"cast at {b.time.astimezone(MSK):%H:%M} Moscow time, "
                                      f"after the day closed at {close.astimezone(MSK):%H:%M}")
        if stoned_at(log, b.voter, day, b.post):
            return "banned", "turned to stone («превращен в камень»): a stone cannot vote"
        if b.voter in marked:
            return "voided-by-action", ("the black mark («черная метка»): the vote does not "
                                        "count at the next vote")
        if b.voter in taken_from:
            return "voided-by-action", (f"the priest {names.get(taken_from[b.voter])} holds "
                                        "this zombie's vote today («забирает его голос себе»)")
        if b.voter in letters:
            return "voided-by-action", ("the necromancer's letter sets this zombie's vote "
                                        "(«голосует так как скажет некромант»)")
        return None

    def weight_of(voter: str, written: float | None, at: datetime | None) -> float:
        w = written if written is not None else 1.0
        if voter in doubles:  # a double vote is 2, however many things grant it
            w *= 2
        w += len(taken.get(voter, []))  # the confessed zombies' votes
        return w / 2 if late(at) else w

    def weight(b: Ballot) -> float:
        return weight_of(b.voter, b.weight, b.time)

    added: set[str] = set()  # targets with votes added at the close, for the tie

    def extras(_standing: dict[str, str], alive: list[str]) -> list[Extra]:
        out = _penalties(log, day, window, chosen, alive, notes, names)
        for z, letter in letters.items():
            if z not in alive or letter.target not in alive:
                continue
            if stoned_at(log, z, day, None) or z in marked:
                notes.append(f"day {day}: the necromancer's letter for {names.get(z, z)} "
                             "does not count: the zombie cannot vote today")
                continue
            out.append(Extra(letter.target, weight_of(z, None, letter.at),
                             f"{names.get(z, z)}'s vote as the necromancer "
                             f"{names.get(letter.necromancer)} wrote («голосует так как "
                             "скажет некромант»)"))
        added.update(e.target for e in out if e.votes)
        return out

    return CountRules(decision="plurality", weight=weight, void=void, extras=extras,
                      vote_change=chosen[R + "vote-change"] == "allowed",
                      tie=_tie(log, day, chosen[R + "tie"], added, names),
                      tie_by_reach=chosen[R + "tie"] == "first-to-reach", notes=notes)


def _penalties(log: GameLog, day: int, window: DayWindow, chosen: Mapping[str, str],
               alive: list[str], notes: list[str], names: dict[str, str]) -> list[Extra]:
    out: list[Extra] = []
    part = participation(log, day, chosen[R + "zombie-letter-deadline"])
    seen: dict[int, Participation] = {}
    for slot in alive:
        if slot in part.voted or slot in part.cannot:
            continue
        votes = nonvoter_penalty(log, day, slot, chosen, notes, seen)
        run = f", {votes:g} days in a row" if votes > 1 else ""
        why = ("did not vote on day 1 («за не голосование в первый день +3 голоса в лог»)"
               if day == 1 else f"did not vote{run} (+{votes:g}: «голос в лог за каждый "
                                "следующий день не голосования»)")
        out.append(Extra(slot, votes, why))
    if chosen[R + "avatar-rule"] == "off" or day < 2:
        return out
    found = avatarless(log, day, window, alive)
    if found is None:
        notes.append(f"day {day}: the archive shows no avatars: the avatar rule («без "
                     "аватарки своего персонажа») adds nothing")
        return out
    without, unknown = found
    out.extend(Extra(s, 1.0, "no avatar of the character («без аватарки своего персонажа»: "
                             "1 vote a day from day 2)") for s in alive if s in without)
    if unknown:
        shown = ", ".join(names.get(s, s) for s in alive if s in unknown)
        notes.append(f"day {day}: no post shows the avatar of {shown}: the avatar rule adds "
                     "nothing for them")
    return out


def _tie(log: GameLog, day: int, option: str, added: set[str],
         names: dict[str, str]) -> Callable[[list[str], str | None], tuple[str | None, str]]:
    def tie(tied: list[str], _last: str | None) -> tuple[str | None, str]:
        if option == "gm-draw":
            drawn = next((d.outcome for entry in log.days if entry.number == day
                          for d in entry.draws if d.name == wc.TIE_DRAW), None)
            if isinstance(drawn, str) and drawn in tied:
                return drawn, f"the GM's draw chose {names.get(drawn, drawn)}"
            return None, "the GM's draw is not recorded: nobody is jailed"
        if option == "first-to-reach":
            # `tied` comes in the order the count was reached (tie_by_reach)
            if len(tied) > 1 and tied[0] in added and tied[1] in added:
                return None, "both reached their count at the close: nobody is jailed"
            return tied[0], f"{names.get(tied[0], tied[0])} reached the count first"
        return None, "nobody is jailed (the seed says nothing about ties)"
    return tie
