"""Nothing lost (scrapers/accounting.py): on every scrape and import, what the input holds =
what the log keeps + what is reported. Checked here on every saved page fixture, the
bundled threads and each breaking case; the 98 corpus games are checked in
test_mafiascum_corpus.py, where each is imported anyway."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.gamelog import GameLog, Meta
from scrapers import assemble as assemble_module
from scrapers import scrape as scrape_module
from scrapers.accounting import Balance, gm_log_balance, record
from scrapers.descriptor import read_descriptor, scrape_game
from scrapers.gmlog.model import GmLog
from scrapers.scrape import StrictError, scrape
from scrapers.votes import read_votes
from tests.conftest import ROOT, shared_dir
from tests.scrapers.votes_game import day_one

HERE = Path(__file__).parent
PAGES = sorted([*(HERE / "fixtures").glob("*/*.html"),
                *(shared_dir() / "fixtures" / "real").glob("*.html")])
THREADS = sorted(p.parent for p in (ROOT / "data" / "games").glob("**/game.toml"))
_BALANCE = re.compile(r"^(?P<what>[\w -]+): (?P<given>[\d,]+) .*? = (?P<rest>.*)$")


def balances(log: GameLog) -> dict[str, str]:
    """The accounting lines of a log, by what they count."""
    out = {}
    for issue in log.issues:
        if issue.code == "accounting":
            m = _BALANCE.match(issue.message)
            assert m, issue.message
            out[m["what"]] = issue.message
    return out


def mismatches(log: GameLog) -> list[str]:
    return [i.message for i in log.issues if i.code == "accounting-mismatch"]


def test_pages_found() -> None:
    assert len(PAGES) >= 20, PAGES  # the engines' fixtures and the six real pages


@pytest.mark.parametrize("page", PAGES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_page_fixture_balances(page: Path) -> None:
    log = scrape([page], posts_only=True)
    assert not mismatches(log)
    assert balances(log)["posts"] == \
        f"posts: {len(log.posts):,} on the pages = {len(log.posts):,} in the log + 0 reported"


@pytest.mark.parametrize("folder", THREADS, ids=lambda p: str(p.relative_to(ROOT / "data")))
def test_every_bundled_thread_balances(folder: Path) -> None:
    log = scrape_game(read_descriptor(folder / "game.toml"))
    assert not mismatches(log)
    found = balances(log)
    assert set(found) == {"posts", "vote-like marks", "GM-log lines"} - (
        set() if (folder / "gm-log.txt").is_file() else {"GM-log lines"})
    assert found["posts"].startswith(f"posts: {len(log.posts):,} on the pages")


def test_pages_of_another_thread_are_counted_as_reported() -> None:
    case = HERE / "broken" / "threads-mixed"
    log = scrape(sorted(p for p in case.iterdir() if p.name != "expected.json"),
                 posts_only=True)
    assert not mismatches(log)
    line = balances(log)["posts"]
    left = sum(int(n) for n in re.findall(r"its (\d+) posts are left out",
                                          " ".join(i.message for i in log.issues)))
    assert left > 0
    assert f"{left:,} thread-mixed" in line
    assert line.startswith(f"posts: {len(log.posts) + left:,} on the pages")


def test_the_same_page_twice_counts_the_duplicates() -> None:
    page = HERE / "fixtures" / "phpbb" / sorted(
        p.name for p in (HERE / "fixtures" / "phpbb").glob("*.html"))[0]
    once = scrape([page], posts_only=True)
    twice = scrape([page, page], posts_only=True)
    n = len(once.posts)
    assert len(twice.posts) == n
    assert balances(twice)["posts"] == (f"posts: {2 * n:,} on the pages = {n:,} in the log "
                                        f"+ {n:,} reported ({n:,} duplicate-post)")


def test_a_post_dropped_silently_breaks_the_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage that loses a post without an issue: the scrape says so, strict mode stops."""
    real = assemble_module.assemble

    def lossy(pages: list[assemble_module.PageResult]) -> assemble_module.Thread:
        thread = real(pages)
        thread.posts.pop()
        return thread

    monkeypatch.setattr(scrape_module, "assemble", lossy)
    page = PAGES[0]
    log = scrape([page], posts_only=True)
    (message,) = mismatches(log)
    assert message.startswith("posts: +1 neither kept nor reported")
    # strict mode stops there (the fixture pages carry warnings strict mode stops at first)
    with pytest.raises(StrictError, match="accounting-mismatch"):
        scrape_module._account(GameLog(meta=log.meta), [Balance(
            "posts", 3, "on the pages", {"in the log": 2})], strict=True)


