"""The moderator's phase announcements, as data: English (mafiascum) and Russian forum wording.

Each `Rule` is one way a GM says that a day or a night began or ended. A rule's regex may hold
the placeholder ``{n}`` (a phase number: digits or a number word, "Day 2", "Day Two", «День
второй»); `offset` turns the number said into the number of the phase the signal is about
("Night 1 is over" starts day 2). Rules are tried on the post's own text (quotes left out).

Signal kinds:
- ``day-start``: day n (or an unnumbered day) began;
- ``night-start``: night n began, which also ends day n;
- ``day-end``: day n (or the current day) ended: a lynch, no lynch, the deadline, a final count;
- ``game-end``: the game is over (the last day ends with it);
- ``in-day``: a running vote count of day n, which is evidence that day n is under way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from engine.gamelog.phases import BoundarySource

SignalKind = Literal["day-start", "night-start", "day-end", "game-end", "in-day"]

_EN_CARDINALS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"]
_EN_ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
                "eighth", "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth",
                "fifteenth"]
# Russian ordinals by stem: the ending varies with gender and case («второй день», «вторая
# ночь», «второго дня»), so the stems are matched with an explicit ending list; a bare stem
# would match «вторник» or «пятница».
_RU_ORDINAL_STEMS = ["нулев", "перв", "втор", "трет", "четв[её]рт", "пят", "шест", "седьм",
                     "восьм", "девят", "десят", "одиннадцат", "двенадцат", "тринадцат",
                     "четырнадцат", "пятнадцат", "шестнадцат", "семнадцат", "восемнадцат",
                     "девятнадцат", "двадцат"]
_RU_ENDINGS = ("(?:ый|ой|ий|ая|ое|ее|ого|его|ому|ему|ую|юю|ей|ые|ых|ым|ом|ем|ья|ье|ьего"
               "|ьему|ьей|ью|ьи|ьих|ьим)")
_RU_CARDINALS = ["ноль", "один", "два", "три", "четыре", "пять", "шесть", "семь", "восемь",
                 "девять", "десять", "одиннадцать", "двенадцать", "тринадцать", "четырнадцать",
                 "пятнадцать", "шестнадцать", "семнадцать", "восемнадцать", "девятнадцать",
                 "двадцать"]

_NUMBER_WORDS: dict[str, int] = {}
for _i, _w in enumerate(_EN_CARDINALS):
    _NUMBER_WORDS[_w] = _i
for _i, _w in enumerate(_EN_ORDINALS):
    _NUMBER_WORDS[_w] = _i
for _i, _w in enumerate(_RU_CARDINALS):
    _NUMBER_WORDS[_w] = _i
_RU_ORDINAL_RES = [(re.compile(rf"^{stem}{_RU_ENDINGS}$"), i)
                   for i, stem in enumerate(_RU_ORDINAL_STEMS)]

_WORDS_ALT = "|".join(sorted(
    [*_EN_CARDINALS, *_EN_ORDINALS, *_RU_CARDINALS,
     *(f"{stem}{_RU_ENDINGS}" for stem in _RU_ORDINAL_STEMS)],
    key=len, reverse=True))
# A phase number: digits (not a date or a time: "Day 2" but not "day 2/3" or "day 12:00"),
# or a number word.
NUMBER = rf"(?:\d{{1,2}}(?![\d/:.]\d)|(?:{_WORDS_ALT})\b)"
# «3-й день», «2-го дня», «3й»: digits with the ordinal's ending
_RU_DIGIT_ORDINAL = r"\d{1,2}\s?-?\s?(?:й|ой|ий|ый|го|ого|его|я|ая|ое|е|му|м)"
RU_ORDINAL = (rf"(?:(?:{'|'.join(f'{s}{_RU_ENDINGS}' for s in _RU_ORDINAL_STEMS)}"
              rf"|{_RU_DIGIT_ORDINAL})\b)")
_PLACEHOLDER = re.compile(r"\{(n|d|ru_ord)\}")


def parse_number(word: str) -> int | None:
    """``"2" -> 2``, ``"two" -> 2``, ``"second" -> 2``, ``"второй" -> 2``; else None."""
    low = word.strip().lower()
    if low.isdigit():
        return int(low)
    lead = re.match(r"\d+", low)
    if lead is not None and re.fullmatch(_RU_DIGIT_ORDINAL, low):
        return int(lead[0])
    if low in _NUMBER_WORDS:
        return _NUMBER_WORDS[low]
    for rx, value in _RU_ORDINAL_RES:
        if rx.match(low):
            return value
    return None


@dataclass(frozen=True)
class Rule:
    """One wording of an announcement. `name` is what a boundary's SourceRef.note reports."""

    name: str
    kind: SignalKind
    pattern: str
    source: BoundarySource = "gm-post"
    offset: int = 0  # added to the number said: "Night 1 is over" is the start of day 2
    fixed: int | None = None  # the phase number when the wording implies it ("game has begun")
    # Weak wordings (flavour, deadlines of night actions) may mark a boundary when nothing
    # better comes first, but their numbers are not trusted to stop a search: GMs misnumber
    # "Night 2 deadline" far more often than "Night 2 has begun".
    weak: bool = False
    # Words one of which the match must contain (lower case): a quick `in` test that spares
    # most posts the regex (the Russian rules on English posts, "hammer" on a vote count).
    needles: tuple[str, ...] = ()
    flags: int = re.IGNORECASE | re.MULTILINE
    regex: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # every placeholder becomes its own group n0, n1, ... (a name may occur once per regex)
        count = iter(range(100))

        def group(m: re.Match[str]) -> str:
            body = {"n": NUMBER, "d": r"\d{1,2}", "ru_ord": RU_ORDINAL}[m[1]]
            return f"(?P<n{next(count)}>{body})"

        expanded = _PLACEHOLDER.sub(group, self.pattern)
        object.__setattr__(self, "regex", re.compile(expanded, self.flags))

    def number(self, m: re.Match[str]) -> int | None:
        """The phase number the match is about (offset applied), or None when unnumbered."""
        if self.fixed is not None:
            return self.fixed
        for name, value in m.groupdict().items():
            if name.startswith("n") and value:
                said = parse_number(value)
                if said is not None:
                    return said + self.offset
        return None


