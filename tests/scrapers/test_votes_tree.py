"""Which posts the votes stage parses: a post whose vote word is only in its talk (no markup a
mark can be made of, no plain "Vote: X" line, no "##") is not parsed for its votes, and the
import reads its text from the string; a post with any of these is. Both ways, on invented
posts: a post that is skipped gives no vote it would have given parsed."""

from __future__ import annotations

import pytest
from lxml import etree

from scrapers.html_text import PostBodies
from scrapers.rulesets import scraper_ruleset
from scrapers.votes import read_votes
from scrapers.votes.extract import reads_tree
from tests.scrapers.votes_game import day_one

NICKS = ["Marigold", "Fenwick", "Ottoline"]
MAFIASCUM = scraper_ruleset("mafiascum").grammar


class CountingBodies(PostBodies):
    """`PostBodies` that remembers which posts' trees were asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[int] = []

    def root(self, number: int, html: str) -> etree._Element | None:
        self.asked.append(number)
        return super().root(number, html)


TALK = [
    "I think your vote on Fenwick was rushed.",
    "Who votes next? <i>not me</i> &amp; not you<br>lynch talk",
    '<span style="font-style:italic">vote</span> analysis <a href="x">link</a>',
    "<blockquote><div><cite>Fenwick wrote:</cite>unvote please</div></blockquote>no",
]
MARKED = [
    "<b>Vote: Fenwick</b>",
    '<span style="font-weight: bold">vote Fenwick</span>',
    '<div style="display:inline;font-weight:700">VOTE: Ottoline</div>',
    '<span class="bbvote">Fenwick</span> vote',
    "<h2>Vote: Fenwick</h2>",
    "talk<br>##Vote: Fenwick",  # the plain '##' form, read (and set aside) from the text
    "talk<br>Vote: Fenwick",  # a plain line the GM's counts may confirm
    "a reference may spell a style: <span style=\"font-weight:&#98;old\">vote X</span>",
]


@pytest.mark.parametrize("html", TALK)
def test_talk_is_not_parsed_and_gives_no_vote(html: str) -> None:
    assert MAFIASCUM.may_hold_vote(html)
    assert not reads_tree(MAFIASCUM, html)
    log = day_one("mafiascum", [(n, n, None) for n in NICKS], [("Marigold", html)],
                  gm="Host", opening="Day 1 begins")
    bodies = CountingBodies()
    reading = read_votes(log, bodies=bodies)
    talk = next(p.number for p in log.posts if p.html == html)
    assert talk not in bodies.asked
    assert [v for v in reading.votes if v.post == talk] == []
    assert [s for s in reading.set_aside if s.post == talk] == []


@pytest.mark.parametrize("html", MARKED)
def test_a_post_with_markup_or_a_plain_vote_line_is_parsed(html: str) -> None:
    assert reads_tree(MAFIASCUM, html)
    log = day_one("mafiascum", [(n, n, None) for n in NICKS], [("Marigold", html)],
                  gm="Host", opening="Day 1 begins")
    bodies = CountingBodies()
    read_votes(log, bodies=bodies)
    assert next(p.number for p in log.posts if p.html == html) in bodies.asked


def test_a_plain_vote_line_is_read_only_where_the_counts_confirm_marks() -> None:
    assert reads_tree(MAFIASCUM, "talk<br>Vote: Fenwick", confirming=True)
    assert not reads_tree(MAFIASCUM, "talk<br>Vote: Fenwick", confirming=False)
