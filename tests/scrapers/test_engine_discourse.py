"""Discourse adapter: the crawler view (3.x with post ids, 2.x without), the print view and
a DOM dump's post stream; on the project's fixture and the shared real pages."""

from __future__ import annotations

from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from scrapers.forum.engines import discourse
from scrapers.forum.page import load_page, parse_html, read_page
from scrapers.forum.types import ParsedPage
from tests.conftest import shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
PAGE = FIXTURES / "discourse" / "crawler-ru.html"
UTC = ZoneInfo("UTC")
REAL = shared_dir() / "fixtures" / "real-threads"


def _read(text: str) -> ParsedPage:
    return read_page("t.html", text.encode("utf-8"), UTC)[1]


def _real(folder: str) -> ParsedPage:
    path = REAL / folder / "page.html"
    if not path.is_file():
        pytest.skip(f"no {path} (set MAFIAKIT_SHARED to the shared folder)")
    return read_page(path.name, path.read_bytes(), UTC)[1]


def _detect(path: Path) -> str | None:
    page = load_page(path.name, path.read_bytes())
    spec = discourse.detect(parse_html(page.text), page.text)
    return spec.engine if spec else None


def test_crawler_fixture_ids_quotes_edit_and_previews() -> None:
    parsed = _read(PAGE.read_text(encoding="utf-8"))
    assert parsed.info.engine == "discourse-crawler"
    assert (parsed.info.thread_id, parsed.info.page_number) == ("4242", 2)
    assert [p.post_id for p in parsed.posts] == ["21", "22", "23"]  # no navigation block
    assert [p.author for p in parsed.posts] == ["Kent", "Blood_Queen", "host"]
    bq = parsed.posts[1]
    assert [(q.author, q.post_id) for q in bq.quotes] == [("Kent", "21")]
    # the topic preview is its link, not a quote; the image's size line is gone
    assert "Правила клуба" in bq.text
    assert "Голос можно" not in bq.text
    assert "KB" not in bq.text
    assert bq.edit is not None
    assert bq.edit.time is not None
    assert bq.edit.time.isoformat() == "2019-03-04T07:02:00+00:00"
    assert parsed.posts[0].edit is None
    host = parsed.posts[2]
    assert "Голос за Kent" not in host.text
    assert "Таблица голосов" in host.text
    assert "Ведущий" not in host.text  # the signature
    assert parsed.census == 3


def test_other_families_fixtures_are_not_discourse() -> None:
    others = [p for p in sorted(FIXTURES.glob("*/*.html")) if p.parent.name != "discourse"]
    assert others
    assert [str(p) for p in others if _detect(p) is not None] == []


def test_real_blizzard_crawler_2x_creation_time_and_edit() -> None:
    parsed = _real("discourse-blizzard-wow-locked-server")
    assert parsed.info.engine == "discourse-crawler-2"
    assert parsed.census is None  # 2.x writes no per-post id
    assert [p.author for p in parsed.posts] == [
        "Tesdudo-emerald-dream", "Abalam-mankrik", "Hiawanda-windseeker", "Supertroll-atiesh"]
    assert [p.number for p in parsed.posts] == [1, 2, 3, 4]
    third = parsed.posts[2]
    # printed: the modification time; read: the creation time, and the edit
    assert third.time_text == "23 April 2020 22:27"
    assert third.time is not None
    assert third.time.isoformat() == "2020-04-23T10:44:06+00:00"
    assert third.edit is not None
    assert third.edit.time is not None
    assert [(q.author, q.post_id) for q in third.quotes] == [("Tesdudo-emerald-dream", "1")]
    assert third.text.startswith("The recent set of free")
    assert parsed.posts[3].text == "Nope."


def test_real_glamour_topic_preview_is_no_quote() -> None:
    parsed = _real("discourse-glamour-aknenormin")
    assert [p.author for p in parsed.posts] == ["Steffi_Schramm", "Divina", "flowerprint"]
    assert [len(p.quotes) for p in parsed.posts] == [0, 0, 1]
    assert parsed.posts[1].text.startswith("Das tut mir Leid für ihn.")
    assert "Ich wechsle mal" not in parsed.posts[1].text
    assert parsed.posts[2].quotes[0].author == "Steffi_Schramm"
    assert next(p.time_text for p in parsed.posts) == "7. März 2020 um 23:20"
    assert all(p.time is not None and p.time.tzinfo is not None for p in parsed.posts)


