"""A one-day game for the vote-reading tests of every rule set: the GM's opening post, then
the given posts, day 1 running from post 0 to the post after the last."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from engine.gamelog import (
    Boundary,
    EditMarker,
    GameLog,
    Meta,
    Occupant,
    Phase,
    Post,
    Slot,
    Vote,
)
from scrapers.votes import extract_votes

Player = tuple[str, str, str | None]  # (slot id, nick, in-game name)


def day_one(ruleset: str, players: Sequence[Player], posts: Sequence[tuple[str, str]], *,
            gm: str, opening: str, opening_text: str | None = None,
            times: Sequence[str] | None = None, edited: int | None = None,
            timezone: str = "UTC") -> GameLog:
    """`posts` are (author nick, html), numbered from 1; `times` their ISO times; `edited`
    the number of a post that carries an edit marker."""
    slots = [Slot(id=sid, occupants=[Occupant(nick=nick)], ingame_name=name)
             for sid, nick, name in players]
    by_nick = {nick: sid for sid, nick, _ in players}
    log_posts = [Post(number=0, author=gm, html=opening,
                      text=opening if opening_text is None else opening_text, gm=True)]
    for i, (author, html) in enumerate(posts, start=1):
        log_posts.append(Post(
            number=i, author=author, html=html, text="", gm=author == gm,
            slot=by_nick.get(author),
            time=datetime.fromisoformat(times[i - 1]) if times else None,
            edit=EditMarker(editor=author) if edited == i else None))
    return GameLog(meta=Meta(title="t", ruleset=ruleset, gms=[gm], timezone=timezone),
                   players=slots, posts=log_posts,
                   phases=[Phase(kind="day", number=1, start=Boundary(post=0, source="manual"),
                                 end=Boundary(post=len(posts) + 1, source="manual"))])


def one(log: GameLog) -> Vote:
    """The only vote mark the posts hold."""
    votes = extract_votes(log)
    assert len(votes) == 1, votes
    return votes[0]
