"""Information leaks (issue 8): each a ranked table of posts or votes to review, never a
verdict. Higher `score` first; `why` says in words what was found. Here: votes moved soon
after a private result, posts by dead players, hidden text, out-of-thread channels; the
private words found in posts (`verbatim_copies`, `fact_mentions`) are with the registry in
`toolkit.metrics.private_info`, the GM's side in `toolkit.metrics.gm_audit`.

What is private and when it became public is `private_info`'s registry; the day's standing
votes are the day engine's (`toolkit.daycount.count_all`). Posts of the GM (`Post.gm`) are
never candidates."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

import lxml.html
import pandas as pd
from lxml import etree

from engine.gamelog import GameLog
from engine.gamelog.base import phase_sort_key
from scrapers.forum.colors import normalise_color, style_color
from toolkit.daycount import count_all
from toolkit.frames import FLOAT, INT, POST_GAME, STR, TIME, post_phases, typed_frame
from toolkit.metrics.private_info import PrivateItem, private_items, words

SWITCH_COLUMNS: dict[str, str] = {
    "item": STR, "day": INT, "voter": STR, "subject": STR, "direction": STR, "post": INT,
    "time": TIME, "private_time": TIME, "delay_hours": FLOAT, "score": FLOAT, "why": STR,
}
DEAD_COLUMNS: dict[str, str] = {
    "post": INT, "author": STR, "slot": STR, "phase": STR, "time": TIME, "death_post": INT,
    "words": INT, "score": FLOAT, "why": STR,
}


def vote_switches(log: GameLog, *, window_hours: float = 24.0,
                  rulings: Mapping[str, str] | None = None,
                  items: Sequence[PrivateItem] | None = None) -> pd.DataFrame:
    """Votes the recipient of a private result moved onto or off its subject soon after
    (`SWITCH_COLUMNS`).

    The standing votes are the day engine's (`DayResult.standings`, every day counted
    under the log's rulings and `rulings`). For each private result with a subject other
    than its recipient and a known `private_time`: every post of a day where the
    recipient's standing target changes (no vote counts as no target) from not the subject
    to the subject ("onto") or from the subject to anything else, an unvote included
    ("off"), with the post after `private_post` and its time in [private_time,
    private_time + window_hours]. delay_hours = post time - private_time; score = 1 -
    delay_hours / window_hours (1: at once; 0: at the window's end). Posts without a time
    are left out. Order: score descending, post, item."""
    window = timedelta(hours=window_hours)
    chosen = [it for it in (items if items is not None else private_items(log, roles=False))
              if it.source == "result" and it.subject is not None
              and it.subject != it.recipient and it.private_time is not None]
    if not chosen:  # nothing to look for: spare the day counts
        return typed_frame([], SWITCH_COLUMNS)
    times = {p.number: p.time for p in log.posts}
    changes: list[tuple[int, str, int, str | None, str | None]] = []  # day, voter, post, old, new
    for day in count_all(log, rulings=rulings):
        before: dict[str, tuple[str, int]] = {}
        for post, standing in day.standings:
            for voter in sorted(set(before) | set(standing)):
                old = before.get(voter, (None, 0))[0]
                new = standing.get(voter, (None, 0))[0]
                if old != new:
                    changes.append((day.day, voter, post, old, new))
            before = standing
    rows: list[dict[str, object]] = []
    for it in chosen:
        assert it.private_time is not None  # chosen above
        start: datetime = it.private_time
        for number, voter, post, old, new in changes:
            when = times.get(post)
            if voter != it.recipient or when is None or not start <= when <= start + window \
                    or (it.private_post is not None and post <= it.private_post):
                continue
            if new == it.subject:
                direction = "onto"
            elif old == it.subject:
                direction = "off"
            else:
                continue
            delay = (when - start).total_seconds() / 3600
            rows.append({
                "item": it.item, "day": number, "voter": voter, "subject": it.subject,
                "direction": direction, "post": post, "time": when,
                "private_time": start, "delay_hours": delay,
                "score": 1 - delay / window_hours,
                "why": f"{voter} moved their vote {direction} {it.subject} in post {post}, "
                       f"{delay:.1f} h after their private result about {it.subject} "
                       f"({it.item}: {it.text[:60]})"})
    df = typed_frame(rows, SWITCH_COLUMNS)
    return df.sort_values(["score", "post", "item"], ascending=[False, True, True],
                          ignore_index=True)


def dead_posts(log: GameLog) -> pd.DataFrame:
    """Posts by players the GM had announced dead (`DEAD_COLUMNS`).

    A post (not the GM's, by a slot) in phase P (`toolkit.frames.post_phases`) is by a dead
    player when its slot is in `GameLog.announced_out(P)` (announced dead in a phase
    before P and not resurrected since), or its death published for P itself was announced
    in an earlier post (a day-kill, a death in the morning post). Posts in no phase and
    posts after the game's end (`POST_GAME`: the last phase's end, or the victory's post)
    are left out: the dead may talk once the game is over. `death_post`: the post
    of the slot's last death announcement before the post (null when the record gives none).
    score = words / (words + 10), words of the post's own text (a "gg" scores 0.09, 30
    words 0.75). Order: score descending, post."""
    phases = post_phases(log)
    victory = log.published.victory
    end = victory.source.post if victory is not None and victory.source is not None else None
    announced: dict[str, list[tuple[tuple[int, int], int | None]]] = {}
    for pub in log.published.phases:
        for d in pub.deaths:
            announced.setdefault(d.slot, []).append((phase_sort_key(pub.phase), d.source.post))
    out_cache: dict[str, set[str]] = {}
    rows: list[dict[str, object]] = []
    for p in log.posts:
        phase = phases.get(p.number)
        if p.gm or p.slot is None or phase is None or phase == POST_GAME \
                or (end is not None and p.number > end):
            continue
        if phase not in out_cache:
            out_cache[phase] = log.announced_out(phase)
        here = phase_sort_key(phase)
        deaths = announced.get(p.slot, [])
        now = any(key == here and post is not None and post < p.number for key, post in deaths)
        if p.slot not in out_cache[phase] and not now:
            continue
        earlier = [post for key, post in deaths if post is not None and post < p.number
                   and key <= here]
        n = len(words(p.text))
        rows.append({
            "post": p.number, "author": p.author, "slot": p.slot, "phase": phase,
            "time": p.time, "death_post": max(earlier) if earlier else None, "words": n,
            "score": n / (n + 10),
            "why": f"{p.author} ({p.slot}) posts {n} words in {phase} after being announced "
                   "dead" + (f" in post {max(earlier)}" if earlier else "")})
    df = typed_frame(rows, DEAD_COLUMNS)
    return df.sort_values(["score", "post"], ascending=[False, True], ignore_index=True)


# out-of-thread channels: label -> pattern (case-insensitive, whole words)
CHANNEL_TERMS: dict[str, str] = {
    "private-message": r"лс|л\.с\.|личк\w*|личн\w*\s+сообщени\w*|в\s+привате|приват\w*"
                       r"|pms?|dms?|private\s+messages?|in\s+private",
    "discord": r"discord|дискорд\w*",
    "telegram": r"telegram|телеграм\w*|телег[аиеу]|тг|tg",
    "skype": r"skype|скайп\w*",
    "whatsapp": r"whats\s?app|ватсап\w*|вотсап\w*",
    "vk": r"вконтакте|вк|vk",
    "icq": r"icq|аськ\w*",
    "irc": r"irc",
    "phone": r"sms|смс|телефон\w*|phone",
    "email": r"e-?mail|емейл\w*|имейл\w*",
}


HIDDEN_COLUMNS: dict[str, str] = {
    "post": INT, "author": STR, "slot": STR, "phase": STR, "kind": STR, "text": STR,
    "score": FLOAT, "why": STR,
}
CHANNEL_COLUMNS: dict[str, str] = {
    "post": INT, "author": STR, "slot": STR, "phase": STR, "time": TIME, "terms": STR,
    "found": STR, "mentions": INT, "score": FLOAT, "why": STR,
}
# how much each way of hiding text weighs: invisible text first, spoilers (a common,
# legitimate way to fold long text) last
HIDDEN_WEIGHTS: dict[str, float] = {
    "hidden": 1.0, "background-color": 0.9, "tiny-font": 0.8, "spoiler": 0.2}
_FONT_SIZE = re.compile(r"font-size\s*:\s*([0-9.]+)\s*(px|pt|em|rem|%)?", re.I)


def _rgb(color: str) -> tuple[int, int, int]:
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def _hiding(el: lxml.html.HtmlElement, background: Sequence[str], tolerance: int,
            tiny_px: float) -> str | None:
    """The way this element hides its text, if any (`HIDDEN_WEIGHTS`' kinds)."""
    classes = set((el.get("class") or "").lower().split())
    style = (el.get("style") or "").lower().replace(" ", "")
    if _folded(el):
        return "spoiler"
    if "mk-hidden" in classes or "display:none" in style or "visibility:hidden" in style \
            or el.get("hidden") is not None:
        return "hidden"
    color = el.get("data-color") if "mk-color" in classes else None
    color = color or (el.get("color") if el.tag == "font" else None) or style_color(style)
    color = normalise_color(color) if color else None
    if color is not None and len(color) == 7 and any(
            max(abs(a - b) for a, b in zip(_rgb(color), _rgb(bg), strict=True)) <= tolerance
            for bg in background):
        return "background-color"
    size = _FONT_SIZE.search(style)
    if size is not None:
        value, unit = float(size[1]), (size[2] or "px").lower()
        px = value * {"px": 1.0, "pt": 4 / 3, "em": 16.0, "rem": 16.0, "%": 0.16}[unit]
        if px <= tiny_px:
            return "tiny-font"
    if el.tag == "font" and (el.get("size") or "").strip() in ("0", "-3", "-4"):
        return "tiny-font"
    return None


def _folded(el: lxml.html.HtmlElement) -> bool:
    """A spoiler's body: the element or an ancestor has a class naming a spoiler
    ("mk-spoiler", phpBB's "quotecontent"), or follows a show/hide button (mafiascum's
    spoiler: a title with an `<input type="button">`, then the body styled display:none)."""
    for a in (el, *el.iterancestors()):
        classes = (a.get("class") or "").lower()
        if "spoiler" in classes or "quotecontent" in classes:
            return True
        before = a.getprevious()
        if before is not None and isinstance(before.tag, str) and (
                before.tag == "input" or "quotetitle" in (before.get("class") or "")
                or before.find(".//input") is not None):
            return True
    return False


def hidden_text(log: GameLog, *, background: Sequence[str] = ("#ffffff",),
                tolerance: int = 24, tiny_px: float = 4.0) -> pd.DataFrame:
    """Text hidden in posts (`HIDDEN_COLUMNS`), one row per (post, kind).

    Each element of a post's `html` (not the GM's; quoted text, inside a `blockquote`, is
    someone else's and left out) hides its text when it is:
    "hidden": class `mk-hidden` (the scrapers' mark), style display:none or
    visibility:hidden, or the `hidden` attribute; "background-color": its colour
    (`mk-color`'s data-color, `<font color>`, style color) is within `tolerance` of a
    `background` colour on every channel (0-255); "tiny-font": style font-size at most
    `tiny_px` pixels (pt x 4/3, em and rem x 16, % x 0.16) or `<font size>` 0, -3 or -4;
    "spoiler" (checked first: hidden text inside a spoiler is the spoiler's folding): the
    element or an ancestor has a class holding "spoiler" or "quotecontent", or follows a
    show/hide button (`_folded`). An element counts under its first kind in the order
    spoiler, hidden, background-color, tiny-font, only when it holds text, and not when an
    ancestor counted already. `text`: the texts of that kind joined by " | ". score = the
    kind's weight (`HIDDEN_WEIGHTS`).
    Order: score descending, post, kind."""
    phases = post_phases(log)
    bg = [c for c in (normalise_color(b) for b in background) if c is not None]
    rows: list[dict[str, object]] = []
    for p in log.posts:
        if p.gm or not p.html.strip():
            continue
        try:
            root = lxml.html.fragment_fromstring(p.html, create_parent="div")
        except (etree.ParserError, ValueError):
            continue
        found: dict[str, list[str]] = {}
        counted: set[lxml.html.HtmlElement] = set()
        for el in root.iter():
            if not isinstance(el.tag, str) or any(
                    a in counted or a.tag == "blockquote" for a in el.iterancestors()):
                continue
            kind = _hiding(el, bg, tolerance, tiny_px)
            text = " ".join(el.text_content().split())
            if kind is not None and text:
                found.setdefault(kind, []).append(text)
                counted.add(el)
        for kind, texts in found.items():
            rows.append({
                "post": p.number, "author": p.author, "slot": p.slot,
                "phase": phases.get(p.number), "kind": kind, "text": " | ".join(texts),
                "score": HIDDEN_WEIGHTS[kind],
                "why": f"{p.author}'s post {p.number} holds {len(texts)} piece(s) of text "
                       f"hidden by {kind}: {' | '.join(texts)[:80]}"})
    df = typed_frame(rows, HIDDEN_COLUMNS)
    return df.sort_values(["score", "post", "kind"], ascending=[False, True, True],
                          ignore_index=True)


def channel_mentions(log: GameLog, *,
                     terms: Mapping[str, str] = CHANNEL_TERMS) -> pd.DataFrame:
    """Posts mentioning a way to talk outside the thread (`CHANNEL_COLUMNS`).

    Each pattern of `terms` (label -> regular expression; default `CHANNEL_TERMS`: private
    messages «лс», «личка», PM, DM; Discord; Telegram «тг»; Skype; WhatsApp; VK; ICQ; IRC;
    phone and SMS; e-mail) is matched case-insensitively as whole words in a post's own
    text (`Post.text`: quotes left out), posts of the GM left out. mentions = the number
    of matches, all terms together; score = 1 - 0.5 ** mentions (one 0.5, two 0.75).
    `terms`: the labels found, `found`: the words as written. Order: score descending,
    post."""
    patterns = [(label, re.compile(rf"(?<![^\W_])(?:{rx})(?![^\W_])", re.I))
                for label, rx in sorted(terms.items())]
    phases = post_phases(log)
    rows: list[dict[str, object]] = []
    for p in log.posts:
        if p.gm:
            continue
        hits = [(label, m.group(0)) for label, rx in patterns for m in rx.finditer(p.text)]
        if not hits:
            continue
        labels = sorted({label for label, _ in hits})
        said = ", ".join(dict.fromkeys(w for _, w in hits))
        rows.append({
            "post": p.number, "author": p.author, "slot": p.slot,
            "phase": phases.get(p.number), "time": p.time, "terms": ", ".join(labels),
            "found": said, "mentions": len(hits), "score": 1 - 0.5 ** len(hits),
            "why": f"{p.author} mentions {', '.join(labels)} ({said}) in post {p.number}"})
    df = typed_frame(rows, CHANNEL_COLUMNS)
    return df.sort_values(["score", "post"], ascending=[False, True], ignore_index=True)
