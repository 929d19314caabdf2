"""What the `Notes:` line of a mafiascum `archive.txt` block records, item by item (the items
are separated by ';').

Game facts: 'D2 no lynch', 'one less for no lynch', 'Two players are lynched per Day',
'X killed on post N', 'votecount reset on post N'. Corrections of single marks, which the
dataset's author wrote where a vote counter (theirs, or the GM's) read a post otherwise than
the GM counted it:

- 'X voted Y in post N but <the counter read it otherwise>': X's vote in post N is for Y
  ('Y' may be 'NO LYNCH' or 'UNVOTE');
- 'X did not vote in post N but <why a mark stands there>': X's marks of post N are no vote;
- 'X tried to vote Y in post N but moderator ignored it' (or 'tried to UNVOTE', 'rejected',
  'discounted', ...): the GM ruled X's marks of post N out.

A nick may carry the day the item is about in front of it ('D8 Name voted ...', where the
';' after the day was left out); `strip_day` takes it off."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scrapers.importers.mafiascum_archive import ArchiveGame

_NO_LYNCH = re.compile(r"\bD(\d+)\s+no\s+lynch\b", re.I)
_KILLED_ON = re.compile(r"(?P<nick>[^;:]+?)\s+killed\s+on\s+post\s+(?P<post>\d+)", re.I)
_RESET_ON = re.compile(r"vote\s*count\s+reset\s+on\s+post\s+(?P<post>\d+)", re.I)
_TWO_LYNCHES = re.compile(r"\b(?:two|2) players are lynched per day\b|\bdouble[\s-]lynch\b",
                          re.I)
_ONE_LESS = re.compile(r"\bone\s+less\s+for\s+no[\s-]*lynch\b", re.I)
# "X is a doublevoter who can put votes on different people", "... may split their votes"
_SPLIT_DOUBLE = re.compile(
    r"\bdouble[\s-]?voter\b[^;.]*?\b(?:split|(?:on|to|between|for)\s+(?:two\s+)?different"
    r"\s+(?:people|players|targets|slots))", re.I)
# "X tried to vote Y in post N but moderator ignored it", "... but since it was not on its
# own line the mod discounted it", "X tried to UNVOTE in post N but ...": the GM's ruling
_RULED_OUT = re.compile(r"(?P<nick>[^;:]+?)\s+tried\s+to\s+(?:un)?vote\b[^;]*?\bin\s+post\s+"
                        r"(?P<post>\d+)\s+but\b[^;]*?\b(?:moderator|mod|gm|host)\b[^;]*?"
                        r"\b(?:ignored|rejected|discounted|disallowed|did\s+not\s+count"
                        r"|didn't\s+count|did\s+not\s+accept|voided)\b[^;]*", re.I)
_NOT_A_VOTE = re.compile(r"(?P<nick>[^;:]+?)\s+did\s+not\s+vote\s+in\s+post\s+(?P<post>\d+)"
                         r"\s+but\b[^;]*", re.I)
# "X voted Y in post N but votecounter interpreted '...' as vote for Z"; not "X voted Y in
# post N and ..." (no correction is said) nor the ruled-out form above
_VOTED = re.compile(r"(?P<nick>[^;:]+?)\s+voted\s+(?P<target>[^;]+?)\s+in\s+post\s+"
                    r"(?P<post>\d+)\s+but\b[^;]*", re.I)
_DAY_PREFIX = re.compile(r"^D\d+\s+(?=\S)", re.I)


@dataclass(frozen=True)
class NoteItem:
    """One item of the notes about one mark: who (as written), the post, the line of the
    notes and the item's text; `target` as written for a corrected vote."""

    nick: str
    post: int
    line: int
    text: str
    target: str | None = None


def strip_day(nick: str) -> str:
    """'D8 Name' -> 'Name': the day an item is about, written before the nick."""
    return _DAY_PREFIX.sub("", nick.strip(), count=1)


def no_lynch_days(game: ArchiveGame) -> list[tuple[int, int, str]]:
    """Days the notes record as 'DN no lynch': (day, line, the matched text)."""
    found: list[tuple[int, int, str]] = []
    for line, text in game.notes:
        for m in _NO_LYNCH.finditer(text):
            found.append((int(m.group(1)), line, m.group(0)))
    return found


def kills_on_posts(game: ArchiveGame) -> list[tuple[str, int, int, str]]:
    """'X killed on post N' in the notes (day-kills): (nick, post, line, the matched text)."""
    found: list[tuple[str, int, int, str]] = []
    for line, text in game.notes:
        for piece in text.split(";"):
            m = _KILLED_ON.search(piece)
            if m:
                found.append((m["nick"].strip(), int(m["post"]), line, m.group(0).strip()))
    return found


def resets_on_posts(game: ArchiveGame) -> list[tuple[int, int, str]]:
    """'votecount reset on post N' in the notes: (post, line, the matched text)."""
    return [(int(m["post"]), line, m.group(0)) for line, text in game.notes
            for m in _RESET_ON.finditer(text)]


def _first_said(game: ArchiveGame, regex: re.Pattern[str]) -> tuple[int, str] | None:
    """Where the notes first say it: (line, the matched text)."""
    for line, text in game.notes:
        m = regex.search(text)
        if m:
            return line, m.group(0)
    return None


def one_less_for_no_lynch(game: ArchiveGame) -> tuple[int, str] | None:
    """The notes' 'one less for no lynch': (line, the matched text), when they say so."""
    return _first_said(game, _ONE_LESS)


def split_doublevote(game: ArchiveGame) -> tuple[int, str] | None:
    """The notes' 'X is a doublevoter who can put votes on different people': (line, the
    matched text)."""
    return _first_said(game, _SPLIT_DOUBLE)


def two_lynches_a_day(game: ArchiveGame) -> tuple[int, str] | None:
    """The notes' 'Two players are lynched per Day': (line, the matched text)."""
    return _first_said(game, _TWO_LYNCHES)


def _items(game: ArchiveGame, regex: re.Pattern[str], *,
           target: bool = False) -> list[NoteItem]:
    out: list[NoteItem] = []
    for line, text in game.notes:
        for piece in text.split(";"):
            m = regex.search(piece)
            if m:
                out.append(NoteItem(m["nick"].strip(), int(m["post"]), line, m.group(0).strip(),
                                    m["target"].strip() if target else None))
    return out


def ruled_out_marks(game: ArchiveGame) -> list[NoteItem]:
    """The notes' rulings on single marks ('X tried to vote Y in post N but moderator ignored
    it', 'X tried to UNVOTE in post N but the mod rejected it')."""
    return _items(game, _RULED_OUT)


def not_votes(game: ArchiveGame) -> list[NoteItem]:
    """'X did not vote in post N but ...': X's marks of post N are no vote."""
    return _items(game, _NOT_A_VOTE)


def corrected_votes(game: ArchiveGame) -> list[NoteItem]:
    """'X voted Y in post N but ...': X's vote in post N is for Y, whatever a reader made of
    the mark (`target`: Y as written)."""
    return [item for item in _items(game, _VOTED, target=True)
            if not re.match(r"tried\s+to\b", item.nick, re.I)]
