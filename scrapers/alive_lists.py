"""The living the GM lists when a day begins («Живые игроки (12): …», «Остались в игре: …»,
«В игре остались:» with a numbered or comma list; each entry a nick and/or an in-game name,
one maybe in brackets or after a dash), set against the deaths read from the GM's posts.

The list is used as the alive set at the start of the day: a slot it leaves out whose death
no post announced is taken as out before the day (a mid-game topic does not hold the earlier
days' results), with a warning; a slot it lists whose death was read, a count in brackets that
is not the list's length, and a name that is no one player's are reported. Read after the
deaths and before the votes (`scrapers.stages`)."""

from __future__ import annotations

import re

from engine.day.window import alive_at_start
from engine.gamelog import Fate, GameLog, ParseIssue, Post, SourceRef, Where
from scrapers.death_lists import ALIVE_HEAD, Item, Listing, bracketed, lists
from scrapers.names import NameIndex
from scrapers.names.keys import fold, lemma_keys

_ACCEPT = ("exact", "lemma", "prefix")
_COUNT = re.compile(r"[(\[]\s*(\d{1,2})\s*[)\]]")


def read_alive_lists(log: GameLog) -> list[ParseIssue]:
    """For each day, the first list of the living in the GM's posts from the night before
    it to its start post: slots it leaves out are taken as dead before the day (their fate
    set, as the GM's list says), and every disagreement reported."""
    issues: list[ParseIssue] = []
    names = NameIndex.from_log(log)
    everyone = [s.id for s in log.players]
    previous_end: int | None = None
    for phase in sorted(log.phases, key=lambda p: (p.number, p.kind != "day")):
        bound = phase.start.post if phase.start is not None else None
        if phase.kind != "day" or bound is None:
            if phase.kind == "day" and phase.end is not None:
                previous_end = phase.end.post
            continue
        low = previous_end + 1 if previous_end is not None else bound
        posts = [p for p in log.posts if p.gm and not p.deleted and low <= p.number <= bound]
        if phase.end is not None:
            previous_end = phase.end.post
        found = _first_list(posts, names, everyone)
        if found is None:
            continue
        post, listing = found
        issues.extend(_compare(log, phase.number, post, listing, names, everyone))
    return issues


def _first_list(posts: list[Post], names: NameIndex, everyone: list[str]
                ) -> tuple[Post, Listing] | None:
    def starts(words: str) -> bool:
        return _slot(bracketed(words)[0], names, everyone) is not None or \
            _slot(" ".join(words.split()[:4]), names, everyone) is not None

    for post in reversed(posts):  # the list nearest the day's start
        for listing in lists(post.text, ALIVE_HEAD, starts, commas=True):
            return post, listing
    return None


def _slot(words: str, names: NameIndex, everyone: list[str]) -> str | None:
    """The slot the words are the whole name of (a nick, an in-game name, inflected or a
    name's start), else None."""
    words = words.strip(" .,;:*")
    if len(fold(words)) < 2:
        return None
    res = names.resolve(words, valid=everyone)
    if res.how not in _ACCEPT or res.owner is None or res.is_gm:
        return None
    key, matched = fold(words), fold(res.matched or "")
    whole = (key == matched or bool(lemma_keys(words) & lemma_keys(res.matched or ""))
             or (res.how == "prefix" and len(key) >= 3))
    return res.owner if whole else None


def _item_slot(item: Item, names: NameIndex, everyone: list[str]) -> str | None:
    """«Ямайка (Dagr)», «Dagr [Ямайка]», «Ямайка — Dagr», «Dagr»: whichever part names a
    slot; two parts naming two slots name none."""
    outside, inside = bracketed(item.name)
    got = {s for s in (_slot(outside, names, everyone),
                       _slot(inside, names, everyone) if inside else None,
                       _slot(item.rest, names, everyone) if item.rest else None) if s}
    return got.pop() if len(got) == 1 else None


def _compare(log: GameLog, day: int, post: Post, listing: Listing, names: NameIndex,
             everyone: list[str]) -> list[ParseIssue]:
    issues: list[ParseIssue] = []
    where = Where(post=post.number)
    listed: list[str] = []
    for item in listing.items:
        slot = _item_slot(item, names, everyone)
        if slot is None:
            issues.append(ParseIssue(
                severity="warning", code="alive-list-name-unknown", where=where,
                message=f"{item.name!r} in the GM's list of the living at the start of day "
                        f"{day} is not one player's", text=post.text[item.start:item.end]))
            continue
        listed.append(slot)
    said = _COUNT.search(listing.heading)
    if said is not None and int(said[1]) != len(listing.items):
        issues.append(ParseIssue(
            severity="warning", code="alive-list-differs", where=where,
            message=f"the GM's heading {listing.heading!r} gives {said[1]} living, the list "
                    f"has {len(listing.items)}"))
    if len(listed) < len(listing.items):
        return issues  # a name not read: who is left out cannot be told
    alive = alive_at_start(log, day)
    dead_listed = [s for s in listed if s not in alive]
    for slot in dead_listed:
        issues.append(ParseIssue(
            severity="warning", code="alive-list-differs", where=where,
            message=f"the GM lists {slot} among the living at the start of day {day}, but "
                    f"{slot}'s death was read from the GM's posts before it"))
    left_out = [s for s in alive if s not in listed]
    by_id = {s.id: s for s in log.players}
    for slot in left_out:
        issues.append(ParseIssue(
            severity="warning", code="alive-list-differs", where=where,
            message=f"the GM's list of the living at the start of day {day} leaves out "
                    f"{slot}, whose death no GM post announced: taken as out before day "
                    f"{day} (how is not known)"))
        by_id[slot].fate = Fate(
            kind="killed", phase=f"N{day - 1}", raw=f"not among the living the GM lists at "
            f"the start of day {day}", source=SourceRef(kind="post", post=post.number,
                                                        text=listing.heading))
    issues.append(ParseIssue(
        severity="info", code="alive-list", where=where,
        message=f"day {day} begins with {len(listed)} living by the GM's list "
                f"{listing.heading!r}" + ("" if left_out or dead_listed
                                           else ", as the deaths read give")))
    return issues
