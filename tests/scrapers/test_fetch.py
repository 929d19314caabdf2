"""`mafiakit fetch`: a thread served on 127.0.0.1 (`tests.scrapers.fetch_server`) fetched
into a folder, then scraped; the faults a live forum has; resuming; politeness."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.gamelog import GameLog
from engine.rulesets import ruleset_ids
from engine.simulate import play
from scrapers.fetch.http import Client, FetchError, tool_version
from scrapers.fetch.run import FetchOptions, FetchResult, LiveSource, fetch_thread
from scrapers.scrape import scrape
from tests.scrapers.fetch_server import (
    PER_PAGE,
    Answer,
    Forum,
    guard_network,
    key_of,
    running,
)


@pytest.fixture(autouse=True)
def _local_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket, "create_connection", guard_network(socket.create_connection))


@pytest.fixture
def forum() -> Iterator[Forum]:
    yield from running(Forum())


@pytest.fixture(scope="module")
def log() -> GameLog:
    return play(ruleset_ids()[0], 7, max_days=2)


class FakeTime:
    """A clock that moves only when slept: the delays asked, with no real sleeping."""

    def __init__(self) -> None:
        self.t = 0.0
        self.slept: list[float] = []

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.t += seconds

    def clock(self) -> float:
        return self.t


def client(fake: FakeTime | None = None, **kw: object) -> Client:
    fake = fake or FakeTime()
    kw.setdefault("delay", 0.0)
    kw.setdefault("jitter", 0.0)
    return Client(sleep=fake.sleep, clock=fake.clock, **kw)  # type: ignore[arg-type]


def fetch(url: str, out: Path, c: Client | None = None, **kw: object) -> FetchResult:
    return fetch_thread(LiveSource(url, c or client()), out,
                        FetchOptions(**kw))  # type: ignore[arg-type]


def _same(a: GameLog, b: GameLog) -> None:
    for part in ("posts", "players", "phases", "votes"):
        one, other = getattr(a, part), getattr(b, part)
        assert len(one) == len(other), part
        for x, y in zip(one, other, strict=True):
            dx, dy = x.model_dump(), y.model_dump()
            assert {k for k in dx if dx[k] != dy[k]} <= WITH_ADDRESS, (part, dx, dy)


# what only a fetched page can know: its address (the rendered pages give none)
WITH_ADDRESS = {"url", "avatar"}  # an avatar resolved against the address


@pytest.mark.parametrize("engine", ["phpbb33", "vb38", "smf21", "xf2", "ipb2", "ucoz"])
def test_fetch_then_scrape_equals_scraping_the_rendered_pages(
        forum: Forum, log: GameLog, engine: str, tmp_path: Path) -> None:
    pages = forum.serve_thread(log, engine)
    assert len(pages) > 3
    direct = tmp_path / "direct"
    direct.mkdir()
    for i, (_, data) in enumerate(pages, start=1):
        (direct / f"page-{i:04d}.html").write_bytes(data)
    out = tmp_path / "fetched"
    result = fetch(forum.first_url(engine), out)
    assert result.fetched == list(range(1, len(pages) + 1))
    for i, (_, data) in enumerate(pages, start=1):
        assert (out / f"page-{i:04d}.html").read_bytes() == data  # the bytes as received
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["tool_version"] == tool_version()
    assert manifest["options"]["max_pages"] == 500
    second = manifest["pages"][1]
    assert key_of(forum.local(second["url"])) == key_of(forum.local(forum.url_of(engine, 1)))
    assert second["status"] == 200
    assert second["size"] == len(pages[1][1])
    assert second["charset"] == ("utf-8" if engine in ("phpbb33", "smf21", "xf2")
                                 else "windows-1251")
    fetched_log = scrape([out], ruleset=log.meta.ruleset)
    _same(fetched_log, scrape([direct], ruleset=log.meta.ruleset))
    # the manifest gives each page's address and time; manifest.json is no page
    assert len(fetched_log.meta.sources) == len(pages)
    first = fetched_log.meta.sources[0]
    assert first.captured_at == datetime.fromisoformat(manifest["pages"][0]["fetched"])


def test_429_with_retry_after_is_honoured(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "phpbb33")
    second = key_of(forum.local(forum.url_of("phpbb33", 1)))
    forum.faults[second] = [Answer(429, b"slow down", {"Retry-After": "7"})]
    fake = FakeTime()
    result = fetch(forum.first_url("phpbb33"), tmp_path / "out", client(fake))
    assert 7.0 in fake.slept
    assert forum.asked.count(second) == 2
    assert 2 in result.fetched


def test_retry_after_as_an_http_date(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "vb38")
    second = key_of(forum.local(forum.url_of("vb38", 1)))
    forum.faults[second] = [Answer(429, b"", {"Retry-After": "Sun, 06 Dec 2026 12:00:30 GMT"})]
    fake = FakeTime()
    c = client(fake, now=lambda: datetime(2026, 12, 6, 12, 0, 0, tzinfo=UTC))
    fetch(forum.first_url("vb38"), tmp_path / "out", c)
    assert 30.0 in fake.slept


def test_503_then_success_backs_off(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "smf21")
    third = key_of(forum.local(forum.url_of("smf21", 2)))
    forum.faults[third] = [Answer(503), Answer(503)]
    fake = FakeTime()
    result = fetch(forum.first_url("smf21"), tmp_path / "out", client(fake, backoff=1.0))
    assert fake.slept == [1.0, 2.0]  # exponential
    assert 3 in result.fetched


def test_503_for_ever_is_an_error_naming_the_url(forum: Forum, log: GameLog,
                                                 tmp_path: Path) -> None:
    forum.serve_thread(log, "smf21")
    third = key_of(forum.local(forum.url_of("smf21", 2)))
    forum.faults[third] = [Answer(503)] * 5
    with pytest.raises(FetchError, match=r"HTTP 503 after 5 attempts") as err:
        fetch(forum.first_url("smf21"), tmp_path / "out", client(retries=4))
    assert "topic=346.20" in str(err.value)
    assert not (tmp_path / "out" / "page-0003.html").exists()


def test_a_timeout_is_retried(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "xf2")
    second = key_of(forum.local(forum.url_of("xf2", 1)))
    forum.faults[second] = [Answer(200, b"late", delay=0.6)]
    result = fetch(forum.first_url("xf2"), tmp_path / "out", client(timeout=0.2))
    assert forum.asked.count(second) == 2
    assert 2 in result.fetched
    assert (tmp_path / "out" / "page-0002.html").read_bytes() != b"late"


def test_a_truncated_body_is_never_saved(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    pages = forum.serve_thread(log, "ipb2")
    second = key_of(forum.local(forum.url_of("ipb2", 1)))
    forum.faults[second] = [Answer(200, pages[1][1][:500], short_by=1000)]
    fetch(forum.first_url("ipb2"), tmp_path / "ok", client())
    assert (tmp_path / "ok" / "page-0002.html").read_bytes() == pages[1][1]
    forum.faults[second] = [Answer(200, pages[1][1][:500], short_by=1000)] * 3
    with pytest.raises(FetchError, match="short of its Content-Length"):
        fetch(forum.first_url("ipb2"), tmp_path / "bad", client(retries=2))
    assert not (tmp_path / "bad" / "page-0002.html").exists()
    assert not list((tmp_path / "bad").glob("*.part"))


LOGIN = (b'<html><body><form action="/ucp.php?mode=login" method="post">'
         b'<input type="text" name="username"><input type="password" name="password">'
         b"</form></body></html>")


def test_a_redirect_to_a_login_page_is_an_error(forum: Forum, log: GameLog,
                                                tmp_path: Path) -> None:
    forum.serve_thread(log, "phpbb33")
    first = key_of(forum.local(forum.url_of("phpbb33", 0)))
    forum.routes[first] = Answer(302, b"", {"Location": "/ucp.php?mode=login"})
    forum.routes[key_of("/ucp.php?mode=login")] = Answer(200, LOGIN)
    with pytest.raises(FetchError, match="login page") as err:
        fetch(forum.first_url("phpbb33"), tmp_path / "out")
    assert "ucp.php?mode=login" in str(err.value)
    assert not (tmp_path / "out").exists()


def test_a_missing_thread_is_an_error(forum: Forum, tmp_path: Path) -> None:
    with pytest.raises(FetchError, match=r"thread not found \(HTTP 404\)") as err:
        fetch(forum.base + "/viewtopic.php?t=999", tmp_path / "out")
    assert "t=999" in str(err.value)
    assert not (tmp_path / "out").exists()


def test_a_redirect_to_another_thread_is_an_error(forum: Forum, log: GameLog,
                                                  tmp_path: Path) -> None:
    pages = forum.serve_thread(log, "vb38")
    other = pages[1][1].replace(b"t=346", b"t=777")
    forum.routes[key_of("/showthread.php?t=777&page=2")] = Answer(
        200, other, {"Content-Type": "text/html; charset=windows-1251"})
    second = key_of(forum.local(forum.url_of("vb38", 1)))
    forum.routes[second] = Answer(301, b"", {"Location": "/showthread.php?t=777&page=2"})
    with pytest.raises(FetchError, match="another thread") as err:
        fetch(forum.first_url("vb38"), tmp_path / "out")
    assert "t=777" in str(err.value)
    assert not (tmp_path / "out" / "page-0002.html").exists()


def test_robots_txt_disallow_is_an_error_and_nothing_is_written(
        forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "phpbb33")
    forum.routes[key_of("/robots.txt")] = Answer(
        200, b"User-agent: *\nDisallow: /viewtopic.php\n", {"Content-Type": "text/plain"})
    with pytest.raises(FetchError, match=r"robots\.txt") as err:
        fetch(forum.first_url("phpbb33"), tmp_path / "out")
    assert "viewtopic.php?t=346" in str(err.value)
    assert not (tmp_path / "out").exists()
    assert forum.asked == [key_of("/robots.txt")]


def _untimed(folder: Path) -> list[dict[str, object]]:
    """The manifest's pages, their fetch times aside."""
    data = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return [{k: v for k, v in p.items() if k != "fetched"} for p in data["pages"]]


