"""What people bring: folders of saved pages, wget mirrors, zips, lists of files, in any
order. Pages are yielded one at a time (a 2,000-page thread is never held in memory whole).

Zips are read defensively: entries whose names escape the archive (``../``, absolute paths,
drive letters) or that are symlinks are refused; entry and total sizes are capped, and an
entry whose compression ratio is absurd is treated as a zip bomb. Everything skipped is
reported with the reason, never dropped silently.
"""

from __future__ import annotations

import errno
import io
import stat
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, tzinfo
from pathlib import Path, PurePosixPath

from engine.errors import BadInputError
from engine.gamelog import ParseIssue, Where
from engine.gamelog.issues import Severity
from scrapers.fetch.manifest import NAME as MANIFEST
from scrapers.fetch.manifest import page_addresses

PAGE_SUFFIXES = frozenset({".html", ".htm", ".shtml", ".xhtml", ".php", ".asp", ".aspx",
                           ".jsp", ".cgi", ".mht"})
ASSET_SUFFIXES = frozenset({".css", ".js", ".png", ".gif", ".jpg", ".jpeg", ".svg", ".ico",
                            ".woff", ".woff2", ".ttf", ".eot", ".webp", ".bmp", ".swf", ".map",
                            ".json", ".txt", ".xml"})


@dataclass(frozen=True)
class Limits:
    """Caps that keep hostile input bounded."""

    max_page_bytes: int = 64 * 1024 * 1024
    max_total_bytes: int = 4 * 1024 * 1024 * 1024
    max_entries: int = 200_000
    max_ratio: float = 200.0  # uncompressed / compressed, for entries over 1 MB


@dataclass(frozen=True)
class RawInput:
    name: str  # path inside the folder or zip, '/'-separated; never a machine path
    data: bytes
    mtime: datetime | None
    url: str | None = None  # the address it was fetched from (a `mafiakit fetch` manifest)


@dataclass
class InputReport:
    issues: list[ParseIssue] = field(default_factory=list)
    files_seen: int = 0
    pages: int = 0

    def skip(self, severity: Severity, code: str, name: str, message: str) -> None:
        self.issues.append(ParseIssue(severity=severity, code=code, where=Where(file=name),
                                      message=message))


def _looks_like_page(name: str, head: bytes) -> bool:
    suffix = PurePosixPath(name).suffix.lower()
    if suffix in PAGE_SUFFIXES:
        return True
    if suffix in ASSET_SUFFIXES:
        return False
    sniff = head[:2048].lstrip().lower()
    return sniff.startswith((b"<!doctype html", b"<html", b"<!--", b"<?xml", b"\xef\xbb\xbf<"))


# a page saved as nothing (a browser's save that failed, a download cut at once): said as
# such, not as the unknown engine or missing posts an empty page would otherwise give
_EMPTY = "empty file (0 bytes): nothing was saved in it; skipped"


def _maybe_page(name: str) -> bool:
    """A name a page could have: an empty stylesheet or image is no missing page."""
    return PurePosixPath(name).suffix.lower() not in ASSET_SUFFIXES


def _in_assets_folder(parts: Sequence[str]) -> bool:
    # a browser's "Save page as" puts images, CSS and scripts in "<page>_files/"
    return any(p.endswith("_files") or p.endswith("_files.d") for p in parts[:-1])


def read_inputs(paths: Sequence[Path], report: InputReport, *, local_tz: tzinfo = UTC,
                limits: Limits = Limits()) -> Iterator[RawInput]:
    """Every page under `paths` (files, folders, zips), in a stable order: the order given,
    and sorted names within a folder or zip."""
    total = 0
    for path in paths:
        if not path.exists():
            raise BadInputError(str(path), None, "no such file or folder")
        if not path.is_dir() and not path.is_file():
            # a FIFO or device: opening it to sniff for a zip would block (or never end)
            raise BadInputError(str(path), None, "not a regular file (a named pipe, socket "
                                "or device); give a saved page, a folder or a zip")
        if path.is_dir():
            items: Iterator[RawInput] = _folder(path, report, limits)
        elif zipfile.is_zipfile(path):
            items = _zip(path, report, limits, local_tz)
        elif path.suffix.lower() == ".zip":
            raise BadInputError(str(path), None, "not a readable zip (damaged or truncated)")
        else:
            items = _single(path, path.name, report, limits)
        for item in items:
            total += len(item.data)
            if total > limits.max_total_bytes:
                raise BadInputError(str(path), item.name,
                                    f"input exceeds {limits.max_total_bytes} bytes in all")
            report.pages += 1
            yield item


