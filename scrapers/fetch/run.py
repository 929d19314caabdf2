"""The fetch core: page 1 is read for its engine, thread id, page count and posts per page;
pages 2..N are asked at the addresses the engine's page rule gives (`scrapers.fetch.pages`),
each saved as received (DIR/page-0001.html ...) and recorded in the manifest before the next
is asked. A second run into the same folder asks only what is missing, plus the thread's last
page (a thread grows); a page that now holds other posts than it did is reported, never
overwritten. Where pages come from is a `Source`: the live forum here; a Wayback Machine
source answers the same two questions (which address is page N, and its bytes)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC
from pathlib import Path
from typing import Any, Protocol

from scrapers.fetch.http import Client, FetchError, Response, tool_version, user_agent
from scrapers.fetch.manifest import Manifest, PageRecord, load, page_file, save, write_atomic
from scrapers.fetch.pages import RULES, next_link, refusal, rule_for
from scrapers.forum.page import read_page
from scrapers.forum.types import ParsedPage

Progress = Callable[[int, int | None, str], None]


class Source(Protocol):
    """Where the pages come from."""

    kind: str  # "live"; recorded in the manifest
    url: str  # the thread as the user gave it

    def address(self, number: int, manifest: Manifest) -> str:
        """The address to ask for page `number` (1-based), knowing what page 1 taught."""
        ...

    def get(self, url: str) -> Response:
        ...

    def allowed(self, url: str) -> bool:
        ...

    def capture(self, url: str) -> dict[str, str]:
        """What the manifest records of where `url`'s bytes come from beyond the address
        (a Wayback capture's fields); nothing for the live forum."""
        ...


@dataclass
class LiveSource:
    """The forum itself, asked politely through `client`, robots.txt honoured."""

    url: str
    client: Client
    kind: str = "live"
    _robots: Any = None

    def address(self, number: int, manifest: Manifest) -> str:
        if number == 1:
            return self.url
        rule = rule_for(manifest.engine or "")
        if rule is not None and manifest.per_page:
            return rule(self.url, number - 1, manifest.per_page)
        before = manifest.pages.get(number - 1)
        if before is not None and before.next_url:
            return before.next_url
        raise FetchError(self.url, f"the forum engine ({manifest.engine or 'unknown'}) has no "
                         "page rule and the page no next-page link; engines with a page "
                         "rule: " + ", ".join(sorted(RULES)))

    def get(self, url: str) -> Response:
        return self.client.get(url)

    def allowed(self, url: str) -> bool:
        if self._robots is None:
            self._robots = self.client.robots(self.url)
        return bool(self._robots.can_fetch(user_agent(), url))

    def capture(self, url: str) -> dict[str, str]:
        return {}


@dataclass(frozen=True)
class FetchOptions:
    max_pages: int = 500
    refresh: bool = False
    delay: float = 2.0
    jitter: float = 0.5
    at: str | None = None  # a Wayback fetch's --at, as given

    def recorded(self) -> dict[str, Any]:
        # what the run was asked, for the manifest; never the cookies
        return {"max_pages": self.max_pages, "refresh": self.refresh, "delay": self.delay,
                "jitter": self.jitter, "at": self.at}


@dataclass
class FetchResult:
    manifest: Manifest
    fetched: list[int] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)
    capped: bool = False  # the thread has more pages than --max-pages allowed


def _post_ids(parsed: ParsedPage) -> list[str]:
    return [p.post_id or f"{p.author}|{p.time_raw}|{p.number}" for p in parsed.posts]


def _parse(name: str, data: bytes) -> ParsedPage:
    # UTC: only posts and page facts are wanted here, never their times
    return read_page(name, data, UTC)[1]


