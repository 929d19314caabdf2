"""A post's body parsed once and shared (`PostBodies`), and the importer's fast paths: each
gives what the slow way gives, on made-up posts."""

from __future__ import annotations

import gc
import json
import re
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

import scrapers.html_text as html_text
import scrapers.importers.mafiascum_posts as mafiascum_posts
from engine.errors import BadInputError
from scrapers.html_text import PostBodies, body_text, parse_html
from scrapers.importers.mafiascum import STAGES, MafiascumFiles, import_mafiascum
from scrapers.importers.mafiascum_posts import TIME_FORMAT, iter_posts, parse_time
from scrapers.votecounts import read_vote_counts
from scrapers.votes import read_votes
from tests.scrapers import mafiascum_fixture as fx

BODIES = {
    "plain": "Hello there<br>second line",
    "bold vote": 'I think <span style="font-weight: bold">VOTE: Quillon</span> now',
    "quote 3.2": '<cite><a href="./viewtopic.php?p=77#p77">Tamsin wrote:</a></cite>'
                 "<blockquote><div>vote Pell</div></blockquote>my own words",
    "quote 3.0": "<blockquote><cite>Orrin wrote:</cite>inner <b>text</b></blockquote>after",
    "nested": "<blockquote><blockquote>deep</blockquote>outer</blockquote>mine",
    "leading space": "   \n <b>Unvote</b>",
    "img and comment": 'a <img src="x.gif" alt=":)"> b <!-- hidden --> c',
    "inline div": '<div style="display:inline">X</div> y<div>block</div>',
}


@pytest.mark.parametrize("name", sorted(BODIES))
def test_the_shared_parse_gives_the_text_of_a_parse_of_its_own(name: str) -> None:
    html = BODIES[name]
    assert body_text(html, parse_html(html)) == body_text(html)


def test_a_stray_closing_div_is_read_as_the_fragment_parse_reads_it() -> None:
    # the closing tag ends parse_html's own <div> early; the words after it are the post's
    html = "first <b>bold</b></div> after the stray tag"
    shared = body_text(html, parse_html(html))
    assert shared == body_text(html)
    assert shared.text == "first bold after the stray tag"
    assert shared.quotes == []


def test_a_whole_document_is_read_as_the_fragment_parse_reads_it() -> None:
    html = "<html><body><p>whole page</p></body></html>"
    assert body_text(html, parse_html(html)) == body_text(html)
    assert body_text(html, parse_html(html)).text == "whole page"


_SOUP = st.lists(st.sampled_from([
    "x", "<div>", "</div>", "</body>", "<body>", "</html>", "<html>", "<head>", "<title>t",
    "</title>", "<meta charset=utf-8>", "<link rel=x>", "<script>s</script>", "<style>",
    "<!-- c -->", "<frameset>", "<p>", "<br>", "\n", " ", "<?pi x?>", "<!DOCTYPE html>",
    "<noscript>", "<base href=x>", "<table>", "<td>", "&amp;", "<", "</"]), max_size=12)


@settings(max_examples=500, deadline=None)
@given(_SOUP)
def test_the_parsed_body_is_the_body_s_first_div(pieces: list[str]) -> None:
    # parse_html's two indexings find what `find("body/div")` finds, whatever the body holds
    html = "".join(pieces)
    root = parse_html(html)
    if root is None:
        assert not html.strip()
        return
    assert root is root.getroottree().getroot().find("body/div")


class _Finding(etree.ElementBase):
    """An element that counts the path searches asked of it."""

    found = 0

    def find(self, path: str, namespaces: object = None) -> etree._Element | None:
        _Finding.found += 1
        return super().find(path)


def test_the_parsed_body_is_found_without_a_path_search(monkeypatch: pytest.MonkeyPatch) -> None:
    parser = etree.HTMLParser()
    parser.set_element_class_lookup(etree.ElementDefaultClassLookup(element=_Finding))
    monkeypatch.setattr(html_text, "_PARSER", parser)
    _Finding.found = 0
    for html in BODIES.values():
        root = parse_html(html)
        assert root is not None
        assert root.tag == "div"
    assert _Finding.found == 0


