"""A game at a glance: players, phases, eliminations and deaths, post counts, issues."""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass
from typing import Any

from engine.gamelog import GameLog


@dataclass(frozen=True)
class SlotLine:
    id: str
    name: str
    nicks: list[str]
    role: str | None
    faction: str | None
    fate: str
    posts: int


@dataclass(frozen=True)
class PhaseLine:
    phase: str
    start_post: int | None
    end_post: int | None
    posts: int
    deaths: list[str]  # "slot (kind)"


@dataclass(frozen=True)
class GameSummary:
    title: str
    game_id: str | None
    ruleset: str
    gms: list[str]
    result: str | None
    slots: list[SlotLine]
    phases: list[PhaseLine]
    eliminations: list[str]  # "D1: slot" in order
    posts_total: int
    posts_by_gm: int
    posts_by_others: int  # neither a slot nor the GM
    votes: int
    actions: int
    issues: dict[str, int]

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _fate_text(kind: str, phase: str | None) -> str:
    return f"{kind} {phase}" if phase else kind


def _result(log: GameLog) -> str | None:
    """The source's own words for the result, else the winners the GM announced."""
    if log.meta.result:
        return log.meta.result
    victory = log.published.victory
    return f"{' and '.join(victory.winners)} won" if victory is not None else None


def result_label(log: GameLog) -> str:
    """The result as a person reads it: the source's own words, else the announced
    winners by their factions' names ("Group of Survivors won"), else that it is unknown."""
    from toolkit.labels import faction_label

    if log.meta.result:
        return log.meta.result
    victory = log.published.victory
    if victory is not None and victory.winners:
        return " and ".join(faction_label(log, w) for w in victory.winners) + " won"
    return "not stated in the log"


def summarize(log: GameLog) -> GameSummary:
    from toolkit.frames import post_phases

    per_slot = Counter(p.slot for p in log.posts if p.slot is not None)
    slots = [
        SlotLine(id=s.id, name=s.name, nicks=s.nicks, role=s.role, faction=s.faction,
                 fate=_fate_text(s.fate.kind, s.fate.phase), posts=per_slot.get(s.id, 0))
        for s in log.players
    ]
    in_phase = Counter(post_phases(log).values())
    deaths: dict[str, list[str]] = {}
    eliminations: list[str] = []
    for pub in log.published.phases:
        for d in pub.deaths:
            deaths.setdefault(pub.phase, []).append(f"{log.slot(d.slot).name} ({d.kind})")
            if d.kind == "eliminated":
                eliminations.append(f"{pub.phase}: {log.slot(d.slot).name}")
    phases = [
        PhaseLine(phase=p.key, start_post=p.start.post if p.start else None,
                  end_post=p.end.post if p.end else None, posts=in_phase.get(p.key, 0),
                  deaths=deaths.get(p.key, []))
        for p in log.phases
    ]
    severities = Counter(i.severity for i in log.issues)
    actions = sum(len(n.actions) for n in log.nights) + sum(len(d.actions) for d in log.days)
    return GameSummary(
        title=log.meta.title, game_id=log.meta.game_id, ruleset=log.meta.ruleset,
        gms=list(log.meta.gms), result=_result(log), slots=slots, phases=phases,
        eliminations=eliminations, posts_total=len(log.posts),
        posts_by_gm=sum(1 for p in log.posts if p.gm),
        posts_by_others=sum(1 for p in log.posts if p.slot is None and not p.gm),
        votes=len(log.votes), actions=actions,
        issues={k: severities.get(k, 0) for k in ("error", "warning", "info")},
    )
