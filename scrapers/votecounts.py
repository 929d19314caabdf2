"""The GM's vote counts, read from the thread.

A count is the GM's account of the standing votes: a line per target (head, separator,
voters) and who is not voting. Moderators write it in many styles ("(5) Bob — A, B",
"Bob (L-1): A, B", "Bob [2]: A, B", "Bob: (2) A, B", "Bob - A, B (2)", a table, «Ямайка
(3): Куба, Мальта»); each line is read on its own and every name resolved to a slot with
`scrapers.names`. What cannot be read is reported, never guessed: a head that names no
player, names that fit no slot (or several), a line that reads two ways. The GM's numbers
are kept as written: a count is evidence of what the GM announced, right or wrong.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from typing import Literal

from lxml import etree

from engine.day.window import day_window, days_of
from engine.gamelog import GameLog, ParseIssue, Post, SourceRef, Where, phase_sort_key
from engine.gamelog.published import PhasePublished, TallyEntry, VoteCount
from scrapers.html_text import PostBodies, is_block
from scrapers.names import GM, NameIndex
from scrapers.names.keys import fold
from scrapers.votes.marks import parse_body

# -- the post's own lines ----------------------------------------------------------------

# images are smilies (an alt text is no name); a cite names a quoted author; <s> strikes out
_DROP = frozenset({"script", "style", "noscript", "input", "button", "img", "iframe", "cite",
                   "blockquote", "s", "del", "strike"})
_APART_CLASS = re.compile(r"spoiler|quote|hidden", re.I)


def _left_out(el: etree._Element) -> bool:
    """Not the count as it stands: quotes, spoilers and hidden text (not the GM's words, or
    an old count folded away), and struck-through names (withdrawn votes some moderators
    keep in the line as history)."""
    return el.tag in _DROP or _set_apart(el.get("class"), el.get("style"))


def _set_apart(cls: str | None, style: str | None) -> bool:
    """`_left_out` by the element's class and style (None: not given)."""
    if cls and _APART_CLASS.search(cls):
        return True
    if not style:
        return False
    style = style.replace(" ", "").lower()
    return "display:none" in style or "visibility:hidden" in style or "line-through" in style


def count_lines(root: etree._Element) -> list[str]:
    """The post's own text line by line, spaces collapsed, without what `_left_out` drops.
    (`scrapers.html_text.element_text` breaks lines at every <div>, but mafiascum writes
    bold and colour as <div style="display:inline">: "<b>Bob</b> (2): A" is one line.)"""
    parts: list[str] = [root.text or ""]
    _walk(root, parts)
    return [line for raw in "".join(parts).split("\n") if (line := " ".join(raw.split()))]


def _walk(node: etree._Element, parts: list[str]) -> None:
    # `_left_out` spelt out, each attribute asked once: this runs on every element of
    # every GM post of a day
    for child in node:
        tag = child.tag
        if isinstance(tag, str) and tag not in _DROP and not _set_apart(
                child.get("class"), child.get("style")):
            if tag == "tr":
                parts.append(f"\n{_row(child)}\n")
            else:
                block = is_block(child)
                parts.append("\n" if block else "")
                parts.append(child.text or "")
                if len(child):  # no elements inside (a <br>, most <b>): nothing to walk
                    _walk(child, parts)
                parts.append("\n" if block else "")
        parts.append(child.tail or "")


def _row(tr: etree._Element) -> str:
    """A table row (target | number | voter | voter ...) as the line a GM would type:
    "Lucresia (4): DeathRowKitty, Valern"."""
    cells: list[str] = []
    for cell in tr:
        if isinstance(cell.tag, str) and cell.tag in ("td", "th") and not _left_out(cell):
            parts = [cell.text or ""]
            _walk(cell, parts)
            cells.append(" ".join("".join(parts).split()))
    cells = [c for c in cells if c] or [""]
    if len(cells) > 1 and re.fullmatch(r"[(\[]?\d+(?:\.\d+)?[)\]]?", cells[1]):
        return f"{cells[0]} ({cells[1].strip('()[]')}): {', '.join(cells[2:])}"
    return f"{cells[0]}: {', '.join(cells[1:])}" if len(cells) > 1 else cells[0]


