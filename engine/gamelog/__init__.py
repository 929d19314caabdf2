"""The game-log format: one completed forum mafia game as JSON (pydantic v2 models)."""

from engine.gamelog.actions import Action, DayLog, Draw, NightLog
from engine.gamelog.base import (
    Model,
    PhaseKey,
    SourceRef,
    phase_key,
    phase_sort_key,
    split_phase_key,
)
from engine.gamelog.house import HouseRules, VoteForms
from engine.gamelog.io import dumps, json_schema, json_schema_text, load, parse_game_log, save
from engine.gamelog.issues import ParseIssue, Where
from engine.gamelog.log import SCHEMA_VERSION, GameLog
from engine.gamelog.meta import Meta, SourceFile, zone_info
from engine.gamelog.phases import Boundary, Phase
from engine.gamelog.posts import Avatar, EditMarker, Post, Quote
from engine.gamelog.published import (
    Death,
    MarkRuledOut,
    NewspaperFact,
    PhasePublished,
    PrivateResult,
    Published,
    TallyEntry,
    Victory,
    VoteCount,
)
from engine.gamelog.slots import Fate, Occupant, Slot, SlotChange
from engine.gamelog.votes import Vote

__all__ = [
    "SCHEMA_VERSION",
    "Action",
    "Avatar",
    "Boundary",
    "DayLog",
    "Death",
    "Draw",
    "EditMarker",
    "Fate",
    "GameLog",
    "HouseRules",
    "MarkRuledOut",
    "Meta",
    "Model",
    "NewspaperFact",
    "NightLog",
    "Occupant",
    "ParseIssue",
    "Phase",
    "PhaseKey",
    "PhasePublished",
    "Post",
    "PrivateResult",
    "Published",
    "Quote",
    "Slot",
    "SlotChange",
    "SourceFile",
    "SourceRef",
    "TallyEntry",
    "Victory",
    "Vote",
    "VoteCount",
    "VoteForms",
    "Where",
    "dumps",
    "json_schema",
    "json_schema_text",
    "load",
    "parse_game_log",
    "phase_key",
    "phase_sort_key",
    "save",
    "split_phase_key",
    "zone_info",
]
