"""One action line: «Ник (Роль) — действие → цель», "Corsica murders Malta (psychic)", a
table row put in that order. The line is cut into the ability's words, option words, and
runs of other words; the first run is the actor, the runs after the ability the targets.
Every word must be accounted for: a word left over, a name that fits several slots, an
ability that fits several of the actor's, is reported, never guessed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from engine.gamelog.base import OptionValue
from scrapers.gmlog import vocab_words
from scrapers.gmlog.vocab import Vocabulary
from scrapers.gmlog.words import JOIN, STOP, Phrases, Token, tokenize
from scrapers.names import NameIndex
from scrapers.names.keys import fold, lemma_keys

# "Nick (Role)" at the start: the label may hold one more pair of brackets inside
_LABEL = re.compile(r"^\s*(?P<actor>[^()\[\]—–→:|]+?)\s*\((?P<label>(?:[^()]|\([^()]*\))*)\)")
_QUOTES = "\"'«»“”„`"


@dataclass
class Problem:
    code: str
    message: str


@dataclass
class Parsed:
    actor: str
    ability: str
    targets: list[str]
    options: dict[str, OptionValue] = field(default_factory=dict)


@dataclass
class _Tok:
    token: Token
    inner: bool  # inside brackets
    used: bool = False


def parse_action(text: str, vocab: Vocabulary, names: NameIndex,
                 roles: dict[str, str]) -> Parsed | Problem:
    """`roles`: each slot's role id, where known (it tells which ability a word means)."""
    options: dict[str, OptionValue] = {}
    start = options_start(text)
    if start is not None:
        try:
            loaded = json.loads(text[start:])
        except json.JSONDecodeError as exc:
            return Problem("bad-options", f"options in braces are not JSON: {exc.msg}")
        if not isinstance(loaded, dict):
            return Problem("bad-options", "options in braces are not a mapping")
        options.update(loaded)
        text = text[:start]
    label_role: str | None = None
    lm = _LABEL.match(text)
    if lm:
        label_role = vocab.role_of(lm["label"])
        if label_role is not None:  # cut the label out, keep the places of the rest
            text = text[: lm.start("label") - 1] + " " * (lm.end() - lm.start("label") + 1) \
                + text[lm.end():]
    toks = _tokens(text)
    outer = [t for t in toks if not t.inner]
    matches = _ability_matches(outer, vocab)
    if not matches:
        return Problem("unknown-action", "no ability of the rule set named on the line")
    first = min(s for s, _, _ in matches)
    named = {id(t) for s, e, _ in matches for t in outer[s:e]}
    for t in outer:  # every ability word ends a name, for now
        t.used = t.used or id(t) in named
    actor_runs = [r for r in _runs(text, toks) if r[-1].token.end <= outer[first].token.start]
    for t in outer:
        t.used = t.token.key in STOP
    if not actor_runs:
        return Problem("no-actor", "no player named before the action")
    if len(actor_runs) > 1:
        return Problem("unread-words", "more than one name before the action: "
                       + ", ".join(_text(text, r) for r in actor_runs))
    actor = _name(text, actor_runs[0], names)
    if isinstance(actor, Problem):
        return actor
    role = label_role or roles.get(actor)
    chosen = _choose(matches, outer, vocab, role)
    if isinstance(chosen, Problem):
        return chosen
    ability, spans = chosen
    for s, e in spans:
        for t in outer[s:e]:
            t.used = True
    for t in actor_runs[0]:
        t.used = True
    problem = _options(ability, toks, vocab, options)
    if problem is not None:
        return problem
    targets: list[str] = []
    for run in _runs(text, toks):
        if run[0].inner:
            return Problem("unread-words", f"words in brackets not understood: "
                           f"{_text(text, run)!r}")
        slot = _name(text, run, names)
        if isinstance(slot, Problem):
            return slot
        targets.append(slot)
    want = vocab.targets.get(ability, 1)
    if len(targets) != want:
        return Problem("target-count", f"{ability} takes {want} target(s), the line names "
                       f"{len(targets)}")
    return Parsed(actor, ability, targets, options)


