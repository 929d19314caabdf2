"""Published results in a GM log: deaths and eliminations («Утро. Убит(а) X», "X was found
dead", «Посажен X»), newspaper facts ("The doctor saved X", «X заражён»), private results
(«Kit: «Вы вовремя свели...»», «Pastor о Lis: «не грешен»»), and roles («X — Доктор
(мирный)», "X was Doctor (town)")."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scrapers.gmlog.actions import Parsed, Problem, options_start, parse_action
from scrapers.gmlog.vocab import Vocabulary
from scrapers.names import NameIndex
from scrapers.names.keys import fold, lemma_keys

_KILLED = (r"убит[аоы]?|убит\(а\)|погиб(?:л[аи])?|умер(?:л[аи])?|скончал(?:ся|ась|ись)|"
           r"найден[аоы]?\s+м[её]ртв\w*")
_ELIMINATED = r"посажен[аоы]?|казн[её]н[аоы]?|повешен[аоы]?|линчеван[аоы]?|изгнан[аоы]?"
_EN = r"found dead|killed|murdered|lynched|executed|eliminated|hanged|modkilled|modded out"
_NIGHTLY = r"(?:\s+(?:этой\s+)?ночью|\s+tonight|\s+last night|\s+during the night)?"
_CAUSE = r"(?P<cause>\s+(?:от\s+(?:заражения|инфекции)|of\s+(?:the\s+)?infection))?"
_DEATHS = tuple(re.compile(p, re.I) for p in (
    rf"^(?:утро\W*)?(?:по итогам (?:голосования|дня)\s+)?(?:этой\s+|сегодня\s+)?"
    rf"(?:ночью\s+)?(?:был[аио]?\s+)?"
    rf"(?P<verb>{_KILLED}|{_ELIMINATED})\s*[:—–-]?\s+(?P<names>.+?)[.!]?$",
    rf"^(?:утро\W*)?(?P<names>.+?)\s+(?:был[аио]?\s+)?(?P<verb>{_KILLED}|{_ELIMINATED})"
    rf"{_NIGHTLY}{_CAUSE}{_NIGHTLY}[.!]?$",
    rf"^(?:morning\W*)?(?P<names>.+?)\s+(?:was|has been|is|were|have been)\s+(?P<verb>{_EN})"
    rf"{_NIGHTLY}[.!]?$",
    rf"^(?:morning\W*)?(?P<names>.+?)\s+(?P<verb>died){_CAUSE}{_NIGHTLY}[.!]?$",
    r"^(?P<verb>killed|dead|died|lynched|executed|eliminated)(?:\s+tonight)?\s*:\s*"
    r"(?P<names>.+?)[.!]?$",
))
_NOBODY = re.compile(r"^(?:утро\W*)?(?:этой\s+ночью\s+)?(?:никто\s+не\s+(?P<ru>погиб|умер|убит|"
                     r"посажен|казн[её]н)|(?:nobody|no one)\s+(?P<en>died|was killed|(?:was|is) "
                     r"lynched|(?:was|is) executed)|(?P<nl>no lynch))\W*$", re.I)
_FACTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((k, re.compile(p, re.I)) for k, p in (
    ("healed", r"^(?:the\s+)?(?:doctor|medic)\s+saved\s+(?P<name>.+?)(?:\s+from death)?[.!]?$"),
    ("healed", r"^(?:врач|доктор)\s+(?:этой\s+ночью\s+)?(?:спас|вылечил)\w*\s+(?P<name>.+?)"
               r"(?:\s+от\s+смерти)?[.!]?$"),
    ("healed", r"^(?P<name>.+?)\s+(?:был[аи]?\s+)?(?:спас[её]н|вылечен)\w*(?:\s+врачом|"
               r"\s+доктором)?[.!]?$"),
    ("healed", r"^(?P<name>.+?)\s+(?:was|has been)\s+(?:saved|healed)[.!]?$"),
    ("protected", r"^an attempt on\s+(?P<name>.+?)\s+failed\b.*$"),
    ("protected", r"^покушение на\s+(?P<name>.+?)\s+(?:не удалось|сорвалось|провалилось)\W*$"),
    ("infection", r"^(?P<name>.+?)\s+(?:has been|was)\s+infected[.!]?$"),
    ("infection", r"^(?P<name>.+?)\s+(?:был[аи]?\s+)?(?:заражен|заражён)[аоы]?[.!]?$"),
    # "A miracle: X is back" before "X is back", whose name would take "A miracle: X"
    ("resurrected", r"^(?:a miracle\W+)(?P<name>.+?)\s+is back among the living[.!]?$"),
    ("resurrected", r"^(?P<name>.+?)\s+is back among the living[.!]?$"),
    ("resurrected", r"^(?:врач|доктор)\s+оживил\w*\s+(?P<name>.+?)[.!]?$"),
    ("resurrected", r"^(?P<name>.+?)\s+(?:воскрес|воскресла|ожил|ожила)[.!]?$"),
    ("resurrected", r"^некромант\s+воскресил\s+(?P<name>.+?)[.!]?$"),
    ("recruited", r"^(?P<name>.+?)\s+(?:has been|was)\s+recruited[.!]?$"),
    ("recruited", r"^(?P<name>.+?)\s+(?:был[аи]?\s+)?завербован\w*[.!]?$"),
    # contested-island's newspaper: Baba Nyura's questioning, the Night Hunter's date, the
    # clue to an infection, Ru's pit (seed 000, Order of Actions)
    ("questioning", r"^(?:baba nyura|баба нюра)\s+(?:questioned|допросил[аи]?)\s+"
                    r"(?P<name>[^:]+?)\s*:.*$"),
    ("date", r"^the night hunter (?:went|goes) on a date with\s+(?P<name>.+?)[.!]?$"),
    ("date", r"^ночной охотник\s+(?:сходил|ходил)\s+на свидание\s+с\s+(?P<name>.+?)[.!]?$"),
    ("clue", r"^a clue to (?:the one who|whoever|who)\s+infected\s+(?P<name>[^:]+?)\s*:.*$"),
    ("clue", r"^подсказка(?: о том)?,?\s+кто заразил\s+(?P<name>[^:]+?)\s*:.*$"),
    ("pit-dug", r"^someone dug a pit in front of\s+(?P<name>.+?)'s house[.!]?$"),
    ("pit-dug", r"^кто-то (?:вы)?рыл яму (?:перед домом|у дома)\s+(?P<name>.+?)[.!]?$"),
    # Rick's Thwarting Plans, "displayed as a fact" with no one named
    ("thwarting-plans", r"^(?:tonight\s+)?the mafia'?s plans (?:were|have been) thwarted\b.*$"),
    ("thwarting-plans", r"^планы мафии (?:этой ночью\s+)?(?:были\s+)?сорваны\b.*$"),
    ("psychic-attack", r"^(?P<name>.+?)\s+suffered a psychic attack[.!]?$"),
    ("psychic-attack", r"^(?P<name>.+?)\s+(?:подвергся|подверглась)\s+психической атаке\W*$"),
))
_PRIVATE = re.compile(r"^(?P<name>[^:«»\"“”]+?)\s*:\s*[«\"“](?P<text>.+)[»\"”]\s*\.?$")
_ROLE = re.compile(r"^(?P<name>[^—–:(]+?)\s*(?:[—–:]|\s-\s|\s+(?:was|is|был|была|было|"
                   r"оказал(?:ся|ась))\s+)\s*(?P<role>.+?)[.!]?$", re.I)
_SPLIT = re.compile(r"\s*(?:,|;|&|\s+и\s+|\s+and\s+)\s*", re.I)


@dataclass
class DeathLine:
    names: list[str]  # written names, each maybe with a role after it
    kind: str  # killed, eliminated, modkilled
    cause: str | None
    nightly: bool  # the line says it happened at night


def death_line(text: str) -> DeathLine | None:
    for pattern in _DEATHS:
        m = pattern.match(text)
        if m:
            verb = m["verb"].casefold()
            kind = ("eliminated" if re.match(_ELIMINATED, verb) or verb in (
                "lynched", "executed", "eliminated", "hanged") else
                "modkilled" if verb.startswith("mod") else "killed")
            cause = "infection" if "cause" in m.groupdict() and m["cause"] else None
            nightly = bool(re.search(r"ночью|tonight|night", text, re.I))
            return DeathLine(split_names(m["names"].strip()), kind, cause, nightly)
    return None


def split_names(text: str) -> list[str]:
    """«Kit, Pum и Dyatel (Некромант, мафия)»: the names of a list, brackets kept whole."""
    masked = re.sub(r"\([^()]*\)", lambda m: "\x00" * len(m.group()), text)
    out: list[str] = []
    start = 0
    for m in _SPLIT.finditer(masked):
        out.append(text[start:m.start()])
        start = m.end()
    out.append(text[start:])
    return [o.strip() for o in out if o.strip()]


def nobody(text: str) -> str | None:
    """'killed' for «никто не погиб», 'eliminated' for "no lynch", else None."""
    m = _NOBODY.match(text)
    if m is None:
        return None
    word = (m["ru"] or m["en"] or m["nl"] or "").casefold()
    return "eliminated" if re.search(r"посажен|казн|lynch|execut", word) else "killed"


# a word every fact pattern holds: most sentences of a GM's post hold none, and are passed
# over without trying the patterns one by one
_FACT_WORDS = re.compile(
    r"saved|healed|attempt|infected|back among|recruited|psychic|questioned|date with|clue|"
    r"pit in front|thwarted|спас|вылечен|вылечил|покушение|заражен|заражён|воскрес|ожил|"
    r"оживил|завербован|психическ|допросил|свидание|подсказка|яму|сорваны", re.I)


def fact_line(text: str) -> tuple[str, str | None] | None:
    """(fact kind, the name as written, or None for a fact about no one)."""
    if not _FACT_WORDS.search(text):
        return None
    for kind, pattern in _FACTS:
        m = pattern.match(text)
        if m:
            name = m.groupdict().get("name")
            return kind, name.strip() if name is not None else None
    return None


# the game's end: «победа честных», «Честные победили», "the survivors win!", "Victory
# for the town"; the winners are factions of the rule set, one or several («и», "and")
_VICTORY = tuple(re.compile(p, re.I) for p in (
    r"(?:^|[:;.!]\s*)побед[аы]\s+(?P<who>[^.!:;]+?)\s*[.!]*$",
    r"(?:^|[:;.!]\s*)(?P<who>[^.!:;]+?)\s+(?:победил[аио]?|выиграл[аио]?)\s*[.!]*$",
    r"(?:^|[:;.!]\s*)(?:the\s+)?(?P<who>[^.!:;]+?)\s+(?:wins?|ha(?:s|ve) won)\s*[.!]*$",
    r"(?:^|[:;.!]\s*)victory\s+(?:for|of)\s+(?:the\s+)?(?P<who>[^.!:;]+?)\s*[.!]*$",
))


def victory_line(text: str, vocab: Vocabulary) -> list[str] | None:
    """The winning factions a sentence announces, or None (also when one of the names is no
    faction of the rule set: never a guess)."""
    for pattern in _VICTORY:
        m = pattern.search(text.strip())
        if m is None:
            continue
        names = [n for n in _SPLIT.split(m["who"].strip()) if n]
        found = [vocab.faction_of(re.sub(r"^(?:the|всех)\s+", "", n, flags=re.I))
                 for n in names]
        if names and all(found):
            return sorted({f for f in found if f})
    return None


_ABOUT = re.compile(r"\s+(?:об?|обо|про|about|on)\s+", re.I)


def private_line(text: str) -> tuple[str, str | None, str] | None:
    """(recipient, subject or None, the words) of «Kit: «...»», «Pastor о Lis: «не
    грешен»», "Aruba about Singapore: «Local»"."""
    m = _PRIVATE.match(text)
    if m is None:
        return None
    who = _ABOUT.split(m["name"].strip(), maxsplit=1)
    return who[0].strip(), who[1].strip() if len(who) == 2 else None, m["text"].strip()


def role_line(text: str) -> tuple[str, str] | None:
    """(the name as written, the role text) of «X — Доктор (мирный)»."""
    m = _ROLE.match(text)
    return (m["name"].strip(), m["role"].strip()) if m else None


_PRONOUN = re.compile(r"^(?:он|она|оно|he|she|they|who)\s+(?:был[аио]?|оказал(?:ся|ась)|"
                      r"was|is|were)\s+(?P<role>.+?)[.!]?$", re.I)


def pronoun_role(text: str) -> str | None:
    """The role of «она была Пукальщиком», "he was the Doctor": said of the death just
    announced."""
    m = _PRONOUN.match(text.strip())
    return m["role"] if m else None


def parse_role(text: str, vocab: Vocabulary) -> tuple[str, str | None] | None:
    """(role id, faction id or None) of «Водитель, честный», «Журналист (на стороне
    мирных)», "Doctor (town)"; None unless every part is read."""
    text = text.strip().rstrip(".!")
    whole = vocab.role_of(text)
    if whole is not None and not re.search(r"[(,]", text):
        return whole, None
    split = _split_role(text, vocab)
    if split is None and whole is not None:
        return whole, None
    parts = re.split(r"\s+[—–-]\s+", text)
    if split is None and len(parts) == 2:  # «мирной — Ру»: the side, then the role
        for side, role in (parts, parts[::-1]):
            rid, faction = vocab.role_of(role), vocab.faction_of(side)
            if rid is not None and faction is not None:
                return rid, faction
    return split


def _split_role(text: str, vocab: Vocabulary) -> tuple[str, str | None] | None:
    head, *tail = [p.strip() for p in text.split(",")]
    groups = re.findall(r"\(([^()]*)\)", head)
    main = re.sub(r"\([^()]*\)", " ", head).strip()
    role = vocab.role_of(main) if main else None
    if role is None:
        return None
    faction: str | None = None
    for part in [g.strip() for g in groups] + tail:
        if not part:
            continue
        if vocab.role_of(part) == role:
            continue
        found = vocab.faction_of(re.sub(r"^(?:на стороне|on the side of)\s+", "", part,
                                        flags=re.I)) or vocab.faction_of(part)
        if found is None or (faction is not None and found != faction):
            return None
        faction = found
    return role, faction


def whole_name(text: str, names: NameIndex) -> str | tuple[str, ...] | None:
    """The slot a written name is, taking the whole text as one name: a slot id, None when
    no slot, or the candidates when several fit."""
    res = names.resolve(text)
    if res.how == "ambiguous":
        return res.candidates
    if res.owner is None or res.is_gm:
        return None
    if len(text.split()) > 1 and not (res.matched is not None and (
            fold(text) == fold(res.matched) or lemma_keys(text) & lemma_keys(res.matched))):
        return None
    return res.owner


# A private result on an action's line: «Комиссар (Ямайка) проверил Кубу — мафия», «Куба
# [Доктор]: лечение Мальты → успешно», «Ямайка, шериф: поиск босса мафии у Кубы: удачно»:
# the player by role and/or name (either order, one in brackets), the ability and its
# target, and the answer after the last dash, colon or arrow
_ANSWER_SEP = re.compile(r"\s*(?:→|->|=>|—|–|\s-\s|:)\s*")
_ANSWER_QUOTES = "«»\"“”„'"
_LEAD_LABEL = re.compile(r"^\s*(?P<a>[^()\[\]:—–→]+?)\s*[(\[](?P<b>[^()\[\]]*)[)\]]\s*,?")
_LEAD_COMMA = re.compile(r"^\s*(?P<a>[^,:—–→()\[\]]+?)\s*,\s*(?P<b>[^,:—–→()\[\]]+?)"
                         r"\s*(?=[:—–→]|\s-\s)")


@dataclass
class Told:
    """An action line with its answer: the action as read, the answer as written, and the
    line's action text with the player put first («Ямайка (Комиссар) проверил Кубу»)."""

    action: Parsed
    answer: str
    text: str


