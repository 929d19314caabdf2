"""`Game.soup`: a post's stored body as a BeautifulSoup, its markup as tags, nothing that
runs; an unknown post number is an error that names it."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from engine.gamelog import load as load_log
from tests.conftest import SAMPLE
from toolkit import Game, load

# a body in the scrapers' one markup (scrapers.forum.markup), with what a forum post can
# carry that must not reach a notebook
BODY = ('<blockquote class="mk-quote" data-author="Ann" data-post-id="812">vote Bob'
        '</blockquote>I agree: <b>vote Cid</b>, see '
        '<a href="https://forum.example/viewtopic.php?p=812#p812">her post</a> and '
        '<a href="viewtopic.php?p=815#p815">mine</a>.'
        '<div class="mk-spoiler" data-title="claim">cop</div>'
        '<span class="mk-color" data-color="#ff0000">red</span>'
        '<script>steal()</script><a href="javascript:steal()" onclick="steal()">x</a>'
        '<img src="https://forum.example/smile.gif" onerror="steal()">')


@pytest.fixture(scope="module")
def game() -> Game:
    log = load_log(SAMPLE)
    first = log.posts[0].model_copy(update={"html": BODY})
    return Game(log.model_copy(update={"posts": [first, *log.posts[1:]]}))


def test_a_posts_links_quotes_and_bold_are_tags(game: Game) -> None:
    number = game.log.posts[0].number
    soup = game.soup(number)
    assert isinstance(soup, BeautifulSoup)
    assert [a.get("href") for a in soup.find_all("a")] == [
        "https://forum.example/viewtopic.php?p=812#p812", "viewtopic.php?p=815#p815", None]
    quote = soup.select_one("blockquote.mk-quote")
    assert quote is not None
    assert (quote["data-author"], quote["data-post-id"], quote.get_text()) == (
        "Ann", "812", "vote Bob")
    assert [b.get_text() for b in soup.find_all("b")] == ["vote Cid"]
    spoiler = soup.select_one("div.mk-spoiler")
    assert spoiler is not None
    assert (spoiler["data-title"], spoiler.get_text()) == ("claim", "cop")
    assert soup.select_one("span.mk-color[data-color='#ff0000']") is not None
    assert [img["src"] for img in soup.find_all("img")] == ["https://forum.example/smile.gif"]


def test_the_soup_holds_nothing_that_runs(game: Game) -> None:
    soup = game.soup(game.log.posts[0].number)
    assert soup.find("script") is None
    assert "steal()" not in str(soup)
    for tag in soup.find_all(True):
        assert not any(name.startswith("on") for name in tag.attrs), tag


def test_a_bundled_posts_quote_and_bold() -> None:
    game = load(SAMPLE)
    post = next(p for p in game.log.posts if p.number == 5)
    soup = game.soup(5)
    assert [b.get_text() for b in soup.find_all("b")] == ["казнить Корсику", "казнить Кубу"]
    quote = soup.find("blockquote")
    assert quote is not None
    assert post.quotes[0].text in quote.get_text()
    assert soup.body is not None  # parsed with lxml: the body is wrapped in html/body


def test_an_unknown_post_number_is_named() -> None:
    game = load(SAMPLE)
    with pytest.raises(KeyError, match=r"no post number 999 in .*posts run 1–19"):
        game.soup(999)
