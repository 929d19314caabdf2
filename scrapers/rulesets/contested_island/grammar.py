"""contested-island: bold «казнить X» is a vote, bold «не казнить X» cancels it (seed 000,
General Game Rules 3: "Execution is formatted in bold as "execute xxx". Cancellation of
execution is formatted in bold as "do not execute xxx"."). The English forms of the seed's
translation ("execute X", "do not execute X", "don't execute X") are read too.

Only bold runs are marks: the rule says the command is formatted in bold, and plain «казнить
Кубу» is everyday talk in these threads («давайте казнить Кубу?»), so plain lines give no
command at all rather than a flood of "not-formatted" marks. Inside bold, the command must
open its clause (after at most a «голосую»/"vote" lead-in): «предлагаю казнить Кубу» or
«нельзя казнить Кубу» is talk. The name is cut out as written («Кубу», inflected) and resolved
later (`scrapers.names`, Russian lemmas). The rules have no vote for nobody: «казнить никого»
is read and reported as not a target.
"""

from __future__ import annotations

import re

from scrapers.votes.grammars.base import Command, CommandKind, Grammar
from scrapers.votes.marks import Mark

# «казнить», «не казнить», "execute", "do not execute", "don't execute"; not «казнил»,
# «казнят», "executed", "execution"
_KEY = re.compile(r"(?<![\w-])(?P<neg>(?:не|not|do\s+not|don[’']?t|dont)\s+)?"
                  r"(?:казнить|execute)(?![\w-])", re.I)
# the words that may come before the command in its clause
_LEAD = frozenset({"голосую", "голос", "мой", "итак", "я", "vote", "my", "i", "so", "итого"})
_BREAK = re.compile(r"[;,.!?:|\n()]|\s[-–—]{1,2}\s")
_NAME_END = re.compile(r"[;,!?\n|()]|\.(?:\s|$)|\s[-–—]{1,2}\s")
_NOBODY = re.compile(r"^(?:никого|никто|nobody|no\s*one|none)(?!\w)", re.I)


def read(mark: Mark) -> list[Command]:
    """Bold runs (and vote tags); a coloured run that is not bold is talk."""
    if mark.kind == "color":
        return []
    return parse(mark.text)


def parse(text: str) -> list[Command]:
    """Every command in one bold run, in order: «Не казнить Кубу, казнить Мальту» is a cancel
    and a vote."""
    commands: list[Command] = []
    keys = list(_KEY.finditer(text))
    for i, m in enumerate(keys):
        if not _opens_clause(text[: m.start()]):
            continue
        end = keys[i + 1].start() if i + 1 < len(keys) else len(text)
        name, used = _name_after(text[m.end(): end])
        if name is None:
            continue
        raw = text[m.start(): m.end() + used].strip(" ,;")
        kind: CommandKind = "cancel" if m["neg"] else "vote"
        if _NOBODY.match(name):
            commands.append(Command(kind, None, raw, void="not-a-target",
                                    detail="the rules have no vote for nobody: only "
                                           "«казнить X» and «не казнить X»"))
            continue
        commands.append(Command(kind, name, raw))
    return commands


def _opens_clause(before: str) -> bool:
    """The command opens its clause, after at most a lead-in from `_LEAD`."""
    breaks = list(_BREAK.finditer(before))
    lead = before[breaks[-1].end():] if breaks else before
    return all(w.casefold().strip("«»\"'") in _LEAD for w in lead.split())


def _name_after(rest: str) -> tuple[str | None, int]:
    """The name after the command (past ':' '-' '=', up to the clause's end), and how much of
    `rest` the command takes."""
    start = re.match(r"\s*[:=\-–—>]*\s*", rest)
    lead = start.end() if start else 0
    cut = _NAME_END.search(rest, lead)
    used = cut.start() if cut else len(rest)
    name = rest[lead:used].strip().strip(",:;.!?\"'«»()[]{}").strip()
    return name or None, used


def looks_like(mark: Mark) -> bool:
    """A bold run with «казнить» / "execute" in it."""
    return mark.kind != "color" and _KEY.search(mark.text) is not None


GRAMMAR = Grammar(id="contested-island", read=read,
                  prefilter=re.compile(r"казн|execut", re.I), looks_like=looks_like)
