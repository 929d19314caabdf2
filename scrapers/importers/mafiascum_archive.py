"""mafiascum `archive.txt`: one block per game (thread URL, title, moderators, result, notes,
then one line per slot: ``[A replaced B ...], <Faction Role>, <fate>``).

The whole file is split into blocks cheaply; only the block of the game being imported is
read in full, so a fault in another game's block does not stop this one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import BadInputError
from engine.gamelog import Fate, ParseIssue, SourceRef, Where, phase_key
from engine.gamelog.slots import FateKind

_THREAD_ID = re.compile(r"[?&]t=(\d+)")
_GAME_NUMBER = re.compile(r"(\d{3,5})")
_REPLACED = re.compile(r"(?:^|(?<=\s))replaced(?=\s|$)", re.I)
_FATE = re.compile(
    r"^(?:was\s+)?(?P<verb>killed\s+lynched|lynched|killed|endgamed|modkilled|shot|survived)"
    r"(?:\s+(?P<kind>day|night)\s+(?P<number>\d+))?$",
    re.I,
)
_VERB_KIND: dict[str, tuple[FateKind, str | None]] = {
    "lynched": ("eliminated", None),
    "killed": ("killed", None),
    "shot": ("killed", "shot"),
    "endgamed": ("endgamed", None),
    "modkilled": ("modkilled", None),
    "survived": ("survived", None),
    # seen once ("MTD, Mafia Roleblocker, killed lynched day 3"): the slot was lynched
    "killed lynched": ("eliminated", None),
}

# Faction words at the start of a mafiascum role name, longest first.
_FACTION_PREFIXES: tuple[tuple[str, str], ...] = (
    ("third party", "third-party"),
    ("3rd party", "third-party"),
    ("town", "town"),
    ("mafia", "mafia"),
    ("werewolf", "werewolf"),
)


@dataclass
class ArchiveBlock:
    """The lines of one game's block, with their 1-based line numbers in the file."""

    lines: list[tuple[int, str]]

    @property
    def url(self) -> str:
        return self.lines[0][1].strip()

    @property
    def thread(self) -> str | None:
        m = _THREAD_ID.search(self.url)
        return m.group(1) if m else None

    @property
    def title(self) -> str:
        return self.lines[1][1].strip() if len(self.lines) > 1 else ""

    @property
    def game_number(self) -> str | None:
        m = _GAME_NUMBER.search(self.title)
        return m.group(1) if m else None


@dataclass
class ArchiveSlot:
    nicks: list[str]  # first occupant first
    role_name: str
    faction: str | None
    fate: Fate
    line: int
    raw: str


@dataclass
class ArchiveGame:
    url: str
    thread: str | None
    title: str
    game_number: str | None
    moderators: list[str]
    result: str | None
    notes: list[tuple[int, str]]  # (line, text)
    slots: list[ArchiveSlot]
    issues: list[ParseIssue] = field(default_factory=list)


def split_blocks(text: str) -> list[ArchiveBlock]:
    """Split archive.txt into game blocks: each starts at a line holding a URL."""
    blocks: list[ArchiveBlock] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if re.match(r"^\s*https?://", line):
            blocks.append(ArchiveBlock([(number, line)]))
        elif blocks:
            blocks[-1].lines.append((number, line))
    for block in blocks:
        while block.lines and not block.lines[-1][1].strip():
            block.lines.pop()
    return blocks


def faction_of(role_name: str) -> str | None:
    """Faction from a mafiascum role name: 'Town Cop' -> town; 'Vanilla Townie' -> town;
    'Serial Killer' -> third-party; None when the name does not say."""
    low = role_name.strip().lower()
    for prefix, faction in _FACTION_PREFIXES:
        if low == prefix or low.startswith(prefix + " ") or low.startswith(prefix + "?"):
            return faction
    if re.search(r"\btownie\b|\bvanilla town\b", low):
        return "town"
    if re.search(r"\bmafia\b", low):
        return "mafia"
    if re.search(r"\bserial killer\b", low):
        return "third-party"
    return None


def parse_fate(raw: str, *, file: str, line: int) -> Fate:
    """'lynched Day 2' -> Fate(eliminated, D2). An unknown fate is bad input (exit 2): the
    slot's outcome is ground truth and must not be guessed."""
    text = " ".join(raw.split())
    m = _FATE.match(text)
    if m is None:
        raise BadInputError(
            file,
            f"line {line}",
            f"unknown fate {raw.strip()!r}; expected e.g. 'survived', 'lynched Day 2', "
            "'killed Night 1', 'modkilled Day 3', 'endgamed'",
        )
    kind, cause = _VERB_KIND[" ".join(m["verb"].lower().split())]
    phase = None
    if m["kind"]:
        phase = phase_key("day" if m["kind"].lower() == "day" else "night", int(m["number"]))
    if kind == "survived":
        phase = None
    source = SourceRef(kind="archive", file=file, line=line, text=raw.strip())
    return Fate(kind=kind, phase=phase, cause=cause, raw=raw.strip(), source=source)