class Interrupt(Exception):
    pass


def test_an_interrupted_run_resumes_with_only_the_rest(forum: Forum, log: GameLog,
                                                       tmp_path: Path) -> None:
    pages = forum.serve_thread(log, "phpbb33")
    whole = tmp_path / "whole"
    fetch(forum.first_url("phpbb33"), whole)
    out = tmp_path / "out"

    def stop_after_three(n: int, total: int | None, url: str) -> None:
        if n == 3:
            raise Interrupt

    with pytest.raises(Interrupt):
        fetch_thread(LiveSource(forum.first_url("phpbb33"), client()), out, FetchOptions(),
                     progress=stop_after_three)
    assert sorted(p.name for p in out.glob("page-*")) == [f"page-000{i}.html" for i in (1, 2, 3)]
    forum.asked.clear()
    result = fetch(forum.first_url("phpbb33"), out)
    assert result.kept == [1, 2, 3]
    assert result.fetched == list(range(4, len(pages) + 1))
    assert len([k for k in forum.asked if k != key_of("/robots.txt")]) == len(pages) - 3
    for page in whole.glob("page-*"):
        assert (out / page.name).read_bytes() == page.read_bytes()
    assert _untimed(out) == _untimed(whole)
    # a third run asks only the thread's last page (a thread grows)
    forum.asked.clear()
    again = fetch(forum.first_url("phpbb33"), out)
    assert again.fetched == [len(pages)]


