"""DIR/manifest.json: what was asked, what came back, and when, for each saved page; written
whole to a temporary file and renamed, so that an interrupted run never leaves half of one.
The source (`kind`: "live" here; a Wayback source adds its capture fields) says where the
pages came from; cookies are never recorded."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import BadInputError

NAME = "manifest.json"
FORMAT = 1


@dataclass
class PageRecord:
    number: int
    file: str
    url: str  # asked
    final_url: str  # after redirects
    status: int
    content_type: str
    charset: str | None
    fetched: str  # ISO 8601, UTC
    sha256: str
    size: int
    post_ids: list[str] = field(default_factory=list)  # to tell a grown page from a changed one
    next_url: str | None = None  # the page's rel="next" link, for engines without a page rule
    # a Wayback source's capture: its time (ISO 8601, UTC), the forum address it captured,
    # the archive address it was read at, and the archive's digest of it
    capture_time: str | None = None
    original_url: str | None = None
    capture_url: str | None = None
    capture_digest: str | None = None


@dataclass
class Manifest:
    url: str
    tool_version: str
    options: dict[str, Any]
    source: str = "live"
    engine: str | None = None
    thread_id: str | None = None
    page_count: int | None = None
    per_page: int | None = None
    pages: dict[int, PageRecord] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["pages"] = [asdict(self.pages[n]) for n in sorted(self.pages)]
        return {"format": FORMAT, "tool": "mafiakit", **data}


def page_file(number: int) -> str:
    return f"page-{number:04d}.html"


def write_atomic(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save(folder: Path, manifest: Manifest) -> None:
    text = json.dumps(manifest.to_json(), ensure_ascii=False, indent=1)
    write_atomic(folder / NAME, text.encode("utf-8"))


def load(folder: Path) -> Manifest | None:
    path = folder / NAME
    if not path.exists():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        pages = {int(p["number"]): PageRecord(**p) for p in data.pop("pages")}
        for key in ("format", "tool"):
            data.pop(key, None)
        return Manifest(**data, pages=pages)
    except (ValueError, KeyError, TypeError) as exc:
        raise BadInputError(str(path.name), None,
                            f"not a mafiakit fetch manifest ({exc})") from None


def page_addresses(folder: Path) -> dict[str, tuple[str, str]]:
    """For `scrapers.archive.inputs`: page file -> (its address, its time): the forum's
    address and the capture time for a Wayback capture (the page as it was then), else the
    final URL and the fetch time."""
    manifest = load(folder)
    if manifest is None:
        return {}
    return {r.file: (r.original_url or r.final_url, r.capture_time or r.fetched)
            for r in manifest.pages.values()}