def read_game(block: ArchiveBlock, file: str) -> ArchiveGame:
    """Read one block in full. Bad slot lines and unknown fates raise `BadInputError`;
    oddities that lose nothing (an empty name in a replacement chain) become issues."""
    issues: list[ParseIssue] = []
    moderators: list[str] = []
    result: str | None = None
    notes: list[tuple[int, str]] = []
    slots: list[ArchiveSlot] = []
    in_players = False
    for number, line in block.lines[2:]:
        stripped = line.strip()
        if not stripped:
            continue
        if not in_players:
            key, sep, value = stripped.partition(":")
            if stripped == "Players":
                in_players = True
            elif sep and key == "Moderator":
                moderators = [m.strip() for m in value.split(",") if m.strip()]
            elif sep and key == "Current Update":
                result = value.strip() or None
            elif sep and key == "Notes":
                notes.append((number, value.strip()))
            else:
                issues.append(ParseIssue(
                    severity="warning", code="archive-unknown-line",
                    where=Where(file=file, line=number),
                    message="line in the game header not understood; kept in meta.notes",
                    text=stripped))
                notes.append((number, stripped))
            continue
        slots.append(_read_slot(stripped, file, number, issues))
    if not in_players:
        raise BadInputError(file, f"line {block.lines[0][0]}",
                            f"the block of {block.url} has no 'Players' line")
    if not slots:
        raise BadInputError(file, f"line {block.lines[0][0]}",
                            f"the block of {block.url} lists no players")
    return ArchiveGame(url=block.url, thread=block.thread, title=block.title,
                       game_number=block.game_number, moderators=moderators, result=result,
                       notes=notes, slots=slots, issues=issues)


def _read_slot(line: str, file: str, number: int, issues: list[ParseIssue]) -> ArchiveSlot:
    parts = line.rsplit(",", 2)
    if len(parts) != 3 or not all(p.strip() for p in parts):
        raise BadInputError(file, f"line {number}",
                            f"slot line {line!r} is not '<nick[s]>, <role>, <fate>'")
    names_raw, role_raw, fate_raw = (p.strip() for p in parts)
    chain = _REPLACED.split(names_raw)
    names = [n.strip() for n in chain if n.strip()]
    if len(names) != len(chain):
        issues.append(ParseIssue(
            severity="warning", code="archive-empty-name", where=Where(file=file, line=number),
            message="empty name in a replacement chain; left out", text=names_raw))
    if not names:
        raise BadInputError(file, f"line {number}", f"slot line {line!r} names no player")
    faction = faction_of(role_raw)
    if faction is None:
        issues.append(ParseIssue(
            severity="warning", code="archive-unknown-faction",
            where=Where(file=file, line=number),
            message="the role name does not say the faction; faction left empty", text=role_raw))
    # "A replaced B replaced C": C played first, then B, then A.
    return ArchiveSlot(nicks=list(reversed(names)), role_name=role_raw, faction=faction,
                       fate=parse_fate(fate_raw, file=file, line=number), line=number, raw=line)


_NO_LYNCH = re.compile(r"\bD(\d+)\s+no\s+lynch\b", re.I)


def no_lynch_days(game: ArchiveGame) -> list[tuple[int, int, str]]:
    """Days the notes record as 'DN no lynch': (day, line, the matched text)."""
    found: list[tuple[int, int, str]] = []
    for line, text in game.notes:
        for m in _NO_LYNCH.finditer(text):
            found.append((int(m.group(1)), line, m.group(0)))
    return found


_KILLED_ON = re.compile(r"(?P<nick>[^;:]+?)\s+killed\s+on\s+post\s+(?P<post>\d+)", re.I)
_RESET_ON = re.compile(r"vote\s*count\s+reset\s+on\s+post\s+(?P<post>\d+)", re.I)
_TWO_LYNCHES = re.compile(r"\b(?:two|2) players are lynched per day\b|\bdouble[\s-]lynch\b",
                          re.I)
# "X tried to vote Y in post N but moderator ignored it", "... but since it was not on its
# own line the mod discounted it": the GM's ruling on one mark
_RULED_OUT = re.compile(r"(?P<nick>[^;:]+?)\s+tried\s+to\s+vote\b[^;]*?\bin\s+post\s+"
                        r"(?P<post>\d+)\s+but\b[^;]*?\b(?:moderator|mod)\b[^;]*?"
                        r"\b(?:ignored|rejected|discounted|disallowed|did\s+not\s+count)\b"
                        r"[^;]*", re.I)
_ONE_LESS = re.compile(r"\bone\s+less\s+for\s+no[\s-]*lynch\b", re.I)


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


def ruled_out_marks(game: ArchiveGame) -> list[tuple[str, int, int, str]]:
    """The notes' rulings on single marks ('X tried to vote Y in post N but moderator ignored
    it'): (nick, post, line, the matched text)."""
    return [(m["nick"].strip(), int(m["post"]), line, m.group(0).strip())
            for line, text in game.notes for m in _RULED_OUT.finditer(text)]


def two_lynches_a_day(game: ArchiveGame) -> tuple[int, str] | None:
    """The notes' 'Two players are lynched per Day': (line, the matched text)."""
    return _first_said(game, _TWO_LYNCHES)


def find_block(blocks: list[ArchiveBlock], thread: str, file: str) -> ArchiveBlock:
    for block in blocks:
        if block.thread == thread:
            return block
    raise BadInputError(file, None, f"no game block for thread t={thread} "
                        f"({len(blocks)} games in the file)")