_DAY = r"(?:day|D)"
_VC = r"(?:vote\s*count|votecount|vote\s*tally|vc)"
# Not a scheduled time: "Night falls in 24 hours", "Day 2 begins at noon" announce nothing yet.
_NOW = r"(?!\s+(?:in|at|on|after|when|once|soon|tomorrow|tonight|later|by|until)\b)"
# Words that follow a phase name when it is a heading or a bare announcement line.
_LINE_END = r"\s*(?:$|[!.:\-—–|(\[]|\s+(?:of|in)\b)"

# A running vote count that shows a wagon at the majority ("With 9 alive, it takes 5 to lynch"
# and a line "(5) FatCat - ..."): the day ended with that count even when the GM says nothing
# more. THRESHOLD finds the majority; WAGON finds a line's vote total.
THRESHOLD = re.compile(
    r"\b(?:takes?|it'?s|is|need(?:s|ed)?|requires?)\s+(?P<t>\d{1,2})\s+(?:votes?\s+)?(?:to|for)\s+"
    r"(?:a\s+)?(?:lynch|eliminat\w*|execut\w*)|\b(?P<t2>\d{1,2})\s+votes?\s+(?:are\s+|is\s+)?"
    r"(?:required|needed)\s+(?:to|for)\s+(?:a\s+)?lynch|\b(?P<t3>\d{1,2})\s+to\s+lynch\b",
    re.IGNORECASE)
WAGON = re.compile(
    r"^(?:.*?)(?:[(\[]\s*(?P<a>\d{1,2})\s*(?:/\s*\d{1,2}\s*)?[)\]]"
    r"|\s-\s*(?P<b>\d{1,2})\s*\(|:\s*(?P<c>\d{1,2})\s*-\s)",
    re.IGNORECASE)
