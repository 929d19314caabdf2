"""Tiny games for the metric tests, small enough to compute every metric by hand.

`tiny_game` writes a mafiascum-style game: the GM opens each day in a post, each vote is one
post by its voter ("VOTE: X", or an unvote), the GM closes the day (announcing the
elimination given, or none), nights in between with the kills given. Post numbers run from
1 in the order written; post k is posted k*`minutes` minutes after `start`. Every vote
counts, so that a test's arithmetic is the metric's alone."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta

from engine.gamelog import (
    Boundary,
    Death,
    GameLog,
    Meta,
    Occupant,
    Phase,
    PhasePublished,
    Post,
    Published,
    Slot,
    SourceRef,
    Victory,
    Vote,
)

GM = "Mod"
START = datetime(2020, 1, 6, 12, 0, tzinfo=UTC)

# a day's posts: (voter slot, target slot) votes, None an unvote; ("talk", slot, text) chatter
DayPost = tuple[str, str | None] | tuple[str, str, str]


def tiny_game(factions: Mapping[str, str], days: Sequence[Sequence[DayPost]], *,
              eliminated: Sequence[str | None] = (), killed: Sequence[Sequence[str]] = (),
              winners: Sequence[str] = (), ruleset: str = "mafiascum",
              minutes: int = 10) -> GameLog:
    """`factions`: slot id -> faction (the slot's nick is its id); `days[d]`: day d+1's
    posts in order; `eliminated[d]`: who day d+1 eliminated (None: nobody; missing: not
    announced); `killed[n]`: who night n+1 killed; `winners`: the published winners."""
    posts: list[Post] = []
    votes: list[Vote] = []
    phases: list[Phase] = []
    published: list[PhasePublished] = []

    def post(author: str, text: str, *, gm: bool = False) -> int:
        number = len(posts) + 1
        posts.append(Post(number=number, author=author, slot=None if gm else author, gm=gm,
                          time=START + timedelta(minutes=minutes * number), text=text,
                          html=text))
        return number

    post(GM, "Welcome! Players: " + ", ".join(factions), gm=True)
    for d, day in enumerate(days, start=1):
        if d > 1:
            morning = post(GM, f"Night {d - 1} is over.", gm=True)
            phases.append(Phase(kind="night", number=d - 1,
                                start=phases[-1].end, end=Boundary(post=morning,
                                                                   source="gm-post")))
            dead = killed[d - 2] if d - 2 < len(killed) else []
            published.append(PhasePublished(phase=f"N{d - 1}", deaths=[
                Death(slot=s, kind="killed", source=SourceRef(kind="post", post=morning))
                for s in dead]))
        start = post(GM, f"Day {d} begins.", gm=True)
        for item in day:
            if len(item) == 3:
                post(item[1], item[2])
                continue
            voter, target = item
            number = post(voter, f"VOTE: {target}" if target else "UNVOTE")
            votes.append(Vote(post=number, phase=f"D{d}", author=voter, voter=voter,
                              raw=f"VOTE: {target}" if target else "UNVOTE", target=target,
                              special=None if target else "unvote",
                              time=posts[-1].time))
        end = post(GM, f"Day {d} is over.", gm=True)
        phases.append(Phase(kind="day", number=d, start=Boundary(post=start, source="gm-post"),
                            end=Boundary(post=end, source="gm-post")))
        if d - 1 < len(eliminated):
            gone = eliminated[d - 1]
            here = SourceRef(kind="post", post=end)
            published.append(PhasePublished(phase=f"D{d}", no_elimination=None if gone else here,
                                            deaths=[Death(slot=gone, kind="eliminated",
                                                          source=here)] if gone else []))
    slots = [Slot(id=s, number=i, occupants=[Occupant(nick=s)], faction=f)
             for i, (s, f) in enumerate(factions.items(), start=1)]
    victory = Victory(winners=list(winners), source=SourceRef(kind="post", post=len(posts))) \
        if winners else None
    return GameLog(meta=Meta(title="tiny", ruleset=ruleset, gms=[GM]), players=slots,
                   posts=posts, votes=votes, phases=phases,
                   published=Published(phases=published, victory=victory))