def options_start(text: str) -> int | None:
    r"""Where the options in braces at the end of a line start: its first «{» when the line
    ends with «}» (on the same line; whitespace after it allowed). The regular expression
    this was, `\{.*\}\s*$`, tried every «{» against the rest of the line: a line of n
    braces took n² steps (20,000 took over a second)."""
    body = text.rstrip()
    if not body.endswith("}"):
        return None
    start = body.find("{", body.rfind("\n") + 1)
    return start if start >= 0 else None


def _tokens(text: str) -> list[_Tok]:
    depth_at: list[int] = []
    depth = 0
    for ch in text:
        depth += ch == "("
        depth_at.append(depth)
        depth -= ch == ")"
    out: list[_Tok] = []
    for t in tokenize(text):
        inner = depth_at[t.start] > 0
        out.append(_Tok(t, inner, used=t.key in STOP))
    return out


def _runs(text: str, toks: list[_Tok]) -> list[list[_Tok]]:
    """Runs of words not used yet, broken by punctuation, brackets, used words and «и»."""
    runs: list[list[_Tok]] = []
    current: list[_Tok] = []
    prev: _Tok | None = None
    for t in toks:
        gap = text[prev.token.end:t.token.start] if prev else ""
        breaks = (t.used or t.token.key in JOIN or prev is None or prev.used
                  or prev.token.key in JOIN or prev.inner != t.inner
                  or any(not (c.isspace() or c in _QUOTES) for c in gap))
        if breaks and current:
            runs.append(current)
            current = []
        if not t.used and t.token.key not in JOIN:
            current.append(t)
        prev = t
    if current:
        runs.append(current)
    return runs


def _text(text: str, run: list[_Tok]) -> str:
    return text[run[0].token.start:run[-1].token.end]


def _name(text: str, run: list[_Tok], names: NameIndex) -> str | Problem:
    written = _text(text, run)
    res = names.resolve(written)
    if res.how == "ambiguous":
        return Problem("ambiguous-name", f"{written!r} may be any of "
                       f"{', '.join(res.candidates)}")
    if res.owner is None or res.is_gm:
        return Problem("unknown-name", f"{written!r} is no player of the game")
    if len(run) > 1 and not (res.how in ("exact", "lemma") and res.matched is not None and (
            fold(written) == fold(res.matched)
            or lemma_keys(written) & lemma_keys(res.matched))):
        # "Мальту Кубу": a name and more words, or two names with nothing between them
        return Problem("unread-words", f"{written!r} is not one name: where one name ends "
                       f"cannot be told")
    return res.owner


_Match = tuple[int, int, frozenset[str]]


def _ability_matches(outer: list[_Tok], vocab: Vocabulary) -> list[_Match]:
    """Every ability phrase on the line. Where a phrase written exactly ("Infecting")
    and one matched through a normal form ("infects", from the same stem) cover the same
    words, the exact one is what the GM wrote."""
    tokens = [t.token for t in outer]
    line = Phrases(tokens)  # the line's words indexed once for every phrase
    found: list[tuple[int, int, frozenset[str], bool]] = []
    for phrase, ids in vocab.abilities.items():
        for s, e in line.find(phrase):
            words = [fold(w) for w in phrase.split()]
            exact = [t.key for t in tokens[s:e] if t.key not in STOP] == [
                w for w in words if w and w not in STOP]
            found.append((s, e, frozenset(ids), exact))
    exact_spans = {(s, e) for s, e, _, x in found if x}
    return [(s, e, ids) for s, e, ids, x in found if x or (s, e) not in exact_spans]