def test_a_page_that_changed_is_reported_not_overwritten(forum: Forum, log: GameLog,
                                                         tmp_path: Path) -> None:
    pages = forum.serve_thread(log, "smf21")
    out = tmp_path / "out"
    fetch(forum.first_url("smf21"), out)
    last = key_of(forum.local(forum.url_of("smf21", len(pages) - 1)))
    before = (out / f"page-{len(pages):04d}.html").read_bytes()
    changed = forum.serve_thread(log.model_copy(update={"posts": log.posts[:-3]}), "smf21")
    forum.routes[last] = Answer(200, changed[-1][1].replace(b"msg1000", b"msg9000"),
                                {"Content-Type": "text/html; charset=utf-8"})
    with pytest.raises(FetchError, match="changed since it was fetched") as err:
        fetch(forum.first_url("smf21"), out)
    assert f"topic=346.{10 * (len(pages) - 1)}" in str(err.value)
    assert (out / f"page-{len(pages):04d}.html").read_bytes() == before


def test_cookies_are_sent_and_never_saved(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "ucoz")
    jar = tmp_path / "cookies.txt"
    jar.write_text("# Netscape HTTP Cookie File\n"
                   "127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tSECRET-SESSION-42\n", encoding="utf-8")
    out = tmp_path / "out"
    fetch(forum.first_url("ucoz"), out, client(cookies=jar))
    assert all("SECRET-SESSION-42" in h.get("Cookie", "") for h in forum.headers)
    for f in out.iterdir():
        assert b"SECRET-SESSION-42" not in f.read_bytes()
        assert b"cookies.txt" not in f.read_bytes()


def test_the_user_agent_names_mafiakit_and_its_version(forum: Forum, log: GameLog,
                                                       tmp_path: Path) -> None:
    forum.serve_thread(log, "phpbb33")
    fetch(forum.first_url("phpbb33"), tmp_path / "out")
    (agent,) = {h["User-Agent"] for h in forum.headers}
    assert agent.startswith(f"mafiakit/{tool_version()} (+http")


