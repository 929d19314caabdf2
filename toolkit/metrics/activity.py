"""Activity: posts and words per slot per day, the lurk index, the longest silence, and the
hour-of-day heatmap (issue 8, "Activity").

What every function here counts, unless it says otherwise:

- A *player post* is a post with a slot (`Post.slot`), not written as GM (`Post.gm`) and
  not deleted (`Post.deleted`); a replacement's posts count for the slot.
- A post is *in day N* when `toolkit.frames.post_phases` puts it in phase ``DN`` (the last
  phase that started at or before it); posts of the nights are in no day. When the first
  phase is a day whose start is unknown (the mafiascum corpus gives only the days' ends),
  the thread opens with it: the posts before the first known start are in it. Otherwise
  posts before the first phase are in no day.
- *Words*: the whitespace-separated tokens of `Post.text`, the author's own words (quotes,
  spoiler markup and signatures are already left out of it).
- A slot is *alive on day N* when the GM announced no death of it in a phase before ``DN``
  (`GameLog.announced_out`), so a slot lynched on day N is alive on day N.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pandas as pd

from engine.gamelog import GameLog, Phase, Post
from engine.gamelog.base import phase_sort_key
from toolkit.frames import BOOL, FLOAT, INT, STR, TIME, post_phases, typed_frame

DAILY_COLUMNS: dict[str, str] = {
    "day": INT, "slot": STR, "alive": BOOL, "posts": INT, "words": INT, "share": FLOAT,
    "lurk": FLOAT,
}
LURK_COLUMNS: dict[str, str] = {
    "slot": STR, "days": INT, "posts": INT, "expected": FLOAT, "lurk": FLOAT,
}
SILENCE_COLUMNS: dict[str, str] = {
    "day": INT, "slot": STR, "hours": FLOAT, "start": TIME, "end": TIME, "from": STR, "to": STR,
    "from_post": INT, "to_post": INT, "posts": INT,
}
HEATMAP_COLUMNS: dict[str, str] = {"slot": STR, "hour": INT, "posts": INT}


def player_posts(log: GameLog) -> list[Post]:
    """The player posts of the log (module docstring), in thread order."""
    return [p for p in log.posts if p.slot is not None and not p.gm and not p.deleted]


def words(post: Post) -> int:
    """The post's words: whitespace tokens of its text (quotes are not in `Post.text`)."""
    return len(post.text.split())


def _days(log: GameLog) -> list[int]:
    return sorted(p.number for p in log.phases if p.kind == "day")


def _opens(log: GameLog) -> bool:
    """Whether the thread opens with the first phase: a day with no known start."""
    first = log.phases[0] if log.phases else None
    return first is not None and first.kind == "day" and (
        first.start is None or first.start.post is None)


def post_days(log: GameLog) -> dict[int, int | None]:
    """The day each post is in (module docstring), by post number; None: in no day."""
    phases = post_phases(log)
    opening = log.phases[0].number if _opens(log) else None
    out: dict[int, int | None] = {}
    for number, phase in phases.items():
        if phase is None:
            out[number] = opening
        else:
            out[number] = int(phase[1:]) if phase.startswith("D") else None
    return out


def daily_activity(log: GameLog) -> pd.DataFrame:
    """Posts and words per slot per day, with each slot's share and lurk index of the day.

    One row per day of the log and per slot alive on it, plus a row for a slot not alive
    that posted in the day (a dead player's posts: ``alive`` False). Columns
    (`DAILY_COLUMNS`): ``day``; ``slot``; ``alive``; ``posts`` its player posts in the day;
    ``words`` their words; ``share`` posts / all the living slots' posts of the day (NA when
    nobody alive posted); ``lurk`` = 1 - posts / m, m the living slots' mean posts of the
    day (their posts / their number): 1 silent, 0 as many as the average, negative more;
    NA when m is 0 and for a slot not alive. Sorted by day, then slot in roster order."""
    day_of = post_days(log)
    order = {s.id: i for i, s in enumerate(log.players)}
    counts: dict[tuple[int, str], tuple[int, int]] = {}
    for post in player_posts(log):
        day = day_of.get(post.number)
        if day is None:
            continue
        key = (day, str(post.slot))
        n, w = counts.get(key, (0, 0))
        counts[key] = (n + 1, w + words(post))
    rows: list[dict[str, Any]] = []
    for day in _days(log):
        out = log.announced_out(f"D{day}")
        living = [s.id for s in log.players if s.id not in out]
        posters = sorted({s for d, s in counts if d == day} - set(living),
                         key=lambda s: order.get(s, len(order)))
        total = sum(counts.get((day, s), (0, 0))[0] for s in living)
        mean = total / len(living) if living else 0.0
        for slot in [*living, *posters]:
            n, w = counts.get((day, slot), (0, 0))
            alive = slot in living
            rows.append({"day": day, "slot": slot, "alive": alive, "posts": n, "words": w,
                         "share": n / total if alive and total else None,
                         "lurk": 1 - n / mean if alive and mean else None})
    return typed_frame(rows, DAILY_COLUMNS)