def told_line(text: str, vocab: Vocabulary, names: NameIndex,
              roles: dict[str, str]) -> Told | None:
    """The action and answer of a result line, or None when the line is no such line (an
    action whose last words are its targets, options in braces, a death, a role)."""
    body = text.strip().rstrip(".!").strip()
    if options_start(body) is not None:
        return None  # options close an action line; its answer is not given there
    # a separator inside brackets is an option's («(guess: statistician)»), not the answer's
    seps = [m for m in _ANSWER_SEP.finditer(body)
            if body.count("(", 0, m.start()) == body.count(")", 0, m.start())
            and body.count("[", 0, m.start()) == body.count("]", 0, m.start())]
    if not seps:
        return None
    last = seps[-1]
    answer = body[last.end():].strip().strip(_ANSWER_QUOTES).strip()
    head = body[: last.start()].strip()
    if not answer or not head or _names_only(answer, names):
        return None
    action_text = player_first(head, vocab, names, roles)
    if action_text is None:
        return None
    got = parse_action(action_text, vocab, names, roles)
    if isinstance(got, Problem) or not got.targets:
        return None
    return Told(got, answer, action_text)


def _names_only(text: str, names: NameIndex) -> bool:
    """«Pum, Dyatel», «Kvant и Lis»: the targets of a plain action line, not an answer."""
    parts = [p for p in _SPLIT.split(text.strip()) if p.strip()]
    return bool(parts) and all(isinstance(whole_name(p.strip(_ANSWER_QUOTES), names), str)
                               for p in parts)


