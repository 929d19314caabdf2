"""A parsed GM log into a scraped game log: its nights, day actions, published results and
roles, and its issues (each naming the file and line)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from engine.errors import BadInputError
from engine.gamelog import Action, DayLog, GameLog, NightLog, ParseIssue, SourceFile, Where
from scrapers.gmlog.model import GmLog
from scrapers.gmlog.parser import parse_gm_log
from scrapers.gmlog.vocab import vocabulary

_Phase = TypeVar("_Phase", NightLog, DayLog)
# A GM's log of a whole game is a few KB of short lines (the bundled ones: 7 KB, lines under
# 200 characters): a file this big is not one, and is refused before it is read (a line too
# long to be one is reported by the parser, `MAX_LINE`)
MAX_GM_LOG_BYTES = 1024 * 1024


def read_gm_log(path: Path, log: GameLog, *, strict: bool = False) -> GmLog:
    """Parse the GM-log file `path` against the game's slots and rule set; an unreadable
    file is bad input (exit 2)."""
    try:
        if not path.is_file():
            # a FIFO would block the read forever, a device never end
            raise BadInputError(str(path), None, "cannot read the GM log: not a regular file")
        if path.stat().st_size > MAX_GM_LOG_BYTES:
            raise BadInputError(str(path), None, f"{path.stat().st_size} bytes is over the "
                                f"{MAX_GM_LOG_BYTES}-byte cap on a GM log")
        data = path.read_bytes()
        text = data.decode("utf-8-sig")
    except OSError as exc:
        raise BadInputError(str(path), None, f"cannot read the GM log: {exc.strerror}") \
            from None
    except UnicodeDecodeError as exc:
        raise BadInputError(str(path), f"byte {exc.start}",
                            "the GM log is not UTF-8 text") from None
    gm = parse_gm_log(text, ruleset=log.meta.ruleset, players=log.players, file=path.name,
                      strict=strict)
    log.meta.sources.append(SourceFile(path=path.name, sha256=hashlib.sha256(data).hexdigest(),
                                       size=len(data), kind="gm-log"))
    return gm


def merge_gm_log(log: GameLog, gm: GmLog) -> None:
    """Add what the GM log gives to `log`. Deaths the thread already announced are kept as
    found there, the GM log filling in a role they did not show; a role the log gives that
    differs from the slot's is reported, not overwritten."""
    _add_actions(log.nights, gm.nights, NightLog)
    _add_actions(log.days, gm.days, DayLog)
    for key, items in gm.published.items():
        phase = log.published.for_phase(key)
        if phase is None:
            log.published.phases.append(items.model_copy(deep=True))
            continue
        known = {d.slot: d for d in phase.deaths}
        for death in items.deaths:
            if death.slot not in known:
                phase.deaths.append(death)
            elif known[death.slot].revealed_role is None:
                known[death.slot].revealed_role = death.revealed_role
                known[death.slot].revealed_faction = death.revealed_faction
        phase.newspaper.extend(items.newspaper)
        phase.private.extend(items.private)
        if phase.no_elimination is None:
            phase.no_elimination = items.no_elimination
    slots = {s.id: s for s in log.players}
    vocab = vocabulary(log.meta.ruleset)
    for slot_id, role in gm.roles.items():
        slot = slots[slot_id]
        if slot.role is None:
            slot.role, slot.faction = role.role, role.faction or slot.faction
            continue
        if role.faction and slot.faction is None:
            slot.faction = role.faction
        # the roster may write the role as a name («Врач»): the same role is no conflict
        if role.role not in (slot.role, vocab.role_of(slot.role)):
            log.issues.append(ParseIssue(
                severity="warning", code="gm-log-role-differs",
                where=Where(file=gm.file, line=role.line),
                message=f"the GM log gives {slot_id} the role {role.role}, the game log "
                        f"{slot.role}", text=role.raw))
    log.issues.extend(gm.issues)


def _add_actions(entries: list[_Phase], actions: dict[int, list[Action]],
                 make: Callable[..., _Phase]) -> None:
    """The GM log's actions appended to the log's night (or day) of the same number, made
    when the log has none; the entries kept in order of their numbers."""
    for number, sent in sorted(actions.items()):
        entry = next((e for e in entries if e.number == number), None)
        if entry is None:
            entry = make(number=number)
            entries.append(entry)
        entry.actions.extend(sent)
    entries.sort(key=lambda e: e.number)
