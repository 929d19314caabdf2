"""Posts of the thread: every post found in the archive, none dropped."""

from __future__ import annotations

from pydantic import AwareDatetime, Field

from engine.gamelog.base import Model


class Quote(Model):
    """A quote inside a post: whom it quotes and the quoted text (which is not the author's)."""

    author: str | None = Field(default=None, description="quoted nick, as the quote names it")
    post_id: str | None = Field(default=None, description="quoted forum post id, if linked")
    text: str = ""


class EditMarker(Model):
    """The forum's "last edited by X at T" marker."""

    editor: str | None = None
    time: AwareDatetime | None = None
    count: int | None = Field(default=None, ge=1, description="'edited N times'")
    reason: str | None = None
    raw: str | None = Field(default=None, description="the marker text as shown")


class Avatar(Model):
    """The avatar shown beside a post, when the archive captured it (seed 001 penalises a
    player without the character's avatar). `url` null: the page showed no avatar."""

    url: str | None = None
    alt: str | None = None


class Post(Model):
    """One post.

    `number` is the thread's own numbering as the forum shows it (mafiascum counts from 0,
    most Russian forums from 1), so that "post 1555" in a note or a transitions file means
    this post. `html` is the body as found, quotes included; `text` is the plain text of the
    author's own words with quotes, spoilers' markup and signatures left out; quoted text is
    in `quotes`.
    """

    number: int = Field(ge=0)
    id: str | None = Field(default=None, description="the forum's post id")
    author: str = Field(description="nick as shown on the post")
    author_id: str | None = None
    slot: str | None = Field(default=None, description="slot the author played; null for others")
    time: AwareDatetime | None = None
    page: str | None = Field(default=None, description="page URL or file the post was found on")
    html: str
    text: str
    quotes: list[Quote] = Field(default_factory=list)
    edit: EditMarker | None = None
    avatar: Avatar | None = Field(
        default=None, description="null when the source does not show avatars")
    gm: bool = Field(default=False, description="written by the GM (moderator)")
    deleted: bool = False