# -- one line ----------------------------------------------------------------------------

_NUM = r"(\d+(?:\.\d+)?)"
_GROUP = re.compile(r"\([^()]*\)|\[[^\[\]]*\]|\{[^{}]*\}")
_NUMBER_GROUP = re.compile(r"[(\[{]\s*" + _NUM + r"\s*[)\]}]")
# ":" but not in a time ("18:00"); a dash; a hyphen with a space on one side at least
# ("Tn5421- A", "Bob -A"), not inside a name ("Sharpest-knife-on-tree")
_SEP = re.compile(r"(?<!\d):|:(?!\d)|[—–=]|\s-+|-+\s")
_BULLET = re.compile(r"^(?:[\s*•·>~+-]+|(?:\d{1,3}|x)[.)]\s+)+", re.I)  # "- ", "3. ", "x. "
_ARROW = re.compile(r"(?:<\s*-+|<=+|←|\s<\s).*$")  # "A, B <---- Successful Lynch": a note
_LEAD_NUMBER = re.compile(r"^(?:[(\[]\s*" + _NUM + r"\s*[)\]]|" + _NUM
                          + r"(?=\s*(?:$|[(:—–-])))\s*(?:[:—–-]\s*)?")
_TAIL_NUMBER = re.compile(r"[(\[]\s*" + _NUM + r"\s*[)\]]\s*$")
_HEAD_TAIL_NUMBER = re.compile(r"\s(\d{1,2}(?:\.\d+)?)$")
# marks beside a name that are no name: "L-1", "LYNCH", "< Lynch!", "(hammered)"
_ANNOTATION = re.compile(r"(?<!\w)(?:L\s*-\s*\d+|lynch(?:ed)?|hammer(?:ed)?)(?!\w)", re.I)
_EDGES = " \t*.:!<>~+#@'\"-–—_"
_POST_REF = re.compile(r"(?:#|\bpost\s*)\d+", re.I)
_AND = re.compile(r"^(?:and|&|и)\s+", re.I)
_ITEM_SPLIT = re.compile(r"[,;|]|\s/\s")
_JOINED = re.compile(r"\s+(?:and|&|и|/)\s+|\.\s+", re.I)  # "Bob and Carol", "Toby. Saki"
_TIMES = re.compile(r"^(.+?)\s*[x×]\s*(\d)$")  # "Shattered Viewpointx2": a double vote
_LETTER = re.compile(r"[^\W\d_]")
_RUNS = re.compile(r"(.)\1{2,}")
_NOBODY = re.compile(r"^(?:none|nobody|no ?one|n/?a|никто|нет)$", re.I)
_NOT_VOTING = re.compile(r"\bnot?[\s-]*vot(?:ing|ed|e)\b|\bnon[\s-]*vot|\babstain"
                         r"|\bне\s+(?:про)?голос", re.I)
_NO_LYNCH = re.compile(r"^(?:no[\s-]*lynch|nl|no[\s-]*elimination)$|не\s+казн|казнить\s+никого"
                       r"|никого\s+не\s+казн", re.I)
# heads of the lines around a count: "Deadline: ...", "Mod Notes:", "With 13 alive - ..."
_STOP_HEAD = re.compile(r"^(?:\d|with\b|deadline|mod\b|moderator|notes?\b|v/?la\b|day\b|night\b"
                        r"|vote|votecount|vc\b|tally|updated|prods?\b|replace|дедлайн|день\b"
                        r"|ночь\b|итог|голос)", re.I)
# a heading after which lines are no tally lines (until a count begins again)
_SECTION = re.compile(r"^(?:v/?la|mod(?:erator)?(?:'s)?\s*notes?|notes?|replacements?|prods?"
                      r"|vacations?|vot(?:e|ing)\s*history)\b", re.I)