def lurk_index(log: GameLog) -> pd.DataFrame:
    """Each slot's lurk index over the game: 1 - posts / expected.

    Over the days the slot was alive on (module docstring): ``posts`` its player posts in
    those days; ``expected`` the sum over those days of the living slots' mean posts of the
    day (what an average living player wrote). ``lurk`` = 1 - posts / expected: 1 never
    posted, 0 posted as much as the average, negative more; NA when expected is 0 (nobody
    posted on its days, or it was alive on none). Columns (`LURK_COLUMNS`): ``slot``,
    ``days`` (days alive), ``posts``, ``expected``, ``lurk``. One row per slot, sorted by
    lurk (highest first, NA last), then roster order."""
    daily = daily_activity(log)
    alive = daily[daily["alive"].astype(bool)]
    rows: list[dict[str, Any]] = []
    for i, slot in enumerate(log.players):
        mine = alive[alive["slot"] == slot.id]
        posts = int(mine["posts"].sum())
        expected = 0.0
        for day in mine["day"]:
            today = alive[alive["day"] == day]
            expected += float(today["posts"].sum()) / len(today)
        rows.append({"slot": slot.id, "days": len(mine), "posts": posts, "expected": expected,
                     "lurk": 1 - posts / expected if expected else None, "_order": i})
    rows.sort(key=lambda r: (r["lurk"] is None, -(r["lurk"] or 0.0), r["_order"]))
    for r in rows:
        del r["_order"]
    return typed_frame(rows, LURK_COLUMNS)


# -- silence --------------------------------------------------------------------------


def _post_time(log: GameLog, number: int | None) -> datetime | None:
    if number is None:
        return None
    post = next((p for p in log.posts if p.number == number), None)
    return post.time if post is not None else None


def _start(log: GameLog, phase: Phase) -> datetime | None:
    """When the phase started: its start's time, else its start post's time, else the end
    of the phase before it; a first day with no known start opens the thread: the time of
    its first post."""
    if phase.start is not None:
        when = phase.start.time or _post_time(log, phase.start.post)
        if when is not None:
            return when
    i = log.phases.index(phase)
    if i > 0:
        return _end(log, log.phases[i - 1])
    if _opens(log):
        return next((p.time for p in log.posts if p.time is not None), None)
    return None


def _end(log: GameLog, phase: Phase) -> datetime | None:
    """When the phase ended: its end's time, else its end post's time, else the start of the
    phase after it."""
    if phase.end is not None:
        when = phase.end.time or _post_time(log, phase.end.post)
        if when is not None:
            return when
    i = log.phases.index(phase)
    if i + 1 < len(log.phases):
        nxt = log.phases[i + 1]
        if nxt.start is not None:
            return nxt.start.time or _post_time(log, nxt.start.post)
    return None


def _game_end(log: GameLog) -> datetime | None:
    """The end of the last phase, else the time of the last post with a time."""
    when = _end(log, log.phases[-1]) if log.phases else None
    if when is not None:
        return when
    times = [p.time for p in log.posts if p.time is not None]
    return times[-1] if times else None


def _deaths(log: GameLog) -> dict[str, datetime | None]:
    """Each slot's first announced death: the time of the post that announced it, else the
    end of the phase it happened in (None when neither is known)."""
    out: dict[str, datetime | None] = {}
    for item in sorted(log.published.phases, key=lambda x: phase_sort_key(x.phase)):
        for death in item.deaths:
            if death.slot in out:
                continue
            when = _post_time(log, death.source.post)
            if when is None:
                phase = next((p for p in log.phases if p.key == item.phase), None)
                when = _end(log, phase) if phase is not None else None
            out[death.slot] = when
    return out