def test_quotes_come_with_author_post_and_text_from_the_shared_tree() -> None:
    html = BODIES["quote 3.2"]
    got = body_text(html, parse_html(html))
    assert got.text == "my own words"
    assert [(q.author, q.post_id, q.text) for q in got.quotes] == [("Tamsin", "77", "vote Pell")]


def test_reading_a_body_leaves_no_garbage_cycles() -> None:
    html = BODIES["quote 3.0"] + BODIES["plain"]
    root = parse_html(html)
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        for _ in range(50):
            body_text(html, root)
        assert gc.collect() == 0  # nothing left for the cycle collector
    finally:
        if enabled:
            gc.enable()


def test_post_bodies_parses_a_post_once_and_again_when_its_html_is_another() -> None:
    bodies = PostBodies()
    first = bodies.root(3, "<b>vote Pell</b>")
    assert first is not None
    assert bodies.root(3, "<b>vote Pell</b>") is first
    other = bodies.root(3, "<b>vote Orrin</b>")
    assert other is not None
    assert other is not first
    assert other.findtext("b") == "vote Orrin"
    assert bodies.root(4, "   ") is None


def test_the_stages_read_the_same_with_the_shared_bodies(tmp_path: Path) -> None:
    log = import_mafiascum(MafiascumFiles(*_paths(fx.write(tmp_path))))
    alone, shared = read_votes(log), read_votes(log, bodies=PostBodies())
    assert alone == shared
    assert alone.votes  # the made-up game has votes to read
    before = log.published.model_dump_json()
    issues = read_vote_counts(log, PostBodies())
    again = log.published.model_dump_json()
    assert read_vote_counts(log) == issues
    assert log.published.model_dump_json() == again == before  # same counts, replaced


def test_the_stage_hook_is_told_every_stage_in_order_then_done(tmp_path: Path) -> None:
    told: list[str] = []
    import_mafiascum(MafiascumFiles(*_paths(fx.write(tmp_path))), stage=told.append)
    assert told == [*STAGES, "done"]


def _paths(ds: fx.Dataset) -> tuple[Path, Path, Path]:
    return ds.posts, ds.archive, ds.transitions


ZONE = ZoneInfo("America/New_York")


@pytest.mark.parametrize("raw", [
    "Fri Jul 20, 2012 5:38 pm", "Fri Jul 20, 2012 12:05 am", "Fri Jul 20, 2012 12:05 pm",
    "Sat Jan 05, 2008 07:09 am", " Sun Mar 1, 2015 11:59 pm ", "Tue Feb 29, 2000 1:00 am",
    "Tue Mar  3, 2010 9:05 pm", "Mon Jan 01, 2001 10:10 AM"])
def test_board_times_read_as_strptime_reads_them(raw: str) -> None:
    expected = datetime.strptime(raw.strip(), TIME_FORMAT).replace(tzinfo=ZONE)
    got = parse_time(raw, ZONE)
    assert got == expected
    assert got is not None
    assert got.tzinfo is ZONE


@pytest.mark.parametrize("raw", [
    "Thu Feb 30, 2012 5:38 pm", "Fri Jul 20, 2012 13:38 pm", "Fri Jul 20, 2012 0:38 am",
    "Fri Jul 20, 2012 5:60 pm", "Fri Jul 32, 2012 5:38 pm", "yesterday", ""])
def test_times_that_are_no_board_time_are_none(raw: str) -> None:
    assert parse_time(raw, ZONE) is None


def _strptime(raw: str) -> datetime | None:
    try:
        return datetime.strptime(raw.strip(), TIME_FORMAT).replace(tzinfo=ZONE)
    except ValueError:
        return None


