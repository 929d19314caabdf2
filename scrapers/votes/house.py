"""The vote grammar of declared house rules (`engine.gamelog.VoteForms`): a phrase before a
name ("vote X", «голосую за X», «казнить X»), an unvote phrase, a cancel phrase before a
name («не казнить X»), a no-lynch phrase (alone, or as the name of a vote), written where the
rules say a vote is (bold, a colour, the vote tag, plain lines); anything else is talk.

How a mark is read:
- every declared phrase is found in the mark's text, whole words, case-blind, any white space
  between its words; the longest phrase wins where two start at the same place ("vote for"
  over "vote");
- a phrase opens its clause (after at most two lead-in words such as "I", "so", «итак»,
  «я»): "I think we should vote Bob" is talk, "so, vote Bob" is a vote; what follows an
  unvote ("Unvote Bob vote Carl") needs no lead-in check, as in mafiascum's grammar;
- the name runs from after the phrase (past ':' '=' '-' '>' and one preposition a voter adds:
  "for", «за», «в», ...) to the clause's end; it is cut out as written and resolved to a
  slot later (`scrapers.names`: typos, Russian inflections);
- a name that is a no-lynch phrase is a vote for no lynch; «себя», "myself" is a vote for
  oneself (void where the rules forbid it);
- with `name_alone`, a short mark that is only a player's name is a vote for them, where the
  post holds no written vote (`Command.bare`).

`grammar_for(ruleset)` is the one place a rule set's grammar is looked up: a house rule set's
built here from its declaration, a rule set written as code's from the scraper registry
(`scrapers.rulesets`).
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

from engine.gamelog import VoteForms
from engine.rulesets import RuleSet
from scrapers.forum.colors import is_red, normalise_color
from scrapers.votes.grammars.base import Command, CommandKind, Grammar
from scrapers.votes.marks import Mark

# words that may come before a vote phrase in its clause
_LEAD = frozenset({
    "i", "i'll", "my", "so", "ok", "okay", "and", "then", "now", "final", "finally", "also",
    "hammer", "please", "я", "мой", "моё", "итак", "и", "тогда", "теперь", "итого", "ну",
    "#", "##", "*", "-", ">",
})
_MAX_LEAD = 2
_BREAK = re.compile(r"[;,.!?:|\n()]|\s[-–—]{1,2}\s")
_NAME_END = re.compile(r"[;,!?\n|()]|\.(?:\s|$)|\s[-–—]{1,2}\s")
_SEPARATORS = re.compile(r"^\s*[:=\-–—>]*\s*")
# what may stand between a vote phrase and a no-lynch phrase that is its name
_JOINS = re.compile(r"^\s*[:=\-–—>]*\s*(?:(?:for|on|за|в|на)\s+)?$", re.I)
# a verb right after the phrase makes it a noun, the subject of talk ("my vote is on Bob",
# "vote was ignored")
_VERB_AFTER = re.compile(r"^\s+(?:is|was|has|had|were|will|would|should|could|can|did|does|"
                         r"isn't|wasn't|doesn't|didn't|won't|counts?|stands?|stays?)\s", re.I)
_PREPOSITION = re.compile(r"^(?:for|on|against|за|в|во|на|против)\s+", re.I)
_EDGES = " \t,:;.!?\"'«»“”()[]{}*"
_SELF = frozenset({"себя", "себе", "myself", "me", "self"})
_MAX_BARE_WORDS = 4  # a mark longer than this with no phrase is talk, never a bare name


def _key(text: str) -> str:
    return " ".join(text.split()).casefold()


class _Reader:
    """The grammar's reading of marks: the declared phrases as one pattern, each phrase's
    kind, and where a mark may stand."""

    def __init__(self, forms: VoteForms) -> None:
        self.forms = forms
        kinds: dict[str, CommandKind] = {}
        # no-lynch phrases are keys too: "no lynch" must not read as the vote phrase "lynch"
        # with talk before it
        for kind, phrases in (("vote", forms.vote), ("unvote", forms.unvote),
                              ("cancel", forms.cancel), ("no-lynch", forms.no_lynch)):
            for phrase in phrases:
                kinds.setdefault(_key(phrase), kind)  # type: ignore[arg-type]
        self.kinds = kinds
        ordered = sorted(kinds, key=len, reverse=True)  # the longest phrase first
        body = "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered)
        self.pattern = re.compile(rf"(?<![\w-])(?:{body})(?![\w-])", re.I) if body else None
        self.no_lynch = {_key(p) for p in forms.no_lynch}
        # the first word of each phrase, lower-cased: a post's HTML without any holds none
        self.words = sorted({p.split()[0] for p in (*kinds, *self.no_lynch)})
        self.colours = [c for c in (normalise_color(x) if x.strip().lower() != "red" else "red"
                                    for x in forms.colours) if c is not None]

    # -- where a mark may stand ----------------------------------------------------------

    def allowed(self, mark: Mark) -> bool:
        marks = self.forms.marks
        if mark.kind == "vote-tag":
            return "tag" in marks
        if mark.kind == "plain":
            return "plain" in marks
        if mark.bold and "bold" in marks:
            return True
        return "colour" in marks and mark.color is not None and self._colour_ok(mark.color)

    def _colour_ok(self, colour: str) -> bool:
        if not self.colours:
            return True
        return any(is_red(colour) if c == "red" else c == colour.lower() for c in self.colours)

    # -- reading ---------------------------------------------------------------------------

    def read(self, mark: Mark) -> list[Command]:
        if not self.allowed(mark):
            return []
        return self.parse(mark.text)

    def parse(self, text: str) -> list[Command]:
        """Every command of one mark's text, in order."""
        keys = list(self.pattern.finditer(text)) if self.pattern is not None else []
        if not keys:
            alone = self._alone(text)
            return [alone] if alone is not None else []
        commands: list[Command] = []
        after_unvote = False
        vote_end: int | None = None  # the end of a vote phrase that found no name
        for i, m in enumerate(keys):
            end = keys[i + 1].start() if i + 1 < len(keys) else len(text)
            kind = self.kinds[_key(m.group())]
            if kind == "no-lynch" and vote_end is not None and \
                    _JOINS.match(text[vote_end: m.start()]):
                # "Vote: No Lynch", «голосую за никого»: the vote's name
                commands.append(Command("no-lynch", None, text[keys[i - 1].start(): m.end()]))
                vote_end, after_unvote = None, False
                continue
            vote_end = None
            if not after_unvote and not _opens_clause(text[: m.start()]):
                continue
            after_unvote = kind == "unvote"
            if kind == "unvote":
                commands.append(Command("unvote", None, m.group()))
                continue
            if kind == "no-lynch":
                if _opens_clause(text[: m.start()]) and not text[m.end(): end].strip(_EDGES):
                    commands.append(Command("no-lynch", None, m.group()))
                continue
            name, used = _name_after(text[m.end(): end])
            if name is None and kind == "vote":
                vote_end = m.end()
            if name is None:
                continue  # "vote, thanks", "vote:" with nothing readable: talk
            raw = text[m.start(): m.end() + used].strip(" ,;")
            if _key(name) in self.no_lynch:
                if kind == "vote":
                    commands.append(Command("no-lynch", None, raw))
                continue  # «не казнить никого» withdraws nothing
            if kind == "vote" and _key(name) in _SELF:
                commands.append(Command("vote", None, raw, to_author=True))
                continue
            commands.append(Command(kind, name, raw))
        return commands

    def _alone(self, text: str) -> Command | None:
        """A mark with no phrase: a no-lynch phrase alone, or (with `name_alone`) a short
        run that may be a player's name."""
        bare = text.strip(_EDGES)
        if not bare:
            return None
        if _key(bare) in self.no_lynch:
            return Command("no-lynch", None, text.strip())
        if self.forms.name_alone and len(bare.split()) <= _MAX_BARE_WORDS:
            return Command("vote", bare, text.strip(), bare=True)
        return None

    def looks_like(self, mark: Mark) -> bool:
        """A mark where a vote may stand holding a declared phrase: one that gives no command
        is set aside as talk, never dropped unseen."""
        return self.allowed(mark) and self.pattern is not None and \
            self.pattern.search(mark.text) is not None

    def read_lines(self, lines: list[str]) -> list[Command]:
        """The post's own plain lines, where plain text is a vote."""
        return [cmd for line in lines for cmd in self.parse(line) if not cmd.bare]

    def may_hold_vote(self, html: str) -> bool:
        if self.forms.name_alone or "&#" in html or "bbvote" in html:
            return True  # a name alone holds no phrase; a character reference hides one
        low = html.lower()
        return any(w in low for w in self.words)


