"""The post census (issue 10, "nothing lost"): every saved page's posts counted by their
anchors, without the adapter's post selector, equal the posts read; a post whose container
the selector misses is named in a `posts-not-read` warning."""

from __future__ import annotations

import importlib
import pkgutil
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest
from lxml import etree

from engine.rulesets import ruleset_ids
from engine.simulate import play
from scrapers.forum import engines
from scrapers.forum.census import Census, census, has_census
from scrapers.forum.engines import FAMILIES
from scrapers.forum.markup import select
from scrapers.forum.page import census_issues, detect, load_page, parse_html, parse_page
from scrapers.forum.spec import EngineSpec
from scrapers.forum.types import ForumPost, Page, ParsedPage
from scrapers.render import render_thread
from scrapers.render.engines import ENGINES
from scrapers.render.wayback import wayback
from tests.conftest import ROOT, shared_dir

FIXTURES = Path(__file__).parent / "fixtures"
REAL = Path("fixtures") / "real"  # under shared/
_SAVED = (".html", ".htm")


def _fixture_pages() -> list[Path]:
    return sorted(p for p in FIXTURES.rglob("*") if p.suffix in _SAVED)


def _real_pages() -> list[Path]:
    folder = shared_dir() / REAL
    return sorted(p for p in folder.rglob("*") if p.suffix in _SAVED) if folder.is_dir() else []


def _game_pages() -> Iterator[tuple[str, bytes]]:
    """The bundled games' thread pages, zipped or in a pages/ folder."""
    for game in sorted((ROOT / "data" / "games").iterdir()):
        for archive in sorted(game.glob("*.zip")):
            with zipfile.ZipFile(archive) as zf:
                for name in sorted(zf.namelist()):
                    if name.endswith(_SAVED):
                        yield f"{game.name}/{name}", zf.read(name)
        pages = game / "pages"
        if pages.is_dir():
            for path in sorted(pages.rglob("*")):
                if path.suffix in _SAVED:
                    yield f"{game.name}/{path.relative_to(game)}", path.read_bytes()


@cache
def _rendered(engine: str) -> list[tuple[str, bytes]]:
    """A simulated game's thread in `engine`, as the round trip renders it; its last page
    also as a Wayback capture."""
    log = play(ruleset_ids()[0], 7, max_days=2)
    pages = render_thread(log, engine=engine)
    eng = ENGINES[engine]
    last = len(pages) - 1
    captured = wayback(pages[last][1].decode(eng.encoding), eng.url(346, last, 25),
                       datetime(2021, 3, 4, 5, 6, 7, tzinfo=UTC))
    return [*pages, (f"wayback-{pages[last][0]}",
                     captured.encode(eng.encoding, errors="xmlcharrefreplace"))]


def _read(name: str, data: bytes) -> tuple[Page, ParsedPage]:
    page = load_page(name, data)
    return page, parse_page(page, UTC)


def _assert_counted(name: str, data: bytes) -> None:
    _, parsed = _read(name, data)
    assert parsed.posts, f"{name}: no posts read"
    if parsed.info.engine in UNANCHORED:  # no census, and none of its issues
        assert parsed.census is None
        assert not [i for i in parsed.issues if i.code in {"posts-not-read", "census-short"}]
        return
    assert parsed.census is not None, f"{name}: no census for {parsed.info.engine}"
    assert parsed.census == len(parsed.posts), (
        f"{name}: census {parsed.census}, {len(parsed.posts)} posts read")
    codes = [i.code for i in parsed.issues]
    said = [i.message for i in parsed.issues if i.code in {"posts-not-read", "census-short"}]
    assert said == [], f"{name}: {codes}"


@pytest.mark.parametrize("path", _fixture_pages(), ids=lambda p: str(p.relative_to(FIXTURES)))
def test_fixture_page_census_equals_posts_read(path: Path) -> None:
    _assert_counted(path.name, path.read_bytes())


def test_real_pages_census_equals_posts_read() -> None:
    pages = _real_pages()
    if not pages:
        pytest.skip(f"no real pages under {shared_dir() / REAL} (set MAFIAKIT_SHARED)")
    for path in pages:
        _assert_counted(path.name, path.read_bytes())


def test_bundled_games_census_equals_posts_read() -> None:
    pages = list(_game_pages())
    assert pages, "no thread pages in data/games"
    for name, data in pages:
        _assert_counted(name, data)


@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_rendered_pages_census_equals_posts_read(engine: str) -> None:
    for name, data in _rendered(engine):
        _assert_counted(f"{engine}/{name}", data)


# What hides one post from its engine's selector while its anchors stay: the container's
# class renamed where the selector reads the class; where it reads an id or a part of the
# post, that (the census's other anchor, or a part that is not an anchor, remains).
Hide = Callable[[etree._Element], None]


