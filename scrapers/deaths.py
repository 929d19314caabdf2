"""Deaths the GM announced in the thread: the day's elimination (or that there was none) in
the posts that close a day, the night's kills in the posts that open the next day, and
modkills wherever they are announced. Read after the phases (the windows come from them) and
before the votes (the day count needs to know who is dead).

A name is taken from the words next to the verb («казнена Ямайка», «Лиса посажена», "Blood
Queen was lynched"), resolved to a slot by `scrapers.names`; only a name that fits one slot
well (written out, inflected, or the start of a name) makes a death. An announcement whose
name fits no slot, or several, is reported, never guessed."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from engine.gamelog import (
    Death,
    GameLog,
    ParseIssue,
    Phase,
    PhasePublished,
    Post,
    SourceRef,
    Where,
)
from engine.gamelog.published import DeathKind
from scrapers.death_lists import DEPARTED_HEAD, bracketed, departure_kind, lists, phase_said
from scrapers.names import NameIndex, Resolution
from scrapers.names.keys import fold, lemma_keys, lemmas, tokens

_W = r"(?<![\w-])"  # a word starts here (a hyphen joins words: «Бора-Бора»)
_E = r"(?![\w-])"


@dataclass(frozen=True)
class _Verb:
    regex: re.Pattern[str]
    kind: DeathKind
    # English passive ("X was lynched"): the name stands before the verb, and a name after
    # it ("was killed by X") is someone else. Russian puts the name on either side.
    before_first: bool = False
    # «решением города ... X»: the name is somewhere in the rest of the sentence
    scan: bool = False
    # English active ("the town lynched X"): a name before it is who did it
    after_only: bool = False


def _verb(pattern: str, kind: DeathKind, *, before_first: bool = False,
          scan: bool = False, after_only: bool = False) -> _Verb:
    return _Verb(re.compile(_W + "(?:" + pattern + ")" + _E, re.IGNORECASE), kind,
                 before_first, scan, after_only)


# «Нас покинул X», «X выбывает из игры»: the window tells how (the day's close, the morning)
_LEFT = r"покинул[аи]?|покидает|покидают|выбыл[аи]?|выбывает|выбывают"
LYNCH = (
    _verb(_LEFT, "eliminated"),
    _verb(r"казн[её]н(?:а|ы|о)?|казнил[аи]?|посажен(?:а|ы|о)?|посадил[аи]?|повешен(?:а|ы|о)?"
          r"|повесил[аи]?|линчеван(?:а|ы|о)?", "eliminated"),
    _verb(r"(?:has|have|had)\s+been\s+lynched|(?:was|were|is|got)\s+lynched"
          r"|(?:has|have)\s+been\s+eliminated|(?:was|were)\s+eliminated"
          r"|(?:has|have|had)\s+been\s+executed|(?:was|were|is|got)\s+executed", "eliminated",
          before_first=True),
    _verb(r"lynched", "eliminated", after_only=True),  # "the town lynched X"
    _verb(r"решени(?:ем|ю)\s+(?:жителей\s+)?город(?:а|ского\s+собрания)?", "eliminated",
          scan=True),
)
KILL = (
    _verb(_LEFT, "killed"),
    _verb(r"убит(?:а|ы|о)?|убили|найден(?:а|ы|о)?\s+м[её]ртв(?:ым|ой|ыми|ая|ый|ые|ы)?"
          r"|(?:найден[оаы]?|обнаружен[оаы]?|нашли)\s+(?:м[её]ртв\w*\s+)?тел[оа]"
          r"|погиб(?:ла|ли|ло)?|умер(?:ла|ли|ло)?", "killed"),
    _verb(r"(?:has|have|had)\s+been\s+(?:killed|murdered|found\s+dead)"
          r"|(?:was|were|got)\s+(?:killed|murdered|found\s+dead)"
          r"|(?:has|have)\s+died|died|(?:is|are)\s+(?:now\s+)?dead", "killed",
          before_first=True),
    _verb(r"killed|murdered", "killed", after_only=True),  # "the mafia killed X"
)
MODKILL = (
    _verb(r"мод-?\s?кил\w*", "modkilled"),
    _verb(r"(?:has|have|had)\s+been\s+mod-?\s?killed|(?:was|were|got)\s+mod-?\s?killed",
          "modkilled", before_first=True),
    _verb(r"mod-?\s?kill(?:ed|s)?", "modkilled", after_only=True),
)
NO_ELIMINATION = re.compile(
    _W + r"(?:никт[оа]\s+не\s+(?:был[аи]?\s+)?(?:казн[её]н|посажен|повешен)"
    r"|никого\s+не\s+(?:казнили|посадили|повесили)|казн[иь]\s+не\s+(?:было|будет|состоялось)"
    r"|казнь\s+не\s+состоялась|посадки\s+(?:нет|не\s+было)|без\s+(?:казни|посадки)"
    # "No lynch - 2 (a, b)" is a row of a vote count, not the result
    r"|no\s+lynch(?!\s*[-—–:=(\[)]|\s*\d)"
    r"|(?:no\s+one|no-one|nobody)\s+(?:was|has\s+been|is|got)\s+(?:lynched|eliminated|executed)"
    r"|no\s+elimination)" + _E,
    re.IGNORECASE)

# "No lynch - 2 (a, b)", "No Lynch" over its voters: a row of a vote count, not the result
_COUNT_ROW = re.compile(r"\s*no\s+lynch\s*(?:[-—–:=(\[\d].*)?", re.IGNORECASE)
_THRESHOLD = re.compile(r"(?:\b(?:to|for)\s+(?:a\s+)?|\()\W?$", re.IGNORECASE)
# where the words of a name stop: the end of a clause, a parenthesis (the nick after an
# in-game name), a dash between words
_CLAUSE_END = re.compile(r"[.!?\n;:()\[\]]|\s[-—–]\s|[—–]")
_SENTENCE_END = re.compile(r"[.!?\n]")
_QUOTES = re.compile(r"[«»\"“”„*]")
_SPLIT = re.compile(r",|\s(?:и|and)\s|&", re.IGNORECASE)
# words between a name and its verb, or before the name after the verb
_FILLER = frozenset({
    "был", "была", "было", "были", "тоже", "также", "уже", "сегодня", "вчера", "этой", "ночью",
    "днём", "днем", "прошлой", "утром", "игрок", "игрока", "игроки", "к", "сожалению", "и",
    "нас", "игру", "из", "игры",
    "has", "have", "had", "been", "was", "were", "is", "are", "got", "just", "now", "also",
    "player", "players", "the", "a", "last", "night", "today", "sadly", "unfortunately", "and"})
# what a GM writes before a name: «убит житель Кубы», «жителя Соломоновых островов», «мирный
# житель X» (by normal form, any case)
_TITLES = frozenset({"житель", "жительница", "игрок", "участник", "участница", "персонаж",
                     "гражданин", "гражданка", "горожанин", "горожанка", "мирный", "честный",
                     "господин", "госпожа", "товарищ", "уважаемый", "наш", "всеми", "любимый",
                     "тело"})
_NEGATION = frozenset({"не", "ни", "никто", "никого", "нет", "not", "no", "nobody", "never"})
_CONDITION = frozenset({"если", "когда", "будет", "будут", "может", "могут", "бы", "должен",
                        "if", "when", "unless", "will", "would", "can", "could", "may",
                        "might", "should", "must", "maybe", "perhaps", "bet"})
_AGENT = re.compile(r"(?:by|from|at\s+the\s+hands|от|из-за)\b", re.IGNORECASE)
_PHASE_REF = re.compile(r"\s*(?:(?:on\s+)?(?:day|night|d|n)\s*\d+|overnight|last\s+night)\b",
                        re.IGNORECASE)
_ACCEPT = ("exact", "lemma", "prefix", "word")  # "word": a whole word of a name ("Queen")
_REACH = 120


@dataclass(frozen=True)
class _Found:
    slot: str
    kind: DeathKind
    post: int
    words: str


@dataclass
class _Reader:
    log: GameLog
    names: NameIndex
    dead: set[str]
    issues: list[ParseIssue]

    def read(self, post: Post, verbs: Sequence[_Verb]) -> Iterator[_Found]:
        text = _QUOTES.sub(" ", post.text)
        # the list of the departed is read item by item (`listed`), not by its verbs
        for found in lists(text, DEPARTED_HEAD, self.starts_name):
            text = text[:found.start] + " " * (found.end - found.start) + text[found.end:]
        taken: list[tuple[re.Match[str], _Verb]] = []
        for verb in verbs:
            for m in verb.regex.finditer(text):
                # "was killed" is read once, not again as "killed"
                if not any(m.start() < t.end() and t.start() < m.end() for t, _ in taken):
                    taken.append((m, verb))
        for m, verb in sorted(taken, key=lambda mv: mv[0].start()):
            if not _negated(text, m.start()):
                yield from self._announcement(post, text, m, verb)

    def _announcement(self, post: Post, text: str, m: re.Match[str],
                      verb: _Verb) -> Iterator[_Found]:
        valid = [s.id for s in self.log.players if s.id not in self.dead]
        plural = bool(re.search(r"(?:ы|ли|were|are|have)\b", m.group(), re.IGNORECASE))
        # each side: its parts (the one next to the verb first), and whether a name is
        # read from a part's start (after the verb) or from its end (before it)
        sides: list[tuple[list[str], bool]]
        if verb.scan:
            sides = [([part], False) for part in _scan_parts(text, m.end())]
        else:
            after = (_after_parts(text, m.end()), True)
            # "X, Vanilla Townie, lynched Day 2": an active verb with a phase after it
            # tells of X
            passive = not verb.after_only or _PHASE_REF.match(text, m.end()) is not None
            before = (_before_parts(text, m.start()) if passive else [], False)
            sides = [before, after] if verb.before_first else [after, before]
        picked: list[tuple[Resolution, bool]] = []
        doubt: Resolution | None = None
        for side_no, (parts, from_start) in enumerate(sides):
            got: list[tuple[Resolution, bool]] = []
            for i, part in enumerate(parts):
                # one name, next to the verb; before it a role may stand between ("X,
                # Town Doctor, has been killed")
                if i > 0 and not plural and (from_start or got or i > 2):
                    break
                res = self._resolve(part, post.number, valid, from_start)
                if res is not None and res.owner is not None:
                    got.append((res, from_start))
                elif res is not None and doubt is None and i == 0:
                    doubt = res
            if not got:
                continue
            # a Russian name on both sides: the one written out (nominative) is the dead,
            # the inflected one did it («Аруба убита Ямайкой»)
            inflected = (bool(picked) and side_no == 1 and not verb.scan
                         and not verb.before_first
                         and picked[0][0].how != "exact" and got[0][0].how == "exact")
            if not picked or inflected:
                picked = got
        if not picked:
            around = text[max(0, m.start() - 40): m.end() + 40].strip()
            cands = f" (it could be {', '.join(doubt.candidates)})" if doubt and \
                doubt.candidates else ""
            self.issues.append(ParseIssue(
                severity="warning", code="death-name-unknown", where=Where(post=post.number),
                message=f"the GM announces a death ({verb.kind}) but the name next to "
                        f"{m.group()!r} is not one player's{cands}: not recorded",
                text=" ".join(around.split())))
            return
        for res, after_verb in picked:
            assert res.owner is not None
            words = _words(text, m, res.written, after_verb)
            yield _Found(res.owner, verb.kind, post.number, words)

    def starts_name(self, words: str) -> bool:
        """Whether the words start with a player's name (dead or alive)."""
        head = " ".join(bracketed(words)[0].split()[:4])
        return bool(head) and self._resolve(head, 0, [s.id for s in self.log.players],
                                            True) is not None

    def listed(self, post: Post) -> Iterator[tuple[_Found, str | None]]:
        """The departed of the post's lists, each with the phase its reason names (or
        None); an item whose name is no one player's, or whose reason tells nothing, is
        reported."""
        text = _QUOTES.sub(" ", post.text)
        everyone = [s.id for s in self.log.players]
        for listing in lists(text, DEPARTED_HEAD, self.starts_name):
            for item in listing.items:
                outside, inside = bracketed(item.name)
                res = self._resolve(outside, post.number, everyone, True)
                if (res is None or res.owner is None) and inside:
                    res = self._resolve(inside, post.number, everyone, True)
                reason = item.rest or item.name
                kind = departure_kind(reason)
                written = text[item.start:item.end]
                if res is None or res.owner is None:
                    cands = f" (it could be {', '.join(res.candidates)})" if res else ""
                    self.issues.append(ParseIssue(
                        severity="warning", code="death-name-unknown",
                        where=Where(post=post.number),
                        message=f"{item.name!r} in the GM's list {listing.heading!r} is not "
                                f"one player's{cands}: not recorded", text=written))
                    continue
                if kind is None:
                    self.issues.append(ParseIssue(
                        severity="warning", code="death-reason-unknown",
                        where=Where(post=post.number),
                        message=f"the GM's list {listing.heading!r} gives no reason for "
                                f"{res.owner} that tells a kill, an elimination or a "
                                "modkill: not recorded", text=written))
                    continue
                yield _Found(res.owner, kind, post.number, written), phase_said(reason)

    def _resolve(self, part: str, post: int, valid: list[str],
                 from_start: bool) -> Resolution | None:
        """The slot `part` names (its first words after the verb, or its last words before
        it), or the ambiguous reading, or None."""
        words = part.split()
        if not words:
            return None
        doubt: Resolution | None = None
        for k in range(min(len(words), 4), 0, -1):
            run = " ".join(words[:k] if from_start else words[-k:])
            if len(fold(run)) < 2:
                continue  # "I heard he died", "u is dead": a letter names no one here
            res = self.names.resolve(run, valid=valid, at=post)
            if res.how in _ACCEPT and res.owner is not None and not res.is_gm \
                    and _covers(run, res):
                return res
            if res.how == "ambiguous" and doubt is None:
                doubt = res
        return doubt


