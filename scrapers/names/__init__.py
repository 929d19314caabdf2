"""Player names as written in posts, resolved to slots."""

from scrapers.names.resolver import GM, Name, NameIndex, Resolution

__all__ = ["GM", "Name", "NameIndex", "Resolution"]