_board_time = st.builds(
    "{}{} {} {}, {} {}:{} {}{}".format,
    st.sampled_from(["", " "]), st.sampled_from(["Fri", "Mon", "Sun"]),
    st.sampled_from(["Jul", "Feb", "Dec", "Jan"]),
    st.sampled_from(["20", "05", "5", "29", "30", "31", "0", "32", " 5"]),
    st.sampled_from(["2012", "2000", "1900", "2023"]),
    st.sampled_from(["5", "05", "12", "11", "0", "13", "1"]),
    st.sampled_from(["38", "00", "59", "60", "5"]), st.sampled_from(["pm", "am", "AM", "Pm"]),
    st.sampled_from(["", " ", "\n"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(_board_time, min_size=1, max_size=6))
def test_times_read_from_kept_dates_and_clocks_as_strptime_reads_them(raws: list[str]) -> None:
    # each read twice: the second may be made of a date and a clock kept by the first reads
    for raw in raws + raws[::-1]:
        assert parse_time(raw, ZONE) == _strptime(raw), raw


def test_a_time_whose_date_and_clock_are_known_is_not_matched_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    matched: list[str] = []
    regex = mafiascum_posts._TIME

    class Counting:
        def fullmatch(self, text: str) -> re.Match[str] | None:
            matched.append(text)
            return regex.fullmatch(text)

    monkeypatch.setattr(mafiascum_posts, "_TIME", Counting())
    monkeypatch.setattr(mafiascum_posts, "_DATES", {})
    monkeypatch.setattr(mafiascum_posts, "_CLOCKS", {})
    parse_time("Fri Jul 20, 2012 5:38 pm", ZONE)
    parse_time("Sat Jul 21, 2012 12:05 am", ZONE)
    assert len(matched) == 2
    got = parse_time("Fri Jul 20, 2012 12:05 am", ZONE)
    assert got == datetime(2012, 7, 20, 0, 5, tzinfo=ZONE)
    assert got is not None
    assert got.tzinfo is ZONE
    assert len(matched) == 2  # date and clock known: no match
    assert parse_time(" Fri Jul 20, 2012 12:05 am", ZONE) == got  # stripped: matched
    assert len(matched) == 3


def _line(**change: object) -> bytes:
    post: dict[str, object] = {"number": 1, "id": "9", "user": "Orrin", "user_id": 5,
                               "content": "hi", "time": "Fri Jul 20, 2012 5:38 pm",
                               "page": "1", "thread": 42}
    post.update(change)
    return (json.dumps({k: v for k, v in post.items() if v is not None}) + "\n").encode()


def test_well_formed_lines_become_posts() -> None:
    [post] = list(iter_posts(b"\n" + _line(page="3"), "p.jsonl"))
    # every field where it belongs (the post is made by position)
    assert (post.line, post.number, post.id, post.user, post.user_id, post.content, post.time,
            post.page, post.thread) == (2, 1, "9", "Orrin", "5", "hi",
                                        "Fri Jul 20, 2012 5:38 pm", "3", "42")


@pytest.mark.parametrize(("change", "says"), [
    ({"number": True}, "field 'number' has the wrong type: True"),
    ({"number": "1"}, "field 'number' has the wrong type: '1'"),
    ({"user_id": 1.5}, "field 'user_id' has the wrong type: 1.5"),
    ({"page": None}, "post is missing the field 'page'"),
])
def test_a_bad_field_is_named_with_its_line(change: dict[str, object], says: str) -> None:
    with pytest.raises(BadInputError) as err:
        list(iter_posts(_line() + _line(**change), "p.jsonl"))
    assert says in str(err.value)
    assert "line 2" in str(err.value)


def test_a_line_that_is_no_object_is_named() -> None:
    with pytest.raises(BadInputError) as err:
        list(iter_posts(b"[1, 2]\n", "p.jsonl"))
    assert "expected a JSON object, got list" in str(err.value)


@pytest.mark.parametrize("line", [
    # what orjson refuses and the standard reader takes: a lone surrogate, NaN, an overflow
    b'{"number": 1, "id": "9", "user": "Orrin", "user_id": 5, "content": "hi \\ud800",'
    b' "time": "t", "page": "1", "thread": 42}\n',
    b'{"number": 1, "id": "9", "user": "Orrin", "user_id": 5, "content": "hi", "score": NaN,'
    b' "time": "t", "page": "1", "thread": 42}\n',
    b'{"number": 1, "id": "9", "user": "Orrin", "user_id": 5, "content": "hi", "w": 1e400,'
    b' "time": "t", "page": "1", "thread": 42}\n',
    # what orjson reads otherwise: an id beyond 64 bits (a float there, an int here)
    b'{"number": 1, "id": 123456789012345678901234, "user": "Orrin", "user_id": 5,'
    b' "content": "hi", "time": "t", "page": "1", "thread": 42}\n',
])
def test_a_line_reads_as_the_standard_json_reader_reads_it(line: bytes) -> None:
    [post] = list(iter_posts(line, "p.jsonl"))
    obj = json.loads(line)
    # a lone surrogate (half a character) made U+FFFD, and said so: a game log is UTF-8
    content = obj["content"].replace("\ud800", "\ufffd")
    assert (post.number, post.id, post.user, post.content, post.thread) == (
        obj["number"], str(obj["id"]), obj["user"], content, str(obj["thread"]))
    assert post.repaired == (("content",) if content != obj["content"] else ())


def test_a_broken_character_is_reported_and_the_game_log_can_be_saved(tmp_path: Path) -> None:
    """A post whose text holds half of a character (a lone surrogate the file's writer left,
    "\\ud83d" without its pair) is read with U+FFFD in its place and a warning naming the
    line; the game log saves as UTF-8. Strict, the file is refused naming the line."""
    records = fx.posts()
    records[2]["content"] = "I think \ud83d " + records[2]["content"]
    ds = fx.write(tmp_path, records)
    log = import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))
    post = next(p for p in log.posts if p.number == 2)
    assert post.html.startswith("I think \ufffd ")
    assert "\ufffd" in post.text
    [issue] = [i for i in log.issues if i.code == "broken-character"]
    assert (issue.where.line, issue.where.post, issue.severity) == (3, 2, "warning")
    assert "content" in issue.message
    saved = log.model_dump_json()  # UTF-8 can hold it now
    assert "\ufffd" in saved
    with pytest.raises(BadInputError) as err:
        import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions), strict=True)
    assert "line 3" in str(err.value)
    assert "half of a character" in str(err.value)


