"""A game log's GM log written out as text in the shapes GMs use (per-day and per-night
blocks, a table, one line per action), Russian or English, for the GM-log reader to read
back: the whole test games and simulated games round-trip through it. Players are written
by their names (`Slot.name`); the rule set's names of day actions, roles and abilities beyond
the engine's come from its scraper side (`scrapers.rulesets`)."""

from __future__ import annotations

import json
from collections.abc import Iterator

from engine.gamelog import Action, Death, GameLog
from engine.rulesets import RulingError, ruleset_of
from scrapers.gmlog.vocab import vocabulary
from scrapers.rulesets import scraper_ruleset

# options the reader takes in words, and how each shape writes them
_WORDS_EN = {("attack", "psychic"): "psychic", ("attack", "physical"): "physical",
             ("mode", "attack"): "attack", ("mode", "infect"): "infect",
             ("status", "mental"): "mental status", ("status", "physical"): "physical status",
             ("status", "local"): "local status"}
_WORDS_RU = {("attack", "psychic"): "психической атакой",
             ("attack", "physical"): "физической атакой", ("mode", "attack"): "атака",
             ("mode", "infect"): "заражение", ("status", "mental"): "ментальный",
             ("status", "physical"): "физический", ("status", "local"): "местный"}


def _name(log: GameLog, slot: str) -> str:
    return next((s.name for s in log.players if s.id == slot), slot)


def ability_name(log: GameLog, ability: str, lang: str) -> str:
    rs = ruleset_of(log)
    assert rs.night is not None
    ab = rs.night.abilities.get(ability)
    if ab is None:  # a day action
        day = scraper_ruleset(rs.id).day_abilities[ability]
        return day.en if lang == "en" else day.ru
    if lang == "en":
        return ab.name
    if ab.name_ru:
        return ab.name_ru
    # the engine gives no Russian name (contested-island's seed is an English translation)
    return scraper_ruleset(rs.id).ability_words[ability][0]


def role_name(log: GameLog, role: str, lang: str) -> str:
    """The role as a GM writes it: the rule set's English or Russian name."""
    named = scraper_ruleset(log.meta.ruleset).role_name
    if named is None:
        raise RulingError(f"rule set {log.meta.ruleset!r} has no role names to write a GM "
                          "log with")
    return named(role, lang)


def faction_name(log: GameLog, faction: str, lang: str) -> str:
    names = sorted(vocabulary(log.meta.ruleset).factions[faction], key=lambda n: (len(n), n))
    return next(n for n in names if n.isascii() == (lang == "en"))


def role_label(log: GameLog, slot: str, lang: str = "en") -> str:
    role = next(s.role for s in log.players if s.id == slot)
    return role_name(log, role, lang) if role else ""


def options_text(action: Action, lang: str) -> str:
    """Options in words where the reader knows the words, the rest as JSON."""
    words = _WORDS_EN if lang == "en" else _WORDS_RU
    said: list[str] = []
    rest: dict[str, object] = {}
    for key, value in action.options.items():
        if isinstance(value, str) and (key, value) in words:
            said.append(words[key, value])
        else:
            rest[key] = value
    out = f" ({', '.join(said)})" if said else ""
    return out + (" " + json.dumps(rest, ensure_ascii=False) if rest else "")


def action_line(log: GameLog, a: Action, lang: str, variant: int) -> str:
    dash, arrow, join = [(" — ", " → ", ", "), (" - ", " -> ", " и " if lang == "ru" else " and "),
                         (": ", " => ", ", ")][variant % 3]
    name = ability_name(log, a.ability, lang)
    targets = join.join(_name(log, t) for t in a.targets)
    return (f"{_name(log, a.actor)} ({role_label(log, a.actor, lang)}){dash}{name}"
            f"{arrow}{targets}{options_text(a, lang)}")


