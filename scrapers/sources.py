"""Input files as `SourceFile` records: name and content hash, never a machine path."""

from __future__ import annotations

import hashlib
from pathlib import Path

from engine.gamelog import SourceFile
from engine.gamelog.meta import SourceFileKind


def source_file(path: Path, kind: SourceFileKind, data: bytes | None = None) -> SourceFile:
    """Describe `path` by its file name, size and sha256 (of `data` when already read)."""
    if data is None:
        data = path.read_bytes()
    return SourceFile(
        path=path.name, sha256=hashlib.sha256(data).hexdigest(), size=len(data), kind=kind
    )
