"""What the day and the night case loaders check alike (tests/engine/day_cases.py,
tests/engine/night_cases.py): unknown keys, a known rule set, rulings the rule set has, and
a case's `option` that its `rulings` really choose. Every error names the case file."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from engine.rulesets import RulingError, get_ruleset


class CaseError(ValueError):
    """A case file the loader refuses; the message starts with the file."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(f"{path}: {message}")


def no_unknown(path: Path, where: str, keys: Iterable[str], allowed: Iterable[str]) -> None:
    """Refuse keys outside `allowed`: a misspelt key would leave its check silently out."""
    unknown = sorted(set(keys) - set(allowed))
    if unknown:
        raise CaseError(path, f"{where}: unknown keys {unknown}")


def check_rulings(path: Path, case: Mapping[str, Any]) -> None:
    """The case's rule set is registered, its `rulings` are that rule set's (keys written
    whole, values among the options), and its `option` (`key=value`: the option of a ruling
    the case shows) is one the rulings choose: set to that value, or left out where the
    value is the ruling's default. A case filed under one option and run under another
    would cover the wrong reading."""
    try:
        ruleset = get_ruleset(str(case.get("ruleset")))
        rulings = dict(case.get("rulings") or {})
        ruleset.given(rulings)
    except RulingError as e:
        raise CaseError(path, str(e)) from None
    option = case.get("option")
    if option is None:
        return
    key, sep, value = str(option).partition("=")
    if not sep:
        raise CaseError(path, f"option {option!r}: write it as key=value")
    try:
        ruling = ruleset.ruling(key)
    except RulingError as e:
        raise CaseError(path, f"option {option!r}: {e}") from None
    if ruling.key != key:
        raise CaseError(path, f"option {option!r}: write the key whole, {ruling.key!r}")
    if value not in ruling.values:
        raise CaseError(path, f"option {option!r}: the options are {list(ruling.values)}")
    chosen = rulings.get(key, ruling.default)
    if chosen != value:
        said = f"rulings set {key}={chosen}" if key in rulings else \
            f"rulings leave {key} at its default {ruling.default!r}"
        raise CaseError(path, f"option {option!r} but the {said}")


def reason(path: Path, where: str, value: object) -> str:
    """A non-empty reason (`partial`, `xfail`): a bare flag would say nothing of why."""
    if not isinstance(value, str) or not value.strip():
        raise CaseError(path, f"{where}: give the reason as non-empty text")
    return value