def _revealed(log: GameLog, d: Death, lang: str) -> str:
    if d.revealed_role is None:
        return ""
    text = role_name(log, d.revealed_role, lang)
    if d.revealed_faction:
        text += ", " + faction_name(log, d.revealed_faction, lang)
    return text


def _deaths(log: GameLog, key: str, lang: str) -> Iterator[str]:
    """The morning post (night deaths) or the day's end (the elimination), each death with
    its revealed role: in the same line or in the next sentence."""
    phase = log.published.for_phase(key)
    for i, d in enumerate(phase.deaths if phase else []):
        role = _revealed(log, d, lang)
        who = _name(log, d.slot)
        if d.kind == "eliminated":
            said = f"{who} was lynched." if lang == "en" else f"Посажен {who}."
        else:
            said = f"{who} was found dead." if lang == "en" else f"Этой ночью убит {who}."
        if role and i % 2:
            yield f"{said} {who} — {role}."
        elif role:
            yield f"{said} {who} was {role}." if lang == "en" else f"{said} {who} - {role}."
        else:
            yield said


def blocks(log: GameLog, lang: str) -> str:
    """Per-day and per-night blocks: a header, the actions, the day's elimination, the
    morning's deaths; the final roles post at the end."""
    out = ["GM log" if lang == "en" else "Лог ведущего", ""]
    nights = {n.number: n for n in log.nights}
    days = {d.number: d for d in log.days}
    keys = [p.phase for p in log.published.phases]
    last = max([*nights, *days, *(int(k[1:]) for k in keys)])
    for number in range(1, last + 1):
        out.append(f"Day {number}" if lang == "en" else f"День {number}")
        out.extend(action_line(log, a, lang, i)
                   for i, a in enumerate(days[number].actions if number in days else []))
        out.extend(_deaths(log, f"D{number}", lang))
        out.append("")
        out.append(f"Night {number}" if lang == "en" else f"{number} ночь")
        out.extend(action_line(log, a, lang, i)
                   for i, a in enumerate(nights[number].actions if number in nights else []))
        out.append("")
        out.append("Morning" if lang == "en" else "Утро")
        out.extend(_deaths(log, f"N{number}", lang))
        out.append("---")
    out.append("Final roles" if lang == "en" else "Роли игроков:")
    for slot in log.players:
        if slot.role:
            role = role_name(log, slot.role, lang)
            faction = f" ({faction_name(log, slot.faction, lang)})" if slot.faction else ""
            out.append(f"{slot.name} was {role}{faction}" if lang == "en"
                       else f"{slot.name} — {role}{faction}")
    return "\n".join(out) + "\n"


def table(log: GameLog, lang: str, *, tabs: bool = False) -> str:
    """One table for the whole game, nights in a column."""
    head = (["Night", "Player", "Role", "Action", "Target", "Notes"] if lang == "en" else
            ["Ночь", "Игрок", "Роль", "Ход", "Цель", "Примечание"])
    rows = [head] if tabs else [head, ["---"] * len(head)]
    for night in log.nights:
        for a in night.actions:
            notes = options_text(a, lang).strip()
            if notes.startswith("(") and notes.endswith(")"):
                notes = notes[1:-1]
            rows.append([str(night.number), _name(log, a.actor), role_label(log, a.actor, lang),
                         ability_name(log, a.ability, lang),
                         ", ".join(_name(log, t) for t in a.targets), notes])
    if tabs:
        return "\n".join("\t".join(r) for r in rows) + "\n"
    return "\n".join("| " + " | ".join(r) + " |" for r in rows) + "\n"


def inline(log: GameLog, lang: str) -> str:
    """Each line carries its night: "N1 Kit (matchmaker) — Match → Pum, Dyatel"."""
    out: list[str] = []
    for night in log.nights:
        for i, a in enumerate(night.actions):
            out.append(f"N{night.number} {action_line(log, a, lang, i)}")
    return "\n".join(out) + "\n"
