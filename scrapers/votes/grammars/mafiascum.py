"""mafiascum: ``Vote: X``, ``vote X``, ``VOTE:X`` in bold or the ``[vote]`` tag, ``Unvote``,
``No lynch``; names are cut out here and resolved later (`scrapers.names`)."""

from __future__ import annotations

import re

from scrapers.votes.grammars.base import Command, Grammar
from scrapers.votes.marks import Mark

# "vote", "VOTE:", "Unvote", "un-vote", the common typo "unvtoe"; not "votecount", "voted",
# "voters"; not "vote count"
_MS_KEY = re.compile(r"(?<![\w#])(?P<un>un-?\s?)?(?:vote|vtoe)(?![\w-])(?!\s*counts?\b)", re.I)
# words before "vote" that make it talk about a vote rather than cast one
_MS_NOT = re.compile(r"(?:\b(?:intent|reason|going|want|plan|not|never|n't|didn't|won't|"
                     r"will|would|should|could|may|might|to|my|your|his|her|their|the|a|"
                     r"no|one|only|wrong|last|first|previous|old|this|that|"
                     r"confirm(?:ed)?)\s*)$", re.I)
_NO_LYNCH = re.compile(r"^\s*(?:no[\s-]*lynch|nolynch|nl|no[\s-]*elimination|no[\s-]*exe(?:"
                       r"cution)?|sleep|skip)\b", re.I)
_BBCODE = re.compile(r"\[?/(?:b|i|u|s|color|vote|size|quote|spoiler|url)\]|"
                     r"\[(?:b|i|u|s|vote|quote|spoiler)\]", re.I)
_CLAUSE_END = re.compile(r"[;,\n|]|\s[-–—]{1,2}\s|\.\s|\s\(")


def read(mark: Mark) -> list[Command]:
    """Bold runs and vote tags; plain text is talk."""
    if mark.kind == "color":
        return []
    return parse(mark.text)


def parse(text: str) -> list[Command]:
    """``Vote: X``, ``vote X``, ``VOTE:X``, ``Unvote``, ``unvote; vote X``, ``No lynch``.
    A mark saying only "No Lynch" is a vote for no lynch."""
    commands: list[Command] = []
    keys = list(_MS_KEY.finditer(text))
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
        name = _name_after(rest)
        if name is None:
            continue
        if _NO_LYNCH.match(name):
            commands.append(Command("no-lynch", None, piece.strip(" ,;")))
        else:
            commands.append(Command("vote", name, piece.strip(" ,;")))
    return commands


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
    if (before.count('"') + before.count("“") + before.count("”")) % 2:
        return False  # inside quoted speech: 'saying "if I'm the top scumread, vote me"'
    breaks = list(_BREAK.finditer(before))
    lead = before[breaks[-1].end():] if breaks else before
    words = [w.strip("\"'()*").lower() for w in lead.split()]
    words = [w for w in words if w]
    if len(words) > 2 or any(w not in _LEAD_OK for w in words):
        return False
    return not _MS_NOT.search(before)


def _name_after(rest: str) -> str | None:
    """The name written after 'vote': past ':' '-' '=', 'for', up to the clause's end;
    none when the clause ends at once ("one vote, thanks")."""
    if re.match(r"^\s*[,.!?)]", rest):
        return None
    rest = re.sub(r"^\s*(?:[:;=\-–>]+\s*)?(?:for\s+|on\s+)?", "", rest, flags=re.I)
    rest = _BBCODE.sub(" ", rest)  # "[/b]" typed wrong stays in the text: "rest/b] Stop"
    cut = _CLAUSE_END.search(rest)
    if cut:
        rest = rest[: cut.start()]
    rest = rest.strip().strip(",:;.!?\"'«»()[]{}").strip()
    # a doublevoter's "X x2": the weight is the role's, the name is X
    rest = re.sub(r"\s*(?:[x×*]\s*2|\(\s*x\s*2\s*\))$", "", rest, flags=re.I).strip()
    return rest or None


def looks_like(mark: Mark) -> bool:
    """A bold run or vote tag with the vote word in it ("vote", "unvote", "vtoe")."""
    return mark.kind != "color" and _MS_KEY.search(mark.text) is not None


GRAMMAR = Grammar(id="mafiascum", read=read, prefilter=re.compile(r"vote|vtoe|lynch", re.I),
                  looks_like=looks_like)
