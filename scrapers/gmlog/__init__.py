"""GM logs: the GM's published action log and results, in the shapes GMs write them, read
into a game log's nights, days, published results and roles (DESIGN §5, stage 6)."""

from scrapers.gmlog.merge import merge_gm_log, read_gm_log
from scrapers.gmlog.model import GmLog, RoleLine
from scrapers.gmlog.parser import parse_gm_log

__all__ = ["GmLog", "RoleLine", "merge_gm_log", "parse_gm_log", "read_gm_log"]