def _covers(run: str, res: Resolution) -> bool:
    """The whole run is the name, not only its first words: the resolver reads "Филин
    сказал" as Филин, but before a verb the name is the last words ("Филин said Сова was
    killed"), and "The innocent townie" is not "The Archmage"."""
    key, name = fold(run), fold(res.matched or "")
    if res.how == "exact":
        return key == name
    if res.how == "lemma":
        return bool(lemma_keys(run) & lemma_keys(res.matched or ""))
    if len(key) < 3:
        return False  # "he" is not Heroist
    return name.startswith(key) or (" " not in run.strip() and key.startswith(name)) or any(
        w.startswith(key) for w in tokens(res.matched or ""))


def _after_parts(text: str, end: int) -> list[str]:
    seg = text[end: end + _REACH]
    seg = re.sub(r"^[\s:\-—–]+", "", seg)
    if _AGENT.match(seg):
        return []  # "killed by X", «погиб от рук X»: X did it
    stop = _CLAUSE_END.search(seg)
    seg = seg[: stop.start()] if stop else seg
    parts = []
    for part in _SPLIT.split(seg):
        words = part.split()
        while words and (words[0].casefold() in _FILLER or _title(words[0])):
            words.pop(0)
        parts.append(" ".join(words[:4]))
    return parts


