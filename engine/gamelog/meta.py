"""The game's metadata: what it is, where it came from, which rules and rulings apply."""

from __future__ import annotations

from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import AwareDatetime, Field, field_validator, model_validator

from engine.gamelog.base import Model
from engine.gamelog.house import HouseRules


def zone_info(name: str) -> ZoneInfo:
    """The IANA zone `name`, or ValueError saying it is unknown. ZoneInfo looks the name up
    as a file: a name too long for one is an OSError (found by the game_log fuzzer)."""
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        shown = name if len(name) <= 80 else f"{name[:80]}... ({len(name)} characters)"
        raise ValueError(f"unknown IANA time zone {shown!r}") from exc

SourceFileKind = Literal[
    "posts", "archive", "transitions", "page", "gm-log", "roster", "game-log", "other"
]


class SourceFile(Model):
    """One input file, by name (never a machine path) and content hash."""

    path: str = Field(min_length=1, description="file name as given, without machine folders")
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    size: int = Field(ge=0)
    kind: SourceFileKind
    captured_at: AwareDatetime | None = Field(
        default=None, description="when the page was saved or archived, if known"
    )


RULESET_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# `Meta.ruleset` of a game counted under its own declared rules (`Meta.house_rules`)
HOUSE = "house"
RULING_KEY_PATTERN = r"^[a-z0-9-]+\.[a-z0-9-]+$"


class Meta(Model):
    """What the game is and how to read it."""

    title: str
    game_id: str | None = Field(default=None, description="stable id, e.g. 'mafiascum:15783'")
    forum: str | None = Field(default=None, description="forum site, e.g. 'mafiascum.net'")
    engine: str | None = Field(default=None, description="forum engine family, e.g. 'phpbb3'")
    thread_urls: list[str] = Field(default_factory=list)
    ruleset: str = Field(pattern=RULESET_ID_PATTERN, description="rule set id")
    rulings: dict[str, str] = Field(
        default_factory=dict,
        description="chosen readings of ambiguous rules, 'ruleset.point' -> option",
    )
    house_rules: HouseRules | None = Field(
        default=None, description="the game's own day rules as declared (`mafiakit scrape "
        "--rules`), with ruleset 'house': kept whole so the log re-counts without the file")
    gms: list[str] = Field(default_factory=list, description="the GM's (moderator's) nicks")
    timezone: str = Field(default="UTC", description="IANA zone of the forum's clock")
    result: str | None = Field(default=None, description="the outcome as published")
    notes: list[str] = Field(default_factory=list)
    sources: list[SourceFile] = Field(default_factory=list)

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, value: str) -> str:
        zone_info(value)
        return value

    @model_validator(mode="after")
    def _house_rules_are_the_ruleset(self) -> Meta:
        if self.house_rules is not None and self.ruleset != HOUSE:
            raise ValueError(f"house_rules are given, so ruleset must be {HOUSE!r}, not "
                             f"{self.ruleset!r}")
        return self

    @field_validator("rulings")
    @classmethod
    def _ruling_keys(cls, value: dict[str, str]) -> dict[str, str]:
        import re

        for key in value:
            if not re.match(RULING_KEY_PATTERN, key):
                raise ValueError(f"ruling key {key!r} is not of the form 'ruleset.point'")
        return value
