"""Private information (issue 8, information leaks): the registry of what one player learnt
from the GM and nobody else was told, when it became private and when, if ever, public;
and the posts where its words show up: copied verbatim (`verbatim_copies`) or its subject
named with what was learnt (`fact_mentions`), ranked tables for review, never verdicts.

Also the text tools the leak tables share: words, shingles, Russian lemmas (pymorphy3
through `scrapers.names.keys`), the names a slot goes by, and the frame builder with
typed columns."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Literal

import pandas as pd

from engine.gamelog import GameLog, Post, PrivateResult
from engine.gamelog.base import phase_sort_key
from scrapers.names.keys import lemma_keys, lemmas
from toolkit.frames import BOOL, FLOAT, INT, STR, TIME, post_phases, typed_frame

Source = Literal["result", "role"]
PublicHow = Literal["death-revealed", "gm-post", "game-end"]

REGISTRY_COLUMNS: dict[str, str] = {
    "item": STR, "source": STR, "phase": STR, "recipient": STR, "subject": STR,
    "ability": STR, "kind": STR, "text": STR, "private_post": INT, "private_time": TIME,
    "public_post": INT, "public_time": TIME, "public_how": STR,
}

COPY_COLUMNS: dict[str, str] = {
    "item": STR, "phase": STR, "recipient": STR, "subject": STR, "post": INT, "author": STR,
    "slot": STR, "by_recipient": BOOL, "after_public": BOOL, "matched": INT, "shingles": INT,
    "score": FLOAT, "why": STR,
}
MENTION_COLUMNS: dict[str, str] = {
    "item": STR, "source": STR, "phase": STR, "recipient": STR, "subject": STR, "post": INT,
    "author": STR, "slot": STR, "time": TIME, "matched": STR, "score": FLOAT, "why": STR,
}

_WORD = re.compile(r"[^\W_]+")
# words that carry no fact: pronouns, prepositions, particles, auxiliaries (Russian and
# English), compared after folding; a private text's remaining words are its content
_STOP = """
a an the and or but of to in on at by for with from as is are was were be been being it its
this that these those you your yours he she they them his her their we our i me my not no
yes do does did have has had will would can could shall should may might so if then than
there here what who whom which when where how all any some one
и или но а в во на с со к ко по за из у о об от до для при без над под про через же ли бы
не ни да нет это этот эта эти тот та те то так как что кто чей где когда вы вас вам вами
ваш ваша ваше ваши вашего вашей вашу вашим вашими вашем ты тебя тебе твой твоя твое мы нас
нам наш он она оно они его ее их ему ей им ими нем ней них я меня мне мой моя мое свой
своя свое свои своего своей свою был была было были быть есть будет всю весь вся все
"""
STOPWORDS = frozenset(_STOP.split())


def words(text: str) -> list[str]:
    """The words of `text` in order: runs of letters and digits, case-folded, ё as е."""
    return _WORD.findall(text.casefold().replace("ё", "е"))


def shingles(seq: Sequence[str], k: int) -> set[tuple[str, ...]]:
    """Every run of `k` consecutive words of `seq` (none when `seq` is shorter than `k`)."""
    return {tuple(seq[i:i + k]) for i in range(len(seq) - k + 1)}


def content_words(text: str, *, skip: Iterable[str] = ()) -> list[str]:
    """The words of `text` that carry a fact, in order of first use, each once: at least 3
    letters, no digits only, not a stop word, not in `skip` (folded words, e.g. names)."""
    skipped = set(skip)
    out: list[str] = []
    for w in words(text):
        if len(w) >= 3 and not w.isdigit() and w not in STOPWORDS and w not in skipped \
                and w not in out:
            out.append(w)
    return out


def name_keys(log: GameLog, slot_id: str) -> list[tuple[int, frozenset[str]]]:
    """The names a slot goes by (id, in-game name, every nick, aliases), each as (its number
    of words, its lemma keys): `names_in` finds them in a post."""
    slot = log.slot(slot_id)
    out: dict[int, set[str]] = {}
    for name in {slot.id, slot.ingame_name or "", *slot.nicks, *slot.aliases}:
        n = len(words(name))
        if n:
            out.setdefault(n, set()).update(lemma_keys(name))
    return sorted((n, frozenset(keys)) for n, keys in out.items())


def names_in(post_words: Sequence[str], names: Sequence[tuple[int, frozenset[str]]]) -> bool:
    """Whether a run of the post's words folds to one of the names (a name of n words
    against every n consecutive words, each word by its Russian lemmas)."""
    for n, keys in names:
        for i in range(len(post_words) - n + 1):
            run = [""]
            for w in post_words[i:i + n]:
                run = [r + f for r in run for f in lemmas(w)]
            if keys.intersection(run):
                return True
    return False


@dataclass(frozen=True)
class PrivateItem:
    """One piece of private information. `item`: its key ("N1#0": the first private result
    published for night 1; "role:X": slot X's role). `private_post` None: known from the
    start of the thread (roles) or the phase's end is unknown."""

    item: str
    source: Source
    phase: str | None
    recipient: str
    subject: str | None
    ability: str | None
    kind: str
    text: str
    private_post: int | None
    private_time: datetime | None
    public_post: int | None
    public_time: datetime | None
    public_how: PublicHow | None


def _result_text(res: PrivateResult) -> str:
    """The words the recipient was told: the GM's words (`result["text"]`), else the raw
    line, else the result's values ("side mafia")."""
    text = res.result.get("text")
    if isinstance(text, str) and text.strip():
        return text
    if res.raw.strip():
        return res.raw
    return " ".join(f"{k} {v}" for k, v in sorted(res.result.items()))


def _phase_end(log: GameLog, key: str, times: Mapping[int, datetime | None]) \
        -> tuple[int | None, datetime | None]:
    for ph in log.phases:
        if ph.key == key and ph.end is not None:
            time = ph.end.time or (times.get(ph.end.post) if ph.end.post is not None else None)
            return ph.end.post, time
    return None, None


def _contains(hay: Sequence[str], needle: Sequence[str]) -> bool:
    n = len(needle)
    return any(list(hay[i:i + n]) == list(needle) for i in range(len(hay) - n + 1))


def private_items(log: GameLog, *, roles: bool = True, min_words: int = 3) \
        -> list[PrivateItem]:
    """The registry as records; see `private_registry` for the definition."""
    times = {p.number: p.time for p in log.posts}
    gm_posts: list[Post] = [p for p in log.posts if p.gm]
    revealed: dict[str, int] = {}  # slot -> first post announcing its death with its role
    for pub in log.published.phases:
        for d in pub.deaths:
            if (d.revealed_role or d.revealed_faction) and d.source.post is not None:
                revealed[d.slot] = min(revealed.get(d.slot, d.source.post), d.source.post)
    victory = log.published.victory
    end = victory.source.post if victory is not None and victory.source is not None else None

    def public(subject: str | None, text: str | None, after: int | None) \
            -> tuple[int | None, PublicHow | None]:
        found: list[tuple[int, PublicHow]] = []
        if subject is not None and subject in revealed:
            found.append((revealed[subject], "death-revealed"))
        said = words(text) if text is not None else []
        if len(said) >= min_words:
            for p in gm_posts:
                if (after is None or p.number >= after) and _contains(words(p.text), said):
                    found.append((p.number, "gm-post"))
                    break
        if end is not None:
            found.append((end, "game-end"))
        if not found:
            return None, None
        return min(found)

    items: list[PrivateItem] = []
    for pub in sorted(log.published.phases, key=lambda x: phase_sort_key(x.phase)):
        at, when = _phase_end(log, pub.phase, times)
        for i, res in enumerate(pub.private):
            text = _result_text(res)
            post, how = public(res.subject, text, at)
            items.append(PrivateItem(f"{pub.phase}#{i}", "result", pub.phase, res.recipient,
                                     res.subject, res.ability, res.kind, text, at, when, post,
                                     times.get(post) if post is not None else None, how))
    if roles:
        for slot in log.players:
            role = slot.role_name or slot.role
            if not role:
                continue
            post, how = public(slot.id, None, None)
            items.append(PrivateItem(f"role:{slot.id}", "role", None, slot.id, slot.id, None,
                                     "role", role, None, None, post,
                                     times.get(post) if post is not None else None, how))
    return items


def private_registry(log: GameLog, *, roles: bool = True, min_words: int = 3) -> pd.DataFrame:
    """Every piece of private information of the game, one row each (`REGISTRY_COLUMNS`),
    in the order of the phases, then as published; roles last, by slot.

    - a private result (`log.published.phases[*].private`, source "result"): `recipient`
      learnt `text` (the GM's words `result["text"]`, else the raw line, else the values)
      about `subject`. It became private at the end of its phase (`private_post`,
      `private_time`: the phase's end boundary, for a night the morning post; the
      boundary's time, else its post's; both null when the log has no end for the phase).
    - a role (source "role", with `roles`): each slot knows its own role (`role_name`,
      else `role`) from before the first post: `private_post` null; recipient and subject
      are the slot. Slots with no role are left out.

    It became public (`public_post`, `public_time`, `public_how`) at the earliest of:
    "death-revealed", the first post announcing the subject's death with a revealed role or
    faction (`Death.source.post`; an item without a subject never); "gm-post" (results
    only), the first GM post at or after `private_post` whose words hold the text's words
    in a row (texts of at least `min_words` words; shorter ones are too common to tell);
    "game-end", the post announcing the victory. Null when none applies: never public in
    the record. A public post before the private one means it was public already."""
    rows = [vars(it) for it in private_items(log, roles=roles, min_words=min_words)]
    return typed_frame(rows, REGISTRY_COLUMNS)


def _author_slot(post: Post) -> str:
    return post.slot if post.slot is not None else post.author


def _at(post: int | None) -> str:
    return f"post {post}" if post is not None else "the start"


def verbatim_copies(log: GameLog, *, k: int = 5, min_words: int = 3,
                    items: Sequence[PrivateItem] | None = None) -> pd.DataFrame:
    """Posts that copy the words of a private result (`COPY_COLUMNS`), one row per (result,
    post) with at least one shingle in common.

    A result's text (the registry's `text`, see `private_registry`) is cut into shingles:
    every `k` consecutive words (`private_info.words`: case-folded, punctuation dropped); a
    text of fewer than `k` but at least `min_words` words is one shingle of all its words;
    shorter texts are left out (too common to tell). A post's own words (`Post.text`,
    quotes left out) are cut the same way. `matched` is the number of the result's
    shingles found in the post, `shingles` the result's number; score = matched /
    shingles (1: every run of the text is in the post). Posts considered: not the GM's,
    after `private_post` (any post when unknown). `by_recipient`: the post is the
    recipient's own (a claim, still listed); `after_public`: at or after `public_post`.
    Order: not after_public first, score descending, post, item."""
    rows: list[dict[str, object]] = []
    posts = [p for p in log.posts if not p.gm]
    cut: dict[tuple[int, int], set[tuple[str, ...]]] = {}
    for it in items if items is not None else private_items(log, roles=False):
        if it.source != "result":
            continue
        said = words(it.text)
        size = k if len(said) >= k else len(said)
        if size < min_words:
            continue
        mine = shingles(said, size)
        for p in posts:
            if it.private_post is not None and p.number <= it.private_post:
                continue
            if (p.number, size) not in cut:
                cut[(p.number, size)] = shingles(words(p.text), size)
            found = len(mine & cut[(p.number, size)])
            if not found:
                continue
            after = it.public_post is not None and p.number >= it.public_post
            rows.append({
                "item": it.item, "phase": it.phase, "recipient": it.recipient,
                "subject": it.subject, "post": p.number, "author": p.author,
                "slot": p.slot, "by_recipient": p.slot == it.recipient, "after_public": after,
                "matched": found, "shingles": len(mine), "score": found / len(mine),
                "why": f"{found} of {len(mine)} runs of {size} words of {it.recipient}'s "
                       f"private result ({it.item}, private since {_at(it.private_post)}) "
                       f"in {p.author}'s post {p.number}"
                       + (" (the recipient's own)" if p.slot == it.recipient else "")
                       + (" after it was public" if after else "")})
    df = typed_frame(rows, COPY_COLUMNS)
    return df.sort_values(["after_public", "score", "post", "item"],
                          ascending=[True, False, True, True], ignore_index=True)


def _post_names(post_words: Sequence[str], sizes: set[int]) -> set[str]:
    """Every name key a run of the post's words folds to (runs of the given sizes)."""
    out: set[str] = set()
    for n in sizes:
        for i in range(len(post_words) - n + 1):
            run = [""]
            for w in post_words[i:i + n]:
                run = [r + f for r in run for f in lemmas(w)][:256]
            out.update(run)
    return out


def fact_mentions(log: GameLog, *, roles: bool = True,
                  items: Sequence[PrivateItem] | None = None) -> pd.DataFrame:
    """Posts naming a private fact's subject together with what was learnt about it, by
    someone who was not told it, while it was private (`MENTION_COLUMNS`).

    For each registry item with a subject (`private_registry`; roles too with `roles`):
    its fact words are `private_info.content_words` of its text, names of slots left out
    (a role "corrupt-goon" gives corrupt, goon). A post mentions the item when (1) one of
    the subject's names (`private_info.name_keys`: id, in-game name, nicks, aliases) is a
    run of the post's words, compared by Russian lemmas (pymorphy3), and (2) at least one
    fact word's lemmas meet a lemma of a post word. Posts considered: not the GM's, not by
    the recipient or the subject, after `private_post` (any when unknown) and before
    `public_post` (any when never public). score = fact words found / fact words;
    `matched` lists them. Order: score descending, post, item."""
    rows: list[dict[str, object]] = []
    skip = {w for s in log.players for n in (s.id, s.ingame_name or "", *s.nicks, *s.aliases)
            for w in words(n)}
    posts = [p for p in log.posts if not p.gm]
    phases = post_phases(log)
    seen: dict[int, tuple[list[str], set[str]]] = {}

    for it in items if items is not None else private_items(log, roles=roles):
        if it.subject is None or (it.source == "role" and not roles):
            continue
        facts = content_words(it.text, skip=skip)
        if not facts:
            continue
        names = name_keys(log, it.subject)
        keys = frozenset().union(*(k for _, k in names))
        sizes = {n for n, _ in names}
        for p in posts:
            if _author_slot(p) in (it.recipient, it.subject) \
                    or (it.private_post is not None and p.number <= it.private_post) \
                    or (it.public_post is not None and p.number >= it.public_post):
                continue
            if p.number not in seen:
                ws = words(p.text)
                seen[p.number] = (ws, {f for w in ws for f in lemmas(w)})
            ws, post_lemmas = seen[p.number]
            found = [f for f in facts if lemmas(f) & post_lemmas]
            if not found or not keys & _post_names(ws, sizes):
                continue
            rows.append({
                "item": it.item, "source": it.source, "phase": it.phase,
                "recipient": it.recipient, "subject": it.subject, "post": p.number,
                "author": p.author, "slot": p.slot, "time": p.time,
                "matched": ", ".join(found), "score": len(found) / len(facts),
                "why": f"{p.author} names {it.subject} with {', '.join(found)} "
                       f"({len(found)} of {len(facts)} words of {it.recipient}'s "
                       f"{'role' if it.source == 'role' else 'private result ' + it.item}) "
                       f"in post {p.number} ({phases.get(p.number) or 'no phase'}), "
                       f"before it was public"
                       + (f" (post {it.public_post})" if it.public_post is not None else "")})
    df = typed_frame(rows, MENTION_COLUMNS)
    return df.sort_values(["score", "post", "item"], ascending=[False, True, True],
                          ignore_index=True)
