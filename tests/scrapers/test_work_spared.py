"""Work the import spares itself, and the same answers for it (issue 20's speed item): each
test shows the reading left undone where it cannot change the answer, and the answer of the
full reading where it can.

- The phases: a GM post's words are read only when a search reaches the post (the searches
  for day starts look at a few posts after each known day end, not at every vote count).
- The GM's vote counts: a text longer than every name by more than the slack a whole name
  is allowed is no name, and is not handed to the name resolver ("A/B", which the resolver
  may read as a slot's two nicks, still is); the names of a list are read once per stretch.
- The slots: a nick of one slot is placed without choosing; the posts' occupants are looked
  up for account pairing only where some slot nick never posts.
- The vote marks: a body's quotes are read for typed closes ("[/quote]" shown as text) only
  where a run is quoted (only a quoted run can be the writer's), once a body.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

import scrapers.phases.detect as detect
from engine.gamelog import Occupant, Post, Slot
from engine.rulesets import get_ruleset
from scrapers.html_text import _OTHER_SPACES, _normalise
from scrapers.importers.mafiascum import MafiascumFiles, _assign_slots, import_mafiascum
from scrapers.importers.mafiascum_accounts import counted_accounts
from scrapers.names import NameIndex
from scrapers.phases import Signal, detect_day_starts, post_signals
from scrapers.votecounts import _Names
from scrapers.votes.marks import find_marks, parse_body
from tests.scrapers.mafiascum_fixture import _post as _fixture_post
from tests.scrapers.mafiascum_fixture import write
from tests.scrapers.phase_threads import thread
from tests.scrapers.test_accounts_by_counts import ARCHIVE as ACCOUNTS_ARCHIVE
from tests.scrapers.test_accounts_by_counts import TRANSITIONS as ACCOUNTS_TRANSITIONS
from tests.scrapers.votes_game import day_one

GM = "Narrator"
_COUNT = "Vote Count 2.{n}\nMoss (2) - Quill, Tansy\nNot voting (2): Moss, Wren"


def _long_day_two() -> list[tuple[str, str]]:
    """Day 1 ends at post 4; day 2 begins at post 5 and runs through thirty counts."""
    posts = [(GM, "Day 1 has begun!"), ("Quill", "VOTE: Ember"), ("Moss", "VOTE: Ember"),
             ("Tansy", "VOTE: Ember"), (GM, "Ember has been lynched.\nNight 1 begins."),
             (GM, "Ash was found dead. Day 2 has begun!")]
    for n in range(1, 31):
        posts += [("Quill", "VOTE: Moss"), (GM, _COUNT.format(n=n))]
    return posts


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    read: list[int] = []
    real = post_signals

    def spy(post: Post) -> list[Signal]:
        read.append(post.number)
        return real(post)

    monkeypatch.setattr(detect, "post_signals", spy)
    return read


def test_day_starts_read_only_the_posts_the_search_reaches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    log = thread(GM, *_long_day_two())
    read = _counting(monkeypatch)
    starts = detect_day_starts(log.posts, [4, None])
    assert [s.post if s else None for s in starts] == [0, 5]
    gm_posts = [p.number for p in log.posts if p.gm]
    assert len(gm_posts) == 33
    # the opening post, and the GM's posts from day 1's end to day 2's start: none of the
    # thirty counts after it
    assert sorted(set(read)) == [0, 4, 5]


def test_every_post_is_still_read_where_the_search_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The other side: no day 2 start in words any rule knows, so the search walks on
    through the counts, reading each, and stops at the first count listing votes."""
    posts = _long_day_two()
    posts[5] = (GM, "The villagers gather in the square again.")
    log = thread(GM, *posts)
    read = _counting(monkeypatch)
    starts = detect_day_starts(log.posts, [4, None])
    assert [s.post if s else None for s in starts] == [0, None]
    assert sorted(set(read)) == [0, 4, 5, 7]  # 7: the first count, which stops it


def test_the_game_page_is_read_only_when_no_later_post_starts_day_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The game page (the first post, edited all game long) is long and is read last: day 1
    begins in the GM's next post here, so the page is never read."""
    page = (GM, "Welcome to Mini 999! Rules: ... Day 1 has begun! Players: Quill, Moss")
    posts = [page, *_long_day_two()]
    posts[1] = (GM, "Day 1 has begun!")
    log = thread(GM, *posts)
    read = _counting(monkeypatch)
    starts = detect_day_starts(log.posts, [5, None])
    assert [s.post if s else None for s in starts] == [1, 6]
    assert 0 not in read
    # without that post, the page is where day 1 begins
    log = thread(GM, page, *posts[2:])
    read.clear()
    starts = detect_day_starts(log.posts, [4, None])
    assert [s.post if s else None for s in starts] == [0, 5]
    assert 0 in read


