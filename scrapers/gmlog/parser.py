"""`parse_gm_log`: the GM's published log, line by line, into actions and published results.

Each line is one of: blank or decoration (silent); a header (a night, a day, the roles post,
the morning; silent); a table header row (silent); something read (an action, a death, a
newspaper fact, a private result, a role); or reported with the reason it was not used.
Lenient by default; `strict=True` raises at the first reported line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.errors import BadInputError
from engine.gamelog import (
    Action,
    Death,
    NewspaperFact,
    ParseIssue,
    PrivateResult,
    Slot,
    SourceRef,
    Where,
    split_phase_key,
)
from engine.rulesets import RuleSet
from scrapers.gmlog import layout, results
from scrapers.gmlog.actions import Parsed, Problem, parse_action
from scrapers.gmlog.model import GmLog, RoleLine
from scrapers.gmlog.vocab import Vocabulary, vocabulary
from scrapers.names import Name, NameIndex

# The parser matches a line against the whole vocabulary: a line of 100 KB takes seconds.
# A GM-log line is a sentence or a table row; one longer than this is not one, and is
# reported unread rather than read for minutes
MAX_LINE = 4000
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[A-ZА-ЯЁ«\"])")


class _Unused(Exception):
    """A line (or sentence) that cannot be used, and why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class _State:
    kind: layout.Kind | None = None
    number: int = 0
    section: str | None = None
    columns: list[str | None] | None = None
    # the slots whose death the log last announced, for the role line after it
    dead: dict[str, Death] = field(default_factory=dict)
    # under the private results' header (its night headers do not end it): a result on an
    # action's line there is the answer alone, the action is in the night's block
    results_part: bool = False


def index_players(players: Sequence[Slot]) -> NameIndex:
    """Every name a slot goes by: its nicks, in-game name and aliases."""
    names: list[Name] = []
    for slot in players:
        names.extend(Name(n, slot.id, "nick") for n in slot.nicks)
        if slot.ingame_name:
            names.append(Name(slot.ingame_name, slot.id, "ingame"))
        names.extend(Name(a, slot.id, "alias") for a in slot.aliases)
        names.append(Name(slot.id, slot.id, "alias"))
    return NameIndex(names)


def parse_gm_log(text: str, *, ruleset: RuleSet | str | None, players: Sequence[Slot],
                 file: str | None = None, strict: bool = False) -> GmLog:
    """Read a GM log. `players`: the game's slots (ids, nicks, in-game names, roles)."""
    rs_id = ruleset.id if isinstance(ruleset, RuleSet) else ruleset
    reader = reader_for(rs_id, players, GmLog(file=file))
    lines = text.splitlines()
    reader.log.lines = len(lines)
    for number, line in enumerate(lines, start=1):
        try:
            reader.line(number, line)
        except _Unused as why:
            # a line too long to read is quoted by its start only
            quoted = line.strip() if len(line) <= MAX_LINE else line.strip()[:200] + " …"
            issue = ParseIssue(severity="warning", code=why.code,
                               where=Where(file=file, line=number), message=why.message,
                               text=quoted)
            reader.log.issues.append(issue)
            if strict:
                raise BadInputError(file or "GM log", f"line {number}",
                                    f"{why.message}: {quoted!r} [{why.code}] "
                                    "(strict mode)") from None
    return reader.log


def reader_for(ruleset: str | None, players: Sequence[Slot], log: GmLog) -> _Reader:
    vocab = vocabulary(ruleset)
    roles = {s.id: r for s in players
             if (r := s.role if s.role in vocab.roles else vocab.role_of(s.role or ""))}
    return _Reader(vocab, index_players(players), roles, log)


