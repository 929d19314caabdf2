"""The shape of a GM log around its actions: phase headers («Ночь 1», «1 ночь», "N1",
"Night 1", «День 2»), section headers (the roles post, the morning), table header rows and
their rows, and decoration lines that carry nothing."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

_ORDINALS = {
    "перв": 1, "втор": 2, "трет": 3, "четверт": 4, "пят": 5, "шест": 6, "седьм": 7,
    "восьм": 8, "девят": 9, "десят": 10, "first": 1, "second": 2, "third": 3, "fourth": 4,
    "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10,
}
_ORD = r"(?P<ord>перв|втор|трет|четв[её]рт|пят|шест|седьм|восьм|девят|десят|first|second|" \
       r"third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\w*"
_NUM = r"(?P<num>\d{1,2})"
_SUFFIX = r"(?:-?(?:я|й|ая|ой|st|nd|rd|th))?"
_WORD = r"(?P<word>ночь|ночи|night|день|дня|day)"
_MARK = r"[\s*_#=~>\[\]\-–—•.:]*"
_END = r"(?=$|[\s*_#=~\]\-–—.:,)])[\s*_#=~\]\-–—.:,)]*(?P<rest>.*)$"
# «Ходы первой ночи», "Results of night 2": a word or two before the phase
_LEAD = r"(?:(?:ходы|итоги|результаты|события|actions|results|events)(?:\s+of)?\s+)?"
_HEADERS = tuple(re.compile(rf"^{_MARK}{_LEAD}{p}{_END}", re.I) for p in (
    rf"{_WORD}\s*(?:№\s*)?{_NUM}",
    rf"{_NUM}{_SUFFIX}\s*{_WORD}",
    rf"{_ORD}\s+{_WORD}",
    rf"(?P<word>[NDНД]){_NUM}",
))
_SECTIONS: dict[str, tuple[str, ...]] = {
    "roles": (r"роли", r"роли игроков", r"итоговые роли", r"раскрытие ролей", r"список ролей",
              r"roles", r"final roles", r"role reveal", r"the roles", r"roles were"),
    "morning": (r"утро", r"morning", r"newspaper", r"газета", r"утренняя газета",
                r"новости", r"the morning paper", r"итоги ночи", r"night results",
                r"результаты ночи"),
    # what the GM sent each player (read as any other lines: «Kit: «...»»)
    "private": (r"личные результаты", r"результаты в лс", r"ответы игрокам", r"лс",
                r"private results", r"pms", r"results sent", r"private messages"),
}
_DECORATION = re.compile(
    r"^[\s\W_]*$|^\W*(город (засыпает|просыпается)|просыпается город|the (town|city) "
    r"(wakes up|falls asleep|sleeps)|лог (ведущего|ходов|ночных ходов)|gm log|action log|"
    r"ходы игроков|ночные ходы|night actions|actions|ходы|конец( игры)?|the end|end of game)"
    r"[\s\W]*$", re.I)
TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "player": ("игрок", "ник", "кто", "персонаж", "player", "nick", "who", "actor", "slot"),
    "role": ("роль", "role"),
    "action": ("ход", "действие", "способность", "action", "ability", "move"),
    "target": ("цель", "цели", "на кого", "кого", "target", "targets"),
    "night": ("ночь", "night", "n"),
    "options": ("опции", "примечание", "примечания", "детали", "options", "notes", "details"),
}

Kind = Literal["night", "day"]


@dataclass(frozen=True)
class Header:
    kind: Kind
    number: int
    rest: str  # text after the header on the same line


def header(line: str) -> Header | None:
    for pattern in _HEADERS:
        m = pattern.match(line)
        if m is None:
            continue
        word = m["word"].casefold()
        kind: Kind = "day" if word[0] in "dд" else "night"
        if "ord" in m.groupdict() and m["ord"]:
            number = next(v for k, v in _ORDINALS.items() if m["ord"].lower().startswith(k[:4]))
        else:
            number = int(m["num"])
        return Header(kind, number, m["rest"].strip())
    return None


def section(line: str) -> str | None:
    """'roles', 'morning' or 'private' for a line that only opens such a section."""
    bare = re.sub(r"[\W_]+", " ", line).strip().casefold()
    for name, words in _SECTIONS.items():
        if bare in words:
            return name
    return None


def is_decoration(line: str) -> bool:
    return bool(_DECORATION.match(line))


def cells(line: str) -> list[str] | None:
    """The cells of a table row: Markdown pipes or tabs; None for other lines."""
    if "\t" in line.strip():
        return [c.strip() for c in line.strip().split("\t")]
    if line.count("|") >= 2 or (line.count("|") == 1 and not line.strip().startswith("|")):
        parts = line.strip().strip("|").split("|")
        return [c.strip() for c in parts]
    return None


def table_header(row: list[str]) -> list[str | None] | None:
    """The column names of a header row, None if the row is not a header (it must name the
    player and the action)."""
    named: list[str | None] = []
    for c in row:
        key = re.sub(r"[\W_]+", " ", c).strip().casefold()
        named.append(next((k for k, words in TABLE_COLUMNS.items() if key in words), None))
    return named if "player" in named and "action" in named else None


def is_rule(row: list[str]) -> bool:
    """A Markdown table's |---|:---| line."""
    return all(re.fullmatch(r":?-{2,}:?", c) or not c for c in row)