def _choose(matches: list[_Match], outer: list[_Tok], vocab: Vocabulary,
            role: str | None) -> tuple[str, list[tuple[int, int]]] | Problem:
    """The one ability the line names: those the actor's role may use, the longest words
    (a shot named «выстрел босса» is not a plain «выстрел»)."""
    fitting = [(s, e, frozenset(i for i in ids if vocab.may_use(role, i)))
               for s, e, ids in matches]
    fitting = [m for m in fitting if m[2]]
    if not fitting:
        named = sorted({i for _, _, ids in matches for i in ids})
        return Problem("not-role-action", f"{', '.join(named)} is not an ability of "
                       f"{role or 'the actor'}")
    kept = [m for m in fitting if not any(
        (o[0] <= m[0] and m[1] <= o[1]) and (o[1] - o[0]) > (m[1] - m[0]) for o in fitting)]
    ids = frozenset.intersection(*(m[2] for m in kept)) if kept else frozenset()
    union = frozenset().union(*(m[2] for m in kept))
    if len(ids) == 1:
        return next(iter(ids)), [(s, e) for s, e, _ in kept]
    # several abilities named: one whose option words are the others' names wins
    # ("убивает ... психической атакой": murder with a psychic attack)
    line = Phrases([t.token for t in outer])
    for cand in sorted(union):
        opts = _option_spans(cand, line)
        rest = [m for m in kept if cand not in m[2]]
        if rest and all(any(a <= m[0] and m[1] <= b for a, b in opts) for m in rest):
            return cand, [(s, e) for s, e, i in kept if cand in i]
    if len(union) == 1:
        return next(iter(union)), [(s, e) for s, e, _ in kept]
    return Problem("ambiguous-action", f"the action may be any of {', '.join(sorted(union))}"
                   + ("" if role else " (the actor's role is not known)"))


def _option_spans(ability: str, line: Phrases) -> list[tuple[int, int]]:
    return [span for phrase, _, _ in vocab_words.OPTION_WORDS.get(ability, ())
            for span in line.find(phrase)]


def _options(ability: str, toks: list[_Tok], vocab: Vocabulary,
             options: dict[str, OptionValue]) -> Problem | None:
    free = [t for t in toks if not t.used]
    line = Phrases([t.token for t in free])
    for phrase, key, value in sorted(vocab_words.OPTION_WORDS.get(ability, ()),
                                     key=lambda p: -len(p[0])):
        for s, e in line.find(phrase):
            if any(t.used for t in free[s:e]):
                continue
            options[key] = vocab_words.OPTION_VALUES.get((key, value), value)
            for t in free[s:e]:
                t.used = True
    if ability in vocab_words.ROLE_OPTIONS:
        found = _named(free, {r: set(n) for r, n in vocab.role_names.items()})
        if len(found) > 1:
            return Problem("ambiguous-option", f"several roles named: {', '.join(found)}")
        if found:
            options[vocab_words.ROLE_OPTIONS[ability]] = found[0]
    if ability in vocab_words.GIFT_OPTIONS:
        gifts: dict[str, set[str]] = {}
        for name, gift in vocab.gifts.items():
            gifts.setdefault(gift, set()).add(name)
        for key, gift in zip(vocab_words.GIFT_OPTIONS[ability], _named(free, gifts),
                             strict=False):
            options[key] = gift
    for t in free:  # "guess: doctor": the word that only introduces an option
        if t.token.key in vocab_words.OPTION_FILLER:
            t.used = True
    if ability in vocab_words.ABILITY_OPTIONS:
        inner = [t for t in free if t.inner and not t.used]
        found = _named(inner, {a: {p for p, ids in vocab.abilities.items() if a in ids}
                               for a in vocab.targets})
        if len(found) == 1:
            options[vocab_words.ABILITY_OPTIONS[ability]] = found[0]
    return None


def _named(free: list[_Tok], table: dict[str, set[str]]) -> list[str]:
    """Keys of `table` whose names occur among the words not used yet, in the order
    written; their words are marked used. The longest names are taken first."""
    line = Phrases([t.token for t in free])
    spans: list[tuple[int, int, str]] = []
    for key, names in table.items():
        for name in names:
            spans.extend((s, e, key) for s, e in line.find(name))
    spans.sort(key=lambda x: (-(x[1] - x[0]), x[0]))
    taken: list[tuple[int, str]] = []
    for s, e, key in spans:
        if any(t.used for t in free[s:e]):
            continue
        for t in free[s:e]:
            t.used = True
        taken.append((s, key))
    return list(dict.fromkeys(k for _, k in sorted(taken)))
