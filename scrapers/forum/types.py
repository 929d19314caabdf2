"""What the reading stages hand each other: pages, page context, posts found on a page."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, tzinfo

from engine.gamelog import Avatar, EditMarker, ParseIssue, Quote, Where
from engine.gamelog.issues import Severity


@dataclass
class Page:
    """One saved page, decoded, with what is known of where and when it was saved."""

    name: str  # file name inside the archive or folder, never a machine path
    text: str  # decoded HTML (Wayback toolbar removed)
    size: int  # bytes as read
    sha256: str
    encoding: str
    url: str | None = None  # the page's original address, when known
    captured_at: datetime | None = None  # Wayback capture or save time (aware)
    captured_from: str | None = None  # how captured_at was found: wayback | saved-comment | mtime
    wayback: bool = False
    issues: list[ParseIssue] = field(default_factory=list)


@dataclass
class PageContext:
    """What an adapter needs besides the markup: the clock to read times in."""

    name: str
    timezone: tzinfo
    captured_at: datetime | None  # anchor for "Сегодня" / "Yesterday"; never now
    issues: list[ParseIssue] = field(default_factory=list)
    base_url: str | None = None  # to resolve relative links (avatars): page URL or <base>
    plain: str = ""  # the page's text, whitespace collapsed (computed once per page)

    def issue(self, severity: Severity, code: str, message: str, text: str | None = None,
              post: int | None = None) -> None:
        self.issues.append(ParseIssue(
            severity=severity, code=code, where=Where(file=self.name, post=post),
            message=message, text=text))


@dataclass
class PageInfo:
    """Facts about the page as a whole."""

    engine: str  # engine and variant, e.g. "phpbb3-prosilver", "vbulletin3"
    thread_id: str | None = None
    thread_title: str | None = None
    page_number: int | None = None  # 1-based page of the thread
    page_count: int | None = None
    base_url: str | None = None


@dataclass
class ForumPost:
    """One post as found on one page, body normalised (see `scrapers.forum.markup`)."""

    page: str  # page name
    order: int  # position on the page, from 0
    post_id: str | None
    number: int | None  # the number the forum shows, if it shows one
    author: str
    author_id: str | None
    time: datetime | None
    time_raw: str | None
    html: str
    text: str
    quotes: list[Quote] = field(default_factory=list)
    edit: EditMarker | None = None
    avatar: Avatar | None = None
    deleted: bool = False
    # the time as the page prints it, when `time_raw` was read from an attribute
    # (<time datetime>, a title) or taken out of a longer line: what a reader sees
    time_text: str | None = None
    # how the post was read when no engine family's reader did: "generic" (the generic
    # reader, `scrapers.forum.generic`, found it by the page's repeated structure: a
    # reading to check); None for a family's reader
    read_by: str | None = None


@dataclass
class ParsedPage:
    info: PageInfo
    posts: list[ForumPost]
    issues: list[ParseIssue] = field(default_factory=list)
    # the posts the page carries, counted by their anchors without the adapter's selector
    # (`scrapers.forum.census`); None: no census for this engine variant, or no page read
    census: int | None = None
    not_read: int = 0  # of them, posts the adapter did not read (reported `posts-not-read`)