PRINT = """<!DOCTYPE html><html lang="en"><head>
<meta http-equiv="Content-Type" content="text/html; charset=utf-8"><title>Mafia 12: Day 1</title>
<meta property="og:site_name" content="Club"></head><body>
<div class='creator'>
  <b>kent</b> (Kent) at March 4th, 2019 06:05 — #1
</div>
<div class='post'><p>Day 1 begins.</p></div>
<hr/>
<div class='creator'>
  <b>queen</b> at March 4th, 2019 06:20 — #2
</div>
<div class='post'><aside class="quote no-group" data-username="kent" data-post="1" data-topic="42">
<div class="title"><div class="quote-controls"></div> kent:</div>
<blockquote><p>Day 1 begins.</p></blockquote></aside>
<p>Vote: kent</p></div>
<hr/>
<p><b><a href="/t/mafia-12/42/print?page=2" rel="next">Next page</a></b></p>
</body></html>"""


def test_print_view() -> None:
    parsed = _read(PRINT)
    assert parsed.info.engine == "discourse-print"
    assert [(p.post_id, p.number, p.author) for p in parsed.posts] == [
        ("1", 1, "kent"), ("2", 2, "queen")]
    assert [p.time.isoformat() if p.time else None for p in parsed.posts] == [
        "2019-03-04T06:05:00+00:00", "2019-03-04T06:20:00+00:00"]
    assert parsed.posts[1].text == "Vote: kent"
    assert [(q.author, q.post_id) for q in parsed.posts[1].quotes] == [("kent", "1")]
    assert (parsed.info.page_number, parsed.info.page_count) == (1, None)
    assert parsed.census is None


JS_DUMP = """<html><head><meta name="generator" content="Discourse 3.1.0"></head><body>
<div id="topic-title"><h1><a class="fancy-title" href="/t/mafia-12/42">Mafia 12</a></h1></div>
<div class="post-stream">
<div class="topic-post clearfix topic-owner regular">
<article id="post_1" role="region" data-post-id="9001" data-topic-id="42" data-user-id="7"
 class="boxed onscreen-post"><div class="row"><div class="topic-body clearfix">
<div role="heading" class="topic-meta-data"><div class="names trigger-user-card">
<span class="first username"><a href="/u/kent" data-user-card="kent">kent</a></span>
<span class="second full-name"><a href="/u/kent" data-user-card="kent">Kent K</a></span>
<span class="user-title">GM</span></div>
<div class="post-infos"><div class="post-info post-date"><a class="post-date"
 href="/t/mafia-12/42/1" data-post-number="1"><span title="Mar 4, 2019 6:05 am"
 data-time="1551679500000" data-format="tiny" class="relative-date">Mar '19</span></a></div>
</div></div>
<div class="regular contents"><div class="cooked"><p>Day 1 begins.</p></div></div>
</div></div></article></div>
<div class="small-action-post"><article id="post_2" data-post-id="9002"
 class="small-action onscreen-post"><div class="small-action-desc">closed</div></article></div>
<div class="topic-post clearfix regular">
<article id="post_3" role="region" data-post-id="9003" data-topic-id="42" data-user-id="8"
 class="boxed onscreen-post"><div class="row"><div class="topic-body clearfix">
<div role="heading" class="topic-meta-data"><div class="names trigger-user-card">
<span class="first username"><a href="/u/queen" data-user-card="queen">queen</a></span></div>
<div class="post-infos"><div class="post-info edits"><button class="widget-button
 btn-flat post-edits-indicator" title="edited Mar 4, 2019 7:00 am"><span
 class="d-button-label">2</span></button></div><div class="post-info post-date"><a
 class="post-date" href="/t/mafia-12/42/3" data-post-number="3"><span
 title="Mar 4, 2019 6:20 am" data-time="1551680400000" class="relative-date">6:20</span></a>
</div></div></div>
<div class="regular contents"><div class="cooked"><p>Vote: kent</p></div></div>
</div></div></article></div>
</div></body></html>"""


def test_js_dump() -> None:
    parsed = _read(JS_DUMP)
    assert parsed.info.engine == "discourse-js"
    assert [(p.post_id, p.author, p.author_id) for p in parsed.posts] == [
        ("1", "kent", "kent"), ("3", "queen", "queen")]  # the small action is no post
    assert [p.time.isoformat() if p.time else None for p in parsed.posts] == [
        "2019-03-04T06:05:00+00:00", "2019-03-04T06:20:00+00:00"]
    edit = parsed.posts[1].edit
    assert edit is not None
    assert edit.count == 2
    assert parsed.info.thread_title == "Mafia 12"