def _is_name(text: str, names: NameIndex) -> bool:
    return isinstance(whole_name(text.strip(), names), str)


def player_first(head: str, vocab: Vocabulary, names: NameIndex,
                  roles: dict[str, str]) -> str | None:
    """The line's start as «Name (Role) …», the form the action reader takes: «Комиссар
    (Ямайка)», «Куба [Доктор]», «Ямайка, комиссар:», or the role alone («Доктор: …») when one
    slot has that role; the text unchanged when it starts with a name already."""
    m = _LEAD_LABEL.match(head) or _LEAD_COMMA.match(head)
    if m is not None:
        a, b, rest = m["a"].strip(), m["b"].strip(), head[m.end():]
        if vocab.role_of(b) is not None and _is_name(a, names):
            return f"{a} ({b}) {rest}"
        if vocab.role_of(a) is not None and _is_name(b, names):
            return f"{b} ({a}) {rest}"
        if _is_name(a, names) and whole_name(a, names) == whole_name(b, names):
            return f"{a} {rest}"  # «Ямайка (Dagr)»: the in-game name and the nick
        if m.re is _LEAD_LABEL:
            return head.replace("[", "(").replace("]", ")", 1) if m["b"] else head
    words = head.split()
    for k in range(min(4, len(words) - 1), 0, -1):
        role = vocab.role_of(" ".join(words[:k]).rstrip(":,"))
        if role is None:
            continue
        rest = " ".join(words[k:])
        # «Доктор Куба лечит …»: the role, then the name; «Доктор: лечение …»: the role alone
        label = " ".join(words[:k]).rstrip(":,")
        named = _name_words(rest, names)
        if named:
            after = rest.lstrip(":, ").split()
            return f"{' '.join(after[:named])} ({label}) {' '.join(after[named:])}"
        holders = [slot for slot, r in roles.items() if r == role]
        if len(holders) == 1:
            return f"{holders[0]} ({label}) {rest}"
        return None  # a role no one slot is known to have
    return head


def _name_words(text: str, names: NameIndex) -> int:
    """How many words at the start of `text` are a player's name (0: none)."""
    words = text.lstrip(":, ").split()
    return next((k for k in range(min(3, len(words)), 0, -1)
                 if fold(words[k - 1]) and _is_name(" ".join(words[:k]).rstrip(":,"), names)),
                0)


def canonical_answer(answer: str, vocab: Vocabulary) -> str:
    """The rule set's own words for an answer the GM wrote otherwise («успешно» for
    world-cup-2018's «удачно»), else the answer as written."""
    return vocab.answers.get(fold(answer), answer)