# the title of a count ("Vote Count 1.14", «Итоги голосования»); a word of one
_HEADING = re.compile(r"vote\s*(?:count|tally)|votecount|\bvc\b|голосовани|голоса|голосов\b"
                      r"|подсч[её]т", re.I)  # «Промежуточный подсчёт», «Подсчёт голосов»
_KEYWORD = re.compile(_HEADING.pattern + r"|\bto\s+lynch\b", re.I)
_OPENS = {"(": ")", "[": "]", "{": "}"}
_MAX_WORDS = 5  # "Jake from State Farm"; a longer head is a sentence

LineKind = Literal["slot", "no-lynch", "not-voting", "unknown"]


@dataclass
class _Line:
    text: str
    kind: LineKind
    target: str | None  # slot id or "no-lynch"; None for not-voting and unknown heads
    written: float | None  # the number the GM wrote
    items: list[str]  # the names listed, as written
    marked: bool  # "L-1", "LYNCH" and the like: a tally line even when the head is no player


def _mask(text: str, fill: str = "\x01") -> str:
    """`text` with each bracketed group blanked, positions kept: "(L - 5)" holds no sep."""
    while (masked := _GROUP.sub(lambda m: fill * len(m.group()), text)) != text:
        text = masked
    return text


class _Names:
    """`NameIndex.resolve` held to names written out whole, with a cache.

    The resolver reads a name at the start of a longer text ("Zyrconium is lynched. It
    was ..."), right for a vote, not for a count: a head or a voter must be a name and no
    more, or the line is no tally line (or the name is reported). The cache: counts repeat
    the same names post after post, and a name resolves the same between replacements."""

    def __init__(self, log: GameLog) -> None:
        self.index = NameIndex.from_log(log)
        self.cuts = sorted({n.until for n in self.index.names if n.until is not None})
        self.cache: dict[tuple[str, int], str | None] = {}
        # `voters`' answers, kept as `slot`'s are: a count's items are read two or three
        # times (is the line a tally line, who is not voting, the tally), and the same
        # items again in each count of the day
        self.lists: dict[tuple[str, int], list[str] | None] = {}
        self.keys = {fold(n.text) for n in self.index.names}
        # a text longer than every name by more than `slot`'s slack is no name written
        # whole, whatever the resolver makes of it: not read at all (a count's lines and
        # the runs of its words are mostly no names). Not "A/B", which the resolver may
        # match as a whole (a slot's two nicks)
        self.longest = max(map(len, self.keys), default=0) + 3

    def slot(self, written: str, at: int) -> str | None:
        """The slot id `written` names; None for no one, several, or a moderator."""
        key = (written, bisect_right(self.cuts, at))
        if key not in self.cache:
            mine = _RUNS.sub(r"\1\1", fold(written))
            if len(mine) > self.longest and "/" not in written:  # "A/B": two names matched
                self.cache[key] = None
                return None
            res = self.index.resolve(written, at=at)
            name = fold(res.matched or "")
            # no longer than the name (but a typo judged whole); a lone letter written out
            slack = 3 if res.how in ("fuzzy", "sound") else 1
            whole = bool(name) and (len(mine) > 1 or res.how == "exact") and len(
                mine) <= len(name) + slack
            self.cache[key] = res.owner if whole and res.owner != GM else None
        return self.cache[key]

    def voters(self, item: str, at: int) -> list[str] | None:
        """The slots an item of a list names: one, or several run together without a comma
        ("Frogsterking redFF", "Bob and Carol"); None when it is not names only. The list
        is shared between calls: not to be changed."""
        key = (item, bisect_right(self.cuts, at))
        if key in self.lists:
            return self.lists[key]
        found = self.lists[key] = self._voters(item, at)
        return found

    def _voters(self, item: str, at: int) -> list[str] | None:
        whole = self.slot(item, at)
        if whole is not None:
            return [whole]
        found: list[str] = []
        for chunk in _JOINED.split(item):
            words = chunk.split()  # the fewest names, one player each, they split into
            best: list[list[str] | None] = [[]] + [None] * len(words)
            for end in range(1, len(words) + 1):
                for start in range(max(0, end - _MAX_WORDS), end):
                    text = " ".join(words[start:end]).strip(_EDGES)
                    before, now = best[start], best[end]
                    slot = self.slot(text, at) if before is not None and text else None
                    if slot and before is not None and slot not in before and (
                            now is None or len(before) + 1 < len(now)):
                        best[end] = [*before, slot]
            if best[-1] is None:
                return None
            found.extend(best[-1] or [])
        return found if len(found) == len(set(found)) > 1 else None


