"""Player names as written in posts, resolved to slots."""

from scrapers.names.resolver import GM, NameIndex, Resolution
from scrapers.names.scoring import Name

__all__ = ["GM", "Name", "NameIndex", "Resolution"]
