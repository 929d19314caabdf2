"""mafiascum: ``Vote: X``, ``vote X``, ``VOTE:X`` in bold or the ``[vote]`` tag, ``Unvote``,
``No lynch``; names are cut out here and resolved later (`scrapers.names`).

Forms players bring from elsewhere, read the same way:
- ``##Vote: X``: the double hash is the vote marker of boards where a plain-text vote must
  carry it (and Markdown boards render "## Vote: X" as a heading, which `marks` reads as
  bold). In bold, or as a heading, it is a vote like any other. Written plain on mafiascum
  it is still unmistakably a vote (nobody writes "##vote" in talk), but mafiascum counts only
  bold votes and the vote tag: it is read as a vote that does not count, `not-formatted`,
  so that it is reported (and the GM's count can confirm it) rather than dropped as talk or
  counted against the rules.
- ``Vote to hammer: X`` (and "to lynch"), and a bold ``hammer: X`` at the start of a clause
  ("I'm sure now, hammer: X"); "Intent to hammer: X" announces a hammer, it is talk.
- A bold ``Vote:`` whose name follows it unbolded on the same line ("**Vote:** X", the vote
  word bolded and the name after it, as the mafiascum wiki describes a vote).
- A vote whose name nothing readable gives (an empty vote tag, "Vote:" followed by an image
  or a full stop) is a cast vote all the same: it is read as a vote for no one that does not
  count (`unknown-name`), so that under "the last vote in a post wins" it does not leave an
  earlier vote of the post standing unseen (`scrapers.votes.extract`).
"""

from __future__ import annotations

import re

from scrapers.votes.grammars.base import Command, Grammar
from scrapers.votes.marks import Mark

# "vote", "VOTE:", "Unvote", "un-vote", the common typo "unvtoe", "##Vote", "Vote to hammer",
# "hammer:"; not "votecount", "voted", "voters"; not "vote count"; not "hammer" without a colon
# (talk about hammering: "don't hammer yet"); not the end of a tag typed as text ("[/vote]",
# "{/vote}": "VOTE: Bob[/vote] because ..." is one vote)
_MS_KEY = re.compile(r"(?<![\w#])(?<!\[/)(?<!\{/)(?:#+\s?)?(?:(?P<un>un-?\s?)?(?:vote|vtoe)"
                     r"(?:\s+to\s+(?:hammer|lynch|eliminate))?|(?P<hammer>hammer)(?=\s*:))"
                     r"(?![\w-])(?!\s*counts?\b)", re.I)
# a vote word with a separator after it and nothing else: the name, if any, is elsewhere
_SEPARATOR = re.compile(r"^\s*[:=\-–>]")
# a run that ends with its vote word ("Vote:", "vote"): its name may follow it unbolded
_ENDS_IN_KEY = re.compile(r"(?<![\w#])(?:#+\s?)?(?:vote|vtoe)(?:\s+to\s+(?:hammer|lynch|"
                          r"eliminate))?\s*[:=\-–>]*\s*$|(?<!\w)hammer\s*:\s*$", re.I)
_TRAILING_SEPARATOR = re.compile(r"[:=\-–>]\s*$")
_PLAIN_HASH = re.compile(r"^\s*#{2,}\s*(?:un-?\s?)?(?:vote|vtoe)(?![\w-])", re.I)
# words before "vote" that make it talk about a vote rather than cast one
_MS_NOT = re.compile(r"(?:\b(?:intent|reason|going|want|plan|not|never|n't|didn't|won't|"
                     r"will|would|should|could|may|might|to|my|your|his|her|their|the|a|"
                     r"no|one|only|wrong|last|first|previous|old|this|that|"
                     r"confirm(?:ed)?)\s*)$", re.I)
_NO_LYNCH = re.compile(r"^\s*(?:no[\s-]*lynch|nolynch|nl|no[\s-]*elimination|no[\s-]*exe(?:"
                       r"cution)?|sleep|skip)\b", re.I)
_BBCODE = re.compile(r"\[?/(?:b|i|u|s|color|vote|size|quote|spoiler|url)\]|"
                     r"\[(?:b|i|u|s|vote|quote|spoiler)\]|"
                     r"[\[{]/(?:b|i|u|s|color|vote|size)(?![\w-])[\]}]?", re.I)