def _set(xpath: str, attr: str, value: str) -> Hide:
    def hide(post: etree._Element) -> None:
        found = post.xpath(xpath)
        assert isinstance(found, list)
        assert found, f"nothing at {xpath} in the post"
        for el in found:
            assert isinstance(el, etree._Element)
            el.set(attr, value)
    return hide


_CLASS = _set("self::*", "class", "mk-renamed")
HIDE: dict[str, Hide] = {
    "phpbb30-prosilver": _CLASS,
    "phpbb31-prosilver": _CLASS,
    "phpbb3-subsilver2": _set(".//b[contains(@class, 'postauthor')]", "class", "mk-renamed"),
    "phpbb2-subsilver": _set("./td/span[contains(@class, 'name')]", "class", "mk-renamed"),
    # a theme's post is found by its id and text box: the id renamed, div#post_content stays
    "phpbb3-theme": _set("self::*", "id", "mk-renamed"),
    # by the message span after the anchor: renamed, the <a name> stays
    "phpbb2-theme": _set(".//span[contains(@class, 'postbody')]", "class", "mk-renamed"),
    "forumotion-phpbb2": _CLASS,
    "forumotion-phpbb3": _CLASS,
    "forumotion-theme": _CLASS,
    "ipb2": _set(".//td[starts-with(@id, 'post-main-')]", "id", "mk-renamed"),
    "ipb3": _CLASS,
    "ips4": _CLASS,
    "mybb18": _CLASS,
    "mybbru": _CLASS,
    "smf1-core": _CLASS,
    "smf2-core": _set("./div[contains(@class, 'poster')]", "class", "mk-renamed"),
    "smf2-curve": _set("./div[contains(@class, 'post_wrapper')]", "class", "mk-renamed"),
    "smf21": _CLASS,
    "ucoz-forum": _set(".//table[contains(@class, 'postTable')]", "class", "mk-renamed"),
    # the selector reads the container's id, the census also the post-number link's
    "vbulletin3": _set("self::*", "id", "mk-renamed"),
    "vbulletin4": _set("self::*", "id", "mk-renamed"),
    "vbulletin5": _CLASS,
    "xenforo1": _CLASS,
    "xenforo2": _CLASS,
    # the selector reads the post's class; the census its id (FluxBB: the post div's,
    # punBB 1.3+: the post head's)
    "fluxbb": _CLASS,
    "punbb13": _CLASS,
    # the selector reads the item's class, the census its id Comment_N / Discussion_N
    "vanilla2": _CLASS,
    # the selector reads the article's class, the census its data-post-id and li#postN
    "wbb": _CLASS,
    # the selector reads the reply div by its content child; the census the header's id
    "bbpress2": _set("./div[contains(@class, 'bbp-reply-content')]", "class", "mk-renamed"),
    # the selector reads the wrapper's class and its content div; the census data-postid
    "wpforo": _set("self::* | .//div[contains(@class, 'wpforo-post-content')]", "class",
                   "mk-renamed"),
    "simplepress": _CLASS,
    "asgaros": _CLASS,
    # the selector reads the table's pid id, the census the time line and the body cell
    "discuz-x": _set("self::*", "id", "mk-renamed"),
    "misago": _CLASS,
    "kunena-bootstrap": _CLASS,
    "kunena-blue-eagle": _CLASS,
    # the selector reads the poster cell's class, the census the Post<n> anchor before it
    "ubbthreads7": _set(".//td[contains(@class, 'author-content')]", "class", "mk-renamed"),
    "discourse-crawler": _CLASS,
    "nodebb": _set("self::*", "component", "mk-renamed"),
}
# variants that write no per-post attribute the census could count by (each says why in
# its adapter's anchors): they have no census, so nothing to hide from it
UNANCHORED = frozenset({"discourse-crawler-2", "discourse-print", "discourse-js",
                        "flarum-js", "flarum-noscript"})


def _one_page_per_variant() -> dict[str, tuple[str, bytes]]:
    """The first page of each engine variant among the fixture and real pages."""
    found: dict[str, tuple[str, bytes]] = {}
    for path in [*_fixture_pages(), *_real_pages()]:
        data = path.read_bytes()
        page = load_page(path.name, data)
        hit = detect(parse_html(page.text), page.text)
        if hit is not None:
            found.setdefault(hit[1].engine, (path.name, data))
    return found


@cache
def _variants() -> dict[str, tuple[str, bytes]]:
    return _one_page_per_variant()


def test_every_variant_has_a_census_and_a_hiding() -> None:
    """A variant added to an engine module needs anchors in the census and a case here."""
    specs = {v.engine for info in pkgutil.iter_modules(engines.__path__)
             for v in vars(importlib.import_module(f"{engines.__name__}.{info.name}")).values()
             if isinstance(v, EngineSpec)}
    assert len(specs) >= len(FAMILIES)
    assert sorted(e for e in specs if not has_census(e)) == []
    assert sorted(specs) == sorted([*HIDE, *UNANCHORED])


