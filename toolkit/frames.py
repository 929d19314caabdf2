"""GameLog -> pandas DataFrames with fixed, typed columns.

Every view has the same columns in the same order whatever the game, even when empty, so
notebooks and cross-game code can rely on them. Times are in UTC.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
from pandas.api.types import pandas_dtype

from engine.gamelog import DayLog, GameLog, NightLog, Phase, SourceRef, phase_key
from engine.gamelog.base import PhaseKind, phase_sort_key

STR = "string"
INT = "Int64"
FLOAT = "Float64"
BOOL = "boolean"
TIME = "datetime64[ns, UTC]"
OBJ = "object"

# the phase of the posts after the game's end (`post_phases`): the players' talk once the GM
# closed the game, kept in the views but in no phase of the game
POST_GAME = "post-game"

POSTS_COLUMNS: dict[str, str] = {
    "number": INT, "id": STR, "author": STR, "author_id": STR, "slot": STR, "phase": STR,
    "time": TIME, "gm": BOOL, "deleted": BOOL, "edited": BOOL, "quotes": INT, "words": INT,
    "text": STR, "html": STR, "page": STR,
}
VOTES_COLUMNS: dict[str, str] = {
    "post": INT, "phase": STR, "time": TIME, "author": STR, "voter": STR, "target": STR,
    "special": STR, "weight": FLOAT, "counts": BOOL, "reason": STR, "detail": STR, "raw": STR,
    "day": INT, "read_counts": BOOL, "read_reason": STR,
}
ACTIONS_COLUMNS: dict[str, str] = {
    "phase": STR, "number": INT, "actor": STR, "ability": STR, "target": STR, "targets": OBJ,
    "options": OBJ, "submitted_at": TIME, "raw": STR,
}
DEATHS_COLUMNS: dict[str, str] = {
    "phase": STR, "slot": STR, "kind": STR, "cause": STR, "revealed_role": STR,
    "revealed_faction": STR, "source_kind": STR, "source_post": INT, "raw": STR,
}
PUBLISHED_COLUMNS: dict[str, str] = {
    "phase": STR, "item": STR, "kind": STR, "subject": STR, "recipient": STR, "detail": STR,
    "source_kind": STR, "source_post": INT, "raw": STR,
}
SLOTS_COLUMNS: dict[str, str] = {
    "id": STR, "number": INT, "name": STR, "ingame_name": STR, "first_nick": STR,
    "last_nick": STR, "nicks": OBJ, "replacements": INT, "role": STR, "faction": STR,
    "fate": STR, "fate_phase": STR, "posts": INT,
}


def typed_frame(rows: Sequence[Mapping[str, Any]], columns: Mapping[str, str]) -> pd.DataFrame:
    """Rows as a DataFrame with exactly `columns` (name -> dtype), also when empty: every
    view and metric table is typed the same way."""
    df = pd.DataFrame.from_records([dict(r) for r in rows], columns=list(columns))
    for name, dtype in columns.items():
        if dtype == TIME:
            df[name] = pd.to_datetime(df[name], utc=True).astype(pandas_dtype(TIME))
        elif dtype != OBJ:
            df[name] = df[name].astype(pandas_dtype(dtype))
    return df


def _post_of(ref: SourceRef | None) -> int | None:
    return ref.post if ref is not None else None


def post_phases(log: GameLog) -> dict[int, str | None]:
    """The phase each post falls in: the last phase that started at or before it.

    A phase with no known start starts right after the previous phase's end; a first phase
    with no known start (a mafiascum day 1, whose transitions give only ends) at the first
    post, as the day count takes it. Posts before the first known start are otherwise in
    no phase (sign-ups, role PM chatter). Posts after the game's end are `POST_GAME`: the
    end is the last phase's end (the scrape ends it at the GM's end of game post), else the
    post of the GM's announced victory. Without it the last phase would run to the end of
    the thread, and the talk after the game would pass for posts of that phase (a dead
    player's "gg" for a leak).
    """
    starts: list[tuple[int, str]] = []
    prev: Phase | None = None
    for ph in log.phases:
        start: int | None = None
        if ph.start is not None and ph.start.post is not None:
            start = ph.start.post
        elif prev is not None and prev.end is not None and prev.end.post is not None:
            start = prev.end.post + 1
        elif prev is None and log.posts:
            start = log.posts[0].number
        if start is not None:
            starts.append((start, ph.key))
        prev = ph
    starts.sort()
    over = game_end_post(log)
    out: dict[int, str | None] = {}
    i = -1
    for post in log.posts:
        while i + 1 < len(starts) and starts[i + 1][0] <= post.number:
            i += 1
        if over is not None and post.number > over:
            out[post.number] = POST_GAME
        else:
            out[post.number] = starts[i][1] if i >= 0 else None
    return out


def game_end_post(log: GameLog) -> int | None:
    """The post that ends the game: the last phase's end, else the announced victory's
    post; None when the log gives neither (the game's end is then not known)."""
    if log.phases:
        last = max(log.phases, key=lambda ph: phase_sort_key(ph.key))
        if last.end is not None and last.end.post is not None:
            return last.end.post
    victory = log.published.victory
    if victory is not None and victory.source is not None:
        return victory.source.post
    return None


def posts_frame(log: GameLog) -> pd.DataFrame:
    phases = post_phases(log)
    rows = [
        {"number": p.number, "id": p.id, "author": p.author, "author_id": p.author_id,
         "slot": p.slot, "phase": phases.get(p.number), "time": p.time, "gm": p.gm,
         "deleted": p.deleted, "edited": p.edit is not None, "quotes": len(p.quotes),
         "words": len(p.text.split()), "text": p.text, "html": p.html, "page": p.page}
        for p in log.posts
    ]
    return typed_frame(rows, POSTS_COLUMNS)


def votes_frame(log: GameLog) -> pd.DataFrame:
    """One row per vote mark. `counts`, `reason` and `detail` are the day re-count's verdict
    (`toolkit.daycount.vote_verdicts`, under the log's rulings): a mark the reader took
    may still be refused by the count (`no-vote-right`, `dead-voter`, after the hammer), and
    a view that said otherwise would disagree with the tally. `day`: the day whose count
    gave the verdict; `read_counts` and `read_reason`: the reader's own reading of the mark."""
    from toolkit.daycount import vote_verdicts

    verdicts = vote_verdicts(log)
    rows = [
        {"post": v.post, "phase": v.phase, "time": v.time, "author": v.author, "voter": v.voter,
         "target": v.target, "special": v.special, "weight": v.weight, "counts": got.counts,
         "reason": got.reason, "detail": got.detail if not got.counts else v.detail,
         "raw": v.raw, "day": got.day, "read_counts": v.counts, "read_reason": v.reason}
        for v, got in zip(log.votes, verdicts, strict=True)
    ]
    return typed_frame(rows, VOTES_COLUMNS)


def actions_frame(log: GameLog) -> pd.DataFrame:
    rows: list[dict[str, Any]] = []
    groups: tuple[tuple[PhaseKind, Sequence[NightLog | DayLog]], ...] = (
        ("night", log.nights), ("day", log.days))
    for kind, logs in groups:
        for entry in logs:
            for a in entry.actions:
                rows.append({
                    "phase": phase_key(kind, entry.number), "number": entry.number,
                    "actor": a.actor, "ability": a.ability,
                    "target": a.targets[0] if a.targets else None, "targets": list(a.targets),
                    "options": dict(a.options), "submitted_at": a.submitted_at, "raw": a.raw})
    return typed_frame(rows, ACTIONS_COLUMNS)


def deaths_frame(log: GameLog) -> pd.DataFrame:
    rows = [
        {"phase": pub.phase, "slot": d.slot, "kind": d.kind, "cause": d.cause,
         "revealed_role": d.revealed_role, "revealed_faction": d.revealed_faction,
         "source_kind": d.source.kind, "source_post": d.source.post, "raw": d.raw}
        for pub in log.published.phases for d in pub.deaths
    ]
    return typed_frame(rows, DEATHS_COLUMNS)


def published_frame(log: GameLog) -> pd.DataFrame:
    """Everything published, one row per item: deaths, newspaper facts, private results and
    vote counts, with the item's structured part as JSON in `detail`."""
    rows: list[dict[str, Any]] = []

    def add(phase: str, item: str, kind: str | None, subject: str | None,
            recipient: str | None, detail: dict[str, Any], source: SourceRef, raw: str) -> None:
        rows.append({"phase": phase, "item": item, "kind": kind, "subject": subject,
                     "recipient": recipient,
                     "detail": json.dumps(detail, ensure_ascii=False, sort_keys=True),
                     "source_kind": source.kind, "source_post": _post_of(source), "raw": raw})

    for pub in log.published.phases:
        for d in pub.deaths:
            add(pub.phase, "death", d.kind, d.slot, None,
                {"cause": d.cause, "role": d.revealed_role, "faction": d.revealed_faction},
                d.source, d.raw)
        for f in pub.newspaper:
            add(pub.phase, "newspaper", f.kind, f.subject, None, dict(f.details), f.source, f.raw)
        for r in pub.private:
            add(pub.phase, "private", r.kind, r.subject, r.recipient,
                {"ability": r.ability, **r.result}, r.source, r.raw)
        for c in pub.vote_counts:
            add(pub.phase, "vote-count", None, None, None,
                {"tally": [t.model_dump() for t in c.tally], "not_voting": c.not_voting},
                c.source, c.raw)
    return typed_frame(rows, PUBLISHED_COLUMNS)


def slots_frame(log: GameLog) -> pd.DataFrame:
    counts: dict[str, int] = {}
    for p in log.posts:
        if p.slot is not None:
            counts[p.slot] = counts.get(p.slot, 0) + 1
    rows = [
        {"id": s.id, "number": s.number, "name": s.name, "ingame_name": s.ingame_name,
         "first_nick": s.occupants[0].nick, "last_nick": s.occupants[-1].nick,
         "nicks": s.nicks, "replacements": len(s.occupants) - 1, "role": s.role,
         "faction": s.faction, "fate": s.fate.kind, "fate_phase": s.fate.phase,
         "posts": counts.get(s.id, 0)}
        for s in log.players
    ]
    return typed_frame(rows, SLOTS_COLUMNS)
