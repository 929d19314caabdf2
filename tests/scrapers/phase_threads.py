"""Made-up threads for the phase tests: posts from (author, text) pairs, and the phases found
as {key: (start post, end post)}."""

from __future__ import annotations

import html

from engine.gamelog import GameLog, Meta, Phase, Post


def thread(gm: str, *posts: tuple[str, str]) -> GameLog:
    """A thread from (author, text) pairs, numbered from 0; `gm` is the moderator."""
    return GameLog(
        meta=Meta(title="test", ruleset="mafiascum", gms=[gm]),
        posts=[Post(number=i, author=author, gm=author == gm, text=text,
                    html=html.escape(text).replace("\n", "<br>"))
               for i, (author, text) in enumerate(posts)])


def bounds(phases: list[Phase]) -> dict[str, tuple[int | None, int | None]]:
    return {p.key: (p.start.post if p.start else None, p.end.post if p.end else None)
            for p in phases}