def fetch_thread(source: Source, out: Path, options: FetchOptions, *,
                 progress: Progress | None = None) -> FetchResult:
    url = source.url
    manifest = load(out) if out.is_dir() else None
    if manifest is not None and manifest.url != url:
        raise FetchError(url, f"the folder holds another thread's pages ({manifest.url}); "
                         "fetch into a new folder")
    if manifest is not None and manifest.source != source.kind:
        raise FetchError(url, f"the folder holds pages from the {manifest.source} source, not "
                         f"{source.kind}; fetch into a new folder")
    if manifest is not None and manifest.options.get("at") != options.at:
        # the saved pages are captures of another time: resuming would mix two times
        raise FetchError(url, f"the folder holds captures picked for --at "
                         f"{manifest.options.get('at') or '(newest)'}, not "
                         f"{options.at or '(newest)'}; fetch into a new folder")
    if manifest is None:
        manifest = Manifest(url=url, tool_version=tool_version(), options=options.recorded(),
                            source=source.kind)
    manifest.tool_version, manifest.options = tool_version(), options.recorded()
    result = FetchResult(manifest)
    number, count = 1, manifest.page_count or 1
    asked: set[str] = set()  # a next link back to a page already asked ends the walk
    while number <= count:
        if number > options.max_pages:
            result.capped = True
            break
        address = source.address(number, manifest)
        if not source.allowed(address):
            raise FetchError(address, "robots.txt of the site disallows this page for "
                             "mafiakit; nothing fetched")
        parsed = _page(source, out, manifest, number, address, options, result)
        if number == 1:
            manifest.engine = parsed.info.engine
            manifest.thread_id = parsed.info.thread_id
            manifest.per_page = len(parsed.posts)
        if parsed.info.page_count is not None:
            count = max(count, parsed.info.page_count)
        elif manifest.pages[number].next_url not in (None, *asked):
            count = max(count, number + 1)  # no page count shown: on while a next link is
        asked.add(address)
        manifest.page_count = count
        if number == 1 and count > 1:
            source.address(2, manifest)  # an engine without a page rule: said now
        if progress is not None:
            progress(number, count, address)
        number += 1
    if out.is_dir():
        save(out, manifest)
    return result


def _page(source: Source, out: Path, manifest: Manifest, number: int, address: str,
          options: FetchOptions, result: FetchResult) -> ParsedPage:
    """Page `number`, from the folder when a previous run saved it whole and it is not the
    thread's last page, else from the source (saved, and recorded)."""
    old = manifest.pages.get(number)
    name = page_file(number)
    last = manifest.page_count is None or number >= manifest.page_count
    if old is not None and old.status == 200 and not options.refresh and not last:
        path = out / name
        if path.is_file():
            data = path.read_bytes()
            if hashlib.sha256(data).hexdigest() == old.sha256:
                result.kept.append(number)
                return _parse(name, data)
    resp = source.get(address)
    text = resp.body.decode(resp.charset or "utf-8", "replace")
    parsed = _parse(name, resp.body) if resp.status < 400 else None
    why = refusal(resp.body, text, parsed, resp.status)
    if why is not None:
        where = resp.final_url if resp.final_url != address else address
        raise FetchError(where, f"page {number} of the thread: {why}; not saved")
    assert parsed is not None
    if number > 1 and manifest.thread_id and parsed.info.thread_id \
            and parsed.info.thread_id != manifest.thread_id:
        raise FetchError(resp.final_url, f"page {number} was answered with another thread "
                         f"(thread {parsed.info.thread_id}, not {manifest.thread_id}); "
                         "not saved")
    digest = hashlib.sha256(resp.body).hexdigest()
    ids = _post_ids(parsed)
    extra = source.capture(address)
    if old is not None and old.sha256 != digest and old.post_ids != ids[:len(old.post_ids)]:
        raise FetchError(address, f"page {number} changed since it was fetched on "
                         f"{old.fetched}: it now holds other posts (an edited or deleted "
                         "post, or a moved thread); the saved page is kept; fetch into a "
                         "new folder to get the thread as it is now")
    out.mkdir(parents=True, exist_ok=True)
    write_atomic(out / name, resp.body)
    manifest.pages[number] = PageRecord(
        number=number, file=name, url=address, final_url=resp.final_url, status=resp.status,
        content_type=resp.content_type, charset=resp.charset,
        fetched=resp.fetched.astimezone(UTC).isoformat(timespec="seconds"), sha256=digest,
        size=len(resp.body), post_ids=ids,
        # a capture's links are the forum's own: read against the address it captured
        next_url=next_link(text, extra.get("original_url", resp.final_url)), **extra)
    save(out, manifest)
    result.fetched.append(number)
    return parsed
