"""mafiascum `archive.txt`: one block per game (thread URL, title, moderators, result, notes,
then one line per slot: ``[A replaced B ...], <Faction Role>, <fate>``).

The whole file is split into blocks cheaply; only the block of the game being imported is
read in full, so a fault in another game's block does not stop this one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.errors import BadInputError
from engine.gamelog import Fate, ParseIssue, SourceRef, Where
from scrapers.importers.mafiascum_fates import parse_fate, read_fate, reads_as_fate

_THREAD_ID = re.compile(r"[?&]t=(\d+)")
_GAME_NUMBER = re.compile(r"(\d{3,5})")
_REPLACED = re.compile(r"(?:^|(?<=\s))replaced(?=\s|$)", re.I)

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


def read_game(block: ArchiveBlock, file: str, *, strict: bool = False) -> ArchiveGame:
    """Read one block in full. Strict: a bad slot line or an unknown fate raises
    `BadInputError` at the first. Lenient (the default): every bad line becomes an issue and
    what it still says is kept (a fate read by edit distance, a slot with an unknown fate);
    the block is refused only when no slot is left, with every bad line in the message."""
    issues: list[ParseIssue] = []
    moderators: list[str] = []
    result: str | None = None
    notes: list[tuple[int, str]] = []
    slots: list[ArchiveSlot] = []
    in_players = False
    unknown: list[tuple[int, str]] = []
    for number, line in block.lines[2:]:
        stripped = line.strip()
        if not stripped:
            continue
        if not in_players:
            key, sep, value = stripped.partition(":")
            if stripped == "Players" or (not strict and stripped.rstrip(":").strip().lower()
                                         == "players"):
                in_players = True
            elif sep and key == "Moderator":
                moderators = [m.strip() for m in value.split(",") if m.strip()]
            elif sep and key == "Current Update":
                result = value.strip() or None
            elif sep and key == "Notes":
                notes.append((number, value.strip()))
            else:
                unknown.append((number, stripped))
            continue
        slot = _read_slot(stripped, file, number, issues, strict)
        if slot is not None:
            slots.append(slot)
    if not in_players and not strict:
        # no 'Players' line: the lines that read as slot lines are taken as the players
        taken = [(n, t) for n, t in unknown if t.count(",") >= 2]
        if taken:
            issues.append(ParseIssue(
                severity="warning", code="archive-no-players-line",
                where=Where(file=file, line=taken[0][0]),
                message=f"the block has no 'Players' line; {len(taken)} lines that read as "
                        "'<nick>, <role>, <fate>' are taken as the slots"))
            unknown = [u for u in unknown if u not in taken]
            for n, t in taken:
                slot = _read_slot(t, file, n, issues, strict)
                if slot is not None:
                    slots.append(slot)
            in_players = True
    for n, t in unknown:
        issues.append(ParseIssue(
            severity="warning", code="archive-unknown-line", where=Where(file=file, line=n),
            message="line in the game header not understood; kept in meta.notes", text=t))
        notes.append((n, t))
    notes.sort()
    if not in_players:
        raise BadInputError(file, f"line {block.lines[0][0]}",
                            f"the block of {block.url} has no 'Players' line")
    if not slots:
        bad = [f"line {i.where.line}: {i.message}" for i in issues if i.severity == "error"]
        raise BadInputError(file, f"line {block.lines[0][0]}",
                            f"the block of {block.url} lists no usable players"
                            + (": " + "; ".join(bad) if bad else ""))
    return ArchiveGame(url=block.url, thread=block.thread, title=block.title,
                       game_number=block.game_number, moderators=moderators, result=result,
                       notes=notes, slots=slots, issues=issues)


def _read_slot(line: str, file: str, number: int, issues: list[ParseIssue],
               strict: bool) -> ArchiveSlot | None:
    """One slot line; None (with an error issue) when it names no player."""
    where = Where(file=file, line=number)
    parts = [p.strip() for p in line.rsplit(",", 2)]
    if len(parts) != 3 or not all(parts):
        if strict:
            raise BadInputError(file, f"line {number}",
                                f"slot line {line!r} is not '<nick[s]>, <role>, <fate>'")
        parts = _short_slot_line(parts, line, where, issues)
    names_raw, role_raw, fate_raw = parts
    chain = _REPLACED.split(names_raw)
    names = [n.strip() for n in chain if n.strip()]
    if names and len(names) != len(chain):
        issues.append(ParseIssue(
            severity="warning", code="archive-empty-name", where=where,
            message="empty name in a replacement chain; left out", text=names_raw))
    if not names:
        if strict:
            raise BadInputError(file, f"line {number}", f"slot line {line!r} names no player")
        issues.append(ParseIssue(
            severity="error", code="archive-bad-slot-line", where=where,
            message=f"slot line {line!r} names no player; left out", text=line))
        return None
    faction = faction_of(role_raw) if role_raw else None
    if faction is None:
        issues.append(ParseIssue(
            severity="warning", code="archive-unknown-faction", where=where,
            message="the role name does not say the faction; faction left empty", text=role_raw))
    if strict:
        fate = parse_fate(fate_raw, file=file, line=number)
    elif fate_raw:
        fate = read_fate(fate_raw, file=file, line=number, issues=issues)
    else:
        fate = Fate(kind="unknown", source=SourceRef(kind="archive", file=file, line=number))
    # "A replaced B replaced C": C played first, then B, then A.
    return ArchiveSlot(nicks=list(reversed(names)), role_name=role_raw, faction=faction,
                       fate=fate, line=number, raw=line)


def _short_slot_line(parts: list[str], line: str, where: Where,
                     issues: list[ParseIssue]) -> list[str]:
    """A slot line without its three parts, read leniently: the nick comes first; a last part
    that reads as a fate is the fate; what is missing is left empty (an unknown fate)."""
    if len(parts) == 3:  # three parts, one of them empty
        names, role, fate = parts
    elif len(parts) == 2 and reads_as_fate(parts[1]):
        names, role, fate = parts[0], "", parts[1]
    elif len(parts) == 2:
        names, role, fate = parts[0], parts[1], ""
    else:
        names, role, fate = parts[0], "", ""
    missing = [what for what, value in (("role", role), ("fate", fate)) if not value]
    if names:
        issues.append(ParseIssue(
            severity="warning", code="archive-bad-slot-line", where=where,
            message=f"slot line is not '<nick[s]>, <role>, <fate>'; kept with the "
                    f"{' and '.join(missing) or 'parts'} it lacks left empty", text=line))
    return [names, role, fate]


def find_block(blocks: list[ArchiveBlock], thread: str, file: str) -> ArchiveBlock:
    for block in blocks:
        if block.thread == thread:
            return block
    raise BadInputError(file, None, f"no game block for thread t={thread} "
                        f"({len(blocks)} games in the file)")
