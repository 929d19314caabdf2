"""The three whole test games written out as GM logs in several shapes and both languages:
reading them back must give each game's own actions, day actions, deaths with their
revealed roles, and the roles of the final post."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from engine.gamelog import GameLog, load
from scrapers.gmlog import GmLog, parse_gm_log
from scrapers.render import gmlog as render
from tests.scrapers.gmlog.fixtures import GAMES

NAMES = ["island-16", "world-cup-2018-game", "open-roles-game"]
SHAPES = ["blocks", "table", "tsv", "inline"]


@cache
def _game(name: str) -> GameLog:
    return load(GAMES / f"{name}.json")


def _write(log: GameLog, shape: str, lang: str) -> str:
    if shape == "tsv":
        return render.table(log, lang, tabs=True)
    text: str = getattr(render, shape)(log, lang)
    return text


def _read(name: str, shape: str, lang: str) -> GmLog:
    log = _game(name)
    return parse_gm_log(_write(log, shape, lang), ruleset=log.meta.ruleset,
                        players=log.players, file=f"{name}.{shape}.{lang}.txt")


def _actions(nights: Any) -> list[tuple[Any, ...]]:
    return [(number, a.actor, a.ability, a.targets, a.options) for number, a in nights]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("name", NAMES)
def test_the_nights_read_back(name: str, shape: str, lang: str) -> None:
    log = _game(name)
    gm = _read(name, shape, lang)
    assert gm.issues == []
    want = _actions((n.number, a) for n in log.nights for a in n.actions)
    got = _actions((n, a) for n in sorted(gm.nights) for a in gm.nights[n])
    assert got == want


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("name", NAMES)
def test_days_deaths_and_roles_read_back(name: str, lang: str) -> None:
    log = _game(name)
    gm = _read(name, "blocks", lang)
    assert gm.issues == []
    assert sorted(_actions((d.number, a) for d in log.days for a in d.actions)) == sorted(
        _actions((n, a) for n in gm.days for a in gm.days[n]))
    want = sorted((p.phase, d.slot, d.kind, d.revealed_role, d.revealed_faction)
                  for p in log.published.phases for d in p.deaths)
    got = sorted((k, d.slot, d.kind, d.revealed_role, d.revealed_faction)
                 for k, p in gm.published.items() for d in p.deaths)
    assert got == want
    assert {k: (r.role, r.faction) for k, r in gm.roles.items()} == {
        s.id: (s.role, s.faction) for s in log.players}
    assert gm.lines == len(gm.used) + len(gm.silent) + len(gm.reported)
