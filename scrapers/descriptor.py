"""`game.toml`: how an archived forum thread says what game it is, so that a batch run
(`mafiakit corpus`) can scrape it with no one at the keyboard.

A folder holding `game.toml` is one game: its saved pages, its GM's log, the rule set.

    ruleset = "world-cup-2018"      # a registered rule set id; left out: the [rules] table
                                    # below, else the generic forum rule set (warned)
    gm = ["Ведущий"]                # the GM's nicks; default: the thread's first poster
    timezone = "Europe/Moscow"      # the zone the pages' times are in; default UTC
    pages = ["thread.zip"]          # files or folders of saved pages; default: thread.zip,
                                    # else the folder pages/
    gm_log = "gm-log.txt"           # default: gm-log.txt when present
    roster = "roster.txt"           # the player list, when the GM's post does not give it

    [rules]                         # the game's own house rules instead of a rule set
    decision = "majority"           # (the format: `scrapers.rules_file`, README "House
                                    # rules"); not with `ruleset`

Every path is relative to the folder and must stay inside it (an archive keeper's folder
may hold descriptors from anywhere: one must not make the run read outside its game)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from engine.errors import BadInputError
from engine.gamelog import GameLog, HouseRules
from engine.rulesets import RulingError, get_ruleset
from engine.rulesets.house import UNSPECIFIED
from scrapers.rules_file import TABLE, key_line, parse_toml, rules_from_table

DESCRIPTOR = "game.toml"
# a descriptor is a few lines; anything this big is not one (and tomllib holds it all)
MAX_DESCRIPTOR_BYTES = 1024 * 1024


class _Fields(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    ruleset: str = UNSPECIFIED
    gm: list[str] = []
    timezone: str = "UTC"
    pages: list[str] = []
    gm_log: str | None = None
    roster: str | None = None
    rules: dict[str, Any] | None = None  # checked by `scrapers.rules_file`, with its lines

    @field_validator("gm", "pages", mode="before")
    @classmethod
    def _one_or_many(cls, value: object) -> object:
        # `gm = "Host"` is how most people would write a single GM
        return [value] if isinstance(value, str) else value


@dataclass(frozen=True)
class ThreadGame:
    """A thread's game as its descriptor gives it, every path checked to exist inside the
    folder."""

    descriptor: Path
    ruleset: str
    gms: tuple[str, ...]
    timezone: str
    pages: tuple[Path, ...]
    gm_log: Path | None
    roster: Path | None
    rules: HouseRules | None = None

    @property
    def folder(self) -> Path:
        return self.descriptor.parent

    def files(self) -> list[Path]:
        """Every file the game is read from, in a stable order (what a batch run hashes to
        tell whether the game changed)."""
        out = [self.descriptor]
        for page in self.pages:
            out.extend(sorted(p for p in page.rglob("*") if p.is_file())
                       if page.is_dir() else [page])
        out.extend(p for p in (self.gm_log, self.roster) if p is not None)
        return out


def read_descriptor(path: Path) -> ThreadGame:
    """The game described by `path` (a `game.toml`); `BadInputError` naming the file and the
    key when something is missing, unknown or points outside the folder."""
    name = str(path)
    try:
        if not path.is_file():
            # a FIFO named game.toml would block the batch run forever
            raise BadInputError(name, None, "cannot be read: not a regular file")
        if path.stat().st_size > MAX_DESCRIPTOR_BYTES:
            raise BadInputError(name, None, f"{path.stat().st_size} bytes is over the "
                                f"{MAX_DESCRIPTOR_BYTES}-byte cap: not a game descriptor")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInputError(name, None, f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise BadInputError(name, f"byte {exc.start}", "cannot be read: not UTF-8 text") \
            from None
    data = parse_toml(text, name)
    try:
        fields = _Fields.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(p) for p in first["loc"]) or None
        line = key_line(text, tuple(str(p) for p in first["loc"] if not isinstance(p, int)))
        where = ": ".join(w for w in (f"line {line}" if line else None, key) if w)
        msg = str(first["msg"])
        if first["type"] == "extra_forbidden":
            msg = f"unknown key; the keys are: {', '.join(_Fields.model_fields)}"
        raise BadInputError(name, where or None, msg) from None
    rules = rules_from_table(data[TABLE], text, name) if fields.rules is not None else None
    if rules is not None and "ruleset" in data:
        raise BadInputError(name, f"line {key_line(text, ('ruleset',))}: ruleset",
                            f"a game has a rule set or its own [{TABLE}], not both")
    try:
        get_ruleset(fields.ruleset)
    except RulingError as exc:
        raise BadInputError(name, "ruleset", str(exc)) from None
    folder = path.parent
    pages = [_inside(path, "pages", p) for p in fields.pages] or [_default_pages(path)]
    gm_log = (_inside(path, "gm_log", fields.gm_log) if fields.gm_log is not None else
              _present(folder / "gm-log.txt"))
    roster = _inside(path, "roster", fields.roster) if fields.roster is not None else None
    return ThreadGame(descriptor=path, ruleset=fields.ruleset, gms=tuple(fields.gm),
                      timezone=fields.timezone, pages=tuple(pages), gm_log=gm_log,
                      roster=roster, rules=rules)


def _present(path: Path) -> Path | None:
    return path if path.is_file() else None


def _default_pages(descriptor: Path) -> Path:
    for candidate in (descriptor.parent / "thread.zip", descriptor.parent / "pages"):
        if candidate.exists():
            return candidate
    raise BadInputError(str(descriptor), "pages", "no thread.zip or pages/ beside it: say "
                        "where the saved pages are (pages = [\"...\"])")


def _inside(descriptor: Path, key: str, value: str) -> Path:
    """`value` as a path inside the descriptor's folder (symlinks resolved), existing."""
    folder = descriptor.parent.resolve()
    target = (descriptor.parent / value).resolve()
    if not target.is_relative_to(folder):
        raise BadInputError(str(descriptor), key, f"{value!r} points outside the game's "
                            "folder")
    if not target.exists():
        raise BadInputError(str(descriptor), key, f"{value!r} does not exist")
    if not (target.is_file() or target.is_dir()):
        # a FIFO would block the batch run's hashing and reading forever
        raise BadInputError(str(descriptor), key, f"{value!r} is not a regular file")
    return descriptor.parent / value


def scrape_game(game: ThreadGame) -> GameLog:
    """The game log of a described thread: its pages and GM log scraped (leniently: what
    cannot be read is in the log's issues)."""
    from scrapers.scrape import scrape  # the scraper pulls in every engine: only when used

    return scrape(list(game.pages), ruleset=game.ruleset, timezone=game.timezone,
                  gms=game.gms, roster=game.roster, gm_log=game.gm_log, rules=game.rules)