def test_a_line_that_is_no_json_names_its_column() -> None:
    with pytest.raises(BadInputError) as err:
        list(iter_posts(_line() + b'{"number": 1, "id": \n', "p.jsonl"))
    assert "line 2" in str(err.value)
    assert "not valid JSON at column" in str(err.value)
    assert "truncated file?" in str(err.value)


@pytest.mark.parametrize(("after", "truncated"), [(b"", True), (b"\n  \n", True),
                                                  (_line(), False), (b"\n" + _line(), False)])
def test_only_a_bad_last_line_is_called_cut_short(after: bytes, truncated: bool) -> None:
    with pytest.raises(BadInputError) as err:
        list(iter_posts(_line() + b'{"number": 1, "id": \n' + after, "p.jsonl"))
    assert "line 2" in str(err.value)
    assert ("truncated file?" in str(err.value)) == truncated



@pytest.mark.parametrize("enabled", [True, False])
def test_the_import_sets_the_cycle_collector_back_as_it_was(tmp_path: Path,
                                                            enabled: bool) -> None:
    was = gc.isenabled()
    seen: list[bool] = []
    try:
        gc.enable() if enabled else gc.disable()
        import_mafiascum(MafiascumFiles(*_paths(fx.write(tmp_path))),
                         stage=lambda _name: seen.append(gc.isenabled()))
        assert gc.isenabled() is enabled
        assert seen == [False] * (len(STAGES) + 1)  # paused through every stage
    finally:
        gc.enable() if was else gc.disable()


