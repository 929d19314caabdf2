"""Round trips (issue 7): a simulated game of every registered rule set (with chatter, bold
words that are no votes, quoted votes, edited posts, votes after the day's end, Cyrillic nicks
declined in the votes), rendered as the saved pages of a thread (in each engine of
`scrapers.render.engines`, every fifth of each engine as a Wayback capture) and its GM log
(`scrapers.render`: blocks, a table or lines, Russian or English), scraped again, gives back
its posts (authors, times as instants, edit notices), its players, its votes (written in the
rule set's grammar: bold «казнить X», a red name, ...; counted or not, with the reason), each
day's outcome and its votes after the deadline, the GM's running vote counts, its published
deaths and newspaper facts, and every night action with its options. The scraper names
slots by nick, the simulator by "P01": compared by nick."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.day import DayResult, count_day
from engine.gamelog import GameLog
from engine.rulesets import get_ruleset, ruleset_ids
from engine.simulate import play
from scrapers.render import gmlog, render_thread
from scrapers.render.engines import ENGINES
from scrapers.render.thread import accusative, vote_html
from scrapers.render.wayback import wayback
from scrapers.scrape import scrape

# 200 games a rule set (a fixed seed list, in four chunks so that the workers share them),
# each played for three days and nights
GAMES = 200
CHUNKS = 4
CAPTURED = datetime(2021, 3, 4, 5, 6, 7, tzinfo=UTC)


def captured(seed: int) -> bool:
    """Every fifth game of each engine is saved from the Wayback Machine."""
    return (seed // len(ENGINES)) % 5 == 4


def round_trip(log: GameLog, folder: Path, seed: int = 0) -> GameLog:
    """The thread's pages and, when the game has nights, its GM log (a shape and a language
    by the seed) scraped together."""
    folder.mkdir(parents=True, exist_ok=True)
    engine = sorted(ENGINES)[seed % len(ENGINES)]
    eng = ENGINES[engine]
    k = seed // len(ENGINES)  # the engine's own count: each engine meets every variant
    for i, (name, data) in enumerate(render_thread(log, engine=engine)):
        if captured(seed):
            data = wayback(data.decode(eng.encoding), eng.url(346, i, 25), CAPTURED).encode(
                eng.encoding, errors="xmlcharrefreplace")
        (folder / name).write_bytes(data)
    gm_log = None
    if log.nights:
        lang = ("ru", "en")[k % 2]
        text = (gmlog.blocks(log, lang), gmlog.table(log, lang), gmlog.inline(log, lang))[
            k % 3]
        gm_log = folder.parent / f"gm-log-{seed}.txt"
        gm_log.write_text(text, encoding="utf-8")
    return scrape([folder], ruleset=log.meta.ruleset or "", gms=log.meta.gms, gm_log=gm_log)


def differences(log: GameLog, got: GameLog) -> dict[str, object]:
    """What the scraped log lost or changed of the simulated one (empty: nothing)."""
    nick = {s.id: s.nicks[0] for s in log.players}
    out: dict[str, object] = {}
    want_posts = [(p.number, p.author) for p in log.posts]
    have_posts = [(p.number, p.author) for p in got.posts]
    if want_posts != have_posts:
        out["posts"] = (len(want_posts), len(have_posts))
    talk = {p.number: _lines(p.text) for p in log.posts
            if p.number not in {v.post for v in log.votes}}
    changed = [p.number for p in got.posts if p.number in talk
               and _lines(p.text) != talk[p.number]]
    if changed:
        out["texts"] = changed[:5]
    if sorted(nick.values()) != sorted(s.nicks[0] for s in got.players):
        out["players"] = sorted(set(nick.values()) ^ {s.nicks[0] for s in got.players})
    # aware datetimes compare as instants: the page shows them in its own zone
    moved = [p.number for p, q in zip(log.posts, got.posts, strict=False) if p.time != q.time]
    if moved:
        out["times"] = moved[:5]
    edits = {(p.number, p.edit.editor, p.edit.time) for p in log.posts if p.edit}
    read_edits = {(p.number, p.edit.editor, p.edit.time) for p in got.posts if p.edit}
    if edits != read_edits:
        out["edits"] = (sorted(edits - read_edits)[:3], sorted(read_edits - edits)[:3])
    # every vote in its phase (one after the day's end is the night's), counted or not and
    # why (world-cup-2018 voids an edited vote: "edited")
    want = {(v.post, v.phase, nick[v.voter or ""], nick[v.target or ""], v.counts, v.reason)
            for v in log.votes}
    have = {(v.post, v.phase, v.voter, v.target, v.counts, v.reason) for v in got.votes
            if v.reason != "in-quote"}
    if want != have:
        out["votes"] = (sorted(want - have, key=str)[:5], sorted(have - want, key=str)[:5])
    # a quoted vote is kept, as not the quoter's; a bold word that is no vote is not a mark
    quoting = {p.number for p in log.posts if p.quotes}
    marks = {v.post for v in got.votes if v.reason == "in-quote"}
    if marks != {n for n in quoting if log.posts[n - 1].quotes[0].post_id and any(
            v.post == int(log.posts[n - 1].quotes[0].post_id or 0) for v in log.votes)}:
        out["quoted"] = sorted(marks ^ quoting)[:5]
    if not {str(v.reason) for v in got.votes if not v.counts} <= {"in-quote", "edited"}:
        out["reasons"] = sorted({str(v.reason) for v in got.votes if not v.counts})
    # each day's count from what was read, with the roles no thread shows (contested-island
    # weighs votes by character) taken from the game
    cast = {s.nicks[0]: s for s in log.players}
    known = got.model_copy(update={"players": [s.model_copy(update={
        "role": cast[s.nicks[0]].role, "faction": cast[s.nicks[0]].faction})
        if s.nicks[0] in cast else s for s in got.players]})
    for day in sorted(p.number for p in log.phases if p.kind == "day"):
        counted, recounted = count_day(log, day), count_day(known, day)
        if (nick.get(counted.eliminated or ""), _late(counted)) != (recounted.eliminated,
                                                                    _late(recounted)):
            out[f"D{day}"] = ((nick.get(counted.eliminated or ""), _late(counted)),
                              (recounted.eliminated, _late(recounted)))
    sent = {(n.number, nick[a.actor], a.ability, tuple(nick[t] for t in a.targets),
             json.dumps(a.options, sort_keys=True)) for n in log.nights for a in n.actions}
    read = {(n.number, a.actor, a.ability, tuple(a.targets),
             json.dumps(a.options, sort_keys=True)) for n in got.nights for a in n.actions}
    if sent != read:
        out["actions"] = (sorted(sent - read)[:3], sorted(read - sent)[:3],
                          [i.message for i in got.issues if i.where.line is not None][:3])
    dead = {(i.phase, nick[d.slot]) for i in log.published.phases for d in i.deaths}
    found = {(i.phase, d.slot) for i in got.published.phases for d in i.deaths}
    if dead != found:
        out["deaths"] = (sorted(dead - found)[:5], sorted(found - dead)[:5])
    # the GM's running counts: each target with its voters, read back from the GM's post
    tallied = {(c.post, nick.get(t.target or "", ""), tuple(sorted(nick[v] for v in t.voters)))
               for i in log.published.phases for c in i.vote_counts for t in c.tally}
    read_back = {(c.post, t.target or "", tuple(sorted(t.voters)))
                 for i in got.published.phases for c in i.vote_counts for t in c.tally}
    if tallied != read_back:
        out["vote counts"] = (sorted(tallied - read_back)[:3], sorted(read_back - tallied)[:3])
    # the newspaper's facts, read back from the GM's morning post
    news = {(i.phase, f.kind, nick.get(f.subject or "", "")) for i in log.published.phases
            for f in i.newspaper}
    seen = {(i.phase, f.kind, f.subject or "") for i in got.published.phases
            for f in i.newspaper}
    if news != seen:
        out["newspaper"] = (sorted(news - seen)[:3], sorted(seen - news)[:3])
    days = {p.key for p in log.phases if p.kind == "day"}
    if not days <= {p.key for p in got.phases}:
        out["days"] = sorted(days - {p.key for p in got.phases})
    return out


def _late(result: DayResult) -> list[int]:
    """The posts whose marks the day's count gives as after its deadline."""
    return sorted({n.post for n in result.not_counted if n.reason == "after-deadline"})