def _title(word: str) -> bool:
    return bool(lemmas(word.strip(",;:")) & _TITLES)


def _before_parts(text: str, start: int) -> list[str]:
    seg = re.sub(r"\([^()]*\)", " ", text[max(0, start - _REACH): start])
    ends = list(_CLAUSE_END.finditer(seg))
    seg = seg[ends[-1].end():] if ends else seg
    words = seg.split()
    while words and words[-1].casefold() in _FILLER:
        words.pop()
    # the part next to the verb first
    return [p.strip() for p in reversed(_SPLIT.split(" ".join(words)))]


def _scan_parts(text: str, end: int) -> list[str]:
    """For «решением города ... X»: the rest of the sentence cut after each word, so that
    the first name in it (its last words before the cut) is found first."""
    seg = text[end: end + _REACH]
    stop = _SENTENCE_END.search(seg)
    seg = seg[: stop.start()] if stop else seg
    words = [w for w in re.sub(r"[,;:()\-—–]", " ", seg).split()
             if w.casefold() not in _FILLER]
    return [" ".join(words[: i + 1]) for i in range(len(words))]


def _words(text: str, m: re.Match[str], name: str, after: bool) -> str:
    """The verb and the name as written, for the record: «казнена Ямайка», "Blood Queen has
    been lynched"."""
    if after:
        at = text.find(name, m.end(), m.end() + _REACH)
        if at >= 0:
            return " ".join(text[m.start(): at + len(name)].split())
        return f"{' '.join(m.group().split())} {name}"
    at = text.rfind(name, max(0, m.start() - _REACH), m.start())
    if at >= 0:
        return " ".join(text[at: m.end()].split())
    return f"{name} {' '.join(m.group().split())}"


