"""Import a mafiascum.net game from the donbot dataset: posts JSONL, archive.txt and
transitions.tsv, into a `GameLog`.

What is imported: every post (HTML, plain text, quotes, time, the moderators' posts flagged),
the slots with their replacement chains, roles, factions and fates (archive.txt), the day ends
(transitions.tsv) with the nights between, and the deaths and result as the archive records
them, and every vote mark of the posts under the mafiascum grammar.
"""

from __future__ import annotations

import gc
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from engine.errors import BadInputError
from engine.gamelog import (
    Death,
    GameLog,
    MarkRuledOut,
    Meta,
    Occupant,
    ParseIssue,
    Phase,
    PhasePublished,
    Post,
    Published,
    Slot,
    SourceRef,
    Victory,
    Where,
    phase_sort_key,
    zone_info,
)
from engine.rulesets import get_ruleset
from scrapers.accounting import imported_posts_balance, record, take_votes
from scrapers.house_rules import apply_house_rules
from scrapers.html_fast import fast_body_text
from scrapers.html_text import PostBodies, body_text
from scrapers.importers.mafiascum_accounts import counted_accounts, unlisted_accounts
from scrapers.importers.mafiascum_archive import ArchiveGame, find_block, read_game, split_blocks
from scrapers.importers.mafiascum_corrections import apply_corrected_votes, slot_named
from scrapers.importers.mafiascum_notes import (
    kills_on_posts,
    no_lynch_days,
    not_votes,
    one_less_for_no_lynch,
    resets_on_posts,
    ruled_out_marks,
    split_doublevote,
    two_lynches_a_day,
)
from scrapers.importers.mafiascum_phases import import_phases
from scrapers.importers.mafiascum_posts import RawPost, iter_posts, parse_time, read_bytes
from scrapers.importers.mafiascum_transitions import DayEnds, read_day_ends
from scrapers.rulesets import scraper_ruleset
from scrapers.sources import source_file
from scrapers.votecounts import read_vote_counts
from scrapers.votes.extract import reads_tree_in

_TAGS = re.compile(r"<[^>]+>")


# the import's stages in order, as told to `import_mafiascum`'s `stage` hook
STAGES = ("read files", "post text", "slots", "phases", "archive events", "house rules",
          "vote counts", "votes", "accounting", "release")


@dataclass(frozen=True)
class MafiascumFiles:
    posts: Path
    archive: Path
    transitions: Path