def test_a_topic_opening_on_a_later_day_still_reads_every_post(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first day of a topic needs every numbered announcement when the topic opens on a
    later day («День третий»): an earlier day named anywhere makes it day 1 after all."""
    later = thread(GM, (GM, "День третий. Наступил день 3!"), ("Quill", "привет"),
                   (GM, "Итоги дня 3: казнён Мох."))
    read = _counting(monkeypatch)
    assert detect._Detector(later.posts).first == 3
    assert sorted(set(read)) == [0, 2]
    earlier = thread(GM, (GM, "День третий. Наступил день 3!"), ("Quill", "привет"),
                     (GM, "Day 2 has ended."))
    assert detect._Detector(earlier.posts).first == 1


NICKS = ["Marmalade", "Glork", "Hiraki", "KayP"]


def _names() -> _Names:
    log = day_one("mafiascum", [(n, n, None) for n in NICKS], [("Mod", "Day 1 begins")],
                  gm="Mod", opening="Day 1 begins")
    # Marmalade's slot was taken over by Crocodile at post 1
    slot = log.players[0]
    log.players[0] = Slot(id=slot.id, occupants=[
        Occupant(nick="Marmalade"), Occupant(nick="Crocodile", from_post=1)])
    return _Names(log)


def test_a_text_longer_than_any_name_is_not_resolved(monkeypatch: pytest.MonkeyPatch) -> None:
    names = _names()
    asked: list[str] = []
    real = NameIndex.resolve

    def spy(self: NameIndex, written: str, **kw: object) -> object:
        asked.append(written)
        return real(self, written, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(NameIndex, "resolve", spy)
    assert names.slot("Hiraki is lynched and was a Vanilla Townie", 5) is None
    assert asked == []
    assert names.slot("Hirakii", 5) == names.slot("Hiraki", 5) is not None
    assert asked == ["Hirakii", "Hiraki"]


def test_two_nicks_of_one_slot_are_read_however_long() -> None:
    names = _names()
    slot = names.slot("Marmalade", 5)
    assert slot is not None
    # 18 letters, longer than any name by more than the slack: read all the same
    assert names.slot("Marmalade/Crocodile", 5) == slot
    assert names.slot("Marmalade and Crocodile", 5) is None


def test_the_names_of_a_list_are_read_once_a_stretch() -> None:
    names = _names()
    first = names.voters("Glork and KayP", 5)
    assert first == [names.slot("Glork", 5), names.slot("KayP", 5)]
    assert names.voters("Glork and KayP", 6) is first  # the same stretch: remembered


def _normalise_by_the_letter(text: str) -> str:
    """`_normalise` as its docstring says it, one step at a time: every space character a
    space, runs of spaces one, the spaces at line ends dropped, blank lines at most one in
    a row (three line breaks made two until none is left), the whole stripped."""
    for other in _OTHER_SPACES:
        text = text.replace(other, " ")
    while "  " in text:
        text = text.replace("  ", " ")
    text = "\n".join(line.strip(" ") for line in text.split("\n"))
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return text.strip()


@given(st.text(alphabet=st.sampled_from([*"ab \n\t\r", "\xa0", "\u2003", "\u3000", "я"]),
               max_size=60))
@settings(max_examples=400, derandomize=True)
def test_normalise_is_what_it_says(text: str) -> None:
    assert _normalise(text) == _normalise_by_the_letter(text)


# --- slots: the choice of slot made only where a nick has several ---------------------------


def _occupant_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = Slot.occupant_at

    def spy(self: Slot, post: int) -> Occupant:
        calls.append(post)
        return real(self, post)

    monkeypatch.setattr(Slot, "occupant_at", spy)
    return calls


def test_a_nick_of_one_slot_is_placed_without_a_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    slots = [Slot(id="Alice", occupants=[Occupant(nick="Alice")]),
             Slot(id="Bob", occupants=[Occupant(nick="Bob"), Occupant(nick="Cy", from_post=3)]),
             Slot(id="Cy", occupants=[Occupant(nick="Cy")])]
    posts = [Post(number=n, author=a, html="", text="")
             for n, a in enumerate(["Alice", "Bob", "Alice", "Cy", "Cy"])]
    calls = _occupant_calls(monkeypatch)
    _assign_slots(posts, slots, {"mod"}, "t.jsonl", [])
    assert [p.slot for p in posts] == ["Alice", "Bob", "Alice", "Bob", "Bob"]
    # only Cy, listed in two slots (an archive slip), needed the choice
    assert sorted(set(calls)) == [3, 4]


def test_no_account_pairing_is_looked_for_when_every_nick_posts(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    recs = [_fixture_post(0, "Modder", "Welcome."), _fixture_post(1, "Modder", "Day 1 has begun!"),
            *(_fixture_post(n, nick, "hi") for n, nick in enumerate(
                ["Alice", "Bob", "Carol", "Thistlewaite", "Eve", "Stranger"], start=2)),
            _fixture_post(8, "Modder", "Bob was lynched. Night 1 begins.")]
    ds = write(tmp_path, recs, archive=ACCOUNTS_ARCHIVE, transitions=ACCOUNTS_TRANSITIONS)
    log = import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))
    calls = _occupant_calls(monkeypatch)
    assert counted_accounts(log, get_ruleset("mafiascum"), "archive.txt") == []
    assert calls == []
def _typed_reads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the bodies whose quotes `find_marks` reads for typed closes."""
    read: list[int] = []
    real = etree.tostring

    def spy(*args: Any, **kw: Any) -> Any:
        if kw.get("method") == "text":
            read.append(1)
        return real(*args, **kw)

    monkeypatch.setattr(etree, "tostring", spy)
    return read


def test_typed_quote_closes_are_read_only_for_a_quoted_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a quoted run can be the writer's: a body whose runs are all outside its quotes
    is not read for typed closes; one with quoted runs is read once, however many."""
    read = _typed_reads(monkeypatch)
    plain = parse_body("<blockquote>[/quote] quoted talk</blockquote><b>vote Lark</b>")
    assert plain is not None
    assert [(m.text, m.in_quote) for m in find_marks(plain)] == [("vote Lark", False)]
    assert read == []
    quoted = parse_body("<blockquote><b>vote Lark</b> talk [/ quote] <b>vote Wren</b> "
                        "<b>vote Ash</b></blockquote>")
    assert quoted is not None
    assert [(m.text, m.in_quote) for m in find_marks(quoted)] == [
        ("vote Lark", True), ("vote Wren", False), ("vote Ash", False)]
    assert read == [1]
