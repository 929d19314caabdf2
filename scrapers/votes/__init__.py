"""Votes in posts: marks, each rule set's grammar, extraction with reasons."""

from scrapers.votes.extract import extract_votes
from scrapers.votes.grammars import GRAMMARS

__all__ = ["GRAMMARS", "extract_votes"]
