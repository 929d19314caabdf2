"""What a grammar is: marks in, commands out."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from scrapers.html_text import PostBodies
from scrapers.votes.marks import Mark

CommandKind = Literal["vote", "unvote", "no-lynch", "cancel"]


@dataclass(frozen=True)
class Command:
    """``vote`` with the name as written, ``unvote``, ``no-lynch``, or ``cancel`` with a
    name. `weight`: a weight the text itself states (rare); `void`: a reason the grammar
    already knows the command does not count (e.g. "not-formatted"), with `detail`."""

    kind: CommandKind
    name: str | None
    raw: str
    weight: float | None = None
    void: str | None = None
    detail: str | None = None
    # a mark that is only a name (open-roles' bold «Кубу»): a vote only where the name is a
    # player's, found exactly or inflected, and the post holds no written vote
    bare: bool = False
    to_author: bool = False  # the vote names its writer («голосую за себя»)
    # for a voter whose two votes stand apart (a split Doublevoter): "X x2" puts both on
    # the name (`both`); "A, B" puts one on each (`split`: the two names as written)
    both: bool = False
    split: tuple[str, str] | None = None


@dataclass(frozen=True)
class Grammar:
    id: str
    read: Callable[[Mark], list[Command]]
    prefilter: re.Pattern[str]  # a post whose HTML does not match holds no vote
    # the same answers as `prefilter` by cheaper means, where the grammar has them (the
    # prefilter looks at every post's whole HTML)
    quick_prefilter: Callable[[str], bool] | None = field(default=None, kw_only=True)
    bold: bool = True  # bold runs are marks
    colour: bool = False  # coloured runs are marks
    plain_lines: bool = False  # each plain line of the post's own text is a mark too
    # commands from the post's own plain lines read as a whole (outside quotes, spoilers and
    # hidden text): world-cup-2018's post signed «красным с телефона»
    read_text: Callable[[list[str]], list[Command]] | None = None
    # `read_text` runs only on posts whose HTML holds this (None: on every post)
    text_needle: str | None = None
    # the lines given to `read_text` leave out the bold runs and vote tags (marks already)
    text_without_marks: bool = False
    # a mark whose text this finds is given the plain text after it on its line
    # (`Mark.after`): mafiascum's bold "Vote:" with the name written after it unbolded
    read_after: re.Pattern[str] | None = None
    # a mark this grammar reads that looks like a vote (its vote word, or a red run where
    # the colour is the vote): one that gives no command is set aside with a reason, never
    # dropped unseen (`scrapers.votes.extract.VoteReading`)
    looks_like: Callable[[Mark], bool] = field(kw_only=True)

    def may_hold_vote(self, html: str) -> bool:
        """Whether a post with this HTML may hold a vote (`prefilter`)."""
        if self.quick_prefilter is not None:
            return self.quick_prefilter(html)
        return self.prefilter.search(html) is not None

    def may_hold_vote_in(self, bodies: PostBodies | None, number: int, html: str) -> bool:
        """`may_hold_vote` of post `number`, asked once a run where the run shares its
        `bodies` (the import and the votes stage both ask it of every post)."""
        if bodies is None:
            return self.may_hold_vote(html)
        return bodies.answer(f"may hold a vote ({self.id})", number, html, self.may_hold_vote)