# a verb right after "vote" (no separator between) makes it a noun, the subject of talk
# ("Vote was ignored", "vote is locked"); in lower case and with words after it, so that a
# name stays a name ("Vote IS" for Internet Stranger)
_VERB_AFTER = re.compile(r"^\s+(?:was|is|has|had|were|will|would|should|could|can|did|does|"
                         r"wasn't|isn't|hasn't|didn't|doesn't|won't|counts?|stands?|stays?)"
                         r"\s+\w")
_CLAUSE_END = re.compile(r"[;,\n|]|\s[-–—]{1,2}\s|\.\s|\s\(")


def read(mark: Mark) -> list[Command]:
    """Bold runs and vote tags; plain text is talk. A run that ends with its vote word takes
    its name from the plain text after it on the line (for a bare "vote", only at the start
    of a line: "why didn't you **vote** Bob?" is talk)."""
    if mark.kind == "color":
        return []
    commands = parse(mark.text, tag=mark.kind == "vote-tag")
    # a vote tag holds its name: the text after it is the post's, not the vote's
    if mark.after and mark.kind == "bold" and (not commands or _unread(commands[-1])):
        end = _ENDS_IN_KEY.search(mark.text)
        if end is not None and (mark.line_start or _TRAILING_SEPARATOR.search(end.group())):
            joined = parse(f"{mark.text} {mark.after}")
            if joined and not _unread(joined[-1]) and joined[-1].kind in ("vote", "no-lynch"):
                last = joined[-1]
                commands = [*joined[:-1], Command(
                    last.kind, last.name, last.raw,
                    detail=f"the name is written after the bold {end.group().strip()!r}, "
                           "unbolded")]
    return commands


def _unread(command: Command) -> bool:
    return command.kind == "vote" and command.name is None and command.void is not None


def parse(text: str, *, tag: bool = False) -> list[Command]:
    """``Vote: X``, ``vote X``, ``VOTE:X``, ``Unvote``, ``unvote; vote X``, ``No lynch``,
    ``##Vote: X``, ``Vote to hammer: X``, ``hammer: X``. A mark saying only "No Lynch" is a
    vote for no lynch. A vote word at the start of a clause with a separator after it
    ("Vote:"), or a vote tag (`tag`), and no name is a vote that names no one."""
    commands: list[Command] = []
    keys = list(_MS_KEY.finditer(text)) if may_hold_key(text) else []
    if not keys:
        if _NO_LYNCH.match(text) and len(text) <= 20:
            return [Command("no-lynch", None, text.strip())]
        return []
    for i, m in enumerate(keys):
        # "Unvote: TvK Vote: SiX": what follows an unvote is the name it withdraws, so the
        # vote after it needs no lead-in check
        after_unvote = i > 0 and bool(keys[i - 1]["un"]) and bool(commands) \
            and commands[-1].kind == "unvote"
        if not after_unvote and not _clause_start(text[: m.start()]):
            continue
        end = keys[i + 1].start() if i + 1 < len(keys) else len(text)
        piece = text[m.start(): end]
        if m["un"]:
            commands.append(Command("unvote", None, piece.strip(" ,;:")))
            continue
        rest = text[m.end(): end]
        clause = _name_clause(rest)  # read once for the name, "x2" and a second name
        name = None if clause is None else _bare(clause[0])
        if clause is None or not name:
            # the last vote word of the run, written as a command, not a typed tag's end
            # ("[/vote]"), nor a lead-in to the next ("VOTE: Vote: X", "VOTE: UNVOTE")
            if i + 1 == len(keys) and (tag or m["hammer"] or _SEPARATOR.match(rest)) \
                    and not _has_words(rest) and not text[: m.start()].endswith("[/") \
                    and not rest.lstrip().startswith("]"):
                commands.append(Command(
                    "vote", None, piece.strip(" ,;"), void="unknown-name",
                    detail="nothing readable follows the vote word (no name, or an image)"))
            continue
        if _NO_LYNCH.match(name):
            commands.append(Command("no-lynch", None, piece.strip(" ,;")))
        else:
            commands.append(Command("vote", name, piece.strip(" ,;"),
                                    both=_doubled(clause), split=_two_names(clause)))
    return commands


def _has_words(rest: str) -> bool:
    """Whether a clause the name reader found no name in still holds words ("Vote: . I will
    take time to think" holds none before its full stop; "vote, thanks" is talk)."""
    first = _SENTENCE_END.split(_LEADING_SEPARATORS.sub("", rest), maxsplit=1)[0]
    return _WORD.search(first) is not None


