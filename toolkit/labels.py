"""What a person reads in place of ids: a role's name with the Russian original («Главный
коррупционер»), an ability's name, a faction's name as the rules write it. Every view and
chart of a game names things through here, so a slug (`rick-morgan`, `who-are-you`) never
reaches a reader; an id the rule set does not know is shown as written, marked with "?"."""

from __future__ import annotations

from engine.gamelog import GameLog
from engine.rulesets import RuleSet, RulingError, ruleset_of


def _ruleset(source: GameLog | RuleSet) -> RuleSet | None:
    if isinstance(source, RuleSet):
        return source
    try:
        return ruleset_of(source)
    except RulingError:
        return None


def role_label(source: GameLog | RuleSet, role: str | None) -> str:
    """"Corrupt boss «Главный коррупционер»", "Rick Morgan"; "" for no role; an unknown
    role id (a log of other rules, a typo) as written with "?"."""
    if not role:
        return ""
    rs = _ruleset(source)
    for r in rs.roles if rs is not None else ():
        if role in (r.id, r.name_en, r.name_ru):
            return f"{r.name_en} «{r.name_ru}»" if r.name_ru and r.name_ru != r.name_en \
                else r.name_en
    return role if rs is None or not _looks_like_id(role) else f"{role}?"


def ability_label(source: GameLog | RuleSet, ability: str | None) -> str:
    """"Who are you?" for `who-are-you`; the day's vote-touching moves by their id made
    readable; an unknown id as written with "?"."""
    if not ability:
        return ""
    rs = _ruleset(source)
    night = rs.night if rs is not None else None
    if night is not None and ability in night.abilities:
        return night.abilities[ability].name
    if rs is not None and ability in rs.acting.abilities:  # a day move the cases show
        return ability.replace("-", " ").capitalize()
    return f"{ability}?" if _looks_like_id(ability) else ability


def faction_label(source: GameLog | RuleSet, faction: str | None) -> str:
    """The faction as the rules name it ("Order of Li", «Коррупционеры»)."""
    if not faction:
        return ""
    rs = _ruleset(source)
    for f in rs.factions if rs is not None else ():
        if faction == f.id:
            # a name that already carries the Russian one ("Town («честные»)") is not given it twice
            return f"{f.name} «{f.name_ru}»" if f.name_ru and f.name_ru not in f.name else f.name
    return faction


def faction_kind(source: GameLog | RuleSet, faction: str | None) -> str:
    """"town", "mafia", "third-party", or "unknown" (no faction, or one the rule set does
    not list): what the charts colour by."""
    rs = _ruleset(source)
    for f in rs.factions if rs is not None and faction else ():
        if faction == f.id:
            return f.kind
    return "unknown"


def _looks_like_id(text: str) -> bool:
    return text == text.lower() and " " not in text
