"""world-cup-2018 (seed 001_221c34118e616beb.txt): «Голос оставляется красным цветом либо
делается подпись: «красным с телефона». Иные виды голосования не принимаются.»

- Red text in any notation the forum writes (``<font color=red>``, ``style="color:#f00"``,
  the canonical ``mk-color``) is a vote: «Куба», «Кубу», «голосую за Кубу», «голос в Кубу»,
  «мой голос — Куба», «против Кубы». The name may be inflected; `scrapers.names` finds the
  slot. «снимаю голос» withdraws the vote; «в себя» is a vote for oneself (void later).
  Red text of more than four words with no vote word in it is talk, not a vote.
- Bold text that is not red is not a vote, nor is any other colour.
- A post signed «красным с телефона» (a phone cannot colour text) votes in plain text: the
  vote is what the signed line holds besides the signature («Куба — красным с телефона»);
  if it holds nothing else, the nearest line above it; if there is none, the nearest line
  below. Only the author's own lines count (not quotes, spoilers, hidden text); the last
  signed line is the signature. A signed post with no vote in that line is reported
  "not-formatted".
"""

from __future__ import annotations

import re

from scrapers.forum.colors import is_red
from scrapers.votes.grammars.base import Command, Grammar
from scrapers.votes.marks import Mark

_W = r"а-яёa-z0-9"
# the last vote word of a run: «голосую», «голос», «проголосую», «отдаю голос»
_LEAD = re.compile(rf"(?<![{_W}])(?:про)?голос(?:ую|уем|ом)?(?![{_W}])\s*(?:[:=>\-–—]+\s*)?",
                   re.I)
_NOT = re.compile(r"(?<![а-яё])не\s+$", re.I)
_UNVOTE = re.compile(rf"(?<![{_W}])(?:снимаю|отзываю|забираю|убираю|отменяю)\s+"
                     rf"(?:(?:свой|мой)\s+)?голос(?![{_W}])", re.I)
_PREP = re.compile(r"^(?:за|в|во|против|на)\s+", re.I)
_SELF = re.compile(r"^(?:сам(?:ого|а)?\s+)?(?:себя|себе)$", re.I)
_CLAUSE_END = re.compile(r"[.,;!?\n(\[]|\s[-–—]+\s|\s(?:и|а|но|потому|т\.к)\s", re.I)
_EDGES = " \t:;,.!?-–—\"'«»“”()[]{}*"
MAX_BARE_WORDS = 4  # a red run longer than this with no vote word is talk

_PHONE = re.compile(r"красн[а-яё]*[\s,]*с\s+телефон[а-яё]*", re.I)
_SIG_EDGES = _EDGES + "/|"


def read(mark: Mark) -> list[Command]:
    """Red runs only; a plain line is read with its post (`read_lines`)."""
    if mark.kind == "plain" or not is_red(mark.color):
        return []
    return parse(mark.text)


def parse(text: str) -> list[Command]:
    """The vote a red run (or a phone-signed line) writes, if any."""
    text = " ".join(text.split())
    if _UNVOTE.search(text):
        return [Command("unvote", None, text)]
    leads = list(_LEAD.finditer(text))
    if leads:
        m = leads[-1]
        if _NOT.search(text[: m.start()]):
            return []  # «не голосую за Кубу»
        return _named(text[m.end():], text)
    if len(text.split()) > MAX_BARE_WORDS:
        return []
    return _named(text, text)


def _named(rest: str, raw: str) -> list[Command]:
    """The name after the vote word and its preposition, up to the clause's end."""
    rest = _PREP.sub("", rest.strip(_EDGES))
    cut = _CLAUSE_END.search(rest)
    if cut:
        rest = rest[: cut.start()]
    name = _PREP.sub("", rest.strip(_EDGES)).strip(_EDGES)
    if not name:
        return []
    if _SELF.match(name):
        return [Command("vote", None, raw, to_author=True)]
    return [Command("vote", name, raw)]


def read_lines(lines: list[str]) -> list[Command]:
    """The vote of a post signed «красным с телефона» (see the module's docstring)."""
    signed = [i for i, line in enumerate(lines) if _signature(line) is not None]
    if not signed:
        return []
    i = signed[-1]
    rest = _signature(lines[i]) or ""
    if any(c.isalpha() for c in rest):
        text = rest
    else:
        others = [ln for ln in lines[:i] if _signature(ln) is None][-1:] or \
            [ln for ln in lines[i + 1:] if _signature(ln) is None][:1]
        text = others[0] if others else ""
    commands = parse(text) if text else []
    if not commands:
        return [Command("vote", None, text or lines[i], void="not-formatted",
                        detail="signed «красным с телефона», but the line holds no vote")]
    return [Command(c.kind, c.name, f"{c.raw} (красным с телефона)", to_author=c.to_author)
            for c in commands]


def _signature(line: str) -> str | None:
    """The rest of the line when it is signed (the signature at its start or its end),
    else None: «пишите красным с телефона, если ...» mid-sentence is talk."""
    for m in _PHONE.finditer(line):
        before, after = line[: m.start()].strip(_SIG_EDGES), line[m.end():].strip(_SIG_EDGES)
        if not before or not after:
            return (before or after).strip()
    return None


def looks_like(mark: Mark) -> bool:
    """Every red run: the colour is the vote, so one that gives none is talk set aside."""
    return mark.kind != "plain" and is_red(mark.color)


GRAMMAR = Grammar(id="world-cup-2018", read=read,
                  prefilter=re.compile(r"colou?r|телефон", re.I),
                  bold=False, colour=True, read_text=read_lines, looks_like=looks_like)
