"""The views say what the engine says (issue 23): a vote the re-count refuses is not shown
as counting, and the talk after the GM's end of game is no phase of the game."""

from __future__ import annotations

from engine.gamelog import load
from tests.conftest import SAMPLE
from toolkit import Game
from toolkit.frames import POST_GAME, post_phases
from toolkit.metrics.leaks import dead_posts


def test_votes_carry_the_recounts_verdict_not_the_readers() -> None:
    log = load(SAMPLE)
    # the reader took Jen Li's vote (post 10) at face value; her role has no vote, which only
    # the count knows
    mark = next(v for v in log.votes if v.post == 10)
    mark.counts, mark.reason, mark.detail = True, None, None
    votes = Game(log).votes.set_index("post")
    row = votes.loc[10]
    assert not row["counts"]
    assert row["reason"] == "no-vote-right"
    assert row["detail"] == "Jen Li has a zero vote"
    assert row["read_counts"]  # the reading is kept beside the verdict
    assert row["day"] == 1


def test_votes_counted_agree_with_the_tally() -> None:
    from toolkit.daycount import count_all

    log = load(SAMPLE)
    for v in log.votes:  # as a reader that refuses nothing
        v.counts, v.reason = True, None
    votes = Game(log).votes
    counted = votes[votes["counts"].astype(bool) & votes["special"].isna()]
    for result in count_all(log):
        standing = {voter for line in result.tally for voter in line.voters}
        mine = set(counted.loc[counted["day"] == result.day, "voter"])
        assert standing <= mine
    # the quoted vote (post 5) the count refuses as a quote only when the reader says so:
    # with the reading gone, what remains refused is the count's own
    assert sorted(votes.loc[~votes["counts"].astype(bool), "reason"]) == [
        "no-vote-right", "no-vote-right"]


def test_a_vote_before_the_first_day_does_not_count() -> None:
    log = load(SAMPLE)
    mark = log.votes[0].model_copy(update={"post": 0, "counts": True})
    log.votes.insert(0, mark)
    row = Game(log).votes.iloc[0]
    assert not row["counts"]
    assert (row["reason"], row["day"]) == ("before-start", 1)


def test_a_vote_of_a_log_without_days_is_in_no_count() -> None:
    log = load(SAMPLE)
    log.phases = []
    votes = Game(log).votes
    assert not votes["counts"].any()
    assert set(votes["reason"]) == {"no-day"}
    assert votes["day"].isna().all()


def _after_the_end(*, victory: bool) -> Game:
    """The sample with a dead player's "gg" after the GM's last post (post 19: the end of
    day 2 and of the game)."""
    log = load(SAMPLE)
    last = log.posts[-1]
    malta = next(p for p in log.posts if p.slot == "Мальта")  # killed night 1
    log.posts.append(malta.model_copy(update={
        "number": last.number + 1, "id": f"{malta.id}-gg", "time": last.time,
        "text": "gg all, well played everyone, it was fun to watch from the grave",
        "html": "gg all, well played everyone, it was fun to watch from the grave"}))
    if not victory:
        log.published.victory = None
    return Game(log)


def test_talk_after_the_last_phase_is_post_game_not_a_dead_players_leak() -> None:
    game = _after_the_end(victory=False)
    gg = game.log.posts[-1].number
    assert post_phases(game.log)[gg] == POST_GAME
    assert game.posts.set_index("number").loc[gg, "phase"] == POST_GAME
    assert gg not in set(dead_posts(game.log)["post"])
    # the posts of the game keep their phases
    assert game.posts.set_index("number").loc[gg - 1, "phase"] == "D2"


def test_without_the_last_phases_end_the_victory_post_ends_the_game() -> None:
    game = _after_the_end(victory=True)
    d2 = next(p for p in game.log.phases if p.key == "D2")
    d2.end = None
    gg = game.log.posts[-1].number
    assert post_phases(game.log)[gg] == POST_GAME
    assert post_phases(game.log)[gg - 1] == "D2"


def test_a_game_with_no_known_end_keeps_its_last_phase() -> None:
    game = _after_the_end(victory=False)
    next(p for p in game.log.phases if p.key == "D2").end = None
    gg = game.log.posts[-1].number
    assert post_phases(game.log)[gg] == "D2"
    # the dead player's post is then a candidate, as it may be a leak
    assert gg in set(dead_posts(game.log)["post"])