def _items(rest: str) -> list[str]:
    """The names of a list as written. Notes in brackets go before the split ("Bob (voted
    at 12:00, late)"); what has no letter is no name ("<3", "-")."""
    out = []
    for item in _ITEM_SPLIT.split(_mask(rest, " ")):
        item = _POST_REF.sub(" ", _ANNOTATION.sub(" ", item))
        item = _AND.sub("", " ".join(item.split()).strip(_EDGES))
        if _LETTER.search(item) and not _NOBODY.match(item):
            out.append(item)
    return out


def _parse_line(text: str, names: _Names, at: int) -> _Line | None:
    """A line read as head, separator, voters; None when it cannot be a tally line."""
    if not _may_part(text):
        return None
    line = _BULLET.sub("", text)
    sep = _SEP.search(_mask(line))
    if sep is not None:
        head, rest = line[: sep.start()], line[sep.end():]
    else:
        # "Impoetic (1) Dunnstral" and "Hinduragi (0)": the number parts head from voters
        num = next((m for m in _NUMBER_GROUP.finditer(line) if m.start() > 0), None)
        if num is None:
            return None
        head, rest = line[: num.end()], line[num.end():]
    numbers = _NUMBER_GROUP.findall(head)
    written = float(numbers[-1]) if numbers else None
    bare = " ".join(_GROUP.sub(" ", head).split()).strip(_EDGES)
    kind: LineKind = "slot"
    target: str | None = None
    if _NOT_VOTING.search(head):  # "(NOT VOTING)", "Pacifists (Not Voting)"
        kind = "not-voting"
    elif _NO_LYNCH.search(bare):
        kind, target = "no-lynch", "no-lynch"
    else:
        bare = " ".join(_ANNOTATION.sub(" ", bare).split()).strip(_EDGES)
        if not bare or _STOP_HEAD.match(bare) or len(bare.split()) > _MAX_WORDS:
            return None
        tail = _HEAD_TAIL_NUMBER.search(bare)
        if tail and written is None and fold(bare) not in names.keys:  # "Bob 5 - A, B"
            target = names.slot(bare[: tail.start()], at)  # not "Agent 47"
            written = float(tail.group(1)) if target is not None else None
        target = target or names.slot(bare, at)
        kind = "slot" if target is not None else "unknown"
    rest = _ANNOTATION.sub(" ", _ARROW.sub("", rest)).strip(" -–—:")
    lead = _LEAD_NUMBER.match(rest)
    if lead is not None and lead.end() > 0:  # "Bob: (5) A, B", "Valern - 3 (A, B)"
        written = float(lead.group(1) or lead.group(2)) if written is None else written
        rest = rest[lead.end():].strip()
    trail = _TAIL_NUMBER.search(rest)
    if trail is not None:  # "Monk - A, B, C (3)"
        written = float(trail.group(1)) if written is None else written
        rest = rest[: trail.start()].strip()
    if rest[:1] in _OPENS and rest.endswith(_OPENS[rest[0]]) and \
            _mask(rest) == "\x01" * len(rest):
        rest = rest[1:-1]  # "Valern - 3 (Giitah, hiplop)", "Bob - [Carol, Dave]": in brackets
    return _Line(text, kind, target, written, _items(rest), bool(_ANNOTATION.search(line)))


