"""The game simulator (`engine.simulate.play`): random legal games of every registered rule
set, the same for the same seed, whose every move the rule set accepts, and whose published
results `verify` finds as the replay gives them (the comparison agrees with the replay it
came from: a journalist told several facts of one kind, say)."""

from __future__ import annotations

import pytest

from engine.gamelog import dumps
from engine.night import replay_game
from engine.rulesets import get_ruleset, ruleset_ids
from engine.simulate import play
from engine.verify import verify

SEEDS = (0, 1, 2)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_same_seed_plays_the_same_game(ruleset: str) -> None:
    assert dumps(play(ruleset, 5, max_days=3)) == dumps(play(ruleset, 5, max_days=3))
    assert dumps(play(ruleset, 5, max_days=3)) != dumps(play(ruleset, 6, max_days=3))


@pytest.mark.parametrize("ruleset", ruleset_ids())
@pytest.mark.parametrize("seed", SEEDS)
def test_a_simulated_game_is_legal_and_verified_as_played(ruleset: str, seed: int) -> None:
    log = play(ruleset, seed, max_days=4)
    assert len({p.number for p in log.posts}) == len(log.posts)
    assert all(v.voter != v.target for v in log.votes)
    if get_ruleset(ruleset).night is not None:
        assert log.nights
        # every move the GM's log holds is one the rule set accepts before the night
        assert not [m for r in replay_game(log) for m in r.moves if m.refused and m.index >= 0]
    found = verify(log).findings
    assert found
    assert [(f.phase, f.item, f.status) for f in found if f.status != "confirmed"] == []


def test_a_game_ends_with_the_rule_sets_winners() -> None:
    ended = [play(r, seed) for r in ("mafiascum", "open-roles") for seed in SEEDS]
    assert all(log.published.victory is not None for log in ended)