def test_the_delay_with_jitter_is_applied_between_requests(forum: Forum, log: GameLog,
                                                           tmp_path: Path) -> None:
    pages = forum.serve_thread(log, "vb38")
    fake = FakeTime()
    fetch(forum.first_url("vb38"), tmp_path / "out", client(fake, delay=2.0, jitter=0.5))
    # robots.txt, then every page: a pause before each request but the first
    assert len(fake.slept) == len(pages)
    assert all(1.5 <= s <= 2.5 for s in fake.slept)
    assert len(set(fake.slept)) > 1  # jittered


def test_max_pages_caps_the_walk(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    forum.serve_thread(log, "phpbb33")
    result = fetch(forum.first_url("phpbb33"), tmp_path / "out", max_pages=2)
    assert result.capped
    assert result.fetched == [1, 2]


def test_an_unknown_page_is_said(forum: Forum, tmp_path: Path) -> None:
    forum.routes[key_of("/thread")] = Answer(200, b"<html><body><p>hello</p></body></html>")
    with pytest.raises(FetchError, match="/thread"):
        fetch(forum.base + "/thread", tmp_path / "out")


def test_the_fetch_command(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from toolkit.cli import app

    pages = forum.serve_thread(log, "phpbb33")
    out = tmp_path / "out"
    ok = CliRunner().invoke(app, ["fetch", forum.first_url("phpbb33"), "-o", str(out),
                                  "--delay", "0", "--jitter", "0", "--quiet"])
    assert ok.exit_code == 0, ok.output
    assert len(list(out.glob("page-*.html"))) == len(pages)
    forum.routes[key_of("/robots.txt")] = Answer(200, b"User-agent: *\nDisallow: /\n")
    refused = CliRunner().invoke(app, ["fetch", forum.first_url("phpbb33"), "-o",
                                       str(tmp_path / "no"), "--delay", "0", "--quiet"])
    assert refused.exit_code == 2
    assert "robots.txt" in refused.output
    assert "viewtopic.php" in refused.output
    assert not (tmp_path / "no").exists()


def test_an_engine_without_a_page_rule_follows_its_next_links(
        forum: Forum, log: GameLog, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from scrapers.fetch import pages as page_rules

    monkeypatch.delitem(page_rules.RULES, "phpbb")
    pages = forum.serve_thread(log, "phpbb33")
    with pytest.raises(FetchError, match="no page rule"):
        fetch(forum.first_url("phpbb33"), tmp_path / "bare")
    for i in range(len(pages) - 1):
        key = key_of(forum.local(forum.url_of("phpbb33", i)))
        link = f'<link rel="next" href="/next/{i + 2}">'.encode()
        forum.routes[key].body = forum.routes[key].body.replace(b"</head>", link + b"</head>")
        forum.routes[key_of(f"/next/{i + 2}")] = forum.routes[
            key_of(forum.local(forum.url_of("phpbb33", i + 1)))]
    result = fetch(forum.first_url("phpbb33"), tmp_path / "out")
    assert result.fetched == list(range(1, len(pages) + 1))
    assert forum.asked[-1] == key_of(f"/next/{len(pages)}")


def test_a_grown_thread_gets_its_new_pages(forum: Forum, log: GameLog, tmp_path: Path) -> None:
    short = log.model_copy(update={"posts": log.posts[:-PER_PAGE]})
    before = forum.serve_thread(short, "vb38")
    out = tmp_path / "out"
    fetch(forum.first_url("vb38"), out)
    after = forum.serve_thread(log, "vb38")
    assert len(after) == len(before) + 1
    result = fetch(forum.first_url("vb38"), out)
    # the old last page (now full) and the new one; the pages between are kept
    assert result.fetched == [len(before), len(after)]
    assert (out / f"page-{len(after):04d}.html").read_bytes() == after[-1][1]


def test_the_forums_no_such_thread_page_is_an_error(forum: Forum, tmp_path: Path) -> None:
    forum.routes[key_of("/viewtopic.php?t=5")] = Answer(
        200, b"<html><body><div class='panel'><h2>Information</h2><p>The topic or post "
             b"you requested does not exist</p></div></body></html>")
    with pytest.raises(FetchError, match="thread not found") as err:
        fetch(forum.base + "/viewtopic.php?t=5", tmp_path / "out")
    assert "t=5" in str(err.value)
    assert not (tmp_path / "out").exists()