NOT_VOTING = re.compile(r"\W*\(?\s*(?:not|non)[\s-]+voting\b.*", re.IGNORECASE)

# Days with more than one lynch: "Day 1 has 2 of 2 lynches available", "X was the first lynch
# of Day 2". A lynch (or a wagon at the majority) in such a post leaves the day open.
MORE_LYNCHES = re.compile(
    r"\b(?:[2-9]\s+of\s+\d\s+lynches\s+(?:available|left|remaining)"
    r"|(?:first|1st)\s+lynch\s+of\s+(?:the\s+)?(?:day|today))",
    re.IGNORECASE)

# Rules, questions and promises state conditions, not events: "if a majority is reached, the
# player is lynched", "votes will not count until day 1 starts", «будет казнён». A match whose
# sentence has one of these words before it is not an announcement.
CONDITIONAL = re.compile(
    r"(?:['’](?:ll|d)\b|\b(?:if|unless|once|when|whenever|whoever|will|would|should|could|can"
    r"|cannot|can't"
    r"|may|might|must|shall|in\s+case|supposed|expect\w*|wait\w*|soon|about\s+to"
    r"|если|пока|будет|будут|может|могут|должен|должна|должны|после\s+того)\b)",
    re.IGNORECASE)
SENTENCE_END = re.compile(r"[.!?\n]")
# ... and so do these words right before it: "depending on when the night starts".
NEAR_CONDITIONAL = re.compile(
    r"\b(?:when|whenever|before|as\s+soon\s+as|когда|как\s+только)\s+(?:\S+\s+){0,2}\Z",
    re.IGNORECASE)

