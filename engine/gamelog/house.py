"""House rules as a game log carries them: how one game's day is voted and counted, declared
by whoever scrapes it (`mafiakit scrape --rules house.toml`, or a `[rules]` table in a
`game.toml`) instead of picked from the registered rule sets.

The log keeps the declaration itself (`Meta.house_rules`), not a reference to the file: a
saved log re-counts the same on another machine, years later, without the TOML file. The
rule set is built from these facts (`engine.rulesets.house`), the vote grammar too
(`scrapers.votes.house`). Every field has the generic forum rule set's value as its default,
so a declaration names only what its game does differently; the same defaults *are* the
generic forum rule set (id "forum"), used when a thread is scraped with no rules at all.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, field_validator, model_validator

from engine.gamelog.base import Model

MarkStyle = Literal[
    "bold",  # a bold run (<b>, <strong>, a heading, a bold style)
    "colour",  # a coloured run (`VoteForms.colours` says which colours)
    "tag",  # the forum's vote tag ([vote]X[/vote])
    "plain",  # a line of the post's own plain text (not quoted, not in a spoiler)
]
TieRule = Literal[
    "no-elimination",  # several share the most votes: nobody is eliminated
    "first-reached",  # the one who reached the tied count first
    "last-reached",  # the one who reached it last
]

# the common forms of English and Russian forums: the generic forum rule set's
FORUM_VOTE = ("vote", "vote for", "lynch", "голосую за", "голосую против", "голосую",
              "голос за", "голос против", "голос в", "голос на", "казнить")
FORUM_UNVOTE = ("unvote", "un-vote", "снимаю голос", "отзываю голос", "отменяю голос",
                "забираю голос")
FORUM_CANCEL = ("не казнить",)
FORUM_NO_LYNCH = ("no lynch", "nolynch", "no elimination", "no execution", "nobody",
                  "никого", "без казни", "против всех")

FORUM_MARKS: tuple[MarkStyle, ...] = ("bold", "tag")

_HHMM = re.compile(r"^(?:[01]\d|2[0-3]):[0-5]\d$")


def _phrases(value: list[str]) -> list[str]:
    """Phrases as matched: white space made single, none empty, none twice."""
    out: list[str] = []
    for phrase in value:
        one = " ".join(phrase.split())
        if not one:
            raise ValueError("an empty phrase")
        if one.casefold() not in {p.casefold() for p in out}:
            out.append(one)
    return out


class VoteForms(Model):
    """How a vote is written: the phrases before the name, and where a mark may stand."""

    vote: list[str] = Field(default_factory=lambda: list(FORUM_VOTE),
                            description="phrases written before the name of the one voted "
                                        "for ('vote', 'голосую за', 'казнить')")
    unvote: list[str] = Field(default_factory=lambda: list(FORUM_UNVOTE),
                              description="phrases that withdraw the voter's standing vote")
    cancel: list[str] = Field(default_factory=lambda: list(FORUM_CANCEL),
                              description="phrases before a name that withdraw the voter's "
                                          "vote on that player ('не казнить X')")
    no_lynch: list[str] = Field(default_factory=lambda: list(FORUM_NO_LYNCH),
                                description="what a vote for nobody says, alone or after a "
                                            "vote phrase")
    marks: list[MarkStyle] = Field(default_factory=lambda: list(FORUM_MARKS),
                                   description="where a vote is written; elsewhere it is talk")
    colours: list[str] = Field(default_factory=list,
                               description="with 'colour' marks: the colours that vote "
                                           "('red', '#ff0000'); empty: any colour")
    name_alone: bool = Field(default=False,
                             description="a mark holding only a player's name votes for them "
                                         "(a red name where red text is the vote)")

    @field_validator("vote", "unvote", "cancel", "no_lynch")
    @classmethod
    def _clean(cls, value: list[str]) -> list[str]:
        return _phrases(value)

    @field_validator("marks")
    @classmethod
    def _some_mark(cls, value: list[MarkStyle]) -> list[MarkStyle]:
        if not value:
            raise ValueError("no mark style: a vote must be written somewhere (bold, "
                             "colour, tag or plain)")
        return list(dict.fromkeys(value))


class HouseRules(Model):
    """One game's day rules as declared. Every field defaults to the generic forum rule
    set's value."""

    title: str | None = Field(default=None, description="what the rules are called")
    language: Literal["en", "ru"] = "en"
    decision: Literal["majority", "plurality"] = Field(
        default="plurality", description="majority: the vote that reaches half the living "
        "plus one ends the day; plurality: the most votes at the day's end")
    tie: TieRule = Field(default="no-elimination",
                         description="who goes when several share the most votes at the end")
    deadline: Literal["no-lynch", "plurality"] = Field(
        default="no-lynch", description="majority games: the day's end without a majority")
    no_lynch: bool = Field(default=True, description="a vote for nobody is allowed")
    self_vote: bool = Field(default=True, description="a vote for oneself counts")
    vote_change: bool = Field(default=True, description="a later vote replaces the standing one")
    last_mark_wins: bool = Field(default=True,
                                 description="several votes in one post: only the last counts")
    close_at: str | None = Field(default=None,
                                 description="the daily close, local 'HH:MM', where the GM's "
                                             "posts do not announce the day's end")
    close_zone: str | None = Field(default=None, description="IANA zone of `close_at`")
    weights: dict[str, float] = Field(default_factory=dict,
                                      description="a player's vote weight, by name (default 1)")
    votes: VoteForms = Field(default_factory=VoteForms)

    @model_validator(mode="after")
    def _close_in_a_zone(self) -> HouseRules:
        if self.close_at is not None and self.close_zone is None:
            # a close read in UTC for a Moscow game would move every day's end by hours
            raise ValueError("close_at needs close_zone, the IANA zone it is written in "
                             "(e.g. 'Europe/Moscow')")
        return self

    @field_validator("close_at")
    @classmethod
    def _hhmm(cls, value: str | None) -> str | None:
        if value is not None and not _HHMM.match(value):
            raise ValueError(f"{value!r} is not a time of day 'HH:MM' (e.g. '21:00')")
        return value

    @field_validator("close_zone")
    @classmethod
    def _zone(cls, value: str | None) -> str | None:
        if value is not None:
            from engine.gamelog.meta import zone_info  # meta holds these rules: no cycle

            zone_info(value)
        return value

    @field_validator("weights")
    @classmethod
    def _weights(cls, value: dict[str, float]) -> dict[str, float]:
        for name, weight in value.items():
            if not name.strip():
                raise ValueError("a weight for an empty name")
            if weight < 0 or weight != weight or weight == float("inf"):
                raise ValueError(f"{name}: weight {weight!r} is not a number of votes "
                                 "(0 or more)")
        return value
