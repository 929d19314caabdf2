"""«Открытые роли»: a vote is a bold run with a vote word - «Голосую за Кубу», «голос: Куба»,
«Мой голос - Кубе», «голосую против Кубы», «Против Кубы», «Сажаю Кубу», «Vote Куба»;
«голосую за себя» is a vote for the writer; «снимаю голос» withdraws (void where votes cannot
change). A bold run that is only a name («Кубу») is read too, as a bare vote: extraction keeps
it only for a player's name in a post with no written vote, and the day engine counts it only
under `open-roles.vote-form=bare-name`. Names are cut out here and resolved later
(`scrapers.names`, Russian inflection included).

The seed does not say how a vote is written; the vote words are the rule set's
(`engine.rulesets.open_roles.VOTE_WORD`), shared with the day engine.
"""

from __future__ import annotations

import re

from engine.rulesets.open_roles.vocab import UNVOTE_WORD, VOTE_WORD
from scrapers.votes.grammars.base import Command, Grammar
from scrapers.votes.marks import Mark

# words just before the vote word that make the run talk about a vote («не голосую за ...»,
# «буду голосовать», «твой голос», «если посадить ...»)
_TALK = re.compile(
    r"(?:(?<![\w-])(?:не|ни|буду|будем|хочу|хотел[аи]?|надо|нужно|можно|предлагаю|может|если|"
    r"бы|чтобы|давайте|пока|твой|свой|его|её|ее|их|чей|последний|первый|как|зачем|почему)"
    r"\s*)$", re.I)
# what may stand between the vote word and the name
_LEAD = re.compile(r"^\s*(?:[:=\-–—>]+\s*)?(?:(?:за|против|на|for|on)(?![\w-])\s*)?"
                   r"(?:[:=\-–—]+\s*)?", re.I)
_CLAUSE_END = re.compile(r"[;,!?\n|()]|\.(?:\s|$)|\s[-–—]{1,2}\s")
_BREAK = re.compile(r"[;,.!?:|\n]|\s[-–—]{1,2}\s")
_SELF = re.compile(r"^(?:себя|самого\s+себя|себе|меня|myself|me)$", re.I)
# first words of what follows a vote word that are not a name («против того, чтобы»)
_NOT_NAME = re.compile(r"^(?:того|этого|это|всех|всего|него|неё|нее|них|кого|тебя|вас|нас|"
                       r"кого-то|кого-нибудь|никого|каждого|любого|позже|потом|завтра|сейчас|"
                       r"тоже|также|так|уже|вечером|утром|ночью|пока)(?![\w-])", re.I)
_BARE_MAX_WORDS = 3
_BARE_OK = re.compile(r"^[\w .'’`~@#*+\-]+$")  # a name: letters, digits, a few signs


def read(mark: Mark) -> list[Command]:
    """Bold runs; coloured plain text is talk."""
    if mark.kind == "color":
        return []
    return parse(mark.text)


def parse(text: str) -> list[Command]:
    """The commands of one bold run, in order; a run with no vote word that is only a short
    name is a bare vote."""
    commands: list[Command] = []
    taken = 0  # text before this is part of an earlier command
    for m in sorted([*VOTE_WORD.finditer(text), *UNVOTE_WORD.finditer(text)],
                    key=lambda m: m.start()):
        if m.start() < taken or not _clause_start(text[: m.start()]):
            continue
        if UNVOTE_WORD.fullmatch(m.group()):
            commands.append(Command("unvote", None, m.group()))
            taken = m.end()
            continue
        rest = text[m.end():]
        lead = _LEAD.match(rest)
        start = m.end() + (lead.end() if lead else 0)
        name, end = _name_at(text, start)
        if name is None:
            continue
        taken = end
        raw = text[m.start(): end].strip(" ,;.!")
        if _SELF.match(name):
            commands.append(Command("vote", None, raw, to_author=True))
        else:
            commands.append(Command("vote", name, raw))
    if commands or VOTE_WORD.search(text) or UNVOTE_WORD.search(text):
        return commands
    name = text.strip().strip(".!")
    if name and len(name.split()) <= _BARE_MAX_WORDS and _BARE_OK.match(name):
        return [Command("vote", name, name, bare=True)]
    return []


def _clause_start(before: str) -> bool:
    """A vote is cast at the start of a clause, after at most two words of lead-in («Итак,
    голосую за ...», «Я голосую за ...»); words such as «не», «буду» make it talk."""
    breaks = list(_BREAK.finditer(before))
    lead = before[breaks[-1].end():] if breaks else before
    if len(lead.split()) > 2:
        return False
    return not _TALK.search(before)


def _name_at(text: str, start: int) -> tuple[str | None, int]:
    """The name written from `start` up to the clause's end, and where it ends."""
    rest = text[start:]
    cut = _CLAUSE_END.search(rest)
    piece = rest[: cut.start()] if cut else rest
    name = piece.strip().strip("\"'«»“”„[]{}*").strip()
    if not name or _NOT_NAME.match(name):
        return None, start
    return name, start + len(piece)


def looks_like(mark: Mark) -> bool:
    """A bold run with a vote word in it («голосую», «голос», «снимаю голос», ...); a bold
    run that is only a name is read as a bare vote, not counted here (most are not votes)."""
    return mark.kind != "color" and (VOTE_WORD.search(mark.text) is not None
                                     or UNVOTE_WORD.search(mark.text) is not None)


GRAMMAR = Grammar(id="open-roles", read=read,
                  prefilter=re.compile(r"<(?:b|strong)\b|font-weight|bbvote", re.I),
                  looks_like=looks_like)
