"""`mafiakit fetch --wayback`: a thread's pages as the Wayback Machine captured them.

Each page's forum address is the one the live fetch would ask (page 1 as given; the others
by the engine's page rule, or the previous page's next link). The capture index (the CDX
API) lists that address's captures; the one taken closest after `at` is read (the closest
before when none is after; the newest when no `at` is given), in its ``id_`` form: the bytes
as captured, without the archive's toolbar or rewritten links. A page without any capture
stops the run with an error naming the page and its address, as a missing page of a live
thread does; the pages saved before it stay, and a later run resumes from them.

Only the archive is asked, never the forum, so the archive's robots.txt is the one honoured;
requests go one at a time through the polite `Client` (its delay, retries and User-Agent)."""

from __future__ import annotations

import json
import urllib.parse
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from scrapers.fetch.http import Client, FetchError, Response, user_agent
from scrapers.fetch.manifest import Manifest
from scrapers.fetch.run import LiveSource

ARCHIVE = "https://web.archive.org"
FIELDS = "timestamp,original,statuscode,mimetype,digest"


@dataclass(frozen=True)
class Capture:
    timestamp: str  # 14 digits, UTC
    original: str
    digest: str

    @property
    def time(self) -> datetime:
        return datetime.strptime(self.timestamp, "%Y%m%d%H%M%S").replace(tzinfo=UTC)


def parse_at(text: str) -> datetime:
    """--at: YYYY-MM-DD or YYYY-MM-DDTHH:MM, UTC."""
    for form in ("%Y-%m-%dT%H:%M", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, form).replace(tzinfo=UTC)
        except ValueError:
            continue
    raise ValueError(f"--at {text!r}: expected YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC)")


def pick(captures: list[Capture], at: datetime | None) -> Capture | None:
    """The capture closest after `at` (the closest before when none is after); the newest
    when `at` is None."""
    if not captures:
        return None
    ordered = sorted(captures, key=lambda c: c.timestamp)
    if at is None:
        return ordered[-1]
    stamp = at.strftime("%Y%m%d%H%M%S")
    after = [c for c in ordered if c.timestamp >= stamp]
    return after[0] if after else ordered[-1]


# a first page's own page parameter, which the forum's links to the thread usually leave out
_FIRST_PAGE = {("start", "0"), ("page", "1"), ("st", "0"), ("p", "1")}


def variants(url: str) -> list[str]:
    """The forms of an address a forum's page may have been captured under: as given, then
    (a first page) without its page parameter. The index itself folds the scheme and
    ``www.``, so those are not tried apart."""
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    bare = [(k, v) for k, v in query if (k, v) not in _FIRST_PAGE]
    out = [url]
    if len(bare) < len(query):
        out.append(urllib.parse.urlunsplit(
            parts._replace(query=urllib.parse.urlencode(bare, safe="."))))
    return out


@dataclass
class WaybackSource:
    """Pages from the Wayback Machine: `cdx` is the capture index's base URL, `web` the
    archive's (both https://web.archive.org unless pointed elsewhere, as tests do)."""

    url: str
    client: Client
    at: datetime | None = None
    cdx: str = ARCHIVE
    web: str = ARCHIVE
    kind: str = "wayback"
    _live: LiveSource | None = None
    _robots: Any = None
    _chosen: dict[str, Capture] = field(default_factory=dict)  # capture URL -> its capture

    def captures(self, page_url: str) -> list[Capture]:
        """The index's successful captures of `page_url`."""
        query = urllib.parse.urlencode({"url": page_url, "output": "json", "fl": FIELDS,
                                        "filter": "statuscode:200"})
        where = f"{self.cdx.rstrip('/')}/cdx/search/cdx?{query}"
        resp: Response = self.client.get(where)
        if resp.status >= 400:
            raise FetchError(where, f"the capture index answered HTTP {resp.status}")
        body = resp.body.strip()
        if not body:
            return []
        try:
            rows = json.loads(body.decode(resp.charset or "utf-8"))
            if not rows:  # the index's answer for an address it never captured
                return []
            head = rows[0]
            col = {name: head.index(name) for name in ("timestamp", "original", "digest")}
            return [Capture(r[col["timestamp"]], r[col["original"]], r[col["digest"]])
                    for r in rows[1:]]
        except (ValueError, IndexError, TypeError, AttributeError) as exc:
            raise FetchError(where, f"not a capture index answer (JSON rows expected: "
                             f"{exc})") from None

    def address(self, number: int, manifest: Manifest) -> str:
        if self._live is None:
            self._live = LiveSource(self.url, self.client)
        page_url = self._live.address(number, manifest)
        for form in variants(page_url):
            chosen = pick(self.captures(form), self.at)
            if chosen is not None:
                capture_url = f"{self.web.rstrip('/')}/web/{chosen.timestamp}id_/" \
                              f"{chosen.original}"
                self._chosen[capture_url] = chosen
                return capture_url
        raise FetchError(page_url, f"page {number} of the thread has no capture in the "
                         "Wayback Machine (tried " + ", ".join(variants(page_url)) +
                         "); the pages before it are saved")

    def get(self, url: str) -> Response:
        return self.client.get(url)

    def allowed(self, url: str) -> bool:
        if self._robots is None:
            self._robots = self.client.robots(self.web)
        return bool(self._robots.can_fetch(user_agent(), url))

    def capture(self, url: str) -> dict[str, str]:
        c = self._chosen[url]
        return {"capture_time": c.time.isoformat(timespec="seconds"),
                "original_url": c.original, "capture_url": url,
                "capture_digest": c.digest}
