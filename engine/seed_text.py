"""A rule set's seed read sentence by sentence, for its clause-by-clause account
(docs/rules/<ruleset>.md): which sentences a case's or a ruling's `clause` quotes, and the
notes that say what becomes of the rest (a story, a heading, modelled elsewhere, not
modelled and why).

A clause quotes the seed in its own language, often cut ("... ") and wrapped in a few words
of its own ("Order 11) Protection ..."). So a clause covers a sentence when it holds a run of
`RUN` consecutive words of it (the whole sentence when shorter), compared without case,
quotes, dashes or markup, or holds a cut piece of it (`PIECE` words or more, between
"...", ";", ":", "," or brackets) found whole in it: a quoted half-sentence counts, a
paraphrase does not."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

RUN = 5  # words in a row a clause must share with a sentence to cover it
PIECE = 3  # words of a clause's cut piece found whole in a sentence to cover it
_CUT = re.compile(r"\.\.\.|…|[;:,()\n]")

# A sentence ends at . ! ? … followed by a space and a character that is not a lowercase
# letter: "т. п." or "e.g. a" go on; "... twice. The target" ends.
_END = re.compile(r"(?<=[.!?…])\s+(?=[^a-zа-яё])")
_TAG = re.compile(r"<[^>]*>")
_NUMBER = re.compile(r"^\d{1,3}[.)]$")  # a list item's number
_TAG_ONLY = re.compile(r"^\([^()\s]{1,6}\)\.?$")  # a bracketed mark alone: "(+)", "(K)"
_QUOTE = re.compile(r"[«»“”„\"'`’‘]")
_WORD = re.compile(r"\w+")
_QUOTED = re.compile(r'"([^"]+)"|«([^»]+)»|“([^”]+)”')

NoteKind = Literal["story", "heading", "elsewhere", "not-modelled"]
NOTE_KINDS: dict[str, str] = {
    "story": "the setting: no rule to model",
    "heading": "a title or heading",
    "elsewhere": "modelled outside the scenario cases",
    "not-modelled": "not modelled",
}


@dataclass(frozen=True)
class Sentence:
    """A sentence of the seed: its paragraph (a non-empty line, counted from 1), its place
    in the paragraph (from 1) and its text as the seed writes it."""

    paragraph: int
    index: int
    text: str

    @property
    def ref(self) -> str:
        return f"{self.paragraph}.{self.index}"


@dataclass(frozen=True)
class SeedNote:
    """What becomes of seed sentences no case or ruling quotes. `quote`: words of the
    sentence as the seed writes them (compared as clauses are); with `paragraph`, the note
    stands for every sentence of the paragraphs it names; `pattern`: a regular expression
    matched against each sentence instead (headings the seed repeats). `reason`: why, in a
    sentence; `where`: for `elsewhere`, the module or test that models it."""

    kind: NoteKind
    reason: str
    quote: str = ""
    pattern: str = ""
    paragraph: bool = False
    where: str = ""

    def __post_init__(self) -> None:
        if bool(self.quote) == bool(self.pattern):
            raise ValueError(f"a seed note gives a quote or a pattern, not both: {self}")
        if not self.reason.strip():
            raise ValueError(f"a seed note without a reason: {self}")
        if (self.kind == "elsewhere") != bool(self.where):
            raise ValueError(f"`where` is given with kind 'elsewhere', and only then: {self}")


def sentences(seed: str) -> list[Sentence]:
    """The seed's sentences, paragraph by paragraph (each non-empty line a paragraph)."""
    out: list[Sentence] = []
    number = 0
    for line in seed.splitlines():
        line = line.strip()
        if not line:
            continue
        number += 1
        parts: list[str] = []
        for p in (p.strip() for p in _END.split(line)):
            if parts and (_TAG_ONLY.match(p) or _NUMBER.match(parts[-1])):
                parts[-1] += " " + p  # "... nights. (-)": its type; "1. Босс": an item
            elif p:
                parts.append(p)
        out += [Sentence(number, i, p) for i, p in enumerate(parts, start=1)]
    return out


def words(text: str) -> tuple[str, ...]:
    """The words compared: lower case, ё as е, markup, quotes and dashes left out."""
    text = _QUOTE.sub("", _TAG.sub(" ", text)).lower().replace("ё", "е")
    return tuple(_WORD.findall(text))


def _runs(seq: tuple[str, ...], size: int) -> set[tuple[str, ...]]:
    return {seq[i:i + size] for i in range(len(seq) - size + 1)}


class Quotes:
    """The runs of words a clause holds, for `covers`."""

    def __init__(self, text: str) -> None:
        self.words = words(text)
        self._runs = {n: _runs(self.words, n) for n in range(1, RUN + 1)}
        # the clause's own cut pieces ("Врач команды — ... может лечить себя."): a piece of
        # `PIECE` words or more found whole in a sentence quotes it
        self._pieces = [w for w in (words(p) for p in _CUT.split(text)) if len(w) >= PIECE]
        # what the clause puts in quotes, whole: a short sentence it quotes alone
        # ('Features: "Zero vote."')
        self._quoted = {words(next(g for g in m.groups() if g is not None))
                        for m in _QUOTED.finditer(text)}

    def covers(self, sentence: Sentence, before: tuple[str, ...] = (),
               after: tuple[str, ...] = ()) -> bool:
        """The clause holds `RUN` words of the sentence in a row (all of them when fewer),
        or one of its cut pieces is found whole in the sentence. A sentence of fewer than
        `PIECE` words ("- Authority.", "Double vote.") is quoted only together with a
        neighbour in its paragraph (`before`: the words of the sentence before it, `after`:
        of the one after), or alone in quotation marks: else any clause naming the
        character would "quote" it, and a label on a line of its own ("Features:") is no
        clause's quote."""
        own = words(sentence.text)
        if not own:
            return False
        if len(own) < PIECE:
            if own in self._quoted:
                return True
            runs = [(*before[-2:], *own)] if before else []
            runs += [(*own, *after[:PIECE])] if after else []
            return any(_holds(self.words, run) for run in runs)
        size = min(RUN, len(own))
        if not self._runs[size].isdisjoint(_runs(own, size)):
            return True
        return any(_holds(own, piece) for piece in self._pieces)


def noted(note: SeedNote, all_sentences: list[Sentence]) -> list[Sentence]:
    """The sentences a note stands for (none: the note is stale)."""
    if note.pattern:
        rx = re.compile(note.pattern)
        return [s for s in all_sentences if rx.search(s.text)]
    want = words(note.quote)
    if not want:
        return []
    hit = [s for s in all_sentences if _holds(words(s.text), want)]
    if not note.paragraph:
        return hit
    paragraphs = {s.paragraph for s in hit}
    return [s for s in all_sentences if s.paragraph in paragraphs]


def _holds(seq: tuple[str, ...], part: tuple[str, ...]) -> bool:
    n = len(part)
    return any(seq[i:i + n] == part for i in range(len(seq) - n + 1))