def _negated(text: str, start: int) -> bool:
    """The verb is denied or only supposed: «никто не убит», "if X is lynched"."""
    seg = text[max(0, start - _REACH): start]
    ends = list(_SENTENCE_END.finditer(seg))
    clause = seg[ends[-1].end():] if ends else seg
    words = [w.strip(",;:()").casefold() for w in clause.split()]
    return bool(set(words[-3:]) & _NEGATION) or bool(set(words) & _CONDITION) \
        or "no one" in " ".join(words[-3:])


def _gm_posts(log: GameLog, low: int, high: int | None) -> list[Post]:
    """The GM's posts numbered `low <= n <= high` (no upper bound when None)."""
    return [p for p in log.posts
            if p.gm and not p.deleted and p.number >= low and (high is None or p.number <= high)]


def _post(phase: Phase | None, which: str) -> int | None:
    if phase is None:
        return None
    bound = phase.start if which == "start" else phase.end
    return bound.post if bound is not None else None


def read_deaths(log: GameLog) -> list[ParseIssue]:
    """Fill `log.published` with the deaths (and days without an elimination) the GM
    announced, by the phases in `log.phases`; the announcements that name no one player."""
    phases = {p.key: p for p in log.phases}
    days = sorted({p.number for p in log.phases if p.kind == "day"})
    if not days:
        return []
    dead = {d.slot for item in log.published.phases for d in item.deaths}
    reader = _Reader(log, NameIndex.from_log(log), dead, [])

    def record(key: str, found: _Found) -> None:
        if found.slot in reader.dead:
            return
        reader.dead.add(found.slot)
        _published(log, key).deaths.append(Death(
            slot=found.slot, kind=found.kind, raw=found.words,
            source=SourceRef(kind="post", post=found.post, text=found.words)))

    def night(n: int, posts: list[Post]) -> None:
        for post in posts:
            # in the morning post, the day before's elimination stands in the list too
            for found, said in reader.listed(post):
                record(said or (f"D{n}" if found.kind == "eliminated" else f"N{n}"), found)
            for found in reader.read(post, KILL):
                record(f"N{n}", found)

    first = _post(phases.get(f"D{days[0]}"), "start")
    if first is not None:
        low = _post(phases.get(f"N{days[0] - 1}"), "start")
        night(days[0] - 1, _gm_posts(log, first if low is None else low + 1, first))
    for n in days:
        end = _post(phases.get(f"D{n}"), "end")
        nxt = _post(phases.get(f"D{n + 1}"), "start")
        # without the next day's start, the windows stop before the next boundary found
        # (a later day's end), not at the end of the thread
        later = nxt if nxt is not None else _next_boundary(log, n, end)
        if end is not None:
            closing = _gm_posts(log, end, max(end, later - 1) if later is not None else None)
            for post in closing:
                for found, said in reader.listed(post):
                    record(said or (f"N{n - 1}" if found.kind == "killed" else f"D{n}"), found)
                for found in reader.read(post, LYNCH):
                    record(f"D{n}", found)
            _no_elimination(log, n, closing)
        low = end if end is not None else _post(phases.get(f"N{n}"), "start")
        if nxt is not None and low is not None and nxt <= low:
            night(n, _gm_posts(log, nxt, nxt))  # one post closes the day and opens the next
        elif low is not None or nxt is not None:
            high = nxt if nxt is not None else (later - 1 if later is not None else None)
            night(n, _gm_posts(log, low + 1 if low is not None else nxt or 0, high))
    _modkills(log, reader, record, first)
    return reader.issues


