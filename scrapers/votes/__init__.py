"""Votes in posts: marks, extraction with reasons; each rule set's grammar is in
`scrapers.rulesets`."""

from scrapers.votes.extract import SetAside, VoteReading, extract_votes, read_votes

__all__ = ["SetAside", "VoteReading", "extract_votes", "read_votes"]
