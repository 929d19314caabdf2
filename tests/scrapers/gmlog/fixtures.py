"""The GM-log fixtures: each log file next to its expected parse (`<name>.expected.json`),
read against the players of one of the whole test games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.gamelog import GameLog, load
from scrapers.gmlog import GmLog, parse_gm_log

LOGS = Path(__file__).parent / "logs"
GAMES = Path(__file__).parents[2] / "engine" / "games"

# which game's players each log is about (the file name says nothing of it)
GAME_OF = {
    "ru_lines": "open-roles-game", "en_lines": "island-16", "ru_table": "world-cup-2018-game",
    "en_table": "open-roles-game", "ru_blocks": "open-roles-game",
    "en_blocks": "world-cup-2018-game", "ru_prose": "island-16", "en_prose": "island-16",
    "ru_morning": "open-roles-game", "en_morning": "island-16", "ru_roles": "open-roles-game",
    "en_roles": "island-16", "ru_reported": "open-roles-game",
    "en_reported": "world-cup-2018-game",
}
# the Russian names a Russian GM writes for the island's in-game names
ISLANDS_RU = {"Corsica": "Корсика", "Aruba": "Аруба", "Jamaica": "Ямайка",
              "Nusa Lembongan": "Нуса Лембонган", "Cuba": "Куба", "Maui": "Мауи",
              "Malta": "Мальта", "Singapore": "Сингапур", "Maldives": "Мальдивы"}


def game(name: str) -> GameLog:
    log = load(GAMES / f"{GAME_OF[name]}.json")
    for slot in log.players:
        if slot.id in ISLANDS_RU:
            slot.aliases.append(ISLANDS_RU[slot.id])
    return log


def log_path(name: str) -> Path:
    return next(p for p in LOGS.iterdir() if p.stem == name and not p.name.endswith(".json"))


def parse(name: str) -> GmLog:
    log = game(name)
    path = log_path(name)
    return parse_gm_log(path.read_text(encoding="utf-8"), ruleset=log.meta.ruleset,
                        players=log.players, file=path.name)


def summary(gm: GmLog) -> dict[str, Any]:
    """What a reader of the log needs to see, in a form that reads well as JSON."""
    return {
        "nights": {str(n): [_action(a) for a in acts] for n, acts in sorted(gm.nights.items())},
        "days": {str(n): [_action(a) for a in acts] for n, acts in sorted(gm.days.items())},
        "published": {k: {
            "deaths": [[d.slot, d.kind, d.cause, d.revealed_role, d.revealed_faction]
                       for d in p.deaths],
            "newspaper": [[f.kind, f.subject] for f in p.newspaper],
            "private": [[r.recipient, r.ability, r.result.get("text")] for r in p.private],
            "no_elimination": p.no_elimination is not None,
        } for k, p in sorted(gm.published.items())},
        "roles": {k: [r.role, r.faction] for k, r in sorted(gm.roles.items())},
        "reported": [[i.where.line, i.code] for i in gm.issues],
        "lines": {"all": gm.lines, "used": sorted(gm.used), "silent": sorted(gm.silent)},
    }


def _action(a: Any) -> list[Any]:
    return [a.source.line, a.actor, a.ability, a.targets, a.options]


def expected(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((LOGS / f"{name}.expected.json").read_text("utf-8"))
    return data