@dataclass
class _Reader:
    vocab: Vocabulary
    names: NameIndex
    roles: dict[str, str]
    log: GmLog
    state: _State = field(default_factory=_State)

    def line(self, number: int, raw: str) -> None:
        if len(raw) > MAX_LINE:
            raise _Unused("line-too-long", f"{len(raw):,} characters, over the {MAX_LINE:,} "
                          "a GM-log line may have: not read")
        text = raw.strip()
        if not text or layout.is_decoration(text):
            self.log.silent.add(number)
            return
        sec = layout.section(text)
        if sec is not None:
            self.state.section = sec
            self.state.results_part = sec == "private"
            self.log.silent.add(number)
            return
        head = layout.header(text)
        if head is not None:
            self.state.kind, self.state.number = head.kind, head.number
            self.state.section = None
            self.state.dead = {}
            if not head.rest or layout.is_decoration(head.rest):
                self.log.silent.add(number)
                return
            text = head.rest
        row = layout.cells(text)
        if row is not None:
            if (named := layout.table_header(row)) is not None:
                self.state.columns = named
                self.log.silent.add(number)
                return
            if layout.is_rule(row):
                self.log.silent.add(number)
                return
            text = self._row(row)
        self._content(number, raw, text)
        self.log.used.add(number)

    def post_line(self, key: str, text: str, ref: SourceRef) -> None:
        """A line of a GM post in phase `key`, read for results only: a line that is none,
        or names no one player, is passed over (a post is free text)."""
        kind, n = split_phase_key(key)
        if (self.state.kind, self.state.number) != (kind, n):
            self.state = _State(kind=kind, number=n)
        for sentence in _SENTENCES.split(text.strip()):
            if layout.section(sentence) is not None or layout.is_decoration(sentence):
                continue
            try:
                self._result(sentence, ref)
            except _Unused:
                continue

    def _row(self, row: list[str]) -> str:
        cols = self.state.columns
        if cols is None:
            raise _Unused("table-row", "a table row before any header row naming its columns")
        if len(row) > len(cols):
            raise _Unused("table-row", f"the row has {len(row)} cells, the header {len(cols)}")
        row = row + [""] * (len(cols) - len(row))  # empty cells at the end are often left off
        cell = {c: v for c, v in zip(cols, row, strict=True) if c is not None}
        if cell.get("night"):
            if not cell["night"].isdigit():
                raise _Unused("bad-night", f"night {cell['night']!r} is not a number")
            self.state.kind, self.state.number = "night", int(cell["night"])
        role = f" ({cell['role']})" if cell.get("role") else ""
        notes = cell.get("options", "")
        # options as JSON stay at the end of the line, where the action reader takes them
        extra = f" {notes}" if notes.startswith("{") else f" ({notes})" if notes else ""
        return f"{cell.get('player', '')}{role} — {cell.get('action', '')} → " \
               f"{cell.get('target', '')}{extra}"

    def _content(self, number: int, raw: str, text: str) -> None:
        ref = SourceRef(kind="gm-log", file=self.log.file, line=number, text=raw.strip())
        private = results.private_line(text.strip()) if self.state.section != "roles" else None
        if private is not None and isinstance(results.whole_name(private[0], self.names), str):
            # the words sent may hold sentences, names and arrows of their own («Результаты:
            # Borodach: убийство → Nerpa»): the line is one private result, not cut up
            self._result(text.strip(), ref)
            return
        if self.state.section != "roles" and (told := results.told_line(
                text, self.vocab, self.names, self._known_roles())) is not None:
            self._told(told, ref)
            return
        if private is not None:
            self._result(text.strip(), ref)
            return
        sentences: list[str] = []
        for sentence in _SENTENCES.split(text):
            if (sec := layout.section(sentence)) is not None:  # «Утро. Убит X»
                self.state.section = sec
            elif sentence.strip() and not layout.is_decoration(sentence):
                sentences.append(sentence)
        if not sentences:
            return
        text = " ".join(sentences)
        if self.state.section == "roles":
            self._roles(text, ref)
            return
        done = [self._result(s, ref) for s in sentences]
        if all(done):
            return
        if any(done):
            bad = sentences[done.index(False)]
            raise _Unused("unread-sentence", f"a sentence not understood: {bad!r}")
        self._action(text, ref)

    def _known_roles(self) -> dict[str, str]:
        """Each slot's role as far as known here: the game's, then the roles post's."""
        return {**self.roles, **{s: r.role for s, r in self.log.roles.items() if r.role}}

    def _told(self, told: results.Told, ref: SourceRef) -> None:
        """An action's line with its answer: in a night's (or day's) block the action and
        the private result; under the private results' header the result only."""
        kind, n = self._phase()
        got = told.action
        results_part = self.state.section == "private" or self.state.results_part
        if not results_part:
            (self.log.nights if kind == "night" else self.log.days).setdefault(n, []).append(
                _to_action(got, ref))
        key = self._night_key() if kind == "night" or results_part else f"D{n}"
        self.log.phase(key).private.append(PrivateResult(
            recipient=got.actor, ability=got.ability, subject=got.targets[0], kind="result",
            result={"text": results.canonical_answer(told.answer, self.vocab)}, raw=ref.text,
            source=ref))

    def _phase(self) -> tuple[layout.Kind, int]:
        if self.state.kind is None:
            raise _Unused("no-phase", "no night or day header yet")
        return self.state.kind, self.state.number

    def _night_key(self) -> str:
        """The night results of this part of the log are about: the night itself, or in a
        day's block the night before it (the morning post)."""
        kind, n = self._phase()
        return f"N{n}" if kind == "night" else f"N{max(n - 1, 0)}"

    def _slot(self, written: str) -> str:
        found = results.whole_name(written, self.names)
        if isinstance(found, tuple):
            raise _Unused("ambiguous-name", f"{written!r} may be any of {', '.join(found)}")
        if found is None:
            raise _Unused("unknown-name", f"{written!r} is no player of the game")
        return found

    def _result(self, text: str, ref: SourceRef) -> bool:
        """Read a sentence as a published result; False when it is none (raises when it is
        one that cannot be used)."""
        if (none := results.nobody(text)) is not None:
            _kind, n = self._phase()
            if none == "eliminated":
                self.log.phase(f"D{n}").no_elimination = ref
            return True
        if (death := results.death_line(text)) is not None:
            self._deaths(death, text, ref)
            return True
        if (fact := results.fact_line(text)) is not None:
            subject = self._slot(fact[1]) if fact[1] is not None else None
            self.log.phase(self._night_key()).newspaper.append(
                NewspaperFact(kind=fact[0], subject=subject, raw=text, source=ref))
            return True
        if (private := results.private_line(text)) is not None:
            recipient = self._slot(private[0])
            # the subject only as the GM names it: a player may be told several things a
            # night (a gift received and his own move's answer)
            about = self._slot(private[1]) if private[1] is not None else None
            key = self._night_key()
            mine = [a for a in self.log.nights.get(int(key[1:]), []) if a.actor == recipient]
            self.log.phase(key).private.append(PrivateResult(
                recipient=recipient, ability=mine[0].ability if len(mine) == 1 else None,
                subject=about, kind="result", result={"text": private[2]}, raw=text,
                source=ref))
            return True
        said = results.pronoun_role(text)
        if said is not None and len(self.state.dead) == 1:  # «Она была мирной — Ру.»
            self._reveal(next(iter(self.state.dead.values())), said)
            return True
        # «X — Водитель»: a role shown for a death just announced (no death, no name to
        # resolve: most sentences of a GM's post have this shape)
        if self.state.dead and (pair := results.role_line(text)) is not None:
            slot = results.whole_name(pair[0], self.names)
            if isinstance(slot, str) and slot in self.state.dead:
                self._reveal(self.state.dead[slot], pair[1])
                return True
        return False

    def _reveal(self, dead: Death, text: str) -> None:
        role = results.parse_role(text, self.vocab)
        if role is None:
            raise _Unused("unknown-role", f"{text!r} is no role of the rule set")
        dead.revealed_role, dead.revealed_faction = role

    def _deaths(self, death: results.DeathLine, text: str, ref: SourceRef) -> None:
        kind, n = self._phase()
        if death.kind == "eliminated":
            key = f"D{n}"
        elif kind == "night":
            key = f"N{n}"
        else:
            key = f"N{max(n - 1, 0)}" if death.nightly or self.state.section == "morning" \
                else f"D{n}"
        found: list[Death] = []
        for item in death.names:
            said = results.pronoun_role(item)
            if said is not None and found:  # «Посажена Лиса, она была Пукальщиком»
                self._reveal(found[-1], said)
                continue
            written, role_text = _name_and_role(item)
            slot = self._slot(written)
            if role_text and results.whole_name(role_text, self.names) == slot:
                role_text = None  # «Ямайка (Dagr)»: the player's nick, not a role
            role: tuple[str, str | None] | None = None
            if role_text:
                role = results.parse_role(role_text, self.vocab)
                if role is None:
                    raise _Unused("unknown-role", f"{role_text!r} is no role of the rule set")
            found.append(Death(slot=slot, kind="eliminated" if death.kind == "eliminated"
                               else "modkilled" if death.kind == "modkilled" else "killed",
                               cause=death.cause, revealed_role=role[0] if role else None,
                               revealed_faction=role[1] if role else None, raw=text,
                               source=ref))
        self.state.dead = {d.slot: d for d in found}
        self.log.phase(key).deaths.extend(found)

    def _roles(self, text: str, ref: SourceRef) -> None:
        pair = results.role_line(text)
        if pair is None:
            raise _Unused("not-a-role", "the roles post has no «name — role» here")
        slot = self._slot(pair[0])
        role = results.parse_role(pair[1], self.vocab)
        if role is None:
            raise _Unused("unknown-role", f"{pair[1]!r} is no role of the rule set")
        assert ref.line is not None
        self.log.roles[slot] = RoleLine(slot, role[0], role[1], text, ref.line)

    def _action(self, text: str, ref: SourceRef) -> None:
        got = parse_action(text, self.vocab, self.names, self.roles)
        if isinstance(got, Problem):
            # «Главный коррупционер (Куба) — выстрел …», «Куба [Врач]: …»: the role first,
            # or in square brackets
            again = results.player_first(text, self.vocab, self.names, self._known_roles())
            if again is not None and again != text:
                retry = parse_action(again, self.vocab, self.names, self._known_roles())
                got = retry if not isinstance(retry, Problem) else got
        if isinstance(got, Problem):
            pair = results.role_line(text)
            if pair is not None and results.parse_role(pair[1], self.vocab) is not None:
                raise _Unused("two-readings", "reads as a role, but there is no roles header "
                              "and no death of that player before it; as an action: "
                              + got.message)
            raise _Unused(got.code, got.message)
        kind, n = self._phase()
        action = _to_action(got, ref)
        (self.log.nights if kind == "night" else self.log.days).setdefault(n, []).append(
            action)


def _to_action(got: Parsed, ref: SourceRef) -> Action:
    return Action(actor=got.actor, ability=got.ability, targets=got.targets,
                  options=got.options, raw=ref.text, source=ref)


def _name_and_role(item: str) -> tuple[str, str | None]:
    """«Pilot (Помощник шерифа)», «Nerpa — Телохранитель»: the name and the role."""
    m = re.match(r"^(?P<name>[^(—–]+?)\s*(?:\((?P<p>.+)\)|(?:[—–]|\s-\s)\s*(?P<d>.+))$", item)
    if m:
        return m["name"].strip(), (m["p"] or m["d"]).strip()
    return item.strip(), None
