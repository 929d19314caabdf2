"""Polite HTTP for the fetcher, on the standard library only (urllib): one request at a time,
a delay with jitter before each, a User-Agent naming mafiakit and its version, retries with
exponential backoff on 429 and 5xx honouring Retry-After, timeouts, and a body shorter than
its Content-Length treated as a failed request (never handed on as a page). The clock, the
sleeper and the opener are injected so that tests neither sleep nor leave 127.0.0.1."""

from __future__ import annotations

import http.client
import http.cookiejar
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import urllib.robotparser
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.message import Message
from email.utils import parsedate_to_datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from engine.errors import BadInputError

PROJECT = "https://github.com/mafiakit/mafiakit"
_NOTHING = ["User-agent: *", "Disallow: /"]
RETRIED = frozenset({429, 500, 502, 503, 504})


class FetchError(BadInputError):
    """A fetch that cannot go on; the message names the URL and what is wrong."""

    def __init__(self, url: str, message: str) -> None:
        super().__init__(url, None, message)
        self.url = url


def tool_version() -> str:
    try:
        return version("mafiakit")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"


def user_agent() -> str:
    return f"mafiakit/{tool_version()} (+{PROJECT}; one request at a time)"


@dataclass(frozen=True)
class Response:
    url: str  # asked
    final_url: str  # after redirects
    status: int
    content_type: str
    charset: str | None
    body: bytes
    fetched: datetime
    retry_after: str | None = None


@dataclass
class Client:
    """Requests one at a time, `delay` ± `jitter` seconds apart."""

    delay: float = 2.0
    jitter: float = 0.5
    timeout: float = 30.0
    retries: int = 4
    backoff: float = 2.0  # first wait after a failure; doubled each time
    max_wait: float = 300.0  # a Retry-After beyond this is refused, not slept through
    cookies: Path | None = None
    sleep: Callable[[float], None] = time.sleep
    clock: Callable[[], float] = time.monotonic
    now: Callable[[], datetime] = lambda: datetime.now(UTC)
    rng: random.Random = field(default_factory=random.Random)
    opener: urllib.request.OpenerDirector | None = None
    _last: float | None = None
    requests: int = 0

    def __post_init__(self) -> None:
        if self.opener is None:
            handlers: list[urllib.request.BaseHandler] = []
            if self.cookies is not None:
                jar = http.cookiejar.MozillaCookieJar()
                try:
                    jar.load(str(self.cookies), ignore_discard=True, ignore_expires=True)
                except (OSError, http.cookiejar.LoadError) as exc:
                    raise BadInputError(self.cookies.name, None,
                                        f"not a readable Netscape cookies.txt file: {exc}"
                                        ) from None
                for cookie in jar:
                    # a browser's export writes its session cookies with an expiry of 0,
                    # which the jar would take as long expired and never send
                    if cookie.expires == 0:
                        cookie.expires, cookie.discard = None, True
                handlers.append(urllib.request.HTTPCookieProcessor(jar))
            self.opener = urllib.request.build_opener(*handlers)

    def _wait_turn(self) -> None:
        """The delay between two requests, counted from the end of the last one."""
        if self._last is None:
            return
        wanted = max(0.0, self.delay + self.rng.uniform(-self.jitter, self.jitter))
        left = wanted - (self.clock() - self._last)
        if left > 0:
            self.sleep(left)

    def _once(self, url: str) -> Response:
        assert self.opener is not None
        self._wait_turn()
        self.requests += 1
        request = urllib.request.Request(url, headers={"User-Agent": user_agent(),
                                                       "Accept": "text/html,*/*;q=0.5"})
        try:
            with self.opener.open(request, timeout=self.timeout) as reply:
                body = reply.read()
                return _response(url, reply.geturl(), reply.status, reply.headers, body,
                                 self.now())
        except urllib.error.HTTPError as exc:
            try:
                body = exc.read()
            except (OSError, http.client.HTTPException):
                body = b""
            return _response(url, exc.geturl() or url, exc.code, exc.headers, body, self.now())
        finally:
            self._last = self.clock()

    def get(self, url: str) -> Response:
        """The page at `url`, after retries; a 4xx other than 429 is returned, not raised."""
        wait = self.backoff
        for attempt in range(self.retries + 1):
            last = attempt == self.retries
            try:
                resp = self._once(url)
            except (TimeoutError, http.client.IncompleteRead, ConnectionError,
                    urllib.error.URLError, http.client.HTTPException, OSError) as exc:
                if last:
                    raise FetchError(url, f"no complete answer after {attempt + 1} attempts: "
                                     f"{_why(exc)}") from None
                self.sleep(wait)
                wait *= 2
                continue
            if resp.status not in RETRIED:
                return resp
            if last:
                raise FetchError(url, f"HTTP {resp.status} after {attempt + 1} attempts")
            after = _retry_after(resp, self.now())
            if after is not None and after > self.max_wait:
                raise FetchError(url, f"HTTP {resp.status}: the server asks to wait "
                                 f"{after:.0f} s (more than {self.max_wait:.0f} s)")
            self.sleep(after if after is not None else wait)
            wait *= 2
        raise AssertionError("unreachable")

    def robots(self, url: str) -> urllib.robotparser.RobotFileParser:
        """The site's robots.txt (none, or a 4xx: everything allowed, as robotparser reads
        it; a 5xx: nothing allowed, the site being down is no permission)."""
        parts = urllib.parse.urlsplit(url)
        where = f"{parts.scheme}://{parts.netloc}/robots.txt"
        parser = urllib.robotparser.RobotFileParser(where)
        try:
            resp = self.get(where)
        except FetchError:
            parser.parse(_NOTHING)
            return parser
        if resp.status >= 500:
            parser.parse(_NOTHING)
        elif resp.status >= 400:
            parser.parse([])
        else:
            parser.parse(resp.body.decode(resp.charset or "utf-8", "replace").splitlines())
        return parser


def _why(exc: BaseException) -> str:
    if isinstance(exc, http.client.IncompleteRead):
        return (f"the body ended after {len(exc.partial)} bytes, short of its "
                "Content-Length")
    if isinstance(exc, urllib.error.URLError) and not isinstance(exc.reason, str):
        return _why(exc.reason)
    return str(exc) or type(exc).__name__


def _response(url: str, final: str, status: int, headers: Message | None,
              body: bytes, fetched: datetime) -> Response:
    ctype = headers.get_content_type() if headers is not None else "application/octet-stream"
    charset = headers.get_content_charset() if headers is not None else None
    raw = headers.get("Content-Length") if headers is not None else None
    if raw is not None and raw.strip().isdigit() and int(raw) > len(body):
        # urllib hands a short body over as is when the connection closes early
        raise http.client.IncompleteRead(body, int(raw) - len(body))
    return Response(url=url, final_url=final, status=status, content_type=ctype,
                    charset=charset, body=body, fetched=fetched,
                    retry_after=headers.get("Retry-After") if headers is not None else None)


def _retry_after(resp: Response, now: datetime) -> float | None:
    value = resp.retry_after
    if value is None:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - now).total_seconds())


