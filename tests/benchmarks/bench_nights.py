"""Night replay speed on one core, for every rule set with a night: random legal nights of
its supported roles (seeded, one slot a role, the players' order shuffled), resolved one after
another; and verifying its whole bundled game (tests/engine/games/: replay and compare;
nothing is disputed, so no replay under other ruling options is needed) - for
contested-island the issue's measure, with a goal of 1,000 nights/s. Then the whole verify
(days, vote counts, nights, every option of every ruling tried) of the 7-day
contested-island game against the 5-day world-cup game, best of five each: the cost of a
game should grow with its phases, not with their square (issue 21: at most 3). Nothing is
asserted."""

from __future__ import annotations

import random
import time
from pathlib import Path

from engine.day import days_of
from engine.gamelog import Action, load
from engine.night import NightRules, run_night
from engine.rulesets import get_ruleset, ruleset_ids
from engine.verify import verify, verify_nights
from tests.benchmarks.common import ROOT, machine

NIGHTS = 2_000
GAMES = {"contested-island": "island-16.json", "world-cup-2018": "world-cup-2018-game.json",
         "open-roles": "open-roles-game.json"}


def random_nights(rules: NightRules, count: int, seed: int = 7
                  ) -> list[tuple[list[str], list[Action]]]:
    """(order, actions) of `count` nights: each slot one supported ability, on others."""
    rnd = random.Random(seed)
    roles = sorted(rules.supported)
    slots = [f"s{i:02d}" for i in range(len(roles))]
    out: list[tuple[list[str], list[Action]]] = []
    for _ in range(count):
        actions = []
        for slot, role in zip(slots, roles, strict=True):
            if not rules.supported[role]:
                continue
            ability = rules.abilities[rnd.choice(rules.supported[role])]
            targets = rnd.sample([s for s in slots if s != slot], ability.targets)
            options = dict(rnd.choice(rules.option_choices.get(ability.id, ({},))))
            actions.append(Action(actor=slot, ability=ability.id, targets=targets,
                                  options=options))
        order = slots[:]
        rnd.shuffle(order)
        out.append((order, actions))
    return out


def run() -> None:
    print(f"machine: {machine()}")
    for ruleset in ruleset_ids():
        rules = get_ruleset(ruleset).night
        if rules is None or rules.new_player is None:
            continue
        roles = sorted(rules.supported)
        players = {f"s{i:02d}": rules.new_player(f"s{i:02d}", r) for i, r in enumerate(roles)}
        nights = random_nights(rules, NIGHTS)
        start = time.perf_counter()
        for order, actions in nights:
            run_night(rules, players, 1, actions, order=order)
        took = time.perf_counter() - start
        print(f"{ruleset}: {NIGHTS} random {len(roles)}-player nights: {took:.2f} s, "
              f"{NIGHTS / took:,.0f} nights/s")
        name = GAMES.get(ruleset)
        if name is None:
            continue
        game = load(Path(ROOT / "tests" / "engine" / "games" / name))
        rounds = 30
        start = time.perf_counter()
        for _ in range(rounds):
            findings = verify_nights(game)
        took = time.perf_counter() - start
        replayed = rounds * len(game.nights)
        confirmed = sum(f.status == "confirmed" for f in findings)
        goal = " (goal: 1,000 nights/s on one core)" if ruleset == "contested-island" else ""
        print(f"{ruleset}: verify {name} ({len(game.nights)} nights, {confirmed}/"
              f"{len(findings)} findings confirmed) x{rounds}: {replayed / took:,.0f} "
              f"nights/s{goal}")
    verify_ratio()


def verify_ratio() -> None:
    best: dict[str, float] = {}
    for ruleset in ("contested-island", "world-cup-2018"):
        name = GAMES[ruleset]
        game = load(Path(ROOT / "tests" / "engine" / "games" / name))
        times = []
        for _ in range(5):
            start = time.perf_counter()
            report = verify(game)
            times.append(time.perf_counter() - start)
        best[ruleset] = min(times)
        print(f"{ruleset}: verify {name} ({len(days_of(game))} days, {len(game.nights)} "
              f"nights, {len(report.findings)} findings): {best[ruleset]:.3f} s (best of 5)")
    ratio = best["contested-island"] / best["world-cup-2018"]
    print(f"verify island / world-cup: {ratio:.2f}x (goal: at most 3)")