def _lines(text: str) -> list[str]:
    """The text's lines, blank ones aside (the scraper's text keeps a `<br>` as a line break
    of its own, so "a<br>\nb" reads with a blank line between)."""
    return [line for line in text.split("\n") if line.strip()]


@pytest.mark.parametrize("chunk", range(CHUNKS))
@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_simulated_thread_scrapes_back_to_its_game(ruleset: str, chunk: int,
                                                     tmp_path: Path) -> None:
    for seed in range(chunk, GAMES, CHUNKS):
        log = play(ruleset, seed, max_days=3)
        got = round_trip(log, tmp_path / str(seed) / "pages", seed)
        assert differences(log, got) == {}, f"{ruleset} seed {seed}"
        if captured(seed):  # the capture time read from the archive's trailer
            assert {s.captured_at for s in got.meta.sources if s.kind == "page"} == {CAPTURED}


@pytest.mark.parametrize(("name", "written"), [
    ("Багира", "Багиру"), ("Шерхан", "Шерхана"), ("Лягушонок", "Лягушонка"),
    ("Серый Брат", "Серого Брата"), ("Маугли", "Маугли"), ("Хатхи", "Хатхи"),
    ("Kala Nag", "Kala Nag"),
])
def test_a_name_voted_for_is_declined(name: str, written: str) -> None:
    assert accusative(name) == written


@pytest.mark.parametrize("ruleset", [r for r in ruleset_ids() if get_ruleset(r).language == "ru"])
def test_russian_votes_decline_the_names(ruleset: str) -> None:
    """Some votes of a Russian rule set's thread name their target in the accusative, as the
    vote grammar writes them; the round trip above reads them back to the slot."""
    declined = 0
    for seed in range(10):
        log = play(ruleset, seed, max_days=3)
        names = {s.id: s.name for s in log.players}
        pages = b"".join(data for _, data in render_thread(log, engine="phpbb33"))
        for vote in log.votes:
            name = names[vote.target or ""]
            if vote.post % 3 == 2 and vote.post % 9 != 4 and accusative(name) != name:
                assert vote_html(ruleset, accusative(name)).encode() in pages
                declined += 1
    assert declined >= 5
