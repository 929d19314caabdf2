"""Each engine of `scrapers.render.engines` against the scraper: a small simulated game of
every rule set rendered in it (as saved, and as a Wayback capture of the engine's own page
address) scrapes back to its posts, authors, times, edit notice and votes, read by the
scraper adapter of that engine; the pages are in the engine's code page, and what that code
page cannot hold survives as a character reference."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.gamelog import EditMarker, GameLog
from engine.rulesets import ruleset_ids
from engine.simulate import play
from scrapers.render import gmlog, render_thread
from scrapers.render.engines import ENGINES
from scrapers.render.wayback import wayback
from scrapers.scrape import scrape
from tests.scrapers.test_render_roundtrip import differences

CAPTURED = datetime(2021, 3, 4, 5, 6, 7, tzinfo=UTC)
TOPIC, PER_PAGE = 346, 10  # ten posts a page: every game spans several pages
# the variant the scraper should detect in each engine's pages (`ParsedPage.info.engine`)
DETECTED = {"phpbb33": "phpbb31-prosilver", "vb38": "vbulletin3", "smf21": "smf21",
            "xf2": "xenforo2", "ipb2": "ipb2", "ucoz": "ucoz-forum"}
# outside windows-1251 (which has «ў» and «€»): a page in it writes them as references
FOREIGN = "😀 ő"
# the page's own declaration (a Wayback capture adds scripts with charset="utf-8" of theirs)
CHARSET = re.compile(rb"<meta[^>]*charset=[\"']?([\w-]+)", re.I)


def _edited(log: GameLog) -> int:
    """Give the first post that holds no vote and is not edited yet an edit by its author,
    seven minutes after it (no vote: world-cup-2018 voids an edited vote); its number."""
    votes = {v.post for v in log.votes}
    post = next(p for p in log.posts[1:] if p.number not in votes and p.edit is None)
    assert post.time is not None
    post.edit = EditMarker(editor=post.author, time=post.time + timedelta(minutes=7))
    return post.number


def _pages(log: GameLog, engine: str, folder: Path, *, captured: bool) -> list[bytes]:
    """The thread rendered in `engine` into `folder` (as Wayback captures of the engine's
    page addresses when `captured`), with the game's GM log beside it; the pages' bytes."""
    eng = ENGINES[engine]
    folder.mkdir(parents=True)
    out = []
    for i, (name, data) in enumerate(render_thread(log, engine=engine, per_page=PER_PAGE,
                                                   topic=TOPIC)):
        if captured:
            data = wayback(data.decode(eng.encoding), eng.url(TOPIC, i, PER_PAGE),
                           CAPTURED).encode(eng.encoding, errors="xmlcharrefreplace")
        (folder / name).write_bytes(data)
        out.append(data)
    return out


def _scrape(log: GameLog, folder: Path) -> GameLog:
    gm_log = None
    if log.nights:
        gm_log = folder.parent / "gm-log.txt"
        gm_log.write_text(gmlog.blocks(log, "ru"), encoding="utf-8")
    return scrape([folder], ruleset=log.meta.ruleset or "", gms=log.meta.gms, gm_log=gm_log)


def test_every_engine_names_the_variant_it_is_read_as() -> None:
    assert sorted(DETECTED) == sorted(ENGINES)


@pytest.mark.parametrize("captured", [False, True], ids=["saved", "wayback"])
@pytest.mark.parametrize("ruleset", ruleset_ids())
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_a_rendered_game_scrapes_back_in_each_engine(engine: str, ruleset: str,
                                                     captured: bool, tmp_path: Path) -> None:
    eng = ENGINES[engine]
    log = play(ruleset, 7, max_days=2)
    number = _edited(log)
    pages = _pages(log, engine, tmp_path / "pages", captured=captured)
    assert len(pages) > 1
    for data in pages:
        data.decode(eng.encoding)  # raises when the page is not in its code page
        declared = CHARSET.search(data)
        assert declared is not None
        assert declared[1].decode().lower() == eng.encoding
    got = _scrape(log, tmp_path / "pages")
    assert got.meta.engine == DETECTED[engine]
    assert [(p.number, p.author) for p in got.posts] == [(p.number, p.author) for p in log.posts]
    # aware datetimes compare as instants, whatever zone the page showed them in
    assert [p.time for p in got.posts] == [p.time for p in log.posts]
    want, read = log.posts[number - 1].edit, got.posts[number - 1].edit
    assert want is not None
    assert read is not None
    assert (read.editor, read.time) == (want.editor, want.time)
    assert differences(log, got) == {}
    if captured:
        sources = [s for s in got.meta.sources if s.kind == "page"]
        assert {s.captured_at for s in sources} == {CAPTURED}
        assert got.meta.thread_urls == sorted(eng.url(TOPIC, i, PER_PAGE)
                                              for i in range(len(pages)))


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_cyrillic_and_characters_outside_the_code_page_survive(engine: str,
                                                               tmp_path: Path) -> None:
    eng = ENGINES[engine]
    log = play("mafiascum", 3, max_days=1)
    votes = {v.post for v in log.votes}
    post = next(p for p in log.posts[1:] if p.number not in votes)
    post.text = f"Съешь же ещё этих мягких булок {FOREIGN}"
    post.html = post.text
    pages = _pages(log, engine, tmp_path / "pages", captured=False)
    page = b"".join(pages)
    assert "Съешь же ещё этих мягких булок".encode(eng.encoding) in page
    for char in FOREIGN.split():
        if eng.encoding == "windows-1251":
            with pytest.raises(UnicodeEncodeError):
                char.encode(eng.encoding)
            assert f"&#{ord(char)};".encode() in page
        else:
            assert char.encode(eng.encoding) in page
    got = _scrape(log, tmp_path / "pages")
    assert got.posts[post.number - 1].text == post.text
