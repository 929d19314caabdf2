"""`play`: a random legal game of a registered rule set, seeded, as the game log its thread
and its GM's action log would give.

Each day every living player posts once with a vote for another living player; the day's
outcome is the rule set's own count of those votes (`engine.day.count_day`). Each night
every living player with a night ability sends one move (a supported ability, living
targets, options from the rule set's `option_choices`); moves the engine refuses before
the night (limits, a role's checks) are left out, so what remains is legal; the night is
the engine's replay (`engine.night.replay_game`), and what the GM publishes (deaths with
the role shown, the newspaper's facts, each private result) is what the replay shows. A
rule set without a night engine (mafiascum) has the mafia kill one player a night. The game
ends when the rule set's victory condition names winners, or after `max_days`.

With the noise of real threads (the renderer, `scrapers.render.thread`, adds typos and
inflected names to the votes it writes): chatter now and then, some of it quoting an earlier
vote or holding a bold word that is no vote; about one player's post in twelve edited by its
author a few minutes later (`Post.edit`), which voids a vote where the rule set says so
(world-cup-2018: «Сообщение с голосом редактировать нельзя»: the vote is recorded as not
counted, "edited", and the day's count goes without it); now and then a vote posted after the
GM's day-end post, before the night's morning post (the day's count gives it as
"after-deadline"; the day's outcome is what it was without it). The nick pool mixes Latin and
Cyrillic nicks, so that Russian votes decline some of the names.

The engine decides the outcomes here, so a simulated game says nothing about the engine's
correctness: it is for round trips (render the thread, scrape it back, compare) and for
benchmarks at scale."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from engine.day import count_day
from engine.errors import MafiakitError
from engine.gamelog import (
    Action,
    Boundary,
    Death,
    EditMarker,
    GameLog,
    Meta,
    NewspaperFact,
    NightLog,
    Occupant,
    Phase,
    PhasePublished,
    Post,
    PrivateResult,
    Published,
    Quote,
    Slot,
    SourceRef,
    TallyEntry,
    Victory,
    Vote,
    VoteCount,
)
from engine.gamelog.record import record_changes, record_fates
from engine.night import NightResult, NightRules, replay_game
from engine.night.game import announced_dead, start_players
from engine.rulesets import get_ruleset
from engine.simulate.rosters import roster
from engine.simulate.words import WORDS

START = datetime(2020, 1, 6, 6, 0, tzinfo=UTC)  # a Monday; days run 06:00-17:00 UTC
NICKS = ("Akela", "Bagheera", "Baloo", "Chil", "Hathi", "Kaa", "Mang", "Mor", "Mysa",
         "Ikki", "Rama", "Raksha", "Sahi", "Tabaqui", "Tha", "Chuchundra", "Darzee",
         "Kotick", "Nag", "Karait", "Toomai", "Gidur", "Ferao", "Sea Catch", "Matkah",
         "Limmershin", "Vixen", "Kala Nag",
         # Cyrillic nicks, which Russian votes decline («за Багиру», «казнить Серого Брата»);
         # Маугли and Хатхи do not decline. A tuple: the seating is drawn from it in order
         "Багира", "Маугли", "Шерхан", "Лягушонок", "Серый Брат", "Нагайна", "Хатхи",
         "Табаки", "Ракша", "Котик")
EDITED = 1 / 12  # the share of players' posts their authors edit afterwards
LATE = 0.3  # the chance that a day has a vote posted after its end


class SimulationError(MafiakitError):
    """A game the simulator cannot play (no roster for the rule set, too many players)."""


def play(ruleset: str, seed: int, *, max_days: int = 15) -> GameLog:
    """A random legal game of `ruleset`, the same for the same seed."""
    rnd = random.Random(f"{ruleset}:{seed}")
    cast = roster(ruleset, rnd)
    # an English forum's players have Latin nicks
    pool = NICKS if get_ruleset(ruleset).language == "ru" else tuple(
        n for n in NICKS if n.isascii())
    if len(cast) > len(pool):
        raise SimulationError(f"{ruleset}: {len(cast)} players, {len(pool)} nicks")
    nicks = rnd.sample(pool, len(cast))
    slots = [Slot(id=f"P{i:02d}", number=i, occupants=[Occupant(nick=nick)], role=role,
                  faction=faction)
             for i, (nick, (role, faction)) in enumerate(zip(nicks, cast, strict=True),
                                                         start=1)]
    game = _Game(ruleset, seed, rnd, slots)
    for day in range(1, max_days + 1):
        if game.day(day) or game.night(day):
            break
    log = game.log()
    record_fates(log)
    return log


class _Game:
    """The game as it is written, phase by phase."""

    def __init__(self, ruleset: str, seed: int, rnd: random.Random, slots: list[Slot]) -> None:
        self.rs = get_ruleset(ruleset)
        self.seed = seed
        self.rnd = rnd
        self.slots = slots
        self.posts: list[Post] = []
        self.votes: list[Vote] = []
        self.phases: list[Phase] = []
        self.nights: list[NightLog] = []
        self.published: list[PhasePublished] = []
        self.victory: Victory | None = None
        self.clock = START
        self.words = WORDS[self.rs.language]
        self.gm = self.words.gm
        roster_text = "\n".join(f"{s.number}. {s.name}" for s in slots)
        self.post(self.gm, self.words.opening.format(players=roster_text), gm=True)

    def log(self) -> GameLog:
        meta = Meta(title=f"{self.rs.id} simulated game {self.seed}", ruleset=self.rs.id,
                    gms=[self.gm], game_id=f"sim:{self.rs.id}:{self.seed}")
        return GameLog(meta=meta, players=self.slots, posts=self.posts, votes=self.votes,
                       phases=self.phases, nights=self.nights,
                       published=Published(phases=self.published, victory=self.victory))

    def post(self, author: str, text: str, *, slot: str | None = None, gm: bool = False
             ) -> int:
        number = len(self.posts) + 1
        self.clock += timedelta(minutes=self.rnd.randint(3, 20))
        edit = None
        if not gm and self.rnd.random() < EDITED:  # the author fixes something afterwards
            edit = EditMarker(editor=author,
                              time=self.clock + timedelta(minutes=self.rnd.randint(1, 9)))
        self.posts.append(Post(number=number, author=author, slot=slot, time=self.clock,
                               html=_html(text), text=text, gm=gm, edit=edit))
        return number

    def vote(self, slot_id: str, alive: list[str], phase: str) -> None:
        """`slot_id` posts a vote for another of `alive`; where the rule set voids an edited
        vote and this post is edited, the vote is recorded as not counted."""
        author = self.slot(slot_id).nicks[0]
        target = self.rnd.choice([s for s in alive if s != slot_id])
        name = self.slot(target).name
        number = self.post(author, self.words.vote.format(name=name), slot=slot_id)
        edit = self.posts[-1].edit
        void = edit is not None and self.rs.day.edited_vote_void
        self.votes.append(Vote(
            post=number, phase=phase, author=author, voter=slot_id, raw=f"vote {name}",
            target=target, time=self.posts[-1].time, counts=not void,
            reason="edited" if void else None,
            detail=f"the post was edited by {author}: a post with a vote must not be edited"
            if void else None))

    def alive(self, phase: str) -> list[str]:
        out = self.log().announced_out(phase)
        return [s.id for s in self.slots if s.id not in out]

    # -- a day ------------------------------------------------------------------------------

    def day(self, day: int) -> bool:
        """Day `day`: every living player votes once; the rule set counts. True: game over."""
        self.clock = START + timedelta(days=day - 1)
        alive = self.alive(f"D{day}")
        w = self.words
        start = self.post(self.gm, w.day_start.format(day=day), gm=True)
        order = self.rnd.sample(alive, len(alive))
        count = None
        for i, slot_id in enumerate(order):
            if i == len(order) // 2 and i > 1:  # the GM's running count, half-way
                count = self.post(self.gm, w.count, gm=True)
            self.chatter(slot_id, alive)
            self.vote(slot_id, alive, f"D{day}")
        end = self.post(self.gm, w.day_end.format(day=day), gm=True)
        self.phases.append(Phase(kind="day", number=day,
                                 start=Boundary(post=start, source="gm-post"),
                                 end=Boundary(post=end, source="gm-post")))
        result = count_day(self.log(), day)
        out = result.eliminated
        self.say(end, w.day_end.format(day=day) + " " + (
            w.eliminated.format(name=self.slot(out).name) if out is not None else w.nobody))
        here = SourceRef(kind="post", post=end)
        item = PhasePublished(phase=f"D{day}")
        if out is None:
            item.no_elimination = here
        else:
            s = self.slot(out)
            item.deaths = [Death(slot=out, kind="eliminated", revealed_role=s.role,
                                 revealed_faction=s.faction,
                                 raw=w.leaves.format(name=s.name), source=here)]
        if count is not None:  # the count as the re-count stands at its post
            item.vote_counts = [self.running_count(count, result.standing_at(count))]
        self.published.append(item)
        return self.over(f"D{day}", end)

    def running_count(self, post: int, standing: Mapping[str, tuple[str, int]]) -> VoteCount:
        """The GM's count at `post`: each target with its voters, in the order they voted."""
        by_target: dict[str, list[tuple[int, str]]] = {}
        for voter, (target, at) in standing.items():
            by_target.setdefault(target, []).append((at, voter))
        rows = sorted(by_target.items(), key=lambda kv: (-len(kv[1]), min(kv[1])))
        tally = [TallyEntry(target=t, votes=len(vs), voters=[v for _, v in sorted(vs)])
                 for t, vs in rows]
        text = "\n".join([self.words.count] + [self.words.count_row(
            self.slot(e.target).name if e.target else "", [self.slot(v).name for v in e.voters])
            for e in tally])
        self.say(post, text)
        return VoteCount(post=post, tally=tally, raw=text,
                         source=SourceRef(kind="post", post=post))

    def chatter(self, slot_id: str, alive: list[str]) -> None:
        """Talk before a vote, now and then: plain, with a bold word that is no vote, or
        quoting an earlier vote (a quoted vote is not the quoter's)."""
        roll = self.rnd.random()
        if roll > 0.4:
            return
        nick = self.slot(slot_id).nicks[0]
        other = self.slot(self.rnd.choice([s for s in alive if s != slot_id])).name
        if roll < 0.15 and self.votes:
            vote = self.votes[-1]
            quoted = self.posts[vote.post - 1]
            self.post(nick, self.words.reply.format(other=other), slot=slot_id)
            self.posts[-1] = self.posts[-1].model_copy(update={"quotes": [Quote(
                author=quoted.author, post_id=str(quoted.number), text=quoted.text)]})
        elif roll < 0.25:
            note, word = self.words.bold
            text = note.format(other=other)
            self.post(nick, text, slot=slot_id)
            self.posts[-1] = self.posts[-1].model_copy(update={"html": _html(text).replace(
                word, f"<strong>{word}</strong>", 1)})
        else:
            self.post(nick, self.rnd.choice(self.words.chatter).format(other=other),
                      slot=slot_id)

    # -- a night ----------------------------------------------------------------------------

    def night(self, night: int) -> bool:
        """Night `night`: the moves, the replay, what the GM publishes. True: game over."""
        rules = self.rs.night
        start = self.posts[-1].number
        self.phases.append(Phase(kind="night", number=night,
                                 start=Boundary(post=start, source="gm-post")))
        alive = self.alive(f"N{night}")
        if self.rnd.random() < LATE and len(alive) > 1:
            # a vote after the GM closed the day: the day's count gives it as
            # "after-deadline", and the outcome announced stands
            self.vote(self.rnd.choice(alive), alive, f"N{night}")
        if rules is None or rules.new_player is None:
            self.mafia_kill(night)
        else:
            self.replayed(rules, night)
        return self.over(f"N{night}", self.posts[-1].number)  # the morning post

    def replayed(self, rules: NightRules, night: int) -> None:
        alive = self.alive(f"N{night}")
        players = start_players(self.log(), rules)
        announced_dead(self.log(), players, night)
        sent: list[Action] = []
        for slot_id in alive:
            abilities = rules.supported.get(players[slot_id].role, ())
            if not abilities:
                continue
            ability = rules.abilities[self.rnd.choice(abilities)]
            others = [s for s in alive if s != slot_id]
            if len(others) < ability.targets:
                continue
            options = dict(self.rnd.choice(rules.option_choices.get(ability.id, ({},))))
            sent.append(Action(actor=slot_id, ability=ability.id,
                               targets=self.rnd.sample(others, ability.targets),
                               options=options))
        self.nights.append(NightLog(number=night, actions=sent))
        result = replay_game(self.log(), until=night)[-1]
        # what the engine refuses before the night is not a legal move: left out, until
        # what is left is all accepted (a team's limit may refuse another once one goes)
        for _ in range(len(sent)):
            refused = {m.index for m in result.moves if m.refused and m.index >= 0}
            if not refused:
                break
            sent = [a for i, a in enumerate(sent) if i not in refused]
            self.nights[-1] = NightLog(number=night, actions=sent)
            result = replay_game(self.log(), until=night)[-1]
        self.publish(result, night)

    def publish(self, result: NightResult, night: int) -> None:
        morning = self.post(self.gm, self.morning(result.deaths), gm=True)
        here = SourceRef(kind="post", post=morning)
        deaths = [Death(slot=d, kind="killed", revealed_role=self.slot(d).role, raw="",
                        source=here) for d in result.deaths]
        facts = []
        for e in result.events:  # the newspaper's facts, in its words, after the deaths
            if e.visibility != "newspaper" or e.kind == "killed":
                continue
            said = self.words.fact(e.kind, self.slot(e.subject).name if e.subject else "")
            facts.append(NewspaperFact(kind=e.kind, subject=e.subject, raw=said or e.text,
                                       source=here))
        if facts:
            self.say(morning, " ".join([self.posts[morning - 1].text, *(f.raw for f in facts)]))
        told = [PrivateResult(recipient=e.recipient, kind="result", subject=e.subject,
                              result={str(e.detail("what")): _value(e.detail("result"))},
                              raw=e.text, source=SourceRef(kind="gm-log", note="private"))
                for e in result.events if e.visibility == "private" and e.recipient]
        self.published.append(PhasePublished(phase=f"N{night}", deaths=deaths,
                                             newspaper=facts, private=told))
        # what the facts change (a return, a recruitment with what it gave, an infection)
        # holds for the days after, as for a scraped game
        log = self.log()
        record_changes(log)
        self.slots = log.players
        self.phases[-1] = self.phases[-1].model_copy(
            update={"end": Boundary(post=morning, source="gm-post")})

    def morning(self, dead: list[str]) -> str:
        """The GM's morning post: who was killed, by name (the newspaper's deaths)."""
        w = self.words
        if not dead:
            return f"{w.morning} {w.nobody_died}"
        return w.morning + " " + " ".join(w.killed.format(name=self.slot(d).name)
                                          for d in dead)

    def say(self, number: int, text: str) -> None:
        """Write post `number` again with `text` (an announcement known once counted)."""
        self.posts[number - 1] = self.posts[number - 1].model_copy(
            update={"text": text, "html": _html(text)})

    def mafia_kill(self, night: int) -> None:
        """No night engine: the mafia (while any live) kill one town player."""
        alive = self.alive(f"N{night}")
        town = [s for s in alive if self.slot(s).faction != "mafia"]
        morning = self.post(self.gm, self.morning([]), gm=True)
        deaths = []
        if town and len(town) < len(alive):
            victim = self.rnd.choice(town)
            self.say(morning, self.morning([victim]))
            deaths.append(Death(slot=victim, kind="killed", revealed_role=self.slot(victim).role,
                                revealed_faction="town", source=SourceRef(kind="post",
                                                                          post=morning)))
        self.published.append(PhasePublished(phase=f"N{night}", deaths=deaths))
        self.phases[-1] = self.phases[-1].model_copy(
            update={"end": Boundary(post=morning, source="gm-post")})

    # -- the end ----------------------------------------------------------------------------

    def over(self, phase: str, post: int) -> bool:
        """Whether the victory condition names winners after `phase`; if so it is published."""
        after = f"N{int(phase[1:])}" if phase.startswith("D") else f"D{int(phase[1:]) + 1}"
        alive = set(self.alive(after))
        rules = self.rs.night
        if rules is not None and rules.new_player is not None:
            players = start_players(self.log(), rules)
            if self.nights:
                players = replay_game(self.log())[-1].players
            for slot_id, p in players.items():
                p.alive = slot_id in alive
            winners = rules.winners(players)
        else:
            mafia = sum(1 for s in alive if self.slot(s).faction == "mafia")
            winners = (["town"] if mafia == 0 else ["mafia"] if mafia * 2 >= len(alive)
                       else None)
        if winners is None:
            return False
        said = self.words.game_over(sorted(winners))
        self.say(post, f"{self.posts[post - 1].text}\n{said}")
        self.victory = Victory(winners=sorted(winners), raw=said,
                               source=SourceRef(kind="post", post=post))
        return True

    def slot(self, slot_id: str) -> Slot:
        return next(s for s in self.slots if s.id == slot_id)


def _value(value: object) -> str | int | bool:
    return value if isinstance(value, str | int | bool) else str(value)


def _html(text: str) -> str:
    """A post's body as the forum keeps it: the text escaped, its lines broken by <br>."""
    return "<br>".join(html.escape(line) for line in text.split("\n"))
