"""The GM's own posts in the thread read as published results: the morning newspaper's facts
(«Некромант воскресил X», "An attempt on X failed") and the roles shown with the deaths
(«Посажен X. X — Водитель, честный»), and the game's end with its winners («Мафии не
осталось: победа честных!», "the survivors win!").

A post is free text, so a line that is no result is passed over without a report; only a
result whose every name fits one player is taken. Deaths themselves are read by
`scrapers.deaths` (by the phases' windows); here a death only carries the role the same post
reveals, put on the death already found for that slot."""

from __future__ import annotations

import re

from engine.gamelog import GameLog, Phase, PhasePublished, SourceRef, Victory
from scrapers.gmlog import results
from scrapers.gmlog.model import GmLog
from scrapers.gmlog.parser import reader_for
from scrapers.gmlog.vocab import Vocabulary


def read_gm_posts(log: GameLog) -> None:
    """Add to `log.published` the newspaper facts and revealed roles of the GM's posts."""
    if not log.players or not any(p.gm for p in log.posts):
        return
    found = GmLog(file=None)
    reader = reader_for(log.meta.ruleset, log.players, found)
    for post in log.posts:
        if not post.gm or post.deleted:
            continue
        key = _phase_of(log.phases, post.number)
        for line in post.text.splitlines():
            if line.strip():
                reader.post_line(key, line, SourceRef(kind="post", post=post.number,
                                                      text=line.strip()))
    _victory(log, reader.vocab)
    for key, items in found.published.items():
        phase = log.published.for_phase(key)
        known = {d.slot: d for d in phase.deaths} if phase else {}
        for death in items.deaths:
            if death.slot in known and known[death.slot].revealed_role is None:
                known[death.slot].revealed_role = death.revealed_role
                known[death.slot].revealed_faction = death.revealed_faction
        facts = [f for f in items.newspaper
                 if phase is None or (f.kind, f.subject) not in {
                     (g.kind, g.subject) for g in phase.newspaper}]
        if facts:
            if phase is None:
                phase = PhasePublished(phase=key)
                log.published.phases.append(phase)
            phase.newspaper.extend(facts)


def _victory(log: GameLog, vocab: Vocabulary) -> None:
    """The game's end as the GM's last post announcing one says it: its winners."""
    if log.published.victory is not None:
        return
    for post in reversed([p for p in log.posts if p.gm and not p.deleted]):
        for line in reversed(post.text.splitlines()):
            for sentence in reversed(re.split(r"(?<=[.!?])\s+", line.strip())):
                winners = results.victory_line(sentence, vocab)
                if winners:
                    log.published.victory = Victory(
                        winners=winners, raw=sentence,
                        source=SourceRef(kind="post", post=post.number, text=sentence))
                    return


def _phase_of(phases: list[Phase], post: int) -> str:
    """Inside a day (after its start, before its end): that day; else the night after the
    last day that ended at or before the post (the morning post opening a day is still the
    night's news)."""
    key = "N0"
    for p in sorted(phases, key=lambda p: (p.number, p.kind != "day")):
        if p.kind != "day":
            continue
        start = p.start.post if p.start else None
        end = p.end.post if p.end else None
        if start is not None and start < post and (end is None or post < end):
            return p.key
        if end is not None and end <= post:
            key = f"N{p.number}"
    return key