@pytest.mark.parametrize("engine", sorted(HIDE))
def test_a_post_the_selector_misses_is_reported(engine: str) -> None:
    variants = _variants()
    if engine not in variants:
        pytest.skip(f"no {engine} page among the fixtures here (the real pages are under "
                    f"{shared_dir() / REAL}; set MAFIAKIT_SHARED)")
    name, data = variants[engine]
    page, before = _read(name, data)
    root = parse_html(page.text)
    hit = detect(root, page.text)
    assert hit is not None
    spec = hit[1]
    post_sel = spec.compiled["post"]
    assert post_sel is not None
    posts = select(post_sel, root)
    assert len(posts) == len(before.posts) >= 2
    hidden = before.posts[1].post_id
    assert hidden is not None
    HIDE[engine](posts[1])
    changed = replace(page, text=etree.tostring(root, method="html", encoding="unicode"),
                      issues=[])
    after = parse_page(changed, UTC)
    assert hidden not in {p.post_id for p in after.posts}, "the selector still finds the post"
    assert len(after.posts) == len(before.posts) - 1
    assert after.census == len(before.posts)
    lost = [i for i in after.issues if i.code == "posts-not-read"]
    assert len(lost) == 1
    assert lost[0].severity == "warning"
    assert lost[0].where.file == name
    assert lost[0].message.startswith("1 posts on this page were not read: ids ")
    assert f"ids {hidden};" in lost[0].message


def _post(post_id: str | None, order: int = 0) -> ForumPost:
    return ForumPost(page="p.html", order=order, post_id=post_id, number=None, author="Kent",
                     author_id=None, time=None, time_raw=None, html="", text="")


def test_census_issues_match_ids_and_count_posts_without_one() -> None:
    counted = Census(ids=frozenset({"1", "2", "3", "10"}))
    assert census_issues("p.html", counted, [_post(i) for i in ("1", "2", "3", "10")]) == []
    # two posts not read, named in numeric order
    issues = census_issues("p.html", counted, [_post("1"), _post("3")])
    assert [(i.severity, i.code) for i in issues] == [("warning", "posts-not-read")]
    assert issues[0].message.startswith("2 posts on this page were not read: ids 2, 10;")
    # a post read without an id stands for one of the unmatched anchors
    issues = census_issues("p.html", counted, [_post("1"), _post("3"), _post(None)])
    assert [i.code for i in issues] == ["posts-not-read"]
    assert issues[0].message.startswith("1 posts on this page were not read: ids 2, 10 (1 ")
    assert census_issues("p.html", counted, [_post("1"), _post("3"), _post(None),
                                             _post(None)]) == []
    # posts read that the census did not see: the census is short, nothing is lost
    issues = census_issues("p.html", counted, [_post(i) for i in ("1", "2", "3", "10", "11")])
    assert [(i.severity, i.code) for i in issues] == [("info", "census-short")]
    assert issues[0].message.endswith(": ids 11")
    issues = census_issues("p.html", counted, [*(_post(i) for i in ("1", "2", "3", "10")),
                                               _post(None)])
    assert [i.code for i in issues] == ["census-short"]


def test_only_named_anchors_count() -> None:
    """Links to a post (quotes, "go to post", pagination) and look-alike attributes are not
    anchors; unquoted attribute values are."""
    page = ('<div class="post" id="p5"><a href="#p6">q</a><span data-id="p7"></span>'
            "<blockquote cite='viewtopic.php?p=8#p8'></blockquote></div>"
            "<div class=post id=p9 ></div><div id=p12x></div><div id='p10'></div>"
            '<div id="p11x"></div><div id="p13"class="post"></div>')
    spec = detect(parse_html(_PROSILVER_PAGE), _PROSILVER_PAGE)
    assert spec is not None
    assert spec[1].engine.endswith("prosilver")
    counted = census(parse_html(page), page, spec[1])
    assert counted is not None
    assert counted.ids == {"5", "9", "10", "13"}


def test_no_census_for_an_unknown_variant() -> None:
    spec = detect(parse_html(_PROSILVER_PAGE), _PROSILVER_PAGE)
    assert spec is not None
    other = replace(spec[1], engine="phpbb9-unknown")
    assert census(parse_html(_PROSILVER_PAGE), _PROSILVER_PAGE, other) is None


_PROSILVER_PAGE = (
    "<html><body><div id='page-body'><h2 class='topic-title'>T</h2>"
    "<div class='post bg2' id='p5'><div class='inner'><div class='postbody'>"
    "<p class='author'><strong>Kent</strong> » 04 мар 2019, 09:10</p>"
    "<div class='content'>hi</div></div></div></div></div>"
    "<p>Powered by phpBB® Forum Software © phpBB Limited</p></body></html>")