def _gap(start: datetime, end: datetime, posts: list[Post], end_kind: str,
         start_kind: str) -> dict[str, Any]:
    """The longest gap in the window [start, end] between consecutive points: the start,
    the posts' times inside the window, the end; the earliest of equal gaps."""
    points: list[tuple[datetime, str, int | None]] = [(start, start_kind, None)]
    inside = [p for p in posts if p.time is not None and start <= p.time <= end]
    points += [(p.time, "post", p.number) for p in inside if p.time is not None]
    points.append((end, end_kind, None))
    best = max(range(len(points) - 1),
               key=lambda i: (points[i + 1][0] - points[i][0], -i))
    (t0, k0, n0), (t1, k1, n1) = points[best], points[best + 1]
    return {"hours": (t1 - t0).total_seconds() / 3600, "start": t0, "end": t1, "from": k0,
            "to": k1, "from_post": n0, "to_post": n1, "posts": len(inside)}


def longest_silence(log: GameLog, *, by_day: bool = False) -> pd.DataFrame:
    """Each slot's longest silence: the longest gap, in hours, between consecutive points of
    its window, the points being the window's start, the times of the slot's player posts
    inside it, and the window's end (so a slot that never posts is silent for its whole
    window). Of equal gaps, the earliest.

    Game (`by_day` False): the window runs from the start of the first day to the slot's
    first announced death (the time of the post announcing it, else the end of the phase it
    happened in) or, for a slot not announced dead, the game's end (the end of the last
    phase, else the last post's time); nights are part of it. ``day`` is NA.
    By day (`by_day` True): one window per day the slot is alive on (module docstring),
    from the day's start to its end, or to the slot's death when that is not later (``to``
    ``death``: a slot lynched that day); posts of that day only.

    A phase's start is its start boundary's time, else its start post's time, else the end
    of the phase before (a first day with no known start: the thread's first post); its end
    likewise (else the start of the next phase). A window with
    an unknown or empty span (end not after start) gives no row. Columns
    (`SILENCE_COLUMNS`): ``day``, ``slot``, ``hours``; ``start``, ``end`` the gap's ends
    (UTC); ``from``, ``to`` what they are (``start``: the window's start, ``post``,
    ``death``, ``end``: the game's or the day's end); ``from_post``, ``to_post`` the post
    numbers at the ends (NA unless a post); ``posts`` the slot's posts in the window.
    Sorted by day, then hours (longest first), then roster order."""
    posts: dict[str, list[Post]] = {}
    for post in player_posts(log):
        posts.setdefault(str(post.slot), []).append(post)
    died = _deaths(log)
    days = [p for p in log.phases if p.kind == "day"]
    order = {s.id: i for i, s in enumerate(log.players)}
    rows: list[dict[str, Any]] = []
    if not by_day:
        begin = _start(log, days[0]) if days else None
        finish = _game_end(log)
        for slot in log.players:
            dead = died.get(slot.id)
            end = dead if slot.id in died else finish
            if begin is None or end is None or end <= begin:
                continue
            gap = _gap(begin, end, posts.get(slot.id, []),
                       "death" if slot.id in died else "end", "start")
            rows.append({"day": None, "slot": slot.id, **gap})
    else:
        day_of = post_days(log)
        for day in days:
            begin, finish = _start(log, day), _end(log, day)
            out = log.announced_out(day.key)
            for slot in log.players:
                if slot.id in out or begin is None or finish is None:
                    continue
                dead = died.get(slot.id)
                kind = "end"
                end = finish
                if dead is not None and dead <= finish:
                    end, kind = dead, "death"
                if end <= begin:
                    continue
                today = [p for p in posts.get(slot.id, []) if day_of.get(p.number) == day.number]
                rows.append({"day": day.number, "slot": slot.id,
                             **_gap(begin, end, today, kind, "start")})
    rows.sort(key=lambda r: (r["day"] or 0, -r["hours"], order[r["slot"]]))
    return typed_frame(rows, SILENCE_COLUMNS)


def hour_heatmap(log: GameLog, zone: str | None = None) -> pd.DataFrame:
    """Player posts per slot and hour of the day, on the clock of `zone` (an IANA zone;
    default the game's `meta.timezone`), over the whole thread (days, nights, before and
    after); posts without a time are left out. Long format, every slot x every hour 0-23
    (zeros included), so a heatmap is one pivot away. Columns (`HEATMAP_COLUMNS`): ``slot``,
    ``hour``, ``posts``. Sorted by roster order, then hour."""
    tz = ZoneInfo(zone or log.meta.timezone)
    counts: dict[tuple[str, int], int] = {}
    for post in player_posts(log):
        if post.time is None:
            continue
        key = (str(post.slot), post.time.astimezone(tz).hour)
        counts[key] = counts.get(key, 0) + 1
    rows = [{"slot": s.id, "hour": h, "posts": counts.get((s.id, h), 0)}
            for s in log.players for h in range(24)]
    return typed_frame(rows, HEATMAP_COLUMNS)
