"""A closing quote tag the writer typed wrong ("[ /quote]") closes nothing: the board then
closes each later quote one level in from the one meant, and the outermost quote runs on over
the writer's own words. A vote there is the writer's, not a quoted one; a quote closed
properly keeps its votes quoted."""

from __future__ import annotations

from scrapers.votes import extract_votes
from scrapers.votes.marks import find_marks, parse_body
from tests.scrapers.votes_game import day_one


def _marks(html: str) -> list[tuple[str, bool]]:
    root = parse_body(html)
    assert root is not None
    return [(m.text, m.in_quote) for m in find_marks(root)]


# Quill quotes Rook, who had quoted two others; Quill's close of the inner quote is typed
# "[ /quote]", so Rook's text stays in the inner quote, Quill's reply lands in Rook's
SHIFTED = ("<blockquote><div><cite>Rook wrote:</cite>"
           "<blockquote><div><cite>Wren wrote:</cite>an old read</div></blockquote>"
           "<blockquote><div><cite>Kite wrote:</cite>so there.[ /quote]<br>Rook's answer"
           "</div></blockquote>my reply<br><b>vote Lark</b></div></blockquote>")


def test_a_vote_after_a_mistyped_close_is_the_writers() -> None:
    assert _marks(SHIFTED) == [("vote Lark", False)]


def test_a_properly_closed_quote_keeps_its_vote_quoted() -> None:
    html = ("<blockquote><div><cite>Rook wrote:</cite><b>vote Lark</b></div></blockquote>"
            "<b>vote Wren</b>")
    assert _marks(html) == [("vote Lark", True), ("vote Wren", False)]


def test_a_vote_before_the_typed_close_stays_quoted() -> None:
    html = ("<blockquote><div><cite>Rook wrote:</cite><b>vote Lark</b> you see.[/ quote ] "
            "<b>vote Wren</b></div></blockquote>")
    assert _marks(html) == [("vote Lark", True), ("vote Wren", False)]


def test_a_stray_close_outside_any_quote_changes_nothing() -> None:
    html = ("<blockquote><div><b>vote Lark</b></div></blockquote> oops [/quote] "
            "<b>vote Wren</b>")
    assert _marks(html) == [("vote Lark", True), ("vote Wren", False)]


def test_the_shifted_vote_counts_for_its_writer() -> None:
    players = [("Quill", "Quill", None), ("Rook", "Rook", None), ("Lark", "Lark", None)]
    log = day_one("mafiascum", players, [("Quill", SHIFTED)], gm="Mod", opening="rules")


    [vote] = extract_votes(log)
    assert (vote.voter, vote.target, vote.counts, vote.reason) == ("Quill", "Lark", True, None)
