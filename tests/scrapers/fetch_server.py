"""A forum on 127.0.0.1 for the fetch tests: threads rendered by `scrapers.render`, served at
the addresses their engine's own pagination gives, with faults to order (a 429, a 503, a
slow answer, a short body, a redirect to a login page, a robots.txt). Nothing here, nor in
the tests using it, reaches any other address (`guard_network`)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from engine.gamelog import GameLog
from scrapers.render import render_thread
from scrapers.render.engines import ENGINES

TOPIC = 346
PER_PAGE = 10


def key_of(target: str) -> str:
    """A request's path and query, the query's order aside."""
    parts = urlsplit(target)
    return parts.path + "?" + "&".join(f"{k}={v}" for k, v in
                                       sorted(parse_qsl(parts.query, keep_blank_values=True)))


@dataclass
class Answer:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering (a timeout)
    short_by: int = 0  # bytes the Content-Length claims beyond the body (a truncated body)


@dataclass
class Forum:
    """Routes (path?query -> answer), faults queued per route (used up one request each),
    and what was asked."""

    routes: dict[str, Answer] = field(default_factory=dict)
    faults: dict[str, list[Answer]] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    port: int = 0

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def answer(self, target: str, headers: dict[str, str]) -> Answer:
        key = key_of(target)
        with self.lock:
            self.asked.append(key)
            self.headers.append(headers)
            queued = self.faults.get(key)
            if queued:
                return queued.pop(0)
        return self.routes.get(key, Answer(404, b"<html><body>Not found</body></html>"))

    def serve_thread(self, log: GameLog, engine: str) -> list[tuple[str, bytes]]:
        """The game's thread in `engine`, served at the engine's page addresses; returns
        the pages (first page's address: `first_url`)."""
        eng = ENGINES[engine]
        pages = render_thread(log, engine=engine, per_page=PER_PAGE, topic=TOPIC)
        ctype = f"text/html; charset={eng.encoding}"
        for i, (_, data) in enumerate(pages):
            self.routes[key_of(self.local(eng.url(TOPIC, i, PER_PAGE)))] = Answer(
                body=data, headers={"Content-Type": ctype})
        return pages

    def local(self, address: str) -> str:
        parts = urlsplit(address)
        return parts.path + ("?" + parts.query if parts.query else "")

    def first_url(self, engine: str) -> str:
        return self.base + self.local(ENGINES[engine].url(TOPIC, 0, PER_PAGE))

    def url_of(self, engine: str, index: int) -> str:
        return self.base + self.local(ENGINES[engine].url(TOPIC, index, PER_PAGE))


def _handler(forum: Forum) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            a = forum.answer(self.path, dict(self.headers.items()))
            if a.delay:
                time.sleep(a.delay)
            self.send_response(a.status)
            headers = {"Content-Type": "text/html; charset=utf-8", **a.headers}
            for k, v in headers.items():
                self.send_header(k, v)
            self.send_header("Content-Length", str(len(a.body) + a.short_by))
            if a.short_by:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.end_headers()
            with contextlib.suppress(OSError):  # the client gave up waiting: nothing to tell
                self.wfile.write(a.body)

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet test output

    return Handler


def running(forum: Forum) -> Iterator[Forum]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(forum))
    server.daemon_threads = True
    forum.port = server.server_address[1]
    # a short poll: shutdown() waits one poll interval, half a second by default
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    try:
        yield forum
    finally:
        server.shutdown()
        server.server_close()


def guard_network(real: Callable[..., socket.socket]) -> Callable[..., socket.socket]:
    """socket.create_connection that refuses any address but 127.0.0.1."""
    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any
                          ) -> socket.socket:
        if address[0] != "127.0.0.1":
            raise AssertionError(f"a test tried to reach {address[0]}:{address[1]}")
        return real(address, *args, **kwargs)
    return create_connection