def test_a_vote_word_that_casts_no_vote_is_set_aside_with_its_post(tmp_path: Path) -> None:
    folder = THREADS[0]
    log = scrape_game(read_descriptor(folder / "game.toml"))
    set_aside = [i for i in log.issues if i.code == "vote-mark-set-aside"]
    reported = re.search(r"\+ ([\d,]+) reported", balances(log)["vote-like marks"])
    assert reported is not None
    assert int(reported[1].replace(",", "")) == len(set_aside)
    for issue in set_aside:
        assert issue.where.post is not None
        assert issue.text


def test_mafiascum_talk_about_a_vote_is_set_aside() -> None:
    """A bold "I will vote later" is vote-like (it has the word) but casts nothing."""
    log = day_one("mafiascum", [("s1", "Alice", None), ("s2", "Bob", None)],
                  [("Alice", "<b>I will vote later</b>"), ("Bob", "<b>VOTE: Alice</b>")],
                  gm="Mod", opening="Day 1 begins")
    reading = read_votes(log)
    assert [(v.post, v.target) for v in reading.votes] == [(2, "s1")]
    assert [(s.post, s.raw, s.reason) for s in reading.set_aside] == \
        [(1, "I will vote later", "talk")]
    assert (reading.marks, reading.voting) == (2, 1)


def test_gm_log_lines_in_none_or_two_of_the_sets_break_the_balance() -> None:
    gm = GmLog(file="gm-log.txt", lines=4, used={1, 2}, silent={3, 4})
    assert gm_log_balance(gm).ok
    gm.silent = {3}  # line 4 neither read, passed over nor reported
    assert gm_log_balance(gm).unexplained == 1
    gm.silent = {2, 4}  # line 2 read and passed over, line 3 in none: the sums meet
    assert not gm_log_balance(gm).ok


def test_record_writes_an_info_line_and_an_error_for_a_mismatch() -> None:
    log = GameLog(meta=Meta(title="t", ruleset="mafiascum"))
    record(log, [Balance("posts", 3, "on the pages", {"in the log": 2}, {"duplicate-post": 1}),
                 Balance("posts", 3, "on the pages", {"in the log": 2})])
    assert [(i.severity, i.code) for i in log.issues] == [
        ("info", "accounting"), ("info", "accounting"), ("error", "accounting-mismatch")]
    assert log.issues[0].message == \
        "posts: 3 on the pages = 2 in the log + 1 reported (1 duplicate-post)"
    assert log.issues[1].message.endswith("; +1 unexplained")


def test_a_post_the_page_reader_misses_is_counted_from_the_census(tmp_path: Path) -> None:
    """The page census (scrapers/forum/census.py) sees a post whose container the engine's
    selector no longer finds: the post is reported, and the balance holds."""
    source = HERE / "fixtures" / "phpbb" / "phpbb30_prosilver_ru.html"
    whole = scrape([source], posts_only=True)
    n = len(whole.posts)
    raw = source.read_bytes()
    assert raw.count(b'<div id="p5102" class="post bg1"') == 1
    page = tmp_path / source.name
    page.write_bytes(raw.replace(b'<div id="p5102" class="post bg1"',
                                 b'<div id="p5102" class="mk-renamed bg1"'))
    log = scrape([page], posts_only=True)
    assert len(log.posts) == n - 1
    assert not mismatches(log)
    assert balances(log)["posts"] == (f"posts: {n:,} on the pages = {n - 1:,} in the log "
                                      "+ 1 reported (1 posts-not-read)")
    (lost,) = [i for i in log.issues if i.code == "posts-not-read"]
    assert "ids 5102;" in lost.message