def _may_part(text: str) -> bool:
    """Whether `_parse_line` may find a head in `text`: a separator (`_SEP`: ':', a dash,
    '=') or a number in brackets (`_NUMBER_GROUP`) needs one of these characters, which
    taking a bullet off and blanking groups only remove. Most lines of a GM's post (the
    story, the rules) hold none: no regex is run on them."""
    return ":" in text or "-" in text or "(" in text or "[" in text or "{" in text \
        or "=" in text or "\u2014" in text or "\u2013" in text


# -- one post ----------------------------------------------------------------------------


def _read_lines(lines: list[str], names: _Names, at: int) -> list[tuple[int, _Line]]:
    """The tally lines of a post (and lines that look like ones), with their numbers."""
    out: list[tuple[int, _Line]] = []
    stopped, title, i = False, -1, 0
    heading: int | None = None  # the count's title: the first with tally lines after it
    while i < len(lines):
        text, i = lines[i], i + 1
        if _SECTION.match(text):
            stopped = True  # "V/LA:" then "Bob: May 27-30" is no tally line
            continue
        if _HEADING.search(text):
            stopped, title = False, i - 1  # a count (or a second one, a correction) begins
        line, start = None if stopped else _parse_line(text, names, at), i - 1
        if line is None:
            continue
        if not line.items and i < len(lines) and (
                line.kind == "not-voting" or (line.written or 0) > 0):
            items = _items(lines[i])  # "Not Voting:" with the names on the next line
            if _SEP.search(_mask(lines[i])) is None and items and all(
                    names.voters(x, at) for x in items):
                line.items, line.text = items, f"{text}\n{lines[i]}"
                i += 1
        # most of the names must be names: "@Bob: If I find a replacement, no." is no line
        named = sum(1 for x in line.items if names.voters(x, at))
        some = named > 0 and 2 * named >= len(line.items)
        if line.kind == "slot" and not (line.written is not None or some or not line.items):
            continue  # "Hiraki - Mafia Goon", "Bob - lynched Day 4": not a tally line
        if line.kind == "unknown" and not ((line.written is not None or line.marked) and some):
            continue  # report a head only where the line is surely a tally line
        heading = title if heading is None and title >= 0 else heading
        out.append((start, line))
    # lines before the title are news ("Gee Gee -> don_johnson": a replacement)
    return [(n, x) for n, x in out if heading is None or n > heading]


def _oriented(lines: list[_Line], names: _Names, at: int) -> list[_Line]:
    """The lines target first. A post that lists each voter with their target ("Bob: (2)
    Carol", "Dave: (2) Carol") has one name a line and a target on several lines, which a
    target-first count cannot have without a voter voting twice: its lines are turned."""
    slots = [x for x in lines if x.kind == "slot" and x.items]
    if len(slots) < 2 or any(len(x.items) != 1 for x in slots):
        return lines
    rights = [r for x in slots if (r := names.slot(x.items[0], at)) is not None]
    if len(rights) == len(set(rights)):
        return lines
    # the head is the voter; the written number is the target's total
    return [_Line(x.text, "slot", names.slot(x.items[0], at), x.written, [x.target], x.marked)
            if x in slots and x.target is not None else x for x in lines]


