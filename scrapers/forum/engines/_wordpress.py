"""What the WordPress forum plugins (bbPress, wpForo, Simple:Press, Asgaros Forum) share.

Every page of these plugins is also a WordPress page: the generator meta "WordPress", assets
under /wp-content/, an `<article id="post-N">` of the theme around the forum. Those markers
say only "WordPress" (a blog's comment list carries them as well), so they weigh little and
no family claims a page on them: each plugin's `detect` demands its own post markup.

What else the plugins share and is read here:
- relative times ("3 weeks ago", "2 days, 4 hours ago"): WordPress's `human_time_diff` and
  bbPress's `bbp_get_time_since` write them, themes and plugin options print them instead of
  the date. They are read against the page's capture time; a DOM dump has none, and then the
  capture time is estimated from a post whose absolute time the page also states (the
  topic's `datePublished`, which SEO plugins write in the head) and whose age it prints;
- `<br>` between a date and its time in one element ("August 31, 2011<br>9:59 am"), which an
  element's text would run together;
- quotes that name only the quoted post's id (the author is that post's, when it is on the
  page).
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from lxml import etree

from engine.gamelog import EditMarker
from scrapers.forum.dates import from_iso
from scrapers.forum.markup import Selector, flat_text, select
from scrapers.forum.signals import Signal, asset, generator
from scrapers.forum.spec import parse_edit
from scrapers.forum.types import ForumPost, PageContext

# weak on purpose: every WordPress site carries them, forum or not
WORDPRESS_SIGNALS: tuple[Signal, ...] = (
    generator("WordPress", 0.5),
    asset(r"/wp-content/", 0.5),
)

_UNIT = r"(second|sec|minute|min|hour|hr|day|week|month|year)s?"
_COUNT = r"(\d+|an?|one)"
_AGO = re.compile(rf"\b{_COUNT}\s+{_UNIT}(?:\s*,?\s*(?:and\s+)?{_COUNT}\s+{_UNIT})?\s+ago\b",
                  re.I)
_SECONDS = {"second": 1, "sec": 1, "minute": 60, "min": 60, "hour": 3600, "hr": 3600,
            "day": 86400, "week": 7 * 86400, "month": 30 * 86400, "year": 365 * 86400}
# the Russian translations ("1 день, 2 часа назад", "3 недели назад"), by the word's stem
_RU_UNIT = r"(секунд|минут|час|дн|день|недел|месяц|год|лет)[а-яё]*"
_RU_AGO = re.compile(rf"(\d+)\s+{_RU_UNIT}(?:\s*,?\s*(?:и\s+)?(\d+)\s+{_RU_UNIT})?\s+назад",
                     re.I)
_RU_SECONDS = {"секунд": 1, "минут": 60, "час": 3600, "дн": 86400, "день": 86400,
               "недел": 7 * 86400, "месяц": 30 * 86400, "год": 365 * 86400, "лет": 365 * 86400}


def _amount(count: str) -> int:
    return int(count) if count.isdigit() else 1


def age(text: str) -> timedelta | None:
    """How long ago a relative time says ("3 weeks ago", "1 year, 2 months ago", "an hour
    ago", "1 день, 2 часа назад"); None when the text is not one. Months are 30 days,
    years 365."""
    for rx, units in ((_AGO, _SECONDS), (_RU_AGO, _RU_SECONDS)):
        m = rx.search(text)
        if m is None:
            continue
        seconds = _amount(m[1]) * units[m[2].lower()]
        if m[3]:
            seconds += _amount(m[3]) * units[m[4].lower()]
        return timedelta(seconds=seconds)
    return None


_PUBLISHED = (
    re.compile(r"<meta\s[^>]*property=[\"']article:published_time[\"'][^>]*content=[\"']"
               r"([^\"']+)"),
    re.compile(r"\"datePublished\"\s*:\s*\"([^\"]+)\""),
)


def published(text: str, ctx: PageContext) -> datetime | None:
    """The time the page's WordPress object (the topic) was published, as the head states it
    for search engines (Yoast and other SEO plugins), or None."""
    for rx in _PUBLISHED:
        m = rx.search(text[:300_000])
        if m:
            dt = from_iso(m[1], ctx.timezone)
            if dt is not None:
                return dt
    return None


def relative_times(posts: list[ForumPost], ctx: PageContext, *,
                   lead_published: datetime | None = None) -> None:
    """Give the posts whose time is a relative one ("2 weeks ago") an absolute time: the
    capture time less their age. Without a capture time, when the first post is the topic's
    own and `lead_published` is its time, the capture time is estimated as that time plus
    the first post's age (as exact as the unit printed: "3 weeks" may be 2.5 to 3.5)."""
    todo = [(p, a) for p in posts if p.time is None and p.time_raw
            and (a := age(p.time_raw)) is not None]
    if not todo:
        return
    anchor = ctx.captured_at
    how = "the page's capture time"
    if anchor is None and lead_published is not None and posts:
        lead_age = age(posts[0].time_raw or "") if posts[0].time is None else None
        if lead_age is not None:
            anchor = lead_published + lead_age
            how = (f"a capture time estimated from the topic's publication "
                   f"({lead_published.isoformat()}) and the first post's age")
    if anchor is None:
        return
    anchor = anchor.astimezone(ctx.timezone)
    for post, ago in todo:
        post.time = anchor - ago
    # the time_raw warnings parse_with_spec gave these posts no longer hold
    fixed = {f"post {p.post_id}:" for p, _ in todo}
    ctx.issues[:] = [i for i in ctx.issues if not (
        i.code == "bad-time" and any(i.message.startswith(f) for f in fixed))]
    ctx.issue("info", "relative-times",
              f"{len(todo)} relative post times (\"2 weeks ago\") read against {how}; "
              "they are as exact as the unit the page prints")


def break_spaces(root: etree._Element, sel: Selector) -> None:
    """A space for each `<br>` inside the elements `sel` finds, so that "August 31, 2011<br>
    9:59 am" reads as two words."""
    for el in select(sel, root):
        for br in el.iter("br"):
            br.tail = " " + (br.tail or "")


def quoted_authors(posts: list[ForumPost]) -> None:
    """A quote that names only the quoted post (its id) gets that post's author, when the
    post is on the page."""
    by_id = {p.post_id: p.author for p in posts if p.post_id}
    for post in posts:
        if any(q.author is None and q.post_id in by_id for q in post.quotes):
            post.quotes = [q.model_copy(update={"author": by_id[q.post_id]})
                           if q.author is None and q.post_id in by_id else q
                           for q in post.quotes]


def drop_issues(ctx: PageContext, code: str, posts: list[ForumPost]) -> None:
    """Take back the `code` warnings parse_with_spec gave the posts in `posts` (a deleted
    post's placeholder has no body by design)."""
    heads = {f"post {p.post_id} " for p in posts}
    ctx.issues[:] = [i for i in ctx.issues if not (
        i.code == code and any(i.message.startswith(h) for h in heads))]


def edit_marker(el: etree._Element, ctx: PageContext, *, count: int | None = None,
                raw: str | None = None) -> EditMarker:
    """An edit notice of these plugins ("This post was modified 2 days ago by <a>Kent</a>",
    "Last edited on <date> by Kent"): the editor is the notice's last profile link when it
    has one (a name may end in a dot or hold a space), else what `parse_edit` reads; a
    relative time is read against the capture time."""
    text = flat_text(el)
    marker = parse_edit(text, ctx, day_first=False)
    update: dict[str, object] = {"raw": raw or text}
    links = [flat_text(a) for a in el.iter("a")]
    if links and links[-1]:
        update["editor"] = links[-1]
    ago = age(text)
    if marker.time is None and ago is not None and ctx.captured_at is not None:
        update["time"] = ctx.captured_at.astimezone(ctx.timezone) - ago
    if count is not None:
        update["count"] = count
    return marker.model_copy(update=update)
