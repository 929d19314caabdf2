"""Vote-like marks found in posts, each counted or not counted with a reason."""

from __future__ import annotations

from typing import Literal

from pydantic import AwareDatetime, Field, model_validator

from engine.gamelog.base import Model, PhaseKey

VoteSpecial = Literal[
    "unvote",  # withdraw the standing vote
    "no-lynch",  # a vote for nobody to be eliminated
    "cancel",  # contested-island «не казнить X»: cancels a vote for X
]

VoidReason = Literal[
    "in-quote",
    "in-spoiler",
    "hidden-text",
    "gm-post",
    "edited",
    "after-deadline",
    "before-start",
    "self-vote",
    "dead-voter",
    "not-a-player",
    "dead-target",  # a vote for a slot that is dead (or gone) at that post
    "not-a-target",  # a vote for someone who cannot be voted for (the GM, a spectator)
    "unknown-name",
    "ambiguous-name",
    "superseded",  # an earlier mark in a post whose last mark wins
    "not-formatted",  # not written the way the rule set requires (e.g. not red, not bold)
    "vote-change-forbidden",
    "banned",  # the voter was forbidden to vote (judge, stone, block, ...)
    "voided-by-action",  # a night or day action voided it (stun, matchmaker, black mark, ...)
    "no-vote-right",  # the role has zero votes
    "nothing-to-cancel",  # contested-island «не казнить X» with no vote on X to cancel
    "gm-ruling",  # the GM ruled the mark out (the record of the game says so)
    "other",
]

CountedReason = Literal[
    # counted on the GM's word: the text alone does not give the vote (not bold, a name no
    # player has), and the GM's next vote count placed the voter on `target`
    "gm-count",
]


class Vote(Model):
    """One vote-like mark in a post.

    `weight` is the weight as written (e.g. a declared half vote); null means the rule set's
    default for the voter. Whether it counts, and if not why, is decided by the reader that
    extracted it and recorded here so the day can be re-counted and audited.
    """

    post: int = Field(description="post number")
    phase: PhaseKey | None = None
    author: str = Field(description="nick that wrote the mark")
    voter: str | None = Field(default=None, description="slot id of the voter")
    raw: str = Field(description="the mark as written")
    target: str | None = Field(default=None, description="slot id voted for")
    special: VoteSpecial | None = None
    weight: float | None = None
    time: AwareDatetime | None = None
    counts: bool = True
    reason: VoidReason | CountedReason | None = Field(
        default=None,
        description="why the mark does not count; or, for a counted mark, 'gm-count': the "
        "text alone does not give it, the GM's vote count `confirmed_by` does")
    detail: str | None = Field(default=None, description="free text detail of the reason")
    candidates: list[str] = Field(
        default_factory=list, description="slot ids an ambiguous name could mean"
    )
    confirmed_by: int | None = Field(
        default=None,
        description="reason 'gm-count': the post of the GM's vote count that placed the voter "
        "on `target` (the count after the mark, or the one that taught the alias it uses)")
    unconfirmed: VoidReason | None = Field(
        default=None,
        description="reason 'gm-count': why the mark would not count on its text alone (e.g. "
        "'not-formatted', 'unknown-name'); with the rule set's ruling "
        "'<ruleset>.gm-confirmed-marks' off it does not count, for this reason")
    line_start: bool | None = Field(
        default=None,
        description="whether only white space stands before the mark on its line (some "
        "moderators count a vote only at the start of a line); null: not known",
    )

    @model_validator(mode="after")
    def _consistent(self) -> Vote:
        if self.counts and self.reason not in (None, "gm-count"):
            raise ValueError("a counted vote has no reason for not counting")
        if not self.counts and self.reason in (None, "gm-count"):
            raise ValueError("a vote that does not count needs a reason")
        confirmed = self.reason == "gm-count"
        if confirmed != (self.confirmed_by is not None) or \
                confirmed != (self.unconfirmed is not None):
            raise ValueError("a 'gm-count' vote, and only one, names the count that confirms "
                             "it (`confirmed_by`) and why its text alone does not count "
                             "(`unconfirmed`)")
        if self.target is not None and self.special not in (None, "cancel"):
            raise ValueError(f"a {self.special!r} mark has no target")
        return self
