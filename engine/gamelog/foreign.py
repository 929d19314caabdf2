"""What a JSON file that is no game log looks like, and what to do with it: a newcomer hands
`mafiakit` the JSON they have (a dataset's posts, another command's output) and is told what
it is and which importer or command reads it, not a validation error about `meta`."""

from __future__ import annotations

from typing import Any

# the importer of the mafiascum (donbot) corpus, as the user types it
_MAFIASCUM = ("import it with `mafiakit import mafiascum --posts FILE --archive archive.txt "
              "--transitions transitions.tsv -o GAME.json`")
_MAFIASCUM_POST = {"user", "content", "thread", "number"}

# mafiakit's own outputs that are not game logs: their top-level keys, and what made them
_OUTPUTS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"days"}), "`mafiakit votes --format json`"),
    (frozenset({"findings", "summary"}), "`mafiakit verify --format json`"),
    (frozenset({"rulesets"}), "`mafiakit rulesets --format json`"),
    (frozenset({"slots", "phases", "eliminations"}), "`mafiakit summary --format json`"),
    (frozenset({"tally", "post", "day"}), "`mafiakit votes --at-post N --format json`"),
    (frozenset({"$schema", "properties"}), "`mafiakit schema` (the format's JSON Schema)"),
)


def _keys(doc: dict[str, Any], limit: int = 8) -> str:
    keys = [repr(k)[:40] for k in list(doc)[:limit]]
    more = f", ... ({len(doc)} keys)" if len(doc) > limit else ""
    return ", ".join(keys) + more if keys else "none"


def looks_like(doc: Any) -> str:
    """A sentence on what `doc` (parsed JSON that is no game log) looks like and, when its
    shape is known, what reads it."""
    if isinstance(doc, dict):
        said = f"a JSON object with the top-level keys {_keys(doc)}"
        if set(doc) >= _MAFIASCUM_POST:
            return f"{said}: one post of the mafiascum corpus format; {_MAFIASCUM}"
        for keys, command in _OUTPUTS:
            if keys <= set(doc):
                return (f"{said}: the output of {command}, not a game log; the commands "
                        "take the game log it was made from")
        return (f"{said}; a game log has 'schema_version', 'meta', 'players', 'posts' "
                "(see docs/gamelog.schema.json). Saved forum pages are read with "
                "`mafiakit scrape`, the mafiascum corpus with `mafiakit import mafiascum`")
    if isinstance(doc, list):
        kinds = sorted({type(x).__name__ for x in doc})
        said = f"a JSON list of {len(doc)} items ({', '.join(kinds) or 'empty'})"
        if doc and all(isinstance(x, dict) and set(x) >= _MAFIASCUM_POST for x in doc[:20]):
            return f"{said}: posts of the mafiascum corpus format; {_MAFIASCUM} (one post " \
                   "per line)"
        return f"{said}; a game log is one JSON object"
    return f"a JSON {type(doc).__name__}; a game log is one JSON object"


def jsonl_hint(first_line: str) -> str | None:
    """For JSON that stops at the end of its first value: what a JSON-lines file is, when its
    first line is one of the known records."""
    import json

    try:
        doc = json.loads(first_line)
    except (ValueError, RecursionError):
        return None
    if isinstance(doc, dict) and set(doc) >= _MAFIASCUM_POST:
        return f"JSON lines (one object a line), each a post of the mafiascum corpus format; " \
               f"{_MAFIASCUM}"
    return "JSON lines (one value a line), not one game-log object"