def _mtime(path: Path) -> datetime | None:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, tz=UTC)
    except OSError:
        return None


def _single(path: Path, name: str, report: InputReport, limits: Limits) -> Iterator[RawInput]:
    report.files_seen += 1
    try:
        size = path.stat().st_size
        if size > limits.max_page_bytes:
            report.skip("warning", "page-too-large", name,
                        f"{size} bytes is over the {limits.max_page_bytes}-byte page cap; skipped")
            return
        data = path.read_bytes()
    except OSError as exc:
        report.skip("warning", "unreadable-file", name, f"cannot read: {exc.strerror or exc}")
        return
    if not data and _maybe_page(name):
        report.skip("error", "empty-page", name, _EMPTY)
        return
    if not _looks_like_page(name, data):
        report.skip("info", "not-a-page", name, "not an HTML page (asset or other file); skipped")
        return
    yield RawInput(name=name, data=data, mtime=_mtime(path))


def _folder(root: Path, report: InputReport, limits: Limits) -> Iterator[RawInput]:
    base = root.resolve()
    assets = 0
    # a `mafiakit fetch` folder: each page's address and fetch time are the manifest's
    fetched = page_addresses(root)
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.is_symlink():
            try:
                # strict: a loop or a missing target is an OSError (without it, Python 3.11
                # raises RuntimeError on a loop and passes a dangling link)
                target = path.resolve(strict=True)
            except (OSError, RuntimeError) as exc:
                why = ("a loop of symbolic links" if isinstance(exc, RuntimeError)
                       or getattr(exc, "errno", None) == errno.ELOOP
                       else "its target does not exist")
                report.skip("warning", "broken-symlink", rel,
                            f"symbolic link that cannot be followed ({why}); skipped")
                continue
            if not target.is_relative_to(base):
                report.skip("warning", "symlink-outside", rel,
                            "symbolic link pointing outside the folder; not followed")
                continue
        if path.is_dir():
            continue
        if not path.is_file():
            # a FIFO would block the read forever, a device never end: said, not read
            report.skip("warning", "not-a-file", rel,
                        "not a regular file (a named pipe, socket or device); skipped")
            continue
        if _in_assets_folder(rel.split("/")):
            assets += 1
            continue
        if fetched and rel == MANIFEST:
            continue
        for raw in _single(path, rel, report, limits):
            if rel in fetched:
                url, when = fetched[rel]
                raw = replace(raw, url=url, mtime=datetime.fromisoformat(when))
            yield raw
    if assets:
        report.skip("info", "saved-page-assets", root.name,
                    f"{assets} files in '*_files' folders (a browser's saved-page assets) "
                    "skipped")


def _unsafe_name(name: str) -> str | None:
    if name.startswith(("/", "\\")) or (len(name) > 1 and name[1] == ":"):
        return "an absolute path"
    parts = name.replace("\\", "/").split("/")
    if ".." in parts:
        return "a path that climbs out of the archive ('..')"
    return None