_SENTENCE_END = re.compile(r"[.!?\n]")
_LEADING_SEPARATORS = re.compile(r"^\s*[:=\-–>]+")
_WORD = re.compile(r"\w")


_BREAK = re.compile(r"[;,.!?:|\n]|\s[-–—]{1,2}\s|\[/\w*\]?|\{/\w*\}?|\]")
# the words that may come before "vote" in a cast vote ("Hammer vote X", "so, vote X",
# "Unvote vote X"); any other word makes it a report or talk ("Edosurist vote me",
# "explain how you believe he flipped your vote")
_LEAD_OK = frozenset({
    "unvote", "un-vote", "hammer", "hammering", "final", "finally", "official", "officially",
    "formal", "formally", "so", "ok", "okay", "and", "also", "now", "then", "thus",
    "therefore", "hence", "anyway", "anyways", "i", "i'll", "ill", "i'm", "im", "random",
    "fos", "mod", "@mod", "daykill", "please", "ps", "edit", "re", "plus", "+", "/", "&",
    "yes", "yeah", "fine", "sure", "reluctantly", "tentative", "tentatively", "rvs", "new",
    "current", "updated", "=", "->", ">", "*", "-",
})


def _clause_start(before: str) -> bool:
    """A vote is cast at the start of a clause, after at most two lead-in words of the kind
    people write before a vote ("Hammer vote X", "FoS: Dragon, Vote: MM4"). After other
    words it is talk about votes ("... for Peabody to unvote at that point") or a report of
    someone else's ("Edosurist vote me")."""
    # most votes open their run: nothing before them for `_lead_in` to read (it says yes
    # to every blank text)
    return not before or before.isspace() or _lead_in(before)


def _lead_in(before: str) -> bool:
    """`_clause_start`'s reading of the text before the vote word."""
    if (before.count('"') + before.count("“") + before.count("”")) % 2:
        return False  # inside quoted speech: 'saying "if I'm the top scumread, vote me"'
    breaks = list(_BREAK.finditer(before))
    lead = before[breaks[-1].end():] if breaks else before
    words = [w.strip("\"'()*").lower() for w in lead.split()]
    words = [w for w in words if w]
    if len(words) > 2 or any(w not in _LEAD_OK for w in words):
        return False
    return not _MS_NOT.search(before)


# a doublevoter's "X x2" (or "X (x2)", "X*2") at the end of the name
_DOUBLED = re.compile(r"\s*(?:[x×*]\s*2|\(\s*x\s*2\s*\))$", re.I)
_LEAD = re.compile(r"^\s*(?:[:;=\-–>]+\s*)?(?:for\s+|on\s+)?", re.I)
# "A, B", "A and B", "A & B": a second name right after the first
_AND_NAME = re.compile(r"^\s*(?:,|&|\+|and\b)\s*(?P<name>[^\s,;&+].*)", re.I | re.S)
_MAX_SECOND_WORDS = 3


def _clause(rest: str) -> tuple[str, str]:
    """The vote's clause after the vote word (past the lead-in, up to the clause's end),
    and what follows it. A "[/b]" typed wrong stays in the text ("rest/b] Stop"): it is a
    space here."""
    rest = _BBCODE.sub(" ", _LEAD.sub("", rest))
    cut = _CLAUSE_END.search(rest)
    return (rest[: cut.start()], rest[cut.start():]) if cut else (rest, "")


def _bare(name: str) -> str:
    """A clause's name: its edge punctuation and a doublevoter's "x2" off."""
    name = name.strip().strip(",:;.!?\"'«»()[]{}").strip()
    return _DOUBLED.sub("", name).strip()


def _doubled(clause_after: tuple[str, str]) -> bool:
    """"X x2", "X*2", "X (x2)": both of a doublevoter's votes on X (`_clause`'s reading of
    what follows the vote word)."""
    clause, after = clause_after
    return _DOUBLED.search(clause.strip().strip(",:;.!?\"'«»()[]{}").strip()) is not None or \
        _X2_AFTER.match(after) is not None


_X2_AFTER = re.compile(r"\s*\(\s*x\s*2\s*\)", re.I)


