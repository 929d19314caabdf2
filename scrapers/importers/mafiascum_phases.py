"""The phases of an imported mafiascum game: the day ends of transitions.tsv (a `missing`
cell, or a day past the end of the game's row, taken from the moderator's announcement with a
warning), the day starts the moderator's posts announce (`scrapers.phases`), and the nights
between."""

from __future__ import annotations

from engine.gamelog import (
    Boundary,
    ParseIssue,
    Phase,
    Post,
    SourceRef,
    Where,
    phase_sort_key,
    split_phase_key,
)
from scrapers.importers.mafiascum_archive import ArchiveGame
from scrapers.importers.mafiascum_transitions import DayEnds
from scrapers.phases import detect_day_starts, detect_phases_in


def import_phases(game: ArchiveGame, day_ends: DayEnds, posts: list[Post], file: str,
            posts_file: str, issues: list[ParseIssue]) -> list[Phase]:
    by_number = {p.number: p for p in posts}
    last_day = len(day_ends.ends)
    last_night = last_day - 1
    for aslot in game.slots:
        if aslot.fate.phase is not None:
            kind, number = split_phase_key(aslot.fate.phase)
            if kind == "day":
                last_day = max(last_day, number)
            else:
                last_night = max(last_night, number)
                last_day = max(last_day, number)
    last_night = max(last_night, last_day - 1)

    def boundary(post_number: int, col: int) -> Boundary:
        post = by_number.get(post_number)
        if post is None:
            issues.append(ParseIssue(
                severity="warning", code="transition-post-not-found",
                where=Where(file=file, line=day_ends.line),
                message=f"Day {col} ends at post {post_number}, which is not in the posts file"))
        return Boundary(post=post_number, time=post.time if post else None, source="transitions",
                        ref=SourceRef(kind="transitions", file=file, line=day_ends.line,
                                      text=str(post_number)))

    phases: list[Phase] = []
    # each day's start: the GM's announcement between the previous day's end and this one's
    # (scrapers.phases); none found leaves it empty, the day then runs from the previous end
    ends = [day_ends.ends[day - 1] if day <= len(day_ends.ends) else None
            for day in range(1, last_day + 1)]
    day_starts = dict(enumerate(detect_day_starts(posts, ends), start=1))
    detected = _detected_ends(posts, ends)
    for day in range(1, last_day + 1):
        end_post = ends[day - 1]
        if day_starts[day] is None:
            issues.append(ParseIssue(
                severity="info", code="phase-start-unknown", where=Where(file=posts_file),
                message=f"no moderator post announcing Day {day} found; its start is left empty"))
        end = boundary(end_post, day) if end_post is not None else None
        if day <= len(day_ends.ends) and end_post is None:
            found = detected.get(day)
            end = found
            issues.append(ParseIssue(
                severity="warning", code="transition-missing",
                where=Where(file=file, line=day_ends.line),
                message=f"the end of Day {day} is marked 'missing' in the transitions file"
                        + (f"; taken from the moderator's post {found.post}" if found
                           else "; " + _unannounced(day, day_starts[day], phases, posts))))
        elif end_post is None:
            # the row stops before the archive's last day (its lynch ended the game, or the
            # posts stop): the end the moderator's posts announce, when they announce one
            found = detected.get(day)
            end = found
            stops = (f"stops at Day {len(day_ends.ends)}" if day_ends.ends
                     else "records no day")
            issues.append(ParseIssue(
                severity="warning", code="transition-beyond-row",
                where=Where(file=file, line=day_ends.line),
                message=f"the transitions row {stops}, but the archive's fates name Day {day}; "
                        + (f"its end is taken from the moderator's post {found.post}"
                           f" ({found.ref.note if found.ref else found.source})" if found
                           else _unannounced(day, day_starts[day], phases, posts))))
        phases.append(Phase(kind="day", number=day, start=day_starts[day], end=end))
    for night in range(1, last_night + 1):
        day_end = phases[night - 1].end if night - 1 < len(phases) else None
        start = day_end.model_copy() if day_end is not None else None
        nxt = day_starts.get(night + 1)
        phases.append(Phase(kind="night", number=night, start=start,
                            end=nxt.model_copy() if nxt is not None else None))
    phases.sort(key=lambda p: phase_sort_key(p.key))
    return phases


def _unannounced(day: int, start: Boundary | None, earlier: list[Phase],
                 posts: list[Post]) -> str:
    """Why a day's end stays unknown, for the warning: where the day is known to begin and
    where the posts file stops (a day cut off by lost posts shows here)."""
    known = [b.post for p in reversed(earlier) for b in (p.end, p.start)
             if b is not None and b.post is not None]
    begin = start.post if start is not None else next(iter(known), None)
    last = posts[-1].number if posts else None
    where = f"after post {begin}" if begin is not None else "(its beginning is not known either)"
    return (f"no moderator post {where} announces its end: it is left open (the posts file "
            f"stops at post {last})")


def _detected_ends(posts: list[Post], ends: list[int | None]) -> dict[int, Boundary]:
    """For days whose end the transitions file leaves out ('missing', or past the end of its
    row): the end the moderator's posts announce (`scrapers.phases`), when it lies between
    the neighbouring known ends."""
    if all(e is not None for e in ends):
        return {}
    found: dict[int, Boundary] = {}
    for phase in detect_phases_in(posts)[0]:
        day = phase.number
        if phase.kind != "day" or not 1 <= day <= len(ends) or ends[day - 1] is not None:
            continue
        if phase.end is None or phase.end.post is None:
            continue
        low = next((e for e in reversed(ends[: day - 1]) if e is not None), -1)
        high = next((e for e in ends[day:] if e is not None), None)
        if phase.end.post > low and (high is None or phase.end.post < high):
            found[day] = phase.end
    return found


