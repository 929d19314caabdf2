"""A slot whose archive nick never posts, played from an account the archive does not list:
paired by the GM's vote counts (they show the slot's nick voting as the account has just
voted), or by name likeness; each pairing reported with its evidence. Invented datasets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.day import count_day
from engine.gamelog import GameLog
from scrapers.importers.mafiascum import MafiascumFiles, import_mafiascum
from tests.scrapers.mafiascum_fixture import GAME, THREAD, _post, write

ARCHIVE = f"""https://forum.mafiascum.net/viewtopic.php?f=53&t={THREAD}
Game {GAME}: Quiet Account Mafia
Moderator: Modder
Current Update: Town Win

Players
Alice, Town Cop, survived
Bob, Mafia Goon, lynched Day 1
Carol, Vanilla Townie, survived
Thistlewaite, Vanilla Townie, survived
Eve, Mafia Godfather, survived
"""

TRANSITIONS = f"""Game Identification\tPost Numbers of Phase Ending\t\t
Number\tDay 1\tDay 2
{GAME}\t10\t-
"""

VOTE = '<span class="bbvote" title="This is an official vote.">VOTE: {}</span>'


def vc(*lines: str) -> str:
    return "<br>".join(("<b>Vote Count 1.1</b>", *lines, "With 5 alive, 3 votes lynch."))


def records(account: str, counted: list[str]) -> list[dict[str, Any]]:
    """The account votes Bob, Carol, Bob; each count after shows Thistlewaite on `counted`."""
    c1, c2, c3 = counted
    return [
        _post(0, "Modder", "Welcome."),
        _post(1, "Modder", "<b>Day 1</b> has begun!"),
        _post(2, account, VOTE.format("Bob")),
        _post(3, "Modder", vc(f"{c1} (1) - Thistlewaite")),
        _post(4, account, VOTE.format("Carol")),
        _post(5, "Modder", vc(f"{c2} (1) - Thistlewaite")),
        _post(6, account, VOTE.format("Bob")),
        _post(7, "Alice", VOTE.format("Bob")),
        _post(8, "Modder", vc(f"{c3} (2) - Thistlewaite, Alice")),
        _post(9, "Carol", VOTE.format("Bob")),
        _post(10, "Modder", "Bob was lynched. Night 1 begins."),
    ]


def imported(tmp_path: Path, account: str, counted: list[str]) -> GameLog:
    ds = write(tmp_path, records(account, counted), archive=ARCHIVE, transitions=TRANSITIONS)
    return import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))


def account_issues(log: GameLog) -> list[tuple[str, str]]:
    return [(i.code, i.message) for i in log.issues if i.code.startswith("unlisted-account")]


def test_the_counts_pair_an_unlike_account_with_the_silent_slot(tmp_path: Path) -> None:
    log = imported(tmp_path, "QuietFox", ["Bob", "Carol", "Bob"])
    slot = next(s for s in log.players if s.id == "Thistlewaite")
    assert slot.aliases == ["QuietFox"]
    assert {p.slot for p in log.posts if p.author == "QuietFox"} == {"Thistlewaite"}
    ((code, message),) = account_issues(log)
    assert code == "unlisted-account"
    assert "3 counts" in message
    assert "0 showed it elsewhere" in message
    assert "evidence: the vote counts" in message
    assert [i.severity for i in log.issues if i.code == "unlisted-account"] == ["warning"]
    result = count_day(log, 1)  # the account's vote is the slot's: Bob's hammer at post 9
    assert (result.eliminated, result.decided_at_post) == ("Bob", 9)
    spectators = [i.message for i in log.issues if i.code == "posts-by-non-players"]
    assert spectators == []


def test_counts_that_show_the_slot_elsewhere_pair_nothing(tmp_path: Path) -> None:
    log = imported(tmp_path, "QuietFox", ["Carol", "Bob", "Carol"])
    assert next(s for s in log.players if s.id == "Thistlewaite").aliases == []
    assert account_issues(log) == []
    assert {p.slot for p in log.posts if p.author == "QuietFox"} == {None}
    (spectators,) = [i.message for i in log.issues if i.code == "posts-by-non-players"]
    assert "QuietFox (3)" in spectators
    assert count_day(log, 1).eliminated is None


def test_one_agreeing_count_is_not_enough(tmp_path: Path) -> None:
    # only the first count shows the slot where the account voted; the others list it on
    # no one (Eve is no target the account named)
    log = imported(tmp_path, "QuietFox", ["Bob", "Eve", "Eve"])
    assert account_issues(log) == []


def test_a_like_name_still_pairs_by_likeness_and_says_so(tmp_path: Path) -> None:
    recs = records("Thistle", ["Eve", "Eve", "Eve"])  # the counts agree with nothing
    recs += [_post(11 + k, "Thistle", f"talk {k}") for k in range(3)]
    ds = write(tmp_path, recs, archive=ARCHIVE, transitions=TRANSITIONS)
    log = import_mafiascum(MafiascumFiles(ds.posts, ds.archive, ds.transitions))
    ((code, message),) = account_issues(log)
    assert code == "unlisted-account"
    assert "evidence: the names" in message
    assert next(s for s in log.players if s.id == "Thistlewaite").aliases == ["Thistle"]