def _count(post: Post, lines: list[str], names: _Names,
           issues: list[ParseIssue]) -> VoteCount | None:
    at = post.number
    numbered = _read_lines(lines, names, at)
    read = [x for _, x in numbered]
    # lines that say something: "Bob (0)" or "Bob:" alone may be any list of players
    known = [x for x in read if x.kind != "unknown" and (
        x.items or x.written is not None or x.marked or x.kind != "slot")]
    if len(known) < 2 and not (known and any(_KEYWORD.search(t) for t in lines)):
        return None
    read = _oriented(read, names, at)

    def issue(severity: Literal["warning", "info"], code: str, message: str, text: str) -> None:
        issues.append(ParseIssue(severity=severity, code=code, where=Where(post=at),
                                 message=message, text=text))

    # a line with several voters shows the count is target-first; without one, a lone voter
    # who is also listed as not voting may be the target of a voter-first line
    settled = any(len(x.items) > 1 for x in read if x.kind == "slot")
    nv = {s for x in read if x.kind == "not-voting" for i in x.items
          for s in names.voters(i, at) or []}
    tally, not_voting = list[TallyEntry](), list[str]()
    unresolved: dict[str, str] = {}  # name -> its line
    for x in read:
        if x.target is None and x.kind != "not-voting":
            issue("warning", "vote-count-target", "a vote-count line whose head names no "
                  "player: its votes are not recorded", x.text)
            continue
        voters: list[str] = []
        listed = 0  # the names the GM listed, resolved or not
        for item in x.items:
            found, times = names.voters(item, at), 1
            double = _TIMES.match(item) if found is None else None
            if double is not None and (found := names.voters(double.group(1), at)):
                times = int(double.group(2))
            listed += len(found) * times if found else 1
            if found is None:
                unresolved.setdefault(item, x.text)
            voters.extend(s for s in found or [] if s not in voters)
        if x.target is None:
            not_voting.extend(s for s in voters if s not in not_voting)
        elif not settled and len(voters) == 1 and voters[0] in nv and x.target not in nv:
            issue("warning", "vote-count-ambiguous", "the only voter listed is also listed "
                  "as not voting, so the line may name voter and target the other way "
                  "round: not recorded", x.text)
        else:
            if x.written is not None and x.written != listed:
                issue("info", "vote-count-number", f"the GM wrote {x.written:g} votes and "
                      f"listed {listed} name(s): the written number is kept", x.text)
            # every line in order, a target's second one too (a correction, or the GM's
            # slip: either way what the GM wrote)
            tally.append(TallyEntry(target=x.target, votes=listed if x.written is None
                                    else x.written, voters=voters))
    if unresolved:
        issue("warning", "vote-count-name", "names in the vote count fit no player (or "
              "several) and are left out: " + ", ".join(unresolved),
              "\n".join(dict.fromkeys(unresolved.values())))
    return VoteCount(post=at, tally=tally, not_voting=not_voting,
                     raw="\n".join(lines[numbered[0][0]: numbered[-1][0] + 1
                                         + numbered[-1][1].text.count("\n")]),
                     source=SourceRef(kind="post", post=at))


# -- the game ----------------------------------------------------------------------------


def read_vote_counts(log: GameLog, bodies: PostBodies | None = None) -> list[ParseIssue]:
    """Find the vote counts among the GM's posts of each day and add them to
    `log.published` (phase "D<n>"; a count already there for the same post is replaced).
    Returns what could not be read. `bodies`: the posts' parsed bodies, shared with the
    run's other stages."""
    names, issues, done = _Names(log), list[ParseIssue](), set[int]()
    gm_posts = [p for p in log.posts if p.gm and not p.deleted]
    for day in days_of(log):
        window = day_window(log, day)
        for post in gm_posts:
            # the final count often shares the post that ends the day
            if post.number in done or not (window.holds(post.number)
                                           or post.number == window.end):
                continue
            done.add(post.number)
            root = parse_body(post.html) if bodies is None else bodies.of(post)
            count = None if root is None else _count(post, count_lines(root), names, issues)
            if count is None:
                continue
            item = log.published.for_phase(f"D{day}")
            if item is None:
                item = PhasePublished(phase=f"D{day}")
                log.published.phases.append(item)
                log.published.phases.sort(key=lambda p: phase_sort_key(p.phase))
            kept = [c for c in item.vote_counts if c.post != post.number]
            item.vote_counts = sorted([*kept, count], key=lambda c: c.post)
    return issues
