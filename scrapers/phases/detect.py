"""Days and nights of a game from its moderators' posts alone.

The GM's posts are read in thread order and matched against the announcement rules of
`scrapers.phases.patterns` (`scrapers.phases.signals`). Day by day:

- a day's start is the first GM post after the previous night began that announces the day
  ("Day 2 has begun", «Наступил день», a "Vote Count 2.0", a "Day 2 vote count" with no votes
  in it); "It is now Day 2" in the post that ends day 1 starts day 2 there, wherever it
  stands in that post;
- a day cannot start after the first GM vote count that lists its votes (numbered for the
  day, or unnumbered in a post that ends no day): the count shows the day under way, so the
  search for its start stops there and the start is left unknown (the day then runs from the
  previous day's end, which loses no vote), rather than taken from a later post (a day-kill's
  "X has died", a deadline reminder saying "Day 2 has begun");
- a post that announces a day's end (a lynch, no lynch, a final count) is never a dawn: its
  unnumbered start words ("Bob has been lynched. He has died", "at sunrise the mob hanged
  Bob") are the lynch scene, unless the post moves on to the night first ("... Night falls.
  Dave was found dead."); only a numbered start of the day ("It is now Day 2") counts there;
- its end is the first GM post after that which announces the end (a lynch, no lynch, the
  deadline, a final vote count or one at the majority, the night's start, the game's end);
  when the next day begins with no end announced, the GM's last post before it is taken
  (source "inferred");
- night n runs from the end of day n to the start of day n+1 (night 0 when the game opens
  with a night).

The counts are read lightly here (`scrapers.phases.signals`: wagon lines over a "Not voting"
line), not with `scrapers.votecounts`: the importers read the GM's counts into the game log
after the phases, by day window, and the phases must not depend on them; this light reading
also serves the thread scrapers that have no archive.

The GM's opening posts (the game page, edited all game long: its living/dead lists and phase
headers name every day) may only mark the start of the game, never a later boundary. A signal
that names another phase's number does not count for this one ("Day 1 has ended" in a vote
count posted after day 2 began), and a signal of a later phase stops the search, so one
missed announcement costs one boundary, not every later one.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property

from engine.gamelog import Boundary, GameLog, ParseIssue, Phase, Post, SourceRef, Where
from engine.gamelog.phases import BoundarySource
from scrapers.phases.signals import EMPTY_COUNT, RUNNING_COUNT, Signal, post_signals

_ENDS = ("day-end", "game-end", "night-start")


@dataclass(frozen=True)
class _Mark:
    """A boundary found: the post, the signal that marked it (None when inferred)."""

    post: Post
    signal: Signal | None
    note: str | None = None


def _in_context(sigs: list[Signal], day: int) -> list[Signal]:
    """The signals of a post that may concern day `day`: when the post's trusted numbers all
    name earlier phases (a late "Final Votecount of Day 1 ... X has been lynched"), its
    unnumbered wording is about those phases too and is dropped."""
    numbers = [s.number for s in sigs if s.number is not None and not s.rule.weak]
    if numbers and max(numbers) < day:
        return [s for s in sigs if s.number is not None]
    return sigs


def _announces_end(s: Signal) -> bool:
    """Whether the signal announces that a day ended (a lynch, no lynch, a final count). The
    game's end is not (a morning post may end the game: the night killed the last mafioso),
    nor is a flip "X, Vanilla Townie, is dead" (the morning post flips the night's dead in the
    same words); "X, Vanilla Townie, was lynched" is."""
    if s.rule.weak or s.kind != "day-end":
        return False
    return s.rule.name != "flip: is dead" or "lynch" in s.text.lower()


def _no_dawn_in_an_end(sigs: list[Signal]) -> list[Signal]:
    """The post's signals without the unnumbered day starts that belong to an announcement of
    a day's end in it ("Bob has been lynched. He has died."; "At dawn the mob hanged Bob"): one
    stands only when the post has no such announcement after it, and a night start between it
    and every one before it ("Bob was lynched. Night falls. ... Dave was found dead")."""
    ends = [s.pos for s in sigs if _announces_end(s)]
    if not ends:
        return sigs
    nights = [s.pos for s in sigs if s.kind == "night-start"]

    def stands(s: Signal) -> bool:
        if s.kind != "day-start" or s.number is not None:
            return True
        if any(e > s.pos for e in ends):
            return False
        last = max(e for e in ends if e < s.pos)
        return any(last < n < s.pos for n in nights)

    return [s for s in sigs if stands(s)]


def _empty_count_of(sigs: list[Signal], day: int) -> Signal | None:
    """A count of day `day` that lists no votes yet ("First Votecount of Day 5 ... Players not
    voting: everyone"): it opens the day. Not a later count of the day ("Vote Count 5.3" after
    every vote was withdrawn), nor one in a post that ends a day."""
    empty = next((s for s in sigs if s.rule is EMPTY_COUNT), None)
    if empty is None or any(_announces_end(s) for s in sigs):
        return None
    counts = [s for s in sigs if s.kind == "in-day"]
    if not counts or any(s.number != day for s in counts):
        return None
    if any(s.rule.name == "vote count n.x" and not _N_POINT_ZERO.search(s.text)
           for s in counts):
        return None
    return empty


_N_POINT_ZERO = re.compile(r"\.\s*0+$")


def _stops_start(s: Signal, day: int, first: bool) -> bool:
    """Whether the signal shows that day `day` is already under way or over, so that its
    start announcement, if any, has been missed."""
    if s.rule.weak:
        return False
    if s.number is None:
        return first and s.kind in ("day-end", "game-end")
    return _past_day(s, day) or _ends_day(s, day) or (s.kind == "in-day" and s.number == day)


def _starts_day(s: Signal, day: int) -> bool:
    return s.kind == "day-start" and s.number in (None, day)


def _ends_day(s: Signal, day: int) -> bool:
    return s.kind in _ENDS and s.number in (None, day)


def _past_day(s: Signal, day: int) -> bool:
    """Evidence that a phase after day `day` has begun."""
    if s.number is None:
        return False
    if s.kind in ("day-start", "in-day"):
        return s.number > day
    return s.number > day and s.kind in _ENDS


class _Signals:
    """The signals of each GM post by post number, read when first asked for: the searches
    look at a few posts after each boundary, and reading every GM post's words (the long
    vote counts most of all) cost more than all the searches (a tenth of an import)."""

    def __init__(self, posts: Iterable[Post]) -> None:
        self._posts = {p.number: p for p in posts}
        self._read: dict[int, list[Signal]] = {}

    def __getitem__(self, number: int) -> list[Signal]:
        found = self._read.get(number)
        if found is None:
            found = self._read[number] = post_signals(self._posts[number])
        return found

    def get(self, number: int, default: list[Signal]) -> list[Signal]:
        return self[number] if number in self._posts else default


class _Detector:
    """The GM posts of one thread with their signals, and the day-by-day searches."""

    def __init__(self, posts: Iterable[Post]) -> None:
        posts = sorted(posts, key=lambda p: p.number)
        # The GM's opening posts (before any player posts: the game page, rules, the setup)
        # are edited all game long, so they may only mark the start of the game.
        count = next((i for i, p in enumerate(posts) if not p.gm), len(posts))
        self.opening_posts = posts[:count]
        self.gm = [p for p in posts[count:] if p.gm]
        self.signals = _Signals([*self.opening_posts, *self.gm])
        # each GM post's run ends where someone else posts next (None: nobody does)
        self.run_end: dict[int, int | None] = {}
        nxt: int | None = None
        for post in reversed(posts[count:]):
            if post.gm:
                self.run_end[post.number] = nxt
            else:
                nxt = post.number
        self.issues: list[ParseIssue] = []

    def opening(self, start: int = 0) -> Iterator[tuple[Post, list[Signal]]]:
        """The opening posts from the `start`th, with their signals (read as reached: the
        game page is long, and most searches end before they come to it)."""
        for post in self.opening_posts[start:]:
            yield post, self.signals[post.number]

    @cached_property
    def first(self) -> int:
        """The first day the thread holds (`_first_day`), worked out when first asked."""
        return _first_day([s for _, sigs in self.opening() for s in sigs],
                          lambda: [s for p in self.gm for s in self.signals[p.number]])

    def _after(self, mark: _Mark | None, day: int | None = None
               ) -> Iterator[tuple[Post, list[Signal]]]:
        """GM posts after the boundary's post; in the boundary's own post, only the numbered
        day starts that follow it ("Bob was lynched. ... Day 2 begins."), and those naming
        `day` wherever they stand ("It is now Day 2! Bob was lynched ...": the post that ends
        the day before starts this one). One at a time: a search stops after a few posts,
        and only the posts it reaches have their words read."""
        for post in self.gm:
            if mark is None or post.number > mark.post.number:
                yield post, self.signals[post.number]
            elif post.number == mark.post.number:
                pos = mark.signal.pos if mark.signal is not None else None
                rest = [s for s in self.signals[post.number]
                        if s.kind == "day-start" and s.number is not None
                        and ((pos is not None and s.pos > pos)
                             or (day is not None and s.number == day))]
                yield post, rest

    def night_zero(self) -> _Mark | None:
        """The start of night 0 when a GM post announces it before day 1 begins."""
        # not in the game page (its player list says "died Night 0" all game long); "the
        # game has begun" says nothing about which phase it begins with
        for post, sigs in itertools.chain(self.opening(1), self._after(None)):
            night = next((s for s in sigs if s.kind == "night-start" and s.number == 0), None)
            if night is not None:
                return _Mark(post, night)
            if any(_starts_day(s, 1) and s.number == 1 and s.rule.fixed is None and not s.rule.weak
                   for s in sigs):
                return None
        return None

    def day_start(self, day: int, after: _Mark | None) -> _Mark | None:
        # An unnumbered lynch stops the search for day 1 only: on later days the GM's flip
        # scenes after the previous day's end retell that lynch.
        first = after is None or (after.signal is not None and after.signal.number == 0)
        if after is None:
            # "Day 1 begins now!" among the GM's first posts (after the game page, which is
            # edited all game long) opens the game
            for post, sigs in self.opening(1):
                found = next((s for s in sigs if _starts_day(s, day) and not s.rule.weak), None)
                if found is not None:
                    return _Mark(post, found, "the GM's opening posts")
        for post, sigs in self._after(after, day):
            sigs = _in_context(sigs, day)
            if any(s.rule is RUNNING_COUNT for s in sigs):
                break  # the GM counts the day's votes: it began before this post
            sigs = _no_dawn_in_an_end(sigs)
            # "Day 2" names the day wherever it stands in the post; an unnumbered start
            # ("X has died") counts only before any sign that the day is over
            found = next((s for s in sigs if _starts_day(s, day) and s.number is not None), None)
            if found is None:
                found = _empty_count_of(sigs, day)
            if found is not None and any(
                    s.kind in _ENDS and not s.rule.weak
                    and (s.number == day or (s.number is None and s.pos > found.pos))
                    for s in sigs):
                # "Vote Count 3.0 ... kanyeknowsbest (3) [LYNCH!]": a count that ends the day
                # it names (an end of this day, or an unnumbered one after the count); its
                # start was missed. "X was lynched. Day 2 begins" ends the day before.
                break
            for s in sigs:
                if found is not None:
                    break
                if _starts_day(s, day):
                    found = s
                elif _stops_start(s, day, first):
                    break
            if found is not None:
                return _Mark(post, found)
            if any(_stops_start(s, day, first) for s in sigs):
                break
        # `first` asked for only past day 1: it reads every opening post
        if day == 1 or day == self.first:
            for post in reversed(self.opening_posts):
                sigs = self.signals[post.number]
                found = next((s for s in sigs if _starts_day(s, day)), None)
                if found is not None:
                    return _Mark(post, found, "the GM's opening posts")
        return None

    def day_end(self, day: int, start: _Mark | None, after: _Mark | None) -> _Mark | None:
        previous: Post | None = None
        origin = start or after
        for post, sigs in self._after(origin):
            sigs = _in_context(sigs, day)
            if start is None:
                # Without the day's start, an unnumbered "night actions are due" may still be
                # about the night that the previous day's end began.
                sigs = [s for s in sigs if s.kind != "night-start"
                        or (s.number is not None and not s.rule.weak)]
            found = next((s for s in sigs if _ends_day(s, day)), None)
            if found is not None:
                return _Mark(post, found)
            # "X, Vanilla Townie, lynched Day 4" while no sign of day 4 has been seen: the GM
            # numbered the day wrong (a whole missed day would have shown its start first)
            found = next((s for s in sigs if s.kind == "day-end" and s.number == day + 1
                          and not s.rule.weak), None)
            if found is not None:
                return _Mark(post, found, f"the GM calls it Day {day + 1}")
            if any(not s.rule.weak and _past_day(s, day) for s in sigs):
                if previous is None:
                    return None
                return _Mark(previous, None,
                             f"no end announced; the last moderator post before day "
                             f"{day + 1} began (post {post.number})")
            if origin is None or post.number != origin.post.number:
                previous = post
        return None

    def _game_over(self, end: _Mark, day: int) -> bool:
        """Whether the post that ended the day also ends the game ("X was lynched. Town
        wins!"), or a GM post that follows it before anyone else posts and before any sign of
        the night or the next day does (a final count at the majority, then "A lynch has been
        achieved ... Town wins"): then no night follows."""
        if any(s.kind == "game-end"
               for s in _in_context(self.signals.get(end.post.number, []), day)):
            return True
        if end.post.number not in self.run_end:
            return False  # an opening post: its run is the game's setup
        stop = self.run_end[end.post.number]
        for post in self.gm:
            if post.number <= end.post.number:
                continue
            if stop is not None and post.number > stop:
                break
            sigs = _no_dawn_in_an_end(_in_context(self.signals[post.number], day))
            if any(s.kind in ("day-start", "night-start") for s in sigs):
                return False  # the night passed (threads are often locked at night)
            if any(s.kind == "game-end" for s in sigs):
                return True
        return False

    @staticmethod
    def _close(phases: list[Phase], end: _Mark) -> None:
        """End the last phase at the GM's end of game post `end`."""
        if phases and phases[-1].end is None:
            last = phases[-1]
            phases[-1] = last.model_copy(update={"end": _boundary(end)})

    def run(self) -> list[Phase]:
        phases: list[Phase] = []
        n0 = self.night_zero()
        after = night_start = n0
        night_number = 0
        day = 1
        if n0 is None and self.first > 1:
            # a topic of one later day («День третий»): the night before it ends at its start
            day = night_number = self.first
            night_number -= 1
        while True:
            start = self.day_start(day, after)
            if night_start is not None or (day == self.first > 1 and start is not None):
                phases.append(Phase(kind="night", number=night_number,
                                    start=_boundary(night_start), end=_boundary(start)))
            end = self.day_end(day, start, after)
            if start is None and end is None and day > 1:
                break  # nothing after the last night: the game ended during it
            if start is None and day > 1 and end is not None and _only_game_over(end, day,
                                                                                  self.signals):
                # "Game over. Mafia wins!" with no day begun and no lynch: the game ended
                # in the night (its kills), at that post; no day of it follows. What comes
                # after is the players' talk once the game is over (`toolkit.frames`).
                self._close(phases, end)
                break
            if start is not None and end is None and day > 1 and self._game_over(start, day):
                break  # the morning post ends the game ("... Мафии не осталось: победа!")
            phases.append(Phase(kind="day", number=day, start=_boundary(start),
                                end=_boundary(end)))
            for what, mark, other in (("start", start, end), ("end", end, start)):
                if mark is None:
                    # the issue points at the day's other boundary, when there is one
                    self.issues.append(ParseIssue(
                        severity="warning", code="phase-not-found",
                        where=Where(post=other.post.number if other else None),
                        message=f"no moderator post announcing the {what} of Day {day} found"))
            if end is None or self._game_over(end, day):
                break
            after = night_start = end
            night_number = day
            day += 1
        return phases


def _only_game_over(end: _Mark, day: int, signals: _Signals) -> bool:
    """Whether the post that would end day `day` only ends the game: its mark is the
    game's end, and no trusted signal of the post announces a day's end (a lynch)."""
    if end.signal is None or end.signal.kind != "game-end":
        return False
    sigs = _in_context(signals.get(end.post.number, []), day)
    return not any(_announces_end(s) for s in sigs)


def _first_day(opening: Sequence[Signal], rest: Callable[[], Sequence[Signal]]) -> int:
    """The first day the thread holds, by the GM's own numbers: a topic of one later day
    (games split one topic a day) opens with «День третий», «Наступил день 2», «Итоги ночи 2
    и начало дня 3». Taken only when the GM's opening posts (before anyone else posts) hold
    the first numbered announcement, one that starts (or counts the votes of) that day, and
    no announcement anywhere names an earlier phase; else day 1 (a GM who numbers no day
    before "Day 2" has still run day 1 in the thread)."""
    def numbered(signals: Sequence[Signal]) -> list[Signal]:
        return [s for s in signals if s.number is not None and not s.rule.weak
                and s.kind != "game-end"]

    first_ones = numbered(opening)
    if not first_ones or first_ones[0].kind not in ("day-start", "in-day"):
        return 1
    first = first_ones[0].number
    assert first is not None
    if first < 2:
        return 1
    # night n ends day n: "Night 1 has begun" is about day 1 (the rest read only now: it
    # matters only to a topic that opens on a later day)
    numbered_all = [*first_ones, *numbered(rest())]
    if any((s.number or 0) < first for s in numbered_all):
        return 1
    return first


def _boundary(mark: _Mark | None) -> Boundary | None:
    if mark is None:
        return None
    source: BoundarySource
    if mark.signal is None:
        source = "inferred"
        ref = SourceRef(kind="inferred", post=mark.post.number, note=mark.note)
    else:
        source = mark.signal.rule.source
        note = mark.signal.rule.name + (f" ({mark.note})" if mark.note else "")
        ref = SourceRef(kind="post", post=mark.post.number, text=mark.signal.text, note=note)
    return Boundary(post=mark.post.number, time=mark.post.time, source=source, ref=ref)


def detect_phases(log: GameLog) -> tuple[list[Phase], list[ParseIssue]]:
    """Days and nights in order (N0 first when the game opens with a night), each boundary
    pointing at the GM post that marked it. Never raises; a day whose start or end was not
    found is reported as a `phase-not-found` warning."""
    return detect_phases_in(log.posts)


def detect_phases_in(posts: Iterable[Post]) -> tuple[list[Phase], list[ParseIssue]]:
    """`detect_phases` on posts alone (an importer before its log exists)."""
    detector = _Detector(posts)
    phases = detector.run()
    return phases, detector.issues


def detect_day_starts(posts: Iterable[Post], day_ends: Sequence[int | None]
                      ) -> list[Boundary | None]:
    """The start of each day when the day ends are known already (a dataset's transitions):
    for day d, the first GM post after day d-1's end post that announces day d, no later than
    day d's own end. ``day_ends[i]`` is the end post of day i+1 (None: unknown, and then so
    is the start of the next day). Returns one start per day end, None where none was found."""
    detector = _Detector(posts)
    by_number = {p.number: p for p in detector.gm}
    starts: list[Boundary | None] = []
    for index, end in enumerate(day_ends):
        day = index + 1
        after: _Mark | None = None
        if day > 1:
            previous = day_ends[index - 1]
            if previous is None:
                starts.append(None)
                continue
            after = _previous_end(by_number.get(previous), previous, day - 1, detector)
        start = detector.day_start(day, after)
        if start is not None and (end is None or start.post.number <= end) and (
                after is None or start.post.number >= after.post.number):
            starts.append(_boundary(start))
        else:
            starts.append(None)
    return starts


def _previous_end(post: Post | None, number: int, day: int, detector: _Detector) -> _Mark:
    """A mark at a known end post: after its own end announcement when it has one, so that
    "X was lynched. ... Day 2 begins." in that post still starts the next day."""
    if post is None:
        # a player's post or a lost one: the search starts after it
        return _Mark(Post(number=number, author="", html="", text=""), None)
    sigs = _in_context(detector.signals[post.number], day)
    return _Mark(post, next((s for s in sigs if _ends_day(s, day)), None))