RULES: tuple[Rule, ...] = (
    # --- running and final vote counts --------------------------------------------------------
    Rule("final vote count", "day-end",
         rf"\b(?:final[ \t]+(?:{_DAY}[ \t]*{{n}}[ \t]*)?{_VC}"
         rf"(?:[ \t]+(?:of|for)[ \t]+day[ \t]*{{n}})?"
         rf"|{_VC}[ \t]*(?:#?[ \t]*\d+[ \t]*)?[(\[]?[ \t]*final\b"
         rf"|{_VC}[ \t]*:?[ \t]*#?[ \t]*{{d}}[ \t]*\.[ \t]*(?:final|fin)\b"
         rf"|final[ \t]+{_DAY}[ \t]*{{d}}[ \t]*{_VC}|\(final[ \t]+{_DAY}[ \t]*{{d}}[ \t]+vc\))",
         source="vote-count", needles=("fin",)),
    # A count numbered 0 opens the day ("Vote Count 2.0", "Day 5, Votecount 0"). A count with
    # votes in it ("Vote Count 2.1", "Votecount #1") does not: the day began before the votes.
    Rule("vote count n.0", "day-start",
         rf"\b{_VC}[ \t]*:?[ \t]*#?[ \t]*{{d}}[ \t]*\.[ \t]*00?\b(?!\.\d)",
         source="vote-count", needles=("vote", "vc")),
    Rule("vote count 0", "day-start",
         rf"\b(?:{_DAY}[ \t]*{{n}}[ \t]*[,:\-–—]?[ \t]*)?{_VC}[ \t]*(?:#|number|no\.)?[ \t]*"
         rf"(?:0|zero)\b(?![.\d/])",
         source="vote-count", needles=("vote", "vc")),
    Rule("vote count n.x", "in-day",
         rf"\b{_VC}[ \t]*:?[ \t]*#?[ \t]*{{d}}[ \t]*\.[ \t]*\d{{1,2}}\b",
         source="vote-count", needles=("vote", "vc")),
    Rule("day n vote count", "in-day",
         rf"\b(?:{_DAY}[ \t]*{{n}}[ \t]*[,:]?[ \t]*{_VC}"
         rf"|{_VC}[ \t]+(?:of|for)[ \t]+day[ \t]*{{n}})",
         source="vote-count", needles=("vote", "vc")),
    Rule("vote count: lynched", "day-end",
         r"\(\s*(?:l\s*-\s*0|lynched|lynch!?|reached)\s*\)|\[\s*lynch(?:ed)?\s*\]"
         r"|^\W*\*?\s*lynch(?:ed)?\b(?:\W*$)"
         r"|(?:^\W*\*?\s*|-\s*)lynched\b(?!\s+(?:on\s+)?(?:day|d)\s*\d)"
         r"|\blynched\s*\(\s*\d+\s*\)|\bsuccessful\s+lynch\b",
         source="vote-count", needles=("lynch", "reached", "l-0", "l -0", "l- 0", "l - 0")),
    # --- English: the day begins -------------------------------------------------------------
    Rule("day n has begun", "day-start",
         rf"\b(?:{_DAY}\s*{{n}}|(?:the\s+|a\s+new\s+)?day)\s+(?:has\s+|is\s+)?(?:now\s+|officially\s+)?"
         r"(?:begun|begins|began|started|starts|commences|has\s+commenced|open(?:s|ed)?\b"
         r"|is\s+(?:now\s+)?(?:open|underway|upon\s+(?:you|us))|will\s+now\s+begin)" + _NOW,
         needles=("begun", "begin", "began", "start", "commence", "open", "underway", "upon")),
    Rule("it is now day n", "day-start",
         rf"\b(?:it\s+is|it's|its)\s+(?:now\s+)?{_DAY}(?:\s*{{n}})?\b",
         needles=("it is", "it's", "its", "it\nis")),
    Rule("start of day n", "day-start",
         rf"\b(?:begin(?:ning)?|start|dawn|welcome\s+to|morning)\s+(?:of\s+)?{_DAY}\s*{{n}}\b",
         needles=("begin", "start", "dawn", "welcome", "morning")),
    Rule("day n heading", "day-start",
         rf"\A\W*(?:{_DAY}\s*{{n}}|{{n}}\s+day){_LINE_END}(?![^\n]*{_VC})"),
    Rule("the game has begun", "day-start",
         r"\b(?:the\s+)?game\s+(?:has\s+|is\s+)?(?:now\s+|officially\s+)?(?:begun|started|starts"
         r"|begins|underway)\b(?!\s+(?:with|when|once|after|in|at|on|as\s+soon))"
         r"|\bgame\s+(?:is\s+)?(?:now\s+)?on\s*(?:!|\.|$)"
         r"|\blet\s+the\s+games?\s+begin\b|\bday\s*(?:1|one)\s+is\s+a\s+go\b"
         r"|\bvotes\s+(?:now\s+)?count\s+(?:as\s+of\s+)?now\b"
         r"|\b(?:all\s+(?:players\s+|\d+\s+)?(?:have\s+)?|every(?:one|body)\s+(?:has\s+)?)"
         r"confirmed\b|\b(?:start|begin|open)(?:ing)?\s+the\s+(?:day|game)\b",
         fixed=1, needles=("game", "a go", "as of now", "confirmed", "the day")),
    Rule("night n is over", "day-start",
         r"\bnight\s*{n}\s+(?:is\s+(?:now\s+)?over|has\s+ended|ended|is\s+done|has\s+passed)\b",
         offset=1, needles=("night",)),
    Rule("dawn", "day-start",
         r"\b(?:dawn\s+(?:breaks|has\s+broken|arrives)|the\s+sun\s+(?:rises|has\s+risen"
         r"|finally\s+rises)|(?:you|town|they|villagers|townsfolk|townspeople|everyone|people)\s+"
         r"(?:all\s+)?(?:awake|awakens?|awoke|wakes?\s+up|woke\s+up)|the\s+rising\s+sun|sunrise"
         r"|morning\s+(?:comes|has\s+come|arrives|breaks))\b",
         weak=True, needles=("dawn", "sun", "awak", "awoke", "wake", "woke", "morning", "rising")),
    Rule("night kill reported", "day-start",
         r"\b(?:(?:killed|died|murdered|slain)\s+(?:on\s+|during\s+)?night\s*{n}"
         r"|(?:no\s*one|nobody|no-one)\s+(?:has\s+)?died\s+(?:on\s+|during\s+)?night\s*{n}"
         r"|(?:there\s+were\s+)?no\s+deaths\s+(?:on\s+|during\s+)?night\s*{n})\b",
         offset=1, needles=("night",)),
    Rule("night kill", "day-start",
         r"\b(?:(?:was|were|has\s+been|have\s+been)\s+(?:found\s+)?(?:killed|murdered|slain"
         r"|found\s+dead)|has\s+died|have\s+died|(?:no\s*one|nobody|no-one)\s+(?:has\s+)?died"
         r"|(?:there\s+(?:were|was|are)\s+)?no\s+deaths?|died\s+(?:last\s+night|overnight"
         r"|during\s+the\s+night)|nothing\s+happened\s+(?:last\s+night|overnight))\b",
         weak=True, needles=("kill", "murder", "slain", "dead", "died", "death", "nothing")),
    # --- English: the night begins -----------------------------------------------------------
    Rule("night n has begun", "night-start",
         r"\bnight\s*{n}?\s+(?:has\s+|is\s+)?(?:now\s+|officially\s+)?"
         r"(?:begun|begins|began|started|starts|commences|has\s+commenced"
         r"|is\s+(?:now\s+)?(?:upon\s+(?:you|us)|underway|here))\b" + _NOW,
         needles=("night",)),
    Rule("it is now night", "night-start",
         r"\b(?:it\s+is|it's|its)\s+(?:now\s+)?night(?:\s*{n})?\b", needles=("night",)),
    Rule("night falls", "night-start",
         r"\b(?:night\s*{n}?\s*(?:falls|has\s+fallen|fell)|nightfall|sun\s+(?:sets|set|has\s+set)"
         r"|begin(?:ning)?\s+(?:of\s+)?night\s*{n}?)\b" + _NOW,
         weak=True, needles=("night", "sun")),
    Rule("night n heading", "night-start",
         rf"\A\W*(?:night\s*{{n}}|{{n}}\s+night){_LINE_END}", needles=("night",)),
    Rule("night actions due", "night-start",
         r"\b(?:night\s*{n}?\s+deadline|deadline\s+for\s+(?:all\s+)?(?:the\s+)?night(?:\s*{n})?"
         r"(?:\s+phase)?(?:\s+\d+)?\s+actions|night\s+actions\s+(?:are\s+)?due|(?:submit|send)"
         r"\s+(?:in\s+)?(?:your\s+|any\s+|a\s+|all\s+)?(?:the\s+)?night\s+actions?)\b",
         weak=True, needles=("night",)),
    # --- English: the day ends ---------------------------------------------------------------
    Rule("day n has ended", "day-end",
         rf"\b(?:the\s+)?{_DAY}(?:\s*{{n}})?\s+(?:has\s+)?(?:now\s+)?(?:ended|is\s+(?:now\s+)?over"
         r"|is\s+(?:now\s+)?closed|has\s+come\s+to\s+an\s+end|is\s+done"
         r"|ends\s+(?:in|with)\s+(?:a\s+)?(?:no[\s-]+)?lynch)\b",
         needles=("end", "over", "closed", "done")),
    Rule("lynched", "day-end",
         r"\b(?:has|have)\s+been\s+(?:lynched|hanged|hung|executed|eliminated)\b|\b(?:was|is"
         r"|got|gets)\s+(?:being\s+|now\s+)?(?:lynched|hanged|executed)\b"
         r"|\blynched\s+(?:on\s+)?(?:day|D)\s*{n}|\bstrung\s+up\b",
         needles=("lynch", "hang", "hung", "execut", "eliminat", "strung")),
    Rule("majority reached", "day-end",
         r"\b(?:a\s+)?majority\s+(?:vote\s+)?(?:has\s+bee[nd]|was|is|been)\s+(?:reached|achieved)\b"
         r"|\b(?:a\s+)?lynch\s+(?:has\s+bee[nd]\s+|was\s+|is\s+)?(?:achieved|reached)\b"
         r"|\bthere\s+(?:has\s+been|is|was)\s+a\s+lynch\b|\bthat'?s\s+a\s+lynch\b",
         source="hammer", needles=("majority", "lynch")),
    Rule("hammer", "day-end",
         r"\b(?:that|this|it)\s*(?:'s|\s+is|\s+was)\s+(?:the|a)\s+hammer\b"
         r"|\bthere\s+(?:has\s+been|was)\s+a\s+hammer\b|\bhas\s+been\s+hammered\b",
         source="hammer", needles=("hammer",)),
    Rule("no lynch", "day-end",
         r"\b(?:no\s*one|nobody|no-one)\s+(?:has\s+been|was|is|were|got)\s+lynched\b"
         r"|\bthere\s+(?:has\s+been|was|is)\s+(?:a\s+)?no[\s-]+lynch\b"
         r"|\bno[\s-]+lynch\s+(?:has\s+been\s+|was\s+|is\s+)?(?:reached|achieved|agreed|occurred"
         r"|has\s+occurred|wins|today)\b|\bno[\s-]+lynch\s+(?:on\s+)?(?:day|D)\s*{n}"
         r"|\b(?:it'?s|looks\s+like|that'?s|in|with)\s+(?:a\s+)?no[\s-]+lynch\b"
         r"|\bnot?\s+(?:a\s+)?lynch\s+today\b",
         needles=("lynch",)),
    Rule("flip: is dead", "day-end",
         r"^[^\n,]{2,40},\s*(?:the\s+)?[^\n,]{3,50},\s*(?:is|has\s+been|was)\s+(?:dead|lynched)\b",
         needles=("dead", "lynched")),
    Rule("deadline passed", "day-end",
         r"\b(?:the\s+)?deadline\s+(?:has\s+)?(?:now\s+)?(?:passed|been\s+reached|arrived|hit"
         r"|is\s+up|was\s+reached)\b|\btime\s+is\s+up\b|\bdeadline\s+reached\b",
         needles=("deadline", "time is up")),
    Rule("game over", "game-end",
         r"\b(?:game\s+over|game\s+is\s+over|(?:town|mafia|scum|wolves|werewolves|survivors)"
         r"(?:[^\S\n]+\S+){0,2}[^\S\n]+(?:wins?|has\s+won|have\s+won|victory)\b(?!\s+con)"
         r"|(?:town|mafia|scum)\s+(?:wins?|victory)\b(?!\s+con)"
         r"|win\s+condition\s+has\s+been\s+(?:met|fulfilled|reached|achieved)"
         r"|congratulations?\s+(?:to\s+)?(?:the\s+)?(?:town|mafia|scum|wolves))\b",
         needles=("game", "win", "won", "victory", "congrat")),
    # --- Russian: the day begins -------------------------------------------------------------
    Rule("ru: наступил день", "day-start",
         r"\b(?:наступ\w*|начал\w*|начина\w*|стартовал\w*|стартует|объявля\w*)\s+"
         r"(?:{ru_ord}\s+)?(?:день|утро)(?:\s+{n})?\b", needles=("день", "утро")),
    Rule("ru: день n начался", "day-start",
         r"\b(?:день\s*{n}|{ru_ord}\s+день)\s+(?:начал\w*|наступил\w*|начина\w*|стартовал\w*"
         r"|открыт\w*|объявля\w*)", needles=("день",)),
    Rule("ru: день n (заголовок)", "day-start",
         rf"\A\W*(?:день\s*{{n}}|{{ru_ord}}\s+день|утро(?:\s+{{ru_ord}}\s+дня)?){_LINE_END}",
         needles=("день", "утро")),
    # «Начало дня 3», «утро третьего дня», «Итоги ночи 2 и начало дня 3»: the GM names the
    # day (a topic per day starts with it), or the night just over
    Rule("ru: начало дня n", "day-start",
         r"\b(?:начал[оа]|начинается|начался|утро)\s+(?:{ru_ord}\s+)?дня(?:\s*{n})?\b",
         needles=("дня",)),
    Rule("ru: итоги ночи n", "day-start",
         r"\b(?:итоги|результаты|события)\s+(?:{ru_ord}\s+)?ночи(?:\s*{n})?\b", offset=1,
         needles=("ночи",)),
    Rule("ru: ночь окончена", "day-start",
         r"\b(?:ночь\s*{n}?\s+(?:окончена|закончена|закончилась|завершена|прошла|подошла\s+к\s+"
         r"концу)|город\s+просыпа\w*|наступил\w*\s+утро|при[её]м\s+(?:ночных\s+)?ходов\s+"
         r"(?:закрыт|окончен|завершен|завершён))",
         offset=1, needles=("ночь", "город", "утро", "ходов")),
    Rule("ru: ночное убийство", "day-start",
         r"\b(?:(?:этой\s+|прошлой\s+)?ночью\s+(?:был[аи]?\s+)?(?:убит\w*|погиб\w*|умер\w*)"
         r"|(?:никто\s+не\s+(?:погиб|умер|был\s+убит))|найден\w*\s+мёртв\w*|найден\w*\s+мертв\w*)",
         weak=True, needles=("ночью", "никто", "найден")),
    # --- Russian: the night begins -----------------------------------------------------------
    Rule("ru: наступила ночь", "night-start",
         r"\b(?:наступ\w*|начал\w*|начина\w*|опускается|стартовал\w*)\s+(?:{ru_ord}\s+)?"
         r"ночь(?:\s+{n})?\b|\bночь\s*{n}\s+(?:начал\w*|наступил\w*)|\bгород\s+засыпа\w*",
         needles=("ночь", "город")),
    Rule("ru: ночь n (заголовок)", "night-start",
         rf"\A\W*(?:ночь\s*{{n}}|{{ru_ord}}\s+ночь){_LINE_END}", needles=("ночь",)),
    Rule("ru: приём ходов", "night-start",
         r"\b(?:(?:начина\w*|начал\w*|открыт\w*|объявля\w*)\s+при[её]м\s+(?:ночных\s+)?ходов"
         r"|при[её]м\s+(?:ночных\s+)?ходов\s+(?:открыт|начат|начался|до\b))",
         weak=True, needles=("ходов",)),
    # --- Russian: the day ends ---------------------------------------------------------------
    Rule("ru: день окончен", "day-end",
         r"\b(?:{ru_ord}\s+)?день(?:\s*{n})?\s+(?:окончен|закончен|закончился|завершен|завершён|завершился"
         r"|подош[её]л\s+к\s+концу)", needles=("день",)),
    Rule("ru: итоги голосования", "day-end",
         r"(?<!промежуточные\s)\b(?:итоги|результаты)\s+(?:дневного\s+)?голосования\b"
         r"|\bголосование\s+(?:окончено|закончено|закрыто|завершено|завершилось)",
         source="vote-count", needles=("голосован",)),
    Rule("ru: казнён", "day-end",
         r"(?<!будет\s)(?<!будут\s)\b(?:казн[её]н\w*|казнили|казнена|казнены|повешен\w*"
         r"|линчеван\w*)|\bникого\s+не\s+казнил\w*|\bникто\s+не\s+(?:был\s+)?казн[её]н",
         needles=("казн", "повеш", "линчев")),
    Rule("ru: игра окончена", "game-end",
         r"\b(?:игра\s+(?:окончена|закончена|завершена)|побед\w+\s+(?:мафи\w+|город\w*|мирн\w+"
         r"|честн\w+)|(?:мафия|город|мирные|честные)\s+побед\w+|мафии\s+не\s+осталось)",
         needles=("игра", "побед", "мафия", "город", "мирные", "честные", "мафии")),
)
