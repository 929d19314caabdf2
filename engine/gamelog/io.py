"""Reading and writing game logs: JSON, or gzip-compressed JSON for `.gz` names.

Writing is deterministic (sorted nothing, same order in, same bytes out; gzip without a
timestamp) so that two runs on the same input give byte-identical files.
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from engine.errors import GameLogError
from engine.gamelog.foreign import jsonl_hint, looks_like
from engine.gamelog.log import SCHEMA_VERSION, GameLog


def json_path(loc: tuple[int | str, ...]) -> str:
    """Pydantic's error location as a JSON path: ('players', 3, 'fate') -> players[3].fate"""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + part
    return out or "(top level)"


def _describe(err: ValidationError) -> tuple[str, str]:
    """The first error's JSON path, and a message for all of them (up to 5).

    The cross-reference check of `GameLog` reports at the top level with its own paths
    ("votes[3].target: unknown slot 'X'"), so those paths are taken from the message.
    """
    found: list[tuple[str, str]] = []
    for e in err.errors(include_url=False):
        path = json_path(tuple(e["loc"]))
        msg = str(e["msg"])
        if not e["loc"] and msg.startswith("Value error, "):
            msg = msg.removeprefix("Value error, ")
            head, sep, rest = msg.partition(": ")
            if sep and (head.endswith("]") or "." in head or head.isidentifier()):
                path, msg = head, rest
        elif e["type"] != "missing" and not isinstance(e.get("input"), dict | list):
            msg += f" (got {_shorten(repr(e.get('input')))})"
        found.append((path, msg))
    lines = [found[0][1]] + [f"{p}: {m}" for p, m in found[1:5]]
    if len(found) > 5:
        lines.append(f"... and {len(found) - 5} more")
    return found[0][0], "; ".join(lines)


# A game log of a 2,000-page thread is tens of MB; parsing holds the bytes, the text and the
# objects at once, so a cap well above real logs keeps a hostile file (or a gzip bomb, which
# a few MB on disk can make into many GB) from exhausting memory.
MAX_GAME_LOG_BYTES = 384 * 1024 * 1024


def _shorten(text: str, limit: int = 80) -> str:
    """An input quoted in a message: a 200 MB string must not become a 200 MB message."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _read_bytes(path: Path) -> bytes:
    name = str(path)
    try:
        if not path.is_file():
            # a FIFO would block the read forever, a device never end
            what = "a folder" if path.is_dir() else "not a regular file"
            raise GameLogError(name, None, f"cannot read: {what}" if path.exists()
                               else "cannot read: No such file or directory")
        if path.stat().st_size > MAX_GAME_LOG_BYTES:
            raise GameLogError(name, None, f"{path.stat().st_size} bytes is over the "
                               f"{MAX_GAME_LOG_BYTES}-byte cap on a game log")
        raw = path.read_bytes()
    except OSError as exc:
        raise GameLogError(name, None, f"cannot read: {exc.strerror or exc}") from exc
    if path.suffix == ".gz":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as gz:
                raw = gz.read(MAX_GAME_LOG_BYTES + 1)  # bounded: never inflate a bomb whole
        except (OSError, EOFError, zlib.error) as exc:
            raise GameLogError(name, None, f"not a valid gzip file: {exc}") from exc
        if len(raw) > MAX_GAME_LOG_BYTES:
            raise GameLogError(name, None, f"decompresses to over the {MAX_GAME_LOG_BYTES}-"
                               "byte cap on a game log (a gzip bomb?)")
    return raw


def parse_game_log(data: bytes | str, name: str = "<game log>") -> GameLog:
    """Parse game-log JSON (or YAML, when `name` ends in .yaml/.yml: the same document, for
    logs written by hand); errors name `name` and the JSON path or line."""
    try:
        doc: Any = _yaml(data, name) if name.endswith((".yaml", ".yml")) else json.loads(data)
    except UnicodeDecodeError as exc:
        raise GameLogError(name, f"byte {exc.start}", "not UTF-8 text") from exc
    except json.JSONDecodeError as exc:
        hint = None
        if exc.msg == "Extra data" and exc.lineno > 1:
            # a value, then more on the next lines: JSON lines, e.g. a dataset's posts
            text = data.decode("utf-8") if isinstance(data, bytes) else data
            hint = jsonl_hint(text.split("\n", 1)[0])
        raise GameLogError(
            name, f"line {exc.lineno}, column {exc.colno}", f"not valid JSON: {exc.msg}"
            + (f"; the file is {hint}" if hint else "")
        ) from exc
    except RecursionError:
        # json and yaml parse nested arrays recursively: 100,000 '[' would otherwise escape
        # as a traceback; no game log nests more than a few levels
        raise GameLogError(name, None, "arrays or objects nested too deeply to be a game "
                           "log") from None
    if not isinstance(doc, dict):
        raise GameLogError(name, "(top level)", f"expected a JSON object, got "
                           f"{type(doc).__name__}: the file is {looks_like(doc)}")
    if "schema_version" not in doc and "meta" not in doc:
        # JSON another tool wrote: what it looks like says more than a missing field would
        raise GameLogError(name, "(top level)", f"not a game log: the file is {looks_like(doc)}")
    version = doc.get("schema_version")
    if version != SCHEMA_VERSION:
        raise GameLogError(
            name,
            "schema_version",
            f"this mafiakit reads game logs of schema version {SCHEMA_VERSION}, "
            f"the file has {_shorten(repr(version))}",
        )
    try:
        return GameLog.model_validate(doc)
    except ValidationError as exc:
        where, message = _describe(exc)
        raise GameLogError(name, where, message) from exc


def _yaml(data: bytes | str, name: str) -> Any:
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else None
        raise GameLogError(name, where, f"not valid YAML: {exc.problem}") from exc
    except yaml.YAMLError as exc:
        raise GameLogError(name, None, f"not valid YAML: {exc}") from exc


def load(path: str | Path) -> GameLog:
    """Load a game log from `.json`, `.json.gz` or (written by hand) `.yaml`."""
    p = Path(path)
    return parse_game_log(_read_bytes(p), str(p))


def dumps(log: GameLog, *, indent: int | None = 1) -> str:
    """The game log as JSON text (stable: same log, same text)."""
    return log.model_dump_json(indent=indent) + "\n"


def save(log: GameLog, path: str | Path) -> None:
    """Write `log` to `path` (folders created as needed); gzip-compressed when the name ends
    in `.gz`. A path that cannot be written is a `GameLogError` naming it."""
    p = Path(path)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.suffix == ".gz":
            text = dumps(log, indent=None).encode("utf-8")
            # mtime=0 and no file name in the header: byte-identical output for the same log.
            with open(p, "wb") as fh, gzip.GzipFile(
                filename="", mode="wb", fileobj=fh, mtime=0, compresslevel=6
            ) as gz:
                gz.write(text)
        else:
            p.write_text(dumps(log), encoding="utf-8")
    except OSError as exc:
        raise GameLogError(str(p), None, f"cannot write: {exc.strerror or exc}") from exc


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the game-log format."""
    schema = GameLog.model_json_schema(mode="validation")
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = f"https://mafiakit.invalid/gamelog.v{SCHEMA_VERSION}.schema.json"
    return schema


def json_schema_text() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