def _declared_entries(path: Path) -> int | None:
    """The entry count the zip's end record declares, read before `zipfile` builds an
    object per entry (a few hundred bytes each: millions of entries would exhaust memory
    before the count could be checked)."""
    try:
        with open(path, "rb") as fh:
            size = fh.seek(0, io.SEEK_END)
            fh.seek(max(0, size - 65_557))  # the end record and its longest comment
            tail = fh.read()
            at = tail.rfind(b"PK\x05\x06")
            if at < 0 or len(tail) < at + 22:
                return None
            count = int.from_bytes(tail[at + 10:at + 12], "little")
            locator = at - 20
            if count != 0xFFFF or locator < 0 or tail[locator:locator + 4] != b"PK\x06\x07":
                return count
            fh.seek(int.from_bytes(tail[locator + 8:locator + 16], "little"))
            record = fh.read(56)  # ZIP64 end record: the count is 8 bytes at offset 32
            if record[:4] != b"PK\x06\x06" or len(record) < 40:
                return None
            return int.from_bytes(record[32:40], "little")
    except (OSError, ValueError):
        return None


def _zip(path: Path, report: InputReport, limits: Limits, local_tz: tzinfo
         ) -> Iterator[RawInput]:
    declared = _declared_entries(path)
    if declared is not None and declared > limits.max_entries:
        raise BadInputError(str(path), None,
                            f"{declared} entries is over the cap of {limits.max_entries}")
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError) as exc:
        raise BadInputError(str(path), None, f"not a readable zip: {exc}") from exc
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.max_entries:
            raise BadInputError(str(path), None,
                                f"{len(infos)} entries is over the cap of {limits.max_entries}")
        if not any(not i.is_dir() for i in infos):
            raise BadInputError(str(path), None, "the zip is empty: no pages in it")
        assets = 0
        for info in sorted(infos, key=lambda i: i.filename):
            name = info.filename
            report.files_seen += 1
            if info.is_dir():
                continue
            bad = _unsafe_name(name)
            if bad:
                report.skip("error", "zip-unsafe-path", f"{path.name}:{name}",
                            f"entry with {bad}; refused")
                continue
            mode = info.external_attr >> 16
            if stat.S_ISLNK(mode):
                report.skip("warning", "zip-symlink", f"{path.name}:{name}",
                            "symbolic link entry; refused")
                continue
            if _in_assets_folder(name.split("/")):
                assets += 1
                continue
            if info.file_size > limits.max_page_bytes:
                report.skip("warning", "page-too-large", f"{path.name}:{name}",
                            f"{info.file_size} bytes is over the page cap; skipped")
                continue
            if (info.file_size > 1024 * 1024 and info.compress_size > 0
                    and info.file_size / info.compress_size > limits.max_ratio):
                report.skip("warning", "zip-bomb", f"{path.name}:{name}",
                            f"compression ratio {info.file_size / info.compress_size:.0f}:1 "
                            "looks like a zip bomb; skipped")
                continue
            try:
                with archive.open(info) as fh:
                    data = fh.read(limits.max_page_bytes + 1)
            except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError) as exc:
                report.skip("warning", "zip-entry-unreadable", f"{path.name}:{name}",
                            f"cannot read the entry: {exc}")
                continue
            if len(data) > limits.max_page_bytes:
                report.skip("warning", "page-too-large", f"{path.name}:{name}",
                            "larger than its header says and over the page cap; skipped")
                continue
            if not data and _maybe_page(name):
                report.skip("error", "empty-page", f"{path.name}:{name}", _EMPTY)
                continue
            if not _looks_like_page(name, data):
                if zipfile.is_zipfile(io.BytesIO(data)):
                    # archives are not opened recursively: each level would multiply what
                    # a zip bomb can expand to
                    report.skip("warning", "nested-archive", f"{path.name}:{name}",
                                "a zip inside the zip; not opened (unpack it and give it "
                                "on its own)")
                    continue
                report.skip("info", "not-a-page", f"{path.name}:{name}",
                            "not an HTML page; skipped")
                continue
            try:
                mtime: datetime | None = datetime(*info.date_time, tzinfo=local_tz)
            except ValueError:
                mtime = None
            yield RawInput(name=name, data=data, mtime=mtime)
        if assets:
            report.skip("info", "saved-page-assets", path.name,
                        f"{assets} entries in '*_files' folders skipped")
