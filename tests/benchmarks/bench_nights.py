"""Night replay speed on one core: verifying the whole 16-player contested-island game
(tests/engine/games/island-16.json, 6 nights: replay and compare; nothing is disputed, so no
replay under other ruling options is needed), the issue's measure with a goal of 1,000
nights/s; and random legal nights of the 16 characters
(seeded), resolved one after another. Nothing is asserted."""

from __future__ import annotations

import random
import time
from pathlib import Path

from engine.gamelog import Action, load
from engine.night import run_night
from engine.rulesets import get_ruleset
from engine.rulesets.contested_island_night import CHARACTERS, SUPPORTED
from engine.verify import verify_nights
from tests.benchmarks.common import ROOT, machine

NIGHTS = 2_000


def random_nights(count: int, seed: int = 7) -> list[list[Action]]:
    rnd = random.Random(seed)
    slots = [f"s{i:02d}" for i in range(len(CHARACTERS))]
    roles = sorted(CHARACTERS)
    out: list[list[Action]] = []
    for _ in range(count):
        actions = []
        for slot, role in zip(slots, roles, strict=True):
            if SUPPORTED[role]:
                ability = rnd.choice(SUPPORTED[role])
                target = rnd.choice([s for s in slots if s != slot])
                options = {"attack": rnd.choice(["physical", "psychic"])} \
                    if ability == "murder" else {}
                actions.append(Action(actor=slot, ability=ability, targets=[target],
                                      options=options))
        out.append(actions)
    return out


def run() -> None:
    print(f"machine: {machine()}")
    rules = get_ruleset("contested-island").night
    assert rules is not None
    assert rules.new_player is not None
    roles = sorted(CHARACTERS)
    players = {f"s{i:02d}": rules.new_player(f"s{i:02d}", r) for i, r in enumerate(roles)}
    nights = random_nights(NIGHTS)
    start = time.perf_counter()
    for actions in nights:
        run_night(rules, players, 1, actions)
    took = time.perf_counter() - start
    print(f"{NIGHTS} random 16-player nights: {took:.2f} s, {NIGHTS / took:,.0f} nights/s")
    game = load(Path(ROOT / "tests" / "engine" / "games" / "island-16.json"))
    rounds = 100
    start = time.perf_counter()
    for _ in range(rounds):
        findings = verify_nights(game)
    took = time.perf_counter() - start
    replayed = rounds * len(game.nights)
    confirmed = sum(f.status == "confirmed" for f in findings)
    print(f"verify the 16-player game ({len(game.nights)} nights, {confirmed}/{len(findings)} "
          f"findings confirmed) x{rounds}: {replayed / took:,.0f} nights/s "
          "(goal: 1,000 nights/s on one core)")