def import_mafiascum(files: MafiascumFiles, *, timezone: str = "UTC",
                     progress: Callable[[str], None] | None = None, strict: bool = False,
                     note_corrections: bool = True,
                     stage: Callable[[str], None] | None = None) -> GameLog:
    """Read the three files and build the game log. Lenient by default: a bad line of
    archive.txt or transitions.tsv is an issue and what it still says is kept, and the game
    is refused (`BadInputError`, exit 2, with every bad line) only when no slot is left;
    `strict` raises at the first bad line. `note_corrections`: apply the archive notes'
    corrections of single marks ('X voted Y in post N but ...', 'X did not vote in post N
    but ...', 'X tried to vote ... but moderator ignored it'); off, the count is the posts'
    alone (the notes' game facts, deaths on posts, resets and no-lynch days, still apply).
    `progress` is told what is being done, in words; `stage` the name of each stage of
    `STAGES` as it starts, and "done" at the end (for timing them: `./run bench votes`)."""
    with _collector_paused():
        return _import(files, timezone=timezone, progress=progress, strict=strict,
                       note_corrections=note_corrections, stage=stage)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """The cycle collector paused for the import, and set back as it was. The import
    builds tens of thousands of objects that all live on (posts, quotes, votes, counts) and
    leaves no garbage cycles: collections during it find nothing, but each full one walks
    everything built so far again (6% of the import and count, `./run bench votes`). What
    it built is looked at once, at the first collection after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _import(files: MafiascumFiles, *, timezone: str, progress: Callable[[str], None] | None,
            strict: bool, note_corrections: bool,
            stage: Callable[[str], None] | None) -> GameLog:
    say = progress or (lambda _msg: None)
    enter = stage or (lambda _name: None)
    enter("read files")
    try:
        zone = zone_info(timezone)
    except ValueError as exc:
        raise BadInputError(None, "--timezone", str(exc)) from exc
    issues: list[ParseIssue] = []

    say(f"reading {files.posts.name}")
    posts_bytes = read_bytes(files.posts)
    raw_posts = _checked_posts(list(iter_posts(posts_bytes, str(files.posts))),
                               str(files.posts), issues, strict=strict)
    thread = raw_posts[0].thread

    say(f"reading {files.archive.name}")
    archive_bytes = _read(files.archive)
    archive_text = _decode(archive_bytes, files.archive)
    game = read_game(find_block(split_blocks(archive_text), thread, str(files.archive)),
                     files.archive.name, strict=strict)
    issues.extend(game.issues)
    transitions_bytes = _read(files.transitions)
    if game.game_number is None:
        if strict:
            raise BadInputError(str(files.archive), None,
                                f"the title {game.title!r} of thread t={thread} has no game "
                                "number")
        day_ends = DayEnds(game_number="", ends=[], line=None, issues=[ParseIssue(
            severity="warning", code="archive-no-game-number", where=Where(file=files.archive.name),
            message=f"the title {game.title!r} of thread t={thread} has no game number: the "
                    "day ends of transitions.tsv cannot be found", text=game.title)])
    else:
        day_ends = read_day_ends(_decode(transitions_bytes, files.transitions),
                                 game.game_number, files.transitions.name, strict=strict)
    issues.extend(day_ends.issues)

    say(f"building game {game.game_number}: {len(raw_posts)} posts")
    mods = {m.lower() for m in game.moderators}
    enter("post text")
    # each body parsed once, for the text here and the markup read by the stages below
    bodies = PostBodies()
    votes_read = scraper_ruleset("mafiascum").grammar
    posts: list[Post] = []
    for rp in raw_posts:
        # the later stages read the trees of the GM's posts and of posts whose votes are
        # read from the tree (a vote word and markup a mark can be made of): theirs is
        # parsed now, for the text too; the others' text is read from the string where its
        # markup is plain, else from a tree let go at once
        later = rp.user.lower() in mods or (
            votes_read.may_hold_vote_in(bodies, rp.number, rp.content)
            and reads_tree_in(bodies, votes_read, rp.number, rp.content))
        posts.append(_post(rp, zone, issues, files.posts.name, bodies, tree=later))
        if not later:
            bodies.forget(rp.number)
    for post in posts:
        post.gm = post.author.lower() in mods
    enter("slots")
    slots = _slots(game, posts, files.archive.name, issues)
    _assign_slots(posts, slots, mods, files.posts.name, issues)
    enter("phases")
    phases = import_phases(game, day_ends, posts, files.transitions.name, files.posts.name, issues)

    issues.append(ParseIssue(
        severity="info", code="timezone-assumed", where=Where(file=files.posts.name),
        message=f"post times are board-local without a zone; read as {timezone}"
                " (set --timezone to change)"))
    enter("archive events")
    rulings: dict[str, str] = {}
    if one_less_for_no_lynch(game) is not None:
        # the game's own announcement, recorded by the archive: not a guess
        rulings["mafiascum.no-lynch-threshold"] = "one-less"
    if two_lynches_a_day(game) is not None:
        rulings["mafiascum.day-lynches"] = "two"
    if split_doublevote(game) is not None:
        rulings["mafiascum.doublevote"] = "separate"
    published = _published(game, slots, files.archive.name)
    _day_events(game, published, slots, phases, files.archive.name, issues,
                rulings=note_corrections)
    meta = Meta(
        title=game.title, game_id=f"mafiascum:{thread}", forum="mafiascum.net", engine="phpbb3",
        thread_urls=[game.url], ruleset="mafiascum", rulings=rulings, gms=game.moderators,
        timezone=timezone,
        result=game.result, notes=[text for _, text in game.notes],
        sources=[source_file(files.posts, "posts", posts_bytes),
                 source_file(files.archive, "archive", archive_bytes),
                 source_file(files.transitions, "transitions", transitions_bytes)])
    log = GameLog(meta=meta, players=slots, posts=posts, phases=phases,
                  published=published, issues=issues)
    enter("house rules")
    apply_house_rules(log, [r.key for r in get_ruleset("mafiascum").rulings], bodies)
    say("reading the GM's vote counts")
    enter("vote counts")
    count_issues = read_vote_counts(log, bodies)
    # a slot's nick that never posts, played from an unlisted account: the counts show it
    # (before the votes are read, so that the account's votes are the slot's)
    paired = counted_accounts(log, get_ruleset("mafiascum"), files.archive.name, bodies)
    if any(i.code == "unlisted-account" for i in paired):
        for item in log.published.phases:  # read again: the counts may name the account
            item.vote_counts = []
        count_issues = read_vote_counts(log, bodies)
    log.issues.extend(paired)
    _report_unslotted(posts, slots, files.posts.name, log.issues)
    log.issues.extend(count_issues)
    say("reading the votes")
    enter("votes")
    votes = take_votes(log, bodies=bodies)
    if note_corrections:
        apply_corrected_votes(log, game, files.archive.name)
    enter("accounting")
    # the file's lines, counted apart from the reader that turned them into posts
    lines = sum(1 for line in posts_bytes.decode("utf-8").split("\n") if line.strip())
    record(log, [imported_posts_balance(lines, log, files.posts.name), votes])
    enter("release")
    bodies.clear()
    enter("done")
    return log


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as exc:
        raise BadInputError(str(path), None, f"cannot read: {exc.strerror or exc}") from exc


def _decode(data: bytes, path: Path) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise BadInputError(str(path), f"line {line}", "not UTF-8 text") from exc


def _checked_posts(raw: list[RawPost], file: str, issues: list[ParseIssue], *,
                   strict: bool = False) -> list[RawPost]:
    """One thread, posts in order, duplicates removed only when identical; a field whose
    broken character was replaced reported (refused when `strict`)."""
    if not raw:
        raise BadInputError(file, None, "no posts in the file")
    for rp in raw:
        if rp.repaired:
            what = (f"{', '.join(rp.repaired)} held half of a character (a lone UTF-16 "
                    "surrogate, which no UTF-8 file can hold)")
            if strict:
                raise BadInputError(file, f"line {rp.line}", what)
            issues.append(ParseIssue(
                severity="warning", code="broken-character",
                where=Where(file=file, line=rp.line, post=rp.number),
                message=f"{what}; it is read as U+FFFD (\ufffd)"))
    thread = raw[0].thread
    for rp in raw:
        if rp.thread != thread:
            raise BadInputError(file, f"line {rp.line}",
                                f"post of thread {rp.thread} in a file of thread {thread}")
    by_number: dict[int, RawPost] = {}
    for rp in raw:
        seen = by_number.get(rp.number)
        if seen is None:
            by_number[rp.number] = rp
        elif (seen.id, seen.user, seen.content) == (rp.id, rp.user, rp.content):
            issues.append(ParseIssue(
                severity="info", code="duplicate-post", where=Where(file=file, line=rp.line,
                                                                    post=rp.number),
                message=f"same post as line {seen.line}; kept once"))
        else:
            raise BadInputError(file, f"line {rp.line}",
                                f"post number {rp.number} also on line {seen.line} with "
                                "different content")
    ordered = [by_number[n] for n in sorted(by_number)]
    first_seen = list(dict.fromkeys(rp.number for rp in raw))
    if first_seen != sorted(first_seen):
        issues.append(ParseIssue(severity="info", code="posts-reordered", where=Where(file=file),
                                 message="posts were not in thread order; sorted by number"))
    numbers = [rp.number for rp in ordered]
    missing = [n for n in range(numbers[0], numbers[-1] + 1) if n not in by_number]
    if missing:
        shown = ", ".join(map(str, missing[:20])) + (" ..." if len(missing) > 20 else "")
        issues.append(ParseIssue(
            severity="warning", code="posts-missing", where=Where(file=file),
            message=f"{len(missing)} post numbers absent from the file: {shown}"))
    return ordered


def _post(rp: RawPost, zone: ZoneInfo, issues: list[ParseIssue], file: str,
          bodies: PostBodies, *, tree: bool) -> Post:
    time = parse_time(rp.time, zone)
    if time is None:
        issues.append(ParseIssue(
            severity="warning", code="bad-time", where=Where(file=file, line=rp.line,
                                                             post=rp.number),
            message="post time not understood; left empty", text=rp.time))
    # `tree`: a later stage reads the parsed body, and its walk costs less than a reading
    # of the string (lxml's parse is most of the cost, paid either way)
    body = (None if tree else fast_body_text(rp.content)) or \
        body_text(rp.content, bodies.root(rp.number, rp.content))
    fields: dict[str, Any] = {
        "number": rp.number, "id": rp.id, "author": rp.user, "author_id": rp.user_id,
        "time": time, "page": rp.page, "html": rp.content, "text": body.text,
        "quotes": body.quotes}
    if rp.number < 0:
        return Post(**fields)  # refused, as validation refuses it
    # every value already of its field's exact type (`iter_posts` checked the line's,
    # `parse_time` gives an aware time, `body_text` its text and Quotes) and the number
    # within bounds: validating it again only copies it (a twentieth of the post stage)
    return Post.trusted(**fields)


def _slots(game: ArchiveGame, posts: list[Post], file: str,
           issues: list[ParseIssue]) -> list[Slot]:
    first_post: dict[str, Post] = {}
    for post in posts:
        first_post.setdefault(post.author.lower(), post)
    # The opening post is edited all game long (living/dead lists name every replacement),
    # so it says nothing about when a replacement happened.
    announcements = [p for p in posts[1:] if p.gm and "replac" in p.text.lower()]
    slots: list[Slot] = []
    used: set[str] = set()
    for index, aslot in enumerate(game.slots, start=1):
        occupants: list[Occupant] = []
        for i, nick in enumerate(aslot.nicks):
            first = first_post.get(nick.lower())
            user_id = first.author_id if first is not None else None
            if i == 0:
                occupants.append(Occupant(nick=nick, user_id=user_id))
                continue
            occupants.append(_replacement(nick, user_id, first, announcements, file, aslot.line,
                                          issues))
        slot_id = aslot.nicks[0]
        if slot_id in used:
            slot_id = f"{slot_id}#{index}"
        used.add(slot_id)
        slots.append(Slot(
            id=slot_id, number=index, occupants=occupants, role=aslot.role_name,
            role_name=aslot.role_name, faction=aslot.faction, fate=aslot.fate,
            source=SourceRef(kind="archive", file=file, line=aslot.line, text=aslot.raw)))
    return slots


def _replacement(nick: str, user_id: str | None, first: Post | None, announcements: list[Post],
                 file: str, line: int, issues: list[ParseIssue]) -> Occupant:
    """When `nick` took over: the moderator's last announcement naming them at or before
    their first post, else their first post."""
    limit = first.number if first is not None else None
    low = nick.lower()
    said = [p for p in announcements
            if low in p.text.lower() and (limit is None or p.number <= limit)]
    if said:
        post = said[-1]
        return Occupant(nick=nick, user_id=user_id, from_post=post.number,
                        source=SourceRef(kind="post", post=post.number,
                                         note="the moderator's replacement announcement"))
    if first is not None:
        return Occupant(nick=nick, user_id=user_id, from_post=first.number,
                        source=SourceRef(kind="inferred", post=first.number,
                                         note="first post by the replacement"))
    issues.append(ParseIssue(
        severity="info", code="replacement-not-found", where=Where(file=file, line=line),
        message=f"{nick!r} replaced into the slot but neither posted nor was announced",
        text=nick))
    return Occupant(nick=nick, user_id=user_id)


def _assign_slots(posts: list[Post], slots: list[Slot], mods: set[str], file: str,
                  issues: list[ParseIssue]) -> None:
    by_nick: dict[str, list[tuple[Slot, int]]] = defaultdict(list)
    for slot in slots:
        for i, occ in enumerate(slot.occupants):
            by_nick[occ.nick.lower()].append((slot, i))
    renamed = _renamed_accounts(posts, slots, by_nick, mods, file, issues)
    renamed.update(unlisted_accounts(posts, slots, by_nick, renamed, mods, file, issues))
    for post in posts:
        found = by_nick.get(post.author.lower()) or renamed.get(post.author.lower())
        if not found:
            continue
        if len(found) == 1:  # the nick of one slot (most are): no choice to make
            post.slot = found[0][0].id
            continue
        # a nick in two slots: the slot it was playing at this post; listed in two slots at
        # once (an archive slip), the one that stayed in the game longer
        playing = [slot for slot, i in found if slot.occupant_at(post.number) is
                   slot.occupants[i]]
        chosen = max(playing, key=_lasting) if playing else found[0][0]
        post.slot = chosen.id


def _report_unslotted(posts: list[Post], slots: list[Slot], file: str,
                      issues: list[ParseIssue]) -> None:
    """Posts left without a slot, and slot nicks without a post, once every pairing of
    accounts is made."""
    strangers: dict[str, int] = defaultdict(int)
    for post in posts:
        if post.slot is None and not post.gm:
            strangers[post.author] += 1
    if strangers:
        listed = ", ".join(f"{n} ({c})" for n, c in sorted(strangers.items()))
        issues.append(ParseIssue(
            severity="info", code="posts-by-non-players", where=Where(file=file),
            message="posts by nicks that are neither slots nor moderators (spectators, "
                    f"renamed accounts); kept without a slot: {listed}"))
    posted = {p.author.lower() for p in posts}
    for slot in slots:
        for occ in slot.occupants:
            if occ.nick.lower() not in posted:
                issues.append(ParseIssue(
                    severity="info", code="slot-nick-never-posted",
                    where=Where(file=slot.source.file if slot.source else None,
                                line=slot.source.line if slot.source else None),
                    message=f"{occ.nick!r} of slot {slot.id!r} has no post under that nick",
                    text=occ.nick))


def _lasting(slot: Slot) -> tuple[int, int]:
    """How long a slot stayed in the game, for ordering: survivors last of all."""
    if slot.fate.phase is None:
        return (10**6, 0)
    return phase_sort_key(slot.fate.phase)


def _renamed_accounts(posts: list[Post], slots: list[Slot],
                      by_nick: dict[str, list[tuple[Slot, int]]], mods: set[str], file: str,
                      issues: list[ParseIssue]) -> dict[str, list[tuple[Slot, int]]]:
    """Nicks that are not in the archive but post from the account (forum user id) of a slot's
    occupant: the account was renamed during or after the game. Their posts belong to that
    slot, and the new nick becomes one of its aliases (votes may use either)."""
    by_user: dict[str, list[tuple[Slot, int]]] = defaultdict(list)
    for slot in slots:
        for i, occ in enumerate(slot.occupants):
            if occ.user_id:
                by_user[occ.user_id].append((slot, i))
    out: dict[str, list[tuple[Slot, int]]] = {}
    for post in posts:
        low = post.author.lower()
        if low in by_nick or low in mods or low in out or not post.author_id:
            continue
        found = by_user.get(post.author_id)
        if not found:
            continue
        out[low] = found
        slot = found[0][0]
        if post.author not in slot.aliases:
            slot.aliases.append(post.author)
        issues.append(ParseIssue(
            severity="info", code="renamed-account", where=Where(file=file, post=post.number),
            message=f"{post.author!r} posts from the account (user id {post.author_id}) of "
                    f"{slot.occupants[found[0][1]].nick!r}: the same player under a new name; "
                    f"their posts count for slot {slot.id!r}", text=post.author))
    return out


def _day_events(game: ArchiveGame, published: Published, slots: list[Slot],
                phases: list[Phase], file: str, issues: list[ParseIssue], *,
                rulings: bool = True) -> None:
    """The notes' day-kills ('X killed on post N') give the post of the death; their resets
    ('votecount reset on post N') and, with `rulings`, their rulings on single marks ('X
    tried to vote Y in post N but moderator ignored it', 'X did not vote in post N but ...')
    go to the day holding that post."""
    for nick, post, line, text in kills_on_posts(game):
        slot = slot_named(slots, nick)
        death = None
        for item in published.phases:
            for d in item.deaths:
                if slot is not None and d.slot == slot.id and d.kind != "eliminated":
                    death = d
        if death is None:
            issues.append(ParseIssue(
                severity="warning", code="day-kill-not-matched", where=Where(file=file, line=line),
                message=f"the notes say {text!r} but no slot {nick!r} died other than by lynch",
                text=text))
            continue
        death.source = SourceRef(kind="archive", file=file, line=line, post=post, text=text,
                                 note="the post at which the death happened")
    days = [p for p in phases if p.kind == "day"]
    for post, line, text in resets_on_posts(game):
        found = _day_item(published, days, post)
        if found is None:
            continue
        found.vote_resets.append(SourceRef(kind="archive", file=file, line=line, post=post,
                                          text=text))
    for note in [*ruled_out_marks(game), *not_votes(game)] if rulings else []:
        slot = slot_named(slots, note.nick)
        found = _day_item(published, days, note.post)
        if found is None or slot is None:
            issues.append(ParseIssue(
                severity="warning", code="ruling-not-placed",
                where=Where(file=file, line=note.line),
                message=f"the notes' ruling {note.text!r} names no slot or day of this game",
                text=note.text))
            continue
        found.ruled_out.append(MarkRuledOut(post=note.post, voter=slot.id, source=SourceRef(
            kind="archive", file=file, line=note.line, post=note.post, text=note.text)))


def _day_item(published: Published, days: list[Phase], post: int) -> PhasePublished | None:
    """What is published about the day that holds `post` (made when missing)."""
    day = next((d for d in days if d.end is not None and d.end.post is not None
                and post <= d.end.post), days[-1] if days else None)
    if day is None:
        return None
    key = f"D{day.number}"
    found = published.for_phase(key)
    if found is None:
        found = PhasePublished(phase=key)
        published.phases.append(found)
        published.phases.sort(key=lambda p: phase_sort_key(p.phase))
    return found


def _published(game: ArchiveGame, slots: list[Slot], file: str) -> Published:
    """Deaths, no-lynch days and the result as archive.txt records them."""
    by_phase: dict[str, PhasePublished] = {}

    def at(key: str) -> PhasePublished:
        return by_phase.setdefault(key, PhasePublished(phase=key))

    for aslot, slot in zip(game.slots, slots, strict=True):
        fate = aslot.fate
        if fate.phase is None or fate.kind not in ("eliminated", "killed", "modkilled"):
            continue
        kind = fate.kind
        assert kind in ("eliminated", "killed", "modkilled")
        at(fate.phase).deaths.append(Death(
            slot=slot.id, kind=kind, cause=fate.cause, revealed_role=aslot.role_name,
            revealed_faction=aslot.faction, raw=aslot.raw,
            source=SourceRef(kind="archive", file=file, line=aslot.line, text=aslot.raw)))
    for day, line, text in no_lynch_days(game):
        at(f"D{day}").no_elimination = SourceRef(kind="archive", file=file, line=line,
                                                  text=text)
    phases = sorted(by_phase.values(), key=lambda p: phase_sort_key(p.phase))
    victory = None
    if game.result:
        m = re.match(r"^\s*(.+?)\s+win\b", game.result, re.I)
        winners = [m.group(1).strip().lower().replace(" ", "-")] if m else []
        victory = Victory(winners=winners, raw=game.result,
                          source=SourceRef(kind="archive", file=file, text=game.result))
    return Published(phases=phases, victory=victory)
