"""Parse issues: everything a reader could not use, with where it was and why."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from engine.gamelog.base import Model

Severity = Literal["error", "warning", "info"]


class Where(Model):
    """A place in the input: a file, a line in it, a post, or a JSON path."""

    file: str | None = None
    line: int | None = Field(default=None, ge=1)
    post: int | None = None
    path: str | None = Field(default=None, description="JSON path, e.g. players[3].fate")

    def __str__(self) -> str:
        parts: list[str] = []
        if self.file is not None:
            parts.append(self.file if self.line is None else f"{self.file}:{self.line}")
        elif self.line is not None:
            parts.append(f"line {self.line}")
        if self.post is not None:
            parts.append(f"post {self.post}")
        if self.path is not None:
            parts.append(self.path)
        return ", ".join(parts) or "(unknown place)"


class ParseIssue(Model):
    """One problem found while reading input. `code` is stable and machine-readable."""

    severity: Severity
    code: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    where: Where = Field(default_factory=Where)
    message: str
    text: str | None = Field(default=None, description="the offending input, quoted")

    def __str__(self) -> str:
        quoted = f": {self.text!r}" if self.text is not None else ""
        return f"{self.where}: {self.severity}: {self.message}{quoted} [{self.code}]"
