"""The player list: from a roster file (DESIGN §7) or from the GM's opening post.

A line is one slot: ``<nick>`` or ``<in-game name> - <nick>`` (the seeds' player-list form,
``Cuba - Gur``), optionally with a leading number (``6. Cuba - Gur``) and ``, <role>`` at the
end; ``#`` starts a comment; ``<new nick> replaced <old nick>`` records a replacement.
Every line is used or reported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import BadInputError
from engine.gamelog import Occupant, ParseIssue, Post, Slot, SourceRef, Where
from scrapers.names.keys import fold

_NUMBER = re.compile(r"^\s*(?P<n>\d{1,3})\s*[.)]\s*")
_DASH = re.compile(r"\s+[-–—]\s+")
_REPLACED = re.compile(r"^\s*(?P<new>.+?)\s+(?:replaced|replaces|заменил[аи]?|вместо)\s+"
                       r"(?P<old>.+?)\s*$", re.I)
_BAD_NICK = re.compile(r"[<>{}\[\]]|https?://|\s{3,}|:$")


@dataclass
class RosterEntry:
    line: int
    nick: str
    number: int | None = None
    ingame_name: str | None = None
    role: str | None = None
    raw: str = ""


@dataclass
class Roster:
    entries: list[RosterEntry] = field(default_factory=list)
    replacements: list[tuple[int, str, str]] = field(default_factory=list)  # (line, new, old)
    issues: list[ParseIssue] = field(default_factory=list)
    source: str = "roster"  # "roster" (a file) or "post" (the opening post)
    post: int | None = None
    file: str | None = None


def parse_line(text: str) -> RosterEntry | tuple[str, str] | None:
    """One roster line: an entry, a (new, old) replacement, or None if it is not one."""
    body = text.split("#", 1)[0].strip()
    if not body:
        return None
    rep = _REPLACED.match(body)
    if rep:
        return rep["new"].strip(), rep["old"].strip()
    number = None
    m = _NUMBER.match(body)
    if m:
        number = int(m["n"])
        body = body[m.end():]
    role = None
    if "," in body:
        body, role = (p.strip() for p in body.rsplit(",", 1))
    parts = _DASH.split(body, maxsplit=1)
    ingame, nick = (parts[0].strip(), parts[1].strip()) if len(parts) == 2 else (None,
                                                                                 body.strip())
    if not nick or _BAD_NICK.search(nick) or len(nick) > 40:
        return None
    return RosterEntry(line=0, nick=nick, number=number, ingame_name=ingame or None,
                       role=role or None, raw=text.strip())


def read_roster_file(path: Path) -> Roster:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInputError(str(path), None, f"cannot read the roster: {exc}") from exc
    roster = Roster(source="roster", file=path.name)
    for i, line in enumerate(text.splitlines(), start=1):
        if not line.split("#", 1)[0].strip():
            continue
        parsed = parse_line(line)
        if parsed is None:
            raise BadInputError(str(path), f"line {i}", f"not a roster line: {line.strip()!r} "
                                "(expected '<nick>', '<in-game name> - <nick>', an optional "
                                "'N.' before and ', <role>' after, or '<new> replaced <old>')")
        if isinstance(parsed, tuple):
            roster.replacements.append((i, *parsed))
        else:
            parsed.line = i
            roster.entries.append(parsed)
    if not roster.entries:
        raise BadInputError(str(path), None, "the roster lists no players")
    return roster


MIN_LISTED = 4  # fewer lines in a row are not a player list
MIN_POSTING = 0.5  # the share of listed nicks that must post in the thread


def roster_from_post(post: Post, authors: set[str]) -> Roster | None:
    """The player list in the GM's opening post: the longest run of consecutive lines that
    read as roster lines, most of whose nicks post in the thread. Blank lines do not end a
    run: phpBB 3.2+ writes each line as ``line<br>\n``, which reads as a blank line between
    every two lines of the list."""
    lines: list[str | None] = [*post.text.splitlines(), None]  # None: the end closes the run
    best: list[RosterEntry] = []
    run: list[RosterEntry] = []
    for i, line in enumerate(lines, start=1):
        if line is not None and not line.strip():
            continue
        parsed = parse_line(line) if line is not None else None
        listed = (isinstance(parsed, RosterEntry)
                  and (parsed.number is not None or parsed.ingame_name is not None))
        # a numbered list ends at its first unnumbered line, and the other way round: the
        # GM's «Очередность по умолчанию — по списку.» right under «10. Рысь, Бронежилет»
        # reads as «<in-game name> - <nick>» but is not the list's
        switch = (isinstance(parsed, RosterEntry) and bool(run)
                  and (run[-1].number is None) != (parsed.number is None))
        if listed and isinstance(parsed, RosterEntry) and not switch:
            parsed.line = i
            run.append(parsed)
            continue
        if len(run) > len(best) and _posting(run, authors) >= MIN_POSTING:
            best = run
        run = []
        if listed and isinstance(parsed, RosterEntry):  # the start of another run
            parsed.line = i
            run.append(parsed)
    if len(best) < MIN_LISTED:
        return None
    return Roster(entries=best, source="post", post=post.number)


def _posting(entries: list[RosterEntry], authors: set[str]) -> float:
    if not entries:
        return 0.0
    return sum(fold(e.nick) in authors for e in entries) / len(entries)


def slots_from(roster: Roster, posts: list[Post]) -> tuple[list[Slot], list[ParseIssue]]:
    """Slots from a roster, replacements placed at the new nick's first post."""
    issues: list[ParseIssue] = []
    first: dict[str, Post] = {}
    for p in posts:
        first.setdefault(fold(p.author), p)
    slots: list[Slot] = []
    used: set[str] = set()
    for index, e in enumerate(roster.entries, start=1):
        sid = e.ingame_name or e.nick
        if sid in used:
            sid = f"{sid}#{index}"
        used.add(sid)
        ref = SourceRef(kind="roster" if roster.source == "roster" else "post",
                        file=roster.file, line=e.line if roster.source == "roster" else None,
                        post=roster.post, text=e.raw or e.nick)
        slots.append(Slot(id=sid, number=e.number or index, occupants=[Occupant(nick=e.nick)],
                          ingame_name=e.ingame_name, role=e.role, role_name=e.role,
                          source=ref))
    by_nick = {fold(n): s for s in slots for n in s.nicks}
    for line, new, old in roster.replacements:
        slot = by_nick.get(fold(old))
        if slot is None:
            issues.append(ParseIssue(severity="warning", code="replacement-unknown-slot",
                                     where=Where(file=roster.file, line=line),
                                     message=f"{new!r} replaced {old!r}, who is not listed",
                                     text=f"{new} replaced {old}"))
            continue
        seen = first.get(fold(new))
        slot.occupants.append(Occupant(
            nick=new, from_post=seen.number if seen else None,
            source=SourceRef(kind="roster", file=roster.file, line=line,
                             note="from the replacement's first post" if seen else None)))
        by_nick[fold(new)] = slot
    return slots, issues


def assign_posts(posts: list[Post], slots: list[Slot]) -> list[str]:
    """Each post's slot from its author (the occupant at that post); returns the nicks of
    non-GM posters who hold no slot."""
    by_nick: dict[str, list[Slot]] = {}
    for s in slots:
        for n in s.nicks + s.aliases:
            by_nick.setdefault(fold(n), []).append(s)
    strangers: dict[str, None] = {}
    for p in posts:
        found = by_nick.get(fold(p.author))
        if not found:
            if not p.gm:
                strangers.setdefault(p.author)
            continue
        chosen = found[0]
        for s in found:
            if fold(s.occupant_at(p.number).nick) == fold(p.author):
                chosen = s
                break
        p.slot = chosen.id
    return list(strangers)
