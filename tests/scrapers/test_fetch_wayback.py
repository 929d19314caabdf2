"""`mafiakit fetch --wayback`: a stand-in for the Wayback Machine on 127.0.0.1 (its capture
index and its ``id_`` captures) serving a rendered thread's pages at several timestamps,
some pages captured once, one not at all; fetched, then scraped."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import pytest
from typer.testing import CliRunner

from engine.gamelog import GameLog
from engine.rulesets import ruleset_ids
from engine.simulate import play
from scrapers.fetch.http import Client, FetchError
from scrapers.fetch.manifest import page_addresses
from scrapers.fetch.run import FetchOptions, FetchResult, LiveSource, fetch_thread
from scrapers.fetch.wayback import WaybackSource, parse_at, pick
from scrapers.render import render_thread
from scrapers.render.engines import ENGINES
from scrapers.scrape import scrape
from tests.scrapers.fetch_server import (
    PER_PAGE,
    TOPIC,
    Answer,
    Forum,
    guard_network,
    key_of,
    running,
)
from toolkit.cli import app

STAMPS = ("20150101120000", "20160601080000", "20180301000000")


def norm(url: str) -> str:
    """An address as the index folds it: host, path and query in order, any scheme."""
    parts = urlsplit(url)
    return parts.netloc + key_of(parts.path + ("?" + parts.query if parts.query else ""))


@dataclass
class Archive(Forum):
    """The capture index (``/cdx/search/cdx``) and the captures (``/web/<stamp>id_/<url>``):
    captures[address][stamp] = bytes."""

    captures: dict[str, dict[str, bytes]] = field(default_factory=dict)

    def capture(self, url: str, stamp: str, body: bytes) -> None:
        self.captures.setdefault(norm(url), {})[stamp] = body
        self.routes[key_of(f"/web/{stamp}id_/{url}")] = Answer(
            body=body, headers={"Content-Type": "text/html; charset=utf-8"})

    def answer(self, target: str, headers: dict[str, str]) -> Answer:
        parts = urlsplit(target)
        if parts.path != "/cdx/search/cdx":
            return super().answer(target, headers)
        with self.lock:
            self.asked.append(key_of(target))
            self.headers.append(headers)
        q = dict(parse_qsl(parts.query))
        assert q["output"] == "json"
        assert q["filter"] == "statuscode:200"
        fields = q["fl"].split(",")
        url = q["url"]
        rows = [[{"timestamp": stamp, "original": url, "statuscode": "200",
                  "mimetype": "text/html", "digest": f"D{stamp}"}[f] for f in fields]
                for stamp in sorted(self.captures.get(norm(url), {}))]
        return Answer(body=json.dumps([fields, *rows] if rows else []).encode())


@pytest.fixture(autouse=True)
def _local_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "create_connection", guard_network(socket.create_connection))


@pytest.fixture
def archive() -> Iterator[Archive]:
    yield from running(Archive())  # type: ignore[misc]


@pytest.fixture(scope="module")
def log() -> GameLog:
    return play(ruleset_ids()[0], 7, max_days=2)


def mark(body: bytes, stamp: str) -> bytes:
    return body.replace(b"</body>", f"<!-- captured {stamp} -->".encode() + b"</body>")


def serve(archive: Archive, log: GameLog, engine: str, *, missing: int | None = None
          ) -> list[tuple[str, bytes]]:
    """The thread's pages: page 1 and the last at all three stamps, the others only at the
    middle one; page `missing` (1-based) at none."""
    pages = render_thread(log, engine=engine, per_page=PER_PAGE, topic=TOPIC)
    for i, (_, data) in enumerate(pages):
        url = ENGINES[engine].url(TOPIC, i, PER_PAGE)
        if i + 1 == missing:
            continue
        stamps = STAMPS if i in (0, len(pages) - 1) else STAMPS[1:2]
        for stamp in stamps:
            archive.capture(url, stamp, mark(data, stamp))
    return pages


def client() -> Client:
    return Client(delay=0.0, jitter=0.0, sleep=lambda s: None)


def fetch(archive: Archive, engine: str, out: Path, at: datetime | None = None
          ) -> FetchResult:
    source = WaybackSource(ENGINES[engine].url(TOPIC, 0, PER_PAGE), client(), at=at,
                           cdx=archive.base, web=archive.base)
    given = at.strftime("%Y-%m-%dT%H:%M") if at is not None else None
    return fetch_thread(source, out, FetchOptions(at=given))


def stamp_of(out: Path, number: int) -> str:
    text = (out / f"page-{number:04d}.html").read_text(encoding="utf-8", errors="replace")
    return text.split("<!-- captured ")[1][:14]


@pytest.mark.parametrize("engine", ["phpbb33", "xf2"])
def test_wayback_fetch_then_scrape_equals_the_rendered_pages(
        archive: Archive, log: GameLog, engine: str, tmp_path: Path) -> None:
    pages = serve(archive, log, engine)
    direct = tmp_path / "direct"
    direct.mkdir()
    for i, (_, data) in enumerate(pages, start=1):
        (direct / f"page-{i:04d}.html").write_bytes(data)
    out = tmp_path / "out"
    result = fetch(archive, engine, out)
    assert result.fetched == list(range(1, len(pages) + 1))
    fetched = scrape([out], ruleset=log.meta.ruleset)
    plain = scrape([direct], ruleset=log.meta.ruleset)
    for part in ("posts", "players", "phases", "votes"):
        a, b = getattr(fetched, part), getattr(plain, part)
        assert len(a) == len(b), part
        for x, y in zip(a, b, strict=True):
            dx, dy = x.model_dump(), y.model_dump()
            assert {k for k in dx if dx[k] != dy[k]} <= {"url", "avatar"}, (part, dx, dy)
    # each page's address is the forum's, its time the capture's
    first = fetched.meta.sources[0]
    assert first.captured_at == datetime(2018, 3, 1, tzinfo=UTC)
    address, when = page_addresses(out)["page-0001.html"]
    assert address == ENGINES[engine].url(TOPIC, 0, PER_PAGE)
    assert when == "2018-03-01T00:00:00+00:00"


def test_newest_capture_by_default_and_the_manifest_says_which(
        archive: Archive, log: GameLog, tmp_path: Path) -> None:
    pages = serve(archive, log, "phpbb33")
    out = tmp_path / "out"
    fetch(archive, "phpbb33", out)
    assert stamp_of(out, 1) == STAMPS[-1]
    assert stamp_of(out, 2) == STAMPS[1]  # its only capture
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["source"] == "wayback"
    first, second = manifest["pages"][0], manifest["pages"][1]
    original = ENGINES["phpbb33"].url(TOPIC, 0, PER_PAGE)
    assert first["capture_time"] == "2018-03-01T00:00:00+00:00"
    assert first["original_url"] == original
    assert first["capture_url"] == f"{archive.base}/web/{STAMPS[-1]}id_/{original}"
    assert first["capture_digest"] == f"D{STAMPS[-1]}"
    assert norm(second["original_url"]) == norm(ENGINES["phpbb33"].url(TOPIC, 1, PER_PAGE))
    assert len(manifest["pages"]) == len(pages)


def test_at_picks_the_capture_closest_after(archive: Archive, log: GameLog,
                                            tmp_path: Path) -> None:
    pages = serve(archive, log, "phpbb33")
    out = tmp_path / "out"
    fetch(archive, "phpbb33", out, at=parse_at("2015-06-01"))
    assert stamp_of(out, 1) == STAMPS[1]
    assert stamp_of(out, len(pages)) == STAMPS[1]
    early = tmp_path / "early"
    fetch(archive, "phpbb33", early, at=parse_at("2014-01-01T10:30"))
    assert stamp_of(early, 1) == STAMPS[0]


def test_pick_falls_back_to_the_closest_before() -> None:
    from scrapers.fetch.wayback import Capture

    caps = [Capture(s, "u", "d") for s in STAMPS]
    assert pick(caps, parse_at("2019-01-01")) == caps[-1]
    assert pick(caps, None) == caps[-1]
    assert pick([], None) is None
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_at("01/02/2015")


def test_a_page_with_no_capture_is_reported_and_a_second_run_resumes(
        archive: Archive, log: GameLog, tmp_path: Path) -> None:
    pages = serve(archive, log, "phpbb33", missing=3)
    out = tmp_path / "out"
    with pytest.raises(FetchError, match="page 3 of the thread has no capture") as err:
        fetch(archive, "phpbb33", out)
    assert "start=20" in str(err.value)
    assert sorted(p.name for p in out.glob("page-*.html")) == ["page-0001.html",
                                                               "page-0002.html"]
    # the archive captures it later: the next run asks only for what is missing
    url = ENGINES["phpbb33"].url(TOPIC, 2, PER_PAGE)
    archive.capture(url, STAMPS[2], mark(pages[2][1], STAMPS[2]))
    result = fetch(archive, "phpbb33", out)
    assert result.kept == [1, 2]
    assert result.fetched == list(range(3, len(pages) + 1))
    asked = [unquote(a) for a in archive.asked if a.startswith("/web/")]
    assert sum("start=10" in a for a in asked) == 1  # page 2 read once over both runs
    assert (out / "page-0003.html").read_bytes() == mark(pages[2][1], STAMPS[2])


def test_the_fetch_command_with_wayback(archive: Archive, log: GameLog,
                                        tmp_path: Path) -> None:
    pages = serve(archive, log, "vb38")
    out = tmp_path / "out"
    ok = CliRunner().invoke(app, ["fetch", "--wayback", ENGINES["vb38"].url(TOPIC, 0, PER_PAGE),
                                  "-o", str(out), "--cdx", archive.base, "--archive",
                                  archive.base, "--at", "2015-06-01", "--delay", "0",
                                  "--quiet"])
    assert ok.exit_code == 0, ok.output
    assert len(list(out.glob("page-*.html"))) == len(pages)
    assert stamp_of(out, 1) == STAMPS[1]
    again = CliRunner().invoke(app, ["fetch", "--wayback",
                                     ENGINES["vb38"].url(TOPIC, 0, PER_PAGE), "-o", str(out),
                                     "--cdx", archive.base, "--archive", archive.base,
                                     "--at", "2015-06-01T00:00", "--delay", "0"])
    assert again.exit_code == 0, again.output
    assert "kept from a previous run" in again.output
    bad = CliRunner().invoke(app, ["fetch", "--wayback", "http://x.example/", "-o",
                                   str(tmp_path / "no"), "--at", "June 2015"])
    assert bad.exit_code == 2
    assert "YYYY-MM-DD" in bad.output


def test_a_first_page_captured_without_its_page_parameter(archive: Archive, log: GameLog,
                                                           tmp_path: Path) -> None:
    pages = serve(archive, log, "phpbb33", missing=1)
    given = ENGINES["phpbb33"].url(TOPIC, 0, PER_PAGE)
    assert given.endswith("&start=0")
    bare = given.removesuffix("&start=0")
    archive.capture(bare, STAMPS[0], mark(pages[0][1], STAMPS[0]))
    out = tmp_path / "out"
    result = fetch(archive, "phpbb33", out)
    assert result.fetched == list(range(1, len(pages) + 1))
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pages"][0]["original_url"] == bare


def test_a_folder_is_resumed_only_with_its_own_time_and_source(
        archive: Archive, log: GameLog, tmp_path: Path) -> None:
    serve(archive, log, "phpbb33")
    out = tmp_path / "out"
    fetch(archive, "phpbb33", out, at=parse_at("2015-06-01"))
    with pytest.raises(FetchError, match="--at 2015-06-01T00:00, not"):
        fetch(archive, "phpbb33", out)
    with pytest.raises(FetchError, match="wayback source, not live"):
        fetch_thread(LiveSource(ENGINES["phpbb33"].url(TOPIC, 0, PER_PAGE), client()), out,
                     FetchOptions())
    again = fetch(archive, "phpbb33", out, at=parse_at("2015-06-01"))
    assert again.fetched == [len(again.manifest.pages)]  # only the last page, as live


def test_the_archives_robots_txt_and_user_agent(archive: Archive, log: GameLog,
                                                tmp_path: Path) -> None:
    serve(archive, log, "phpbb33")
    archive.routes[key_of("/robots.txt")] = Answer(200, b"User-agent: *\nDisallow: /web/\n")
    with pytest.raises(FetchError, match=r"robots\.txt"):
        fetch(archive, "phpbb33", tmp_path / "out")
    assert not (tmp_path / "out").exists()
    assert all(h.get("User-Agent", "").startswith("mafiakit/") for h in archive.headers)