def _opens_clause(before: str) -> bool:
    """The phrase opens its clause, after at most `_MAX_LEAD` lead-in words."""
    breaks = list(_BREAK.finditer(before))
    lead = before[breaks[-1].end():] if breaks else before
    words = [w.strip("\"'«»*").casefold() for w in lead.split()]
    words = [w for w in words if w]
    return len(words) <= _MAX_LEAD and all(w in _LEAD for w in words)


def _name_after(rest: str) -> tuple[str | None, int]:
    """The name after a phrase (past separators and one preposition, up to the clause's
    end), and how much of `rest` the command takes."""
    if _VERB_AFTER.match(rest):
        return None, 0
    start = _SEPARATORS.match(rest)
    lead = start.end() if start else 0
    if rest[lead:lead + 1] in (",", ".", "!", "?"):
        return None, 0  # "vote, thanks": the clause ends at once
    cut = _NAME_END.search(rest, lead)
    used = cut.start() if cut else len(rest)
    name = _PREPOSITION.sub("", rest[lead:used].strip(_EDGES)).strip(_EDGES)
    return name or None, used


@lru_cache(maxsize=64)
def _grammar(declared: str, grammar_id: str) -> Grammar:
    forms = VoteForms.model_validate_json(declared)
    reader = _Reader(forms)
    words = "|".join(re.escape(w) for w in reader.words) or r"(?!)"
    marks = forms.marks
    return Grammar(
        id=grammar_id, read=reader.read,
        prefilter=re.compile("" if forms.name_alone else rf"{words}|&#|bbvote", re.I),
        quick_prefilter=reader.may_hold_vote,
        bold="bold" in marks or "tag" in marks, colour="colour" in marks,
        plain_lines="plain" in marks,
        read_text=reader.read_lines if "plain" in marks else None,
        # a bold run or vote tag is a mark already: its line is not read twice
        text_without_marks="bold" in marks or "tag" in marks,
        looks_like=reader.looks_like)


def house_grammar(forms: VoteForms, grammar_id: str = "house") -> Grammar:
    """The grammar of declared vote forms. The same forms give the same object (a pure memo;
    its id carries a digest of the forms, so that a run's shared answers about a post
    (`PostBodies.answer`) never mix two declarations)."""
    declared = forms.model_dump_json()
    digest = hashlib.sha256(declared.encode()).hexdigest()[:12]
    return _grammar(declared, f"{grammar_id}:{digest}")


def grammar_for(ruleset: RuleSet) -> Grammar:
    """The vote grammar of `ruleset`: built from its declaration where it is a house rule
    set (the generic forum rule set among them), else the scraper registry's; a rule set the
    scrapers have no grammar for is an `UnknownRuleSetError` naming it."""
    if ruleset.house is not None:
        return house_grammar(ruleset.house.votes, ruleset.id)
    # the registry as a module, read when a game is read: its grammars import this package
    from scrapers import rulesets

    return rulesets.scraper_ruleset(ruleset.id).grammar
