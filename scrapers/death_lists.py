"""Lists in a GM post: the departed with a reason per name («Выбывшие: Ямайка (Dagr) — убита
мафией; Куба — казнён днём 1») and the living («Живые игроки (12): …», «Остались в игре:
…», «В игре остались:»). A list is a heading with a colon, then its items on the same line
(split at «;», or at a comma where a name starts) or on the lines below (numbered, bulleted
or bare), up to the first line that names no player at its start.

This module only cuts the text into items; `scrapers.deaths` and `scrapers.alive_lists`
resolve the names against the slots and record or report each item."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine.gamelog.published import DeathKind
from scrapers.phases.patterns import NUMBER, RU_ORDINAL, parse_number

# the heading of a list of the departed, of the living (the word forms as GMs write them:
# «Выбывшие», «Выбыли из игры», «Покинули игру», «Погибшие», "Dead"; «Живые», «Живые
# игроки», «Остались в игре», «В игре остались», «Осталось в живых», "Alive")
_DEPARTED = (r"выбывши[ейх]|выбыли(?:\s+из\s+игры)?|выбывш\w+\s+игрок\w*|покинули\s+игру"
             r"|покинувшие\s+(?:игру|нас)|погибши[ейх]|м[её]ртвы[ейх]|убиты[ейх]|вне\s+игры"
             r"|dead|eliminated|graveyard")
_ALIVE = (r"живы[ех]|живы[ех]\s+игрок\w*|игрок\w*\s+в\s+игре|в\s+игре\s+остал\w*"
          r"|остал\w*\s+в\s+(?:игре|живых)|в\s+живых\s+остал\w*|остал\w*\s+игрок\w*"
          r"|alive|living|still\s+alive|remaining\s+players")
_HEAD = r"(?im)(?:^|(?<=[.!?]))[^\S\n]*[*•\-–—\W]{{0,3}}[^\S\n]*(?:{words})" \
        r"(?:[^\S\n]+игрок\w*)?[^\S\n]*(?:[(\[][^\S\n]*\d{{1,2}}[^\S\n]*[)\]])?[^\S\n]*(?:[-—–]|:)[^\S\n]*"
DEPARTED_HEAD = re.compile(_HEAD.format(words=_DEPARTED))
ALIVE_HEAD = re.compile(_HEAD.format(words=_ALIVE))
_ITEM_START = re.compile(r"^\s*(?:\d{1,2}\s*[.)]|[-*•–—])?\s*")
# the name and its reason: «Ямайка (Dagr) — убита мафией», «Куба: казнён», «Мальта - модкилл»
_REASON = re.compile(r"\s+[-—–]\s+|\s*[—–]\s*|\s*:\s+")
_MAX_LINES = 40

_MODKILL = re.compile(r"мод-?\s?кил|modkill|mod-kill|дисквал|за\s+неактив|кикнут|kicked",
                      re.IGNORECASE)
_LYNCH = re.compile(r"казн|посаж|повеш|линч|голосован|изгна|lynch|execut|eliminat|hang",
                    re.IGNORECASE)
_KILL = re.compile(r"уби|погиб|умер|мафи|маньяк|застрел|отравл|ночь|ночью|мёртв|мертв"
                   r"|найден|kill|died|dead|shot|night", re.IGNORECASE)
_NIGHT_REF = re.compile(rf"(?:ноч(?:ь|ью|и)|night|\bN)\s*(?P<n>{NUMBER})|(?P<o>{RU_ORDINAL})"
                        r"\s+ноч", re.IGNORECASE)
_DAY_REF = re.compile(rf"(?:\bд(?:ень|н[её]м|ня)|\bday|\bD)\s*(?P<n>{NUMBER})|(?P<o>{RU_ORDINAL})"
                      r"\s+(?:день|дня|дне)", re.IGNORECASE)


@dataclass(frozen=True)
class Item:
    """One entry of a list: the words that should name a player, the rest (the reason of a
    departure, a role), where the entry stands in the text."""

    name: str
    rest: str
    start: int
    end: int


@dataclass(frozen=True)
class Listing:
    heading: str
    start: int  # the heading's start
    end: int  # the end of the last item
    items: tuple[Item, ...]


def lists(text: str, head: re.Pattern[str], names: Callable[[str], bool], *,
          commas: bool = False) -> Iterator[Listing]:
    """The lists under each heading `head` finds; `names(words)` tells whether the words
    start with a player's name (the end of a list below its heading, the items of a line
    separated by commas). `commas`: every comma separates two items (a list of names
    alone, with no reasons that may hold commas)."""
    for m in head.finditer(text):
        line_end = text.find("\n", m.end())
        line_end = len(text) if line_end < 0 else line_end
        items: list[Item] = []
        if text[m.end():line_end].strip():
            items.extend(_line_items(text, m.end(), line_end, names, commas))
            end = line_end
        else:
            end = m.end()
            at = line_end + 1
            for _ in range(_MAX_LINES):
                if at >= len(text):
                    break
                nxt = text.find("\n", at)
                nxt = len(text) if nxt < 0 else nxt
                line = text[at:nxt]
                if line.strip():
                    if head.match(line) or DEPARTED_HEAD.match(line) or ALIVE_HEAD.match(line):
                        break
                    got = list(_line_items(text, at, nxt, names, commas))
                    if not got or not names(got[0].name):
                        break
                    items.extend(got)
                    end = nxt
                at = nxt + 1
        if items:
            yield Listing(m.group().strip(), m.start(), end, tuple(items))


def _line_items(text: str, start: int, end: int, names: Callable[[str], bool],
                commas: bool) -> Iterator[Item]:
    """The items of one line: split at «;», then at commas where a name follows (a reason
    may hold commas of its own: «убит мафией, был доктором»)."""
    pieces: list[tuple[int, int]] = []
    at = start
    for m in re.finditer(r";|,", text[start:end]):
        sep = start + m.start()
        after = _ITEM_START.sub("", text[sep + 1:end]).strip()
        if m.group() == "," and not commas and not names(after):
            continue
        if _inside_brackets(text, at, sep):
            continue
        pieces.append((at, sep))
        at = sep + 1
    pieces.append((at, end))
    for s, e in pieces:
        raw = text[s:e]
        lead = _ITEM_START.match(raw)
        body = raw[lead.end():] if lead else raw
        body = body.strip().rstrip(".")
        if not body:
            continue
        offset = s + raw.find(body) if body in raw else s
        split = _REASON.search(body)
        name, rest = (body[: split.start()], body[split.end():]) if split else (body, "")
        yield Item(name.strip(), rest.strip(), offset, offset + len(body))


def _inside_brackets(text: str, start: int, at: int) -> bool:
    seg = text[start:at]
    return seg.count("(") > seg.count(")") or seg.count("[") > seg.count("]")


def departure_kind(reason: str) -> DeathKind | None:
    """What a reason says happened: a modkill, the town's elimination, a kill; None when it
    says none of them."""
    if _MODKILL.search(reason):
        return "modkilled"
    if _LYNCH.search(reason):
        return "eliminated"
    if _KILL.search(reason):
        return "killed"
    return None


def phase_said(reason: str) -> str | None:
    """The phase a reason names («днём 1», «в первую ночь», "N2"), or None."""
    for rx, kind in ((_NIGHT_REF, "N"), (_DAY_REF, "D")):
        m = rx.search(reason)
        if m is not None:
            n = parse_number(m["n"] or m["o"] or "")
            if n is not None:
                return f"{kind}{n}"
    return None


def bracketed(name: str) -> tuple[str, str | None]:
    """«Ямайка (Dagr)» -> ("Ямайка", "Dagr"); «Dagr [Ямайка]» likewise; else (name, None)."""
    m = re.fullmatch(r"(?P<out>[^()\[\]]*?)\s*[(\[](?P<in>[^()\[\]]*)[)\]]\s*(?P<tail>.*)", name)
    if m is None:
        return name.strip(), None
    outside = " ".join(f"{m['out']} {m['tail']}".split())
    return outside, m["in"].strip() or None