def _next_boundary(log: GameLog, day: int, after: int | None) -> int | None:
    """The first boundary post of a later day (or night) after post `after`."""
    posts = [b.post for p in log.phases if p.number > day for b in (p.start, p.end)
             if b is not None and b.post is not None and (after is None or b.post > after)]
    return min(posts, default=None)


def _no_elimination(log: GameLog, day: int, closing: list[Post]) -> None:
    item = log.published.for_phase(f"D{day}")
    if item is not None and (item.no_elimination is not None
                             or any(d.kind == "eliminated" for d in item.deaths)):
        return
    for post in closing:
        text = _QUOTES.sub(" ", post.text)
        for m in NO_ELIMINATION.finditer(text):
            line = text[text.rfind("\n", 0, m.start()) + 1:].split("\n", 1)[0]
            # "6 for a No Lynch", "(NO LYNCH)", "if ..., a no lynch will occur": a
            # threshold, a row of a count, a rule
            if _COUNT_ROW.fullmatch(line) or _negated(text, m.start()) \
                    or _THRESHOLD.search(text, 0, m.start()):
                continue
            _published(log, f"D{day}").no_elimination = SourceRef(
                kind="post", post=post.number, text=m.group())
            return


def _modkills(log: GameLog, reader: _Reader, record: Callable[[str, _Found], None],
              first: int | None) -> None:
    # before the first day the GM writes rules ("inactive players are modkilled")
    for post in _gm_posts(log, first if first is not None else 0, None):
        for found in reader.read(post, MODKILL):
            record(_phase_of(log, post.number), found)


def _phase_of(log: GameLog, post: int) -> str:
    """The phase a post falls in: inside a day (after its start, before its end), else the
    night after the last day that ended at or before it (a modkill announced with the day's
    result does not change that day's count)."""
    key = "N0"
    for p in sorted(log.phases, key=lambda p: (p.number, p.kind != "day")):
        if p.kind != "day":
            continue
        start, end = _post(p, "start"), _post(p, "end")
        if start is not None and start < post and (end is None or post < end):
            return p.key
        if end is not None and end <= post:
            key = f"N{p.number}"
    return key


def _published(log: GameLog, key: str) -> PhasePublished:
    item = log.published.for_phase(key)
    if item is None:
        item = PhasePublished(phase=key)
        log.published.phases.append(item)
    return item