def test_an_import_leaves_no_garbage_cycles(tmp_path: Path) -> None:
    files = MafiascumFiles(*_paths(fx.write(tmp_path)))
    import_mafiascum(files)  # modules loaded, their caches filled
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        log = import_mafiascum(files)
        assert gc.collect() == 0
        assert log.posts
    finally:
        if was:
            gc.enable()


def test_an_answer_is_asked_once_per_post_and_html() -> None:
    bodies = PostBodies()
    asked: list[str] = []

    def ask(html: str) -> bool:
        asked.append(html)
        return "vote" in html

    assert bodies.answer("t", 1, "a vote", ask) is True
    assert bodies.answer("t", 1, "a vote", ask) is True
    assert bodies.answer("t", 2, "no", ask) is False
    assert bodies.answer("t", 1, "edited, no", ask) is False  # other HTML: asked again
    assert bodies.answer("u", 2, "no", ask) is False  # another test
    assert asked == ["a vote", "no", "edited, no", "no"]
    bodies.clear()
    assert bodies.answer("t", 2, "no", ask) is False
    assert len(asked) == 5


def _cited(text: str, link: str, name: str, tail: str = " wrote:", between: str = ",  ") -> str:
    """A quote with the cite phpBB 3.2 writes (its parts changed as told)."""
    return (f'<blockquote cite="./viewtopic.php?p=5#p5"><div><cite>{text}<a href="./viewtopic'
            f'.php?p=5#p5" data-post-id="5">{link}</a>{between}<a href="./memberlist.php?u=2">'
            f"{name}</a>{tail}</cite>quoted</div></blockquote>mine")


def _read_in_full(html: str) -> tuple[str, list[object]]:
    """body_text's reading of the shared tree with every cite's text read out."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(html_text, "_header_author", lambda cite: None)
        read = body_text(html, parse_html(html))
    return read.text, list(read.quotes)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([" ", "", "  ", " x "]),
       st.sampled_from(["In post 4", "In post  4", "in post 4", "In post 4 x", "In post \uff14",
                        "", "In post", "In post 4<b>!</b>"]),
       st.sampled_from(["Alice", "Bob Smith", " Eve", "Eve&nbsp;", "A:", "3,", "wrote", "",
                        "x<b>y</b>", "&amp;", "\u00e9", "a\u3000b", "<!-- c -->N"]),
       st.sampled_from([" wrote:", " said:", " wrote", "wrote:", " wrote: x"]),
       st.sampled_from([",  ", ", ", ""]))
def test_a_cite_s_author_is_read_as_from_its_text(text: str, link: str, name: str, tail: str,
                                                  between: str) -> None:
    html = _cited(text, link, name, tail, between)
    read = body_text(html, parse_html(html))
    assert (read.text, list(read.quotes)) == _read_in_full(html)


def test_a_phpbb_cite_s_author_is_its_second_link(monkeypatch: pytest.MonkeyPatch) -> None:
    read: list[str] = []
    wrote = html_text._WROTE

    class Counting:
        def match(self, text: str) -> re.Match[str] | None:
            read.append(text)
            return wrote.match(text)

    monkeypatch.setattr(html_text, "_WROTE", Counting())
    html = _cited(" ", "In post 4", "Alice")
    assert [q.author for q in body_text(html, parse_html(html)).quotes] == ["Alice"]
    assert read == []  # the cite's text not read out
    html = _cited(" ", "In post 4", "Bob Smith")
    assert [q.author for q in body_text(html, parse_html(html)).quotes] == ["Bob Smith"]
    assert read == ["In post 4, Bob Smith wrote:"]
