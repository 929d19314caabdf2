"""Votes in posts: marks, each rule set's grammar, extraction with reasons."""

from scrapers.votes.extract import SetAside, VoteReading, extract_votes, read_votes
from scrapers.votes.grammars import GRAMMARS

__all__ = ["GRAMMARS", "SetAside", "VoteReading", "extract_votes", "read_votes"]
