"""Tables and sentences as a person reads them, for the notebooks and the report: `table`
shows a DataFrame with names in place of ids (a slot's name, a role's and an ability's name
with the Russian original: `toolkit.labels`), numbers rounded (no `1.110223e-16`), an empty
cell for a missing value (no walls of `<NA>`), columns without any value left out and named
below the table, "none" in place of a table without rows, every row shown. A long table is
marked `mk-long`: the report gives it search and paging. `say` shows one sentence."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

import pandas as pd

from engine.gamelog import GameLog
from engine.rulesets import RulingError, ruleset_of
from toolkit.labels import ability_label, faction_label, role_label

LONG = 15  # rows beyond which the report gives a table search and paging
NONE = "none"

_LABELS: dict[str, Callable[[GameLog, str | None], str]] = {
    "role": role_label, "ability": ability_label, "faction": faction_label}
# columns holding several ids, comma-separated
_PLURAL = {"roles": "role", "abilities": "ability", "factions": "faction"}


def number_text(value: float, digits: int = 2) -> str:
    """`value` rounded to `digits` decimals, trailing zeros dropped; float noise
    (|value| < 1e-9) as 0; a value that rounds to 0 but is not 0 as "≈0"."""
    if math.isnan(value):
        return ""
    if math.isinf(value):
        return "∞" if value > 0 else "-∞"
    if abs(value) < 1e-9:
        return "0"
    text = f"{value:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "≈0" if text in ("0", "-0") else text


def cell_text(value: object, digits: int = 2) -> str:
    """One value as text: "" for missing, rounded numbers, yes/no, lists joined."""
    if value is None or value is pd.NA or value is pd.NaT:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return number_text(value, digits)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, pd.Timestamp | datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    if isinstance(value, pd.Timedelta):
        return str(value).replace("0 days ", "")
    if isinstance(value, dict):
        return "; ".join(f"{k}: {cell_text(v, digits)}" for k, v in value.items())
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=str) if isinstance(value, set | frozenset) else value
        return ", ".join(cell_text(v, digits) for v in items)
    if hasattr(value, "item") and not isinstance(value, str):  # a numpy scalar
        return cell_text(value.item(), digits)
    try:
        if pd.isna(value):  # type: ignore[call-overload]
            return ""
    except (TypeError, ValueError):
        pass
    return str(value)


class Shown:
    """HTML to show, with a plain-text form for a console."""

    def __init__(self, markup: str, text: str) -> None:
        self.markup = markup
        self.text = text

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text


def say(text: str) -> Shown:
    """One sentence, shown as a paragraph (in place of a bare value's repr)."""
    return Shown(f"<p>{html.escape(text)}</p>", text)


def _names(log: GameLog | None) -> dict[str, str]:
    """Ids a cell may hold whole: a faction's (a finding's winners), a slot's."""
    if log is None:
        return {}
    try:
        factions = {f.id: faction_label(log, f.id) for f in ruleset_of(log).factions}
    except RulingError:
        factions = {}
    return factions | {s.id: s.name for s in log.players} | {"no-lynch": "No Lynch"}


def readable(frame: pd.DataFrame | pd.Series, log: GameLog | None = None, *,
             digits: int = 2) -> tuple[pd.DataFrame, list[str]]:
    """`frame` as text cells (see the module), and the columns left out for holding no
    value."""
    df = frame.to_frame() if isinstance(frame, pd.Series) else frame.copy()
    if isinstance(df.columns, pd.MultiIndex):
        df.columns = [" ".join(str(p) for p in c if str(p)) for c in df.columns]
    # a pivot's rows are named by its index: kept as columns; a row number (a sorted
    # frame's old positions) says nothing to a reader
    numbered = df.index.name is None and df.index.nlevels == 1 and \
        pd.api.types.is_integer_dtype(df.index.dtype)
    df = df.reset_index(drop=numbered)
    df.columns = [str(c) for c in df.columns]
    empty = [c for c in df.columns if len(df) and bool(df[c].isna().all())]
    df = df.drop(columns=empty)
    names = _names(log)
    # a registry row of kind "role" holds a role id as its text
    kinds = df["kind"].tolist() if "kind" in df.columns else [None] * len(df)
    out: dict[str, list[str]] = {}
    for column in df.columns:
        label = _LABELS.get(_PLURAL.get(column, column)) if log is not None else None
        cells: list[str] = []
        for value, kind in zip(df[column].tolist(), kinds, strict=True):
            text = cell_text(value, digits)
            if log is None or not text:
                pass
            elif column in _PLURAL and label is not None:
                text = ", ".join(label(log, t.strip()) for t in text.split(","))
            elif label is not None:
                text = label(log, text)
            elif column == "text" and kind == "role":
                text = role_label(log, text)
            elif text in names and not isinstance(value, int | float):
                text = names[text]
            cells.append(text)
        out[column] = cells
    return pd.DataFrame(out, columns=list(df.columns), dtype=object), empty


def table(frame: pd.DataFrame | pd.Series, log: GameLog | None = None, *,
          caption: str | None = None, digits: int = 2) -> Shown:
    """`frame` as a person reads it (see the module); `log` gives the names for ids."""
    cells, empty = readable(frame, log, digits=digits)
    head = f"<p class='mk-caption'>{html.escape(caption)}</p>" if caption else ""
    if cells.empty:
        return Shown(f"{head}<p class='mk-none'>{NONE}</p>",
                     f"{caption + ': ' if caption else ''}{NONE}")
    kind = "mk-table mk-long" if len(cells) > LONG else "mk-table"
    header = "".join(f"<th>{html.escape(c)}</th>" for c in cells.columns)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(v)}</td>" for v in row) + "</tr>"
                   for row in cells.itertuples(index=False))
    note = (f"<p class='mk-note'>without a value in any row: {html.escape(', '.join(empty))}"
            "</p>") if empty else ""
    markup = (f"{head}<table class='{kind}'><thead><tr>{header}</tr></thead>"
              f"<tbody>{body}</tbody></table>{note}")
    return Shown(markup, cells.to_string(index=False))


def listing(items: Iterable[Any], *, empty: str = NONE) -> Shown:
    """Items as a bulleted list ("none" when there are none)."""
    texts = [cell_text(i) for i in items]
    if not texts:
        return Shown(f"<p class='mk-none'>{html.escape(empty)}</p>", empty)
    return Shown("<ul>" + "".join(f"<li>{html.escape(t)}</li>" for t in texts) + "</ul>",
                 "\n".join(texts))


def record(value: object, log: GameLog | None = None, *, caption: str | None = None) -> Shown:
    """A dataclass (or a mapping) as a one-row table, in place of its repr."""
    from dataclasses import asdict, is_dataclass

    if is_dataclass(value) and not isinstance(value, type):
        row = asdict(value)
    elif isinstance(value, dict):
        row = dict(value)
    else:
        raise TypeError(f"record() shows a dataclass or a dict, not {type(value).__name__}")
    return table(pd.DataFrame([row]), log, caption=caption)