def _two_names(clause_after: tuple[str, str]) -> tuple[str, str] | None:
    """Two names written one after the other ("Vote: A, B", "Vote: A and B", "A & B"), the
    second of at most `_MAX_SECOND_WORDS` words up to its clause's end; None when the vote
    names one. Read only for a voter whose two votes stand apart (the extractor decides,
    and takes the two only where each names a player). `clause_after`: `_clause`'s reading
    of what follows the vote word."""
    first, tail = clause_after
    low = first.lower()
    joins = [i for i in (low.find(" and "), first.find(" & "), first.find(" + ")) if i >= 0]
    if joins:  # "A and B" in one clause
        at = min(joins)
        first, tail = first[:at], first[at:] + tail
    m = _AND_NAME.match(tail)
    if m is None:
        return None
    second = _bare(_clause(m["name"])[0])
    first = _bare(first)
    if not first or not second or len(second.split()) > _MAX_SECOND_WORDS:
        return None
    return first, second


def _name_clause(rest: str) -> tuple[str, str] | None:
    """The clause after 'vote' that holds its name (`_clause`: past ':' '-' '=', 'for', up
    to the clause's end, and what follows it); None when the clause ends at once ("one
    vote, thanks"). Its name is `_bare` of the clause: a doublevoter's "X x2" names X (the
    weight is the role's or, for one whose votes stand apart, `Command.both`)."""
    if _ENDS_AT_ONCE.match(rest) or _VERB_AFTER.match(rest):
        return None
    return _clause(rest)


_ENDS_AT_ONCE = re.compile(r"^\s*[,.!?)]")


def looks_like(mark: Mark) -> bool:
    """A bold run or vote tag with the vote word in it ("vote", "unvote", "vtoe")."""
    return mark.kind != "color" and may_hold_key(mark.text) and \
        _MS_KEY.search(mark.text) is not None


def may_hold_key(text: str) -> bool:
    """Whether `_MS_KEY` may find a vote word in `text`: no where its lower-cased form
    holds none of the pattern's words. Most bold runs are no vote (emphasis, a quote's
    title): the pattern has no literal start and is tried at every character, `lower()`
    and `in` look at each once, in C. Never no where the pattern matches: its words match
    case-blind only what lowers to them (checked over all of Unicode in
    tests/scrapers/test_votes_mafiascum.py)."""
    low = text.lower()
    return "vote" in low or "vtoe" in low or "hammer" in low


def read_lines(lines: list[str]) -> list[Command]:
    """The post's plain lines (bold runs and vote tags left out) that open with "##vote": a
    vote in another board's plain-text form, which mafiascum does not count (module doc)."""
    commands: list[Command] = []
    for line in lines:
        if not _PLAIN_HASH.match(line):
            continue
        for cmd in parse(line):
            commands.append(Command(
                cmd.kind, cmd.name, cmd.raw, void="not-formatted",
                detail="a '##' vote written plain: mafiascum counts bold votes and the vote "
                       "tag"))
    return commands


# a post that can hold a vote: the vote word, or its first letters alone in an element (a
# vote coloured letter by letter holds no "vote" in its HTML)
_PREFILTER = re.compile(r"vote|vtoe|lynch|hammer\s*:|>\s?(?:v|vo|vot)<", re.I)
_HAMMER_COLON = re.compile(r"hammer\s*:")
_VOTE_START = re.compile(r">\s?(?:v|vo|vot)<")


def may_hold_vote(html: str) -> bool:
    """`_PREFILTER`'s answer by `lower()` and `in` (a case-blind regex scans each character
    at ~10 ns; the string methods, a tenth of that). The same answers: the only characters
    that match the pattern's letters case-blind are those whose `lower()` is that letter,
    and no character lowers to several holding one of them (checked over all of Unicode in
    tests/scrapers/votes/test_prefilter.py)."""
    low = html.lower()
    if "vote" in low or "vtoe" in low or "lynch" in low:
        return True
    if "hammer" in low and _HAMMER_COLON.search(low):
        return True
    return ("v<" in low or "vo<" in low or "vot<" in low) and _VOTE_START.search(low) is not None


GRAMMAR = Grammar(id="mafiascum", read=read, prefilter=_PREFILTER, quick_prefilter=may_hold_vote,
                  looks_like=looks_like, read_text=read_lines, text_needle="##",
                  text_without_marks=True, read_after=_ENDS_IN_KEY)
