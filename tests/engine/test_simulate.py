"""The game simulator (`engine.simulate.play`): random legal games of every registered rule
set, the same for the same seed, whose every move the rule set accepts, and whose published
results `verify` finds as the replay gives them (the comparison agrees with the replay it
came from: a journalist told several facts of one kind, say); with the noise of real threads
(edited posts, votes after the day's end that change no outcome, Cyrillic nicks to decline)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.day import count_day, days_of
from engine.gamelog import GameLog, dumps
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
    # the GM posts a running count half-way through each day, checked like the rest
    assert any(f.item.startswith("vote count") for f in found)


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_the_gm_writes_in_the_rule_sets_language(ruleset: str) -> None:
    log = play(ruleset, 1, max_days=2)
    gm_text = " ".join(p.text for p in log.posts if p.gm)
    english = get_ruleset(ruleset).language == "en"
    assert gm_text.isascii() == english
    assert ("Vote Count:" in gm_text) == english
    assert ("Промежуточный подсчёт:" in gm_text) != english


def test_a_game_ends_with_the_rule_sets_winners() -> None:
    ended = [play(r, seed) for r in ("mafiascum", "open-roles") for seed in SEEDS]
    assert all(log.published.victory is not None for log in ended)


NOISE_SEEDS = range(20)


def _late(log: GameLog) -> set[int]:
    """The posts of votes the day's count gives as cast after the day's end."""
    return {n.post for day in days_of(log) for n in count_day(log, day).not_counted
            if n.reason == "after-deadline"}


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_simulated_game_has_the_noise_of_real_threads(ruleset: str) -> None:
    logs = [play(ruleset, seed, max_days=3) for seed in NOISE_SEEDS]
    edited = [p for log in logs for p in log.posts if p.edit is not None]
    assert len(edited) >= 10
    # edited a few minutes later by the author; never the GM's posts
    assert all(p.edit and p.edit.editor == p.author and p.time and p.edit.time and
               timedelta(0) < p.edit.time - p.time <= timedelta(minutes=10) and not p.gm
               for p in edited)
    edited_votes = [v for log in logs for v in log.votes if log.posts[v.post - 1].edit]
    assert edited_votes
    if get_ruleset(ruleset).day.edited_vote_void:  # world-cup-2018
        assert all((v.counts, v.reason) == (False, "edited") for v in edited_votes)
    else:
        assert all(v.counts for v in edited_votes)
    late = [_late(log) for log in logs]
    assert sum(map(len, late)) >= 5
    # a late vote sits in a night: after the GM's day-end post, before the morning post
    for log, posts in zip(logs, late, strict=True):
        nights = [(p.start.post, p.end.post) for p in log.phases if p.kind == "night"
                  and p.start is not None and p.end is not None]
        for number in posts:
            assert any(start is not None and end is not None and start < number < end
                       and log.posts[start - 1].gm and log.posts[end - 1].gm
                       for start, end in nights), number
    # Cyrillic nicks, which Russian votes decline (scrapers.render.thread), are voted for
    # in the Russian games; an English forum's nicks are Latin
    cyrillic = [v for log in logs for v in log.votes
                if any("а" <= c <= "я" for c in log.slot(v.target or "").name.lower())]
    if get_ruleset(ruleset).language == "ru":
        assert len(cyrillic) >= 10
    else:
        assert cyrillic == []


@pytest.mark.parametrize("ruleset", ruleset_ids())
def test_a_late_vote_never_changes_a_days_outcome(ruleset: str) -> None:
    for seed in NOISE_SEEDS:
        log = play(ruleset, seed, max_days=3)
        late = _late(log)
        if not late:
            continue
        without = log.model_copy(update={"votes": [v for v in log.votes if v.post not in late]})
        for day in days_of(log):
            with_late, plain = count_day(log, day), count_day(without, day)
            assert (with_late.eliminated, with_late.decided_at_post, with_late.tally) == (
                plain.eliminated, plain.decided_at_post, plain.tally), f"seed {seed} day {day}"
