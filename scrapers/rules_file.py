"""House rules in TOML: a game's own day rules, declared in a file given to `mafiakit scrape
--rules house.toml`, or as the same `[rules]` table in the thread's `game.toml`.

    [rules]
    title = "Island house rules"  # what the rules are called
    language = "ru"               # en | ru: the language of the thread
    decision = "majority"         # majority: the vote that reaches half the living plus one
                                  # ends the day (the hammer) | plurality: the most votes
                                  # at the day's end
    deadline = "plurality"        # majority only, the day's end without a majority:
                                  # no-lynch | plurality
    tie = "no-elimination"        # several share the most votes at the end:
                                  # no-elimination | first-reached | last-reached
    no_lynch = true               # a vote for nobody is allowed
    self_vote = false             # a vote for oneself counts
    vote_change = true            # a later vote replaces the standing one (false: the
                                  # first vote of the day stands)
    last_mark_wins = true         # several votes in one post: only the last counts
    close_at = "21:00"            # the daily close where the GM's posts do not say it,
    close_zone = "Europe/Moscow"  # with the IANA zone it is written in

    [rules.votes]                 # how a vote is written
    vote = ["казнить", "голосую за"]  # phrases before the name
    unvote = ["снимаю голос"]         # withdraw the standing vote
    cancel = ["не казнить"]           # before a name: withdraw the vote on that player
    no_lynch = ["никого"]             # a vote for nobody, alone or as a vote's name
    marks = ["bold"]              # where a vote is written: bold | colour | tag | plain
    colours = ["red"]             # with "colour": which colours vote (names, #rrggbb);
                                  # empty: any
    name_alone = false            # a mark that is only a player's name votes for them

    [rules.weights]               # vote weights by player name (default 1; 0: no vote)
    "Куба" = 2

Every key is optional: a key left out has the generic forum rule set's value (the common
English and Russian vote forms in bold or a vote tag, plurality at each day's end, a tie
eliminates nobody). The loader is strict: an unknown key, a value of the wrong kind or not
one of the options is a `BadInputError` naming the file, the line and the key, and listing
what is allowed there. tomllib gives no positions, so the line is found in the text by the
key's table and name.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from engine.errors import BadInputError
from engine.gamelog import GameLog, HouseRules, ParseIssue, VoteForms
from engine.rulesets.house import slot_weights
from scrapers.forum.colors import normalise_color

TABLE = "rules"
MAX_RULES_BYTES = 256 * 1024  # a rules file is a few dozen lines

# the models of the tables under [rules], by their path; a table not here (weights) has
# free keys
_TABLES: dict[tuple[str, ...], type[BaseModel]] = {
    (TABLE,): HouseRules, (TABLE, "votes"): VoteForms,
}


def read_rules_file(path: Path) -> HouseRules:
    """The house rules of a rules file (its `[rules]` table, the only key it may have)."""
    name = str(path)
    text = _read(path)
    data = parse_toml(text, name)
    for key in data:
        if key != TABLE:
            raise BadInputError(name, _at(text, (key,)),
                                f"unknown key {key!r}: a rules file holds the table "
                                f"[{TABLE}] only")
    if TABLE not in data:
        raise BadInputError(name, None, f"no [{TABLE}] table: the rules are declared under "
                            f"[{TABLE}] (see data/house-rules-example.toml)")
    return rules_from_table(data[TABLE], text, name)


def _read(path: Path) -> str:
    name = str(path)
    try:
        if not path.is_file():
            raise BadInputError(name, None, "cannot be read: not a regular file")
        if path.stat().st_size > MAX_RULES_BYTES:
            raise BadInputError(name, None, f"{path.stat().st_size} bytes is over the "
                                f"{MAX_RULES_BYTES}-byte cap: not a rules file")
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInputError(name, None, f"cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise BadInputError(name, f"byte {exc.start}", "cannot be read: not UTF-8 text") \
            from None


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """`text` as TOML; a `BadInputError` naming the file (and tomllib's line) otherwise."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BadInputError(name, None, f"not valid TOML: {exc}") from None
    except RecursionError:
        # tomllib parses nested arrays recursively: `x = [[[[...` must not be a traceback
        raise BadInputError(name, None, "not valid TOML: arrays or tables nested too "
                            "deeply") from None


def rules_from_table(table: object, text: str, name: str) -> HouseRules:
    """The `[rules]` table of a file's `text` as house rules, every key and value checked;
    errors name the file `name` and the line."""
    if not isinstance(table, dict):
        raise BadInputError(name, _at(text, (TABLE,)), f"{TABLE!r} must be a table "
                            f"([{TABLE}]), not {type(table).__name__}")
    try:
        rules = HouseRules.model_validate(table, strict=True)
    except ValidationError as exc:
        raise _refusal(exc, text, name) from None
    _check_forms(rules.votes, text, name)
    return rules


def _refusal(exc: ValidationError, text: str, name: str) -> BadInputError:
    """The first error of a validation, with its line, its key and what is allowed."""
    first = exc.errors()[0]
    loc = tuple(str(p) for p in first["loc"] if not isinstance(p, int))
    path = (TABLE, *loc)
    dotted = ".".join(path)
    if first["type"] == "extra_forbidden":
        allowed = sorted(_TABLES[path[:-1]].model_fields) if path[:-1] in _TABLES else []
        return BadInputError(name, _at(text, path), f"unknown key {dotted!r}; the keys of "
                             f"[{'.'.join(path[:-1])}] are: {', '.join(allowed)}")
    got = first.get("input")
    shown = f" = {got!r}" if isinstance(got, str | int | float | bool) else ""
    msg = str(first["msg"]).removeprefix("Value error, ")
    if first["type"] == "missing":
        msg = "required"
    return BadInputError(name, _at(text, path), f"{dotted}{shown}: {msg}")


def _check_forms(forms: VoteForms, text: str, name: str) -> None:
    """What the model alone cannot know: a colour no one can name, a phrase given two
    meanings."""
    for colour in forms.colours:
        if colour.strip().lower() != "red" and normalise_color(colour) is None:
            raise BadInputError(name, _at(text, (TABLE, "votes", "colours")),
                                f"{TABLE}.votes.colours: {colour!r} is not a colour (a name "
                                "such as 'red', or '#rrggbb')")
    seen: dict[str, str] = {}
    for kind in ("vote", "unvote", "cancel", "no_lynch"):
        for phrase in getattr(forms, kind):
            key = phrase.casefold()
            if key in seen and seen[key] != kind:
                raise BadInputError(name, _at(text, (TABLE, "votes", kind)),
                                    f"{TABLE}.votes.{kind}: {phrase!r} is also a "
                                    f"{seen[key]!r} phrase: a phrase has one meaning")
            seen[key] = kind


def unknown_weights(log: GameLog) -> list[ParseIssue]:
    """A warning for each weight the log's house rules give a name no player has (the
    count leaves it out: a weight on nobody must not pass unseen)."""
    rules = log.meta.house_rules
    if rules is None or not rules.weights:
        return []
    _, unknown = slot_weights(rules, log.players)
    return [ParseIssue(severity="warning", code="house-rules-weight",
                       message=f"house rules: weight {rules.weights[n]:g} for {n!r}, but no "
                               f"player is called that; it is not applied (players: "
                               f"{', '.join(s.name for s in log.players[:30])})")
            for n in unknown]


# -- lines -------------------------------------------------------------------------------

_HEADER = re.compile(r"^\s*\[(?!\[)\s*(?P<key>[^\]]+?)\s*\]\s*(?:#.*)?$")
_ARRAY_HEADER = re.compile(r"^\s*\[\[")
_KEY = re.compile(r"""^\s*(?P<key>(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+)"""
                  r"""(?:\s*\.\s*(?:"(?:[^"\\]|\\.)*"|'[^']*'|[A-Za-z0-9_-]+))*)\s*=""")
_PART = re.compile(r"""\s*(?:"(?P<dq>(?:[^"\\]|\\.)*)"|'(?P<sq>[^']*)'|(?P<bare>[A-Za-z0-9_-]+))"""
                   r"""\s*(?:\.|$)""")


def _parts(dotted: str) -> tuple[str, ...]:
    """A TOML dotted key's parts, quotes taken off (the escapes a key holds are rare: a
    double-quoted part is read with its common ones)."""
    out: list[str] = []
    for m in _PART.finditer(dotted):
        if m["dq"] is not None:
            out.append(m["dq"].replace('\\"', '"').replace("\\\\", "\\"))
        elif m["sq"] is not None:
            out.append(m["sq"])
        elif m["bare"] is not None:
            out.append(m["bare"])
    return tuple(out)


def key_line(text: str, path: tuple[str, ...]) -> int | None:
    """The line (from 1) where `path` is written: the key's own line, else its table's
    header (a table written `[a.b]`), else the line of the nearest enclosing key found."""
    table: tuple[str, ...] = ()
    best: tuple[int, int] | None = None  # (how much of `path` it gives, line)
    for number, line in enumerate(text.splitlines(), start=1):
        if _ARRAY_HEADER.match(line):
            table = ("\x00",)  # an array of tables: no key of ours is in it
            continue
        header = _HEADER.match(line)
        if header is not None:
            table = _parts(header["key"])
            found = table
        else:
            key = _KEY.match(line)
            if key is None:
                continue
            found = (*table, *_parts(key["key"]))
        if found == path:
            return number
        if path[:len(found)] == found and (best is None or len(found) > best[0]):
            best = (len(found), number)
    return best[1] if best is not None else None


def _at(text: str, path: tuple[str, ...]) -> str | None:
    line = key_line(text, path)
    return f"line {line}" if line is not None else None
