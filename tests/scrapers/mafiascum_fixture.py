"""A tiny synthetic mafiascum dataset (posts JSONL, archive.txt, transitions.tsv) written to a
temporary folder, for tests of the importer that must not depend on ../shared."""

from __future__ import annotations

import gzip
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

THREAD = "4242"
GAME = "1234"

ARCHIVE = f"""https://forum.mafiascum.net/viewtopic.php?f=53&t=999
Game 1111: Another Game
Moderator: Someone
Current Update: Mafia Win

Players
x, Town Vanilla, drowned Night 9


https://forum.mafiascum.net/viewtopic.php?f=53&t={THREAD}
Game {GAME}: Test Mafia
Moderator: Modder
Current Update: Town Win
Notes: D2 no lynch

Players
Alice, Town Cop, survived
Carol replaced Bob, Mafia Goon, lynched Day 1
Dave, Vanilla Townie, killed Night 1
Eve, Mafia Godfather, lynched Day 3
"""

TRANSITIONS = f"""Game Identification\tPost Numbers of Phase Ending\t\t\t
Number\tDay 1\tDay 2\tDay 3\tDay 4
999\tabc\t-\t\t
{GAME}\t5\t9\t12\t-
"""


def _post(number: int, user: str, content: str, time: str = "Fri Jul 20, 2012 5:38 pm",
          **extra: Any) -> dict[str, Any]:
    post: dict[str, Any] = {
        "number": number, "id": str(1000 + number), "user": user,
        "user_id": str(abs(hash(user)) % 1000), "content": content, "time": time,
        "page": f"https://forum.mafiascum.net/viewtopic.php?t={THREAD}&start=0",
        "forum": "53", "thread": THREAD}
    post.update(extra)
    return post


def posts() -> list[dict[str, Any]]:
    return [
        _post(0, "Modder", "Welcome. Day 1 will start soon."),
        _post(1, "Modder", "<b>Day 1</b> has begun!"),
        _post(2, "Alice", '<span class="bbvote">VOTE: Bob</span>'),
        _post(3, "Bob", "<blockquote><div><cite>Alice wrote:</cite>VOTE: Bob</div></blockquote>"
                        "Why me?", time="Sat Jul 21, 2012 11:02 am"),
        _post(4, "Eve", "vote bob"),
        _post(5, "Modder", "Bob was lynched. Night 1 begins."),
        _post(6, "Modder", "Dave was killed. Day 2 begins. Carol replaces Bob."),
        _post(7, "Carol", "Hi all, I replaced in."),
        _post(8, "Lurker", "Spectator here."),
        _post(9, "Modder", "No lynch today. Night 2."),
        _post(10, "Modder", "Nobody died. Day 3 has begun."),
        _post(11, "Alice", "vote Eve"),
        _post(12, "Modder", "Eve was lynched. Town wins!"),
    ]


@dataclass
class Dataset:
    posts: Path
    archive: Path
    transitions: Path


def write(folder: Path, records: list[dict[str, Any]] | None = None, *, gz: bool = True,
          archive: str = ARCHIVE, transitions: str = TRANSITIONS) -> Dataset:
    folder.mkdir(parents=True, exist_ok=True)
    lines = "\n".join(json.dumps(r) for r in (posts() if records is None else records))
    posts_path = folder / (f"{THREAD}.jsonl.gz" if gz else f"{THREAD}.jsonl")
    data = lines.encode("utf-8")
    posts_path.write_bytes(gzip.compress(data, mtime=0) if gz else data)
    (folder / "archive.txt").write_text(archive, encoding="utf-8")
    (folder / "transitions.tsv").write_text(transitions, encoding="utf-8")
    return Dataset(posts_path, folder / "archive.txt", folder / "transitions.tsv")


def notes_game(title: str, quill_role: str, notes: str) -> tuple[str, str]:
    """The archive block and transitions line of a made-up five-player game (Quill, Rook
    lynched Day 1, Sable, Tarn, Umber; moderator Hostess; day 1 ends at post 9) whose
    notes are `notes` and Quill's role `quill_role`: for tests of what the notes say."""
    archive = f"""https://forum.mafiascum.net/viewtopic.php?f=53&t={THREAD}
Game {GAME}: {title}
Moderator: Hostess
Current Update: Town Win
Notes: {notes}

Players
Quill, {quill_role}, survived
Rook, Mafia Goon, lynched Day 1
Sable, Vanilla Townie, survived
Tarn, Vanilla Townie, survived
Umber, Town Doctor, survived
"""
    return archive, f"Number\tDay 1\tDay 2\n{GAME}\t9\t-\n"
